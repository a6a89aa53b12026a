/**
 * Korean particles (조사) chosen by how the word before them is read: 을/를, 이/가, 은/는, 으로/로,
 * 와/과. The one helper of the project — the server's messages (`server/domain/values.ts`) and the
 * front end's texts (i18next post-processor, the engine's and the widgets' translate) all use it.
 *
 * A word is read as Korean reads it: a Hangul syllable by its final consonant (받침); a number as
 * Korean counts (1 일, 2 이, 3 삼, 6 육, 0 영, 10 십, 100 백, 9,500,000 구백오십만); a short number
 * right after a Latin letter as English (v1 브이원, A2 에이투); a Latin letter by its Korean name
 * (L 엘, M 엠, N 엔, R 알 end in a consonant). 으로/로 takes 로 after ㄹ (서울로, 1일 → 1로).
 */

export type ParticlePair = '을/를' | '이/가' | '은/는' | '으로/로' | '와/과';

/** How a word ends when read: no final consonant, the final ㄹ, another final consonant, or unknown. */
export type Final = 'none' | 'rieul' | 'other' | null;

const FORMS: Record<ParticlePair, { final: string; open: string; unknown: string }> = {
  '을/를': { final: '을', open: '를', unknown: '을(를)' },
  '이/가': { final: '이', open: '가', unknown: '이(가)' },
  '은/는': { final: '은', open: '는', unknown: '은(는)' },
  '으로/로': { final: '으로', open: '로', unknown: '(으)로' },
  '와/과': { final: '과', open: '와', unknown: '와(과)' },
};

/** Korean digit names' finals: 영 일 이 삼 사 오 육 칠 팔 구. */
const DIGIT_KO: readonly Final[] = [
  'other',
  'rieul',
  'none',
  'other',
  'none',
  'none',
  'other',
  'rieul',
  'rieul',
  'none',
];
/** English digit names' finals as Koreans say them: 제로 원 투 쓰리 포 파이브 식스 세븐 에잇 나인. */
const DIGIT_EN: readonly Final[] = ['none', 'other', 'none', 'none', 'none', 'none', 'none', 'other', 'other', 'other'];
/** Latin letters ending in a consonant when read: L 엘, M 엠, N 엔, R 알 (the rest: 에이, 비, 씨 … 제트). */
const LETTER_FINAL: Record<string, Final> = { l: 'rieul', m: 'other', n: 'other', r: 'rieul' };

/** Closing marks skipped when looking for the word's last sound: `(D1220)을`, `'v1'을`. */
const CLOSING = new Set([')', ']', '"', "'", '」', '』', '》', '〉', '”', '’']);

function hangulFinal(code: number): Final {
  const jong = (code - 0xac00) % 28;
  if (jong === 0) return 'none';
  return jong === 8 ? 'rieul' : 'other';
}

/** The final of a whole number read in Korean: the last non-zero digit, or the unit after it. */
function koreanNumberFinal(digits: string): Final {
  const trimmed = digits.replace(/^0+(?=\d)/, '');
  if (/^0+$/.test(trimmed)) return 'other'; // 영
  const zeros = trimmed.length - trimmed.replace(/0+$/, '').length;
  if (zeros === 0) return DIGIT_KO[Number(trimmed[trimmed.length - 1])]!;
  if (zeros < 12) return 'other'; // 십, 백, 천, 만, 억
  if (zeros < 16) return 'none'; // 조
  return 'other'; // 경
}

/** The final of a short number read in English (v1 원, v2 투, v10 텐, v13 써틴, v20 트웬티). */
function englishNumberFinal(digits: string): Final {
  const n = Number(digits);
  if (n >= 10 && n <= 19) return n === 12 ? 'none' : 'other'; // 텐, 일레븐, 트웰브, …틴
  if (n >= 20 && n % 10 === 0) return 'none'; // …티
  return DIGIT_EN[n % 10]!;
}

