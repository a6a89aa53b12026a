/**
 * EngineServices (engine/services.tsx) for the app: operations through the typed client, codes,
 * login data and menu authority from the session store, and the two refreshes a screen can ask
 * for after saving — the server's messages (messageManage) and the common codes (cmmnCodeManage).
 */
import type { i18n as I18n } from 'i18next';
import type { Authority, EngineServices } from '../../engine';
import { authApi } from '../auth/auth-api';
import { reauthInForce } from '../auth/reauth-proof';
import { applyLoginCheckStore } from '../auth/session-actions';
import { addServerMessages } from '../i18n/messages';
import { normaliseLanguage } from '../i18n/language';
import { usePageTitleStore } from '../router/document-title';
import { usePortalStore } from '../stores/portal';
import { useSessionStore, type MenuItem } from '../stores/session';
import { menuForPath } from '../layouts/menu/menu-tree';
import { createOperationCaller } from './call-operation';

function subUrls(item: MenuItem): string[] {
  const s = item.sspSubUrls;
  if (!s) return [];
  return Array.isArray(s)
    ? s
    : s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean);
}

/**
 * Menu authority of a route (without /cyber) from the menus the login answered: the leaf whose
 * URL or sub-URL it is, read always (the menu is there) and write when that menu says canWrite.
 */
export function menuAuthority(menus: readonly MenuItem[], route: string): Authority | null {
  const path = route.replace(/^\/cyber(?=\/|$)/, '') || '/';
  let found: Authority | null = null;
  const walk = (items: readonly MenuItem[]) => {
    for (const m of items) {
      if (m.leaf === 'T' && (m.sspUrl === path || subUrls(m).includes(path))) {
        const write = m.canWrite === true;
        found = { read: true, write: (found?.write ?? false) || write };
      }
      if (m.childs?.length) walk(m.childs);
    }
  };
  walk(menus);
  return found;
}

/** The menu leaf that opens a route (its own URL first, else a sub-URL: a list opening its documents), with its URL and name. */
export function menuOf(menus: MenuItem[], route: string): { route: string; name: string } | null {
  const menu = menuForPath(menus, route, false);
  return menu?.sspUrl ? { route: menu.sspUrl, name: menu.pgmName } : null;
}

/**
 * Re-reads the server's messages into i18next (messageManage edits show at once). The app calls
 * the same on start and on a language switch (app/app-language.ts); screens call it after saving.
 */
async function reloadServerMessages(i18n: I18n): Promise<void> {
  const lang = normaliseLanguage(i18n.language) ?? 'ko';
  const r = await authApi.messages(lang);
  if (r.ok) addServerMessages(i18n, lang, r.data);
}

/** Re-reads menus and codes (loginCheck with store=Y) after the codes changed. */
async function reloadCommonCodes(): Promise<void> {
  if (!useSessionStore.getState().isLoggedIn) return;
  const isCyber = usePortalStore.getState().isCyber;
  const path = typeof window === 'undefined' ? '/' : window.location.pathname;
  const r = await authApi.loginCheck(path, isCyber, 'Y');
  if (r.ok && r.data.code === 'OK') applyLoginCheckStore(r.data);
}

export function createEngineServices(i18n: I18n): EngineServices {
  return {
    call: createOperationCaller(),
    codes: (group) => useSessionStore.getState().codes[group] ?? [],
    subscribeCodes: (onChange) =>
      useSessionStore.subscribe((state, previous) => state.codes !== previous.codes && onChange()),
    loginData: () => useSessionStore.getState().loginData,
    authority: (route) => menuAuthority(useSessionStore.getState().menus, route),
    menuOf: (route) => menuOf(useSessionStore.getState().menus, route),
    portal: () => (usePortalStore.getState().isCyber ? 'external' : 'internal'),
    reloadTexts: () => reloadServerMessages(i18n),
    reloadCodes: reloadCommonCodes,
    storage: () => (typeof sessionStorage === 'undefined' ? null : sessionStorage),
    pageTitle: (title) => usePageTitleStore.setState({ screen: title }),
    foreseesRefusal: (code) => code === 'REAUTH_REQUIRED' && !reauthInForce(),
  };
}
