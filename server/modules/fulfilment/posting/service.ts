import type { PageWindow } from '../../../db/lists/keyset.js';
import crypto from 'node:crypto';
import type { Static } from 'typebox';
import { writeAudit } from '../../../db/audit.js';
import type { Db } from '../../../db/connect.js';
import { nextDocumentNumber } from '../../../db/document-number.js';
import { HttpError } from '../../../http/errors.js';
import type { SortSpec } from '../../../http/list-query.js';
import { dateRange, periodRange, todayKst } from '../../../domain/dates.js';
import { checkVersion, failIf, missing, refused, wrongState, type FieldError } from '../../../domain/errors.js';
import { won } from '../../../domain/money.js';
import { text } from '../../../domain/values.js';
import { lockSettlement, updateSettlement } from '../settlement/queries.js';
import { SETTLE_WRONG_STATE, canSettle } from '../settlement/workflow.js';
import { checkPostingGate, voucherTaxOf, type VoucherTax } from '../../tax-invoices/index.js';
import type { ErpConnector, PostResult, VoucherPayload } from './connector.js';
import {
  closeOpenErrors,
  findVendor,
  goodsByExpenses,
  insertPostingError,
  insertVoucher,
  listPostingErrors,
  listVouchers,
  lockExistingVoucher,
  lockSettlementState,
  lockVoucher,
  lockVoucherOfSettlement,
  updateVoucher,
  voucherDetail,
} from './queries.js';
import type { ERROR_SORT, PostingErrorListQuery, VOUCHER_SORT, VoucherListQuery } from './schemas.js';
import { buildVoucherPayload, maySend } from './workflow.js';
import { paymentDueOf } from '../settlement/subcon.js';
import { subconLinesOf } from '../settlement/queries-subcon.js';

type Window = PageWindow;

/** How this server posts: its ERP connector and how long a send may take before it counts as interrupted. */
export interface Posting {
  connector: ErpConnector;
  windowMs: number;
  /** Whether posting waits for the settlement's tax invoice (TAX_INVOICE_GATE; docs/tax-invoices.md "The posting gate"). */
  taxGate: boolean;
}

/** A voucher claimed for a send: what the ERP is sent, and the key it books the voucher once under. */
export interface ClaimedVoucher {
  voucherNo: string;
  idempotencyKey: string;
  payload: VoucherPayload;
}

/** What makes a new voucher its own; createVoucher adds the rest (READY, its idempotency key, the payload, its maker). */
interface NewVoucher {
  voucherNo: string;
  kind: 'SETTLEMENT' | 'CORRECTION' | 'SUBCON_CHARGE';
  settleNo: string;
  compNo: string;
  period: string;
  amount: string;
  /** A correction's: the settlement's own voucher it corrects, and the amendment document it was made for. */
  correctsVoucherNo?: string;
  amendMgtKey?: string;
}

export async function getVoucher(db: Db, voucherNo: string) {
  const d = await voucherDetail(db, voucherNo);
  if (!d) throw missing('VOUCHER_NOT_FOUND', '전표를 찾을 수 없습니다');
  return d;
}

async function buildPayload(
  trx: Db,
  voucherNo: string,
  s: { settleNo: string; compNo: string; period: string; adjustmentAmount: string; totalAmount: string },
  tax: VoucherTax,
  /** The business day it is posted on (a re-post keeps the first try's). */
  postingDate: string,
): Promise<VoucherPayload> {
  const goods = await goodsByExpenses(trx, s.settleNo);
  const payload = buildVoucherPayload({
    voucherNo,
    settleNo: s.settleNo,
    period: s.period,
    postingDate,
    vendor: await vendorOf(trx, s.compNo),
    goodsByExpenses: goods.map((g) => ({ expenses: g.expenses, name: g.textKo ?? g.expenses, amount: won(g.amount) })),
    adjustmentAmount: s.adjustmentAmount,
    totalAmount: s.totalAmount,
    vatAmount: tax.taxAmount,
  });
  const paymentDue = paymentDueOf(await subconLinesOf(trx, s.settleNo), postingDate);
  return { ...payload, ntsConfirmNum: tax.ntsConfirmNum, paymentDue };
}

/**
 * A voucher sent again (a re-post after a failure, a retry) carries the invoices' approval numbers
 * and VAT as they stand now: one transmitted since the first try is not lost, and one already on the
 * voucher is kept. Same voucher number and idempotency key: the ERP never posted a failed one.
 */
