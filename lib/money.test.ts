// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  CURRENCY_DECIMALS,
  groupedDecimal,
  compareDecimals,
  formatMoney,
  jpyToKrw,
  multiplyQtyPrice,
  roundDecimal,
  significantDecimal,
  sumDecimals,
} from './money';

describe('jpyToKrw', () => {
  it('divides by 100 after multiplying by the per-100-yen rate', () => {
    expect(jpyToKrw('10000', '900')).toBe('90000');
    expect(jpyToKrw('100', '905.37')).toBe('905');
    expect(jpyToKrw('1', '900')).toBe('9');
  });

  it('rounds half up to whole won', () => {
    expect(jpyToKrw('150', '905')).toBe('1358'); // 1357.5
    expect(jpyToKrw('149', '905')).toBe('1348'); // 1348.45
    expect(jpyToKrw('1', '950')).toBe('10'); // 9.5
    expect(jpyToKrw('1', '949.99')).toBe('9'); // 9.4999
    expect(jpyToKrw('1', '950.01')).toBe('10');
  });

  it('is exact where floats drift', () => {
    // exact product 1234567.89 × 912.34 / 100 = 11263456.687626
    expect(jpyToKrw('1234567.89', '912.34')).toBe('11263457');
    expect(jpyToKrw('250.5', '1')).toBe('3'); // 2.505
    expect(jpyToKrw('1.005', '50')).toBe('1'); // 0.5025
    expect(jpyToKrw('0.5', '100')).toBe('1'); // the tie 0.5 itself
    expect(jpyToKrw('0.49', '100')).toBe('0');
  });

  it('rounds negative amounts away from zero, mirroring the positive ones', () => {
    expect(jpyToKrw('-150', '905')).toBe('-1358');
    expect(jpyToKrw('-149', '905')).toBe('-1348');
    expect(jpyToKrw('-1', '940')).toBe('-9'); // −9.4
  });

  it('never prints -0', () => {
    expect(jpyToKrw('-0.01', '900')).toBe('0');
    expect(jpyToKrw('0', '900')).toBe('0');
    expect(jpyToKrw('-0', '900')).toBe('0');
  });

  it('rejects a zero or negative rate', () => {
    expect(() => jpyToKrw('100', '0')).toThrow(RangeError);
    expect(() => jpyToKrw('100', '0.00')).toThrow(RangeError);
    expect(() => jpyToKrw('100', '-900')).toThrow(RangeError);
  });

  it('rejects text that is not a plain decimal', () => {
    expect(() => jpyToKrw('1,000', '900')).toThrow(TypeError);
    expect(() => jpyToKrw('abc', '900')).toThrow(TypeError);
    expect(() => jpyToKrw('.5', '900')).toThrow(TypeError);
    expect(() => jpyToKrw('1e3', '900')).toThrow(TypeError);
    expect(() => jpyToKrw('', '900')).toThrow(TypeError);
  });

  it('handles amounts beyond Number.MAX_SAFE_INTEGER exactly', () => {
    expect(jpyToKrw('9007199254740993', '100')).toBe('9007199254740993');
  });

  it('accepts numbers and bigints', () => {
    expect(jpyToKrw(150, 905)).toBe('1358');
    expect(jpyToKrw(10000n, '900')).toBe('90000');
    expect(() => jpyToKrw(1e21, 900)).toThrow(RangeError);
    expect(() => jpyToKrw(Number.NaN, 900)).toThrow(RangeError);
  });
});

describe('roundDecimal', () => {
  it('rounds half up away from zero to the scale', () => {
    expect(roundDecimal('2.5', 0)).toBe('3');
    expect(roundDecimal('2.4999', 0)).toBe('2');
    expect(roundDecimal('-2.5', 0)).toBe('-3');
    expect(roundDecimal('1.005', 2)).toBe('1.01'); // a float would give 1.00
    expect(roundDecimal('1.2', 3)).toBe('1.200');
    expect(roundDecimal('0.05', 1)).toBe('0.1');
    expect(roundDecimal('-0.04', 1)).toBe('0.0');
  });

  it('rejects a bad scale', () => {
    expect(() => roundDecimal('1', -1)).toThrow(RangeError);
    expect(() => roundDecimal('1', 1.5)).toThrow(RangeError);
  });
});

