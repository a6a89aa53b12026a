import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { LoginPayload } from '../../../app/auth/auth-api';
import { loginDataOf, userInfoOf } from '../../../app/auth/session-actions';
import { AUTH_FLOW_STORAGE_KEY } from '../../../app/stores/auth-flow';
import { PORTAL_STORAGE_KEY } from '../../../app/stores/portal';
import { SESSION_STORAGE_KEY, type SessionTokens } from '../../../app/stores/session';
import { openPage, openPageIn, type TestPage } from './browser';

/** Demo accounts (server seed); every one has this password. */
export const DEMO_PASSWORD = 'Gpms!2345';

/** Console noise a journey expects when it provokes a refusal on purpose (Chromium logs every 4xx). */
export function unexpected(problems: string[]): string[] {
  return problems.filter(
    (p) => !/Failed to load resource: the server responded with a status of (400|401|403)/.test(p),
  );
}

/** Fills the internal login form (/login) and submits it. */
export async function submitInternalLogin(page: Page, userId: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByLabel('아이디').fill(userId);
  await page.getByLabel('비밀번호').fill(password);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
}

interface OutboxEntry {
  to: string;
  channel: string;
  text: string;
  code: string | null;
  at: string;
}

async function outbox(baseURL: string, limit = 5): Promise<OutboxEntry[]> {
  const res = await fetch(`${baseURL}/api/dev/outbox?limit=${limit}`);
  if (!res.ok) throw new Error(`GET /api/dev/outbox answered ${res.status}`);
  return (await res.json()) as OutboxEntry[];
}

/** The newest message's time, to tell the next code from the ones before it. */
export async function outboxMark(baseURL: string): Promise<string> {
  return (await outbox(baseURL))[0]?.at ?? '';
}

/**
 * Waits for a one-time code newer than `mark` in the development outbox. A hang guard, not a timing: the code comes
 * after the password's argon2 check, which on a machine shared with the API tests took more than ten seconds once.
 */
export async function nextOtp(baseURL: string, mark: string, timeoutMs = 60_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    // The newest 200 (the most the route gives): the notification job's burst of messages (a contract's signature
    // requests, an order sent) can land after the code and before the first look, and five were then too few.
    const fresh = (await outbox(baseURL, 200)).find((e) => e.at > mark && e.code);
    if (fresh?.code) return fresh.code;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('No new one-time code arrived in /api/dev/outbox');
}

/** The supplier login at /cyberLogin: id and password, the code from the outbox, confirm. */
export async function submitExternalLogin(
  page: Page,
  baseURL: string,
  userId: string,
  password = DEMO_PASSWORD,
): Promise<void> {
  await page.getByLabel('아이디').fill(userId);
  await page.getByLabel('비밀번호').fill(password);
  const mark = await outboxMark(baseURL);
  await page.getByRole('button', { name: '인증번호 받기' }).click();
  await page.getByLabel('인증번호 6자리').waitFor();
  await page.getByLabel('인증번호 6자리').fill(await nextOtp(baseURL, mark));
  await page.getByRole('button', { name: '확인', exact: true }).click();
}

/** An internal login through the API (auth service, then GET /api/v1/login): the access token. */
export async function apiLogin(baseURL: string, userId: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await fetch(`${baseURL}/auth/api/login/idpw`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ systemId: 'GPMS', grantType: 'idpw', username: userId, password }),
  });
  if (!res.ok) throw new Error(`login ${userId} answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

/** The login this tab holds (sessionStorage), as the app stored it. */
export async function pageSession(page: Page): Promise<{ sessionId: string; accessToken: string; userId: string }> {
  const raw = await page.evaluate(() => sessionStorage.getItem('gpms.session'));
  const state = (
    JSON.parse(raw ?? '{}') as {
      state?: { user?: { tokenKey: string; userId: string }; tokens?: { accessToken: string } };
    }
  ).state;
  if (!state?.user || !state.tokens) throw new Error('The page holds no login');
  return { sessionId: state.user.tokenKey, accessToken: state.tokens.accessToken, userId: state.user.userId };
}

/** An administrator ends a session (userSessionManage's force logout). */
export async function endSessionAsAdmin(baseURL: string, sessionId: string): Promise<void> {
  const admin = await apiLogin(baseURL, 'admin');
  const res = await fetch(`${baseURL}/api/v1/portal/sessions/${encodeURIComponent(sessionId)}/end`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${admin}`, IsCyber: 'N' },
  });
  if (!res.ok) throw new Error(`ending session ${sessionId} answered ${res.status}: ${await res.text()}`);
}

