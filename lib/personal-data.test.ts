// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { maskPhone as formatPhone } from './mask';
import { isMaskedPersonal, maskEmail, maskPhone } from './personal-data';

describe('maskPhone', () => {
  it('hides the exchange of the number grouped as Korean numbers are', () => {
    expect(maskPhone('010-1234-5678')).toBe('010-****-5678');
    expect(maskPhone('01012345678')).toBe('010-****-5678');
    expect(maskPhone('031 123 4567')).toBe('031-***-4567');
    expect(maskPhone('02-123-4567')).toBe('02-***-4567');
    expect(maskPhone('02-1234-5678')).toBe('02-****-5678');
    expect(maskPhone('1588-1234')).toBe('1588-****');
  });
  it('hides every digit of a short number and keeps null', () => {
    expect(maskPhone('1234')).toBe('****');
    expect(maskPhone(null)).toBeNull();
    expect(maskPhone(undefined)).toBeNull();
  });
  it('displays through the grid phone mask in the same shape', () => {
    expect(formatPhone(maskPhone('010-1234-5678')!)).toBe('010 - **** - 5678');
    expect(formatPhone(maskPhone('02-992-0890')!)).toBe('02 - *** - 0890');
  });
});

describe('maskEmail', () => {
  it('keeps two characters of the local part and the domain', () => {
    expect(maskEmail('hong.gildong@example.co.kr')).toBe('ho**********@example.co.kr');
    expect(maskEmail('ab@x.kr')).toBe('a*@x.kr');
    expect(maskEmail('a@x.kr')).toBe('*@x.kr');
  });
  it('hides a value that is not an address', () => {
    expect(maskEmail('nobody')).toBe('******');
    expect(maskEmail(null)).toBeNull();
  });
  it('recognises masked values', () => {
    expect(isMaskedPersonal(maskEmail('hong.gildong@example.co.kr'))).toBe(true);
    expect(isMaskedPersonal(maskPhone('010-1234-5678'))).toBe(true);
    expect(isMaskedPersonal('010-1234-5678')).toBe(false);
  });
});
