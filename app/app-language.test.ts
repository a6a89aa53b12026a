// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startLanguageSync } from './app-language';
import type { AuthApi } from './auth/auth-api';
import { createI18n } from './i18n/create-i18n';
import { useSessionStore } from './stores/session';
import { memoryStorage } from './testing/memory-storage';

const router = { state: { location: { pathname: '/prList' } } };
const flush = () => new Promise((r) => setTimeout(r, 0));

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
          menus: [
            { pgmId: 'M', pgmName: 'Purchasing', sspUrl: null, sspSubUrls: [], leaf: 'F', canWrite: false, childs: [] },
          ],
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
});
