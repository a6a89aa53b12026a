/**
 * Tax invoices drawn from a confirmed settlement (docs/tax-invoices.md): created, requested from the
 * supplier through the provider port, issued or refused, transmitted to the NTS; the posting gate,
 * its bypass and the exceptions; the deadlines; the evidence with its retention. Every change is one
 * transaction; a provider call runs outside any and its outcome (a refusal's code and message
 * included) is written in another, so nothing of an attempt is lost.
 */
import crypto from 'node:crypto';
import type { Updateable } from 'kysely';
import type { Database } from '../../db/schema.generated.js';
import type { Config } from '../../config.js';
import { writeAudit } from '../../db/audit.js';
import type { Db } from '../../db/connect.js';
import { checkVersion, failIf, missing, refused, type FieldError } from '../../domain/errors.js';
import { nextStatus, wrongStateMessage, transition } from '../../domain/machine.js';
import { HttpError } from '../../http/errors.js';
import type { ObjectStore } from '../../storage/object-store.js';
import { readSmall } from '../../storage/object-store.js';
import type { TaxType } from './amounts.js';
import { draftsOf, requestOf } from './drafting.js';
import { loadHolidayCalendar } from './holidays.js';
import { approvalNumberProblem, normalizeApprovalNumber } from './approval-number.js';
import { readForwardXml } from './forward-xml.js';
import { addDays, issueDeadline, issueDeadlineState, writeDateOf } from './deadlines.js';
import { notifyTaxInvoiceRequested } from '../notifications/supplier.js';
import type { FileTaxInvoiceProvider } from './file-provider.js';
import {
  AMENDMENT_REASONS,
  TAX_INVOICE_MACHINE,
  type AmendmentReason,
  type TaxInvoiceAction,
  type TaxInvoiceStatus,
} from './machine.js';
import { mgtKeyFor, type ProviderState, type TaxInvoiceProvider } from './provider.js';
import {
  currentInvoicesOf,
  deleteFileRow,
  findBypass,
  findFile,
  findInvoiceRow,
  hasDeadlineEvent,
  insertBypass,
  transmissionRecorders,
  insertEvent,
  insertFile,
  insertInvoice,
  insertInvoiceLines,
  invoiceByApprovalNumber,
  invoiceEvents,
  invoiceFiles,
  invoiceLines,
  invoicesOfSettlement,
  lineRow,
  listInvoices,
  lockInvoice,
  lockSettlementForInvoice,
  maxRevision,
  settlementsForForward,
  settlementsWithoutInvoice,
  unissuedInvoices,
  unpostedSettlements,
  updateInvoice,
  voucherNtsNumber,
} from './queries.js';

/** What the tax-invoice operations of this server work with. */
export interface TaxInvoices {
  provider: TaxInvoiceProvider;
  store: ObjectStore;
  config: Pick<Config, 'buyerCorpNum' | 'buyerCorpName' | 'buyerCeoName' | 'taxRounding' | 'taxInvoiceGate'>;
  now: () => Date;
}

type Invoice = NonNullable<Awaited<ReturnType<typeof lockInvoice>>>;
type InvoiceChange = Updateable<Database['taxInvoice']>;

const buyerOf = (ti: TaxInvoices) => ({
  corpNum: ti.config.buyerCorpNum,
  corpName: ti.config.buyerCorpName,
  ceoName: ti.config.buyerCeoName,
});
const NOT_FOUND = () => missing('TAX_INVOICE_NOT_FOUND', '세금계산서를 찾을 수 없습니다');
const kstDay = (d: Date) => new Date(d.getTime() + 9 * 3600_000).toISOString().slice(0, 10);
const dayOf = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));
const isFile = (p: TaxInvoiceProvider): p is FileTaxInvoiceProvider => p.kind === 'file';

/**
 * Evidence is kept five years from the statutory filing deadline of the VAT period the invoice
 * falls in (국세기본법 §85조의3②, 부가가치세법 §71): 1기 (Jan–Jun) is filed by 25 July, 2기 by 25 January.
 */
export function retentionUntil(writeDate: string): string {
  const y = Number(writeDate.slice(0, 4));
  const m = Number(writeDate.slice(5, 7));
  const filing = m <= 6 ? `${y}-07-25` : `${y + 1}-01-25`;
  return `${Number(filing.slice(0, 4)) + 5}${filing.slice(4)}`;
}

// ── reading ────────────────────────────────────────────────────────────────
export async function getInvoice(db: Db, mgtKey: string, supplier = false) {
  const row = await findInvoiceRow(db, mgtKey);
  if (!row || (supplier && row.status === 'DRAFT')) throw NOT_FOUND();
  const [lines, history, files, calendar] = await Promise.all([
    invoiceLines(db, mgtKey),
    invoiceEvents(db, mgtKey),
    invoiceFiles(db, mgtKey),
    loadHolidayCalendar(db),
  ]);
  return {
    ...row,
    issueDeadline: issueDeadline(row.writeDate, calendar),
    lines: lines.map(lineRow),
    history,
    files: files.map(({ storageKey: _, ...f }) => f),
  };
}

export function searchInvoices(
  db: Db,
  q: { periods?: string[]; status?: string[]; compNo?: string; compName?: string; settleNo?: string },
  w: { limit: number; offset: number },
  supplierView = false,
) {
  const [from, to] = (q.periods ?? []).map((p) => p.trim() || undefined);
  const errors: FieldError[] = [];
  if (from && to && from > to) errors.push({ path: 'querystring/periods', message: '시작 월이 종료 월보다 늦습니다' });
  failIf(errors);
  return listInvoices(
    db,
    {
      periodFrom: from,
      periodTo: to,
      status: q.status,
      compNo: q.compNo?.trim() || undefined,
      compName: q.compName?.trim() || undefined,
      settleNo: q.settleNo?.trim() || undefined,
      supplierView,
    },
    w,
  );
}