/** How `word` ends when read aloud, or null when that cannot be told (a symbol, a placeholder `{x}`, a space, nothing). */
export function finalSound(word: string): Final {
  let end = word.length;
  while (end > 0 && CLOSING.has(word[end - 1]!)) end--;
  if (end === 0) return null;
  const text = word.slice(0, end);
  const code = text.charCodeAt(end - 1);
  if (code >= 0xac00 && code <= 0xd7a3) return hangulFinal(code);
  const number = /(\d[\d,]*)(?:\.(\d+))?$/.exec(text);
  if (number) {
    // A decimal is read digit by digit after the point (일점오): its last digit decides.
    if (number[2] !== undefined) return DIGIT_KO[Number(number[2][number[2].length - 1])]!;
    const digits = number[1]!.replace(/,/g, '');
    const before = text.slice(0, number.index);
    if (digits.length <= 2 && /[A-Za-z]$/.test(before)) return englishNumberFinal(digits);
    return koreanNumberFinal(digits);
  }
  const letter = text[end - 1]!;
  // A word in Latin letters (an identifier: fileName, confirmTenderOpening) is read as English: its last
  // word by how it sounds (네임, 오프닝); an acronym (PO, ID) letter by letter.
  const run = /[A-Za-z]+$/.exec(text)?.[0] ?? '';
  const lastWord = /[A-Z]?[a-z]+$/.exec(run)?.[0];
  if (lastWord && lastWord.length >= 2) return englishWordFinal(lastWord.toLowerCase());
  if (/[A-Za-z]/.test(letter)) return LETTER_FINAL[letter.toLowerCase()] ?? 'none';
  return null;
}

const VOWEL = /[aeiou]/;

/**
 * The final of an English word as Korean writes it: -ng, -m, -n, -p, -b end in a consonant (오프닝, 아이템,
 * 버전, 타입, 잡), -l in ㄹ (이메일, 토탈, 테이블), a -k after a vowel in ㄱ (북) and the rest in
 * a vowel (코드, 리스트, 오더, 스테이터스, 체크). A silent e is read past (name 네임, file 파일, code 코드).
 */
function englishWordFinal(word: string): Final {
  let w = word;
  if (w.length >= 3 && w.endsWith('e') && !VOWEL.test(w[w.length - 2]!)) w = w.slice(0, -1);
  const last = w[w.length - 1]!;
  const before = w[w.length - 2] ?? '';
  if (w.endsWith('ng') || 'mnpb'.includes(last)) return 'other';
  if (last === 'l') return 'rieul';
  if (last === 'k') return VOWEL.test(before) ? 'other' : 'none';
  return 'none';
}

/** The particle alone that follows `word`; both forms (`을(를)`) when the word's sound cannot be told. */
export function particle(word: string, pair: ParticlePair): string {
  const forms = FORMS[pair];
  const final = finalSound(word);
  if (final === null) return forms.unknown;
  if (final === 'none') return forms.open;
  if (pair === '으로/로' && final === 'rieul') return forms.open;
  return forms.final;
}

/** `word` followed by its particle: josa('v1', '을/를') → 'v1을', josa('PO2026-002496', '을/를') → 'PO2026-002496을'. */
export function josa(word: string, pair: ParticlePair): string {
  return word + particle(word, pair);
}

/**
 * The both-forms markers a message writes after a variable (`{{version}}을(를)`, `{{to}}(으)로`),
 * each mapped to its pair. Either order of the two forms is read.
 */
const MARKERS: Record<string, ParticlePair> = {
  '을(를)': '을/를',
  '를(을)': '을/를',
  '이(가)': '이/가',
  '가(이)': '이/가',
  '은(는)': '은/는',
  '는(은)': '은/는',
  '(으)로': '으로/로',
  '와(과)': '와/과',
  '과(와)': '와/과',
};
const MARKER_RE = /을\(를\)|를\(을\)|이\(가\)|가\(이\)|은\(는\)|는\(은\)|\(으\)로|와\(과\)|과\(와\)/g;

/**
 * A finished message with each marker replaced by the particle its preceding word takes:
 * `v1을(를) 게시했습니다` → `v1을 게시했습니다`, `01:27:00(으)로` → `01:27:00으로`. A marker whose word
 * cannot be read (a placeholder not yet filled, a symbol) is left as written.
 */
export function resolveParticles(text: string): string {
  if (!text.includes('(')) return text;
  return text.replace(MARKER_RE, (marker: string, offset: number) => {
    const before = text.slice(Math.max(0, offset - 40), offset);
    return finalSound(before) === null ? marker : particle(before, MARKERS[marker]!);
  });
}
