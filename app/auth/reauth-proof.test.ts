import { afterEach, describe, expect, it } from 'vitest';
import { useSessionStore, type SessionState } from '../stores/session';
import { reauthInForce, rememberReauth } from './reauth-proof';

const asUser = (tokenKey: string) =>
  useSessionStore.setState({
    user: { tokenKey, userId: 'buyer' } as SessionState['user'],
    tokens: { accessToken: 'a', refreshToken: null, tokenExpiredTimestamp: null, timeDifference: 0 },
  });

describe('the password check kept for my account', () => {
  afterEach(() => {
    useSessionStore.getState().clear();
    sessionStorage.clear();
  });

  it('holds until the server’s instant, for the session that made it only', () => {
    asUser('S1');
    expect(reauthInForce()).toBe(false);
    const now = Date.parse('2026-11-25T12:00:00Z');
    rememberReauth('2026-11-25T12:10:00Z');
    expect(reauthInForce(now)).toBe(true);
    expect(reauthInForce(Date.parse('2026-11-25T12:10:01Z'))).toBe(false);
    // Another login in this tab does not inherit it.
    asUser('S2');
    expect(reauthInForce(now)).toBe(false);
  });
});