// ── events ─────────────────────────────────────────────────────────────────
async function event(
  trx: Db,
  inv: Pick<Invoice, 'mgtKey' | 'compNo'>,
  e: {
    action: string;
    from: string | null;
    to: string | null;
    outcome: 'DONE' | 'REFUSED' | 'FAILED';
    code?: string | null;
    message?: string | null;
    actor: string;
  },
) {
  await insertEvent(trx, {
    mgtKey: inv.mgtKey,
    compNo: inv.compNo,
    action: e.action,
    fromStatus: e.from,
    toStatus: e.to,
    outcome: e.outcome,
    code: e.code ?? null,
    message: e.message?.slice(0, 2000) ?? null,
    actor: e.actor,
  });
}

/** A refused move, kept in the history in its own transaction, then answered 409. */
async function refuseMove(db: Db, inv: Invoice, action: TaxInvoiceAction, actor: string): Promise<never> {
  const message = wrongStateMessage(TAX_INVOICE_MACHINE, action, inv.status);
  await db.transaction().execute((trx) =>
    event(trx, inv, {
      action,
      from: inv.status,
      to: null,
      outcome: 'REFUSED',
      code: 'INVALID_STATE',
      message,
      actor,
    }),
  );
  return transition(TAX_INVOICE_MACHINE, action, inv.status) as never;
}

async function locked(trx: Db, mgtKey: string, version?: number): Promise<Invoice> {
  const inv = await lockInvoice(trx, mgtKey);
  if (!inv) throw NOT_FOUND();
  if (version !== undefined) checkVersion(version, inv.version);
  return inv;
}

/** Moves the invoice (its lock held) and writes the event and the audit row. */
async function move(
  trx: Db,
  inv: Invoice,
  action: TaxInvoiceAction,
  actor: string,
  values: InvoiceChange = {},
  note?: { code?: string | null; message?: string | null },
) {
  const to = transition(TAX_INVOICE_MACHINE, action, inv.status);
  const now = new Date();
  await updateInvoice(trx, inv.mgtKey, { ...values, status: to, version: inv.version + 1, updatedAt: now });
  await event(trx, inv, {
    action,
    from: inv.status,
    to,
    outcome: 'DONE',
    code: note?.code,
    message: note?.message,
    actor,
  });
  await writeAudit(trx, {
    entity: 'tax_invoice',
    entityKey: inv.mgtKey,
    action: action.toUpperCase(),
    actor,
    before: { status: inv.status },
    after: { status: to, ...values },
  });
  return to;
}

/** Checks the move is allowed before any provider call: a refused one is kept in the history and answered 409. */
async function allowed(
  db: Db,
  mgtKey: string,
  action: TaxInvoiceAction,
  actor: string,
  version?: number,
): Promise<Invoice> {
  const inv = await db.transaction().execute((trx) => locked(trx, mgtKey, version));
  if (nextStatus(TAX_INVOICE_MACHINE, action, inv.status) === null) await refuseMove(db, inv, action, actor);
  return inv;
}

/** A provider's refusal, kept with its code and message, answered 424. */
async function providerFailed(
  db: Db,
  inv: Invoice,
  action: string,
  r: { code: string | null; message: string; attempts: number; httpStatus: number | null },
  actor: string,
): Promise<never> {
  await db.transaction().execute((trx) =>
    event(trx, inv, {
      action,
      from: inv.status,
      to: null,
      outcome: 'FAILED',
      code: r.code,
      message: r.message,
      actor,
    }),
  );
  throw new HttpError(424, 'TAX_PROVIDER_FAILED', `세금계산서 발행 대행사가 처리하지 못했습니다: ${r.message}`, {
    code: r.code,
    attempts: r.attempts,
    httpStatus: r.httpStatus,
  });
}

// ── create ─────────────────────────────────────────────────────────────────
/** One 월합계 invoice per tax type of a confirmed settlement (the supplier and month are the settlement's). */
export async function createInvoices(db: Db, ti: TaxInvoices, settleNo: string, actor: string) {
  const keys = await db.transaction().execute(async (trx) => {
    const s = await lockSettlementForInvoice(trx, settleNo);
    if (!s) throw missing('SETTLEMENT_NOT_FOUND', '정산을 찾을 수 없습니다');
    if (s.status !== 'CONFIRMED' && s.status !== 'POST_FAILED')
      throw refused('SETTLEMENT_NOT_CONFIRMED', '협력사가 확정한 정산만 세금계산서를 만들 수 있습니다', {
        status: s.status,
      });
    if ((await invoicesOfSettlement(trx, settleNo)).length > 0)
      throw refused('TAX_INVOICE_EXISTS', '이 정산의 세금계산서가 이미 있습니다');
    const writeDate = writeDateOf(s.period);
    const drafts = await draftsOf(
      trx,
      settleNo,
      { amount: String(s.adjustmentAmount), date: writeDate },
      ti.config.taxRounding,
    );
    const made: string[] = [];
    for (const d of drafts) {
      const mgtKey = mgtKeyFor(settleNo, d.taxType);
      await insertInvoice(trx, {
        mgtKey,
        buyerCorpNum: ti.config.buyerCorpNum,
        settleNo,
        compNo: s.compNo,
        supplierCorpNum: s.taxNo,
        bizPlace: null,
        period: s.period,
        writeDate,
        taxType: d.taxType,
        purposeType: '02',
        status: 'DRAFT',
        supplyAmount: d.supply.toString(),
        taxAmount: d.tax.toString(),
        totalAmount: d.total.toString(),
        lineCount: d.lines.length,
        provider: ti.provider.kind,
        createdBy: actor,
        zeroRatedDocKind: d.evidence?.kind ?? null,
        zeroRatedDocNo: d.evidence?.no ?? null,
      });
      await insertInvoiceLines(
        trx,
        d.lines.map((l, i) => ({
          mgtKey,
          lineNo: i + 1,
          compNo: s.compNo,
          monthDay: l.monthDay,
          itemName: l.itemName.slice(0, 200),
          spec: l.spec,
          unitCode: l.unitCode,
          quantity: l.quantity,
          unitPrice: l.unitPrice,
          supplyAmount: l.supply.toString(),
          taxAmount: l.tax.toString(),
          sourceCount: l.sourceCount,
        })),
      );
      await event(
        trx,
        { mgtKey, compNo: s.compNo },
        { action: 'create', from: null, to: 'DRAFT', outcome: 'DONE', actor },
      );
      await writeAudit(trx, {
        entity: 'tax_invoice',
        entityKey: mgtKey,
        action: 'CREATE',
        actor,
        after: { settleNo, taxType: d.taxType, supply: d.supply.toString(), tax: d.tax.toString() },
      });
      made.push(mgtKey);
    }
    return made;
  });
  return { rows: await Promise.all(keys.map((k) => getInvoice(db, k))) };
}

