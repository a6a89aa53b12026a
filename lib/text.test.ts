// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  byteLength,
  charLength,
  enforceLength,
  isRequiredFilled,
  lengthCounter,
  truncateToBytes,
  truncateToChars,
} from './text';

const EMOJI = '\u{1F600}'; // 😀, one code point, two UTF-16 units

describe('byteLength', () => {
  it('counts 1 byte up to and including 0x7F', () => {
    expect(byteLength('')).toBe(0);
    expect(byteLength('\u0000')).toBe(1);
    expect(byteLength('a')).toBe(1);
    expect(byteLength('\u007F')).toBe(1);
  });

  it('counts 2 bytes from 0x80 up to and including 0x7FF', () => {
    expect(byteLength('\u0080')).toBe(2);
    expect(byteLength('é')).toBe(2);
    expect(byteLength('\u07FF')).toBe(2);
  });

  it('counts 3 bytes above 0x7FF', () => {
    expect(byteLength('\u0800')).toBe(3);
    expect(byteLength('가')).toBe(3);
    expect(byteLength('\uFFFF')).toBe(3);
  });

  it('counts a surrogate pair as one character above 0x7FF: 3 bytes, not 4 or 6', () => {
    expect(EMOJI.length).toBe(2);
    expect(byteLength(EMOJI)).toBe(3);
    expect(byteLength('\u{20000}')).toBe(3); // CJK extension B
  });

  it('counts a lone surrogate as 3', () => {
    expect(byteLength('\uD800')).toBe(3);
    expect(byteLength('a\uDC00b')).toBe(5);
  });

  it('adds mixed text', () => {
    expect(byteLength('가a é' + EMOJI)).toBe(3 + 1 + 1 + 2 + 3);
    expect(byteLength('홍길동')).toBe(9);
  });
});

describe('charLength', () => {
  it('counts code points', () => {
    expect(charLength('')).toBe(0);
    expect(charLength('abc')).toBe(3);
    expect(charLength('홍길동')).toBe(3);
    expect(charLength(EMOJI + EMOJI)).toBe(2);
    expect((EMOJI + EMOJI).length).toBe(4);
  });
});

describe('truncateToBytes', () => {
  it('keeps a string that fits exactly', () => {
    expect(truncateToBytes('가나', 6)).toBe('가나');
    expect(truncateToBytes('abc', 3)).toBe('abc');
  });

  it('never splits a 3-byte character', () => {
    expect(truncateToBytes('가나', 5)).toBe('가');
    expect(truncateToBytes('가나', 4)).toBe('가');
    expect(truncateToBytes('가나', 3)).toBe('가');
    expect(truncateToBytes('가나', 2)).toBe('');
  });

  it('never splits a surrogate pair', () => {
    expect(truncateToBytes('a' + EMOJI + 'b', 3)).toBe('a');
    expect(truncateToBytes('a' + EMOJI + 'b', 4)).toBe('a' + EMOJI);
    expect(truncateToBytes('a' + EMOJI + 'b', 5)).toBe('a' + EMOJI + 'b');
  });

  it('stops at the first character that does not fit even if a later one would', () => {
    expect(truncateToBytes('가a', 2)).toBe('');
  });

  it('handles 2-byte characters at the boundary', () => {
    expect(truncateToBytes('aé', 2)).toBe('a');
    expect(truncateToBytes('aé', 3)).toBe('aé');
  });

  it('treats 0 and negatives as empty, floors fractions, keeps all for Infinity', () => {
    expect(truncateToBytes('abc', 0)).toBe('');
    expect(truncateToBytes('abc', -1)).toBe('');
    expect(truncateToBytes('abc', 2.9)).toBe('ab');
    expect(truncateToBytes('가나다', Infinity)).toBe('가나다');
  });

  it('rejects NaN', () => {
    expect(() => truncateToBytes('abc', Number.NaN)).toThrow(RangeError);
  });
});

describe('truncateToChars', () => {
  it('cuts by code point', () => {
    expect(truncateToChars(EMOJI + EMOJI + 'a', 2)).toBe(EMOJI + EMOJI);
    expect(truncateToChars('홍길동', 2)).toBe('홍길');
    expect(truncateToChars('홍길동', 3)).toBe('홍길동');
    expect(truncateToChars('홍길동', 0)).toBe('');
  });
});

describe('isRequiredFilled', () => {
  it.each([
    [null],
    [undefined],
    [''],
    [' '],
    ['\t\n'],
    ['\u3000'], // ideographic space from a Korean IME
    ['\u00A0'],
    [[]],
    [Number.NaN],
    [new Date('invalid')],
  ])('treats %j as empty', (v) => {
    expect(isRequiredFilled(v)).toBe(false);
  });

  it.each([['a'], [' a '], ['0'], [0], [false], [['x']], [new Date(0)], [{}]])('treats %j as filled', (v) => {
    expect(isRequiredFilled(v)).toBe(true);
  });
});

describe('lengthCounter', () => {
  it('counts bytes against maxlength', () => {
    expect(lengthCounter('가a', { maxlength: 10 })).toEqual({ used: 4, max: 10, unit: 'byte', exceeded: false });
  });

  it('is not exceeded at exactly the limit and is one byte over', () => {
    expect(lengthCounter('가나', { maxlength: 6 }).exceeded).toBe(false);
    expect(lengthCounter('가나a', { maxlength: 6 }).exceeded).toBe(true);
  });

  it('counts characters against maxRealLength', () => {
    expect(lengthCounter('가나' + EMOJI, { maxRealLength: 3 })).toEqual({
      used: 3,
      max: 3,
      unit: 'char',
      exceeded: false,
    });
    expect(lengthCounter('가나다라', { maxRealLength: 3 }).exceeded).toBe(true);
  });

  it('prefers maxRealLength when both are given', () => {
    expect(lengthCounter('가나', { maxlength: 4, maxRealLength: 5 })).toEqual({
      used: 2,
      max: 5,
      unit: 'char',
      exceeded: false,
    });
  });

  it('has no max without limits', () => {
    expect(lengthCounter('가나')).toEqual({ used: 2, max: null, unit: 'char', exceeded: false });
  });

  it('accepts a 0 limit', () => {
    expect(lengthCounter('a', { maxlength: 0 })).toEqual({ used: 1, max: 0, unit: 'byte', exceeded: true });
  });
});

describe('enforceLength', () => {
  it('uses the same precedence as the counter', () => {
    expect(enforceLength('가나다', { maxlength: 6 })).toBe('가나');
    expect(enforceLength('가나다', { maxlength: 6, maxRealLength: 3 })).toBe('가나다');
    expect(enforceLength('가나다', {})).toBe('가나다');
  });
});
