import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db } from '../../../db/connect.js';
import type { Database } from '../../../db/schema.generated.js';
import type { SortSpec } from '../../../http/list-query.js';
import type { TRANSFER_SORT } from './schemas.js';

export interface LineKey {
  fiscalYear: number;
  month: number;
  deptcd: string;
  accountCode: string;
}

export interface TransferFilter {
  fiscalYear?: number;
  transferNo?: string;
  status?: 'IN_APPROVAL' | 'APPROVED' | 'REJECTED' | 'CANCELLED';
  deptcd?: string;
  accountCode?: string;
  month?: number;
}

function base(db: Db) {
  return db
    .selectFrom('budgetTransfer as t')
    .innerJoin('department as fd', 'fd.deptcd', 't.fromDeptcd')
    .innerJoin('department as td', 'td.deptcd', 't.toDeptcd')
    .innerJoin('employee as e', 'e.singleid', 't.requesterId')
    .leftJoin('code as fa', (j) => j.onRef('fa.code', '=', 't.fromAccount').on('fa.groupId', '=', 'BUDGET_ACCOUNT'))
    .leftJoin('code as ta', (j) => j.onRef('ta.code', '=', 't.toAccount').on('ta.groupId', '=', 'BUDGET_ACCOUNT'));
}

const COLUMNS = [
  't.transferNo',
  't.fiscalYear',
  't.fromMonth',
  't.fromDeptcd',
  'fd.deptnm as fromDeptnm',
  't.fromAccount',
  't.toMonth',
  't.toDeptcd',
  'td.deptnm as toDeptnm',
  't.toAccount',
  't.amount',
  't.reason',
  't.status',
  't.approvalId',
  't.approvalStatus',
  't.requesterId',
  'e.hname as requesterName',
  't.requestedAt',
  't.approvedAt',
  't.cancelReason',
  't.version',
] as const;

/** Transfers, newest first unless sorted otherwise; a department, account or month matches the source or the target. */
export async function listTransfers(
  db: Db,
  f: TransferFilter,
  sort: SortSpec<(typeof TRANSFER_SORT)[number]>,
  w: { limit: number; offset: number },
) {
  let q = base(db);
  if (f.fiscalYear !== undefined) q = q.where('t.fiscalYear', '=', f.fiscalYear);
  if (f.transferNo) q = q.where('t.transferNo', '=', f.transferNo);
  if (f.status) q = q.where('t.status', '=', f.status);
  if (f.deptcd) q = q.where((eb) => eb.or([eb('t.fromDeptcd', '=', f.deptcd!), eb('t.toDeptcd', '=', f.deptcd!)]));
  if (f.accountCode)
    q = q.where((eb) => eb.or([eb('t.fromAccount', '=', f.accountCode!), eb('t.toAccount', '=', f.accountCode!)]));
  if (f.month !== undefined)
    q = q.where((eb) => eb.or([eb('t.fromMonth', '=', f.month!), eb('t.toMonth', '=', f.month!)]));
  const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await q
    .select([
      ...COLUMNS,
      sql<string>`coalesce(fa.text_ko, t.from_account)`.as('fromAccountName'),
      sql<string>`coalesce(ta.text_ko, t.to_account)`.as('toAccountName'),
    ])
    // The open round and whose turn it is (the row's 승인 / 반려 for that approver).
    .select([
      sql<
        number | null
      >`(select a.version from approval a where a.approval_id = t.approval_id and a.status in ('PENDING', 'IN_PROGRESS'))`.as(
        'pendingApprovalVersion',
      ),
      sql<
        string | null
      >`(select st.approver_id from approval_step st where st.approval_id = t.approval_id and st.status = 'PENDING' order by st.step_no limit 1)`.as(
        'pendingApproverId',
      ),
      sql<
        string | null
      >`(select pe.hname from approval_step st join employee pe on pe.singleid = st.approver_id where st.approval_id = t.approval_id and st.status = 'PENDING' order by st.step_no limit 1)`.as(
        'currentApproverName',
      ),
    ])
    .orderBy(`t.${sort.field}`, sort.direction)
    .orderBy('t.transferNo', 'desc')
    .limit(w.limit)
    .offset(w.offset)
    .execute();
  return { rows, total: Number(total.n) };
}

export function lockTransfer(db: Db, transferNo: string) {
  return db
    .selectFrom('budgetTransfer')
    .selectAll()
    .where('transferNo', '=', transferNo)
    .forUpdate()
    .executeTakeFirst();
}