describe('multiplyQtyPrice', () => {
  it('multiplies exactly and rounds once', () => {
    expect(multiplyQtyPrice('3', '1234.5', 0)).toBe('3704'); // 3703.5
    expect(multiplyQtyPrice('3', '1234.5', 1)).toBe('3703.5');
    expect(multiplyQtyPrice('3', '1234.5', 2)).toBe('3703.50');
    expect(multiplyQtyPrice('0.1', '0.2', 2)).toBe('0.02');
    expect(multiplyQtyPrice('1.15', '100', 0)).toBe('115'); // float 1.15*100 = 114.99999999999999
    expect(multiplyQtyPrice('2.5', '0.5', 0)).toBe('1'); // 1.25
    expect(multiplyQtyPrice('2.5', '0.3', 0)).toBe('1'); // 0.75
  });

  it('keeps the sign and rounds away from zero', () => {
    expect(multiplyQtyPrice('-3', '1234.5', 0)).toBe('-3704');
    expect(multiplyQtyPrice('-1', '-2.5', 0)).toBe('3');
  });

  it('multiplies large values exactly', () => {
    expect(multiplyQtyPrice('123456789012', '987654321.09', 2)).toBe('121932631135598231863.08');
  });
});

describe('sumDecimals', () => {
  it('adds exactly', () => {
    expect(sumDecimals(['0.1', '0.2'])).toBe('0.3');
    expect(sumDecimals(['1.10', '2'])).toBe('3.10');
    expect(sumDecimals(['1000', '-1000.5'])).toBe('-0.5');
    expect(sumDecimals(['-0.5', '0.5'])).toBe('0.0');
  });

  it('gives 0 for an empty list', () => {
    expect(sumDecimals([])).toBe('0');
  });

  it('names the bad entry', () => {
    expect(() => sumDecimals(['1', 'x'])).toThrow(/sumDecimals\[1\]/);
  });
});

describe('compareDecimals', () => {
  it('compares by value', () => {
    expect(compareDecimals('1.0', '1')).toBe(0);
    expect(compareDecimals('1.01', '1.1')).toBe(-1);
    expect(compareDecimals('-1', '-2')).toBe(1);
    expect(compareDecimals('10', '9.999')).toBe(1);
  });
});

describe('formatMoney', () => {
  it('formats KRW without decimals with commas', () => {
    expect(formatMoney('1234567', 'KRW')).toBe('1,234,567');
    expect(formatMoney('1234567.5', 'KRW')).toBe('1,234,568');
    expect(formatMoney('999.49', 'KRW')).toBe('999');
    expect(formatMoney('-1234.5', 'KRW')).toBe('-1,235');
    expect(formatMoney('0', 'KRW')).toBe('0');
    expect(formatMoney('-0.4', 'KRW')).toBe('0');
  });

  it('formats JPY without decimals', () => {
    expect(formatMoney('98765.4', 'JPY')).toBe('98,765');
    expect(formatMoney('100', 'JPY')).toBe('100');
  });

  it('matches the currency code case-insensitively', () => {
    expect(formatMoney('1000.6', 'krw')).toBe('1,001');
  });

  it('keeps the amount decimals for a currency the spec does not know', () => {
    expect(formatMoney('1234.567', 'USD')).toBe('1,234.567');
  });

  it('accepts a number', () => {
    expect(formatMoney(1234.5, 'KRW')).toBe('1,235');
  });

  it('knows the spec currencies', () => {
    expect(CURRENCY_DECIMALS).toEqual({ KRW: 0, JPY: 0 });
  });
});

describe('significantDecimal', () => {
  it('drops the database scale’s zeros and nothing else (no rounding)', () => {
    expect(significantDecimal('100.0000')).toBe('100');
    expect(significantDecimal('2.5000')).toBe('2.5');
    expect(significantDecimal('20000.50')).toBe('20000.5');
    expect(significantDecimal('0.000')).toBe('0');
    expect(significantDecimal('-10.10')).toBe('-10.1');
    expect(significantDecimal('1000')).toBe('1000');
  });

  it('leaves what is not a plain decimal as it is (a half-typed or foreign value)', () => {
    expect(significantDecimal('1,000.00')).toBe('1,000.00');
    expect(significantDecimal('12.')).toBe('12.');
    expect(significantDecimal('')).toBe('');
  });
});

describe('groupedDecimal: a stored decimal as a person reads it', () => {
  it.each([
    ['1398000.00', '1,398,000'],
    ['1566000.50', '1,566,000.5'],
    ['10.000', '10'],
    ['999', '999'],
    ['1000', '1,000'],
    ['-1200.00', '-1,200'],
    ['0.00', '0'],
    ['2026-12-01', '2026-12-01'],
    ['발주전송', '발주전송'],
  ])('%s → %s', (stored, shown) => {
    expect(groupedDecimal(stored)).toBe(shown);
  });
});
