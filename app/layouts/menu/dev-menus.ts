import { useMemo } from 'react';
import { SCREEN_ROUTES } from '../../../screens/routes.generated';
import { DEV_PAGES_ENABLED } from '../../router/dev-pages';
import type { MenuItem } from '../../stores/session';
import { childrenOf, isLeaf } from './menu-tree';

/** Routes of `devOnly` screens (/testPo): a production build mounts none of them. */
const DEV_ONLY_ROUTES: ReadonlySet<string> = new Set(
  SCREEN_ROUTES.filter((r) => r.devOnly).map((r) => r.route.toLowerCase()),
);

/**
 * The menus without the entries whose page this build does not have: leaves opening a devOnly
 * screen when development pages are off, and groups left with nothing under them. The menu table
 * is shared by every build (an administrator may grant the 개발도구 rows), so the build decides
 * what it can show: a production user never sees a row that only leads to "not found".
 */
export function withoutAbsentPages(
  menus: readonly MenuItem[],
  devPages: boolean,
  devRoutes: ReadonlySet<string> = DEV_ONLY_ROUTES,
): MenuItem[] {
  if (devPages) return [...menus];
  const keep = (items: readonly MenuItem[]): MenuItem[] =>
    items.flatMap((m) => {
      if (isLeaf(m)) return m.sspUrl && devRoutes.has(m.sspUrl.replace(/\/+$/, '').toLowerCase()) ? [] : [m];
      const below = keep(childrenOf(m));
      return below.length === 0 && childrenOf(m).length > 0 ? [] : [{ ...m, childs: below }];
    });
  return keep(menus);
}

/** The session's menus as this build can open them (see withoutAbsentPages). */
export function useVisibleMenus(menus: readonly MenuItem[]): MenuItem[] {
  return useMemo(() => withoutAbsentPages(menus, DEV_PAGES_ENABLED), [menus]);
}
