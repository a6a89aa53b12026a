import type { i18n as I18n } from 'i18next';
import { authApi, type AuthApi } from './auth/auth-api';
import { refreshTokens } from './auth/refresh';
import { accessTokenFresh } from './auth/token-state';
import { applyLoginCheckStore } from './auth/session-actions';
import { addServerMessages } from './i18n/messages';
import { normaliseLanguage } from './i18n/language';
import { usePortalStore } from './stores/portal';
import { useSessionStore, type CodeLists, type MenuItem } from './stores/session';

interface RouterLike {
  state: { location: { pathname: string } };
}

/**
 * Keeps the server-side texts in the interface language: the server's messages (spec §8
 * texts, editable in messageManage) now and on the first switch to each language, and — when someone is
 * logged in — the menus and codes again in the new language (loginCheck with store=Y). A switch back to a
 * language this login has already shown restores the menus and codes it had when the person left it, without
 * asking the server again: what they see is what they had, and the switch is immediate.
 */
export function startLanguageSync(
  i18n: I18n,
  router: RouterLike,
  api: Pick<AuthApi, 'messages' | 'loginCheck'> = authApi,
  refresh: () => Promise<unknown> = refreshTokens,
): () => void {
  const messagesLoaded = new Set<string>();
  const load = async (lng: string) => {
    const lang = normaliseLanguage(lng) ?? 'ko';
    if (messagesLoaded.has(lang)) return;
    const r = await api.messages(lang);
    if (r.ok) {
      addServerMessages(i18n, lang, r.data);
      messagesLoaded.add(lang);
    }
  };
  /** Per language, the menus and codes the person had when they last left it; forgotten at logout. */
  const kept = new Map<string, { login: string; menus: MenuItem[]; codes: CodeLists }>();
  const loginKey = () => {
    const { loginData } = useSessionStore.getState();
    return `${loginData?.singleid ?? ''}|${loginData?.authGroupId ?? ''}`;
  };
  const stopForgetting = useSessionStore.subscribe((state, before) => {
    if (before.isLoggedIn && !state.isLoggedIn) kept.clear();
  });
  let shown = normaliseLanguage(i18n.language) ?? 'ko';
  void load(i18n.language);
  const onChange = (lng: string) => {
    void load(lng);
    const lang = normaliseLanguage(lng) ?? 'ko';
    const left = shown;
    shown = lang;
    const { isLoggedIn, tokens, menus, codes } = useSessionStore.getState();
    if (!isLoggedIn) return;
    const login = loginKey();
    if (left !== lang && menus.length > 0) kept.set(left, { login, menus, codes });
    const back = kept.get(lang);
    if (back && back.login === login) {
      useSessionStore.getState().setMenus(back.menus);
      useSessionStore.getState().setCodes(back.codes);
      return;
    }
    const { pathname } = router.state.location;
    void (async () => {
      // The login check is an auth URL (no automatic refresh): bring a stale token up to date first.
      if (tokens && !accessTokenFresh(tokens, Date.now())) await refresh();
      const r = await api.loginCheck(pathname, usePortalStore.getState().isCyber, 'Y');
      // A switch made meanwhile wins: its language's menus are the ones to show.
      if (r.ok && r.data.code === 'OK' && shown === lang) applyLoginCheckStore(r.data);
    })();
  };
  i18n.on('languageChanged', onChange);
  return () => {
    i18n.off('languageChanged', onChange);
    stopForgetting();
  };
}