export async function insertTransfer(db: Db, row: Insertable<Database['budgetTransfer']>) {
  await db.insertInto('budgetTransfer').values(row).execute();
}

export async function updateTransfer(db: Db, transferNo: string, values: Updateable<Database['budgetTransfer']>) {
  await db.updateTable('budgetTransfer').set(values).where('transferNo', '=', transferNo).execute();
}

/** A budget line with what it has available: amount + transferred − the ledger's sum (read only). */
export function lineAvailability(db: Db, k: LineKey) {
  return db
    .selectFrom('budgetLine as b')
    .select([
      'b.amount',
      'b.transferred',
      'b.version',
      sql<string>`coalesce((select sum(l.amount) from budget_ledger l where l.fiscal_year = b.fiscal_year and l.month = b.month and l.deptcd = b.deptcd and l.account_code = b.account_code), 0)`.as(
        'consumed',
      ),
    ])
    .where('b.fiscalYear', '=', k.fiscalYear)
    .where('b.month', '=', k.month)
    .where('b.deptcd', '=', k.deptcd)
    .where('b.accountCode', '=', k.accountCode)
    .executeTakeFirst();
}

/** The budget line, locked until the transaction ends (the same lock the consumption check takes). */
export function lockLine(db: Db, k: LineKey) {
  return db
    .selectFrom('budgetLine')
    .select(['amount', 'transferred', 'version'])
    .where('fiscalYear', '=', k.fiscalYear)
    .where('month', '=', k.month)
    .where('deptcd', '=', k.deptcd)
    .where('accountCode', '=', k.accountCode)
    .forUpdate()
    .executeTakeFirst();
}

/** Pre-committed + committed + actual of a key (summed after its line is locked). */
export async function consumedOf(db: Db, k: LineKey): Promise<string> {
  const row = await db
    .selectFrom('budgetLedger')
    .select(sql<string>`coalesce(sum(amount), 0)`.as('amount'))
    .where('fiscalYear', '=', k.fiscalYear)
    .where('month', '=', k.month)
    .where('deptcd', '=', k.deptcd)
    .where('accountCode', '=', k.accountCode)
    .executeTakeFirstOrThrow();
  return String(row.amount);
}

/** A target without a budget line gets one at 0 (a no-op when another transaction made it first). */
export async function ensureLine(db: Db, k: LineKey, actor: string): Promise<boolean> {
  const r = await db
    .insertInto('budgetLine')
    .values({ ...k, amount: '0', createdBy: actor, updatedBy: actor })
    .onConflict((oc) => oc.columns(['fiscalYear', 'month', 'deptcd', 'accountCode']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Moves `delta` (signed) into the line's transferred figure, with a new version. */
export async function shiftTransferred(db: Db, k: LineKey, delta: bigint, version: number, actor: string) {
  await db
    .updateTable('budgetLine')
    .set({
      transferred: sql`transferred + ${String(delta)}::numeric`,
      version,
      updatedBy: actor,
      updatedAt: new Date(),
    })
    .where('fiscalYear', '=', k.fiscalYear)
    .where('month', '=', k.month)
    .where('deptcd', '=', k.deptcd)
    .where('accountCode', '=', k.accountCode)
    .execute();
}

export async function knownDepartment(db: Db, deptcd: string) {
  return !!(await db
    .selectFrom('department')
    .select('deptcd')
    .where('deptcd', '=', deptcd)
    .where('useYn', '=', 'Y')
    .executeTakeFirst());
}

export async function knownAccount(db: Db, accountCode: string) {
  return !!(await db
    .selectFrom('budgetAccount')
    .select('accountCode')
    .where('accountCode', '=', accountCode)
    .executeTakeFirst());
}

export function keyNames(db: Db, k: Pick<LineKey, 'deptcd' | 'accountCode'>) {
  return Promise.all([
    db.selectFrom('department').select('deptnm').where('deptcd', '=', k.deptcd).executeTakeFirst(),
    db
      .selectFrom('code')
      .select('textKo')
      .where('groupId', '=', 'BUDGET_ACCOUNT')
      .where('code', '=', k.accountCode)
      .executeTakeFirst(),
  ]).then(([d, a]) => ({ deptnm: d?.deptnm ?? k.deptcd, accountName: a?.textKo ?? k.accountCode }));
}
