import { MENUS, type MenuRow } from './menus.js';

/** Authority groups of spec §6 (plus 51 and 34, which its prefill rules name). */
export const AUTH_GROUPS = [
  {
    authGroupId: '99',
    nameKo: '시스템관리자',
    nameEn: 'System Administrator',
    portal: 'I',
    description: '모든 내부 메뉴와 시스템 설정',
  },
  {
    authGroupId: '50',
    nameKo: '기본관리자',
    nameEn: 'Default Administrator',
    portal: 'I',
    description: '모든 내부 메뉴',
  },
  {
    authGroupId: '51',
    nameKo: '보조관리자',
    nameEn: 'Assistant Administrator',
    portal: 'I',
    description: '권한·시스템 관리를 제외한 내부 메뉴',
  },
  {
    authGroupId: '10',
    nameKo: 'TF관리자',
    nameEn: 'TF Administrator',
    portal: 'I',
    description: '구매, 협력사, 평가, 품목',
  },
  {
    authGroupId: '20',
    nameKo: '운영자',
    nameEn: 'Operator',
    portal: 'I',
    description: '구매·입고·정산 운영, 그 외 조회',
  },
  { authGroupId: '30', nameKo: '사용자', nameEn: 'User', portal: 'I', description: '구매요청, 입고, 리포트, 게시판' },
  {
    authGroupId: '31',
    nameKo: '사용자관리자1',
    nameEn: 'User Administrator 1',
    portal: 'I',
    description: '팀 단위 사용자 관리',
  },
  {
    authGroupId: '32',
    nameKo: '사용자관리자2',
    nameEn: 'User Administrator 2',
    portal: 'I',
    description: '부서 단위 사용자 관리',
  },
  {
    authGroupId: '33',
    nameKo: '사용자관리자3',
    nameEn: 'User Administrator 3',
    portal: 'I',
    description: '부문 단위 사용자 관리',
  },
  {
    authGroupId: '34',
    nameKo: '사용자관리자4',
    nameEn: 'User Administrator 4',
    portal: 'I',
    description: '전사 사용자 관리',
  },
  { authGroupId: '40', nameKo: '모니터링', nameEn: 'Monitoring', portal: 'I', description: '모든 내부 메뉴 조회 전용' },
  { authGroupId: '60', nameKo: '협력사사용자', nameEn: 'Supplier User', portal: 'X', description: '협력사 포털 업무' },
  {
    authGroupId: '61',
    nameKo: '협력사관리자',
    nameEn: 'Supplier Administrator',
    portal: 'X',
    description: '협력사 포털 업무와 자사 사용자 관리',
  },
] as const satisfies ReadonlyArray<{
  authGroupId: string;
  nameKo: string;
  nameEn: string;
  portal: 'I' | 'X';
  description: string;
}>;

/**
 * Who may open what. Each grant names a scope — '*I' or '*X' (every menu of a portal) or a
 * pgmId, covering every leaf below it — and a level: W read+write, R read-only, - none.
 * Later grants override earlier ones, so a broad grant can be narrowed afterwards.
 */
type Level = 'W' | 'R' | '-';
type Grant = readonly [scope: string, level: Level];

/** Everyone keeps their own account (name, phones, password): PersonInfo writes only the caller's. */
const OWN_ACCOUNT: Grant = ['PORTAL_MY', 'W'];

const USER_GRANTS: readonly Grant[] = [
  ['PUR_PR_LIST', 'W'],
  // Any user may be named in an approval line, so any user may name a deputy.
  ['PORTAL_APPROVAL_DELEGATION', 'W'],
  ['WHS_RECEIPT', 'W'],
  ['RPT', 'R'],
  ['BOARD', 'R'],
  OWN_ACCOUNT,
];
const USER_ADMIN_GRANTS: readonly Grant[] = [
  ...USER_GRANTS,
  ['PORTAL_AUTHOR_USER', 'R'],
  ['PORTAL_AUTHOR_SESSION', 'R'],
];

/**
 * The supplier screens at their internal address (SUPVIEW) are read-only views for support
 *: operation, the administrators and monitoring read them; nobody writes there (the
 * server refuses a staff member's write on a supplier operation whatever the grant says).
 */
/**
 * The screen studio (포털관리 › 화면관리) publishes screens and menu rows: the system administrators
 * only, as migration 0421 grants it; an administrator may grant more in 메뉴권한관리.
 */
const NO_STUDIO: Grant = ['PORTAL_SCREEN', '-'];
/**
 * The budget imports (/budget/budgetImport, docs/budget.md › ERP import): everyone who keeps budgets reads
 * them; writing — an import pushed by the ERP — is the system administrators' (99), or a group an
 * administrator makes for the ERP's account in 메뉴권한관리 (as migration 0501 grants it).
 */
