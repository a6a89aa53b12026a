/**
 * A definition's problems in the analyst's words, Korean or English: each problem's code and
 * variables (problems.ts) become one sentence that names its place in the definition in words
 * ("1번째 열의 field") — never a regular expression, never a bare JSON pointer. The pointer stays
 * with the problem for the editor to jump to. `npm run screens:check` keeps the developer's
 * English `message`; the studio (server and browser) shows these.
 */
import { josa } from '../josa';
import type { ProblemParams } from './problems';

export type Lang = 'ko' | 'en';

type Words = (p: ProblemParams, lang: Lang) => string;
type Pair = readonly [ko: string, en: string];

const q = (v: unknown) => `"${String(v)}"`;
const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const names = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);

/** A list of known names, cut after a dozen so a sentence stays readable. */
/** What a GET leaves behind (server/http/access.ts Effect), in words. */
const EFFECT_WORDS: Record<string, { ko: string; en: string }> = {
  writes: { ko: '데이터 변경', en: 'a change of data' },
  evidence: { ko: '증거 기록', en: 'an evidence record' },
  audit: { ko: '감사 기록', en: 'an audit row' },
  'personal-data-log': { ko: '개인정보 열람 기록', en: 'a personal-data view log' },
};
function effectWords(v: unknown, lang: Lang): string {
  const list = Array.isArray(v) ? v.map(String) : [];
  const words = list.map((e) => EFFECT_WORDS[e]?.[lang] ?? e);
  return words.join(lang === 'ko' ? '·' : ', ') || (lang === 'ko' ? '기록' : 'a record');
}

function listOf(v: unknown, lang: Lang): string {
  const all = names(v);
  if (all.length === 0) return lang === 'ko' ? '없음' : 'none';
  const shown = all.slice(0, 12).join(', ');
  if (all.length <= 12) return shown;
  return lang === 'ko' ? `${shown} 외 ${all.length - 12}개` : `${shown} and ${all.length - 12} more`;
}

/** Arrays of the language whose items read as "the Nth …". */
const ITEMS: Record<string, Pair> = {
  columns: ['열', 'column'],
  filters: ['검색조건', 'filter'],
  actions: ['버튼', 'action'],
  sections: ['구역', 'section'],
  fields: ['항목', 'field'],
  details: ['상세 표', 'detail grid'],
  panels: ['패널', 'panel'],
  series: ['계열', 'series'],
  product: ['곱하는 열', 'product item'],
  options: ['선택지', 'option'],
  portals: ['포털', 'portal'],
  tabs: ['탭', 'tab'],
};

/** Objects of the language named in words; any other key is the property's own name. */
const PARTS: Record<string, Pair> = {
  source: ['데이터 원본(source)', 'source'],
  params: ['입력값(params)', 'params'],
  load: ['불러오기(load)', 'load'],
  tree: ['트리(tree)', 'tree'],
  detail: ['상세(detail)', 'detail'],
  prompt: ['입력 창(prompt)', 'prompt'],
  optionsFrom: ['선택지 원본(optionsFrom)', 'optionsFrom'],
  valueFrom: ['값 원본(valueFrom)', 'valueFrom'],
  fillFrom: ['채우기 원본(fillFrom)', 'fillFrom'],
  lookup: ['조회(lookup)', 'lookup'],
  addFrom: ['추가 창(addFrom)', 'addFrom'],
  chart: ['차트(chart)', 'chart'],
  pivot: ['피벗(pivot)', 'pivot'],
  rowOpen: ['행 열기(rowOpen)', 'rowOpen'],
  link: ['링크(link)', 'link'],
  rebuild: ['다시 만들기(rebuild)', 'rebuild'],
  choose: ['업체 선택(choose)', 'choose'],
  refused: ['거절 시 이동(refused)', 'refused'],
};

const decode = (s: string) => s.replace(/~1/g, '/').replace(/~0/g, '~');

/** Where a JSON pointer points, in words: '/columns/0/field' → '1번째 열의 field' (en: 'column 1 › field'). */
export function placeWords(pointer: string, lang: Lang): string {
  if (!pointer || pointer === '/') return lang === 'ko' ? '정의 전체' : 'the whole definition';
  const keys = pointer.slice(1).split('/').map(decode);
  const parts: string[] = [];
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const next = keys[i + 1];
    const index = next !== undefined && /^\d+$/.test(next) ? Number(next) + 1 : null;
    if (Object.hasOwn(ITEMS, key) && index !== null) {
      const [ko, en] = ITEMS[key]!;
      parts.push(lang === 'ko' ? `${index}번째 ${ko}` : `${en} ${index}`);
      i++;
    } else if (Object.hasOwn(ITEMS, key)) parts.push(lang === 'ko' ? `${ITEMS[key]![0]}(${key})` : key);
    else if (/^\d+$/.test(key)) parts.push(lang === 'ko' ? `${Number(key) + 1}번째 항목` : `item ${Number(key) + 1}`);
    else if (Object.hasOwn(PARTS, key)) parts.push(PARTS[key]![lang === 'ko' ? 0 : 1]);
    else parts.push(key);
  }
  return parts.join(lang === 'ko' ? '의 ' : ' › ');
}

