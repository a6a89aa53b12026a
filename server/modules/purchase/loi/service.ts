import { recordBudgetMovement } from '../../budget/consumption/index.js';
import type { Static } from 'typebox';
import type { Caller } from '../../../auth/plugin.js';
import { groupHoldsScreen } from '../../../auth/menu-authority.js';
import { writeAudit } from '../../../db/audit.js';
import type { Db } from '../../../db/connect.js';
import { nextDocumentNumber } from '../../../db/document-number.js';
import { approvalCovers, loadApprovals, withdrawApproval } from '../approval/queries.js';
import { submitForApproval } from '../shared/submit.js';
import { approvalState, numbered } from '../approval/state.js';
import { internalActor, isPurchasingManager, supplierActor, type Actor } from '../../../domain/actor.js';
import { loadAttachments, loadHistory } from '../../../domain/documents.js';
import {
  checkVersion,
  failIf,
  missing,
  notAllowed,
  refused,
  wrongState,
  type FieldError,
} from '../../../domain/errors.js';
import { jpyRate, toKrw, wonText } from '../../../domain/money.js';
import { transition } from '../../../domain/machine.js';
import { checkDate, todayKst } from '../../../domain/dates.js';
import { checkDecimal, iso, josa, requireText, text, type DecimalRule } from '../../../domain/values.js';
import type { ReasonBody, VersionBody } from '../../../domain/schemas.js';
import { prExists } from '../pr/queries.js';
import { findSupplier } from '../simple-order/queries.js';
import {
  findLoi,
  findLoiOrders,
  insertLoi,
  lockLoi,
  lockLoiForSupplier,
  lockOverdueLois,
  updateLoi,
} from './queries.js';
import { LOI_MACHINE, SUPPLIER_VISIBLE_LOI, effectiveLoiStatus, isPastValidity, loiActionsFor } from './workflow.js';
import { assertBindable } from '../../files/owners.js';

export const LOI_SCREENS = { list: '/LoiRequestList', edit: '/LoiRequestEdit' } as const;
const LOI_AMOUNT: DecimalRule = { label: '금액', scale: 0, intDigits: 16, sign: 'positive' };

const loiMissing = () => missing('LOI_NOT_FOUND', 'LOI를 찾을 수 없습니다');

type LoiInput = {
  compNo: string;
  title: string;
  scope: string;
  currency: 'KRW' | 'JPY';
  amount: string;
  validFrom: string;
  validUntil: string;
  prNo?: string | null;
  fileId?: string | null;
  confirmBudgetWarning?: boolean;
};

async function checkLoi(db: Db, b: LoiInput, actor: Actor, loiNo: string | null, now: Date) {
  const errors: FieldError[] = [];
  const today = todayKst(now);
  requireText(errors, 'body/title', b.title, '제목');
  requireText(errors, 'body/scope', b.scope, '범위');
  checkDecimal(errors, 'body/amount', b.amount, LOI_AMOUNT);
  checkDate(errors, 'body/validFrom', b.validFrom, '유효 시작일', { required: true, notBefore: today });
  checkDate(errors, 'body/validUntil', b.validUntil, '유효 종료일', { required: true });
  if (!errors.some((e) => e.path.startsWith('body/valid')) && b.validUntil < b.validFrom)
    errors.push({ path: 'body/validUntil', message: '유효 종료일은 시작일 이후여야 합니다' });
  const compNo = b.compNo.trim().toUpperCase();
  const company = await findSupplier(db, compNo);
  if (!company) errors.push({ path: 'body/compNo', message: `등록되지 않은 협력사입니다: ${compNo}` });
  else if (company.status !== 'ACTIVE')
    errors.push({ path: 'body/compNo', message: `거래 중이 아닌 협력사입니다: ${compNo}` });
  const prNo = text(b.prNo);
  if (prNo && !(await prExists(db, prNo)))
    errors.push({ path: 'body/prNo', message: `구매요청을 찾을 수 없습니다: ${prNo}` });
  failIf(errors);
  await assertBindable(db, actor, 'body/fileId', b.fileId, { docType: 'LOI', docNo: loiNo });
  return {
    compNo,
    title: b.title.trim(),
    scope: b.scope.trim(),
    currency: b.currency,
    amount: b.amount.trim(),
    validFrom: b.validFrom,
    validUntil: b.validUntil,
    prNo,
    fileId: b.fileId ?? null,
  };
}

