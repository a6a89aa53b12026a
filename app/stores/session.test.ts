import { beforeEach, describe, expect, it } from 'vitest';
import { SESSION_STORAGE_KEY, useSessionStore, type LoginData, type SessionTokens } from './session';

const kim: LoginData = {
  auth: 'U',
  authGroupId: '30',
  section: 'HQ',
  deptcd: 'D100',
  deptnm: '구매팀',
  hname: '김구매',
  singleid: 'kim.gm',
};
const tokens: SessionTokens = {
  accessToken: 'a.b.c',
  refreshToken: 'r1',
  tokenExpiredTimestamp: 1_000,
  timeDifference: 0,
};

function stored(): unknown {
  const raw = sessionStorage.getItem(SESSION_STORAGE_KEY);
  return raw === null ? null : (JSON.parse(raw) as { state: unknown }).state;
}

describe('session store', () => {
  beforeEach(() => {
    useSessionStore.getState().clear();
    sessionStorage.clear();
    localStorage.clear();
  });

  it('keeps login data and tokens in sessionStorage, never localStorage (lost with the tab, spec §4)', () => {
    useSessionStore.getState().setLogin({
      loginData: kim,
      tokens,
      menus: [{ pgmId: 'M1', pgmName: '구매', sspUrl: '/pr', leaf: 'T' }],
      codes: { YN: [{ value: 'Y', text: '예' }] },
    });
    expect(stored()).toEqual({ loginData: kim, user: null, tokens });
    expect(localStorage.length).toBe(0);
    const s = useSessionStore.getState();
    expect(s.isLoggedIn).toBe(true);
    expect(s.menus).toHaveLength(1);
    expect(s.codes.YN[0]).toEqual({ value: 'Y', text: '예' });
  });

  it('does not write menus or codes to storage: they are refetched (loginCheck store=Y)', () => {
    useSessionStore
      .getState()
      .setLogin({ loginData: kim, menus: [{ pgmId: 'M1', pgmName: '구매', sspUrl: '/pr', leaf: 'T' }] });
    expect(JSON.stringify(stored())).not.toContain('M1');
  });

  it('comes back logged in from sessionStorage after a reload, with menus and codes to refetch', async () => {
    sessionStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ state: { loginData: kim, tokens }, version: 2 }));
    await useSessionStore.persist.rehydrate();
    const s = useSessionStore.getState();
    expect(s.loginData).toEqual(kim);
    expect(s.tokens).toEqual(tokens);
    expect(s.isLoggedIn).toBe(true);
    expect(s.menus).toEqual([]);
  });

  it('reads what the previous version stored (login data only)', async () => {
    sessionStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ state: { loginData: kim }, version: 1 }));
    await useSessionStore.persist.rehydrate();
    expect(useSessionStore.getState().loginData).toEqual(kim);
    expect(useSessionStore.getState().tokens).toBeNull();
  });

  it('replaces the tokens alone after a verify', () => {
    useSessionStore.getState().setLogin({ loginData: kim, tokens });
    useSessionStore.getState().setTokens({ ...tokens, accessToken: 'new', refreshToken: 'r2' });
    expect(useSessionStore.getState().tokens?.refreshToken).toBe('r2');
    expect(useSessionStore.getState().loginData).toEqual(kim);
  });

  it('forgets everything on clear', () => {
    useSessionStore.getState().setLogin({ loginData: kim, tokens });
    useSessionStore.getState().clear();
    expect(useSessionStore.getState().isLoggedIn).toBe(false);
    expect(stored()).toEqual({ loginData: null, user: null, tokens: null });
  });
});