/** What a schema's `pattern` asks for, in words (the schema's patterns, by their text). */
const PATTERNS: Record<string, readonly [ko: string, koForm: string, en: string]> = {
  '^[A-Za-z][A-Za-z0-9]*$': [
    'API 작업 이름',
    '영문자로 시작하는 영문자와 숫자, 예: listPos',
    'an operation name of the API (letters and digits, starting with a letter, e.g. listPos)',
  ],
  '^[A-Za-z_][A-Za-z0-9_]*$': [
    '필드나 입력값의 이름',
    '영문자, 숫자, _, 예: poNo',
    'a field or parameter name (letters, digits and _, e.g. poNo)',
  ],
  '^[A-Za-z_][A-Za-z0-9_]*:(asc|desc)$': [
    '정렬',
    '"필드:asc" 또는 "필드:desc", 예: poDate:desc',
    'a sort ("field:asc" or "field:desc", e.g. poDate:desc)',
  ],
  '^#[0-9a-fA-F]{3,8}$': [
    '색',
    '"#"과 16진수 3~8자리, 예: #1f6feb',
    'a colour ("#" and 3 to 8 hexadecimal digits, e.g. #1f6feb)',
  ],
  '^[a-z][A-Za-z0-9]*(\\.[A-Za-z][A-Za-z0-9]*)+$': [
    '화면 ID',
    '그룹.이름, 예: portal.messageManage',
    'a screen id (group.name, e.g. portal.messageManage)',
  ],
  '^/[A-Za-z0-9/_-]*$': [
    '앱 안의 경로',
    '"/"로 시작, 예: /portal/system/messageManage',
    'a route of the app (starting with "/", e.g. /portal/system/messageManage)',
  ],
  '^[A-Z][A-Z0-9_]*$': [
    '오류 코드',
    '대문자, 숫자, _, 예: NOT_FOUND',
    'an error code (capitals, digits and _, e.g. NOT_FOUND)',
  ],
};

const TYPES: Record<string, Pair> = {
  string: ['글자(문자열)', 'text (a string)'],
  number: ['숫자', 'a number'],
  integer: ['정수', 'a whole number'],
  boolean: ['true/false', 'true or false'],
  object: ['객체({ … })', 'an object ({ … })'],
  array: ['목록([ … ])', 'a list ([ … ])'],
  null: ['null', 'null'],
  undefined: ['없음', 'nothing'],
};
const typeWords = (t: string, lang: Lang) => (Object.hasOwn(TYPES, t) ? TYPES[t]![lang === 'ko' ? 0 : 1] : t);

const WHAT: Record<string, Pair> = {
  column: ['열', 'column'],
  'option field': ['선택지 필드', 'option field'],
  'chart field': ['차트 필드', 'chart field'],
  'pivot field': ['피벗 필드', 'pivot field'],
  field: ['필드', 'field'],
  expression: ['식의 필드', 'the expression’s field'],
  currencyField: ['통화 필드(currencyField)', 'currencyField'],
  rowKey: ['행 키(rowKey)', 'rowKey'],
};

/** 'the rows of listPos' → 'listPos의 행' (the cross-check's own phrases). */
function whereWords(where: unknown, lang: Lang): string {
  const w = str(where);
  if (lang === 'en') return w || 'the rows';
  let m = /^the rows of (.+)$/.exec(w);
  if (m) return `${m[1]}의 행`;
  m = /^the answer of (.+)$/.exec(w);
  if (m) return `${m[1]}의 응답`;
  m = /^the "(.+)" rows$/.exec(w);
  if (m) return `"${m[1]}" 표의 행`;
  return w ? `${w}의 행` : '응답의 행';
}

