// @vitest-environment node
import { ApiError } from '../api/api-error';
import { describe, expect, it, vi } from 'vitest';
import type { LoginCheckAnswer, LoginPayload, Result } from './auth-api';
import type { GuardTarget } from './guard-decisions';
import type { LoginMode } from './login-mode';
import { runGuard, type GuardDeps } from './run-guard';

const NOW = 1_700_000_000_000;

const target = (over: Partial<GuardTarget> = {}): GuardTarget => ({
  pathname: '/prList',
  search: '',
  hash: '',
  isCyber: false,
  isPublic: false,
  extraAuth: true,
  ...over,
});

const payload = { code: 'OK', user: { userId: 'kim' }, menus: [], codes: {} } as unknown as LoginPayload;
const okLogin: Result<{ data: LoginPayload }> = { ok: true, data: payload };
const check = (code: string, extra: Partial<LoginCheckAnswer> = {}): Result<{ data: LoginCheckAnswer }> => ({
  ok: true,
  data: { code, path: '/prList', ...extra } as LoginCheckAnswer,
});

interface Fake {
  deps: GuardDeps;
  events: string[];
}

/** Deps that record what the guard did, in order. */
function fake(
  over: {
    loggedIn?: boolean;
    expiresAt?: number | null;
    portal?: 'I' | 'X' | null;
    menusLoaded?: boolean;
    mode?: LoginMode;
    nextMode?: LoginMode | null;
    mainScreen?: boolean;
    checks?: Array<Result<{ data: LoginCheckAnswer }>>;
    refresh?: 'ok' | 'expired' | 'failed';
    sso?: Result<{ data: LoginPayload }>;
    adLogin?: Result<{ data: LoginPayload }>;
    externalHost?: string | null;
    hostname?: string;
  } = {},
): Fake {
  const events: string[] = [];
  const checks = [...(over.checks ?? [check('OK')])];
  let nextMode = over.nextMode ?? null;
  const deps: GuardDeps = {
    api: {
      loginCheck: vi.fn(async (path: string, isCyber: boolean, store: 'Y' | 'N') => {
        events.push(`loginCheck ${path} ${isCyber ? 'Y' : 'N'} store=${store}`);
        return checks.shift() ?? check('OK');
      }),
      loginSso: vi.fn(async (token: string) => {
        events.push(`sso ${token}`);
        return over.sso ?? okLogin;
      }),
      cyberAdLogin: vi.fn(async (userId: string, token: string) => {
        events.push(`cyberAdLogin ${userId} ${token}`);
        return over.adLogin ?? okLogin;
      }),
      dwpAuth: vi.fn(async () => ({ type: over.mode ?? 'AD', loginUri: '/auth/login', logoutUri: '', verifyUri: '' })),
    },
    refresh: vi.fn(async () => {
      events.push('refresh');
      return over.refresh ?? 'ok';
    }),
    now: () => NOW,
    session: () => ({
      loggedIn: over.loggedIn ?? false,
      tokenExpiredTimestamp: over.expiresAt === undefined ? NOW + 600_000 : over.expiresAt,
      timeDifference: 0,
      portal: over.portal ?? null,
      menusLoaded: over.menusLoaded ?? true,
    }),
    mainScreenShown: () => over.mainScreen ?? false,
    nextMode: () => nextMode,
    setNextMode: (m) => {
      nextMode = m;
      events.push(`nextMode ${m}`);
    },
    setMoveUrl: (u) => events.push(`moveUrl ${u}`),
    clearSession: () => events.push('clearSession'),
    storeLoginCheck: (a) => events.push(`storeLoginCheck ${a.code}`),
    storeLogin: (_p, tokens) => {
      events.push(`storeLogin ${tokens.accessToken ?? '-'} ${tokens.refreshToken ?? '-'}`);
      return true;
    },
    alert: async (a) => {
      events.push(`alert ${a.titleKey} ${a.messageKey}`);
    },
    setCyber: (c) => events.push(`setCyber ${c}`),
    hostname: over.hostname ?? 'gpms.example.com',
    externalHost: over.externalHost ?? null,
  };
  return { deps, events };
}

