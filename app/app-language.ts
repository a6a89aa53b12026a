import type { i18n as I18n } from 'i18next';
import { authApi, type AuthApi } from './auth/auth-api';
import { refreshTokens } from './auth/refresh';
import { accessTokenFresh } from './auth/token-state';
import { applyLoginCheckStore } from './auth/session-actions';
import { addServerMessages } from './i18n/messages';
import { normaliseLanguage } from './i18n/language';
import { usePortalStore } from './stores/portal';
import { useSessionStore } from './stores/session';

interface RouterLike {
  state: { location: { pathname: string } };
}

/**
 * Keeps the server-side texts in the interface language: the server's messages (spec §8
 * texts, editable in messageManage) now and on every language switch, and — when someone is
 * logged in — the menus and codes again in the new language (loginCheck with store=Y).
 */
export function startLanguageSync(
  i18n: I18n,
  router: RouterLike,
  api: Pick<AuthApi, 'messages' | 'loginCheck'> = authApi,
  refresh: () => Promise<unknown> = refreshTokens,
): () => void {
  const load = async (lng: string) => {
    const lang = normaliseLanguage(lng) ?? 'ko';
    const r = await api.messages(lang);
    if (r.ok) addServerMessages(i18n, lang, r.data);
  };
  void load(i18n.language);
  const onChange = (lng: string) => {
    void load(lng);
    const { isLoggedIn, tokens } = useSessionStore.getState();
    if (!isLoggedIn) return;
    const { pathname } = router.state.location;
    void (async () => {
      // The login check is an auth URL (no automatic refresh): bring a stale token up to date first.
      if (tokens && !accessTokenFresh(tokens, Date.now())) await refresh();
      const r = await api.loginCheck(pathname, usePortalStore.getState().isCyber, 'Y');
      if (r.ok && r.data.code === 'OK') applyLoginCheckStore(r.data);
    })();
  };
  i18n.on('languageChanged', onChange);
  return () => i18n.off('languageChanged', onChange);
}