/** Asks the supplier to issue (역발행 요청), idempotent by the management key: a repeat finds the same document. */
export async function requestIssue(db: Db, ti: TaxInvoices, mgtKey: string, version: number, actor: string) {
  const inv = await allowed(db, mgtKey, 'request', actor, version);
  const request = await requestOf(db, buyerOf(ti), inv);
  if (inv.issueKind !== 'REVERSE') await refuseMove(db, { ...inv, status: 'NTS_SUCCESS' }, 'request', actor);
  const r = await ti.provider.requestReverseIssue(request);
  if (!r.ok) await providerFailed(db, inv, 'request', r, actor);
  await db.transaction().execute(async (trx) => {
    const cur = await locked(trx, mgtKey);
    if (cur.version !== inv.version)
      throw refused('VERSION_CONFLICT', '다른 사용자가 먼저 변경했습니다. 다시 조회하세요', {
        currentVersion: cur.version,
      });
    await move(
      trx,
      cur,
      'request',
      actor,
      { requestedAt: new Date(), memo: null },
      { code: r.ok && !r.value.created ? 'ALREADY_REQUESTED' : null },
    );
    // The supplier learns of the request from us, not only from its provider's mailbox: what to issue, by when.
    await notifyTaxInvoiceRequested(trx, {
      compNo: cur.compNo,
      mgtKey,
      settleNo: cur.settleNo,
      period: cur.period,
      totalAmount: String(cur.totalAmount).split('.')[0]!,
      deadline: issueDeadline(dayOf(cur.writeDate), await loadHolidayCalendar(trx)),
    });
  });
  return getInvoice(db, mgtKey);
}

export async function cancelRequest(
  db: Db,
  ti: TaxInvoices,
  mgtKey: string,
  version: number,
  reason: string,
  actor: string,
) {
  if (!reason.trim()) failIf([{ path: 'body/reason', message: '취소 사유를 입력하세요' }]);
  const inv = await allowed(db, mgtKey, 'cancelRequest', actor, version);
  const r = await ti.provider.cancelRequest(mgtKey, reason.trim());
  if (!r.ok) await providerFailed(db, inv, 'cancelRequest', r, actor);
  await db.transaction().execute(async (trx) => {
    const cur = await locked(trx, mgtKey, inv.version);
    await move(trx, cur, 'cancelRequest', actor, { memo: reason.trim() }, { message: reason.trim() });
  });
  return getInvoice(db, mgtKey);
}

// ── the supplier (file provider: it issues in /cyber) ─────────────────────
function providerManaged(ti: TaxInvoices): void {
  if (!isFile(ti.provider))
    throw refused('PROVIDER_MANAGED', '세금계산서 발행 대행사에서 처리하세요. 이 화면은 대행사의 상태를 따릅니다');
}

/** The supplier issues the invoice asked of it, with the NTS approval number it got (24 digits, dated on or after 작성일자). */
export async function supplierIssue(
  db: Db,
  ti: TaxInvoices,
  mgtKey: string,
  version: number,
  approval: string,
  actor: string,
) {
  providerManaged(ti);
  const inv = await allowed(db, mgtKey, 'issue', actor, version);
  const problem = approvalNumberProblem(approval, dayOf(inv.writeDate));
  if (problem) {
    const message = {
      FORMAT: '승인번호는 24자리 숫자입니다',
      DATE: '승인번호의 앞 8자리가 올바른 날짜가 아닙니다',
      BEFORE_WRITE_DATE: '승인번호의 발행일이 작성일자보다 빠릅니다',
    }[problem];
    failIf([{ path: 'body/ntsConfirmNum', message }], 'INVALID_APPROVAL_NUMBER');
  }
  const digits = normalizeApprovalNumber(approval)!;
  const issuedAt = ti.now();
  const state: ProviderState = {
    status: 'ISSUED',
    ntsConfirmNum: digits,
    ntsResult: null,
    memo: null,
    issueDT: issuedAt.toISOString(),
  };
  const r = await (ti.provider as FileTaxInvoiceProvider).record(mgtKey, state);
  if (!r.ok) await providerFailed(db, inv, 'issue', r, actor);
  await db.transaction().execute(async (trx) => {
    const cur = await locked(trx, mgtKey, inv.version);
    await move(trx, cur, 'issue', actor, { ntsConfirmNum: digits, issuedAt });
  });
  return getInvoice(db, mgtKey, true);
}

export async function supplierRefuse(
  db: Db,
  ti: TaxInvoices,
  mgtKey: string,
  version: number,
  reason: string,
  actor: string,
) {
  providerManaged(ti);
  if (!reason.trim()) failIf([{ path: 'body/reason', message: '거부 사유를 입력하세요' }]);
  const inv = await allowed(db, mgtKey, 'refuse', actor, version);
  const r = await (ti.provider as FileTaxInvoiceProvider).record(mgtKey, {
    status: 'REFUSED',
    ntsConfirmNum: null,
    ntsResult: null,
    memo: reason.trim(),
    issueDT: null,
  });
  if (!r.ok) await providerFailed(db, inv, 'refuse', r, actor);
  await db.transaction().execute(async (trx) => {
    const cur = await locked(trx, mgtKey, inv.version);
    await move(trx, cur, 'refuse', actor, { memo: reason.trim() }, { message: reason.trim() });
  });
  return getInvoice(db, mgtKey, true);
}

