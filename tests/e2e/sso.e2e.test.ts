import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eLane } from './helpers/lane';
import { pageSession, submitInternalLogin, unexpected } from './helpers/auth';
import { launchBrowser, openPage, screenshot, type TestPage } from './helpers/browser';

/**
 * Single sign-on over OpenID Connect (issue 15) in Debian's Chromium: /login → the company's
 * identity provider (oidc-provider, started by global-setup.ts with the shared server's OIDC_*
 * pointing at it) → back with a one-time ticket → the home page.
 *
 * The shared server runs in AD mode so that every other journey logs in with the form. This one
 * reaches SSO through spec §4's stored next-mode override (sessionStorage gpms.authFlow), which
 * the login page honours before the configured mode.
 */
describe('SSO over OpenID Connect', () => {
  const baseURL = e2eLane().baseUrl;
  const issuer = e2eLane().idpIssuer;
  let browser: Browser;
  let current: TestPage | undefined;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await current?.context.close();
    await browser?.close();
  });

  async function open(): Promise<TestPage> {
    await current?.context.close();
    current = await openPage(browser, baseURL);
    // The provider's development pages ask for a web font and a favicon; the machine is offline
    // and those misses are the test provider's, not ours (the journey still expects no others).
    await current.context.route('https://fonts.googleapis.com/**', (r) =>
      r.fulfill({ status: 200, contentType: 'text/css', body: '' }),
    );
    await current.context.route(`${issuer}/favicon.ico`, (r) => r.fulfill({ status: 204 }));
    return current;
  }

  const nextMode = (page: Page) =>
    page.evaluate(() => JSON.parse(sessionStorage.getItem('gpms.authFlow') ?? '{}').state?.nextMode ?? null);

  /** On our login page (AD form, as configured), store the override "next mode: SSO" and reload. */
  async function loginPageInSsoMode(page: Page): Promise<void> {
    await page.goto('/login');
    await page.getByRole('heading', { name: 'GPMS 로그인' }).waitFor();
    await page.evaluate(() =>
      sessionStorage.setItem(
        'gpms.authFlow',
        JSON.stringify({ state: { moveUrl: null, nextMode: 'SSO', loginId: null }, version: 1 }),
      ),
    );
    await page.goto('/login');
  }

  /** The provider's sign-in and consent pages (its development interactions accept any login). */
  async function signInAtProvider(page: Page, loginId: string): Promise<void> {
    await page.waitForURL((u) => u.origin === issuer);
    await page.locator('input[name=login]').fill(loginId);
    await page.locator('input[name=password]').fill('any');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
  }

  it('/login in SSO mode → the provider → the home page, logged in as the user the upn names', async () => {
    const { page, problems } = await open();
    await loginPageInSsoMode(page);
    await signInAtProvider(page, 'buyer');
    await page.getByRole('heading', { name: 'GPMS에 오신 것을 환영합니다' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    // The one-time ticket is gone from the address, and the tab holds buyer's login.
    expect(new URL(page.url()).searchParams.get('accessToken')).toBeNull();
    expect(await page.getByTestId('header-user').innerText()).toContain('정수빈');
    const { userId, accessToken } = await pageSession(page);
    expect(userId).toBe('buyer');
    const menus = await fetch(`${baseURL}/api/v1/menus`, {
      headers: { Authorization: `Bearer ${accessToken}`, IsCyber: 'N' },
    });
    expect(menus.status).toBe(200);
    await screenshot(page, 'journey-sso-home');
    expect(unexpected(problems)).toEqual([]);
  });

  it('logout of an SSO session ends the provider’s session too (RP-initiated logout): the next SSO login asks for the sign-in again', async () => {
    const { page, problems } = await open();
    await loginPageInSsoMode(page);
    await signInAtProvider(page, 'buyer');
    await page.getByRole('heading', { name: 'GPMS에 오신 것을 환영합니다' }).waitFor();
    const { accessToken } = await pageSession(page);
    await page.getByRole('button', { name: '로그아웃' }).click();
    // Our server sends the tab to the provider's end_session endpoint, which asks to confirm.
    await page.waitForURL((u) => u.origin === issuer);
    await page.getByRole('button', { name: 'Yes, sign me out' }).click();
    // … and the provider returns it to our login page (OIDC_POST_LOGOUT_REDIRECT_URI).
    await page.waitForURL((u) => u.origin === baseURL && u.pathname === '/login');
    const menus = await fetch(`${baseURL}/api/v1/menus`, {
      headers: { Authorization: `Bearer ${accessToken}`, IsCyber: 'N' },
    });
    expect(menus.status).toBe(401);
    // With the provider's session still open it would sign buyer straight back in; it asks again.
    // A new tab of the same browser context: the provider's cookies are shared, the tab's
    // sessionStorage (our login flow) starts empty.
    const again = await current!.context.newPage();
    await loginPageInSsoMode(again);
    await again.waitForURL((u) => u.origin === issuer);
    await again.locator('input[name=login]').waitFor();
    expect(unexpected(problems)).toEqual([]);
  });

  it('SSO_AD: a user the provider knows but GPMS does not → the id/password form with a notice, next mode AD', async () => {
    const { page, problems } = await open();
    // The shared server is configured AD; this tab sees the configuration an SSO_AD company has
    // (only the published mode differs; the provider, the callback and the refusal are the server's).
    await page.route('**/properties/dwpAuth', async (route) => {
      const res = await route.fetch();
      await route.fulfill({ response: res, json: { ...(await res.json()), type: 'SSO_AD' } });
    });
    await page.goto('/login');
    await signInAtProvider(page, 'stranger');
    await page.getByRole('status').filter({ hasText: '통합인증(SSO)으로 로그인하지 못했습니다' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await nextMode(page)).toBe('AD');
    await screenshot(page, 'journey-sso-fallback');
    // The fallback form logs in, and an AD success clears the override (spec §4).
    await submitInternalLogin(page, 'buyer');
    await page.getByRole('heading', { name: 'GPMS에 오신 것을 환영합니다' }).waitFor();
    expect(await nextMode(page)).toBeNull();
    expect(unexpected(problems)).toEqual([]);
  });

  it('SSO mode: the same refusal without a fallback → /authReq with the code', async () => {
    const { page, problems } = await open();
    await loginPageInSsoMode(page);
    await signInAtProvider(page, 'stranger');
    await page.waitForURL((u) => u.pathname === '/authReq');
    expect(new URL(page.url()).searchParams.get('error')).toBe('AUTH003');
    await page.getByText('등록된 사용자가 아닙니다').first().waitFor();
    expect(unexpected(problems)).toEqual([]);
  });
});
