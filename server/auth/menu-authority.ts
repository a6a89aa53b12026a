import type { Db } from '../db/connect.js';
import type { Portal } from '../http/access.js';
import type { Config } from '../config.js';
import { KNOWN_ROUTES } from '../modules/portal-admin/known-routes.js';
import { asOwner } from '../db/company-scope.js';
import { VersionedAnswers } from '../db/authority-watch.js';

/** Menus, menu authority and groups all move the authority version (migrations 0380, 0540). */
const holds = new VersionedAnswers<boolean>();

export interface MenuNode {
  pgmId: string;
  pgmName: string;
  sspUrl: string | null;
  sspSubUrls: string[];
  leaf: 'T' | 'F';
  canWrite: boolean;
  childs: MenuNode[];
}

/** True when the group holds, at the level asked, a menu that opens one of the screens (route paths). */
export async function groupHoldsScreen(
  db: Db,
  authGroupId: string,
  screens: string[],
  level: 'read' | 'write',
): Promise<boolean> {
  if (screens.length === 0) return true;
  return holds.get(db, `${authGroupId}\u0000${level}\u0000${screens.join('\u0001')}`, () =>
    readGroupHoldsScreen(db, authGroupId, screens, level),
  );
}

async function readGroupHoldsScreen(
  db: Db,
  authGroupId: string,
  screens: string[],
  level: 'read' | 'write',
): Promise<boolean> {
  const row = await asOwner(db)
    .selectFrom('menuAuth as a')
    .innerJoin('menu as m', 'm.pgmId', 'a.pgmId')
    // A deactivated group (사용 중지) holds nothing.
    .innerJoin('authGroup as g', (j) => j.onRef('g.authGroupId', '=', 'a.authGroupId').on('g.useYn', '=', 'Y'))
    .select('a.pgmId')
    .where('a.authGroupId', '=', authGroupId)
    .where(level === 'write' ? 'a.canWrite' : 'a.canRead', '=', 'Y')
    .where('m.useYn', '=', 'Y')
    .where((eb) => eb.or([eb('m.sspUrl', 'in', screens), eb('m.sspSubUrls', '&&', eb.val(screens))]))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Development pages (devOnly screens such as /testPo) exist in the Vite dev server and the tests'
 * builds only; a production build has none. Their menu rows stay in the table (an administrator may
 * grant them on a development server), but a production server sends none of them.
 */
export function devPagesServed(config: Pick<Config, 'nodeEnv'>): boolean {
  return config.nodeEnv !== 'production';
}

const DEV_ONLY_PATHS: ReadonlySet<string> = new Set(KNOWN_ROUTES.devOnly.map((p) => p.toLowerCase()));

/** True when a menu URL opens a development page. */
function isDevPagePath(sspUrl: string | null): boolean {
  return sspUrl !== null && DEV_ONLY_PATHS.has(sspUrl.replace(/\/+$/, '').toLowerCase());
}

/**
 * The menu tree a group sees in one portal (spec §3 menu item: pgmId, pgmName, sspUrl, sspSubUrls,
 * childs, leaf); without development pages unless `devPages` (devPagesServed).
 */
export async function menuTreeFor(
  db: Db,
  authGroupId: string,
  portal: Portal,
  lang: 'ko' | 'en',
  devPages: boolean,
): Promise<MenuNode[]> {
  const rows = await db
    .selectFrom('menu as m')
    .innerJoin('menuAuth as a', (j) =>
      j.onRef('a.pgmId', '=', 'm.pgmId').on('a.authGroupId', '=', authGroupId).on('a.canRead', '=', 'Y'),
    )
    .innerJoin('authGroup as g', (j) => j.onRef('g.authGroupId', '=', 'a.authGroupId').on('g.useYn', '=', 'Y'))
    .select([
      'm.pgmId',
      'm.parentId',
      'm.pgmName',
      'm.pgmNameEn',
      'm.sspUrl',
      'm.sspSubUrls',
      'm.leaf',
      'm.depth',
      'a.canWrite',
    ])
    .where('m.portal', '=', portal)
    .where('m.useYn', '=', 'Y')
    .orderBy('m.depth')
    .orderBy('m.sortOrder')
    .orderBy('m.pgmId')
    .execute();
  const byId = new Map<string, MenuNode>();
  const roots: MenuNode[] = [];
  for (const r of rows) {
    if (!devPages && r.leaf === 'T' && isDevPagePath(r.sspUrl)) continue;
    const node: MenuNode = {
      pgmId: r.pgmId,
      pgmName: lang === 'en' ? r.pgmNameEn : r.pgmName,
      sspUrl: r.sspUrl,
      sspSubUrls: r.sspSubUrls ?? [],
      leaf: r.leaf,
      canWrite: r.canWrite === 'Y',
      childs: [],
    };
    byId.set(r.pgmId, node);
    const parent = r.parentId ? byId.get(r.parentId) : undefined;
    if (parent) parent.childs.push(node);
    else if (!r.parentId) roots.push(node);
  }
  // A branch with no leaf the group may open is noise in the menu.
  const prune = (nodes: MenuNode[]): MenuNode[] =>
    nodes.map((n) => ({ ...n, childs: prune(n.childs) })).filter((n) => n.leaf === 'T' || n.childs.length > 0);
  return prune(roots);
}

/** Strips the external prefix: menus store paths without /cyber (the portal column says which). */
export function menuPathOf(path: string): { portal: Portal; path: string } {
  const clean = path.split('?')[0].split('#')[0].replace(/\/+$/, '') || '/';
  if (clean === '/cyber' || clean.startsWith('/cyber/'))
    return { portal: 'X', path: clean.slice('/cyber'.length) || '/' };
  return { portal: 'I', path: clean };
}

/** The menus (pgmId) that open a path in a portal: as their own URL or one of their sub-URLs. */
export async function menusForPath(db: Db, portal: Portal, path: string): Promise<string[]> {
  const rows = await db
    .selectFrom('menu')
    .select('pgmId')
    .where('portal', '=', portal)
    .where('useYn', '=', 'Y')
    .where((eb) => eb.or([eb('sspUrl', '=', path), eb(eb.val(path), '=', eb.fn.any('sspSubUrls'))]))
    .execute();
  return rows.map((r) => r.pgmId);
}

export async function codeListsFor(
  db: Db,
  lang: 'ko' | 'en',
): Promise<Record<string, Array<{ value: string; text: string }>>> {
  const rows = await db
    .selectFrom('code')
    .innerJoin('codeGroup', 'codeGroup.groupId', 'code.groupId')
    .select(['code.groupId', 'code.code', 'code.textKo', 'code.textEn'])
    .where('code.useYn', '=', 'Y')
    .where('codeGroup.useYn', '=', 'Y')
    .orderBy('code.groupId')
    .orderBy('code.sortOrder')
    .orderBy('code.code')
    .execute();
  const out: Record<string, Array<{ value: string; text: string }>> = {};
  for (const r of rows) (out[r.groupId] ??= []).push({ value: r.code, text: lang === 'en' ? r.textEn : r.textKo });
  return out;
}