/** The engine's expression parser's messages, in Korean where it has a known form. */
function exprDetail(detail: string, lang: Lang): string {
  if (lang === 'en') return detail;
  const rules: Array<[RegExp, (m: RegExpExecArray) => string]> = [
    [/^empty expression$/, () => '식이 비어 있습니다'],
    [/^unterminated string$/, () => '따옴표가 닫히지 않았습니다'],
    [/^unexpected character '(.)'/, (m) => `여기에 쓸 수 없는 글자 '${m[1]}'`],
    [/^expected '(.+?)'/, (m) => `여기에는 '${m[1]}'${m[1] === ')' || m[1] === ']' ? '가' : '이(가)'} 와야 합니다`],
    [/^the expression ended where a value was expected$/, () => '값이 와야 할 곳에서 식이 끝났습니다'],
    [/^unknown function '(.+?)' \(known: (.+)\)$/, (m) => `알 수 없는 함수 '${m[1]}' (쓸 수 있는 함수: ${m[2]})`],
    [
      /^(\w+)\(\) takes (\d+) argument\(s\), got (\d+)$/,
      (m) => `${m[1]}()에는 인자가 ${m[2]}개 필요한데 ${m[3]}개입니다`,
    ],
    [
      /^unknown name '(.+?)' \(an expression starts from (.+?), or is a literal\)$/,
      (m) => `알 수 없는 이름 '${m[1]}' (식은 ${m[2]} 중 하나나 값으로 시작합니다)`,
    ],
    [/^expected a field name after '\.'$/, () => "'.' 뒤에 필드 이름이 와야 합니다"],
    [/^expected a number or 'text' inside \[ \]$/, () => "[ ] 안에는 숫자나 'text'가 와야 합니다"],
    [
      /^unexpected '(.+?)' after a complete expression/,
      (m) => `식이 끝난 뒤에 ${josa(`'${m[1]}'`, '이/가')} 더 있습니다`,
    ],
    [/^unexpected '(.+?)'/, (m) => `여기에 올 수 없는 '${m[1]}'`],
  ];
  for (const [re, words] of rules) {
    const m = re.exec(detail);
    if (m) return words(m);
  }
  return detail;
}

/** jsonc-parser's error names, in words. */
const JSON_ERRORS: Record<string, Pair> = {
  CommaExpected: ['쉼표(,)가 빠졌습니다', 'a comma (,) is missing'],
  ColonExpected: ['콜론(:)이 빠졌습니다', 'a colon (:) is missing'],
  PropertyNameExpected: [
    '속성 이름(따옴표로 감싼 "이름")이 와야 합니다. 마지막 속성 뒤의 쉼표는 지우세요',
    'a property name (in double quotes) is expected; remove a comma after the last property',
  ],
  ValueExpected: [
    '값이 와야 합니다. 마지막 값 뒤의 쉼표는 지우세요',
    'a value is expected; remove a comma after the last value',
  ],
  CloseBraceExpected: ['닫는 중괄호(})가 빠졌습니다', 'a closing brace (}) is missing'],
  CloseBracketExpected: ['닫는 대괄호(])가 빠졌습니다', 'a closing bracket (]) is missing'],
  EndOfFileExpected: ['정의가 끝난 뒤에 글자가 더 있습니다', 'there is more text after the end of the definition'],
  InvalidSymbol: [
    '여기에 올 수 없는 글자입니다 (글자는 큰따옴표로 감쌉니다)',
    'a character that cannot stand here (texts go in double quotes)',
  ],
  InvalidNumberFormat: ['숫자의 형식이 잘못되었습니다', 'a number is written wrongly'],
  InvalidCommentToken: ['JSON에는 주석을 쓸 수 없습니다', 'JSON has no comments'],
  UnexpectedEndOfComment: ['JSON에는 주석을 쓸 수 없습니다', 'JSON has no comments'],
  UnexpectedEndOfString: ['큰따옴표(")가 닫히지 않았습니다', 'a double quote (") is not closed'],
  UnexpectedEndOfNumber: ['숫자가 끝나지 않았습니다', 'a number is not finished'],
  InvalidUnicode: ['잘못된 유니코드 이스케이프(\\u…)입니다', 'a wrong unicode escape (\\u…)'],
  InvalidEscapeCharacter: ['잘못된 이스케이프(\\…)입니다', 'a wrong escape (\\…)'],
  InvalidCharacter: [
    '문자열 안에 쓸 수 없는 글자(줄바꿈, 탭 등)가 있습니다',
    'a character a string cannot hold (a line break, a tab …)',
  ],
  Empty: ['정의가 비어 있습니다', 'the definition is empty'],
  Other: ['JSON 형식이 아닙니다', 'not valid JSON'],
};