/** Staff record the NTS's answer for an invoice the supplier issued outside any provider (the file provider). */
export async function recordTransmission(
  db: Db,
  ti: TaxInvoices,
  mgtKey: string,
  body: { version: number; outcome: 'SENT' | 'SUCCEEDED' | 'FAILED'; code?: string; message?: string },
  actor: string,
) {
  const action: TaxInvoiceAction =
    body.outcome === 'SENT' ? 'send' : body.outcome === 'SUCCEEDED' ? 'ntsSucceeded' : 'ntsFailed';
  // A forward-issued (정발행) invoice never went through our provider: its NTS result is recorded
  // here whatever the provider, as read at 홈택스 or in the supplier's notice.
  const forward = (await findInvoiceRow(db, mgtKey))?.issueKind === 'FORWARD';
  if (!forward) providerManaged(ti);
  const inv = await allowed(db, mgtKey, action, actor, body.version);
  if (!forward) {
    const status = { send: 'SENT', ntsSucceeded: 'NTS_SUCCESS', ntsFailed: 'NTS_FAILED' }[
      action as 'send'
    ] as ProviderState['status'];
    const r = await (ti.provider as FileTaxInvoiceProvider).record(mgtKey, {
      status,
      ntsConfirmNum: inv.ntsConfirmNum,
      ntsResult: body.code ?? null,
      memo: body.message ?? null,
      issueDT: inv.issuedAt ? new Date(inv.issuedAt).toISOString() : null,
    });
    if (!r.ok) await providerFailed(db, inv, action, r, actor);
  }
  await db.transaction().execute(async (trx) => {
    const cur = await locked(trx, mgtKey, inv.version);
    const now = new Date();
    await move(
      trx,
      cur,
      action,
      actor,
      action === 'send'
        ? { sentAt: now }
        : { ntsAt: now, ntsResult: body.code ?? (action === 'ntsSucceeded' ? 'SUCCESS' : 'FAILED') },
      { code: body.code, message: body.message },
    );
    // Self-declared: nothing but this person's word says the NTS received it. Marked, so that the
    // same person cannot also post the settlement (checkPostingGate, separation of duties).
    await writeAudit(trx, {
      entity: 'tax_invoice',
      entityKey: mgtKey,
      action: 'TRANSMISSION_RECORDED',
      actor,
      after: { outcome: body.outcome, code: body.code ?? null },
    });
  });
  // A forward invoice's evidence is the XML kept at its intake; a file provider has none of its own.
  if (action === 'ntsSucceeded' && !forward) await keepEvidence(db, ti, mgtKey, actor);
  return getInvoice(db, mgtKey);
}

// ── 정발행 intake ───────────────────────────────────────────────────────────
/** Our key for a forward-issued invoice: `F` and a hash of its approval number (unique as that is). */
const forwardMgtKey = (ntsConfirmNum: string) =>
  `F${crypto.createHash('sha256').update(ntsConfirmNum).digest('hex').slice(0, 23)}`;

/**
 * A tax invoice the supplier issued itself (정발행), uploaded as the NTS standard XML: read and
 * checked (forward-xml.ts: 400 with every problem at its element), matched to the supplier's
 * confirmed settlement of the 작성일자's month (or the one named), stored as 발행 with its approval
 * number, its lines and the XML kept with its SHA-256 — then the same gate as a reverse-issued
 * one: the NTS's result is recorded on it, and posting waits for 전송 성공.
 */
export async function intakeForward(db: Db, ti: TaxInvoices, body: { xml: string; settleNo?: string }, actor: string) {
  const read = readForwardXml(body.xml, ti.config.buyerCorpNum);
  if (!read.ok) failIf(read.problems);
  const x = (read as Extract<typeof read, { ok: true }>).invoice;
  const period = x.writeDate.slice(0, 7).replace('-', '');
  let settleNo = body.settleNo?.trim() || null;
  if (!settleNo) {
    const candidates = await settlementsForForward(db, x.invoicerCorpNum, period);
    if (candidates.length === 0)
      throw refused(
        'SETTLEMENT_NOT_FOUND',
        `사업자등록번호 ${x.invoicerCorpNum} 협력사의 ${period.slice(0, 4)}년 ${Number(period.slice(4))}월 확정 정산이 없습니다`,
      );
    if (candidates.length > 1)
      throw refused('SETTLEMENT_AMBIGUOUS', '그 달 정산이 여럿입니다. 정산번호를 입력하세요', {
        settleNos: candidates.map((c) => c.settleNo),
      });
    settleNo = candidates[0]!.settleNo;
  }
  const mgtKey = forwardMgtKey(x.ntsConfirmNum);
  const xml = Buffer.from(body.xml, 'utf8');
  const sha256 = crypto.createHash('sha256').update(xml).digest('hex');
  const storageKey = `tax-invoices/evidence/${period}/${mgtKey}.xml`;
  await db.transaction().execute(async (trx) => {
    const s = await lockSettlementForInvoice(trx, settleNo);
    if (!s) throw missing('SETTLEMENT_NOT_FOUND', `정산을 찾을 수 없습니다: ${settleNo}`);
    if (s.status !== 'CONFIRMED' && s.status !== 'POST_FAILED')
      throw refused('SETTLEMENT_NOT_CONFIRMED', '협력사가 확정하고 아직 전기하지 않은 정산에만 연결할 수 있습니다', {
        status: s.status,
      });
    if (s.taxNo !== x.invoicerCorpNum)
      throw refused(
        'BUSINESS_NUMBER_MISMATCH',
        `세금계산서 공급자 사업자등록번호(${x.invoicerCorpNum})가 정산 협력사(${s.taxNo})와 다릅니다`,
      );
    if (s.period !== period)
      throw refused(
        'PERIOD_MISMATCH',
        `세금계산서 작성일자(${x.writeDate})가 정산월(${s.period.slice(0, 4)}-${s.period.slice(4)})에 속하지 않습니다`,
      );
    const dup = await invoiceByApprovalNumber(trx, x.ntsConfirmNum);
    if (dup)
      throw refused('DUPLICATE_APPROVAL_NUMBER', `이미 등록된 승인번호입니다 (정산 ${dup.settleNo})`, {
        mgtKey: dup.mgtKey,
      });
    if ((await invoicesOfSettlement(trx, s.settleNo)).some((i) => i.taxType === x.taxType && i.revision === 0))
      throw refused('TAX_INVOICE_EXISTS', '이 정산의 같은 과세구분 세금계산서가 이미 있습니다');
    await insertInvoice(trx, {
      mgtKey,
      buyerCorpNum: ti.config.buyerCorpNum,
      settleNo: s.settleNo,
      compNo: s.compNo,
      supplierCorpNum: x.invoicerCorpNum,
      bizPlace: x.invoicerTaxRegId && /^\d{4}$/.test(x.invoicerTaxRegId) ? x.invoicerTaxRegId : null,
      period,
      writeDate: x.writeDate,
      issueKind: 'FORWARD',
      taxType: x.taxType,
      purposeType: x.purposeType,
      status: 'ISSUED',
      ntsConfirmNum: x.ntsConfirmNum,
      supplyAmount: x.supply.toString(),
      taxAmount: x.tax.toString(),
      totalAmount: x.total.toString(),
      lineCount: x.lines.length,
      provider: 'file',
      issuedAt: ti.now(),
      createdBy: actor,
    });
    await insertInvoiceLines(
      trx,
      x.lines.map((l) => ({
        mgtKey,
        lineNo: l.lineNo,
        compNo: s.compNo,
        monthDay: l.monthDay ?? x.writeDate.slice(5),
        itemName: l.itemName,
        spec: l.spec,
        unitCode: null,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
        supplyAmount: l.supply.toString(),
        taxAmount: l.tax.toString(),
        sourceCount: 1,
      })),
    );
    // The file goes in before its row: a failed write leaves no row naming a missing file.
    await ti.store.put(storageKey, xml);
    await insertFile(trx, {
      mgtKey,
      compNo: s.compNo,
      kind: 'XML',
      storageKey,
      contentSha: sha256,
      sizeBytes: xml.length,
      retainUntil: retentionUntil(x.writeDate),
    });
    await event(
      trx,
      { mgtKey, compNo: s.compNo },
      { action: 'intake', from: null, to: 'ISSUED', outcome: 'DONE', message: `SHA-256 ${sha256}`, actor },
    );
    await writeAudit(trx, {
      entity: 'tax_invoice',
      entityKey: mgtKey,
      action: 'INTAKE',
      actor,
      after: { settleNo: s.settleNo, ntsConfirmNum: x.ntsConfirmNum, sha256, supply: x.supply.toString() },
    });
  });
  return getInvoice(db, mgtKey);
}

