import type { RouteObject } from 'react-router-dom';
import { SCREEN_ROUTES } from '../../screens/routes.generated';
import type { PortalKind } from '../layouts/portal-kind';
import { isTemplateScreen, screenRouteName } from '../router/known-screens';
import { lazyPage } from '../router/lazy-page';
import { DEV_PAGES_ENABLED } from '../router/dev-pages';
import type { RouteHandle } from '../router/route-handle';

const loadScreen = lazyPage(() => import('./ScreenRoute'));

/**
 * One route per screen definition with a route, for the portal's main layout (internal paths;
 * the router puts external ones under /cyber). Each renders its screen through the engine, in a
 * chunk loaded on the first visit. The table is built from screens/routes.generated.ts (written
 * by `npm run screens:check`), not from the definitions themselves: those would otherwise be part
 * of the JavaScript every first visit loads, the login page's included.
 */
export function screenRoutes(portal: PortalKind, devPages: boolean = DEV_PAGES_ENABLED): RouteObject[] {
  const isCyber = portal === 'external';
  return SCREEN_ROUTES.filter((info) => info.portals.includes(portal) && (devPages || !info.devOnly)).map(
    (info): RouteObject => {
      // The page templates are public routes (spec §2), as their placeholders were.
      const handle: RouteHandle = { isCyber, public: isTemplateScreen(info.route), titleKey: info.title };
      return {
        id: screenRouteName(info.route, isCyber),
        path: info.route,
        handle,
        lazy: async () => {
          const { ScreenRoute, preloadScreenById } = await loadScreen();
          // The router keeps the screen being left up (busy) until the new one's kind (an edit screen's
          // form code) is here too: otherwise the new screen replaced it by a bare "loading" line. A link
          // shown for the route fetches both ahead (app/router/prefetch.ts, engine/runtime/frame.tsx).
          await preloadScreenById(info.id);
          return { Component: () => <ScreenRoute id={info.id} /> };
        },
      };
    },
  );
}

export default screenRoutes;
