import { sql, type Insertable, type Updateable } from 'kysely';
import { kstDayStart } from '../../../domain/dates.js';
import type { Db } from '../../../db/connect.js';
import type { Database } from '../../../db/schema.generated.js';
import { likeEscape, sortId, type SortSpec } from '../../../http/list-query.js';
import { keyset, type PageWindow } from '../../../db/lists/keyset.js';
import { won } from '../../../domain/money.js';
import { iso } from '../../../domain/values.js';
import type { VoucherPayload } from './connector.js';
import type { ERROR_SORT, VOUCHER_SORT } from './schemas.js';

type Window = PageWindow;
const contains = (v: string) => `%${likeEscape(v)}%`;

export interface VoucherFilter {
  voucherNo?: string;
  settleNo?: string;
  compNo?: string;
  compName?: string;
  periodFrom?: string;
  periodTo?: string;
  status?: string[];
}

function voucherBase(db: Db, f: VoucherFilter) {
  let q = db.selectFrom('erpVoucher as v').innerJoin('company as c', 'c.compNo', 'v.compNo');
  if (f.voucherNo) q = q.where('v.voucherNo', 'ilike', contains(f.voucherNo));
  if (f.settleNo) q = q.where('v.settleNo', 'ilike', contains(f.settleNo));
  if (f.compNo) q = q.where('v.compNo', '=', f.compNo);
  if (f.compName) q = q.where('c.compNameKr', 'ilike', contains(f.compName));
  if (f.periodFrom) q = q.where('v.period', '>=', f.periodFrom);
  if (f.periodTo) q = q.where('v.period', '<=', f.periodTo);
  if (f.status?.length) q = q.where('v.status', 'in', f.status as never[]);
  return q;
}

function selectVoucher(q: ReturnType<typeof voucherBase>) {
  return q
    .select([
      'v.voucherNo',
      'v.kind',
      'v.settleNo',
      'v.compNo',
      'c.compNameKr as compName',
      'v.period',
      'v.currency',
      'v.amount',
      'v.status',
      'v.attempts',
      'v.connector',
      'v.erpDocNo',
      'v.idempotencyKey',
      'v.sentAt',
      'v.postedAt',
      'v.lastError',
      'v.createdBy',
      'v.createdAt',
      'v.updatedAt',
      'v.version',
    ])
    .select((eb) =>
      eb
        .selectFrom('postingError as e')
        .select((x) => x.fn.countAll<number>().as('n'))
        .whereRef('e.voucherNo', '=', 'v.voucherNo')
        .where('e.status', '=', 'FAILED')
        .as('openErrors'),
    );
}

type VRaw = Awaited<ReturnType<ReturnType<typeof selectVoucher>['executeTakeFirstOrThrow']>>;
const toVoucherRow = (v: VRaw) => ({
  ...v,
  amount: won(v.amount),
  openErrors: Number(v.openErrors ?? 0),
  sentAt: iso(v.sentAt),
  postedAt: iso(v.postedAt),
  createdAt: iso(v.createdAt)!,
  updatedAt: iso(v.updatedAt)!,
});

const V_SORT: Record<(typeof VOUCHER_SORT)[number], string> = {
  voucherNo: 'v.voucherNo',
  settleNo: 'v.settleNo',
  period: 'v.period',
  compName: 'c.compNameKr',
  amount: 'v.amount',
  status: 'v.status',
  postedAt: 'v.postedAt',
  createdAt: 'v.createdAt',
};

export async function listVouchers(db: Db, f: VoucherFilter, sort: SortSpec<(typeof VOUCHER_SORT)[number]>, w: Window) {
  const q = voucherBase(db, f);
  // The voucher number is the key; a voucher not yet posted has no posting time.
  const column = V_SORT[sort.field];
  const ks = keyset(
    sortId(sort),
    [
      { ref: column, direction: sort.direction, nullable: column === 'v.postedAt' },
      { ref: 'v.voucherNo', direction: 'desc' },
    ],
    w,
  );
  const [page, agg] = await Promise.all([
    selectVoucher(q)
      .$call((x) => ks.select(x))
      .$call((x) => ks.page(x))
      .execute()
      .then((r) => ks.answer(r)),
    q
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<string>('v.amount').as('amount')])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    rows: page.rows.map(toVoucherRow),
    total: Number(agg.n),
    totals: { amount: won(agg.amount ?? '0') },
    nextCursor: page.nextCursor,
    prevCursor: page.prevCursor,
  };
}