// ── following the provider ─────────────────────────────────────────────────
/** The provider's state → the moves that bring ours there (REQUESTED → ISSUED → SENT → NTS_SUCCESS). */
const PATH: Record<ProviderState['status'], TaxInvoiceAction[]> = {
  REQUESTED: [],
  ISSUED: ['issue'],
  SENT: ['issue', 'send'],
  NTS_SUCCESS: ['issue', 'send', 'ntsSucceeded'],
  NTS_FAILED: ['issue', 'send', 'ntsFailed'],
  REFUSED: ['refuse'],
  CANCELLED: ['cancelRequest'],
};

/** Reads the provider's state and follows it: the approval number, the NTS's result, a refusal's reason. */
export async function syncInvoice(db: Db, ti: TaxInvoices, mgtKey: string, actor: string) {
  const inv = await db.transaction().execute((trx) => locked(trx, mgtKey));
  if (inv.status === 'DRAFT') throw refused('NOT_REQUESTED', '역발행 요청 전의 세금계산서는 조회할 상태가 없습니다');
  const r = await ti.provider.state(mgtKey);
  if (!r.ok) await providerFailed(db, inv, 'sync', r, actor);
  const state = (r as { ok: true; value: ProviderState }).value;
  if (state.ntsConfirmNum && approvalNumberProblem(state.ntsConfirmNum, dayOf(inv.writeDate))) {
    await providerFailed(
      db,
      inv,
      'sync',
      {
        code: 'BAD_APPROVAL_NUMBER',
        message: `대행사가 알린 승인번호가 올바르지 않습니다: ${state.ntsConfirmNum}`,
        attempts: r.attempts,
        httpStatus: null,
      },
      actor,
    );
  }
  const reached = await db.transaction().execute(async (trx) => {
    let cur = await locked(trx, mgtKey);
    for (const action of PATH[state.status]) {
      if (nextStatus(TAX_INVOICE_MACHINE, action, cur.status) === null) continue;
      const now = new Date();
      const values: InvoiceChange =
        action === 'issue'
          ? {
              ntsConfirmNum: normalizeApprovalNumber(state.ntsConfirmNum ?? ''),
              issuedAt: state.issueDT ? new Date(state.issueDT) : now,
            }
          : action === 'send'
            ? { sentAt: now }
            : action === 'ntsSucceeded' || action === 'ntsFailed'
              ? { ntsAt: now, ntsResult: state.ntsResult }
              : { memo: state.memo };
      if (action === 'issue' && !values.ntsConfirmNum) break;
      await move(trx, cur, action, actor, values, { code: state.ntsResult, message: state.memo });
      cur = await locked(trx, mgtKey);
    }
    return cur.status as TaxInvoiceStatus;
  });
  if (reached === 'NTS_SUCCESS') await keepEvidence(db, ti, mgtKey, actor);
  return getInvoice(db, mgtKey);
}

// ── evidence ───────────────────────────────────────────────────────────────
/** The provider's XML and PDF of a transmitted invoice, kept with their hash until the retention day. */
async function keepEvidence(db: Db, ti: TaxInvoices, mgtKey: string, actor: string) {
  const inv = await db.transaction().execute((trx) => locked(trx, mgtKey));
  for (const kind of ['XML', 'PDF'] as const) {
    if (await findFile(db, mgtKey, kind)) continue;
    const r = await ti.provider.document(mgtKey, kind === 'XML' ? 'xml' : 'pdf');
    if (!r.ok) {
      await db.transaction().execute((trx) =>
        event(trx, inv, {
          action: `document${kind}`,
          from: inv.status,
          to: null,
          outcome: 'FAILED',
          code: r.code,
          message: r.message,
          actor,
        }),
      );
      continue;
    }
    const storageKey = `tax-invoices/evidence/${inv.period}/${mgtKey}.${kind.toLowerCase()}`;
    await ti.store.put(storageKey, r.value);
    const sha256 = crypto.createHash('sha256').update(r.value).digest('hex');
    await db.transaction().execute(async (trx) => {
      await insertFile(trx, {
        mgtKey,
        compNo: inv.compNo,
        kind,
        storageKey,
        contentSha: sha256,
        sizeBytes: r.value.length,
        retainUntil: retentionUntil(dayOf(inv.writeDate)),
      });
      await writeAudit(trx, {
        entity: 'tax_invoice',
        entityKey: mgtKey,
        action: `KEEP_${kind}`,
        actor,
        after: { storageKey, sha256 },
      });
    });
  }
}

