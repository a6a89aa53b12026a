// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { corporateNumberCheckDigit, formatCorporateNumber, isValidCorporateNumber } from './corporate-number';

// Samsung Electronics' published number, and one worked by hand:
// 1·1 + 1·2 + 0 + 1·2 + 1 + 1·2 + 1 + 2·2 + 3 + 4·2 + 5 + 6·2 = 41 → 9.
const KNOWN_VALID = ['130111-0006246', '110111-1234569'];

describe('corporateNumberCheckDigit', () => {
  it('computes the check digit of a known number', () => {
    // 1·1 + 3·2 + 0 + 1·2 + 1 + 1·2 + 0 + 0 + 0 + 6·2 + 2 + 4·2 = 34 → 6
    expect(corporateNumberCheckDigit('130111000624')).toBe(6);
  });

  it('sums whole products (a product of 18 counts 18, not 1 + 8)', () => {
    // 000000000009: 9 × 2 = 18 → (10 − 8) % 10 = 2
    expect(corporateNumberCheckDigit('000000000009')).toBe(2);
  });

  it('yields 0, not 10, when the sum is a multiple of ten', () => {
    expect(corporateNumberCheckDigit('000000000000')).toBe(0);
  });

  it('rejects anything but twelve digits', () => {
    for (const bad of ['', '12345678901', '1234567890123', '12345678901a', '123456-123456']) {
      expect(() => corporateNumberCheckDigit(bad)).toThrow();
    }
  });
});

describe('isValidCorporateNumber', () => {
  it('accepts correct numbers, plain or hyphenated', () => {
    for (const n of KNOWN_VALID) {
      expect(isValidCorporateNumber(n), n).toBe(true);
      expect(isValidCorporateNumber(n.replace('-', '')), n).toBe(true);
    }
  });

  it('refuses a wrong check digit and malformed input', () => {
    expect(isValidCorporateNumber('130111-0006245')).toBe(false);
    for (const bad of ['', '1301110006246 ', '13011-10006246', '130111-000624', 'abcdef-ghijklm', '1301110006246a']) {
      expect(isValidCorporateNumber(bad), bad).toBe(false);
    }
  });
});

describe('formatCorporateNumber', () => {
  it('hyphenates thirteen digits and leaves anything else alone', () => {
    expect(formatCorporateNumber('1301110006246')).toBe('130111-0006246');
    expect(formatCorporateNumber('130111-0006246')).toBe('130111-0006246');
    expect(formatCorporateNumber('12345')).toBe('12345');
  });
});
