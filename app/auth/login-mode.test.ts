// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  configuredLoginMode,
  effectiveLoginMode,
  nextModeAfterAdSuccess,
  nextModeAfterSsoFailure,
  usesSso,
} from './login-mode';

describe('login modes and the next-mode override (spec §4)', () => {
  it('reads the configured mode, AD when unknown', () => {
    expect(configuredLoginMode('SSO_AD')).toBe('SSO_AD');
    expect(configuredLoginMode('LDAP')).toBe('AD');
    expect(configuredLoginMode(undefined)).toBe('AD');
  });

  it('lets a stored next mode override the configured one', () => {
    expect(effectiveLoginMode('SSO_AD', null)).toBe('SSO_AD');
    expect(effectiveLoginMode('SSO_AD', 'AD')).toBe('AD');
  });

  it('clears the override after an AD success', () => {
    expect(nextModeAfterAdSuccess()).toBeNull();
  });

  it('sets the override to AD after an SSO failure in the combined mode only', () => {
    expect(nextModeAfterSsoFailure('SSO_AD', null)).toBe('AD');
    expect(nextModeAfterSsoFailure('SSO', null)).toBeNull();
    expect(nextModeAfterSsoFailure('AD', null)).toBeNull();
  });

  it('knows which modes try single sign-on first', () => {
    expect([usesSso('AD'), usesSso('SSO'), usesSso('SSO_AD')]).toEqual([false, true, true]);
  });
});