/** The LOI locked for a change by its buyer or a purchasing manager. */
async function lockOwnLoi(trx: Db, loiNo: string, actor: Actor) {
  const loi = await lockLoi(trx, loiNo);
  if (!loi) throw loiMissing();
  if (loi.buyerId !== actor.singleid && !isPurchasingManager(actor))
    throw notAllowed('담당 구매자 또는 구매 관리자만 LOI를 처리할 수 있습니다');
  return loi;
}

/** One LOI with approvals, history, the orders that follow it and what the caller may do. */
async function detail(db: Db, loiNo: string, actor: Actor, now: Date) {
  const h = await findLoi(db, loiNo);
  if (!h) throw loiMissing();
  const [attachments, approvals, history, orders, canWrite] = await Promise.all([
    loadAttachments(db, h.fileId),
    loadApprovals(db, { docTypes: ['LOI'], docNo: loiNo }),
    loadHistory(db, 'loi', loiNo),
    findLoiOrders(db, loiNo),
    groupHoldsScreen(db, actor.authGroupId, [LOI_SCREENS.edit], 'write'),
  ]);
  const status = effectiveLoiStatus(h.status, h.validUntil, todayKst(now));
  const { approvalId: _a, buyerEmail: _e, buyerTelNo: _t, ...header } = h;
  const { isCurrentApprover, ...approvalFields } = approvalState(approvals, actor.singleid);
  return {
    ...header,
    status,
    issuedAt: iso(h.issuedAt),
    acceptedAt: iso(h.acceptedAt),
    expiredAt: iso(h.expiredAt),
    createdAt: iso(h.createdAt)!,
    updatedAt: iso(h.updatedAt)!,
    attachments,
    approvals,
    history: numbered(history),
    orders,
    ...approvalFields,
    actions: [
      ...loiActionsFor(status, {
        isBuyer: h.buyerId === actor.singleid,
        isManager: isPurchasingManager(actor),
        canWrite,
      }),
      ...(isCurrentApprover ? ['approve', 'reject'] : []),
    ],
  };
}

export async function getLoi(db: Db, caller: Caller | null, loiNo: string, now: Date) {
  return detail(db, loiNo, await internalActor(db, caller), now);
}

/** A draft LOI; the caller is its buyer. */
export async function createLoi(db: Db, caller: Caller | null, body: LoiInput, now: Date) {
  const actor = await internalActor(db, caller);
  const input = await checkLoi(db, body, actor, null, now);
  const loiNo = await db.transaction().execute(async (trx) => {
    const loiNo = await nextDocumentNumber(trx, 'LOI', todayKst(now));
    const row = { loiNo, ...input, status: 'DRAFT' as const, buyerId: actor.singleid, createdBy: actor.userId };
    await insertLoi(trx, row);
    await writeAudit(trx, { entity: 'loi', entityKey: loiNo, action: 'CREATE', actor: actor.userId, after: row });
    await recordBudgetMovement(trx, {
      event: 'ORDER',
      docType: 'LOI',
      docNo: loiNo,
      actor: actor.userId,
      confirmWarning: body.confirmBudgetWarning,
    });
    return loiNo;
  });
  return detail(db, loiNo, actor, now);
}