async function refreshTax<V extends { voucherNo: string; payload: unknown }>(
  trx: Db,
  v: V,
  s: { settleNo: string; compNo: string; period: string; adjustmentAmount: string; totalAmount: string },
  tax: VoucherTax,
  actor: string,
): Promise<V> {
  const stored = claimedOf({ ...v, idempotencyKey: '' }).payload;
  const ntsConfirmNum = stored.ntsConfirmNum ?? tax.ntsConfirmNum;
  const hasVat = stored.lines.some((l) => l.kind === 'VAT');
  if (ntsConfirmNum === (stored.ntsConfirmNum ?? null) && (hasVat || tax.taxAmount === '0')) return v;
  const payload = await buildPayload(trx, v.voucherNo, s, { ...tax, ntsConfirmNum }, stored.postingDate);
  await updateVoucher(trx, v.voucherNo, { payload: JSON.stringify(payload) });
  await writeAudit(trx, {
    entity: 'erp_voucher',
    entityKey: v.voucherNo,
    action: 'TAX_REFRESHED',
    actor,
    before: { ntsConfirmNum: stored.ntsConfirmNum ?? null },
    after: { ntsConfirmNum, vatAmount: tax.taxAmount },
  });
  return { ...v, payload };
}

/** The vendor as a voucher names it: the company's number, its Korean name and its business number. */
export async function vendorOf(trx: Db, compNo: string): Promise<VoucherPayload['vendor']> {
  const company = await findVendor(trx, compNo);
  return { compNo, name: company.compNameKr, taxNo: company.taxNo2 };
}

/** The next voucher number (VC…), counted on the business day `now` falls on. */
export const nextVoucherNo = (trx: Db, now: Date) => nextDocumentNumber(trx, 'VC', todayKst(now));

/**
 * Makes a voucher and claims it for its first send, in the caller's transaction: inserted READY under an
 * idempotency key of its own (the ERP books a key once, so every send of it, retries included, books it once),
 * audited (CREATE), locked and marked SENT (claim). Every voucher is made here: a settlement's own
 * (postSettlement), a correction (correction.ts) and a payment's charges (subcon-charge.ts). It answers the voucher
 * as stored, as a retry reads it.
 */
export async function createVoucher(
  trx: Db,
  values: NewVoucher,
  payload: VoucherPayload,
  actor: string,
): Promise<ClaimedVoucher> {
  const row = {
    ...values,
    idempotencyKey: crypto.randomUUID(),
    status: 'READY' as const,
    payload: JSON.stringify(payload),
    createdBy: actor,
  };
  await insertVoucher(trx, row);
  await writeAudit(trx, {
    entity: 'erp_voucher',
    entityKey: values.voucherNo,
    action: 'CREATE',
    actor,
    after: { ...row, payload },
  });
  const v = await lockExistingVoucher(trx, values.voucherNo);
  await claim(trx, v, actor, 'SEND');
  return claimedOf(v);
}

/** Marks a voucher SENT (the caller holds its lock) and closes its open errors as retried. */
async function claim(
  trx: Db,
  v: { voucherNo: string; version: number; status: string },
  actor: string,
  action: string,
): Promise<void> {
  // Real time on purpose: sentAt is the in-flight lease maySend measures against posting.windowMs; a
  // business clock moved forward must not free a send still under way (the posting day is in the payload).
  const now = new Date();
  const retriedErrors = await closeOpenErrors(trx, v.voucherNo, {
    status: 'RETRIED',
    retriedAt: now,
    retriedBy: actor,
  });
  await updateVoucher(trx, v.voucherNo, { status: 'SENT', sentAt: now, version: v.version + 1, updatedAt: now });
  await writeAudit(trx, {
    entity: 'erp_voucher',
    entityKey: v.voucherNo,
    action,
    actor,
    before: { status: v.status },
    after: { status: 'SENT', retriedErrors },
  });
}

const claimedOf = (v: { voucherNo: string; idempotencyKey: string; payload: unknown }): ClaimedVoucher => ({
  voucherNo: v.voucherNo,
  idempotencyKey: v.idempotencyKey,
  payload: (typeof v.payload === 'string' ? JSON.parse(v.payload) : v.payload) as VoucherPayload,
});

/**
 * Records what the ERP answered, in its own transaction: nothing of an attempt is lost. Only the settlement's own
 * voucher moves its settlement (POSTED, POST_FAILED); a correcting voucher (an amended invoice's, correction.ts)
 * or a payment's charge voucher (subcon-charge.ts) leaves it as it is.
 */