describe('runGuard: public routes and the login check', () => {
  it('stores the target portal first, then lets a public page through without a call', async () => {
    const f = fake();
    expect(await runGuard(target({ isPublic: true, extraAuth: false, isCyber: true }), f.deps)).toBeNull();
    expect(f.events).toEqual(['setCyber true']);
  });

  it('logged in: login check with the target path and the target portal → OK proceeds', async () => {
    const f = fake({ loggedIn: true });
    expect(await runGuard(target({ pathname: '/cyber/prCheckList', isCyber: true }), f.deps)).toBeNull();
    expect(f.events).toEqual(['setCyber true', 'loginCheck /cyber/prCheckList Y store=N']);
  });

  it('asks for user, menus and codes when the app has none (after a reload) and keeps them', async () => {
    const f = fake({ loggedIn: true, menusLoaded: false, checks: [check('OK', { user: {} as never, menus: [] })] });
    expect(await runGuard(target(), f.deps)).toBeNull();
    expect(f.events).toEqual(['setCyber false', 'loginCheck /prList N store=Y', 'storeLoginCheck OK']);
  });

  it('GPMS005 with the main screen up: alert (login info / logout timeout) BEFORE leaving for the login page', async () => {
    const f = fake({ loggedIn: true, portal: 'I', mainScreen: true, checks: [check('GPMS005')] });
    expect(await runGuard(target({ search: '?q=1' }), f.deps)).toEqual({ redirect: '/login' });
    expect(f.events).toEqual([
      'setCyber false',
      'loginCheck /prList N store=N',
      'alert login.infoTitle login.logoutTimeout',
      'clearSession',
      'moveUrl /prList?q=1',
    ]);
  });

  it('the database out of reach (503): no redirect to /info500 — the route shows "try again shortly" at the same address, and the login is kept', async () => {
    for (const code of ['DATABASE_UNAVAILABLE', 'HTTP_503']) {
      const f = fake({
        loggedIn: true,
        checks: [{ ok: false, status: 503, code, msg: '데이터베이스에 연결할 수 없습니다' }],
      });
      const outcome = runGuard(target(), f.deps);
      await expect(outcome).rejects.toBeInstanceOf(ApiError);
      await expect(outcome).rejects.toMatchObject({ status: 503, code: 'DATABASE_UNAVAILABLE' });
      expect(f.events).toEqual(['setCyber false', 'loginCheck /prList N store=N']);
    }
    // Any other failure still goes to /info500 (spec §4).
    const other = fake({ loggedIn: true, checks: [{ ok: false, status: 500, code: 'INTERNAL', msg: null }] });
    expect(await runGuard(target(), other.deps)).toEqual({ redirect: '/info500' });
  });

  it('GPMS005 on a fresh page: no alert', async () => {
    const f = fake({ loggedIn: true, checks: [check('GPMS005')] });
    expect(await runGuard(target({ extraAuth: false }), f.deps)).toEqual({ redirect: '/login' });
    expect(f.events.some((e) => e.startsWith('alert'))).toBe(false);
  });

  it('GPMS006 → /info401; other codes and a failed check → /info500', async () => {
    expect(await runGuard(target(), fake({ loggedIn: true, checks: [check('GPMS006')] }).deps)).toEqual({
      redirect: '/info401',
    });
    expect(await runGuard(target(), fake({ loggedIn: true, checks: [check('WHAT')] }).deps)).toEqual({
      redirect: '/info500',
    });
    expect(
      await runGuard(
        target(),
        fake({ loggedIn: true, checks: [{ ok: false, status: 0, code: 'NETWORK', msg: null }] }).deps,
      ),
    ).toEqual({ redirect: '/info500' });
  });
});