/** Changes a draft LOI with the version read. */
export async function updateLoiDraft(
  db: Db,
  caller: Caller | null,
  loiNo: string,
  body: LoiInput & { version: number },
  now: Date,
) {
  const actor = await internalActor(db, caller);
  await db.transaction().execute(async (trx) => {
    const loi = await lockOwnLoi(trx, loiNo, actor);
    checkVersion(body.version, loi.version);
    transition(LOI_MACHINE, 'update', loi.status);
    const input = await checkLoi(trx, body, actor, loiNo, now);
    await updateLoi(trx, loiNo, { ...input, version: loi.version + 1, updatedAt: now });
    await writeAudit(trx, {
      entity: 'loi',
      entityKey: loiNo,
      action: 'UPDATE',
      actor: actor.userId,
      before: loi,
      after: input,
    });
    // A draft may be re-pointed at another PR: the one it left is recomputed too, the LOI's commitment there released.
    if (loi.prNo && loi.prNo !== input.prNo)
      await recordBudgetMovement(trx, {
        event: 'CHANGE',
        docType: 'PR',
        docNo: loi.prNo,
        actor: actor.userId,
        left: [{ docType: 'LOI', docNo: loiNo }],
      });
    await recordBudgetMovement(trx, {
      event: 'CHANGE',
      docType: 'LOI',
      docNo: loiNo,
      actor: actor.userId,
      confirmWarning: body.confirmBudgetWarning,
    });
  });
  return detail(db, loiNo, actor, now);
}

/** Submits for approval by the LOI rule for the amount in KRW; the last approval issues the LOI. */
export async function submitLoi(
  db: Db,
  caller: Caller | null,
  loiNo: string,
  body: Static<typeof VersionBody>,
  now: Date,
) {
  const actor = await internalActor(db, caller);
  const rate = await jpyRate(db);
  await db.transaction().execute(async (trx) => {
    const loi = await lockOwnLoi(trx, loiNo, actor);
    checkVersion(body.version, loi.version);
    const status = transition(LOI_MACHINE, 'submit', loi.status);
    if (isPastValidity(loi.validUntil, todayKst(now)))
      failIf([{ path: 'body', message: '유효 종료일이 지났습니다. 유효기간을 고친 뒤 상신하세요' }]);
    const amountKrw = toKrw(loi.amount, loi.currency, rate);
    await submitForApproval(
      trx,
      {
        entity: 'loi',
        docType: 'LOI',
        docNo: loiNo,
        status: loi.status,
        nextStatus: status,
        version: loi.version,
        amountKrw,
      },
      actor,
      now,
      (values) => updateLoi(trx, loiNo, values),
    );
  });
  return detail(db, loiNo, actor, now);
}

/** Cancels an LOI not yet accepted, with a reason; an open approval is withdrawn. */
export async function cancelLoi(
  db: Db,
  caller: Caller | null,
  loiNo: string,
  body: Static<typeof ReasonBody>,
  now: Date,
) {
  const reason = text(body.reason);
  if (!reason) failIf([{ path: 'body/reason', message: '취소 사유를 입력하세요' }]);
  const actor = await internalActor(db, caller);
  await db.transaction().execute(async (trx) => {
    const loi = await lockOwnLoi(trx, loiNo, actor);
    checkVersion(body.version, loi.version);
    const status = transition(LOI_MACHINE, 'cancel', loi.status);
    const withdrawn = loi.status === 'IN_APPROVAL';
    if (withdrawn) await withdrawApproval(trx, loi.approvalId, actor.userId, now);
    await updateLoi(trx, loiNo, {
      status,
      cancelReason: reason,
      ...(withdrawn ? { approvalStatus: 'WITHDRAWN' } : {}),
      version: loi.version + 1,
      updatedAt: now,
    });
    await writeAudit(trx, {
      entity: 'loi',
      entityKey: loiNo,
      action: 'CANCEL',
      actor: actor.userId,
      before: { status: loi.status },
      after: { status },
      reason,
    });
    await recordBudgetMovement(trx, { event: 'CANCEL', docType: 'LOI', docNo: loiNo, actor: actor.userId });
  });
  return detail(db, loiNo, actor, now);
}

/* ------------------------------ the supplier's side ------------------------------ */

