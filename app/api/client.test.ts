// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import type { SessionTokens } from '../stores/session';
import { createApiClient, formBody, type RefreshOutcome } from './client';
import type { HttpEffects } from './http-effects';

type Answer = { status?: number; body?: unknown };

/** Records what the client would have sent and answers from a script (or the same JSON every time). */
function recordingFetch(answers: Answer | ((req: Request, n: number) => Answer)) {
  const sent: Request[] = [];
  const fetch = async (input: RequestInfo | URL) => {
    const req = input as Request;
    sent.push(req);
    const a = typeof answers === 'function' ? answers(req, sent.length) : answers;
    return new Response(JSON.stringify(a.body ?? {}), {
      status: a.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  return { sent, fetch: fetch as typeof globalThis.fetch };
}

function fakeEffects() {
  const log: string[] = [];
  const effects: HttpEffects = {
    alert: vi.fn(async ({ title, message, detail }) => {
      log.push(`alert ${title} | ${message}${detail ? ` | ${detail}` : ''}`);
    }),
    navigate: (to) => log.push(`navigate ${to}`),
    currentPath: () => '/prList?x=1',
    hideLoader: () => log.push('hideLoader'),
    clearSession: () => log.push('clearSession'),
    rememberMoveUrl: (u) => log.push(`moveUrl ${u}`),
    message: (key) => `«${key}»`,
    translate: (msg) => `t(${msg})`,
  };
  return { effects, log };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('api client: headers (spec §7)', () => {
  it('adds the portal header read at request time and the no-cache pair', async () => {
    const { sent, fetch } = recordingFetch({ body: { consts: {}, locale: [], message: {} } });
    let cyber = false;
    const client = createApiClient({
      baseUrl: 'http://localhost',
      isCyber: () => cyber,
      fetch,
      tokens: () => null,
      loader: false,
    });
    await client.GET('/api/v1/common/resources');
    cyber = true;
    const { data } = await client.GET('/api/v1/common/resources', { params: { query: { lang: 'en' } } });
    expect(data).toEqual({ consts: {}, locale: [], message: {} });
    expect(sent.map((r) => r.headers.get('IsCyber'))).toEqual(['N', 'Y']);
    expect(sent[0].headers.get('Cache-Control')).toBe('no-cache');
    expect(sent[0].headers.get('Pragma')).toBe('no-cache');
    expect(new URL(sent[1].url).search).toBe('?lang=en');
  });

  it('after login sends the bearer, access- and refresh-token headers by default; a request naming its own bearer keeps it', async () => {
    const { sent, fetch } = recordingFetch({ body: [] });
    let tokens: SessionTokens | null = null;
    const client = createApiClient({ baseUrl: 'http://localhost', fetch, tokens: () => tokens, loader: false });
    await client.GET('/api/v1/menus');
    tokens = { accessToken: 'acc', refreshToken: 'ref', tokenExpiredTimestamp: null, timeDifference: 0 };
    await client.GET('/api/v1/menus');
    await client.GET('/api/v1/login', { headers: { Authorization: 'Bearer other', IsCyber: 'N' } });
    expect(sent[0].headers.has('Authorization')).toBe(false);
    expect([
      sent[1].headers.get('Authorization'),
      sent[1].headers.get('AccessToken'),
      sent[1].headers.get('RefreshToken'),
    ]).toEqual(['Bearer acc', 'acc', 'ref']);
    expect(sent[2].headers.get('Authorization')).toBe('Bearer other');
  });

  it('leaves the default IsCyber off the login check, which names its target portal itself', async () => {
    const { sent, fetch } = recordingFetch({ body: { code: 'OK', path: '/cyber' } });
    const client = createApiClient({
      baseUrl: 'http://localhost',
      isCyber: () => false,
      fetch,
      tokens: () => null,
      loader: false,
    });
    await client.GET('/api/v1/loginCheck', { params: { query: { path: '/cyber' } } });
    await client.GET('/api/v1/loginCheck', { params: { query: { path: '/cyber' } }, headers: { IsCyber: 'Y' } });
    expect(sent[0].headers.has('IsCyber')).toBe(false);
    expect(sent[1].headers.get('IsCyber')).toBe('Y');
  });

  it('sends login forms url-encoded', async () => {
    const { sent, fetch } = recordingFetch({ body: { code: 'OK' } });
    const client = createApiClient({ baseUrl: 'http://localhost', fetch, tokens: () => null, loader: false });
    await client.POST('/api/v1/cyberLogin', formBody({ userId: 'supplier1', userPw: 'p&w', optGubun: 'SMS' as const }));
    expect(sent[0].headers.get('Content-Type')).toBe('application/x-www-form-urlencoded');
    expect(await sent[0].text()).toBe('userId=supplier1&userPw=p%26w&optGubun=SMS');
  });
});

describe('api client: expired access token (AUTH008)', () => {
  const expiredThenOk = (req: Request, n: number): Answer =>
    req.headers.get('Authorization') === 'Bearer old'
      ? { status: 401, body: { statusCode: 401, code: 'AUTH008', msg: '토큰이 만료되었습니다.' } }
      : { body: [{ n }] };

  it('refreshes once and retries the request with the new token, body intact', async () => {
    const { sent, fetch } = recordingFetch(expiredThenOk);
    let tokens: SessionTokens = {
      accessToken: 'old',
      refreshToken: 'r1',
      tokenExpiredTimestamp: null,
      timeDifference: 0,
    };
    const refresh = vi.fn(async (): Promise<RefreshOutcome> => {
      tokens = { ...tokens, accessToken: 'new', refreshToken: 'r2' };
      return 'ok';
    });
    const { effects, log } = fakeEffects();
    const client = createApiClient({
      baseUrl: 'http://localhost',
      fetch,
      tokens: () => tokens,
      refresh,
      effects: () => effects,
      loader: false,
    });
    const { data } = await client.POST('/api/v1/menuLog', { body: { path: '/prList' } });
    expect(data).toEqual([{ n: 2 }]);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(sent.map((r) => r.headers.get('Authorization'))).toEqual(['Bearer old', 'Bearer new']);
    expect(sent[1].headers.get('RefreshToken')).toBe('r2');
    expect(await sent[1].text()).toBe('{"path":"/prList"}');
    await settle();
    expect(log).toEqual([]);
  });

  it('when the refresh fails: the session-expiry logout (alert, clear, /integration?type=l)', async () => {
    const { fetch } = recordingFetch(expiredThenOk);
    const tokens: SessionTokens = {
      accessToken: 'old',
      refreshToken: 'r1',
      tokenExpiredTimestamp: null,
      timeDifference: 0,
    };
    const { effects, log } = fakeEffects();
    const client = createApiClient({
      baseUrl: 'http://localhost',
      fetch,
      tokens: () => tokens,
      refresh: async () => 'expired',
      effects: () => effects,
      loader: false,
    });
    const { error } = await client.GET('/api/v1/menus');
    expect(error).toMatchObject({ code: 'AUTH008' });
    await settle();
    expect(log).toEqual([
      'hideLoader',
      'moveUrl /prList?x=1',
      'alert «login.infoTitle» | «session.expiredLogout»',
      'clearSession',
      'navigate /integration?type=l',
    ]);
  });

  it('never retries an auth URL', async () => {
    const { sent, fetch } = recordingFetch({ status: 401, body: { code: 'AUTH008' } });
    const refresh = vi.fn(async (): Promise<RefreshOutcome> => 'ok');
    const client = createApiClient({
      baseUrl: 'http://localhost',
      fetch,
      tokens: () => ({ accessToken: 'x', refreshToken: 'r', tokenExpiredTimestamp: null, timeDifference: 0 }),
      refresh,
      loader: false,
    });
    await client.GET('/auth/api/verify');
    expect(refresh).not.toHaveBeenCalled();
    expect(sent).toHaveLength(1);
  });
});

describe('api client: the spec §8 catalogue', () => {
  async function call(answer: Answer, path: '/api/v1/menus' | '/api/v1/loginCheck' = '/api/v1/menus', isCyber = false) {
    const { fetch } = recordingFetch(answer);
    const { effects, log } = fakeEffects();
    const client = createApiClient({
      baseUrl: 'http://localhost',
      fetch,
      tokens: () => null,
      isCyber: () => isCyber,
      effects: () => effects,
      loader: false,
    });
    const result =
      path === '/api/v1/menus' ? await client.GET(path) : await client.GET(path, { params: { query: { path: '/' } } });
    await settle();
    return { result, log };
  }

  it('GPMS005: hides the loader, remembers the page, alerts the timeout logout, clears the login, then the area’s login', async () => {
    expect((await call({ status: 401, body: { code: 'GPMS005' } })).log).toEqual([
      'hideLoader',
      'moveUrl /prList?x=1',
      'alert «login.infoTitle» | «login.logoutTimeout»',
      'clearSession',
      'navigate /login',
    ]);
    expect((await call({ status: 401, body: { code: 'GPMS005' } }, '/api/v1/menus', true)).log.at(-1)).toBe(
      'navigate /cyberLogin',
    );
  });

  it('errCode: to the root; CMM-0005: to /integration?type=l', async () => {
    expect((await call({ body: { errCode: 'X' } })).log).toEqual(['navigate /']);
    expect((await call({ status: 401, body: { errCode: 'CMM-0005' } })).log).toEqual(['navigate /integration?type=l']);
  });

  it('status alerts with the Korean message keys, the server’s words as detail', async () => {
    expect((await call({ status: 403, body: { code: 'GPMS006', msg: '접근 권한이 없습니다.' } })).log).toEqual([
      'alert «http.errorTitle» | «http.403» | t(접근 권한이 없습니다.)',
    ]);
    expect((await call({ status: 502, body: {} })).log).toEqual(['alert «http.errorTitle» | «http.502»']);
    expect((await call({ status: 409, body: { msg: 'stale' } })).log).toEqual(['alert «http.errorTitle» | t(stale)']);
  });

  it('503 DATABASE_UNAVAILABLE (or a 503 without our code): one calm "try again shortly", however many requests met it', async () => {
    const { fetch } = recordingFetch({
      status: 503,
      body: { statusCode: 503, code: 'DATABASE_UNAVAILABLE', msg: '잠시 후 다시 시도하세요' },
    });
    const { effects, log } = fakeEffects();
    let close!: () => void;
    effects.alert = vi.fn(({ title, message }) => {
      log.push(`alert ${title} | ${message}`);
      return new Promise<void>((r) => (close = r));
    });
    const client = createApiClient({
      baseUrl: 'http://localhost',
      fetch,
      tokens: () => null,
      effects: () => effects,
      loader: false,
    });
    await Promise.all([client.GET('/api/v1/menus'), client.GET('/api/v1/menus'), client.GET('/api/v1/menus')]);
    await settle();
    expect(log).toEqual(['hideLoader', 'alert «http.unavailableTitle» | «http.503»']);
    close();
    await settle();
    await client.GET('/api/v1/menus');
    await settle();
    expect(log.filter((l) => l.startsWith('alert'))).toHaveLength(2);
    close();
    await settle();
    expect((await call({ status: 503, body: {} })).log).toEqual([
      'hideLoader',
      'alert «http.unavailableTitle» | «http.503»',
    ]);
    // Another 503 of ours that will not pass by itself keeps its own words.
    expect((await call({ status: 503, body: { code: 'PRINT_FONT_MISSING', msg: '글꼴이 없습니다' } })).log).toEqual([
      'alert «http.errorTitle» | t(글꼴이 없습니다)',
    ]);
  });

  it('the login check (an auth URL) passes its answers to the caller untouched', async () => {
    const { result, log } = await call({ status: 401, body: { code: 'GPMS005' } }, '/api/v1/loginCheck');
    expect(result.error).toEqual({ code: 'GPMS005' });
    expect(log).toEqual([]);
  });

  it('a caller handling its own errors gets no alert', async () => {
    const { fetch } = recordingFetch({ status: 500, body: {} });
    const { effects, log } = fakeEffects();
    const client = createApiClient({
      baseUrl: 'http://localhost',
      fetch,
      tokens: () => null,
      effects: () => effects,
      loader: false,
    });
    await client.GET('/api/v1/menus', { passErrors: true });
    await settle();
    expect(log).toEqual([]);
  });

  it('a network failure alerts the generic error and still rejects for the caller', async () => {
    const { effects, log } = fakeEffects();
    const client = createApiClient({
      baseUrl: 'http://localhost',
      fetch: (async () => {
        throw new TypeError('Failed to fetch');
      }) as typeof globalThis.fetch,
      tokens: () => null,
      effects: () => effects,
      loader: false,
    });
    await expect(client.GET('/api/v1/menus')).rejects.toThrow('Failed to fetch');
    expect(log).toEqual(['alert «http.errorTitle» | «http.error»']);
  });
});
