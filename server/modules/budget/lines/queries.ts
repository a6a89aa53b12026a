import { sql, type Insertable } from 'kysely';
import type { Db } from '../../../db/connect.js';
import type { Database } from '../../../db/schema.generated.js';
import { sortId, type SortSpec } from '../../../http/list-query.js';
import { keyset, type KeyColumn, type PageWindow } from '../../../db/lists/keyset.js';
import type { BUDGET_LINE_SORT } from './schemas.js';

export interface LineFilter {
  fiscalYear?: number;
  month?: number;
  deptcd?: string;
  accountCode?: string;
}

/** Budget lines with what the ledger consumed of each (one grouped pass over the filtered keys). */
export async function listBudgetLines(
  db: Db,
  f: LineFilter,
  sort: SortSpec<(typeof BUDGET_LINE_SORT)[number]>,
  w: PageWindow,
) {
  let q = db
    .selectFrom('budgetLine as b')
    .innerJoin('department as d', 'd.deptcd', 'b.deptcd')
    .innerJoin('budgetAccount as a', 'a.accountCode', 'b.accountCode')
    .leftJoin('code as c', (j) => j.onRef('c.code', '=', 'b.accountCode').on('c.groupId', '=', 'BUDGET_ACCOUNT'));
  if (f.fiscalYear !== undefined) q = q.where('b.fiscalYear', '=', f.fiscalYear);
  if (f.month !== undefined) q = q.where('b.month', '=', f.month);
  if (f.deptcd) q = q.where('b.deptcd', '=', f.deptcd);
  if (f.accountCode) q = q.where('b.accountCode', '=', f.accountCode);
  const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const consumed = sql<string>`coalesce((select sum(l.amount) from budget_ledger l where l.fiscal_year = b.fiscal_year and l.month = b.month and l.deptcd = b.deptcd and l.account_code = b.account_code), 0)`;
  // The line's key (year, month, department, account) after the sort column; none is NULL.
  const ks = keyset(
    sortId(sort),
    [`b.${sort.field}`, 'b.fiscalYear', 'b.month', 'b.deptcd', 'b.accountCode'].map((ref, i): KeyColumn => ({
      ref,
      direction: i ? 'asc' : sort.direction,
    })),
    w,
  );
  const rows = await q
    .select([
      'b.fiscalYear',
      'b.month',
      'b.deptcd',
      'd.deptnm',
      'b.accountCode',
      sql<string>`coalesce(c.text_ko, b.account_code)`.as('accountName'),
      'a.policy',
      'b.amount',
      'b.transferred',
      consumed.as('consumed'),
      'b.version',
      'b.updatedBy',
      'b.updatedAt',
    ])
    .$call((x) => ks.select(x))
    .$call((x) => ks.page(x))
    .execute();
  const page = ks.answer(rows);
  return { rows: page.rows, total: Number(total.n), nextCursor: page.nextCursor, prevCursor: page.prevCursor };
}

export function lockLine(db: Db, k: { fiscalYear: number; month: number; deptcd: string; accountCode: string }) {
  return db
    .selectFrom('budgetLine')
    .selectAll()
    .where('fiscalYear', '=', k.fiscalYear)
    .where('month', '=', k.month)
    .where('deptcd', '=', k.deptcd)
    .where('accountCode', '=', k.accountCode)
    .forUpdate()
    .executeTakeFirst();
}

export async function insertLine(db: Db, row: Insertable<Database['budgetLine']>) {
  await db.insertInto('budgetLine').values(row).execute();
}

export async function updateLineAmount(
  db: Db,
  k: { fiscalYear: number; month: number; deptcd: string; accountCode: string },
  amount: string,
  version: number,
  actor: string,
) {
  await db
    .updateTable('budgetLine')
    .set({ amount, version, updatedBy: actor, updatedAt: new Date() })
    .where('fiscalYear', '=', k.fiscalYear)
    .where('month', '=', k.month)
    .where('deptcd', '=', k.deptcd)
    .where('accountCode', '=', k.accountCode)
    .execute();
}

export async function knownDepartments(db: Db, codes: readonly string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows = await db
    .selectFrom('department')
    .select('deptcd')
    .where('deptcd', 'in', [...codes])
    .where('useYn', '=', 'Y')
    .execute();
  return new Set(rows.map((r) => r.deptcd));
}

export async function knownAccounts(db: Db, codes: readonly string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows = await db
    .selectFrom('budgetAccount')
    .select('accountCode')
    .where('accountCode', 'in', [...codes])
    .execute();
  return new Set(rows.map((r) => r.accountCode));
}

export async function listAccounts(db: Db) {
  const [accounts, cats] = await Promise.all([
    db
      .selectFrom('budgetAccount as a')
      .leftJoin('code as c', (j) => j.onRef('c.code', '=', 'a.accountCode').on('c.groupId', '=', 'BUDGET_ACCOUNT'))
      .select([
        'a.accountCode',
        sql<string>`coalesce(c.text_ko, a.account_code)`.as('accountName'),
        sql<string>`coalesce(c.text_en, a.account_code)`.as('accountNameEn'),
        'a.policy',
        'a.version',
      ])
      .orderBy(sql`coalesce(c.sort_order, 0)`)
      .orderBy('a.accountCode')
      .execute(),
    db.selectFrom('budgetAccountCategory').select(['catCode', 'accountCode']).orderBy('catCode').execute(),
  ]);
  return accounts.map((a) => ({
    ...a,
    categories: cats.filter((c) => c.accountCode === a.accountCode).map((c) => c.catCode),
  }));
}

export function lockAccount(db: Db, accountCode: string) {
  return db
    .selectFrom('budgetAccount')
    .selectAll()
    .where('accountCode', '=', accountCode)
    .forUpdate()
    .executeTakeFirst();
}

export async function updateAccountPolicy(
  db: Db,
  accountCode: string,
  policy: 'STOP' | 'WARN' | 'IGNORE',
  version: number,
  actor: string,
) {
  await db
    .updateTable('budgetAccount')
    .set({ policy, version, updatedBy: actor, updatedAt: new Date() })
    .where('accountCode', '=', accountCode)
    .execute();
}
