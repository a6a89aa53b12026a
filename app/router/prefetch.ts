import {
  useCallback,
  useContext,
  useEffect,
  useMemo,
  type FocusEvent,
  type PointerEvent,
  type SyntheticEvent,
} from 'react';
import { matchRoutes, UNSAFE_DataRouterContext, type RouteObject } from 'react-router-dom';

/**
 * Fetches the code of the page an address opens — each matched route's lazy chunk (a screen's also
 * fetches its kind's: screen-routes.tsx) — without navigating. The module cache keeps what arrived,
 * so the router's own load on the click finds it there. A route already loaded has no `lazy` left.
 */
function prefetchRoutes(routes: readonly RouteObject[], href: string): void {
  const path = href.split(/[?#]/)[0];
  for (const match of matchRoutes(routes as RouteObject[], path) ?? []) {
    const lazy = match.route.lazy;
    if (typeof lazy === 'function') Promise.resolve(lazy()).catch(() => undefined);
  }
}

/** A link's prefetch: call the returned function when the link is hovered, focused or pressed. */
function usePrefetch(): (href: string | null | undefined) => void {
  const routes = useContext(UNSAFE_DataRouterContext)?.router.routes;
  return useCallback(
    (href) => {
      if (routes && href) prefetchRoutes(routes, href);
    },
    [routes],
  );
}

/** Fetches the page's code once the link has been shown (in the browser's idle time). */
export function usePrefetchWhenShown(href: string | null | undefined): void {
  const prefetch = usePrefetch();
  useEffect(() => {
    if (!href) return;
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(() => prefetch(href), { timeout: 2000 });
      return () => cancelIdleCallback(handle);
    }
    const timer = setTimeout(() => prefetch(href), 200);
    return () => clearTimeout(timer);
  }, [href, prefetch]);
}

/**
 * Handlers for a container of links (a menu, the breadcrumb): the page a link opens is fetched when
 * the pointer comes over it or it takes the focus, before the click.
 */
export function useLinkPrefetch(): { onPointerOver: (e: PointerEvent) => void; onFocus: (e: FocusEvent) => void } {
  const prefetch = usePrefetch();
  return useMemo(() => {
    const fromEvent = (e: SyntheticEvent) => {
      const a = (e.target as Element | null)?.closest?.('a[href]');
      const href = a?.getAttribute('href');
      if (href?.startsWith('/')) prefetch(href);
    };
    return { onPointerOver: fromEvent, onFocus: fromEvent };
  }, [prefetch]);
}
