import type { RouteObject } from 'react-router-dom';
import type { ScreenDef } from '../../engine/definition/types';
import { screenDefinitions } from '../../screens';
import type { PortalKind } from '../layouts/portal-kind';
import { isTemplateScreen, screenRouteName } from '../router/known-screens';
import { lazyPage } from '../router/lazy-page';
import type { RouteHandle } from '../router/route-handle';

/** The part of a definition a route needs before its chunk loads. */
interface RouteInfo {
  id: string;
  route: string;
  title: string;
  portals: Array<'internal' | 'external'>;
}

function routeInfo(definition: unknown): RouteInfo | null {
  const d = definition as Partial<ScreenDef> | null;
  if (!d || typeof d.id !== 'string' || typeof d.route !== 'string') return null;
  return { id: d.id, route: d.route, title: typeof d.title === 'string' ? d.title : d.id, portals: Array.isArray(d.portals) && d.portals.length ? d.portals : ['internal'] };
}

const loadScreen = lazyPage(() => import('./ScreenRoute'));

/**
 * One route per screen definition with a route, for the portal's main layout (internal paths;
 * the router puts external ones under /cyber). Each renders its screen through the engine, in a
 * chunk of its own loaded on the first visit.
 */
export function screenRoutes(portal: PortalKind): RouteObject[] {
  const isCyber = portal === 'external';
  return screenDefinitions.flatMap(({ definition }): RouteObject[] => {
    const info = routeInfo(definition);
    if (!info || !info.portals.includes(portal)) return [];
    // The page templates are public routes (spec §2), as their placeholders were.
    const handle: RouteHandle = { isCyber, public: isTemplateScreen(info.route), titleKey: info.title };
    return [
      {
        id: screenRouteName(info.route, isCyber),
        path: info.route,
        handle,
        lazy: async () => {
          const { ScreenRoute } = await loadScreen();
          return { Component: () => <ScreenRoute id={info.id} /> };
        },
      },
    ];
  });
}

export default screenRoutes;
