// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { finalSound, josa, particle, resolveParticles, type ParticlePair } from './josa';

describe('josa: the particle after a word, by how it is read', () => {
  // [word, 을/를, 이/가, 은/는, 으로/로, 와/과]
  const table: [string, string, string, string, string, string][] = [
    // Hangul: the last syllable's final consonant; ㄹ takes 로.
    ['수량', '을', '이', '은', '으로', '과'],
    ['단가', '를', '가', '는', '로', '와'],
    ['서울', '을', '이', '은', '로', '과'],
    ['구매1팀', '을', '이', '은', '으로', '과'],
    // Digits as Korean counts: 1 일, 2 이, 3 삼, 6 육, 0 영, 10 십, 100 백, 1000 천, 10000 만, 억, 조.
    ['1', '을', '이', '은', '로', '과'],
    ['2', '를', '가', '는', '로', '와'],
    ['3', '을', '이', '은', '으로', '과'],
    ['4', '를', '가', '는', '로', '와'],
    ['5', '를', '가', '는', '로', '와'],
    ['6', '을', '이', '은', '으로', '과'],
    ['7', '을', '이', '은', '로', '과'],
    ['8', '을', '이', '은', '로', '과'],
    ['9', '를', '가', '는', '로', '와'],
    ['0', '을', '이', '은', '으로', '과'],
    ['10', '을', '이', '은', '으로', '과'],
    ['100', '을', '이', '은', '으로', '과'],
    ['2000', '을', '이', '은', '으로', '과'],
    ['9,500,000', '을', '이', '은', '으로', '과'],
    ['100000000', '을', '이', '은', '으로', '과'],
    ['1000000000000', '를', '가', '는', '로', '와'],
    ['1.5', '를', '가', '는', '로', '와'],
    ['2.7', '을', '이', '은', '로', '과'],
    ['01:27:00', '을', '이', '은', '으로', '과'],
    ['01:27:05', '를', '가', '는', '로', '와'],
    ['PO2026-002496', '을', '이', '은', '으로', '과'],
    ['BT2026-000001', '을', '이', '은', '로', '과'],
    ['2026-11-25', '를', '가', '는', '로', '와'],
    // A short number after a Latin letter is read in English: v1 브이원, v2 브이투, v10 브이텐.
    ['v1', '을', '이', '은', '으로', '과'],
    ['v2', '를', '가', '는', '로', '와'],
    ['v10', '을', '이', '은', '으로', '과'],
    ['v20', '를', '가', '는', '로', '와'],
    // Latin letters by their Korean names: L 엘, M 엠, N 엔, R 알 end in a consonant.
    ['L', '을', '이', '은', '로', '과'],
    ['M', '을', '이', '은', '으로', '과'],
    ['N', '을', '이', '은', '으로', '과'],
    ['R', '을', '이', '은', '로', '과'],
    ['PDF', '를', '가', '는', '로', '와'],
    ['Excel', '을', '이', '은', '로', '과'],
    ['RND', '를', '가', '는', '로', '와'],
    // An identifier in Latin letters is read as English, its last word by sound: 네임, 오프닝, 코드, 타입, 이메일.
    ['"fileName"', '을', '이', '은', '으로', '과'],
    ['confirmTenderOpening', '을', '이', '은', '으로', '과'],
    ['itemCode', '를', '가', '는', '로', '와'],
    ['poType', '을', '이', '은', '으로', '과'],
    ['email', '을', '이', '은', '로', '과'],
    ['status', '를', '가', '는', '로', '와'],
    ['book', '을', '이', '은', '으로', '과'],
    ['check', '를', '가', '는', '로', '와'],
    // Closing marks are looked through.
    ['구매1팀(D1220)', '을', '이', '은', '으로', '과'],
    ["'단가'", '를', '가', '는', '로', '와'],
  ];
  const pairs: ParticlePair[] = ['을/를', '이/가', '은/는', '으로/로', '와/과'];

  it.each(table)('%s → %s / %s / %s / %s / %s', (word, ...expected) => {
    expect(pairs.map((p) => particle(word, p))).toEqual(expected);
    expect(josa(word, '을/를')).toBe(word + expected[0]);
  });

  it('gives both forms when the word cannot be read', () => {
    expect(finalSound('')).toBeNull();
    expect(finalSound('#')).toBeNull();
    expect(particle('→', '을/를')).toBe('을(를)');
    expect(particle('{amount}', '이/가')).toBe('이(가)');
    expect(particle('%', '으로/로')).toBe('(으)로');
  });
});

describe('resolveParticles: a finished message with its markers resolved', () => {
  it.each([
    ['v1을(를) 게시했습니다: /x', 'v1을 게시했습니다: /x'],
    ['v2을(를) 복원했습니다.', 'v2를 복원했습니다.'],
    ['입찰가 9,500,000이(가) 접수되었습니다.', '입찰가 9,500,000이 접수되었습니다.'],
    ['입찰가 9,500,002이(가) 접수되었습니다.', '입찰가 9,500,002가 접수되었습니다.'],
    ['마감이 2026-11-25 01:27:00(으)로 연장되었습니다.', '마감이 2026-11-25 01:27:00으로 연장되었습니다.'],
    ['발주 PO2026-002496을(를) 확인하세요.', '발주 PO2026-002496을 확인하세요.'],
    ['전자우편 a@b.kr(으)로 보냈습니다.', '전자우편 a@b.kr로 보냈습니다.'],
    ['휴대전화 010-1234-5678(으)로', '휴대전화 010-1234-5678로'],
    ['단가은(는) 바꿀 수 없고 수량은(는) 바꿀 수 있습니다', '단가는 바꿀 수 없고 수량은 바꿀 수 있습니다'],
    ['구매1팀와(과) 구매2팀과(와)', '구매1팀과 구매2팀과'],
    // A placeholder not yet filled (the engine fills `{x}` after i18next) keeps its marker.
    ['입찰가 {amount}이(가) 접수', '입찰가 {amount}이(가) 접수'],
    ['(으)로 시작', '(으)로 시작'],
    ['괄호 없는 문장', '괄호 없는 문장'],
  ])('%s', (text, expected) => {
    expect(resolveParticles(text)).toBe(expected);
  });
});