export async function downloadFile(db: Db, ti: TaxInvoices, mgtKey: string, format: 'xml' | 'pdf') {
  const f = await findFile(db, mgtKey, format === 'xml' ? 'XML' : 'PDF');
  if (!f) throw missing('TAX_INVOICE_FILE_NOT_FOUND', '보관된 세금계산서 파일이 없습니다');
  const stream = await ti.store.get(f.storageKey);
  if (!stream) throw missing('TAX_INVOICE_FILE_NOT_FOUND', '보관된 세금계산서 파일이 없습니다');
  const body = await readSmall(stream);
  return {
    body,
    contentType: format === 'xml' ? 'application/xml; charset=utf-8' : 'application/pdf',
    fileName: `${mgtKey}.${format}`,
    sha256: f.contentSha,
  };
}

/** Deleting evidence is refused until its retention day has passed. */
export async function deleteFile(db: Db, ti: TaxInvoices, mgtKey: string, format: 'xml' | 'pdf', actor: string) {
  const kind = format === 'xml' ? 'XML' : 'PDF';
  const f = await findFile(db, mgtKey, kind);
  if (!f) throw missing('TAX_INVOICE_FILE_NOT_FOUND', '보관된 세금계산서 파일이 없습니다');
  const until = dayOf(f.retainUntil);
  if (kstDay(ti.now()) <= until)
    throw refused(
      'RETENTION_PERIOD',
      `세금계산서 증빙은 ${until}까지 보관해야 하므로 삭제할 수 없습니다 (국세기본법 제85조의3)`,
      { retainUntil: until },
    );
  await db.transaction().execute(async (trx) => {
    await deleteFileRow(trx, mgtKey, kind);
    await writeAudit(trx, {
      entity: 'tax_invoice',
      entityKey: mgtKey,
      action: `DELETE_${kind}`,
      actor,
      before: { storageKey: f.storageKey, sha256: f.contentSha },
    });
  });
  await ti.store.delete(f.storageKey);
  return { deleted: true };
}

// ── 수정세금계산서 ────────────────────────────────────────────────────────
/** New documents referring to a transmitted invoice, as the reason wants: negative, positive, or the difference. */
export async function amendInvoice(
  db: Db,
  mgtKey: string,
  body: { version: number; reason: number; supplyDelta?: string },
  actor: string,
) {
  const reason = body.reason as AmendmentReason;
  if (!Object.hasOwn(AMENDMENT_REASONS, reason)) failIf([{ path: 'body/reason', message: '수정 사유는 1–6입니다' }]);
  const made = await db.transaction().execute(async (trx) => {
    const inv = await locked(trx, mgtKey, body.version);
    transition(TAX_INVOICE_MACHINE, 'amend', inv.status);
    const kind = AMENDMENT_REASONS[reason].documents;
    const lines = await invoiceLines(trx, mgtKey);
    const docs: Array<{ sign: bigint; supply: bigint; tax: bigint; lines: typeof lines; label: string }> = [];
    const supply = BigInt(String(inv.supplyAmount));
    const tax = BigInt(String(inv.taxAmount));
    if (kind === 'NEGATIVE' || kind === 'NEGATIVE_AND_POSITIVE')
      docs.push({ sign: -1n, supply, tax, lines, label: '취소' });
    if (kind === 'NEGATIVE_AND_POSITIVE') docs.push({ sign: 1n, supply, tax, lines, label: '재발행' });
    if (kind === 'DIFFERENCE') {
      if (!body.supplyDelta || !/^-?\d{1,15}$/.test(body.supplyDelta) || BigInt(body.supplyDelta) === 0n)
        failIf([{ path: 'body/supplyDelta', message: '공급가액 증감액(원, 0 아님)을 입력하세요' }]);
      const delta = BigInt(body.supplyDelta!);
      const rate = inv.taxType === 'TAXABLE' ? 10n : 0n;
      const deltaTax = (delta * rate) / 100n;
      docs.push({ sign: 1n, supply: delta, tax: deltaTax, lines: [], label: AMENDMENT_REASONS[reason].label });
    }
    const keys: string[] = [];
    let revision = await maxRevision(trx, inv.settleNo, inv.taxType);
    for (const d of docs) {
      revision += 1;
      const key = mgtKeyFor(inv.settleNo, inv.taxType as TaxType, revision);
      const docSupply = d.sign * d.supply;
      const docTax = d.sign * d.tax;
      await insertInvoice(trx, {
        mgtKey: key,
        buyerCorpNum: inv.buyerCorpNum,
        settleNo: inv.settleNo,
        compNo: inv.compNo,
        supplierCorpNum: inv.supplierCorpNum,
        bizPlace: inv.bizPlace,
        period: inv.period,
        writeDate: inv.writeDate,
        issueKind: inv.issueKind,
        taxType: inv.taxType,
        purposeType: inv.purposeType,
        status: 'DRAFT',
        revision,
        amendsMgtKey: inv.mgtKey,
        amendReason: reason,
        supplyAmount: docSupply.toString(),
        taxAmount: docTax.toString(),
        totalAmount: (docSupply + docTax).toString(),
        lineCount: d.lines.length || 1,
        provider: inv.provider,
        createdBy: actor,
        zeroRatedDocKind: inv.zeroRatedDocKind,
        zeroRatedDocNo: inv.zeroRatedDocNo,
      });
      const rows = d.lines.length
        ? d.lines.map((l) => ({
            ...l,
            mgtKey: key,
            supplyAmount: (d.sign * BigInt(String(l.supplyAmount))).toString(),
            taxAmount: (d.sign * BigInt(String(l.taxAmount))).toString(),
          }))
        : [
            {
              mgtKey: key,
              lineNo: 1,
              compNo: inv.compNo,
              monthDay: dayOf(inv.writeDate).slice(5),
              itemName: `${d.label} (${inv.mgtKey})`,
              spec: null,
              unitCode: null,
              quantity: null,
              unitPrice: null,
              supplyAmount: docSupply.toString(),
              taxAmount: docTax.toString(),
              sourceCount: 1,
            },
          ];
      await insertInvoiceLines(trx, rows);
      await event(
        trx,
        { mgtKey: key, compNo: inv.compNo },
        {
          action: 'create',
          from: null,
          to: 'DRAFT',
          outcome: 'DONE',
          code: `AMEND_${reason}`,
          message: `${AMENDMENT_REASONS[reason].label}: ${inv.mgtKey}`,
          actor,
        },
      );
      keys.push(key);
    }
    await event(trx, inv, {
      action: 'amend',
      from: inv.status,
      to: inv.status,
      outcome: 'DONE',
      code: `AMEND_${reason}`,
      message: keys.join(','),
      actor,
    });
    await updateInvoice(trx, inv.mgtKey, { version: inv.version + 1, updatedAt: new Date() });
    await writeAudit(trx, {
      entity: 'tax_invoice',
      entityKey: inv.mgtKey,
      action: 'AMEND',
      actor,
      after: { reason, documents: keys },
    });
    return keys;
  });
  return { rows: await Promise.all(made.map((k) => getInvoice(db, k))) };
}