/** An LOI as its supplier sees it (db scoped to the company); a draft or another company's is 404. */
async function supplierDetail(db: Db, loiNo: string, now: Date) {
  const h = await findLoi(db, loiNo);
  if (!h || !(SUPPLIER_VISIBLE_LOI as readonly string[]).includes(h.status)) throw loiMissing();
  const status = effectiveLoiStatus(h.status, h.validUntil, todayKst(now));
  return {
    loiNo: h.loiNo,
    compNo: h.compNo,
    compNameKr: h.compNameKr,
    title: h.title,
    scope: h.scope,
    currency: h.currency,
    amount: h.amount,
    validFrom: h.validFrom,
    validUntil: h.validUntil,
    status,
    buyerName: h.buyerName,
    buyerEmail: h.buyerEmail,
    buyerTelNo: h.buyerTelNo,
    issuedAt: iso(h.issuedAt),
    acceptedAt: iso(h.acceptedAt),
    version: h.version,
    attachments: await loadAttachments(db, h.fileId),
    actions: status === 'ISSUED' ? ['accept'] : [],
  };
}

export async function getSupplierLoi(db: Db, caller: Caller | null, loiNo: string, now: Date) {
  supplierActor(caller);
  return supplierDetail(db, loiNo, now);
}

/** The supplier accepts an issued LOI within its validity (once). */
export async function acceptLoi(
  db: Db,
  caller: Caller | null,
  loiNo: string,
  body: Static<typeof VersionBody>,
  now: Date,
) {
  const supplier = supplierActor(caller);
  await db.transaction().execute(async (trx) => {
    const loi = await lockLoiForSupplier(trx, loiNo);
    if (!loi || !(SUPPLIER_VISIBLE_LOI as readonly string[]).includes(loi.status)) throw loiMissing();
    checkVersion(body.version, loi.version);
    if (loi.status === 'ACCEPTED') throw wrongState('이미 수락한 LOI입니다', loi.status);
    const status = transition(LOI_MACHINE, 'accept', loi.status);
    if (isPastValidity(loi.validUntil, todayKst(now)))
      throw refused('LOI_EXPIRED', `유효기간(${loi.validUntil})이 지난 LOI는 수락할 수 없습니다`);
    await updateLoi(trx, loiNo, {
      status,
      acceptedAt: now,
      acceptedBy: supplier.userId,
      version: loi.version + 1,
      updatedAt: now,
    });
    await writeAudit(trx, {
      entity: 'loi',
      entityKey: loiNo,
      action: 'ACCEPT',
      actor: supplier.userId,
      before: { status: loi.status },
      after: { status },
    });
  });
  return supplierDetail(db, loiNo, now);
}

/**
 * Stores the expiry of every issued LOI past its validity (lists already show them as expired):
 * one transaction, an audit row per LOI and one for the run. The admin operation expireLois runs
 * the same code on demand; the job loi.expireOverdue (../jobs.ts) on time.
 */
export async function expireOverdueLois(db: Db, now: Date, actor: string): Promise<string[]> {
  const today = todayKst(now);
  return db.transaction().execute(async (trx) => {
    const due = await lockOverdueLois(trx, today);
    for (const l of due) {
      const status = transition(LOI_MACHINE, 'expire', l.status);
      await updateLoi(trx, l.loiNo, { status, expiredAt: now, version: l.version + 1, updatedAt: now });
      await writeAudit(trx, {
        entity: 'loi',
        entityKey: l.loiNo,
        action: 'EXPIRE',
        actor,
        before: { status: l.status },
        after: { status },
      });
    }
    await writeAudit(trx, {
      entity: 'job_run',
      entityKey: 'loi.expireOverdue',
      action: 'RUN',
      actor,
      after: { at: now.toISOString(), today, expired: due.map((l) => l.loiNo) },
    });
    return due.map((l) => l.loiNo);
  });
}

/* ------------------------- an executed contract amendment ------------------------- */

/** What an amendment (변경계약) of an LOI's contract may agree about the LOI. */
export interface LoiAmendment {
  amount?: string;
  validUntil?: string;
}

const AMENDABLE_LOI: readonly string[] = ['ISSUED', 'ACCEPTED'];

