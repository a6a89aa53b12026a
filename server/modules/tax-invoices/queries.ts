import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db } from '../../db/connect.js';
import type { Database } from '../../db/schema.generated.js';
import { likeEscape } from '../../http/list-query.js';
import { qty, won } from '../../domain/money.js';
import { iso } from '../../domain/values.js';
import type { TaxType } from './amounts.js';
import { typeCodeOf } from './tax-types.js';

type Window = { limit: number; offset: number };
const contains = (v: string) => `%${likeEscape(v)}%`;
const day = (v: unknown): string => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));

/** The settlement an invoice is drawn from, locked, with its supplier's registered details. */
export function lockSettlementForInvoice(trx: Db, settleNo: string) {
  return trx
    .selectFrom('settlement as s')
    .innerJoin('company as c', 'c.compNo', 's.compNo')
    .select([
      's.settleNo',
      's.compNo',
      's.period',
      's.status',
      's.totalAmount',
      's.adjustmentAmount',
      's.version',
      'c.taxNo',
      'c.compNameKr',
      'c.ceoName',
      'c.address',
      'c.bizType',
      'c.bizItem',
      'c.email',
    ])
    .where('s.settleNo', '=', settleNo)
    .forUpdate('s')
    .executeTakeFirst();
}

export async function settlementLinesForInvoice(db: Db, settleNo: string) {
  const rows = await db
    .selectFrom('settlementLine')
    .select([
      'itemCode',
      'itemName',
      'spec',
      'unitCode',
      'quantity',
      'unitPrice',
      'currency',
      'krwAmount',
      'lastDeciDate',
      'taxType',
      'zeroRatedDocKind',
      'zeroRatedDocNo',
    ])
    .where('settleNo', '=', settleNo)
    .orderBy('lineNo')
    .execute();
  return rows.map((l) => ({
    itemCode: l.itemCode,
    itemName: l.itemName,
    spec: l.spec,
    unitCode: l.unitCode,
    quantity: String(l.quantity),
    unitPrice: String(l.unitPrice),
    currency: l.currency as 'KRW' | 'JPY',
    krwAmount: String(l.krwAmount),
    date: day(l.lastDeciDate),
    taxType: l.taxType,
    zeroRatedDocKind: l.zeroRatedDocKind,
    zeroRatedDocNo: l.zeroRatedDocNo,
  }));
}

export async function invoicesOfSettlement(db: Db, settleNo: string) {
  return db
    .selectFrom('taxInvoice')
    .selectAll()
    .where('settleNo', '=', settleNo)
    .orderBy('revision')
    .orderBy('mgtKey')
    .execute();
}

export function lockInvoice(trx: Db, mgtKey: string) {
  return trx.selectFrom('taxInvoice').selectAll().where('mgtKey', '=', mgtKey).forUpdate().executeTakeFirst();
}

export async function insertInvoice(trx: Db, values: Insertable<Database['taxInvoice']>) {
  await trx.insertInto('taxInvoice').values(values).execute();
}

export async function insertInvoiceLines(trx: Db, rows: Insertable<Database['taxInvoiceLine']>[]) {
  if (rows.length) await trx.insertInto('taxInvoiceLine').values(rows).execute();
}

export async function invoiceLines(db: Db, mgtKey: string) {
  return db.selectFrom('taxInvoiceLine').selectAll().where('mgtKey', '=', mgtKey).orderBy('lineNo').execute();
}

export async function updateInvoice(trx: Db, mgtKey: string, values: Updateable<Database['taxInvoice']>) {
  await trx.updateTable('taxInvoice').set(values).where('mgtKey', '=', mgtKey).execute();
}

export async function insertEvent(trx: Db, values: Insertable<Database['taxInvoiceEvent']>) {
  await trx.insertInto('taxInvoiceEvent').values(values).execute();
}

