import type { Browser, Page } from 'playwright-core';
import { openPage, type TestPage } from './browser';

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

async function outbox(baseURL: string): Promise<OutboxEntry[]> {
  const res = await fetch(`${baseURL}/api/dev/outbox?limit=5`);
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
    const fresh = (await outbox(baseURL)).find((e) => e.at > mark && e.code);
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

/**
 * A new tab logged in as `userId` on its portal's login page, waiting for the portal's home: the
 * journeys and the route smoke test log their users in this way.
 */
export async function openLoggedIn(
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