const READ_BUDGET_IMPORTS: Grant = ['PUR_BUDGET_IMPORT', 'R'];

const MENU_AUTH_MATRIX: Readonly<Record<string, readonly Grant[]>> = {
  '99': [
    ['*I', 'W'],
    ['SUPVIEW', 'R'],
  ],
  '50': [['*I', 'W'], ['SUPVIEW', 'R'], NO_STUDIO, READ_BUDGET_IMPORTS],
  '51': [['*I', 'W'], ['PORTAL_AUTHOR', '-'], ['PORTAL_SYSTEM', '-'], ['SUPVIEW', 'R'], NO_STUDIO, READ_BUDGET_IMPORTS],
  '10': [['PUR', 'W'], ['BIZ', 'W'], ['EVA', 'W'], ['ITEM', 'W'], ['BOARD', 'R'], OWN_ACCOUNT, READ_BUDGET_IMPORTS],
  // The personal-data access log is the privacy officer's (docs/privacy.md): not among what operation and monitoring read.
  '20': [
    ['*I', 'R'],
    ['PUR', 'W'],
    ['WHS', 'W'],
    ['EVA_WORK_TASKS', 'W'],
    // Which orders are 하도급, and at which FTC rates, is the purchasing managers' decision (10, 50, 99); operation reads them.
    ['PUR_SUBCON_RULE', 'R'],
    ['PUR_SUBCON_RATE', 'R'],
    ['PORTAL_SYSTEM_ACCESS_LOG', '-'],
    NO_STUDIO,
    OWN_ACCOUNT,
    READ_BUDGET_IMPORTS,
  ],
  '30': USER_GRANTS,
  '31': USER_ADMIN_GRANTS,
  '32': USER_ADMIN_GRANTS,
  '33': USER_ADMIN_GRANTS,
  '34': USER_ADMIN_GRANTS,
  '40': [['*I', 'R'], ['PORTAL_SYSTEM_ACCESS_LOG', '-'], NO_STUDIO, OWN_ACCOUNT],
  '60': [
    ['*X', 'W'],
    ['CY_USER_ADMIN', '-'],
  ],
  '61': [['*X', 'W']],
};

export interface MenuAuthRow {
  authGroupId: string;
  pgmId: string;
  canRead: 'Y' | 'N';
  canWrite: 'Y' | 'N';
}

function leavesUnder(scope: string, menus: ReadonlyArray<MenuRow>, children: Map<string, MenuRow[]>): MenuRow[] {
  if (scope === '*I' || scope === '*X') return menus.filter((m) => m.leaf === 'T' && m.portal === scope[1]);
  const root = menus.find((m) => m.pgmId === scope);
  if (!root) throw new Error(`menu authority matrix names an unknown menu: ${scope}`);
  const out: MenuRow[] = [];
  const walk = (m: MenuRow) => {
    if (m.leaf === 'T') out.push(m);
    for (const c of children.get(m.pgmId) ?? []) walk(c);
  };
  walk(root);
  return out;
}

/** Expands the matrix into menu_auth rows; a parent is granted when any child is, writable when any child is. */
export function buildMenuAuth(menus: ReadonlyArray<MenuRow> = MENUS): MenuAuthRow[] {
  const byId = new Map(menus.map((m) => [m.pgmId, m]));
  const children = new Map<string, MenuRow[]>();
  for (const m of menus) {
    if (m.parentId) children.set(m.parentId, [...(children.get(m.parentId) ?? []), m]);
  }
  const rows: MenuAuthRow[] = [];
  for (const group of AUTH_GROUPS) {
    const grants = MENU_AUTH_MATRIX[group.authGroupId];
    if (!grants) throw new Error(`no menu authority for group ${group.authGroupId}`);
    const level = new Map<string, Level>();
    for (const [scope, lv] of grants) {
      for (const leaf of leavesUnder(scope, menus, children)) {
        if (leaf.portal !== group.portal)
          throw new Error(`group ${group.authGroupId} is granted ${leaf.pgmId} of the other portal`);
        level.set(leaf.pgmId, lv);
      }
    }
    const writable = new Map<string, boolean>();
    for (const [pgmId, lv] of level) {
      if (lv === '-') continue;
      for (let m = byId.get(pgmId); m; m = m.parentId ? byId.get(m.parentId) : undefined) {
        writable.set(m.pgmId, (writable.get(m.pgmId) ?? false) || lv === 'W');
      }
    }
    // Menu order keeps the rows (and so the seeded table) in a stable, readable order.
    for (const m of menus) {
      const w = writable.get(m.pgmId);
      if (w !== undefined)
        rows.push({ authGroupId: group.authGroupId, pgmId: m.pgmId, canRead: 'Y', canWrite: w ? 'Y' : 'N' });
    }
  }
  return rows;
}
