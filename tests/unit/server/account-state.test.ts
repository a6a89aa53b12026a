// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { accountBlocker, passwordExpired, type AccountRow } from '../../../server/auth/account-state.js';
import { passwordProblem } from '../../../server/auth/password-policy.js';

const ok: AccountRow = {
  userId: 'u',
  portal: 'I',
  useFlag: 'Y',
  status: 'NORMAL',
  passwordHash: 'h',
  passwordExpiresAt: null,
  lockedAt: null,
  failedLoginCount: 0,
  groupUseYn: 'Y',
};

describe('accountBlocker (spec §8 account codes)', () => {
  it('lets a normal account through', () => expect(accountBlocker(ok)).toBeNull());
  it('AUTH102 when locked, before anything else', () =>
    expect(accountBlocker({ ...ok, lockedAt: new Date(), status: 'DORMANT', useFlag: 'N' })).toBe('AUTH102'));
  it('AUTH101 when dormant', () => expect(accountBlocker({ ...ok, status: 'DORMANT' })).toBe('AUTH101'));
  it('AUTH100 when disabled or abnormal', () => {
    expect(accountBlocker({ ...ok, useFlag: 'N' })).toBe('AUTH100');
    expect(accountBlocker({ ...ok, status: 'ABNORMAL' })).toBe('AUTH100');
  });
  it('AUTH100 when the authority group is deactivated (or missing)', () => {
    expect(accountBlocker({ ...ok, groupUseYn: 'N' })).toBe('AUTH100');
    expect(accountBlocker({ ...ok, groupUseYn: null })).toBe('AUTH100');
  });
  it('AUTH015 without a password', () => expect(accountBlocker({ ...ok, passwordHash: null })).toBe('AUTH015'));
});

describe('passwordExpired', () => {
  const now = new Date('2026-11-22T10:00:00Z');
  it('never expires without a date', () => expect(passwordExpired(ok, now)).toBe(false));
  it('is expired at and after the date', () => {
    expect(passwordExpired({ ...ok, passwordExpiresAt: now }, now)).toBe(true);
    expect(passwordExpired({ ...ok, passwordExpiresAt: new Date(now.getTime() + 1) }, now)).toBe(false);
  });
});

describe('passwordProblem', () => {
  it('accepts a strong password', () => expect(passwordProblem('Newpass!2026', 'opadmin')).toBeNull());
  it('refuses short, long, plain and id-containing passwords', () => {
    expect(passwordProblem('Ab1!', 'x')).toBe('length');
    expect(passwordProblem(`Aa1!${'x'.repeat(61)}`, 'y')).toBe('length');
    expect(passwordProblem('alllowercase', 'x')).toBe('variety');
    expect(passwordProblem('Opadmin!2026', 'opadmin')).toBe('containsId');
  });
});