// ── the posting gate ───────────────────────────────────────────────────────
export type ExceptionType =
  'NO_INVOICE' | 'AMOUNT_VARIANCE' | 'TAX_VARIANCE' | 'BUSINESS_NUMBER_MISMATCH' | 'NTS_FAILURE' | 'NOT_TRANSMITTED';

interface GateInput {
  settleNo: string;
  totalAmount: string;
  taxNo: string;
  invoices: Awaited<ReturnType<typeof currentInvoicesOf>>;
}

/** What stands between a settlement and its posting, if anything (ordered: the first is the reason given). */
export function gateProblems(s: GateInput): ExceptionType[] {
  const problems: ExceptionType[] = [];
  const invs = s.invoices.filter((i) => i.revision === 0);
  if (invs.length === 0) return ['NO_INVOICE'];
  const supply = invs.reduce((a, i) => a + BigInt(String(i.supplyAmount)), 0n);
  if (supply !== BigInt(String(s.totalAmount).split('.')[0]!)) problems.push('AMOUNT_VARIANCE');
  for (const i of invs) {
    const rate = i.taxType === 'TAXABLE' ? 10n : 0n;
    const sup = BigInt(String(i.supplyAmount));
    const tax = BigInt(String(i.taxAmount));
    const exact = sup * rate;
    // 절사, 반올림 and 올림 all stay within a won of the exact 10 %.
    if (tax * 100n < exact - 100n || tax * 100n > exact + 100n) problems.push('TAX_VARIANCE');
    if (i.supplierCorpNum !== s.taxNo) problems.push('BUSINESS_NUMBER_MISMATCH');
    if (i.status === 'NTS_FAILED') problems.push('NTS_FAILURE');
    else if (i.status !== 'NTS_SUCCESS') problems.push('NOT_TRANSMITTED');
  }
  return [...new Set(problems)];
}

const GATE_MESSAGE: Record<ExceptionType, string> = {
  NO_INVOICE: '세금계산서가 없습니다',
  AMOUNT_VARIANCE: '세금계산서 공급가액이 정산 금액과 다릅니다',
  TAX_VARIANCE: '세금계산서 세액이 공급가액의 10%와 다릅니다',
  BUSINESS_NUMBER_MISMATCH: '세금계산서 공급자 사업자등록번호가 협력사와 다릅니다',
  NTS_FAILURE: '국세청 전송에 실패했습니다',
  NOT_TRANSMITTED: '국세청 전송이 완료되지 않았습니다',
};

/**
 * Refuses posting (409 TAX_INVOICE_REQUIRED) while the settlement's invoice is missing, differs, or
 * is not transmitted successfully, unless an authorised person bypassed the gate for it. Runs inside
 * the posting's transaction (the settlement's lock held).
 */
export async function checkPostingGate(
  trx: Db,
  gateOn: boolean,
  s: { settleNo: string; compNo: string; totalAmount: string },
  poster: string,
): Promise<{ ntsConfirmNum: string | null }> {
  const ntsConfirmNum = await voucherNtsNumber(trx, s.settleNo);
  if (!gateOn) return { ntsConfirmNum };
  // Separation of duties: a bypass is one person's decision, the posting another's.
  const bypass = await findBypass(trx, s.settleNo);
  if (bypass) {
    if (bypass.bypassedBy === poster)
      throw refused(
        'TAX_GATE_SAME_PERSON',
        '세금계산서 확인을 예외 처리한 사람은 같은 정산을 전기할 수 없습니다. 다른 담당자가 전기하세요',
      );
    return { ntsConfirmNum };
  }
  const [row] = await unpostedSettlementRow(trx, s.settleNo);
  const invoices = await currentInvoicesOf(trx, [s.settleNo]);
  const problems = gateProblems({
    settleNo: s.settleNo,
    totalAmount: s.totalAmount,
    taxNo: row?.taxNo ?? '',
    invoices,
  });
  // A result recorded by hand (file provider, 정발행) is one person's word: another person posts.
  if (
    problems.length === 0 &&
    (
      await transmissionRecorders(
        trx,
        invoices.map((i) => i.mgtKey),
      )
    ).includes(poster)
  )
    throw refused(
      'TAX_INVOICE_SAME_PERSON',
      '국세청 전송 결과를 기록한 사람은 같은 정산을 전기할 수 없습니다. 다른 담당자가 전기하세요',
    );
  if (problems.length > 0) {
    throw refused(
      'TAX_INVOICE_REQUIRED',
      `세금계산서가 국세청에 전송된 뒤에 전기할 수 있습니다: ${GATE_MESSAGE[problems[0]!]}`,
      { problems },
    );
  }
  return { ntsConfirmNum };
}