export async function maxRevision(trx: Db, settleNo: string, taxType: string): Promise<number> {
  const r = await trx
    .selectFrom('taxInvoice')
    .select((eb) => eb.fn.max<number>('revision').as('n'))
    .where('settleNo', '=', settleNo)
    .where('taxType', '=', taxType as never)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

function invoiceBase(db: Db) {
  return db.selectFrom('taxInvoice as t').innerJoin('company as c', 'c.compNo', 't.compNo');
}

const ROW_COLUMNS = [
  't.mgtKey',
  't.settleNo',
  't.compNo',
  'c.compNameKr as compName',
  't.supplierCorpNum',
  't.bizPlace',
  't.period',
  't.writeDate',
  't.issueKind',
  't.taxType',
  't.purposeType',
  't.status',
  't.revision',
  't.amendsMgtKey',
  't.amendReason',
  't.amendCauseDate',
  't.ntsConfirmNum',
  't.ntsResult',
  't.memo',
  't.supplyAmount',
  't.taxAmount',
  't.totalAmount',
  't.lineCount',
  't.provider',
  't.requestedAt',
  't.issuedAt',
  't.sentAt',
  't.ntsAt',
  't.updatedAt',
  't.version',
  't.zeroRatedDocKind',
  't.zeroRatedDocNo',
] as const;

type RowRaw = Awaited<ReturnType<ReturnType<typeof selectInvoiceRow>['executeTakeFirstOrThrow']>>;
function selectInvoiceRow(db: Db) {
  return invoiceBase(db).select([...ROW_COLUMNS]);
}

const toInvoiceRow = (r: RowRaw) => ({
  mgtKey: r.mgtKey,
  settleNo: r.settleNo,
  compNo: r.compNo,
  compName: r.compName,
  supplierCorpNum: r.supplierCorpNum,
  bizPlace: r.bizPlace,
  period: r.period,
  writeDate: day(r.writeDate),
  issueKind: r.issueKind,
  taxType: r.taxType,
  typeCode: typeCodeOf(r.taxType as TaxType, r.amendsMgtKey !== null),
  zeroRatedDocKind: r.zeroRatedDocKind,
  zeroRatedDocNo: r.zeroRatedDocNo,
  purposeType: r.purposeType,
  status: r.status,
  revision: r.revision,
  amendsMgtKey: r.amendsMgtKey,
  amendReason: r.amendReason,
  amendCauseDate: r.amendCauseDate === null ? null : day(r.amendCauseDate),
  ntsConfirmNum: r.ntsConfirmNum,
  ntsResult: r.ntsResult,
  memo: r.memo,
  supplyAmount: won(r.supplyAmount),
  taxAmount: won(r.taxAmount),
  totalAmount: won(r.totalAmount),
  lineCount: r.lineCount,
  provider: r.provider,
  requestedAt: iso(r.requestedAt),
  issuedAt: iso(r.issuedAt),
  sentAt: iso(r.sentAt),
  ntsAt: iso(r.ntsAt),
  updatedAt: iso(r.updatedAt)!,
  version: r.version,
});

export async function findInvoiceRow(db: Db, mgtKey: string) {
  const r = await selectInvoiceRow(db).where('t.mgtKey', '=', mgtKey).executeTakeFirst();
  return r ? toInvoiceRow(r) : undefined;
}

export interface InvoiceFilter {
  periodFrom?: string;
  periodTo?: string;
  status?: string[];
  compNo?: string;
  compName?: string;
  settleNo?: string;
  /** Suppliers see only what was asked of them: never a draft. */
  supplierView?: boolean;
}

export async function listInvoices(db: Db, f: InvoiceFilter, w: Window) {
  let q = invoiceBase(db);
  if (f.periodFrom) q = q.where('t.period', '>=', f.periodFrom);
  if (f.periodTo) q = q.where('t.period', '<=', f.periodTo);
  if (f.status?.length) q = q.where('t.status', 'in', f.status as never[]);
  if (f.compNo) q = q.where('t.compNo', '=', f.compNo);
  if (f.compName) q = q.where('c.compNameKr', 'ilike', contains(f.compName));
  if (f.settleNo) q = q.where('t.settleNo', 'ilike', contains(f.settleNo));
  if (f.supplierView) q = q.where('t.status', '<>', 'DRAFT');
  const [rows, agg] = await Promise.all([
    q
      .select([...ROW_COLUMNS])
      .orderBy('t.period', 'desc')
      .orderBy('t.mgtKey', 'desc')
      .limit(w.limit)
      .offset(w.offset)
      .execute(),
    q
      .select((eb) => [
        eb.fn.countAll<number>().as('n'),
        eb.fn.sum<string>('t.supplyAmount').as('supply'),
        eb.fn.sum<string>('t.taxAmount').as('tax'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map(toInvoiceRow),
    total: Number(agg.n),
    totals: { supplyAmount: won(agg.supply ?? '0'), taxAmount: won(agg.tax ?? '0') },
  };
}

export async function invoiceEvents(db: Db, mgtKey: string) {
  const rows = await db
    .selectFrom('taxInvoiceEvent')
    .selectAll()
    .where('mgtKey', '=', mgtKey)
    .orderBy('eventId')
    .execute();
  return rows.map((e) => ({
    eventId: Number(e.eventId),
    action: e.action,
    fromStatus: e.fromStatus,
    toStatus: e.toStatus,
    outcome: e.outcome,
    code: e.code,
    message: e.message,
    actor: e.actor,
    occurredAt: iso(e.occurredAt)!,
  }));
}

export async function invoiceFiles(db: Db, mgtKey: string) {
  const rows = await db.selectFrom('taxInvoiceFile').selectAll().where('mgtKey', '=', mgtKey).orderBy('kind').execute();
  return rows.map((f) => ({
    kind: f.kind,
    storageKey: f.storageKey,
    sha256: f.contentSha,
    sizeBytes: f.sizeBytes,
    retainUntil: day(f.retainUntil),
    createdAt: iso(f.createdAt)!,
  }));
}

export async function findFile(db: Db, mgtKey: string, kind: 'XML' | 'PDF') {
  return db
    .selectFrom('taxInvoiceFile')
    .selectAll()
    .where('mgtKey', '=', mgtKey)
    .where('kind', '=', kind)
    .executeTakeFirst();
}

export async function insertFile(trx: Db, values: Insertable<Database['taxInvoiceFile']>) {
  await trx
    .insertInto('taxInvoiceFile')
    .values(values)
    .onConflict((oc) => oc.columns(['mgtKey', 'kind']).doNothing())
    .execute();
}

export async function deleteFileRow(trx: Db, mgtKey: string, kind: 'XML' | 'PDF') {
  await trx.deleteFrom('taxInvoiceFile').where('mgtKey', '=', mgtKey).where('kind', '=', kind).execute();
}

export const lineRow = (l: Awaited<ReturnType<typeof invoiceLines>>[number]) => ({
  lineNo: l.lineNo,
  monthDay: l.monthDay,
  itemName: l.itemName,
  spec: l.spec,
  unitCode: l.unitCode,
  quantity: l.quantity === null ? null : qty(l.quantity),
  unitPrice: l.unitPrice === null ? null : String(l.unitPrice).replace(/\.00$/, ''),
  supplyAmount: won(l.supplyAmount),
  taxAmount: won(l.taxAmount),
  sourceCount: l.sourceCount,
});

// ── the gate ────────────────────────────────────────────────────────────────
export function findBypass(db: Db, settleNo: string) {
  return db.selectFrom('settlementTaxGateBypass').selectAll().where('settleNo', '=', settleNo).executeTakeFirst();
}

/**
 * Who recorded a transmission result by hand (the file provider's or a 정발행 invoice's
 * `TRANSMISSION_RECORDED` audit rows) on any of these invoices.
 */
export async function transmissionRecorders(db: Db, mgtKeys: readonly string[]): Promise<string[]> {
  if (mgtKeys.length === 0) return [];
  const rows = await db
    .selectFrom('auditLog')
    .select('actor')
    .distinct()
    .where('entity', '=', 'tax_invoice')
    .where('entityKey', 'in', [...mgtKeys])
    .where('action', '=', 'TRANSMISSION_RECORDED')
    .execute();
  return rows.map((r) => r.actor).filter((a): a is string => a !== null);
}

export async function insertBypass(trx: Db, values: Insertable<Database['settlementTaxGateBypass']>) {
  await trx.insertInto('settlementTaxGateBypass').values(values).execute();
}

/** Confirmed settlements not posted yet, with their invoices' sums and states, for the exceptions list. */
export async function unpostedSettlements(db: Db, f: { periodFrom?: string; periodTo?: string; compNo?: string }) {
  let q = db
    .selectFrom('settlement as s')
    .innerJoin('company as c', 'c.compNo', 's.compNo')
    .leftJoin('settlementTaxGateBypass as b', 'b.settleNo', 's.settleNo')
    .select([
      's.settleNo',
      's.compNo',
      'c.compNameKr as compName',
      'c.taxNo',
      's.period',
      's.status',
      's.totalAmount',
      'b.reason as bypassReason',
    ])
    .where('s.status', 'in', ['CONFIRMED', 'POST_FAILED']);
  if (f.periodFrom) q = q.where('s.period', '>=', f.periodFrom);
  if (f.periodTo) q = q.where('s.period', '<=', f.periodTo);
  if (f.compNo) q = q.where('s.compNo', '=', f.compNo);
  return q.orderBy('s.period', 'desc').orderBy('s.settleNo').limit(5000).execute();
}

/** The current (highest-revision, not amending) invoices of these settlements. */
export async function currentInvoicesOf(db: Db, settleNos: string[], amendments = false) {
  if (settleNos.length === 0) return [];
  return (
    db
      .selectFrom('taxInvoice')
      .select([
        'mgtKey',
        'settleNo',
        'taxType',
        'status',
        'supplyAmount',
        'taxAmount',
        'totalAmount',
        'supplierCorpNum',
        'ntsConfirmNum',
        'ntsResult',
        'memo',
        'revision',
        'amendsMgtKey',
        'writeDate',
        'issuedAt',
        'compNo',
        'period',
      ])
      .where('settleNo', 'in', settleNos)
      // `amendments`: the 수정세금계산서 referring to them instead, by the order they were made.
      .where('amendsMgtKey', amendments ? 'is not' : 'is', null)
      .orderBy('settleNo')
      .orderBy('createdAt')
      .orderBy('mgtKey')
      .execute()
  );
}

/** Invoices not issued yet (drafts and open requests) of the months given, for the deadline view and job. */
export async function unissuedInvoices(db: Db, periods?: { from?: string; to?: string }) {
  let q = db
    .selectFrom('taxInvoice as t')
    .innerJoin('company as c', 'c.compNo', 't.compNo')
    .select([
      't.mgtKey',
      't.settleNo',
      't.compNo',
      'c.compNameKr as compName',
      't.period',
      't.writeDate',
      't.status',
      't.totalAmount',
      't.amendReason',
      't.amendCauseDate',
    ])
    .where('t.status', 'in', ['DRAFT', 'REQUESTED', 'REFUSED', 'CANCELLED']);
  if (periods?.from) q = q.where('t.period', '>=', periods.from);
  if (periods?.to) q = q.where('t.period', '<=', periods.to);
  return q.orderBy('t.writeDate').orderBy('t.mgtKey').limit(5000).execute();
}

/**
 * Settlements that owe an invoice and have none yet: confirmed by the supplier (or waiting for a repeated ERP
 * posting) with no tax invoice drawn. Their invoice is as due as a drafted one — the deadline runs from the end of
 * the month the settlement covers — so the deadline view lists them too.
 */
export async function settlementsWithoutInvoice(db: Db, periods?: { from?: string; to?: string }) {
  let q = db
    .selectFrom('settlement as s')
    .innerJoin('company as c', 'c.compNo', 's.compNo')
    .select(['s.settleNo', 's.compNo', 'c.compNameKr as compName', 's.period', 's.totalAmount'])
    .where('s.status', 'in', ['CONFIRMED', 'POST_FAILED'])
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('taxInvoice as t').select('t.mgtKey').whereRef('t.settleNo', '=', 's.settleNo'))),
    );
  if (periods?.from) q = q.where('s.period', '>=', periods.from);
  if (periods?.to) q = q.where('s.period', '<=', periods.to);
  return q.orderBy('s.period').orderBy('s.settleNo').limit(5000).execute();
}

/** Has this invoice already been flagged with this deadline state (the job writes each once)? */
export async function hasDeadlineEvent(db: Db, mgtKey: string, action: string) {
  const r = await db
    .selectFrom('taxInvoiceEvent')
    .select('eventId')
    .where('mgtKey', '=', mgtKey)
    .where('action', '=', action)
    .executeTakeFirst();
  return r !== undefined;
}

export async function voucherNtsNumber(db: Db, settleNo: string) {
  const r = await sql<{
    n: string | null;
  }>`select string_agg(nts_confirm_num, ',' order by mgt_key) as n from tax_invoice where settle_no = ${settleNo} and status = 'NTS_SUCCESS' and amends_mgt_key is null`.execute(
    db,
  );
  return r.rows[0]?.n ?? null;
}

/** The confirmed, unposted settlements of the supplier with this business number for a month (정발행 matching). */
export function settlementsForForward(db: Db, corpNum: string, period: string) {
  return db
    .selectFrom('settlement as s')
    .innerJoin('company as c', 'c.compNo', 's.compNo')
    .select(['s.settleNo'])
    .where('c.taxNo', '=', corpNum)
    .where('s.period', '=', period)
    .where('s.status', 'in', ['CONFIRMED', 'POST_FAILED'])
    .orderBy('s.settleNo')
    .execute();
}

/** The supplier companies registered under a business number (the invoicer of an XML). */
export function companiesByTaxNo(db: Db, taxNo: string) {
  return db.selectFrom('company').select(['compNo']).where('taxNo', '=', taxNo).orderBy('compNo').limit(2).execute();
}

/** An invoice already holding this NTS approval number, if any. */
export function invoiceByApprovalNumber(db: Db, ntsConfirmNum: string) {
  return db
    .selectFrom('taxInvoice')
    .select(['mgtKey', 'settleNo'])
    .where('ntsConfirmNum', '=', ntsConfirmNum)
    .executeTakeFirst();
}

/** The signed supply and tax of an amendment's documents, in the order given. */
export async function amendmentAmounts(db: Db, keys: string[]) {
  const rows = await db
    .selectFrom('taxInvoice')
    .select(['mgtKey', 'supplyAmount', 'taxAmount'])
    .where('mgtKey', 'in', keys)
    .execute();
  const byKey = new Map(rows.map((r) => [r.mgtKey, r]));
  return keys.map((k) => ({
    mgtKey: k,
    supply: won(byKey.get(k)!.supplyAmount),
    tax: won(byKey.get(k)!.taxAmount),
  }));
}

/** The correcting vouchers the amendments of the original invoice `originalKey` sent to the ERP. */
export async function correctingVouchersOf(db: Db, originalKey: string) {
  const rows = await db
    .selectFrom('erpVoucher as v')
    .innerJoin('taxInvoice as t', 't.mgtKey', 'v.amendMgtKey')
    .select(['v.voucherNo', 'v.correctsVoucherNo', 'v.amendMgtKey', 'v.amount', 'v.status', 'v.erpDocNo', 'v.postedAt'])
    .where('t.amendsMgtKey', '=', originalKey)
    .orderBy('v.voucherNo')
    .execute();
  return rows.map((r) => ({
    voucherNo: r.voucherNo,
    correctsVoucherNo: r.correctsVoucherNo!,
    amendMgtKey: r.amendMgtKey!,
    amount: won(r.amount),
    status: r.status,
    erpDocNo: r.erpDocNo,
    postedAt: iso(r.postedAt),
  }));
}
