import { MENU_BREAKPOINT, MENU_COLUMNS_PER_ROW, MENU_LAYOUT_WIDTHS } from '../../../lib/constants';
import { portalPath } from '../../router/known-screens';
import type { MenuItem } from '../../stores/session';

/**
 * The menu tree of the login answer (spec §3) as the menus and the breadcrumb need it. Pure
 * functions over MenuItem[]; the server sends menu URLs without /cyber, the portal adds it.
 */

/** Spec §2: only leaf entries (leaf = 'T') navigate. */
export function isLeaf(item: MenuItem): boolean {
  return item.leaf === 'T';
}

export function childrenOf(item: MenuItem): MenuItem[] {
  return item.childs ?? [];
}

/** Where a leaf entry goes in a portal, or null for groups (and leaves without an address). */
export function menuHref(item: MenuItem, isCyber: boolean): string | null {
  if (!isLeaf(item) || !item.sspUrl) return null;
  return portalPath(item.sspUrl, isCyber);
}

function subUrls(item: MenuItem): string[] {
  const s = item.sspSubUrls;
  if (Array.isArray(s)) return s.filter((v): v is string => typeof v === 'string' && v !== '');
  if (typeof s === 'string' && s.trim() !== '')
    return s
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean);
  return [];
}

/** The menu-side path of an address: /cyber stripped in the external portal, no trailing slash. */
export function menuPathOf(pathname: string, isCyber: boolean): string {
  let p = pathname.replace(/\/+$/, '') || '/';
  if (isCyber && (p === '/cyber' || p.startsWith('/cyber/'))) p = p.slice('/cyber'.length) || '/';
  return p;
}

const norm = (url: string) => (url.startsWith('/') ? url : `/${url}`).replace(/\/+$/, '').toLowerCase();

/**
 * The chain of entries from the top level down to the leaf that opens `pathname` (as its own
 * URL, or one of its sub-URLs such as an edit screen of a list), or [] when no menu opens it.
 * An exact URL match wins over a sub-URL match.
 */
export function menuTrail(menus: MenuItem[], pathname: string, isCyber: boolean): MenuItem[] {
  const target = norm(menuPathOf(pathname, isCyber));
  if (target === '' || target === '/') return [];
  const find = (items: MenuItem[], match: (m: MenuItem) => boolean): MenuItem[] | null => {
    for (const item of items) {
      if (isLeaf(item) && match(item)) return [item];
      const below = find(childrenOf(item), match);
      if (below) return [item, ...below];
    }
    return null;
  };
  return (
    find(menus, (m) => !!m.sspUrl && norm(m.sspUrl) === target) ??
    find(menus, (m) => subUrls(m).some((u) => norm(u) === target)) ??
    []
  );
}

/** The first leaf under an entry (depth first), for a group chosen in the breadcrumb. */
export function firstLeaf(item: MenuItem): MenuItem | null {
  if (isLeaf(item) && item.sspUrl) return item;
  for (const child of childrenOf(item)) {
    const leaf = firstLeaf(child);
    if (leaf) return leaf;
  }
  return null;
}

/** Every leaf, in menu order, with the names of its ancestors (quick links, search). */
export function leavesOf(
  menus: MenuItem[],
  ancestors: MenuItem[] = [],
): Array<{ leaf: MenuItem; ancestors: MenuItem[] }> {
  return menus.flatMap((m) =>
    isLeaf(m) ? (m.sspUrl ? [{ leaf: m, ancestors }] : []) : leavesOf(childrenOf(m), [...ancestors, m]),
  );
}

/** Spec §9: five menu columns per row. */
export function menuRows<T>(items: T[], perRow = MENU_COLUMNS_PER_ROW): T[][] {
  const rows: T[][] = [];
  for (let i = 0; i < items.length; i += perRow) rows.push(items.slice(i, i + perRow));
  return rows;
}

/** Spec §9: the mega menu is 900 px wide below the 1600 px breakpoint and 1200 px from it. */
export function megaMenuWidth(viewportWidth: number): number {
  return viewportWidth >= MENU_BREAKPOINT ? MENU_LAYOUT_WIDTHS[1] : MENU_LAYOUT_WIDTHS[0];
}

/** The leaf a visited address belongs to (for the menu-visit log), or null. */
export function menuForPath(menus: MenuItem[], pathname: string, isCyber: boolean): MenuItem | null {
  const trail = menuTrail(menus, pathname, isCyber);
  return trail.length > 0 ? trail[trail.length - 1] : null;
}