/** Ends a session with its own token (the auth service's logout). */
export async function logoutWithToken(baseURL: string, accessToken: string): Promise<void> {
  const res = await fetch(`${baseURL}/auth/api/logout`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ AccessToken: accessToken }),
  });
  if (!res.ok) throw new Error(`logout answered ${res.status}`);
}

async function postForm<T>(
  url: string,
  body: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(body),
  });
  if (!res.ok) throw new Error(`POST ${new URL(url).pathname} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * A login made as the login pages make it, through the same calls (internal: the auth service's id/password login,
 * then GET /api/v1/login with its bearer, the server's AD mode; external: cyberLogin, the one-time code from the
 * development outbox, cyberCheckOtp), answered as what the app keeps in the tab's sessionStorage after it.
 */
async function loginAsThePagesDo(
  baseURL: string,
  portal: 'internal' | 'external',
  userId: string,
): Promise<Record<string, string>> {
  let payload: LoginPayload;
  let tokens: Pick<SessionTokens, 'accessToken' | 'refreshToken' | 'tokenExpiredTimestamp'>;
  if (portal === 'internal') {
    const t = await postForm<{
      accessToken: string;
      refreshToken: string | null;
      tokenExpiredTimestamp: number | null;
    }>(`${baseURL}/auth/api/login/idpw`, {
      systemId: 'GPMS',
      grantType: 'idpw',
      username: userId,
      password: DEMO_PASSWORD,
    });
    const res = await fetch(`${baseURL}/api/v1/login`, {
      headers: { Authorization: `Bearer ${t.accessToken}`, IsCyber: 'N' },
    });
    if (!res.ok) throw new Error(`GET /api/v1/login as ${userId} answered ${res.status}: ${await res.text()}`);
    payload = (await res.json()) as LoginPayload;
    tokens = t;
  } else {
    const mark = await outboxMark(baseURL);
    await postForm(
      `${baseURL}/api/v1/cyberLogin`,
      { userId, userPw: DEMO_PASSWORD, optGubun: 'SMS' },
      { IsCyber: 'Y' },
    );
    payload = await postForm<LoginPayload>(
      `${baseURL}/api/v1/cyberCheckOtp`,
      { userId, userPw: DEMO_PASSWORD, otpNum: await nextOtp(baseURL, mark) },
      { IsCyber: 'Y' },
    );
    const { accessToken, token, refreshToken, tokenExpiredTimestamp } = payload.user;
    tokens = { accessToken: accessToken ?? token ?? '', refreshToken, tokenExpiredTimestamp };
  }
  const { user } = payload;
  if (!tokens.accessToken) throw new Error(`The login of ${userId} answered no access token`);
  const session: SessionTokens = {
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken ?? null,
    tokenExpiredTimestamp: tokens.tokenExpiredTimestamp ?? null,
    timeDifference: user.currentTimestamp - Date.now(),
  };
  return {
    [SESSION_STORAGE_KEY]: JSON.stringify({
      state: { loginData: loginDataOf(user), user: userInfoOf(user), tokens: session },
      version: 2,
    }),
    [PORTAL_STORAGE_KEY]: JSON.stringify({ state: { isCyber: portal === 'external' }, version: 1 }),
    [AUTH_FLOW_STORAGE_KEY]: JSON.stringify({ state: { moveUrl: null, nextMode: null, loginId: userId }, version: 1 }),
  };
}

/**
 * A new tab logged in as `userId`, on its portal's home or, given `at`, on that page: the journeys and the walks log
 * their users in this way. The login goes through the API as the login page sends it (argon2id, the one-time code and
 * all), and the tab starts holding it, as a tab reloaded after a login does: the app asks loginCheck for its menus
 * and codes. Loading the login page and typing into it cost about a second of the machine's CPU per login (≈ 100 a
 * run); the login pages stay tested where they are the subject (auth, shell, sso, the React-warnings walk). The login
 * is this tab's alone (the page's own init script, before its first document only): a second tab of the context
 * starts logged out, as in a person's browser, and never replays this tab's rotating refresh token.
 */
export async function openLoggedIn(
  browser: Browser,
  baseURL: string,
  portal: 'internal' | 'external',
  userId: string,
  at?: string,
  /** A context the tab opens in (its other tabs share the app's cached code), else a fresh one of its own. */
  context?: BrowserContext,
): Promise<TestPage> {
  const stored = await loginAsThePagesDo(baseURL, portal, userId);
  const tp = context ? await openPageIn(context) : await openPage(browser, baseURL);
  await tp.page.addInitScript((entries) => {
    // Once per tab: a reload or a logout later must find what the app left, not this login again.
    if (sessionStorage.getItem('gpms.test.loggedIn')) return;
    sessionStorage.setItem('gpms.test.loggedIn', '1');
    for (const [key, value] of Object.entries(entries)) sessionStorage.setItem(key, value);
  }, stored);
  if (at) {
    // The tab's first page is where the step works: the caller waits for its screen. A home loaded and rendered only
    // to be left cost ≈ 0.7 s of the machine's CPU per login (docs/testing.md).
    await tp.page.goto(at);
  } else if (portal === 'external') {
    await tp.page.goto('/cyber');
    await tp.page.getByRole('heading', { name: 'OGPMS 협력사 포털에 오신 것을 환영합니다' }).waitFor();
  } else {
    await tp.page.goto('/');
    await tp.page.getByRole('heading', { name: 'GPMS에 오신 것을 환영합니다' }).waitFor();
  }
  return tp;
}

/** A new tab logged in through the login page itself (the form, the home after it): for tests about the login. */
export async function openLoggedInByForm(
  browser: Browser,
  baseURL: string,
  portal: 'internal' | 'external',
  userId: string,
): Promise<TestPage> {
  const tp = await openPage(browser, baseURL);
  if (portal === 'external') {
    await tp.page.goto('/cyberLogin');
    await submitExternalLogin(tp.page, baseURL, userId);
    await tp.page.getByRole('heading', { name: 'OGPMS 협력사 포털에 오신 것을 환영합니다' }).waitFor();
  } else {
    await tp.page.goto('/login');
    await submitInternalLogin(tp.page, userId);
    await tp.page.getByRole('heading', { name: 'GPMS에 오신 것을 환영합니다' }).waitFor();
  }
  return tp;
}

/** Calls the API from the page with the tab's own login, as the app would (its bearer and portal header). */
export async function apiFromPage<T>(page: Page, url: string): Promise<T> {
  const result = await page.evaluate(async (u) => {
    const raw = sessionStorage.getItem('gpms.session');
    const token = (JSON.parse(raw ?? '{}') as { state?: { tokens?: { accessToken?: string } } }).state?.tokens
      ?.accessToken;
    const portal = sessionStorage.getItem('gpms.portal') ?? '';
    const res = await fetch(u, {
      headers: { Authorization: `Bearer ${token ?? ''}`, IsCyber: portal.includes('"isCyber":true') ? 'Y' : 'N' },
    });
    return { status: res.status, body: await res.text() };
  }, url);
  if (result.status !== 200) throw new Error(`GET ${url} answered ${result.status}: ${result.body}`);
  return JSON.parse(result.body) as T;
}
