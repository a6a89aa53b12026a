// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { businessNumberCheckDigit, formatBusinessNumber, isValidBusinessNumber } from './business-number';

// Published registration numbers of well-known companies (NAVER, Samsung Electronics, Kakao).
const KNOWN_VALID = ['220-81-62517', '124-81-00998', '120-81-47521'];

describe('businessNumberCheckDigit', () => {
  it('computes the check digit of known numbers', () => {
    expect(businessNumberCheckDigit('220816251')).toBe(7);
    expect(businessNumberCheckDigit('124810099')).toBe(8);
    expect(businessNumberCheckDigit('120814752')).toBe(1);
  });

  it('counts the ninth digit twice (weight 5 plus the tens of d9 × 5)', () => {
    // 000000009: 9×5 = 45, plus floor(45 / 10) = 4 → 49 → (10 − 9) % 10 = 1
    expect(businessNumberCheckDigit('000000009')).toBe(1);
    // 000000001: 1×5 = 5, plus 0 → 5 → 5
    expect(businessNumberCheckDigit('000000001')).toBe(5);
  });

  it('yields 0, not 10, when the sum is a multiple of ten', () => {
    expect(businessNumberCheckDigit('000000000')).toBe(0);
  });

  it('rejects anything but nine digits', () => {
    for (const bad of ['', '12345678', '1234567890', '12345678a', '123-45-678', ' 123456789']) {
      expect(() => businessNumberCheckDigit(bad)).toThrow();
    }
  });
});

describe('isValidBusinessNumber', () => {
  it('accepts known numbers with and without hyphens', () => {
    for (const n of KNOWN_VALID) {
      expect(isValidBusinessNumber(n)).toBe(true);
      expect(isValidBusinessNumber(n.replace(/-/g, ''))).toBe(true);
    }
  });

  it('rejects a wrong check digit', () => {
    expect(isValidBusinessNumber('220-81-62518')).toBe(false);
    expect(isValidBusinessNumber('1248100999')).toBe(false);
  });

  it('rejects every other check digit for the same first nine digits', () => {
    const wrong = [0, 1, 2, 3, 4, 5, 6, 8, 9].map((d) => `220816251${d}`);
    expect(wrong.filter(isValidBusinessNumber)).toEqual([]);
  });

  it('rejects swapped digits that a typist would produce', () => {
    expect(isValidBusinessNumber('2208162571')).toBe(false);
    expect(isValidBusinessNumber('2028162517')).toBe(false);
  });

  it('rejects wrong lengths', () => {
    for (const bad of ['', '1', '220816251', '22081625170', '220-81-6251', '220-81-625170']) {
      expect(isValidBusinessNumber(bad)).toBe(false);
    }
  });

  it('rejects hyphens in the wrong places or partly hyphenated forms', () => {
    for (const bad of [
      '2208-1-62517',
      '22-081-62517',
      '220-8162517',
      '22081-62517',
      '220--81-62517',
      '-220-81-62517',
      '220-81-62517-',
    ]) {
      expect(isValidBusinessNumber(bad)).toBe(false);
    }
  });

  it('rejects letters, spaces, other separators and full-width digits', () => {
    for (const bad of [
      '22081625l7',
      '220 81 62517',
      ' 2208162517',
      '2208162517 ',
      '220.81.62517',
      '220/81/62517',
      '２２０８１６２５１７',
      '220-81-6251７',
    ]) {
      expect(isValidBusinessNumber(bad)).toBe(false);
    }
  });

  it('rejects non-strings without throwing', () => {
    for (const bad of [null, undefined, 2208162517, {}, []]) {
      expect(isValidBusinessNumber(bad as unknown as string)).toBe(false);
    }
  });
});

describe('formatBusinessNumber', () => {
  it('formats ten digits as 123-45-67890', () => {
    expect(formatBusinessNumber('2208162517')).toBe('220-81-62517');
  });

  it('leaves an already formatted number as it is', () => {
    expect(formatBusinessNumber('220-81-62517')).toBe('220-81-62517');
  });

  it('normalises misplaced hyphens', () => {
    expect(formatBusinessNumber('2208-16-2517')).toBe('220-81-62517');
  });

  it('returns anything that is not ten digits unchanged', () => {
    for (const s of ['', '12345', '22081625170', 'abc-de-fghij', '220 81 62517']) {
      expect(formatBusinessNumber(s)).toBe(s);
    }
  });
});
