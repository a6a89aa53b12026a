// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  MASK_KINDS,
  applyMask,
  groupThousands,
  maskNum,
  maskNumComma,
  maskNumber,
  maskOnlyNum,
  maskPhone,
  maskTaxNum,
  onlyDigits,
  unmask,
  zeroPad,
} from './mask';

describe('maskPhone', () => {
  it('uses ### - ### - #### for 10 digits (fewer than 11)', () => {
    expect(maskPhone('0311234567')).toBe('031 - 123 - 4567');
  });

  it('uses ### - #### - #### for 11 digits', () => {
    expect(maskPhone('01012345678')).toBe('010 - 1234 - 5678');
  });

  it('regroups when the 11th digit arrives', () => {
    expect(maskPhone('0101234567')).toBe('010 - 123 - 4567');
    expect(maskPhone('01012345678')).toBe('010 - 1234 - 5678');
  });

  it('formats partial input without a trailing separator', () => {
    expect(maskPhone('')).toBe('');
    expect(maskPhone('0')).toBe('0');
    expect(maskPhone('010')).toBe('010');
    expect(maskPhone('0101')).toBe('010 - 1');
    expect(maskPhone('010123')).toBe('010 - 123');
    expect(maskPhone('0101234')).toBe('010 - 123 - 4');
    // Seoul's area code is two digits (02): never '024 - 992 - 089'.
    expect(maskPhone('02')).toBe('02');
    expect(maskPhone('021')).toBe('02 - 1');
    expect(maskPhone('021234')).toBe('02 - 123 - 4');
    expect(maskPhone('021234567')).toBe('02 - 123 - 4567');
    expect(maskPhone('0249920890')).toBe('02 - 4992 - 0890');
    expect(maskPhone('024992089')).toBe('02 - 499 - 2089');
    expect(maskPhone('02499208901')).toBe('02 - 4992 - 0890'); // no 11th digit after 02
  });

  it('keeps digits only and accepts already-masked or hyphenated text', () => {
    expect(maskPhone('010-1234-5678')).toBe('010 - 1234 - 5678');
    expect(maskPhone('010 - 1234 - 5678')).toBe('010 - 1234 - 5678');
    expect(maskPhone('(031) 123.4567')).toBe('031 - 123 - 4567');
    expect(maskPhone('tel')).toBe('');
  });

  it('drops digits beyond the 11th', () => {
    expect(maskPhone('010123456789')).toBe('010 - 1234 - 5678');
  });

  it('is idempotent', () => {
    for (const s of ['0', '0101', '0101234', '0311234567', '01012345678']) {
      expect(maskPhone(maskPhone(s))).toBe(maskPhone(s));
    }
  });
});

describe('groupThousands', () => {
  it('inserts commas every three digits from the right', () => {
    expect(groupThousands('1')).toBe('1');
    expect(groupThousands('123')).toBe('123');
    expect(groupThousands('1234')).toBe('1,234');
    expect(groupThousands('123456')).toBe('123,456');
    expect(groupThousands('1234567')).toBe('1,234,567');
  });
});

describe('maskNumber', () => {
  it('adds thousand commas to digits', () => {
    expect(maskNumber('1234567')).toBe('1,234,567');
    expect(maskNumber('999')).toBe('999');
    expect(maskNumber('1000')).toBe('1,000');
  });

  it('keeps digits only (no minus, no decimal point)', () => {
    expect(maskNumber('-1,234.5')).toBe('12,345');
    expect(maskNumber('abc')).toBe('');
    expect(maskNumber('')).toBe('');
  });

  it('strips leading zeros but keeps a lone zero', () => {
    expect(maskNumber('0001234')).toBe('1,234');
    expect(maskNumber('000')).toBe('0');
    expect(maskNumber('0')).toBe('0');
  });

  it('is idempotent', () => {
    expect(maskNumber(maskNumber('1234567'))).toBe('1,234,567');
  });
});

describe('maskNum', () => {
  it('keeps digits, one decimal point and a leading minus', () => {
    expect(maskNum('-12.5')).toBe('-12.5');
    expect(maskNum('1.2.3')).toBe('1.23');
    expect(maskNum('1-2')).toBe('12');
    expect(maskNum('--1')).toBe('-1');
    expect(maskNum('1,234')).toBe('1234');
    expect(maskNum('abc')).toBe('');
  });

  it('keeps half-typed values and leading zeros', () => {
    expect(maskNum('-')).toBe('-');
    expect(maskNum('1.')).toBe('1.');
    expect(maskNum('.5')).toBe('.5');
    expect(maskNum('007')).toBe('007');
  });
});

describe('maskOnlyNum', () => {
  it('keeps digits only, leading zeros included', () => {
    expect(maskOnlyNum('00-12.3a')).toBe('00123');
    expect(maskOnlyNum('-5')).toBe('5');
  });
});

describe('maskTaxNum', () => {
  it('keeps digits and hyphens only', () => {
    expect(maskTaxNum('123-45-67890')).toBe('123-45-67890');
    expect(maskTaxNum('123 45.67890')).toBe('1234567890');
    expect(maskTaxNum('ab-1')).toBe('-1');
  });
});