/** Every code a problem can carry, with its sentence in each language. */
const SENTENCES: Record<string, Words> = {
  // The language's JSON Schema (ajv keywords).
  'schema.additionalProperties': (p, l) =>
    l === 'ko'
      ? `${josa(q(p.name), '은/는')} 이곳에 쓸 수 없는 속성입니다. 쓸 수 있는 속성: ${listOf(p.known, l)}`
      : `${q(p.name)} is not a property allowed here; allowed: ${listOf(p.known, l)}`,
  'schema.required': (p, l) =>
    l === 'ko'
      ? `꼭 있어야 하는 속성 ${josa(q(p.name), '이/가')} 없습니다`
      : `the required property ${q(p.name)} is missing`,
  'schema.enum': (p, l) =>
    l === 'ko'
      ? `${listOf(p.allowed, l)} 중 하나를 써야 합니다 (지금 값: ${str(p.value)})`
      : `must be one of ${listOf(p.allowed, l)}; it is ${str(p.value)}`,
  'schema.const': (p, l) =>
    l === 'ko'
      ? `${str(p.allowed)}만 쓸 수 있습니다 (지금 값: ${str(p.value)})`
      : `must be ${str(p.allowed)}; it is ${str(p.value)}`,
  'schema.type': (p, l) => {
    const want = names(p.types).map((t) => typeWords(t, l));
    const got = `${typeWords(str(p.actual), l)}${p.value !== null && p.value !== undefined ? ` ${str(p.value)}` : ''}`;
    return l === 'ko'
      ? `${want.join(' 또는 ')} 값을 써야 합니다 (지금: ${got})`
      : `must be ${want.join(' or ')}; it is ${got}`;
  },
  'schema.pattern': (p, l) => {
    const [wko, form, wen] = Object.hasOwn(PATTERNS, str(p.pattern))
      ? PATTERNS[str(p.pattern)]!
      : (['이곳에 맞는 형식의 값', '', 'a value of the form expected here'] as const);
    return l === 'ko'
      ? `${josa(wko, '을/를')} 써야 합니다${form ? `(${form})` : ''}. 지금 값: ${str(p.value)}`
      : `expected ${wen}; it is ${str(p.value)}`;
  },
  'schema.minItems': (p, l) =>
    l === 'ko' ? `${str(p.limit)}개 이상 있어야 합니다` : `needs at least ${str(p.limit)} item(s)`,
  'schema.maxItems': (p, l) =>
    l === 'ko' ? `${str(p.limit)}개까지만 쓸 수 있습니다` : `takes at most ${str(p.limit)} item(s)`,
  'schema.minLength': (p, l) =>
    p.limit === 1
      ? l === 'ko'
        ? '비어 있으면 안 됩니다'
        : 'must not be empty'
      : l === 'ko'
        ? `${str(p.limit)}자 이상이어야 합니다`
        : `needs at least ${str(p.limit)} characters`,
  'schema.maxLength': (p, l) =>
    l === 'ko' ? `${str(p.limit)}자까지만 쓸 수 있습니다` : `takes at most ${str(p.limit)} characters`,
  'schema.minimum': (p, l) =>
    l === 'ko'
      ? `${str(p.limit)} 이상이어야 합니다 (지금 값: ${str(p.value)})`
      : `must be ${str(p.limit)} or more; it is ${str(p.value)}`,
  'schema.maximum': (p, l) =>
    l === 'ko'
      ? `${str(p.limit)} 이하여야 합니다 (지금 값: ${str(p.value)})`
      : `must be ${str(p.limit)} or less; it is ${str(p.value)}`,
  'schema.uniqueItems': (p, l) =>
    l === 'ko'
      ? `${str(p.second)}번째 값이 ${str(p.first)}번째 값과 같습니다. 같은 값은 한 번만 씁니다`
      : `items ${str(p.first)} and ${str(p.second)} are the same; each may appear once`,
  'schema.propertyNames': (_p, l) => (l === 'ko' ? '이곳에 쓸 수 없는 이름입니다' : 'a name that is not allowed here'),
  'schema.other': (_p, l) =>
    l === 'ko' ? '화면 정의 언어의 규칙에 맞지 않습니다' : 'does not follow the screen language here',

  // The rules a schema cannot state.
  'rule.duplicateField': (p, l) =>
    l === 'ko' ? `필드 ${josa(q(p.name), '이/가')} 두 번 나옵니다` : `field ${q(p.name)} appears twice`,
  'rule.duplicateColumn': (p, l) =>
    l === 'ko' ? `열 ${josa(q(p.name), '이/가')} 두 번 나옵니다` : `column ${q(p.name)} appears twice`,
  'rule.duplicatePanel': (p, l) =>
    l === 'ko' ? `패널 id ${josa(q(p.name), '이/가')} 두 번 나옵니다` : `panel id ${q(p.name)} appears twice`,
  'rule.duplicateAction': (p, l) =>
    l === 'ko'
      ? `두 버튼의 id가 모두 ${q(p.name)}입니다. 하나에 다른 "id"를 주세요`
      : `two actions share the id ${q(p.name)}; give one an "id"`,
  'rule.selectChoices': (p, l) =>
    l === 'ko'
      ? `${str(p.widget)} 입력에는 선택지가 필요합니다: codeGroup, options, optionsFrom 중 하나를 쓰세요`
      : `a ${str(p.widget)} needs its choices: codeGroup, options or optionsFrom`,
  'rule.pathFilterParams': (_p, l) =>
    l === 'ko'
      ? '경로 검색조건은 값을 "field"의 경로 입력값으로 보냅니다. "params"를 빼세요'
      : 'a path filter sends its value to the path parameter named by "field"; leave out "params"',
  'rule.rangeParams': (p, l) =>
    l === 'ko'
      ? `${str(p.widget)} 검색조건에 "params"를 쓰면 "from"과 "to"를 모두 씁니다 ("params"를 빼면 [시작, 끝]을 ${josa(q(p.name), '으로/로')} 보냅니다)`
      : `a ${str(p.widget)} filter with "params" names both "from" and "to" (or leave "params" out to send [from, to] to ${q(p.name)})`,
  'rule.dependsOn': (p, l) =>
    l === 'ko'
      ? `이름이 ${q(p.name)}인 검색조건이 없습니다 (검색조건: ${listOf(p.known, l)})`
      : `no filter named ${q(p.name)} (filters: ${listOf(p.known, l)})`,
  'rule.codeColumn': (_p, l) =>
    l === 'ko'
      ? '코드 열에는 코드의 이름을 보여 줄 codeGroup이나 options가 필요합니다'
      : 'a code column needs codeGroup or options to show code texts',
  'rule.exactColumn': (_p, l) =>
    l === 'ko'
      ? 'exact는 숫자(number)와 금액(money) 열에만 씁니다 (글자로 받은 정확한 소수)'
      : 'exact is for number and money columns (a decimal held as text)',
  'rule.productColumn': (p, l) =>
    l === 'ko'
      ? `곱할 열 ${josa(q(p.name), '은/는')} 이 표의 열이 아닙니다`
      : `product names ${q(p.name)}, which is not a column of this grid`,
  'rule.productSelf': (_p, l) =>
    l === 'ko' ? '계산 열은 자기 자신을 곱할 수 없습니다' : 'a computed cell cannot multiply itself',
  'rule.actionOperation': (p, l) =>
    l === 'ko'
      ? `${str(p.kind)} 버튼에는 부를 작업("operation")이 필요합니다`
      : `a ${str(p.kind)} action names its "operation"`,
  'rule.popupOperation': (p, l) =>
    p.widget === 'company'
      ? l === 'ko'
        ? '업체 검색 창은 작업으로 찾습니다: "operation"을 쓰세요 (q로 찾고 compNo, compNameKr, taxNo2가 있는 행을 돌려주는 작업)'
        : 'the company popup searches with an operation: add "operation" (called with q; rows with compNo, compNameKr, taxNo2)'
      : p.widget === 'agreementLine'
        ? l === 'ko'
          ? '단가계약 품목 선택 창은 작업으로 찾습니다: "operation"을 쓰세요 (agreementNo, compName, itemName을 받는 목록 작업)'
          : 'the agreement-line popup searches with an operation: add "operation" (a list operation taking agreementNo, compName, itemName)'
        : l === 'ko'
          ? '품목 검색 창은 작업으로 찾습니다: "operation"을 쓰세요 (catCode, itemName, spec, itemCode를 받는 목록 작업)'
          : 'the item popup searches with an operation: add "operation" (a list operation taking catCode, itemName, spec, itemCode)',
  'rule.keyLoad': (_p, l) =>
    l === 'ko'
      ? 'key가 있는 화면은 레코드를 불러옵니다: "load": { "operation": … }를 쓰세요'
      : 'a screen with a key loads its record: add "load": { "operation": … }',
  'rule.expression': (p, l) => {
    const at =
      p.at !== null && p.at !== undefined ? (l === 'ko' ? `${str(p.at)}번째 글자, ` : `character ${str(p.at)}, `) : '';
    return l === 'ko'
      ? `식 ${josa(q(p.expr), '을/를')} 읽을 수 없습니다 (${at}${exprDetail(str(p.detail), l)})`
      : `the expression ${q(p.expr)} cannot be read (${at}${exprDetail(str(p.detail), l)})`;
  },
  'rule.chartXSeries': (p, l) =>
    l === 'ko'
      ? `${str(p.type)} 차트에는 "x"와 "series"가 필요합니다`
      : `a ${str(p.type)} chart names "x" and "series"`,
  'rule.pieXValue': (_p, l) =>
    l === 'ko'
      ? '원 차트에는 "x"(조각 이름)와 "value"(조각 크기)가 필요합니다'
      : 'a pie chart names "x" (slice name) and "value" (slice size)',
  'rule.tableColumns': (_p, l) =>
    l === 'ko' ? '표 패널에는 "columns"가 필요합니다' : 'a table panel lists its "columns"',

  // The cross-check against the API's contract.
  'api.unknownOperation': (p, l) =>
    l === 'ko' ? `API에 작업 ${josa(q(p.op), '이/가')} 없습니다` : `the API has no operation ${q(p.op)}`,
  'api.automaticWrite': (p, l) =>
    l === 'ko'
      ? `${josa(str(p.op), '은/는')} ${str(p.method)} 작업입니다. 화면이 클릭 없이 부르는 호출은 조회(GET)만 할 수 있으니, 쓰기는 사람이 누르는 버튼에 두세요`
      : `${str(p.op)} is ${str(p.method)}: the engine calls it without a click, so it must be a read (GET); writes belong in an action a person presses`,
  'api.automaticBody': (_p, l) =>
    l === 'ko'
      ? '클릭 없이 부르는 호출은 본문(body)을 보내지 않습니다 (GET으로 조회만 합니다)'
      : 'a call made without a click sends no body (it reads with GET)',
  'api.notAField': (p, l) => {
    const what = Object.hasOwn(WHAT, str(p.what)) ? WHAT[str(p.what)]! : ([str(p.what), str(p.what)] as const);
    return l === 'ko'
      ? `${what[0]} ${josa(q(p.name), '은/는')} ${whereWords(p.where, l)}에 없는 필드입니다. 필드: ${listOf(p.known, l)}`
      : `${what[1]} ${q(p.name)} is not a field of ${whereWords(p.where, l)}; fields: ${listOf(p.known, l)}`;
  },
  'api.unknownPathParam': (p, l) =>
    l === 'ko'
      ? `${str(p.op)}에는 경로 입력값 ${josa(q(p.name), '이/가')} 없습니다. 경로 입력값: ${listOf(p.known, l)}`
      : `${str(p.op)} has no path parameter ${q(p.name)}; path parameters: ${listOf(p.known, l)}`,
  'api.missingPathParam': (p, l) =>
    l === 'ko'
      ? `${str(p.op)}에는 경로 입력값 ${josa(q(p.name), '이/가')} 필요합니다: "params": { "path": { "${str(p.name)}": "…" } }를 쓰세요`
      : `${str(p.op)} needs the path parameter ${q(p.name)}: add "params": { "path": { "${str(p.name)}": "…" } }`,
  'api.missingQueryParam': (p, l) =>
    l === 'ko'
      ? `${str(p.op)}에는 쿼리 입력값 ${josa(q(p.name), '이/가')} 필요합니다: "params": { "query": { "${str(p.name)}": "…" } }를 쓰세요`
      : `${str(p.op)} needs the query parameter ${q(p.name)}: add "params": { "query": { "${str(p.name)}": "…" } }`,
  'api.unknownQueryParam': (p, l) =>
    l === 'ko'
      ? `${str(p.op)}에는 쿼리 입력값 ${josa(q(p.name), '이/가')} 없습니다. 쿼리 입력값: ${listOf(p.known, l)}`
      : `${str(p.op)} has no query parameter ${q(p.name)}; query parameters: ${listOf(p.known, l)}`,
  'api.unknownFilterParam': (p, l) =>
    l === 'ko'
      ? `${str(p.op)}에는 검색 입력값 ${josa(q(p.name), '이/가')} 없습니다. 검색 입력값: ${listOf(p.known, l)}`
      : `${str(p.op)} has no filter parameter ${q(p.name)}; filter parameters: ${listOf(p.known, l)}`,
  'api.unknownBodyField': (p, l) =>
    l === 'ko'
      ? `${str(p.op)}의 본문에는 필드 ${josa(q(p.name), '이/가')} 없습니다. 필드: ${listOf(p.known, l)}`
      : `the body of ${str(p.op)} has no field ${q(p.name)}; fields: ${listOf(p.known, l)}`,
  'api.unknownScreen': (p, l) =>
    l === 'ko' ? `ID가 ${q(p.name)}인 화면이 없습니다` : `no screen with id ${q(p.name)}`,
  'api.decimalAsNumber': (p, l) =>
    l === 'ko'
      ? `${josa(str(p.op), '은/는')} ${q(p.list)}의 ${josa(q(p.name), '을/를')} 글자(정확한 소수)로 받습니다: 열에 "exact": true를 쓰세요. 없으면 숫자로 보냅니다`
      : `${str(p.op)} takes ${q(p.name)} of ${q(p.list)} as text (an exact decimal): give the column "exact": true, or it is sent as a number`,
  'api.rawText': (p, l) =>
    p.format === 'month'
      ? l === 'ko'
        ? `${josa(q(p.name), '은/는')} YYYYMM 연월입니다: 열 형식(type)을 "month"로 하세요`
        : `${q(p.name)} is a YYYYMM month: give the column type "month"`
      : l === 'ko'
        ? `${josa(q(p.name), '은/는')} 글자로 받은 정확한 소수입니다: 열 형식(type)을 "number"(또는 "money")로 하세요`
        : `${q(p.name)} is an exact decimal held as text: give the column type "number" (or "money")`,
  'api.notSortable': (p, l) =>
    l === 'ko'
      ? `서버는 ${josa(q(p.name), '으로/로')} 정렬할 수 없습니다. 정렬할 수 있는 필드: ${listOf(p.known, l)}`
      : `the server cannot sort by ${q(p.name)}; sortable fields: ${listOf(p.known, l)}`,
  'api.formField': (p, l) => {
    const ops = names(p.ops).join('/');
    return l === 'ko'
      ? `${p.what === 'params' ? 'params가 가리키는 ' : '필드 '}${josa(q(p.name), '은/는')} 불러온 레코드에도, ${ops || '저장 작업'}의 본문에도 없습니다`
      : `${p.what === 'params' ? 'params target' : 'field'} ${q(p.name)} is neither in the loaded record nor in the body of ${ops || 'a save operation'}`;
  },
  'api.detailNotSent': (p, l) =>
    l === 'ko'
      ? `${str(p.op)}의 본문에는 목록 ${josa(q(p.name), '이/가')} 필요합니다. 그 목록의 그리드에 "send": [보낼 필드]를 쓰세요`
      : `${str(p.op)} requires the list ${q(p.name)} in its body; give its grid "send": [the fields to send]`,
  'api.detailFieldNotSent': (p, l) =>
    l === 'ko'
      ? `${str(p.op)}의 ${q(p.list)} 각 행에는 ${josa(q(p.name), '이/가')} 필요합니다. "send"에 넣으세요`
      : `${str(p.op)} requires ${q(p.name)} in each row of ${q(p.list)}; add it to "send"`,
  'api.requiredNotSent': (p, l) =>
    p.createOnly
      ? l === 'ko'
        ? `${str(p.op)}의 본문에는 ${josa(q(p.name), '이/가')} 필요한데, 그 항목이 createOnly라서 수정할 때는 보내지 않습니다`
        : `${str(p.op)} requires ${q(p.name)} in its body, but the field is createOnly, so an update does not send it`
      : l === 'ko'
        ? `${str(p.op)}의 본문에는 ${josa(q(p.name), '이/가')} 필요한데${p.mode === 'update' ? ' 수정할 때' : ''} 보내는 항목이 없습니다. 그 이름의 항목을 두거나(사람이 입력하지 않는 값이면 "visible": "false") "params": { "body": { … } }에 넣으세요`
        : `${str(p.op)} requires ${q(p.name)} in its body${p.mode === 'update' ? ' when updating' : ''} and nothing sends it: add a field of that name (with "visible": "false" for a value no one types) or put it in "params": { "body": { … } }`,
  'api.lookupParam': (p, l) =>
    l === 'ko'
      ? `${str(p.op)}에는 경로나 쿼리 입력값 ${josa(q(p.name), '이/가')} 없습니다. "param"으로 이름을 정하세요`
      : `${str(p.op)} has no path or query parameter ${q(p.name)}; name it with "param"`,
  'api.notAList': (p, l) =>
    l === 'ko'
      ? `${josa(str(p.op), '은/는')} 목록({ rows, total })을 돌려주지 않습니다. 목록 화면에는 목록 작업이 필요합니다`
      : `${str(p.op)} does not answer a list ({ rows, total }); a list screen needs a list operation`,

  // A stored screen's own rules and its author's authority (server/modules/studio/check.ts).
  'stored.notObject': (_p, l) =>
    l === 'ko' ? '화면 정의는 JSON 객체({ … })입니다' : 'a definition is a JSON object ({ … })',
  'stored.offSite': (_p, l) =>
    l === 'ko'
      ? '경로는 "/" 하나로 시작해 이 앱의 화면을 가리킵니다. "//"로 시작하면 다른 사이트로 갑니다'
      : 'a route starts with a single "/" and names a page of this application: "//" would lead to another site',
  'stored.id': (p, l) =>
    l === 'ko'
      ? `저장된 화면의 id는 이름에서 정해지는 ${q(p.expected)}입니다 (지금 값: ${q(p.got)})`
      : `a stored screen's id is ${q(p.expected)} (from its name); it is ${q(p.got)}`,
  'stored.route': (p, l) =>
    p.builtIn
      ? l === 'ko'
        ? `${josa(str(p.route), '은/는')} 앱에 이미 있는 경로이고, 저장된 화면은 그 경로를 대신할 수 없습니다. ${josa(q(p.path), '을/를')} 쓰거나 "route"를 빼세요`
        : `${str(p.route)} is a built-in route of the app, which a stored screen can never replace: write ${q(p.path)} (or leave "route" out)`
      : l === 'ko'
        ? `저장된 화면은 자기 경로에서 열립니다. ${josa(q(p.path), '을/를')} 쓰거나 "route"를 빼세요`
        : `a stored screen is served at its own route: write ${q(p.path)} (or leave "route" out)`,
  'stored.portals': (p, l) =>
    l === 'ko'
      ? `이 화면은 ${p.portal === 'external' ? '외부(협력사)' : '내부'} 포털에 게시됩니다. ["${str(p.portal)}"]${p.portal === 'external' ? '를' : '을'} 쓰거나 "portals"를 빼세요`
      : `this screen is published to the ${str(p.portal)} portal: write ["${str(p.portal)}"] (or leave "portals" out)`,
  'stored.custom': (_p, l) =>
    l === 'ko'
      ? '저장된 화면은 정의만 담습니다. custom 화면은 개발자가 쓰는 코드입니다 (쓸 수 있는 kind: list, edit, tree, dashboard)'
      : 'a stored screen is a definition only: custom components are code, written by developers (kinds: list, edit, tree, dashboard)',
  'stored.devOnly': (_p, l) =>
    l === 'ko' ? '저장된 화면은 개발용 화면이 될 수 없습니다' : 'a stored screen is never a development page',
  'stored.tooLarge': (p, l) =>
    l === 'ko'
      ? `화면 정의가 ${Number(p.bytes).toLocaleString('en-US')}바이트입니다. 저장된 화면은 ${Number(p.max).toLocaleString('en-US')}바이트(64 KiB)까지입니다`
      : `the definition is ${Number(p.bytes).toLocaleString('en-US')} bytes; a stored screen holds at most ${Number(p.max).toLocaleString('en-US')} bytes (64 KiB)`,
  'stored.portalAccess': (p, l) =>
    l === 'ko'
      ? `${josa(str(p.op), '은/는')} ${p.portal === 'X' ? '외부' : '내부'} 포털에서 쓸 수 없는 작업입니다`
      : `${str(p.op)} is not served to the ${p.portal === 'X' ? 'external' : 'internal'} portal`,
  'stored.identityBound': (p, l) =>
    l === 'ko'
      ? `${josa(str(p.op), '은/는')} 부르는 사람 자신으로 동작하는 작업입니다(자기 계정, 결재·확인 결정, 권한 부여). 저장된 화면은 이 작업을 부를 수 없습니다. 당사자가 그 작업의 화면에서 합니다`
      : `${str(p.op)} acts as the person who calls it (their own account, a decision or a grant): a stored screen can never call it; the people it belongs to use its own screen`,
  'stored.automaticEffect': (p, l) =>
    l === 'ko'
      ? `${josa(str(p.op), '은/는')} 조회이지만 ${josa(effectWords(p.effects, l), '을/를')} 남기는 작업입니다. 저장된 화면은 화면을 열 때나 입력할 때 이 작업을 부를 수 없습니다. 사람이 누르고 확인하는 동작(actions)에만 둘 수 있습니다`
      : `${str(p.op)} reads but leaves ${effectWords(p.effects, l)} behind: a stored screen never calls it when it opens or as someone types; put it in an action a person presses and confirms`,
  'stored.authority': (p, l) =>
    l === 'ko'
      ? `${josa(str(p.op), '을/를')} 부를 권한이 없습니다. ${listOf(p.screens, l)} 메뉴의 ${p.level === 'write' ? '쓰기' : '읽기'} 권한이 필요한데, 내 권한그룹에는 없습니다`
      : `you may not call ${str(p.op)}: it needs ${str(p.level)} authority on a menu opening ${listOf(p.screens, l)}, which your authority group lacks`,
  'json.syntax': (p, l) => {
    const what = Object.hasOwn(JSON_ERRORS, str(p.error)) ? JSON_ERRORS[str(p.error)]! : JSON_ERRORS.Other!;
    return l === 'ko'
      ? `${str(p.line)}행 ${str(p.column)}열: ${what[0]}`
      : `line ${str(p.line)}, column ${str(p.column)}: ${what[1]}`;
  },
};