/**
 * Why the LOI cannot take an agreed change, or null. Only an issued or accepted LOI within its
 * validity that no live order follows yet: a draft is changed by editing it, and once an order
 * follows, the order carries the terms (it is changed by its own amendment).
 */
async function whyUnamendable(db: Db, loi: { loiNo: string; status: string; validUntil: string }, today: string) {
  const status = effectiveLoiStatus(loi.status, loi.validUntil, today);
  const it = josa(`LOI ${loi.loiNo}`, '은/는');
  if (status === 'CANCELLED') return `${it} 취소되어 변경할 수 없습니다`;
  if (status === 'EXPIRED' || isPastValidity(loi.validUntil, today))
    return `${it} 유효기간(${loi.validUntil})이 지나 변경할 수 없습니다`;
  if (!AMENDABLE_LOI.includes(status)) return `${it} 아직 발행되지 않아 변경계약으로 바꿀 수 없습니다`;
  const orders = (await findLoiOrders(db, loi.loiNo)).filter((o) => o.status !== 'CANCELLED');
  if (orders.length) return `${it} 이미 발주(${orders.map((o) => o.poNo).join(', ')})로 전환되어 변경할 수 없습니다`;
  return null;
}

/** The agreed values checked against the LOI: field errors under `body/sourceChange`. */
function checkAmendment(
  loi: { validFrom: string },
  change: LoiAmendment & { dueDate?: unknown; lines?: unknown },
  today: string,
) {
  const errors: FieldError[] = [];
  if (change.dueDate !== undefined || change.lines !== undefined)
    errors.push({
      path: 'body/sourceChange',
      message: 'LOI는 금액과 유효 종료일만 변경계약으로 바꿀 수 있습니다',
    });
  if (change.amount !== undefined) checkDecimal(errors, 'body/sourceChange/amount', change.amount, LOI_AMOUNT);
  if (change.validUntil !== undefined) {
    const d = checkDate(errors, 'body/sourceChange/validUntil', change.validUntil, '유효 종료일', {
      notBefore: today,
    });
    if (d && d < loi.validFrom)
      errors.push({ path: 'body/sourceChange/validUntil', message: '유효 종료일은 시작일 이후여야 합니다' });
  }
  if (change.amount === undefined && change.validUntil === undefined && errors.length === 0)
    errors.push({ path: 'body/sourceChange', message: 'LOI에서 바꿀 금액이나 유효 종료일을 입력하세요' });
  failIf(errors);
}

/**
 * Checks the LOI change an amendment agrees and words it for the amendment's text
 * ("LOI L… 금액: 5000000 → 6000000"), with each field's value now and agreed (`rows`). Whether the
 * LOI can take it is decided again at execution.
 */
export async function describeLoiAmendment(
  db: Db,
  loiNo: string,
  change: LoiAmendment & { dueDate?: unknown; lines?: unknown },
  today: string,
): Promise<{ text: string[]; rows: Array<{ field: 'amount' | 'validUntil'; before: string; after: string }> }> {
  const loi = await findLoi(db, loiNo);
  if (!loi) throw loiMissing();
  const why = await whyUnamendable(db, loi, today);
  if (why) throw refused('LOI_NOT_AMENDABLE', why, { status: loi.status });
  checkAmendment(loi, change, today);
  const rows = [
    ...(change.amount !== undefined
      ? [{ field: 'amount' as const, before: String(loi.amount).replace(/\.0+$/, ''), after: change.amount.trim() }]
      : []),
    ...(change.validUntil !== undefined
      ? [{ field: 'validUntil' as const, before: loi.validUntil, after: change.validUntil }]
      : []),
  ];
  const label = { amount: '금액', validUntil: '유효 종료일' } as const;
  return { text: rows.map((r) => `LOI ${loiNo} ${label[r.field]}: ${r.before} → ${r.after}`), rows };
}

/**
 * A contract naming this LOI, or its amendment, is made (and executed) only by someone who may
 * change the LOI: its buyer or a purchasing manager (`lockOwnLoi`, the LOI's own check).
 */
export async function assertMayChangeLoi(trx: Db, loiNo: string, actor: Actor): Promise<void> {
  await lockOwnLoi(trx, loiNo, actor);
}

