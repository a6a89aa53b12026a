import type { RouteObject } from 'react-router-dom';
import type { PortalKind } from '../layouts/portal-kind';
import { lazyPage } from '../router/lazy-page';
import type { RouteHandle } from '../router/route-handle';

const loadStoredScreen = lazyPage(() => import('./StoredScreenRoute'));

/** The path stored screens are served at, under the portal's main layout. */
const STORED_SCREEN_PATH = '/s/:name';

/**
 * The screen studio's published screens (docs/studio.md): one route per portal, /s/:name and
 * /cyber/s/:name, whose loader reads the published definition from the server on each visit — a
 * screen published a moment ago opens without a rebuild. Built-in routes are never under /s/, and
 * react-router ranks a static path above this dynamic one, so a stored screen cannot replace one.
 */
export function storedScreenRoutes(portal: PortalKind): RouteObject[] {
  const isCyber = portal === 'external';
  const handle: RouteHandle = { isCyber, public: false, titleKey: 'route.storedScreen' };
  return [
    {
      id: isCyber ? 'Cyber_stored-screen' : 'stored-screen',
      path: isCyber ? `/cyber${STORED_SCREEN_PATH}` : STORED_SCREEN_PATH,
      handle,
      lazy: async () => {
        const { storedScreenLoader, StoredScreenRoute } = await loadStoredScreen();
        return { loader: storedScreenLoader, Component: StoredScreenRoute };
      },
    },
  ];
}