async function finalize(
  db: Db,
  connector: ErpConnector,
  voucherNo: string,
  result: PostResult,
  actor: string,
): Promise<{ ok: true } | { ok: false; errorId: number }> {
  return db.transaction().execute(async (trx) => {
    const v = await lockExistingVoucher(trx, voucherNo);
    const ofSettlement = v.kind === 'SETTLEMENT';
    const s = await lockSettlementState(trx, v.settleNo);
    // Real time: when the ERP answered (a technical record of the attempt; the voucher's posting day is its payload's).
    const now = new Date();
    const attempts = v.attempts + result.attempts;
    if (result.ok) {
      await updateVoucher(trx, voucherNo, {
        status: 'POSTED',
        erpDocNo: result.erpDocNo,
        postedAt: now,
        attempts,
        connector: connector.kind,
        lastError: null,
        version: v.version + 1,
        updatedAt: now,
      });
      // Another kind of voucher leaves its settlement as it is.
      if (ofSettlement)
        await updateSettlement(trx, s.settleNo, {
          status: 'POSTED',
          postedAt: now,
          version: s.version + 1,
          updatedAt: now,
        });
      await writeAudit(trx, {
        entity: 'erp_voucher',
        entityKey: voucherNo,
        action: 'POSTED',
        actor,
        before: { status: v.status },
        after: {
          status: 'POSTED',
          erpDocNo: result.erpDocNo,
          attempts,
          ...(v.correctsVoucherNo !== null ? { corrects: v.correctsVoucherNo } : {}),
          ...(v.kind === 'SUBCON_CHARGE' ? { kind: v.kind } : {}),
        },
      });
      if (ofSettlement)
        await writeAudit(trx, {
          entity: 'settlement',
          entityKey: s.settleNo,
          action: 'POSTED',
          actor,
          before: { status: s.status },
          after: { status: 'POSTED', voucherNo },
        });
      return { ok: true as const };
    }
    await updateVoucher(trx, voucherNo, {
      status: 'FAILED',
      lastError: result.message.slice(0, 2000),
      attempts,
      connector: connector.kind,
      version: v.version + 1,
      updatedAt: now,
    });
    const errorId = await insertPostingError(trx, {
      voucherNo,
      settleNo: v.settleNo,
      compNo: v.compNo,
      attempt: attempts,
      httpStatus: result.httpStatus,
      erpCode: result.erpCode,
      message: result.message.slice(0, 2000),
      status: 'FAILED',
    });
    if (ofSettlement && s.status !== 'POST_FAILED') {
      await updateSettlement(trx, s.settleNo, { status: 'POST_FAILED', version: s.version + 1, updatedAt: now });
      await writeAudit(trx, {
        entity: 'settlement',
        entityKey: s.settleNo,
        action: 'POST_FAILED',
        actor,
        before: { status: s.status },
        after: { status: 'POST_FAILED', voucherNo },
      });
    }
    await writeAudit(trx, {
      entity: 'erp_voucher',
      entityKey: voucherNo,
      action: 'FAILED',
      actor,
      before: { status: v.status },
      after: { status: 'FAILED', attempts, message: result.message },
    });
    return { ok: false as const, errorId };
  });
}

/** Sends a claimed voucher outside any transaction and records what the ERP answered (finalize). */
async function sendAndRecord(db: Db, connector: ErpConnector, claimed: ClaimedVoucher, actor: string) {
  const result = await connector.post(claimed.payload, claimed.idempotencyKey);
  return { result, outcome: await finalize(db, connector, claimed.voucherNo, result, actor) };
}

/**
 * Sends a voucher another module's transaction made and claimed (a correction, a payment's charges) once that has
 * committed. A refusal undoes nothing of what made it: the voucher stays FAILED with its posting error, and
 * 전기오류 sends it again.
 */
export async function sendClaimed(
  db: Db,
  connector: ErpConnector,
  claimed: ClaimedVoucher,
  actor: string,
): Promise<{ ok: boolean }> {
  const { outcome } = await sendAndRecord(db, connector, claimed, actor);
  return { ok: outcome.ok };
}

/** Sends a claimed voucher outside any transaction and records the outcome; a failure answers 424 with the ERP's message. */
async function send(db: Db, posting: Posting, claimed: ClaimedVoucher, actor: string) {
  const { result, outcome } = await sendAndRecord(db, posting.connector, claimed, actor);
  if (!outcome.ok && !result.ok) {
    throw new HttpError(
      424,
      'ERP_POSTING_FAILED',
      `ERP 전기에 실패했습니다: ${result.message}. 전기오류 화면에서 다시 처리할 수 있습니다`,
      {
        voucherNo: claimed.voucherNo,
        errorId: outcome.errorId,
        attempts: result.attempts,
        httpStatus: result.httpStatus,
        erpCode: result.erpCode,
      },
    );
  }
  return getVoucher(db, claimed.voucherNo);
}

const refuseBySendState = (state: 'yes' | 'posted' | 'in-progress') => {
  if (state === 'posted') throw refused('ALREADY_POSTED', '이미 전기된 전표입니다. 다시 보내지 않습니다');
  if (state === 'in-progress') throw refused('POSTING_IN_PROGRESS', '전기가 진행 중입니다. 잠시 후 다시 조회하세요');
};

/**
 * Posts a confirmed settlement: its voucher (VC…, made once with its own idempotency key) is
 * claimed (SENT) in one transaction, sent outside any, and the outcome recorded in another.
 */