/** The agreed amount (or the LOI's own when unchanged) in whole won, and the LOI tier a new amount asks. */
async function agreedAmount(trx: Db, loi: { amount: string; currency: string }, change: LoiAmendment) {
  const currency = loi.currency as 'KRW' | 'JPY';
  const rate = currency === 'JPY' ? await jpyRate(trx) : null;
  const amountKrw = toKrw(change.amount?.trim() ?? String(loi.amount), currency, rate);
  return { amountKrw, tier: change.amount !== undefined ? { docType: 'LOI' as const, amountKrw } : null };
}

/**
 * How an amendment agreeing this change of the LOI must be approved: the LOI's new amount in KRW
 * (the amount of the amendment's approval line) and, when the amount changes, the LOI tier of that
 * amount — the approval an LOI of that amount needs, which the amendment's approval must include.
 */
export async function rateLoiAmendment(trx: Db, loiNo: string, change: LoiAmendment) {
  const loi = await findLoi(trx, loiNo);
  if (!loi) throw loiMissing();
  const { amountKrw, tier } = await agreedAmount(trx, loi, change);
  return { amountKrw, reapproval: tier };
}

/**
 * An executed amendment of the LOI's contract puts the agreed amount or validity in force, in the
 * contract's transaction, by the LOI's own rules: `actor` (the contract's creator) must be the LOI's
 * buyer or a purchasing manager; the LOI must be able to change; a new amount must have been approved
 * at the LOI tier of that amount by the amendment's approval `approvalId` (every approver of that
 * tier approved it; else 409 CONTRACT_CHANGE_NOT_APPROVED). The LOI's next version, its previous values
 * kept in the audit row (the LOI's history, with the reason), the budget ledger moved (a WARN counts as
 * confirmed by that approval). An LOI that cannot take it refuses (409 LOI_NOT_AMENDABLE) and the
 * execution with it.
 */
export async function applyLoiAmendment(
  trx: Db,
  loiNo: string,
  change: LoiAmendment,
  ctx: { reason: string; actor: Actor; approvalId: number | null; today: string },
) {
  const loi = await lockOwnLoi(trx, loiNo, ctx.actor);
  const why = await whyUnamendable(trx, loi, ctx.today);
  if (why) throw refused('LOI_NOT_AMENDABLE', `${why}. 변경계약을 체결할 수 없습니다`, { status: loi.status });
  checkAmendment(loi, change, ctx.today);
  const { tier } = await agreedAmount(trx, loi, change);
  if (tier && !(await approvalCovers(trx, ctx.approvalId, tier)))
    throw refused(
      'CONTRACT_CHANGE_NOT_APPROVED',
      `LOI ${loiNo}의 금액 변경(${wonText(tier.amountKrw)}원)은 LOI 결재가 필요한데 변경계약의 결재에 그 결재자가 모두 포함되지 않았습니다. 변경계약을 취소하고 다시 작성해 결재받으세요`,
      { loiNo, amountKrw: tier.amountKrw },
    );
  const after = {
    ...(change.amount !== undefined ? { amount: change.amount.trim() } : {}),
    ...(change.validUntil !== undefined ? { validUntil: change.validUntil } : {}),
  };
  const version = loi.version + 1;
  // The amendment's ctx holds only the business day; the row's updatedAt is a technical stamp.
  await updateLoi(trx, loiNo, { ...after, version, updatedAt: new Date() });
  await writeAudit(trx, {
    entity: 'loi',
    entityKey: loiNo,
    action: 'CHANGE',
    actor: ctx.actor.userId,
    before: { amount: loi.amount, validUntil: loi.validUntil, version: loi.version },
    after: { ...after, version },
    reason: ctx.reason,
  });
  if (after.amount !== undefined)
    await recordBudgetMovement(trx, {
      event: 'CHANGE',
      docType: 'LOI',
      docNo: loiNo,
      actor: ctx.actor.userId,
      confirmWarning: true,
    });
  return { loiNo, version };
}