describe('maskNumComma', () => {
  it('groups the integer part and keeps the decimal part', () => {
    expect(maskNumComma('1234567.891')).toBe('1,234,567.891');
    expect(maskNumComma('1234.50')).toBe('1,234.50');
    expect(maskNumComma('1234')).toBe('1,234');
    expect(maskNumComma('-1234.5')).toBe('-1,234.5');
  });

  it('does not group the decimal part', () => {
    expect(maskNumComma('0.123456')).toBe('0.123456');
  });

  it('handles half-typed values', () => {
    expect(maskNumComma('')).toBe('');
    expect(maskNumComma('-')).toBe('-');
    expect(maskNumComma('1234.')).toBe('1,234.');
    expect(maskNumComma('.5')).toBe('0.5');
    expect(maskNumComma('-.5')).toBe('-0.5');
  });

  it('strips leading zeros of the integer part', () => {
    expect(maskNumComma('0001234.5')).toBe('1,234.5');
    expect(maskNumComma('00.5')).toBe('0.5');
  });

  it('is idempotent', () => {
    expect(maskNumComma(maskNumComma('-1234567.25'))).toBe('-1,234,567.25');
  });
});

describe('zeroPad', () => {
  it('pads to the length', () => {
    expect(zeroPad(7, 3)).toBe('007');
    expect(zeroPad('42', 5)).toBe('00042');
    expect(zeroPad(0, 2)).toBe('00');
  });

  it('leaves longer values alone', () => {
    expect(zeroPad(1234, 3)).toBe('1234');
    expect(zeroPad('123', 3)).toBe('123');
    expect(zeroPad(5, 0)).toBe('5');
  });

  it('rejects negative or fractional numbers and bad lengths', () => {
    expect(() => zeroPad(-5, 3)).toThrow(RangeError);
    expect(() => zeroPad(1.5, 3)).toThrow(RangeError);
    expect(() => zeroPad(5, -1)).toThrow(RangeError);
    expect(() => zeroPad(5, 2.5)).toThrow(RangeError);
  });
});

describe('applyMask', () => {
  it('dispatches by name', () => {
    expect(applyMask('phone', '01012345678')).toBe('010 - 1234 - 5678');
    expect(applyMask('number', '1234')).toBe('1,234');
    expect(applyMask('num', 'a-1.5')).toBe('-1.5');
    expect(applyMask('onlynum', '0a1')).toBe('01');
    expect(applyMask('taxnum', '12-3x')).toBe('12-3');
    expect(applyMask('numComma', '1234.5')).toBe('1,234.5');
  });

  it('treats null and undefined as empty text', () => {
    expect(applyMask('phone', null)).toBe('');
    expect(applyMask('numComma', undefined)).toBe('');
  });

  it('throws for an unknown mask, naming it and the known ones', () => {
    expect(() => applyMask('zip', '1')).toThrow(
      'Unknown mask "zip"; known masks: phone, number, num, onlynum, taxnum, numComma',
    );
  });

  it('does not find inherited properties', () => {
    expect(() => applyMask('toString', '1')).toThrow(/Unknown mask "toString"/);
    expect(() => applyMask('__proto__', '1')).toThrow(/Unknown mask "__proto__"/);
    expect(() => applyMask('hasOwnProperty', '1')).toThrow(/Unknown mask/);
  });

  it('is case sensitive', () => {
    expect(() => applyMask('Phone', '1')).toThrow(/Unknown mask "Phone"/);
  });

  it('explains that comp is a lookup, not a text mask', () => {
    expect(() => applyMask('comp', '1')).toThrow(/company widget/);
  });

  it('lists the known kinds', () => {
    expect(MASK_KINDS).toEqual(['phone', 'number', 'num', 'onlynum', 'taxnum', 'numComma']);
  });
});

describe('unmask', () => {
  it('returns the raw value for each mask', () => {
    expect(unmask('phone', '010 - 1234 - 5678')).toBe('01012345678');
    expect(unmask('number', '1,234,567')).toBe('1234567');
    expect(unmask('numComma', '-1,234.50')).toBe('-1234.50');
    expect(unmask('num', '-12.5')).toBe('-12.5');
    expect(unmask('onlynum', '00123')).toBe('00123');
    expect(unmask('taxnum', '123-45-67890')).toBe('123-45-67890');
  });

  it('cleans unmasked input the same way', () => {
    expect(unmask('phone', '010-1234-5678')).toBe('01012345678');
    expect(unmask('number', '00 12a34')).toBe('1234');
    expect(unmask('numComma', 'x1234.5')).toBe('1234.5');
  });

  it('round-trips through applyMask', () => {
    const cases: Array<[string, string]> = [
      ['phone', '0311234567'],
      ['number', '1234567'],
      ['numComma', '-1234567.891'],
      ['num', '-0.5'],
      ['onlynum', '0012'],
      ['taxnum', '123-45-67890'],
    ];
    for (const [kind, raw] of cases) {
      expect(unmask(kind, applyMask(kind, raw))).toBe(raw);
    }
  });

  it('throws for an unknown mask', () => {
    expect(() => unmask('zip', '1')).toThrow(/Unknown mask "zip"/);
  });
});

describe('onlyDigits', () => {
  it('keeps ASCII digits only', () => {
    expect(onlyDigits('a1b2 3-4')).toBe('1234');
    expect(onlyDigits('１２')).toBe(''); // full-width digits are not ASCII digits
  });
});