export async function postSettlement(
  db: Db,
  posting: Posting,
  settleNo: string,
  version: number,
  actor: string,
  now: Date,
) {
  const claimed = await db.transaction().execute(async (trx): Promise<ClaimedVoucher> => {
    const s = await lockSettlement(trx, settleNo);
    if (!s) throw missing('SETTLEMENT_NOT_FOUND', '정산을 찾을 수 없습니다');
    checkVersion(version, s.version);
    if (s.status === 'POSTED') throw refused('ALREADY_POSTED', '이미 전기된 정산입니다. 다시 보내지 않습니다');
    if (!canSettle('post', s.status)) throw wrongState(SETTLE_WRONG_STATE.post, s.status);
    const gate = await checkPostingGate(
      trx,
      posting.taxGate,
      { settleNo: s.settleNo, compNo: s.compNo, totalAmount: String(s.totalAmount) },
      actor,
    );
    const v = await lockVoucherOfSettlement(trx, s.settleNo);
    if (!v) {
      const voucherNo = await nextVoucherNo(trx, now);
      const payload = await buildPayload(trx, voucherNo, s, gate, todayKst(now));
      return createVoucher(
        trx,
        {
          voucherNo,
          kind: 'SETTLEMENT',
          settleNo: s.settleNo,
          compNo: s.compNo,
          period: s.period,
          amount: s.totalAmount,
        },
        payload,
        actor,
      );
    }
    // real time: maySend measures the in-flight lease (sentAt, real time) against posting.windowMs
    refuseBySendState(maySend(v, new Date(), posting.windowMs));
    const fresh = await refreshTax(trx, v, s, gate, actor);
    await claim(trx, fresh, actor, 'SEND');
    return claimedOf(fresh);
  });
  return send(db, posting, claimed, actor);
}

/** Sends a failed (or interrupted) voucher again under the same idempotency key; a posted one is never sent again. */
export async function retryPosting(db: Db, posting: Posting, voucherNo: string, version: number, actor: string) {
  const claimed = await db.transaction().execute(async (trx): Promise<ClaimedVoucher> => {
    const v = await lockVoucher(trx, voucherNo);
    if (!v) throw missing('VOUCHER_NOT_FOUND', '전표를 찾을 수 없습니다');
    checkVersion(version, v.version);
    // real time: maySend measures the in-flight lease (sentAt, real time) against posting.windowMs
    refuseBySendState(maySend(v, new Date(), posting.windowMs));
    // A correcting or charge voucher is sent again as it was made: its amounts are the amendment's or the
    // payment's, and its settlement's state is not its own.
    if (v.kind !== 'SETTLEMENT') {
      await claim(trx, v, actor, 'RETRY');
      return claimedOf(v);
    }
    const s = await lockSettlementState(trx, v.settleNo);
    if (s.status === 'POSTED') throw refused('ALREADY_POSTED', '이미 전기된 정산입니다. 다시 보내지 않습니다');
    const settlement = await lockSettlement(trx, v.settleNo);
    const fresh = await refreshTax(
      trx,
      v,
      {
        ...settlement!,
        adjustmentAmount: String(settlement!.adjustmentAmount),
        totalAmount: String(settlement!.totalAmount),
      },
      await voucherTaxOf(trx, v.settleNo),
      actor,
    );
    await claim(trx, v, actor, 'RETRY');
    return claimedOf(fresh);
  });
  return send(db, posting, claimed, actor);
}

/** Vouchers by the list filter (months checked). */
export async function searchVouchers(
  db: Db,
  q: Static<typeof VoucherListQuery>,
  sort: SortSpec<(typeof VOUCHER_SORT)[number]>,
  window: Window,
) {
  const errors: FieldError[] = [];
  const periods = periodRange(errors, 'querystring/periods', q.periods);
  failIf(errors);
  return listVouchers(
    db,
    {
      voucherNo: text(q.voucherNo) ?? undefined,
      settleNo: text(q.settleNo) ?? undefined,
      compNo: text(q.compNo) ?? undefined,
      compName: text(q.compName) ?? undefined,
      ...periods,
      status: q.status,
    },
    sort,
    window,
  );
}

/** Posting errors by the list filter (dates checked). */
export async function searchPostingErrors(
  db: Db,
  q: Static<typeof PostingErrorListQuery>,
  sort: SortSpec<(typeof ERROR_SORT)[number]>,
  window: Window,
) {
  const errors: FieldError[] = [];
  const { from, to } = dateRange(errors, 'querystring/occurredDates', q.occurredDates);
  failIf(errors);
  return listPostingErrors(
    db,
    {
      voucherNo: text(q.voucherNo) ?? undefined,
      compNo: text(q.compNo) ?? undefined,
      compName: text(q.compName) ?? undefined,
      status: q.status,
      from,
      to,
    },
    sort,
    window,
  );
}
