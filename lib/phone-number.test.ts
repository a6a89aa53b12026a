// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { phoneGroups, phoneMaxDigits } from './phone-number';

describe('phoneGroups: Korean numbering', () => {
  it.each([
    // Seoul: a two-digit area code, a three- or four-digit exchange.
    ['021234567', ['02', '123', '4567']],
    ['0212345678', ['02', '1234', '5678']],
    ['02123456789', ['02', '1234', '5678']],
    // Other areas, mobile, internet phones: a three-digit code.
    ['0311234567', ['031', '123', '4567']],
    ['03112345678', ['031', '1234', '5678']],
    ['0101234567', ['010', '123', '4567']],
    ['01012345678', ['010', '1234', '5678']],
    ['07012345678', ['070', '1234', '5678']],
    // A representative number: 4 + 4.
    ['15881234', ['1588', '1234']],
    ['158812345', ['1588', '1234']],
    // Half typed: only the groups reached.
    ['', []],
    ['0', ['0']],
    ['02', ['02']],
    ['0212', ['02', '12']],
    ['02123', ['02', '123']],
    ['021234', ['02', '123', '4']],
    ['010', ['010']],
    ['0101', ['010', '1']],
    ['0101234', ['010', '123', '4']],
    ['1588', ['1588']],
    ['15881', ['1588', '1']],
    // Digits hidden by masking keep their places.
    ['02***4567', ['02', '***', '4567']],
    ['010****5678', ['010', '****', '5678']],
  ])('%s → %j', (digits, groups) => {
    expect(phoneGroups(digits)).toEqual(groups);
  });

  it('knows how long each kind of number is', () => {
    expect([phoneMaxDigits('02'), phoneMaxDigits('010'), phoneMaxDigits('031'), phoneMaxDigits('1588')]).toEqual([
      10, 11, 11, 8,
    ]);
  });
});
