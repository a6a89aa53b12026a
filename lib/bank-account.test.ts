// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isMaskedBankAccount, maskBankAccount } from './bank-account';

describe('maskBankAccount', () => {
  it('hides every digit but the last four and keeps the hyphens', () => {
    expect(maskBankAccount('123-456789-01-234')).toBe('***-******-*1-234');
    expect(maskBankAccount('1234567890')).toBe('******7890');
  });
  it('leaves short and empty values as they are', () => {
    expect(maskBankAccount('1234')).toBe('1234');
    expect(maskBankAccount('')).toBe('');
    expect(maskBankAccount(null)).toBeNull();
  });
  it('recognises a masked value', () => {
    expect(isMaskedBankAccount(maskBankAccount('123-456789-01-234'))).toBe(true);
    expect(isMaskedBankAccount('123-456789-01-234')).toBe(false);
    expect(isMaskedBankAccount(null)).toBe(false);
  });
});
