import type { i18n as I18n } from 'i18next';
import {
  createBrowserRouter,
  redirect,
  redirectDocument,
  type LoaderFunction,
  type RouteObject,
} from 'react-router-dom';
import { setHttpEffects } from '../api/http-effects';
import { setTokenRefresher } from '../api/client';
import { authApi } from '../auth/auth-api';
import { refreshTokens } from '../auth/refresh';
import type { GuardDeps } from '../auth/run-guard';
import { applyLoginCheckStore, applyLoginPayload, clearLogin } from '../auth/session-actions';
import { fullPath } from '../auth/urls';
import { serverMessage, translateMsg } from '../i18n/messages';
import { useAuthFlowStore } from '../stores/auth-flow';
import { usePortalStore } from '../stores/portal';
import { useSessionStore } from '../stores/session';
import { dialogs } from '../ui/dialogs/dialogs';
import { useLoaderStore } from '../ui/loader/loader';
import { startDocumentTitle, usePageTitleStore } from './document-title';
import { createGuardLoader, guardFirst } from './guard-loader';
import { titleKeyOf } from './portal';
import { syncPortalWithRouter } from './portal-sync';
import { lazyPage } from './lazy-page';
import { createRoutes, EXTERNAL_MAIN_ID, INTERNAL_MAIN_ID } from './routes';

type AppRouter = ReturnType<typeof createBrowserRouter>;

/** The external AD entry (its timestamp and token rules), fetched by /integration alone: no login page needs it. */
const loadAdEntry = lazyPage(() => import('../auth/run-ad-entry'));

/** Spec §2 external host, when the build names it (VITE_EXTERNAL_HOST); the server applies the same rule on full loads. */
const EXTERNAL_HOST: string | null = import.meta.env.VITE_EXTERNAL_HOST || null;

/**
 * The browser router with everything around it: the spec §4 guards as the root loader (run
 * before any other loader), the external AD entry on /integration, the portal flag and the
 * document title kept in step with navigation, the HTTP client's effects (alerts, redirects,
 * token refresh), the loading indicator and the menu-visit log.
 */
export function createAppRouter(i18n: I18n): AppRouter {
  const ref: { router?: AppRouter; table: RouteObject[] } = { table: [] };

  /** A server message (with its bundled default) in the current language. */
  const message = (key: string) => serverMessage(i18n, key);

  const guardDeps = (): GuardDeps => ({
    api: authApi,
    refresh: refreshTokens,
    now: Date.now,
    session: () => {
      const s = useSessionStore.getState();
      return {
        loggedIn: s.isLoggedIn && s.tokens !== null,
        tokenExpiredTimestamp: s.tokens?.tokenExpiredTimestamp ?? null,
        timeDifference: s.tokens?.timeDifference ?? 0,
        portal: s.user?.portal ?? null,
        menusLoaded: s.menus.length > 0,
      };
    },
    mainScreenShown: () =>
      (ref.router?.state.matches ?? []).some((m) => m.route.id === INTERNAL_MAIN_ID || m.route.id === EXTERNAL_MAIN_ID),
    nextMode: () => useAuthFlowStore.getState().nextMode,
    setNextMode: (mode) => useAuthFlowStore.getState().setNextMode(mode),
    setMoveUrl: (url) => useAuthFlowStore.getState().setMoveUrl(url),
    clearSession: clearLogin,
    storeLoginCheck: applyLoginCheckStore,
    storeLogin: (payload, tokens) => applyLoginPayload(payload, tokens),
    alert: ({ titleKey, messageKey }) => dialogs.alert({ title: message(titleKey), message: message(messageKey) }),
    setCyber: (isCyber) => usePortalStore.getState().setCyber(isCyber),
    hostname: window.location.hostname,
    externalHost: EXTERNAL_HOST,
  });

  const integration: LoaderFunction = async ({ request }) => {
    const { runExternalAdEntry } = await loadAdEntry();
    const outcome = await runExternalAdEntry(new URL(request.url).searchParams, {
      api: authApi,
      now: Date.now,
      origin: window.location.origin,
      storage: window.sessionStorage,
      storeLogin: (payload, tokens) => applyLoginPayload(payload, tokens),
      takeMoveUrl: () => useAuthFlowStore.getState().takeMoveUrl(),
      alert: (key) => dialogs.alert({ title: message('http.errorTitle'), message: message(key) }),
    });
    if (!outcome) return null;
    return outcome.document ? redirectDocument(outcome.redirect) : redirect(outcome.redirect);
  };

  ref.table = createRoutes({ guard: createGuardLoader(() => ref.table, guardDeps), integration });
  const r = createBrowserRouter(ref.table, { dataStrategy: guardFirst });
  ref.router = r;

  setTokenRefresher(refreshTokens);
  setHttpEffects({
    alert: (o) => dialogs.alert(o),
    navigate: (to) => void r.navigate(to),
    currentPath: () => fullPath(r.state.location),
    hideLoader: () => useLoaderStore.getState().hide(),
    clearSession: clearLogin,
    rememberMoveUrl: (url) => useAuthFlowStore.getState().setMoveUrl(url),
    message,
    translate: (msg) => translateMsg(i18n, msg),
  });

  syncPortalWithRouter(r, {
    setCyber: (isCyber) => usePortalStore.getState().setCyber(isCyber),
    // The product name ends every page's title (document-title.ts adds the page's own name).
    setTitle: (product) => usePageTitleStore.setState({ product }),
  });
  const routeTitle = (matches: typeof r.state.matches) =>
    usePageTitleStore.setState({ routeKey: titleKeyOf(matches.map((m) => m.route.handle)) });
  routeTitle(r.state.matches);
  r.subscribe((state) => routeTitle(state.matches));
  startDocumentTitle(i18n);

  // The loading bar follows navigations too (a guard's round trip, a chunk download).
  r.subscribe((state) => useLoaderStore.getState().setNavigating(state.navigation.state !== 'idle'));

  // Spec: every navigation to a menu screen posts /api/v1/menuLog.
  let lastLogged = '';
  r.subscribe((state) => {
    if (state.navigation.state !== 'idle') return;
    const key = `${state.location.key}`;
    if (key === lastLogged) return;
    lastLogged = key;
    const { isLoggedIn, menus } = useSessionStore.getState();
    if (!isLoggedIn) return;
    const isCyber = usePortalStore.getState().isCyber;
    const { pathname } = state.location;
    // The menu tree's code comes with the signed-in shell's chunk: the login pages load none of it. The
    // log is best effort, as the request itself: a chunk that does not arrive costs this one entry.
    import('../layouts/menu/menu-tree').then(
      ({ menuForPath }) => {
        const menu = menuForPath(menus, pathname, isCyber);
        if (menu) void authApi.menuLog(pathname, menu.pgmId);
      },
      () => undefined,
    );
  });

  return r;
}
