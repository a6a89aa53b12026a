import type { RouteObject } from 'react-router-dom';
import type { PortalKind } from '../layouts/portal-kind';
import type { RouteHandle } from './route-handle';
import { EXTERNAL_SCREENS, INTERNAL_SCREENS, isTemplateScreen, portalPath, screenRouteName } from './known-screens';
import { lazyPage } from './lazy-page';
import { storedScreenRoutes } from '../screens/stored-screen-routes';

/*
 * ─── THE ONE PLACE WHERE THE SCREEN ENGINE PLUGS IN ──────────────────────────────────────────
 * The screen engine delivers app/screens/screen-routes.tsx exporting
 *     screenRoutes(portal: 'internal' | 'external'): RouteObject[]
 * (named export `screenRoutes`, or the default export). The glob below picks the file up as soon
 * as it exists — no change here needed. Its routes are mounted as children of the internal (`/`)
 * and external (`/cyber`) main layouts; spec §2 addresses it does not (yet) cover get a
 * placeholder page, so every listed address is guarded and shows the menu and breadcrumb.
 * ─────────────────────────────────────────────────────────────────────────────────────────────
 */
type ScreenRoutesModule = {
  screenRoutes?: (portal: PortalKind) => RouteObject[];
  default?: (portal: PortalKind) => RouteObject[];
};

const found = import.meta.glob<ScreenRoutesModule>('../screens/screen-routes.tsx', { eager: true });

export function engineScreenRoutes(
  portal: PortalKind,
  modules: Record<string, ScreenRoutesModule> = found,
): RouteObject[] {
  const mod = Object.values(modules)[0];
  const make = mod?.screenRoutes ?? mod?.default;
  return typeof make === 'function' ? make(portal) : [];
}

/** The absolute paths a route list serves (its own and its children's). */
export function servedPaths(routes: RouteObject[], base = ''): string[] {
  return routes.flatMap((r) => {
    const own = r.path === undefined ? base : r.path.startsWith('/') ? r.path : `${base.replace(/\/$/, '')}/${r.path}`;
    return [...(r.path !== undefined ? [own] : []), ...servedPaths(r.children ?? [], own)];
  });
}

/**
 * External screen routes live under /cyber. A route of the engine written with the internal
 * path ('/prCheckList') is moved under the prefix ('/cyber/prCheckList') once.
 */
function underCyber(routes: RouteObject[]): RouteObject[] {
  return routes.map((r): RouteObject => {
    const path = r.path !== undefined && r.path.startsWith('/') ? portalPath(r.path, true) : r.path;
    return { ...r, path, children: r.children ? underCyber(r.children) : undefined } as RouteObject;
  });
}

const placeholderLazy = lazyPage(() =>
  import('../pages/screens/ScreenPlaceholder').then((m) => ({ Component: m.ScreenPlaceholder })),
);

function placeholder(path: string, isCyber: boolean): RouteObject {
  const handle: RouteHandle = { isCyber, public: isTemplateScreen(path), titleKey: 'route.screen' };
  return { id: screenRouteName(path, isCyber), path: portalPath(path, isCyber), handle, lazy: placeholderLazy };
}

/** Children of a main layout: the engine's screens, then placeholders for the rest of spec §2's list. */
export function screenChildren(portal: PortalKind, modules?: Record<string, ScreenRoutesModule>): RouteObject[] {
  const isCyber = portal === 'external';
  const engine = engineScreenRoutes(portal, modules);
  const mounted = isCyber ? underCyber(engine) : engine;
  const served = new Set(servedPaths(mounted, isCyber ? '/cyber' : '').map((p) => p.toLowerCase()));
  const wanted = isCyber ? EXTERNAL_SCREENS : INTERNAL_SCREENS;
  const rest = wanted
    .filter((p) => !served.has(portalPath(p, isCyber).toLowerCase()))
    .map((p) => placeholder(p, isCyber));
  // The screen studio's published screens: /s/:name and /cyber/s/:name, never a built-in path.
  return [...mounted, ...rest, ...storedScreenRoutes(portal)];
}
