import { redirect, type LoaderFunction, type RouteObject } from 'react-router-dom';
import { RouteErrorPage } from '../pages/errors/RouteErrorPage';
import { ScreenErrorPage } from '../pages/errors/ScreenErrorPage';
import { PageLoading } from '../ui/PageLoading';
import { DEV_PAGES_ENABLED } from './dev-pages';
import { ROOT_ROUTE_ID } from './guard-loader';
import { lazyPage } from './lazy-page';
import { REDIRECTS } from './redirects';
import type { RouteHandle } from './route-handle';
import { screenChildren } from './screen-mount';

/*
 * The route table. Every page loads lazily through react-router's `lazy` (its own chunk, fetched
 * on the first visit; the router waits for it before switching pages, so the old page stays up
 * instead of flashing a fallback). `handle` is static so the portal, the public flag and the
 * extra-authentication flag are known from the address before any chunk arrives. Only the error
 * page and the loading indicator ship in the entry chunk: they must work when a chunk does not.
 */

const internal = (titleKey: string, isPublic = false, extraAuth = false): RouteHandle => ({
  isCyber: false,
  public: isPublic,
  titleKey,
  ...(extraAuth ? { extraAuth } : {}),
});
const external = (titleKey: string, isPublic = false, extraAuth = false): RouteHandle => ({
  isCyber: true,
  public: isPublic,
  titleKey,
  ...(extraAuth ? { extraAuth } : {}),
});

export interface RouteOptions {
  /** The root loader: the spec §4 guards (createAppRouter installs it; tests may leave it out). */
  guard?: LoaderFunction;
  /** /integration's loader: the external AD entry. */
  integration?: LoaderFunction;
  devPages?: boolean;
}

export const INTERNAL_MAIN_ID = 'internal-main';
export const EXTERNAL_MAIN_ID = 'external-main';

export function createRoutes({ guard, integration, devPages = DEV_PAGES_ENABLED }: RouteOptions = {}): RouteObject[] {
  const devRoutes: RouteObject[] = devPages
    ? [
        {
          path: '/cyberDevLogin',
          handle: external('route.cyberDevLogin', true),
          lazy: lazyPage(() =>
            import('../pages/dev/CyberDevLoginPage').then((m) => ({ Component: m.CyberDevLoginPage })),
          ),
        },
        {
          path: '/conv',
          handle: internal('route.conv', true),
          lazy: lazyPage(() => import('../pages/dev/ConvPage').then((m) => ({ Component: m.ConvPage }))),
        },
      ]
    : [];
  return [
    {
      id: ROOT_ROUTE_ID,
      loader: guard,
      // The guard runs on every navigation, not only when the root's params change.
      shouldRevalidate: guard ? () => true : undefined,
      errorElement: <RouteErrorPage />,
      hydrateFallbackElement: <PageLoading />,
      children: [
        {
          id: INTERNAL_MAIN_ID,
          path: '/',
          handle: internal('route.home', false, true),
          lazy: lazyPage(() => import('../layouts/InternalLayout').then((m) => ({ Component: m.InternalLayout }))),
          children: [
            {
              // A failing screen shows its error inside the layout: menu and breadcrumb stay usable.
              id: 'internal-screens',
              errorElement: <ScreenErrorPage />,
              children: [
                {
                  index: true,
                  id: 'SubMain',
                  handle: internal('route.home', false, true),
                  lazy: lazyPage(() => import('../pages/home/SubMain').then((m) => ({ Component: m.SubMain }))),
                },
                ...screenChildren('internal'),
              ],
            },
          ],
        },
        {
          id: EXTERNAL_MAIN_ID,
          path: '/cyber',
          handle: external('route.cyberHome', false, true),
          lazy: lazyPage(() => import('../layouts/ExternalLayout').then((m) => ({ Component: m.ExternalLayout }))),
          children: [
            {
              id: 'external-screens',
              errorElement: <ScreenErrorPage />,
              children: [
                {
                  index: true,
                  id: 'Cyber_SubMain',
                  handle: external('route.cyberHome', false, true),
                  lazy: lazyPage(() =>
                    import('../pages/home/CyberSubMain').then((m) => ({ Component: m.CyberSubMain })),
                  ),
                },
                ...screenChildren('external'),
              ],
            },
          ],
        },
        {
          path: '/login',
          handle: internal('route.login', true),
          lazy: lazyPage(() =>
            import('../pages/login/InternalLoginPage').then((m) => ({ Component: m.InternalLoginPage })),
          ),
        },
        {
          path: '/cyberLogin',
          handle: external('route.cyberLogin', true),
          lazy: lazyPage(() =>
            import('../pages/login/ExternalLoginPage').then((m) => ({ Component: m.ExternalLoginPage })),
          ),
        },
        {
          path: '/auth/login',
          handle: internal('route.authServerLogin', true),
          lazy: lazyPage(() =>
            import('../pages/login/AuthServerLoginPage').then((m) => ({ Component: m.AuthServerLoginPage })),
          ),
        },
        {
          path: '/authReq',
          handle: internal('route.authReq', true),
          lazy: lazyPage(() => import('../pages/auth/AuthReqPage').then((m) => ({ Component: m.InternalAuthReqPage }))),
        },
        {
          path: '/cyberAuthReq',
          handle: external('route.cyberAuthReq', true),
          lazy: lazyPage(() => import('../pages/auth/AuthReqPage').then((m) => ({ Component: m.ExternalAuthReqPage }))),
        },
        {
          path: '/integration',
          handle: external('route.integration', true),
          loader: integration,
          lazy: lazyPage(() =>
            import('../pages/integration/IntegrationPage').then((m) => ({ Component: m.IntegrationPage })),
          ),
        },
        {
          path: '/info401',
          handle: internal('route.info401', true),
          lazy: lazyPage(() => import('../pages/errors/Info401Page').then((m) => ({ Component: m.Info401Page }))),
        },
        {
          path: '/info500',
          handle: internal('route.info500', true),
          lazy: lazyPage(() => import('../pages/errors/Info500Page').then((m) => ({ Component: m.Info500Page }))),
        },
        ...devRoutes,
        // Section entries without a page of their own: the guard lets them through (the target is guarded).
        ...REDIRECTS.map(({ from, to }): RouteObject => ({
          path: from,
          handle: internal('route.home', true),
          loader: () => redirect(to),
        })),
        // An unknown address under /cyber stays in the external portal (OGPMS title, OGPMS home link).
        {
          path: '/cyber/*',
          handle: external('route.notFound', true),
          lazy: lazyPage(() => import('../pages/errors/NotFoundPage').then((m) => ({ Component: m.NotFoundPage }))),
        },
        {
          path: '*',
          handle: internal('route.notFound', true),
          lazy: lazyPage(() => import('../pages/errors/NotFoundPage').then((m) => ({ Component: m.NotFoundPage }))),
        },
      ],
    },
  ];
}

/** The table without guards: for tests and tools that look at its shape. */
export const routes: RouteObject[] = createRoutes();