async function unpostedSettlementRow(db: Db, settleNo: string) {
  const rows = await unpostedSettlements(db, {});
  return rows.filter((r) => r.settleNo === settleNo);
}

/** An authorised person lets a settlement be posted without its invoice, with the reason (audited). */
export async function bypassGate(db: Db, settleNo: string, reason: string, actor: string) {
  if (!reason.trim()) failIf([{ path: 'body/reason', message: '사유를 입력하세요' }]);
  await db.transaction().execute(async (trx) => {
    const s = await lockSettlementForInvoice(trx, settleNo);
    if (!s) throw missing('SETTLEMENT_NOT_FOUND', '정산을 찾을 수 없습니다');
    if (s.status !== 'CONFIRMED' && s.status !== 'POST_FAILED')
      throw refused('SETTLEMENT_NOT_CONFIRMED', '확정되고 전기되지 않은 정산만 예외 처리할 수 있습니다', {
        status: s.status,
      });
    if (await findBypass(trx, settleNo))
      throw refused('ALREADY_BYPASSED', '이미 세금계산서 확인을 예외 처리한 정산입니다');
    await insertBypass(trx, { settleNo, reason: reason.trim(), bypassedBy: actor });
    await writeAudit(trx, {
      entity: 'settlement',
      entityKey: settleNo,
      action: 'TAX_GATE_BYPASS',
      actor,
      reason: reason.trim(),
      after: { reason: reason.trim() },
    });
  });
  const b = await findBypass(db, settleNo);
  return { settleNo, reason: b!.reason, bypassedBy: b!.bypassedBy, bypassedAt: new Date(b!.bypassedAt).toISOString() };
}

/** Confirmed, unposted settlements whose invoice stops the posting, by type (전표 오류 of the invoices). */
export async function listExceptions(db: Db, q: { periods?: string[]; type?: string[]; settleNo?: string }) {
  const [from, to] = (q.periods ?? []).map((p) => p.trim() || undefined);
  const settlements = await unpostedSettlements(db, { periodFrom: from, periodTo: to });
  const invoices = await currentInvoicesOf(
    db,
    settlements.map((s) => s.settleNo),
  );
  const settleNo = q.settleNo?.trim();
  const rows = settlements.flatMap((s) => {
    if (s.bypassReason || (settleNo && s.settleNo !== settleNo)) return [];
    const problems = gateProblems({
      settleNo: s.settleNo,
      totalAmount: String(s.totalAmount),
      taxNo: s.taxNo,
      invoices: invoices.filter((i) => i.settleNo === s.settleNo),
    });
    return problems
      .filter((p) => !q.type?.length || q.type.includes(p))
      .map((type) => ({
        key: `${s.settleNo}:${type}`,
        type,
        message: GATE_MESSAGE[type],
        settleNo: s.settleNo,
        compNo: s.compNo,
        compName: s.compName,
        period: s.period,
        settlementStatus: s.status,
        totalAmount: String(s.totalAmount).split('.')[0]!,
      }));
  });
  return { rows, total: rows.length };
}

// ── deadlines ──────────────────────────────────────────────────────────────
/** Invoices not issued yet and where they stand against the 10th (moved past holidays), on `today` (KST). */
export async function deadlineView(db: Db, today: string, periods?: string[]) {
  const [from, to] = (periods ?? []).map((p) => p.trim() || undefined);
  const [invoices, undrawn, calendar] = await Promise.all([
    unissuedInvoices(db, { from, to }),
    settlementsWithoutInvoice(db, { from, to }),
    loadHolidayCalendar(db),
  ]);
  const rows = [
    ...invoices.map((r) => ({
      key: r.mgtKey,
      mgtKey: r.mgtKey as string | null,
      settleNo: r.settleNo,
      compNo: r.compNo,
      compName: r.compName,
      period: r.period,
      writeDate: dayOf(r.writeDate),
      status: r.status as string,
      totalAmount: String(r.totalAmount).split('.')[0]!,
    })),
    // A confirmed settlement with no invoice drawn yet: its invoice is written for the month's last day.
    ...undrawn.map((s) => ({
      key: s.settleNo,
      mgtKey: null,
      settleNo: s.settleNo,
      compNo: s.compNo,
      compName: s.compName,
      period: s.period,
      writeDate: writeDateOf(s.period),
      status: 'NOT_DRAWN',
      totalAmount: String(s.totalAmount).split('.')[0]!,
    })),
  ].sort((a, b) => a.writeDate.localeCompare(b.writeDate) || a.key.localeCompare(b.key));
  return {
    today,
    total: rows.length,
    rows: rows.map((r) => ({
      ...r,
      issueDeadline: issueDeadline(r.writeDate, calendar),
      deadlineState: issueDeadlineState(r.writeDate, today, calendar),
    })),
  };
}

/** The deadline job: each unissued invoice is flagged once 임박 (from the 8th) and once 지연 (after the deadline), in its history. */
export async function flagDeadlines(db: Db, now: Date): Promise<{ dueSoon: number; late: number }> {
  const today = kstDay(now);
  const view = await deadlineView(db, today, [addDays(today, -400).slice(0, 7).replace('-', ''), '']);
  let dueSoon = 0;
  let late = 0;
  for (const r of view.rows) {
    // A settlement without an invoice has no history to write into: the view shows it, the job flags invoices.
    const mgtKey = r.mgtKey;
    if (r.deadlineState === 'ON_TIME' || mgtKey === null) continue;
    const action = r.deadlineState === 'LATE' ? 'deadlineLate' : 'deadlineDueSoon';
    if (await hasDeadlineEvent(db, mgtKey, action)) continue;
    await db.transaction().execute((trx) =>
      event(
        trx,
        { mgtKey, compNo: r.compNo },
        {
          action,
          from: r.status,
          to: null,
          outcome: 'DONE',
          code: r.deadlineState,
          message:
            r.deadlineState === 'LATE'
              ? `발행 기한(${r.issueDeadline})이 지났습니다`
              : `발행 기한(${r.issueDeadline})이 다가옵니다`,
          actor: 'system',
        },
      ),
    );
    if (r.deadlineState === 'LATE') late += 1;
    else dueSoon += 1;
  }
  return { dueSoon, late };
}