export interface ErrorFilter {
  voucherNo?: string;
  compNo?: string;
  compName?: string;
  status?: string[];
  from?: string;
  to?: string;
  /** One voucher's errors. */
  exactVoucher?: string;
}

function errorBase(db: Db, f: ErrorFilter) {
  let q = db
    .selectFrom('postingError as e')
    .innerJoin('erpVoucher as v', 'v.voucherNo', 'e.voucherNo')
    .innerJoin('company as c', 'c.compNo', 'e.compNo');
  if (f.voucherNo) q = q.where('e.voucherNo', 'ilike', contains(f.voucherNo));
  if (f.exactVoucher) q = q.where('e.voucherNo', '=', f.exactVoucher);
  if (f.compNo) q = q.where('e.compNo', '=', f.compNo);
  if (f.compName) q = q.where('c.compNameKr', 'ilike', contains(f.compName));
  if (f.status?.length) q = q.where('e.status', 'in', f.status as never[]);
  if (f.from) q = q.where('e.occurredAt', '>=', kstDayStart(f.from!));
  if (f.to) q = q.where('e.occurredAt', '<', kstDayStart(f.to!, 1));
  return q;
}

const E_SORT: Record<(typeof ERROR_SORT)[number], string> = {
  errorId: 'e.errorId',
  voucherNo: 'e.voucherNo',
  period: 'v.period',
  compName: 'c.compNameKr',
  occurredAt: 'e.occurredAt',
  status: 'e.status',
};