/** Operation id → its name in each language (ApiOperation.title), when the contract names it. */
export type OperationTitles = (op: string) => { ko: string; en: string } | undefined;

/** The operations a problem names (`op`, `ops`) by their names: Korean as is, English in quotes. An unknown id stays. */
function titled(params: ProblemParams, lang: Lang, titleOf: OperationTitles | undefined): ProblemParams {
  if (!titleOf) return params;
  const name = (id: unknown) => {
    const t = typeof id === 'string' ? titleOf(id) : undefined;
    return t ? (lang === 'ko' ? t.ko : `“${t.en}”`) : id;
  };
  const out: ProblemParams = { ...params };
  if (params.op !== undefined) out.op = name(params.op) as ProblemParams[string];
  if (Array.isArray(params.ops)) out.ops = params.ops.map(name) as ProblemParams[string];
  // "the rows of listPos": the operation inside a place named by it.
  const where = typeof params.where === 'string' ? /^(the rows of|the answer of) (\w+)$/.exec(params.where) : null;
  if (where) out.where = `${where[1]} ${String(name(where[2]))}`;
  return out;
}

/** True when the code has its sentence here (a test walks every code the check can produce). */
export const hasWords = (code: string): boolean => Object.hasOwn(SENTENCES, code);

export interface WordedInput {
  pointer: string;
  message: string;
  code?: string;
  params?: ProblemParams;
}

/**
 * One problem as a sentence in `lang`, its place first: "1번째 열의 field: …". A problem without a
 * known code (stored before codes existed) keeps its message.
 */
export function problemWords(
  p: WordedInput,
  lang: Lang,
  /** An operation's name for people (the contract's Korean, the summary's English): never its id in a sentence. */
  titleOf?: OperationTitles,
): { place: string; message: string } {
  const place = placeWords(p.pointer, lang);
  if (!p.code || !hasWords(p.code)) return { place, message: p.message };
  const sentence = SENTENCES[p.code]!(titled(p.params ?? {}, lang, titleOf), lang);
  // A malformed text is named by line and column, not by a place in a definition it does not have.
  if (p.code === 'json.syntax') return { place, message: sentence };
  return { place, message: `${place}: ${sentence}` };
}
