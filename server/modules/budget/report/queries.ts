import { sql } from 'kysely';
import type { Db } from '../../../db/connect.js';
import { asOwner } from '../../../db/company-scope.js';

export interface ReportFilter {
  fiscalYear: number;
  month?: number;
  deptcd?: string;
  accountCode?: string;
}

/** The budget of every key of the filter. */
export function budgetsOf(db: Db, f: ReportFilter) {
  let q = db
    .selectFrom('budgetLine')
    .select(['fiscalYear', 'month', 'deptcd', 'accountCode', 'amount', 'transferred'])
    .where('fiscalYear', '=', f.fiscalYear);
  if (f.month !== undefined) q = q.where('month', '=', f.month);
  if (f.deptcd) q = q.where('deptcd', '=', f.deptcd);
  if (f.accountCode) q = q.where('accountCode', '=', f.accountCode);
  return q.execute();
}

/** The ledger summed per key and kind. */
export function ledgerSums(db: Db, f: ReportFilter) {
  let q = db
    .selectFrom('budgetLedger')
    .select(['fiscalYear', 'month', 'deptcd', 'accountCode', 'kind', (eb) => eb.fn.sum<string>('amount').as('amount')])
    .where('fiscalYear', '=', f.fiscalYear);
  if (f.month !== undefined) q = q.where('month', '=', f.month);
  if (f.deptcd) q = q.where('deptcd', '=', f.deptcd);
  if (f.accountCode) q = q.where('accountCode', '=', f.accountCode);
  return q.groupBy(['fiscalYear', 'month', 'deptcd', 'accountCode', 'kind']).execute();
}

export async function namesOf(db: Db) {
  const [depts, accounts] = await Promise.all([
    db.selectFrom('department').select(['deptcd', 'deptnm']).execute(),
    db.selectFrom('code').select(['code', 'textKo']).where('groupId', '=', 'BUDGET_ACCOUNT').execute(),
  ]);
  return {
    dept: new Map(depts.map((d) => [d.deptcd, d.deptnm])),
    account: new Map(accounts.map((a) => [a.code, a.textKo])),
  };
}

export interface LedgerFilter {
  fiscalYear?: number;
  month?: number;
  deptcd?: string;
  accountCode?: string;
  kind?: 'PRE_COMMIT' | 'COMMIT' | 'ACTUAL';
  docNo?: string;
}

export async function listLedger(db: Db, f: LedgerFilter, w: { limit: number; offset: number }) {
  let q = db.selectFrom('budgetLedger as l');
  if (f.fiscalYear !== undefined) q = q.where('l.fiscalYear', '=', f.fiscalYear);
  if (f.month !== undefined) q = q.where('l.month', '=', f.month);
  if (f.deptcd) q = q.where('l.deptcd', '=', f.deptcd);
  if (f.accountCode) q = q.where('l.accountCode', '=', f.accountCode);
  if (f.kind) q = q.where('l.kind', '=', f.kind);
  if (f.docNo) q = q.where('l.docNo', '=', f.docNo);
  const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await q
    .leftJoin('department as d', 'd.deptcd', 'l.deptcd')
    .leftJoin('code as c', (j) => j.onRef('c.code', '=', 'l.accountCode').on('c.groupId', '=', 'BUDGET_ACCOUNT'))
    .select([
      'l.entryId',
      'l.fiscalYear',
      'l.month',
      'l.deptcd',
      'd.deptnm',
      'l.accountCode',
      'c.textKo as accountName',
      'l.docType',
      'l.docNo',
      'l.lineNo',
      'l.kind',
      'l.event',
      'l.amount',
      'l.createdBy',
      'l.createdAt',
    ])
    .orderBy('l.entryId', 'desc')
    .limit(w.limit)
    .offset(w.offset)
    .execute();
  return { rows, total: Number(total.n) };
}

export function findPrForAvailability(db: Db, prNo: string) {
  return db
    .selectFrom('prHeader')
    .select(['prNo', 'prDate', 'deptcd', 'currency', 'requesterId', 'section'])
    .where('prNo', '=', prNo)
    .executeTakeFirst();
}

export function prLinesWithAccounts(db: Db, prNo: string) {
  return db
    .selectFrom('prLine as l')
    .leftJoin('budgetAccount as a', 'a.accountCode', 'l.budgetAccount')
    .leftJoin('code as c', (j) => j.onRef('c.code', '=', 'l.budgetAccount').on('c.groupId', '=', 'BUDGET_ACCOUNT'))
    .select(['l.lineNo', 'l.itemName', 'l.budgetAccount', 'c.textKo as accountName', 'a.policy', 'l.estAmount'])
    .where('l.prNo', '=', prNo)
    .orderBy('l.lineNo')
    .execute();
}

/** Budget and consumed of one department's accounts in a month. */
export async function availabilityOf(
  db: Db,
  k: { fiscalYear: number; month: number; deptcd: string },
  accounts: readonly string[],
) {
  if (accounts.length === 0) return new Map<string, { budget: string; consumed: string }>();
  const rows = await db
    .selectFrom('budgetLine as b')
    .select([
      'b.accountCode',
      sql<string>`b.amount + b.transferred`.as('amount'),
      sql<string>`coalesce((select sum(l.amount) from budget_ledger l where l.fiscal_year = b.fiscal_year and l.month = b.month and l.deptcd = b.deptcd and l.account_code = b.account_code), 0)`.as(
        'consumed',
      ),
    ])
    .where('b.fiscalYear', '=', k.fiscalYear)
    .where('b.month', '=', k.month)
    .where('b.deptcd', '=', k.deptcd)
    .where('b.accountCode', 'in', [...accounts])
    .execute();
  return new Map(rows.map((r) => [r.accountCode, { budget: String(r.amount), consumed: String(r.consumed) }]));
}

/** A department's name (the PR's, in its budget warning). */
export function departmentName(db: Db, deptcd: string) {
  return db.selectFrom('department').select('deptnm').where('deptcd', '=', deptcd).executeTakeFirst();
}

/**
 * Up to `limit` internal users who may ask for a budget transfer (write on its screen, in a group in use),
 * the PR's department first: whom a requester without that right is told to ask.
 */
export async function transferRequesters(db: Db, screen: string, deptcd: string, limit = 3) {
  return asOwner(db)
    .selectFrom('appUser as u')
    .innerJoin('authGroup as g', (j) => j.onRef('g.authGroupId', '=', 'u.authGroupId').on('g.useYn', '=', 'Y'))
    .innerJoin('employee as e', 'e.singleid', 'u.singleid')
    .leftJoin('department as d', 'd.deptcd', 'e.deptcd')
    .select(['u.hname', 'd.deptnm', 'e.deptcd', 'g.nameKo as groupName'])
    .where('u.portal', '=', 'I')
    .where('u.useFlag', '=', 'Y')
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('menuAuth as a')
          .innerJoin('menu as m', 'm.pgmId', 'a.pgmId')
          .select('a.pgmId')
          .whereRef('a.authGroupId', '=', 'u.authGroupId')
          .where('a.canWrite', '=', 'Y')
          .where('m.useYn', '=', 'Y')
          .where((w) => w.or([w('m.sspUrl', '=', screen), w('m.sspSubUrls', '&&', w.val([screen]))])),
      ),
    )
    .orderBy(sql`case when e.deptcd = ${deptcd} then 0 else 1 end`)
    .orderBy('u.authGroupId', 'desc')
    .orderBy('u.userId')
    .limit(limit)
    .execute();
}