export async function listPostingErrors(
  db: Db,
  f: ErrorFilter,
  sort: SortSpec<(typeof ERROR_SORT)[number]>,
  w: Window,
) {
  const q = errorBase(db, f);
  // The error id is the key; every sort column is NOT NULL (inner joins).
  const ks = keyset(
    sortId(sort),
    [
      { ref: E_SORT[sort.field], direction: sort.direction },
      { ref: 'e.errorId', direction: 'desc' },
    ],
    w,
  );
  const [page, count] = await Promise.all([
    q
      .select([
        'e.errorId',
        'e.voucherNo',
        'e.settleNo',
        'e.compNo',
        'c.compNameKr as compName',
        'v.period',
        'v.amount',
        'e.attempt',
        'e.httpStatus',
        'e.erpCode',
        'e.message',
        'e.status',
        'e.occurredAt',
        'e.retriedAt',
        'e.retriedBy',
        'v.status as voucherStatus',
        'v.version as voucherVersion',
      ])
      .$call((x) => ks.select(x))
      .$call((x) => ks.page(x))
      .execute()
      .then((r) => ks.answer(r)),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    rows: page.rows.map((r) => ({
      ...r,
      errorId: Number(r.errorId),
      amount: won(r.amount),
      occurredAt: iso(r.occurredAt)!,
      retriedAt: iso(r.retriedAt),
    })),
    total: Number(count.n),
    nextCursor: page.nextCursor,
    prevCursor: page.prevCursor,
  };
}

export async function voucherDetail(db: Db, voucherNo: string) {
  const v = await selectVoucher(voucherBase(db, {})).where('v.voucherNo', '=', voucherNo).executeTakeFirst();
  if (!v) return undefined;
  const payload = await db
    .selectFrom('erpVoucher')
    .select('payload')
    .where('voucherNo', '=', voucherNo)
    .executeTakeFirstOrThrow();
  const errors = await listPostingErrors(
    db,
    { exactVoucher: voucherNo },
    { field: 'errorId', direction: 'asc' },
    { limit: 1000, offset: 0 },
  );
  const sent = (
    typeof payload.payload === 'string' ? JSON.parse(payload.payload) : payload.payload
  ) as Partial<VoucherPayload> | null;
  const voucher = toVoucherRow(v);
  const lines = (sent?.lines ?? []).map((l) => ({
    ...l,
    debitAmount: l.side === 'DEBIT' ? l.amount : null,
    creditAmount: l.side === 'CREDIT' ? l.amount : null,
  }));
  return {
    ...voucher,
    postingDate: sent?.postingDate ?? null,
    vendorTaxNo: sent?.vendor?.taxNo ?? null,
    lines,
    voucher,
    payload: sent,
    errors: errors.rows,
  };
}

/* ------------------------------ a voucher's writes ------------------------------ */

/** The voucher locked for a send or for recording what the ERP answered. */
export function lockVoucher(trx: Db, voucherNo: string) {
  return trx.selectFrom('erpVoucher').selectAll().where('voucherNo', '=', voucherNo).forUpdate().executeTakeFirst();
}

/** The voucher that must be there (just created or claimed in this flow), locked. */
export function lockExistingVoucher(trx: Db, voucherNo: string) {
  return trx
    .selectFrom('erpVoucher')
    .selectAll()
    .where('voucherNo', '=', voucherNo)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/** The settlement's own voucher (not a correction, not a payment's charges), locked. */
export function lockVoucherOfSettlement(trx: Db, settleNo: string) {
  return trx
    .selectFrom('erpVoucher')
    .selectAll()
    .where('settleNo', '=', settleNo)
    .where('kind', '=', sql.lit('SETTLEMENT'))
    .forUpdate()
    .executeTakeFirst();
}

/**
 * The correcting voucher already carrying any of these amendment documents, if one does (a document is carried
 * once: erp_voucher_document, migration 1161 — an old voucher carried every document of its amendment).
 */
export function voucherCarryingAny(trx: Db, mgtKeys: readonly string[]) {
  return trx.selectFrom('erpVoucherDocument').select('voucherNo').where('mgtKey', 'in', mgtKeys).executeTakeFirst();
}

/** Records the documents a correcting voucher carries; a document already carried fails on its primary key. */
export async function insertVoucherDocuments(trx: Db, voucherNo: string, mgtKeys: readonly string[]) {
  await trx
    .insertInto('erpVoucherDocument')
    .values(mgtKeys.map((mgtKey) => ({ mgtKey, voucherNo })))
    .execute();
}

/** The voucher of the settlement's payment charges (지연이자, 어음 fees), if made: one per settlement. */
export function chargeVoucherOf(trx: Db, settleNo: string) {
  return trx
    .selectFrom('erpVoucher')
    .select(['voucherNo', 'status'])
    .where('settleNo', '=', settleNo)
    .where('kind', '=', sql.lit('SUBCON_CHARGE'))
    .executeTakeFirst();
}

export async function insertVoucher(trx: Db, values: Insertable<Database['erpVoucher']>) {
  await trx.insertInto('erpVoucher').values(values).execute();
}

export async function updateVoucher(trx: Db, voucherNo: string, values: Updateable<Database['erpVoucher']>) {
  await trx.updateTable('erpVoucher').set(values).where('voucherNo', '=', voucherNo).execute();
}

/** Closes the voucher's open posting errors; answers how many. */
export async function closeOpenErrors(
  trx: Db,
  voucherNo: string,
  values: Updateable<Database['postingError']>,
): Promise<number> {
  const closed = await trx
    .updateTable('postingError')
    .set(values)
    .where('voucherNo', '=', voucherNo)
    .where('status', '=', 'FAILED')
    .executeTakeFirst();
  return Number(closed.numUpdatedRows);
}

export async function insertPostingError(trx: Db, values: Insertable<Database['postingError']>): Promise<number> {
  return Number(
    (await trx.insertInto('postingError').values(values).returning('errorId').executeTakeFirstOrThrow()).errorId,
  );
}

/** The settlement a voucher posts, its state locked. */
export function lockSettlementState(trx: Db, settleNo: string) {
  return trx
    .selectFrom('settlement')
    .select(['settleNo', 'status', 'version'])
    .where('settleNo', '=', settleNo)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/** The supplier as the voucher names it. */
export function findVendor(trx: Db, compNo: string) {
  return trx
    .selectFrom('company')
    .select(['compNameKr', 'taxNo2'])
    .where('compNo', '=', compNo)
    .executeTakeFirstOrThrow();
}

/** The settlement's goods in KRW per expense type, with the type's name. */
export function goodsByExpenses(trx: Db, settleNo: string) {
  return trx
    .selectFrom('settlementLine as l')
    .leftJoin('code as c', (j) => j.on('c.groupId', '=', 'EXPENSES').onRef('c.code', '=', 'l.expenses'))
    .select(['l.expenses', 'c.textKo'])
    .select((eb) => eb.fn.sum<string>('l.krwAmount').as('amount'))
    .where('l.settleNo', '=', settleNo)
    .groupBy(['l.expenses', 'c.textKo'])
    .orderBy('l.expenses')
    .execute();
}
