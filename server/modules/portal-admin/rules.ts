import type { Db } from '../../db/connect.js';
import { anAuthorityAdmin } from './queries.js';
import type { Portal } from '../../http/access.js';
import type { Caller } from '../../auth/plugin.js';
import { badRequest, conflict } from '../../http/errors.js';
import { KNOWN_ROUTES as knownRoutes } from './known-routes.js';

/** The screen whose write right lets someone repair authority: at least one active user must keep it. */
export const AUTHORITY_SCREEN = '/portal/author/authMenuManage';
export const MENU_SCREEN = '/portal/author/menuManage';
export const GROUP_SCREEN = '/portal/author/authorGroupManage';
export const AUDIT_SCREEN = '/portal/author/adminAudit';
export const SYSTEM_GROUP = '99';

const KNOWN = { I: new Set(knownRoutes.internal), X: new Set(knownRoutes.external) };

/** Sub-URLs as typed: comma, space or newline separated; blanks dropped, duplicates once. */
export function splitUrls(text: string | null | undefined): string[] {
  return [
    ...new Set(
      (text ?? '')
        .split(/[\s,]+/)
        .map((u) => u.trim())
        .filter(Boolean),
    ),
  ];
}

/**
 * A menu URL is a path of the app: it starts with one '/', and holds no scheme, host, query or
 * fragment — `javascript:alert(1)`, `https://evil`, `//evil` are refused.
 */
const PATH = /^\/(?!\/)[A-Za-z0-9_\-./]*$/;
export function checkUrls(urls: string[], field: string): void {
  const bad = urls.filter((u) => !PATH.test(u) || u.includes('..'));
  if (bad.length > 0) {
    throw badRequest(
      'MENU_URL_INVALID',
      `메뉴 URL은 /로 시작하는 앱 경로여야 합니다 (스킴·호스트 불가): ${bad.join(', ')}`,
      bad.map(() => ({ path: `body/${field}`, message: '메뉴 URL은 /로 시작하는 앱 경로여야 합니다' })),
    );
  }
}

/** The screen studio's stored screens are served at /s/<name> (app/screens/stored-screen-routes.tsx). */
const STORED_SCREEN = /^\/s\/[a-z][A-Za-z0-9]{1,37}$/;

/** URLs the app has no route for (a warning: a screen may be added later). */
export function unknownRoutes(portal: 'I' | 'X', urls: string[]): string[] {
  return urls.filter((u) => !KNOWN[portal].has(u) && !STORED_SCREEN.test(u));
}

export const versionConflict = (current: number) =>
  conflict('VERSION_CONFLICT', '다른 사용자가 먼저 변경했습니다. 다시 조회한 뒤 처리하세요', {
    currentVersion: current,
  });

/**
 * Refuses a change that would leave nobody able to manage authority: after it (run inside the
 * change's transaction), at least one enabled, unlocked internal user of an active group must hold
 * write on an active menu that opens the menu-authority screen.
 */
export async function assertAuthorityAdminRemains(trx: Db): Promise<void> {
  const row = await anAuthorityAdmin(trx, AUTHORITY_SCREEN);
  if (!row)
    throw conflict(
      'LAST_ADMIN',
      '마지막 시스템 관리자의 권한은 제거할 수 없습니다 (메뉴권한관리 쓰기 권한을 가진 사용자가 한 명 이상 남아야 합니다)',
    );
}

/** Supplier administrators manage their own portal only; internal administrators both. */
export const portalsOf = (caller: Caller): Portal[] => (caller.portal === 'X' ? ['X'] : ['I', 'X']);

/** Menus in tree order: each parent before its children, siblings by sortOrder then pgmId. */
export function treeOrder<T extends { pgmId: string; parentId: string | null; sortOrder: number }>(rows: T[]): T[] {
  const children = new Map<string | null, T[]>();
  for (const r of rows) children.set(r.parentId, [...(children.get(r.parentId) ?? []), r]);
  for (const list of children.values())
    list.sort((a, b) => a.sortOrder - b.sortOrder || a.pgmId.localeCompare(b.pgmId));
  const ids = new Set(rows.map((r) => r.pgmId));
  const out: T[] = [];
  const walk = (parent: string | null) => {
    for (const r of children.get(parent) ?? []) {
      out.push(r);
      walk(r.pgmId);
    }
  };
  walk(null);
  // Orphans (a parent outside the portals read) still show, at the end.
  for (const r of rows) if (r.parentId && !ids.has(r.parentId) && !out.includes(r)) out.push(r);
  return out;
}