describe('runGuard: not logged in (attempt login)', () => {
  it('AD mode: the login page, remembering the deep link, no server call', async () => {
    const f = fake({ mode: 'AD' });
    expect(await runGuard(target({ pathname: '/portal/author/userSessionManage' }), f.deps)).toEqual({
      redirect: '/login',
    });
    expect(f.events).toEqual(['setCyber false', 'clearSession', 'moveUrl /portal/author/userSessionManage']);
  });

  it('the next-mode override wins over the configured mode', async () => {
    const f = fake({ mode: 'SSO_AD', nextMode: 'AD' });
    expect(await runGuard(target(), f.deps)).toEqual({ redirect: '/login' });
    expect(f.events).not.toContain('sso');
  });

  it('SSO mode with a token: log in, then go to the address without the token', async () => {
    const f = fake({ mode: 'SSO' });
    expect(await runGuard(target({ search: '?accessToken=tok' }), f.deps)).toEqual({ redirect: '/prList' });
    expect(f.events).toEqual(['setCyber false', 'sso tok', 'storeLogin - -']);
  });

  it('SSO mode without a token: /authReq?error=AUTH003 (the server’s answer for nobody)', async () => {
    const f = fake({ mode: 'SSO' });
    expect(await runGuard(target(), f.deps)).toEqual({ redirect: '/authReq?error=AUTH003' });
  });

  it('SSO mode, refused: /authReq with the code', async () => {
    const f = fake({ mode: 'SSO', sso: { ok: false, status: 401, code: 'AUTH101', msg: null } });
    expect(await runGuard(target({ search: '?accessToken=t' }), f.deps)).toEqual({
      redirect: '/authReq?error=AUTH101',
    });
  });

  it('SSO with AD fallback, refused: the override becomes AD and the login form shows', async () => {
    const f = fake({ mode: 'SSO_AD', sso: { ok: false, status: 401, code: 'AUTH003', msg: null } });
    expect(await runGuard(target({ search: '?accessToken=t' }), f.deps)).toEqual({ redirect: '/login' });
    expect(f.events).toContain('nextMode AD');
    expect(f.events).toContain('moveUrl /prList');
  });

  it('external: /cyberLogin, or a login with the handed-over token', async () => {
    expect(await runGuard(target({ pathname: '/cyber', isCyber: true }), fake().deps)).toEqual({
      redirect: '/cyberLogin',
    });
    const f = fake();
    const out = await runGuard(
      target({ pathname: '/cyber', isCyber: true, search: '?userId=supplier1&refreshToken=r&accessToken=a' }),
      f.deps,
    );
    expect(out).toEqual({ redirect: '/cyber?userId=supplier1' });
    expect(f.events).toContain('cyberAdLogin supplier1 a');
    expect(f.events).toContain('storeLogin a r');
  });

  it('external token login refused: /cyberAuthReq with the code', async () => {
    const f = fake({ adLogin: { ok: false, status: 401, code: 'AUTH006', msg: null } });
    expect(
      await runGuard(target({ pathname: '/cyber', isCyber: true, search: '?userId=u&accessToken=a' }), f.deps),
    ).toEqual({ redirect: '/cyberAuthReq?error=AUTH006' });
  });
});

describe('runGuard: logged in with an expired token (verify)', () => {
  it('refreshes, then checks as usual', async () => {
    const f = fake({ loggedIn: true, expiresAt: NOW - 1 });
    expect(await runGuard(target(), f.deps)).toBeNull();
    expect(f.events).toEqual(['setCyber false', 'refresh', 'loginCheck /prList N store=N']);
  });

  it('external, expired: the session-expiry logout (alert, clear, /integration?type=l)', async () => {
    const f = fake({ loggedIn: true, expiresAt: NOW - 1, refresh: 'expired' });
    expect(await runGuard(target({ pathname: '/cyber/deliverInfo', isCyber: true }), f.deps)).toEqual({
      redirect: '/integration?type=l',
    });
    expect(f.events).toEqual([
      'setCyber true',
      'refresh',
      'alert login.infoTitle session.expiredLogout',
      'clearSession',
      'moveUrl /cyber/deliverInfo',
    ]);
  });

  it('internal, expired: log in again (AD: the login page with moveUrl)', async () => {
    const f = fake({ loggedIn: true, expiresAt: NOW - 1, refresh: 'expired' });
    expect(await runGuard(target(), f.deps)).toEqual({ redirect: '/login' });
    expect(f.events).toContain('moveUrl /prList');
  });

  it('a failed verification falls back to a fresh login', async () => {
    const f = fake({ loggedIn: true, expiresAt: NOW - 1, refresh: 'failed', mode: 'SSO' });
    expect(await runGuard(target({ search: '?accessToken=new' }), f.deps)).toEqual({ redirect: '/prList' });
    expect(f.events).toEqual(['setCyber false', 'refresh', 'sso new', 'storeLogin - -']);
  });
});

describe('runGuard: the external host (spec §2)', () => {
  it('sends other paths to /cyber before anything else', async () => {
    const f = fake({ externalHost: 'partner.example.com', hostname: 'partner.example.com' });
    expect(await runGuard(target({ pathname: '/login', isPublic: true, extraAuth: false }), f.deps)).toEqual({
      redirect: '/cyber',
    });
    expect(f.events).toEqual([]);
  });
});
