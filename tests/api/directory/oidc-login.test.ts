import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config.js';
import { loginIdFromClaim } from '../../../server/auth/oidc/oidc.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { formRequest, loginAs } from '../../helpers/login.js';
import { freePort } from '../../../scripts/free-port.mjs';
import { decodeJwt } from 'jose';
import {
  idpAsksToSignIn,
  signInAtIdp,
  signOutAtIdp,
  startTestIdp,
  type CookieJar,
  type TestIdp,
} from '../../helpers/oidc-idp.js';

/**
 * SSO over OpenID Connect against a real OpenID provider run in the test (oidc-provider on
 * localhost): the code flow end to end, and the ID tokens a relying party must refuse.
 */
const REDIRECT = 'http://gpms.test/auth/oidc/callback';
const POST_LOGOUT = 'http://gpms.test/login';

describe('SSO over OpenID Connect (real oidc-provider)', () => {
  let idp: TestIdp;
  let t: TestApp;
  beforeAll(async () => {
    idp = await startTestIdp({ redirectUri: REDIRECT, postLogoutRedirectUri: POST_LOGOUT });
    t = await buildTestApp({
      config: {
        loginMode: 'SSO_AD',
        oidc: {
          issuer: idp.issuer,
          clientId: idp.clientId,
          clientSecret: idp.clientSecret,
          redirectUri: REDIRECT,
          scopes: 'openid profile email',
          userClaim: 'upn',
          postLogoutRedirectUri: POST_LOGOUT,
          resource: null,
          allowInsecure: true,
        },
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await idp?.stop();
  });

  /** GET /auth/oidc/start → the provider's authorization address and its parameters. */
  async function start() {
    const res = await t.app.inject({ method: 'GET', url: '/auth/oidc/start' });
    expect(res.statusCode, res.body).toBe(302);
    const url = new URL(res.headers.location as string);
    return { url, state: url.searchParams.get('state')!, nonce: url.searchParams.get('nonce')! };
  }
  /** The provider's answer reaching our callback; answers where the browser is sent next. */
  async function callback(query: Record<string, string>) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/auth/oidc/callback?${new URLSearchParams(query).toString()}`,
    });
    expect(res.statusCode).toBe(302);
    return new URL(res.headers.location as string, 'http://gpms.test');
  }
  const exchange = (ticket: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/login', ...formRequest({ ssoToken: ticket }) });
  const now = () => Math.floor(Date.now() / 1000);
  /** An ID token as the provider would make it for this login, with changes. */
  const token = (nonce: string, over: Record<string, unknown> = {}) =>
    idp.sign({
      iss: idp.issuer,
      aud: idp.clientId,
      sub: 'buyer',
      upn: 'buyer@corp.test',
      nonce,
      iat: now(),
      exp: now() + 300,
      ...over,
    });
  /** Runs one login whose token endpoint answers `idToken`; answers the redirect back to /login. */
  async function loginWithToken(make: (nonce: string) => Promise<string>) {
    const s = await start();
    idp.overrideToken(() => make(s.nonce));
    try {
      return await callback({ code: 'any-code', state: s.state, iss: idp.issuer });
    } finally {
      idp.overrideToken(null);
    }
  }

  it('publishes the ADFS/OIDC settings in /properties/dwpAuth', async () => {
    const body = (await t.app.inject({ method: 'GET', url: '/properties/dwpAuth' })).json();
    expect(body.type).toBe('SSO_AD');
    expect(body.adfs).toEqual({
      server: idp.issuer,
      realm: idp.clientId,
      enabled: true,
      clientId: idp.clientId,
      startUri: '/auth/oidc/start',
      logoutUri: '/auth/oidc/logout',
    });
  });

  it('sends the browser to the provider with PKCE (S256), state and nonce', async () => {
    const { url, state, nonce } = await start();
    expect(url.origin + url.pathname).toBe(`${idp.issuer}/auth`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: idp.clientId,
      response_type: 'code',
      redirect_uri: REDIRECT,
      scope: 'openid profile email',
      code_challenge_method: 'S256',
    });
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(state.length).toBeGreaterThan(20);
    expect(nonce.length).toBeGreaterThan(20);
  });

  it('a full code-flow login at the provider → ticket → session for the user named by the upn claim', async () => {
    const { url } = await start();
    const back = await signInAtIdp(url.href, 'buyer', REDIRECT);
    const landing = await t.app.inject({ method: 'GET', url: back.replace('http://gpms.test', '') });
    const next = new URL(landing.headers.location as string, 'http://gpms.test');
    expect(next.pathname).toBe('/login');
    const ticket = next.searchParams.get('accessToken');
    expect(ticket, next.href).toBeTruthy();
    const login = await exchange(ticket!);
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().user).toMatchObject({ userId: 'buyer', portal: 'I' });
    const session = await t.db.db
      .selectFrom('userSession')
      .select(['loginMethod'])
      .where('userId', '=', 'buyer')
      .orderBy('createdDate', 'desc')
      .executeTakeFirstOrThrow();
    expect(session.loginMethod).toBe('SSO');
    // The ticket is single use.
    expect((await exchange(ticket!)).json()).toMatchObject({ code: 'ERROR', errorCode: 'AUTH003' });
  });

  it('accepts a token up to 5 minutes past its expiry (spec clock skew), not more', async () => {
    const within = await loginWithToken((nonce) => token(nonce, { iat: now() - 600, exp: now() - 240 }));
    expect(within.searchParams.get('accessToken')).toBeTruthy();
    const expired = await loginWithToken((nonce) => token(nonce, { iat: now() - 900, exp: now() - 360 }));
    expect(expired.searchParams.get('ssoError')).toBe('AUTH008');
    expect(expired.searchParams.get('accessToken')).toBeNull();
  });

  it('refuses a tampered ID token (claims changed after signing)', async () => {
    const back = await loginWithToken(async (nonce) => {
      const [h, p, s] = (await token(nonce)).split('.');
      const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
      const forged = Buffer.from(JSON.stringify({ ...claims, upn: 'admin@corp.test', sub: 'admin' })).toString(
        'base64url',
      );
      return `${h}.${forged}.${s}`;
    });
    expect(back.searchParams.get('ssoError')).toBe('AUTH006');
    expect(back.searchParams.get('accessToken')).toBeNull();
  });

  it('refuses a token signed by another key', async () => {
    const { generateKeyPair, SignJWT } = await import('jose');
    const { privateKey } = await generateKeyPair('RS256');
    const back = await loginWithToken((nonce) =>
      new SignJWT({
        iss: idp.issuer,
        aud: idp.clientId,
        sub: 'admin',
        upn: 'admin@corp.test',
        nonce,
        iat: now(),
        exp: now() + 300,
      })
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key-1' })
        .sign(privateKey),
    );
    expect(back.searchParams.get('ssoError')).toBe('AUTH006');
  });

  it('refuses a wrong audience, a wrong issuer and a wrong nonce', async () => {
    expect(
      (await loginWithToken((nonce) => token(nonce, { aud: 'another-application' }))).searchParams.get('ssoError'),
    ).toBe('AUTH006');
    expect(
      (await loginWithToken((nonce) => token(nonce, { iss: 'https://evil.example' }))).searchParams.get('ssoError'),
    ).toBe('AUTH006');
    expect((await loginWithToken(() => token('not-the-nonce'))).searchParams.get('ssoError')).toBe('AUTH006');
  });

  it('refuses an unknown or replayed state (AUTH008) and a provider error (AUTH003)', async () => {
    expect((await callback({ code: 'x', state: 'made-up-state', iss: idp.issuer })).searchParams.get('ssoError')).toBe(
      'AUTH008',
    );
    const s = await start();
    expect(
      (await callback({ error: 'access_denied', state: s.state, iss: idp.issuer })).searchParams.get('ssoError'),
    ).toBe('AUTH003');
    // The same state a second time.
    expect((await callback({ code: 'x', state: s.state, iss: idp.issuer })).searchParams.get('ssoError')).toBe(
      'AUTH008',
    );
  });

  it('a user the provider knows but we do not: AUTH003 at the session step', async () => {
    const back = await loginWithToken((nonce) => token(nonce, { sub: 'stranger', upn: 'stranger@corp.test' }));
    const res = await exchange(back.searchParams.get('accessToken')!);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'ERROR', errorCode: 'AUTH003' });
  });

  it('the app’s logout of an SSO session ends ours and the provider’s, with the kept ID token as id_token_hint; an id/password session’s does not', async () => {
    const browser: CookieJar = new Map();
    const back = await signInAtIdp((await start()).url.href, 'buyer', REDIRECT, browser);
    const landing = await t.app.inject({ method: 'GET', url: back.replace('http://gpms.test', '') });
    const login = await exchange(
      new URL(landing.headers.location as string, 'http://gpms.test').searchParams.get('accessToken')!,
    );
    expect(login.statusCode, login.body).toBe(200);
    const { accessToken, tokenKey: sessionId } = login.json().user as { accessToken: string; tokenKey: string };
    // The session keeps the provider's ID token, encrypted (AES-GCM), not as the token itself.
    const kept = await t.db.db
      .selectFrom('userSession')
      .select(['idTokenEnc'])
      .where('sessionId', '=', sessionId)
      .executeTakeFirstOrThrow();
    expect(kept.idTokenEnc).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    // While the provider's session lives, the next login there needs no sign-in.
    expect(await idpAsksToSignIn((await start()).url.href, REDIRECT, browser)).toBe(false);

    const sso = await t.app.inject({
      method: 'POST',
      url: '/auth/api/logout',
      ...formRequest({ AccessToken: accessToken }),
    });
    expect(sso.statusCode, sso.body).toBe(200);
    const { ssoLogoutUri } = sso.json() as { ssoLogoutUri: string };
    expect(ssoLogoutUri).toMatch(/^\/auth\/oidc\/logout\?handle=[\w-]{43}$/);
    const ended = await t.db.db
      .selectFrom('userSession')
      .select(['endReason'])
      .where('sessionId', '=', sessionId)
      .executeTakeFirstOrThrow();
    expect(ended.endReason).toBe('LOGOUT');
    const toIdp = await t.app.inject({ method: 'GET', url: ssoLogoutUri });
    const end = new URL(toIdp.headers.location as string);
    expect(end.origin + end.pathname).toBe(`${idp.issuer}/session/end`);
    const hint = end.searchParams.get('id_token_hint')!;
    expect(decodeJwt(hint)).toMatchObject({ iss: idp.issuer, aud: idp.clientId, sub: 'buyer' });
    // What was kept holds none of the token's parts in clear (compared with the token itself: random
    // ciphertext may well contain 'eyJ' by chance, which once failed this test).
    for (const part of hint.split('.')) expect(kept.idTokenEnc).not.toContain(part);
    expect(end.searchParams.get('post_logout_redirect_uri')).toBe(POST_LOGOUT);
    // The provider ends its session and sends the browser back; the next login there asks who signs in.
    expect(await signOutAtIdp(end.href, POST_LOGOUT, browser)).toBe(POST_LOGOUT);
    expect(await idpAsksToSignIn((await start()).url.href, REDIRECT, browser)).toBe(true);
    // The handle worked once, and the ID token is forgotten.
    const again = new URL((await t.app.inject({ method: 'GET', url: ssoLogoutUri })).headers.location as string);
    expect(again.searchParams.has('id_token_hint')).toBe(false);
    const forgotten = await t.db.db
      .selectFrom('userSession')
      .select(['idTokenEnc', 'ssoLogoutHash'])
      .where('sessionId', '=', sessionId)
      .executeTakeFirstOrThrow();
    expect(forgotten).toEqual({ idTokenEnc: null, ssoLogoutHash: null });

    const idpw = await loginAs(t.app, 'buyer');
    const plain = await t.app.inject({
      method: 'POST',
      url: '/auth/api/logout',
      ...formRequest({ AccessToken: idpw.accessToken }),
    });
    expect(plain.json()).toEqual({ code: 'OK' });
  });

  it('logout ends the session at the provider’s end_session endpoint', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/auth/oidc/logout' });
    expect(res.statusCode).toBe(302);
    const url = new URL(res.headers.location as string);
    expect(url.origin + url.pathname).toBe(`${idp.issuer}/session/end`);
    expect(url.searchParams.get('client_id')).toBe(idp.clientId);
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(POST_LOGOUT);
  });
});

describe('SSO over OpenID Connect: the provider away, claims and configuration', () => {
  let t: TestApp;
  beforeAll(async () => {
    const port = await freePort();
    t = await buildTestApp({
      seeded: false,
      config: {
        oidc: {
          issuer: `http://127.0.0.1:${port}`,
          clientId: 'gpms',
          clientSecret: null,
          redirectUri: REDIRECT,
          scopes: 'openid',
          userClaim: 'upn',
          postLogoutRedirectUri: null,
          resource: null,
          allowInsecure: true,
        },
      },
    });
  });
  afterAll(() => t?.close());

  it('a provider that does not answer: back to /login with AUTH_SSO_DOWN (SSO_AD then shows the AD form)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/auth/oidc/start' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login?ssoError=AUTH_SSO_DOWN');
  });

  it('maps ADFS claim values to login ids', () => {
    expect(loginIdFromClaim('kim@corp.example.co.kr', 'upn')).toBe('kim');
    expect(loginIdFromClaim('CORP\\kim', 'winaccountname')).toBe('kim');
    expect(loginIdFromClaim('E000123', 'employeeid')).toBe('E000123');
  });

  it('names every bad OIDC variable at start-up', () => {
    let error: unknown;
    try {
      loadConfig({
        OIDC_ISSUER: 'http://adfs.corp.test/adfs',
        OIDC_REDIRECT_URI: 'https://gpms.corp.test/wrong',
        OIDC_SCOPES: 'profile',
        OIDC_USER_CLAIM: 'bad claim!',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const all = (error as ConfigError).problems.join('\n');
    for (const name of ['OIDC_ISSUER', 'OIDC_CLIENT_ID']) expect(all).toContain(name);
    try {
      loadConfig({
        OIDC_ISSUER: 'https://adfs.corp.test/adfs',
        OIDC_REDIRECT_URI: 'https://gpms.corp.test/wrong',
        OIDC_SCOPES: 'profile',
        OIDC_USER_CLAIM: 'bad claim!',
      });
    } catch (e) {
      error = e;
    }
    const second = (error as ConfigError).problems.join('\n');
    for (const name of ['OIDC_CLIENT_ID', 'OIDC_REDIRECT_URI', 'OIDC_SCOPES', 'OIDC_USER_CLAIM'])
      expect(second).toContain(name);
    const ok = loadConfig({
      OIDC_ISSUER: 'https://adfs.corp.test/adfs',
      OIDC_CLIENT_ID: 'gpms',
      OIDC_REDIRECT_URI: 'https://gpms.corp.test/auth/oidc/callback',
    });
    expect(ok.oidc).toMatchObject({
      scopes: 'openid profile email',
      userClaim: 'upn',
      clientSecret: null,
      allowInsecure: false,
    });
  });
});
