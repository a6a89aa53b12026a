// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startLanguageSync } from './app-language';
import type { AuthApi } from './auth/auth-api';
import { createI18n } from './i18n/create-i18n';
import { useSessionStore } from './stores/session';
import { memoryStorage } from './testing/memory-storage';

const router = { state: { location: { pathname: '/prList' } } };
const flush = () => new Promise((r) => setTimeout(r, 0));
/** One top menu named `pgmName`: what a language's menus look like here. */
const menu = (pgmName: string) => ({
  pgmId: 'M',
  pgmName,
  sspUrl: null,
  sspSubUrls: [],
  leaf: 'F' as const,
  canWrite: false,
  childs: [],
});

describe('language sync', () => {
  afterEach(() => useSessionStore.getState().clear());

  it('loads the server’s messages now and on every switch, replacing the bundled ones', async () => {
    const i18n = createI18n({ storage: memoryStorage(), language: 'ko' });
    const messages = vi.fn<AuthApi['messages']>(async (lang) => ({
      ok: true,
      data: { 'http.400': lang === 'ko' ? '서버가 정한 문구' : 'Server wording' },
    }));
    const loginCheck = vi.fn<AuthApi['loginCheck']>();
    startLanguageSync(i18n, router, { messages, loginCheck });
    await flush();
    expect(i18n.t('msg.http.400')).toBe('서버가 정한 문구');
    await i18n.changeLanguage('en');
    await flush();
    expect(i18n.t('msg.http.400')).toBe('Server wording');
    expect(loginCheck).not.toHaveBeenCalled();
  });

  it('keeps the bundled defaults when the server cannot answer', async () => {
    const i18n = createI18n({ storage: memoryStorage(), language: 'ko' });
    startLanguageSync(i18n, router, {
      messages: async () => ({ ok: false, status: 0, code: 'NETWORK', msg: null }),
      loginCheck: vi.fn(),
    });
    await flush();
    expect(i18n.t('msg.http.400')).toBe('잘못된 요청입니다.');
  });

  it('when logged in, reloads menus and codes in the new language (loginCheck store=Y), refreshing a stale token first', async () => {
    useSessionStore.getState().setLogin({
      loginData: { auth: '', authGroupId: '30', section: '', deptcd: '', deptnm: '', hname: '김', singleid: '' },
      tokens: { accessToken: 'a', refreshToken: 'r', tokenExpiredTimestamp: 1, timeDifference: 0 },
    });
    const i18n = createI18n({ storage: memoryStorage(), language: 'ko' });
    const order: string[] = [];
    const loginCheck = vi.fn<AuthApi['loginCheck']>(async (path, _c, store) => {
      order.push(`loginCheck ${path} ${store}`);
      return {
        ok: true,
        data: {
          code: 'OK',
          path,
          menus: [menu('Purchasing')],
          user: undefined,
        },
      };
    });
    startLanguageSync(i18n, router, { messages: async () => ({ ok: true, data: {} }), loginCheck }, async () =>
      order.push('refresh'),
    );
    await i18n.changeLanguage('en');
    await flush();
    await flush();
    expect(order).toEqual(['refresh', 'loginCheck /prList Y']);
  });

  it('a switch back restores the menus and codes this login had in that language, without asking the server', async () => {
    useSessionStore.getState().setLogin({
      loginData: { auth: '', authGroupId: '30', section: '', deptcd: '', deptnm: '', hname: '김', singleid: 'buyer' },
      tokens: { accessToken: 'a', refreshToken: 'r', tokenExpiredTimestamp: Date.now() + 600_000, timeDifference: 0 },
      menus: [menu('구매')],
      codes: { UNIT: [{ code: 'EA', name: '개' }] } as never,
    });
    const i18n = createI18n({ storage: memoryStorage(), language: 'ko' });
    const messages = vi.fn<AuthApi['messages']>(async () => ({ ok: true, data: {} }));
    const loginCheck = vi.fn<AuthApi['loginCheck']>(async (path) => ({
      ok: true,
      data: {
        code: 'OK',
        path,
        menus: [menu('Purchasing')],
        codes: { UNIT: [{ code: 'EA', name: 'each' }] },
        user: { userId: 'buyer', singleid: 'buyer', authGroupId: '30', hname: '김' },
      } as never,
    }));
    startLanguageSync(i18n, router, { messages, loginCheck }, async () => undefined);
    await flush();
    await i18n.changeLanguage('en');
    await flush();
    await flush();
    expect(useSessionStore.getState().menus[0].pgmName).toBe('Purchasing');
    await i18n.changeLanguage('ko');
    await flush();
    expect(useSessionStore.getState().menus[0].pgmName).toBe('구매');
    expect(useSessionStore.getState().codes.UNIT[0]).toMatchObject({ name: '개' });
    await i18n.changeLanguage('en');
    await flush();
    expect(useSessionStore.getState().menus[0].pgmName).toBe('Purchasing');
    // One loginCheck (the first switch to English) and each language's messages once.
    expect(loginCheck).toHaveBeenCalledTimes(1);
    expect(messages.mock.calls.map(([lang]) => lang)).toEqual(['ko', 'en']);
  });

  it('an answer that comes after the person switched again is not applied', async () => {
    useSessionStore.getState().setLogin({
      loginData: { auth: '', authGroupId: '30', section: '', deptcd: '', deptnm: '', hname: '김', singleid: 'buyer' },
      tokens: { accessToken: 'a', refreshToken: 'r', tokenExpiredTimestamp: Date.now() + 600_000, timeDifference: 0 },
      menus: [menu('구매')],
    });
    const i18n = createI18n({ storage: memoryStorage(), language: 'ko' });
    let answer: (v: Awaited<ReturnType<AuthApi['loginCheck']>>) => void = () => undefined;
    const loginCheck = vi.fn<AuthApi['loginCheck']>(() => new Promise((r) => (answer = r)));
    startLanguageSync(
      i18n,
      router,
      { messages: async () => ({ ok: true, data: {} }), loginCheck },
      async () => undefined,
    );
    await i18n.changeLanguage('en');
    await flush();
    await i18n.changeLanguage('ko');
    answer({
      ok: true,
      data: {
        code: 'OK',
        path: '/prList',
        menus: [menu('Purchasing')],
        user: { userId: 'buyer' },
      } as never,
    });
    await flush();
    await flush();
    expect(useSessionStore.getState().menus[0].pgmName).toBe('구매');
  });
});
