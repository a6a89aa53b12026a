import { recordBudgetMovement } from '../../budget/consumption/index.js';
import { withDueDates } from '../coordination/orders.js';
import type { Static } from 'typebox';
import { compareDecimals } from '../../../../lib/money.js';
import type { Caller } from '../../../auth/plugin.js';
import { groupHoldsScreen } from '../../../auth/menu-authority.js';
import { writeAudit } from '../../../db/audit.js';
import type { Db } from '../../../db/connect.js';
import { nextDocumentNumber } from '../../../db/document-number.js';
import type { SupplierView } from '../../../http/supplier-view.js';
import { withdrawApproval } from '../approval/queries.js';
import { submitForApproval } from '../shared/submit.js';
import { internalActor, isPurchasingManager, supplierActor, type Actor } from '../../../domain/actor.js';
import {
  checkVersion,
  failIf,
  invalid,
  missing,
  notAllowed,
  refused,
  wrongState,
  type FieldError,
} from '../../../domain/errors.js';
import { jpyRate, lineAmount, simpleOrderLimit, toKrw, totalOf, wonText } from '../../../domain/money.js';
import { transition } from '../../../domain/machine.js';
import { checkDate, todayKst } from '../../../domain/dates.js';
import { iso, requireText, text } from '../../../domain/values.js';
import type { ReasonBody, VersionBody } from '../../../domain/schemas.js';
import { assertSuppliersEligible } from '../../suppliers/eligibility.js';
import { checkSourcingEligibility } from '../../evaluation/eligibility.js';
import { notifyPoSent } from '../../notifications/supplier.js';
import { PR_MACHINE } from '../pr/workflow.js';
import { findPrLines, updatePrHeader } from '../pr/queries.js';
import { lockRfq } from '../rfq/queries.js';
import { RFQ_MACHINE } from '../rfq/workflow.js';
import {
  findForwardCompanies,
  findLiveOrderOfRfq,
  findLoiToLink,
  findPoDetail,
  findPoLineDates,
  findQuotation,
  findQuotedPrices,
  findRfqLines,
  findSupplierPoDetail,
  hasDeliveries,
  insertPo,
  insertPoChanges,
  lockPo,
  lockPoForSupplier,
  lockPrToOrder,
  nextChangeSeq,
  updatePoHeader,
  updatePoLine,
  findCallOffLinesOfPo,
  lockCurrentRevisionForSupplier,
  lockProposedRevision,
  updateRevision,
} from './queries.js';
import type { ForwardYnBody, PoChangeBody, PoCreateBody, PoUpdateBody } from './schemas.js';
import { approvalState, numbered } from '../approval/state.js';
import { PO_MACHINE, poActionsFor, withinApproval } from './workflow.js';
import { assertBindable } from '../../files/owners.js';
import { applyAgreementConsumption, giveBack } from '../agreement/consumption.js';
import { contractGateRefusal, subconActions } from './subcon.js';
import { findWrittenContract } from './queries-subcon.js';
import { applyAgreedChange, changePo as changeOrder, rateAgreedChange, revisionViews } from './change-order.js';
import { consumeCallOffs, exceptionText } from './call-off-lines.js';
export { createAwardedPo } from './awarded-order.js';

export const PO_SCREENS = { list: '/OrderRequestList', edit: '/OrderRequestEdit' } as const;
export const SIMPLE_SCREENS = { list: '/SimpleOrderList', edit: '/SimpleOrderEdit' } as const;
export const PO_CHANGE_SCREEN = '/portal/poChange/poChangeInfo';

export const poMissing = () => missing('PO_NOT_FOUND', '발주를 찾을 수 없습니다');

/** The screen that edits an order of this type. */
const editScreenOf = (poType: string) => (poType === 'SIMPLE' ? SIMPLE_SCREENS.edit : PO_SCREENS.edit);

/** The order's agreement exception and, while a change is proposed, the one the proposal carries. */
function withProposedException(
  own: string | null,
  revisions: ReadonlyArray<{ status: string; agreementException?: string | null }>,
) {
  const proposed = revisions.find((r) => r.status === 'PROPOSED')?.agreementException ?? null;
  return [own, proposed].filter(Boolean).join(' / ') || null;
}

/** One order as staff see it: header, lines, attachments, approvals, history, changes and the caller's actions. */
export async function poDetail(db: Db, poNo: string, actor: Actor, expectType?: 'PO' | 'SIMPLE') {
  // The order and everything its detail shows in one statement (its change orders' approvals too).
  const found = await findPoDetail(db, poNo);
  const h = found?.header;
  if (!found || !h || (expectType && h.poType !== expectType)) throw poMissing();
  const { lines, attachments, approvals, history, changes } = found;
  const revisions = revisionViews(found.revisions, { supplier: false });
  const canWrite = await groupHoldsScreen(db, actor.authGroupId, [editScreenOf(h.poType)], 'write');
  const delivered = lines.some((l) => Number(l.deliveredQty) > 0);
  const { approvalId: _a, buyerEmail: _e, buyerTelNo: _t, ...header } = h;
  const { isCurrentApprover, ...approvalFields } = approvalState(approvals, actor.singleid);
  const writtenContract = h.subconKind ? await findWrittenContract(db, poNo) : null;
  return {
    ...header,
    forwardedAt: iso(h.forwardedAt),
    acknowledgedAt: iso(h.acknowledgedAt),
    createdAt: iso(h.createdAt)!,
    updatedAt: iso(h.updatedAt)!,
    // The approvers of a proposed change see what it goes beyond its agreement beside the order's own.
    agreementException: withProposedException(h.agreementException, revisions),
    // A call-off names its agreement on the order itself (each line keeps its own agreement line).
    agreementNo: lines.find((l) => l.agreementNo)?.agreementNo ?? null,
    writtenContract,
    coordinations: withDueDates(found.coordinations),
    lines,
    attachments,
    approvals,
    history: numbered(history),
    changes,
    revisions,
    ...approvalFields,
    actions: [
      ...poActionsFor(
        h.status,
        { isBuyer: h.buyerId === actor.singleid, isManager: isPurchasingManager(actor), canWrite },
        { delivered },
      ),
      ...(isCurrentApprover ? ['approve', 'reject'] : []),
      ...subconActions(h, writtenContract, {
        mayAct: canWrite && (h.buyerId === actor.singleid || isPurchasingManager(actor)),
      }),
    ],
  };
}

/** The order locked for a change by its buyer (or a purchasing manager) holding write on its edit screen. */
async function lockOrder(trx: Db, poNo: string, actor: Actor) {
  const po = await lockPo(trx, poNo);
  if (!po) throw poMissing();
  if (!(await groupHoldsScreen(trx, actor.authGroupId, [editScreenOf(po.poType)], 'write')))
    throw notAllowed('이 유형의 발주를 처리할 권한이 없습니다');
  if (po.buyerId !== actor.singleid && !isPurchasingManager(actor))
    throw notAllowed('담당 구매자 또는 구매 관리자만 발주를 처리할 수 있습니다');
  return po;
}

const overApproval = (approved: string) =>
  invalid('PO_OVER_APPROVAL', `결재받은 금액(${wonText(approved)})을 넘을 수 없습니다. 취소 후 다시 발주하세요`, [
    { path: 'body/lines', message: `결재 금액 ${wonText(approved)} 초과` },
  ]);

export async function getPo(db: Db, caller: Caller | null, poNo: string) {
  return poDetail(db, poNo, await internalActor(db, caller));
}

/**
 * A draft PO from an awarded quotation request: the selected supplier, the request's quantities at
 * the quotation's prices; the PR becomes ordered. A PR line that names an agreement line is ordered
 * against it as a call-off line is: the line carries the agreement line, its price must be the agreed
 * one, and the agreement is checked and consumed in this transaction (agreement/consumption.ts), on
 * the business day of `now`.
 */
export async function createPo(db: Db, caller: Caller | null, b: Static<typeof PoCreateBody>, now: Date) {
  const actor = await internalActor(db, caller);
  const today = todayKst(now);
  const errors: FieldError[] = [];
  checkDate(errors, 'body/dueDate', b.dueDate, '납기일', { required: true, notBefore: today });
  (b.lines ?? []).forEach((l, i) =>
    checkDate(errors, `body/lines/${i}/deliveryDate`, l.deliveryDate, '품목 납기일', {
      required: true,
      notBefore: today,
    }),
  );
  failIf(errors);
  await assertBindable(db, caller, 'body/fileId', b.fileId, { docType: 'PO', docNo: null });
  const poNo = await db.transaction().execute(async (trx) => {
    const rfq = await lockRfq(trx, b.rfqNo);
    if (!rfq) throw missing('RFQ_NOT_FOUND', '견적요청을 찾을 수 없습니다');
    if (rfq.buyerId !== actor.singleid && !isPurchasingManager(actor))
      throw notAllowed('담당 구매자 또는 구매 관리자만 발주를 만들 수 있습니다');
    checkVersion(b.rfqVersion, rfq.version);
    transition(RFQ_MACHINE, 'order', rfq.status);
    const existing = await findLiveOrderOfRfq(trx, rfq.rfqNo);
    if (existing)
      throw refused('PO_EXISTS', `이 견적요청으로 만든 발주가 이미 있습니다: ${existing.poNo}`, {
        poNo: existing.poNo,
      });
    const compNo = rfq.selectedCompNo!;
    await assertSuppliersEligible(trx, [compNo], 'order', 'body/rfqNo');
    const quote = await findQuotation(trx, rfq.rfqNo, compNo);
    let loiNo: string | null = null;
    if (text(b.loiNo)) {
      const loi = await findLoiToLink(trx, b.loiNo!.trim());
      if (!loi) failIf([{ path: 'body/loiNo', message: 'LOI를 찾을 수 없습니다' }]);
      if (loi!.compNo !== compNo) failIf([{ path: 'body/loiNo', message: '선정된 협력사의 LOI가 아닙니다' }]);
      if (loi!.status !== 'ACCEPTED')
        failIf([{ path: 'body/loiNo', message: '협력사가 수락한 LOI만 연결할 수 있습니다' }]);
      loiNo = loi!.loiNo;
    }
    const rfqLines = await findRfqLines(trx, rfq.rfqNo);
    const prices = await findQuotedPrices(trx, rfq.rfqNo, compNo);
    const dates = new Map((b.lines ?? []).map((l) => [l.lineNo, l.deliveryDate]));
    (b.lines ?? []).forEach((l, i) => {
      if (!rfqLines.some((r) => r.lineNo === l.lineNo))
        errors.push({ path: `body/lines/${i}/lineNo`, message: `견적요청에 없는 품목 줄입니다: ${l.lineNo}` });
    });
    failIf(errors);
    const poNo = await nextDocumentNumber(trx, 'PO', todayKst(now));
    await checkSourcingEligibility(trx, [compNo], {
      docType: 'PO',
      docNo: poNo,
      confirmWarning: b.confirmEvaluationWarning,
      actor: actor.userId,
    });
    // The PR lines' agreement lines are fixed once the PR was received; read before any lock.
    const named = new Map((await findPrLines(trx, rfq.prNo)).map((l) => [l.lineNo, l]));
    const lines = rfqLines.map((r) => {
      const unitPrice = prices.get(r.lineNo) ?? '0';
      const pl = named.get(r.prLineNo);
      return {
        poNo,
        lineNo: r.lineNo,
        itemCode: r.itemCode,
        itemName: r.itemName,
        spec: r.spec,
        unitCode: r.unitCode,
        sgCode: r.sgCode,
        quantity: r.quantity,
        unitPrice,
        amount: lineAmount(r.quantity, unitPrice, rfq.currency),
        deliveryDate: dates.get(r.lineNo) ?? b.dueDate,
        prLineNo: r.prLineNo,
        agreementNo: pl?.agreementNo ?? null,
        agreementLineNo: pl?.agreementNo ? pl.agreementLineNo : null,
      };
    });
    // Lines from an agreement consume it as a call-off does; the agreements lock before the PR.
    const callOffs = lines.filter((l) => l.agreementNo);
    const accepted = await consumeCallOffs(trx, lines, todayKst(now), compNo);
    const pr = await lockPrToOrder(trx, rfq.prNo);
    const prStatus = pr.status === 'ORDERED' ? pr.status : transition(PR_MACHINE, 'order', pr.status);
    const header = {
      poNo,
      poType: 'PO' as const,
      compNo,
      section: pr.section,
      deptcd: pr.deptcd,
      buyerId: rfq.buyerId,
      requesterId: pr.requesterId,
      prNo: pr.prNo,
      rfqNo: rfq.rfqNo,
      quoteNo: quote.quoteNo,
      loiNo,
      title: text(b.title) ?? rfq.title,
      currency: rfq.currency,
      totalAmount: totalOf(lines.map((l) => l.amount)),
      status: 'DRAFT',
      poDate: today,
      dueDate: b.dueDate,
      remark: text(b.remark),
      fileId: b.fileId ?? null,
      agreementException: exceptionText(accepted),
      createdBy: actor.userId,
    };
    await insertPo(trx, header, lines);
    if (prStatus !== pr.status)
      await updatePrHeader(trx, pr.prNo, { status: prStatus, version: pr.version + 1, updatedAt: now });
    await writeAudit(trx, {
      entity: 'po_header',
      entityKey: poNo,
      action: 'CREATE',
      actor: actor.userId,
      after: { ...header, lines },
    });
    if (prStatus !== pr.status)
      await writeAudit(trx, {
        entity: 'pr_header',
        entityKey: pr.prNo,
        action: 'ORDER',
        actor: actor.userId,
        before: { status: pr.status },
        after: { status: prStatus, poNo },
      });
    for (const agreementNo of [...new Set(callOffs.map((l) => l.agreementNo!))].sort())
      await writeAudit(trx, {
        entity: 'agreement',
        entityKey: agreementNo,
        action: 'CALL_OFF',
        actor: actor.userId,
        after: {
          poNo,
          prNo: pr.prNo,
          lines: callOffs
            .filter((l) => l.agreementNo === agreementNo)
            .map((l) => ({ agreementLineNo: l.agreementLineNo, quantity: l.quantity, amount: l.amount })),
        },
      });
    // The PR's pre-commitment becomes this order's commitment.
    await recordBudgetMovement(trx, {
      event: 'ORDER',
      docType: 'PO',
      docNo: poNo,
      actor: actor.userId,
      confirmWarning: b.confirmBudgetWarning,
    });
    return poNo;
  });
  return poDetail(db, poNo, actor);
}

/** A draft PO's title, due and delivery dates, remark and attachments (prices and quantities come from the quotation). */
export async function updatePo(db: Db, caller: Caller | null, poNo: string, b: Static<typeof PoUpdateBody>, now: Date) {
  const actor = await internalActor(db, caller);
  const today = todayKst(now);
  const errors: FieldError[] = [];
  requireText(errors, 'body/title', b.title, '제목');
  checkDate(errors, 'body/dueDate', b.dueDate, '납기일', { required: true, notBefore: today });
  (b.lines ?? []).forEach((l, i) =>
    checkDate(errors, `body/lines/${i}/deliveryDate`, l.deliveryDate, '품목 납기일', {
      required: true,
      notBefore: today,
    }),
  );
  failIf(errors);
  await assertBindable(db, caller, 'body/fileId', b.fileId, { docType: 'PO', docNo: poNo });
  await db.transaction().execute(async (trx) => {
    const po = await lockOrder(trx, poNo, actor);
    if (po.poType !== 'PO') throw poMissing();
    checkVersion(b.version, po.version);
    transition(PO_MACHINE, 'update', po.status);
    const lines = await findPoLineDates(trx, poNo);
    (b.lines ?? []).forEach((l, i) => {
      if (!lines.some((x) => x.lineNo === l.lineNo))
        errors.push({ path: `body/lines/${i}/lineNo`, message: `발주에 없는 품목 줄입니다: ${l.lineNo}` });
    });
    failIf(errors);
    const after = {
      title: b.title.trim(),
      dueDate: b.dueDate,
      remark: b.remark === undefined ? po.remark : text(b.remark),
      fileId: b.fileId === undefined ? po.fileId : b.fileId,
    };
    await updatePoHeader(trx, poNo, { ...after, version: po.version + 1, updatedAt: now });
    for (const l of b.lines ?? []) await updatePoLine(trx, poNo, l.lineNo, { deliveryDate: l.deliveryDate });
    await writeAudit(trx, {
      entity: 'po_header',
      entityKey: poNo,
      action: 'UPDATE',
      actor: actor.userId,
      before: { title: po.title, dueDate: po.dueDate, remark: po.remark, fileId: po.fileId, lines },
      after: { ...after, lines: b.lines ?? [] },
    });
  });
  return poDetail(db, poNo, actor);
}

/** Submits a draft order (PO or simple) for approval by its type's rule for the amount in KRW; a simple order must stay below its limit. */
export async function submitPo(
  db: Db,
  caller: Caller | null,
  poNo: string,
  body: Static<typeof VersionBody>,
  now: Date,
) {
  const actor = await internalActor(db, caller);
  const [rate, limit] = await Promise.all([jpyRate(db), simpleOrderLimit(db)]);
  await db.transaction().execute(async (trx) => {
    const po = await lockOrder(trx, poNo, actor);
    checkVersion(body.version, po.version);
    const status = transition(PO_MACHINE, 'submit', po.status);
    if (po.dueDate && po.dueDate < todayKst(now))
      failIf([{ path: 'body', message: '납기일이 지났습니다. 납기일을 고친 뒤 상신하세요' }]);
    const amountKrw = toKrw(po.totalAmount, po.currency, rate);
    if (po.poType === 'SIMPLE' && compareDecimals(amountKrw, limit) >= 0) {
      throw invalid(
        'SIMPLE_ORDER_OVER_LIMIT',
        `소액발주는 ${wonText(limit)}원 미만이어야 합니다 (현재 ${wonText(amountKrw)}원)`,
      );
    }
    await submitForApproval(
      trx,
      {
        entity: 'po_header',
        docType: po.poType,
        docNo: poNo,
        status: po.status,
        nextStatus: status,
        version: po.version,
        amountKrw,
      },
      actor,
      now,
      (values) => updatePoHeader(trx, poNo, values),
    );
  });
  return poDetail(db, poNo, actor);
}

/** Sends an approved order to its supplier (FORWARD_YN=N suppliers; FORWARD_YN=Y orders are sent on approval). */
export async function sendPo(
  db: Db,
  caller: Caller | null,
  poNo: string,
  body: Static<typeof VersionBody>,
  /** The business clock: the order's sent / acknowledged moment. */
  now: Date,
) {
  const actor = await internalActor(db, caller);
  await db.transaction().execute(async (trx) => {
    const po = await lockOrder(trx, poNo, actor);
    checkVersion(body.version, po.version);
    const status = transition(PO_MACHINE, 'send', po.status);
    if (!withinApproval(po.totalAmount, po.approvedAmount)) throw overApproval(po.approvedAmount!);
    const gate = await contractGateRefusal(trx, po);
    if (gate) throw gate;
    await updatePoHeader(trx, poNo, {
      status,
      forwardedAt: now,
      sentBy: actor.userId,
      version: po.version + 1,
      updatedAt: now,
    });
    await writeAudit(trx, {
      entity: 'po_header',
      entityKey: poNo,
      action: 'SENT',
      actor: actor.userId,
      before: { status: po.status },
      after: { status, forwardedAt: now.toISOString() },
    });
    await notifyPoSent(trx, poNo);
  });
  return poDetail(db, poNo, actor);
}

/**
 * Changes a sent order with a reason (change-order.ts): revision n+1 at once, or proposed for
 * approval when the change crosses the re-approval rule; the supplier acknowledges the new revision.
 */
export async function changePo(db: Db, caller: Caller | null, poNo: string, b: Static<typeof PoChangeBody>, now: Date) {
  const actor = await internalActor(db, caller);
  const { outcome, revision } = await changeOrder(db, caller, poNo, b, lockOrder, now);
  return { ...(await poDetail(db, poNo, actor)), changeOutcome: outcome, changeRevision: revision };
}

/* ------------------- the order's contract (server/modules/contracts) ------------------- */

/**
 * A contract naming this order, or its amendment, is made (and executed) only by someone who may
 * change the order: the check of the order's own change route (`lockOrder`), in the caller's
 * transaction. 404 PO_NOT_FOUND, 403 NOT_ALLOWED as changePo answers.
 */
export async function assertMayChangePo(trx: Db, poNo: string, actor: Actor): Promise<void> {
  await lockOrder(trx, poNo, actor);
}

/**
 * How an amendment agreeing this change of the order must be approved (change-order.ts
 * rateAgreedChange): the order's new total in KRW, and the PO_CHANGE tier when the re-approval rule
 * asks for one. Checked as the change path checks it (lines, quantity floor, simple-order limit).
 */
export function rateContractAmendment(
  trx: Db,
  poNo: string,
  change: Pick<Static<typeof PoChangeBody>, 'dueDate' | 'lines'>,
  now: Date,
) {
  return rateAgreedChange(trx, poNo, change, now);
}

/**
 * An executed amendment (변경계약) of the order's electronic contract puts the change it agreed in
 * force, in the contract's transaction, through the order's change path on the authority of
 * `actor` (the contract's creator) and as far as the amendment's approval `approvalId` covers it
 * (change-order.ts applyAgreedChange).
 */
export function applyContractAmendment(
  trx: Db,
  poNo: string,
  change: Pick<Static<typeof PoChangeBody>, 'dueDate' | 'lines'>,
  ctx: { reason: string; actor: Actor; approvalId: number | null; now: Date },
) {
  return applyAgreedChange(trx, poNo, change, { ...ctx, lockOrder });
}

/** Cancels an order nothing of which was delivered, with a reason (an open approval is withdrawn; a sent order's cancellation is recorded in poChangeInfo). */
export async function cancelPo(
  db: Db,
  caller: Caller | null,
  poNo: string,
  body: Static<typeof ReasonBody>,
  now: Date,
) {
  const reason = text(body.reason);
  if (!reason) failIf([{ path: 'body/reason', message: '취소 사유를 입력하세요' }]);
  const actor = await internalActor(db, caller);
  await db.transaction().execute(async (trx) => {
    const po = await lockOrder(trx, poNo, actor);
    checkVersion(body.version, po.version);
    const status = transition(PO_MACHINE, 'cancel', po.status);
    if (await hasDeliveries(trx, poNo)) throw refused('PO_DELIVERED', '납품이 시작된 발주는 취소할 수 없습니다');
    // A cancelled call-off gives its quantities back to the agreement.
    const callOffs = await findCallOffLinesOfPo(trx, poNo);
    if (callOffs.length) await applyAgreementConsumption(trx, { release: callOffs.map(giveBack) }, todayKst(now));
    const withdrawn = po.status === 'IN_APPROVAL';
    if (withdrawn) await withdrawApproval(trx, po.approvalId, actor.userId, now);
    // A change waiting for approval goes with the order.
    const proposal = await lockProposedRevision(trx, poNo);
    if (proposal) {
      await withdrawApproval(trx, proposal.approvalId, actor.userId, now);
      await updateRevision(trx, poNo, proposal.revision, { status: 'WITHDRAWN', approvalStatus: 'WITHDRAWN' });
    }
    await updatePoHeader(trx, poNo, {
      status,
      cancelReason: reason,
      // The transaction ends here: a 하도급 order's retention counts from this day (subcon.ts deletePo).
      endedOn: todayKst(now),
      ...(withdrawn ? { approvalStatus: 'WITHDRAWN' } : {}),
      version: po.version + 1,
      updatedAt: now,
    });
    if (po.forwardedAt) {
      const changeSeq = await nextChangeSeq(trx, poNo);
      await insertPoChanges(trx, [
        {
          poNo,
          changeSeq,
          field: 'status',
          lineNo: null,
          beforeValue: po.status,
          afterValue: status,
          reason: reason!,
          changedBy: actor.userId,
          changedAt: now,
        },
      ]);
    }
    await writeAudit(trx, {
      entity: 'po_header',
      entityKey: poNo,
      action: 'CANCEL',
      actor: actor.userId,
      before: { status: po.status },
      after: { status },
      reason,
    });
    await recordBudgetMovement(trx, { event: 'CANCEL', docType: 'PO', docNo: poNo, actor: actor.userId });
  });
  return poDetail(db, poNo, actor);
}

/** Spec §7 getForwardYn: FORWARD_YN of each company named (unknown ones left out), under the spec's upper-case names. */
export async function forwardYnOf(db: Db, body: Static<typeof ForwardYnBody>) {
  const wanted = [...new Set(body.params.map((p) => p.trim().toUpperCase()).filter(Boolean))];
  const rows = wanted.length ? await findForwardCompanies(db, wanted) : [];
  const byNo = new Map(rows.map((r) => [r.compNo, r]));
  // CamelCasePlugin renames SQL aliases, so the spec's upper-case names are made here.
  const resultData = wanted
    .filter((c) => byNo.has(c))
    .map((c) => {
      const r = byNo.get(c)!;
      return { COMP_NO: r.compNo, COMP_NAME_KR: r.compNameKr, TAX_NO_2: r.taxNo2, FORWARD_YN: r.forwardYn };
    });
  return { success: true, resultData };
}

/* ------------------------------ the supplier's side ------------------------------ */

/** One order as its supplier sees it (db scoped to the company); staff reading it get no actions. */
async function supplierPoDetail(db: Db, poNo: string, staff = false) {
  // The order and what its supplier sees of it in one statement (in the supplier's one transaction).
  const found = await findSupplierPoDetail(db, poNo);
  if (!found) throw poMissing();
  const { header: h, lines, attachments, changes } = found;
  const revisions = revisionViews(found.revisions, { supplier: true });
  const current = revisions.find((r) => r.status === 'CURRENT');
  // A revision of an order already partly delivered keeps its status: it is acknowledged by itself.
  const revisionAcknowledged = !current || current.acknowledgedAt !== null || h.status === 'ACKNOWLEDGED';
  const mayAcknowledge = h.status === 'SENT' || (h.status === 'PARTLY_DELIVERED' && !revisionAcknowledged);
  return {
    poNo: h.poNo,
    poType: h.poType,
    poDate: h.poDate,
    title: h.title,
    status: h.status,
    compNo: h.compNo,
    compNameKr: h.compNameKr,
    currency: h.currency,
    totalAmount: h.totalAmount,
    dueDate: h.dueDate,
    forwardedAt: iso(h.forwardedAt),
    acknowledgedAt: iso(h.acknowledgedAt),
    cancelReason: h.cancelReason,
    remark: h.remark,
    quoteNo: h.quoteNo,
    loiNo: h.loiNo,
    buyerName: h.buyerName,
    buyerEmail: h.buyerEmail,
    buyerTelNo: h.buyerTelNo,
    deptnm: h.deptnm,
    version: h.version,
    revision: current?.revision ?? 1,
    revisionAcknowledged,
    revisions,
    lines,
    attachments,
    changes,
    subconKind: h.subconKind,
    coordinations: withDueDates(found.coordinations),
    actions: mayAcknowledge && !staff ? ['acknowledge'] : [],
  };
}

/** A sent order read through the supplier view: a supplier its own company's, staff any supplier's (without actions). */
export async function getSupplierPo(view: SupplierView, poNo: string) {
  return supplierPoDetail(view.db, poNo, view.staff);
}

/** The supplier acknowledges a sent order (once; a changed order is acknowledged again). */
export async function acknowledgePo(
  db: Db,
  caller: Caller | null,
  poNo: string,
  body: Static<typeof VersionBody>,
  /** The business clock: the order's sent / acknowledged moment. */
  now: Date,
) {
  const supplier = supplierActor(caller);
  await db.transaction().execute(async (trx) => {
    const po = await lockPoForSupplier(trx, poNo);
    if (
      !po ||
      po.forwardedAt === null ||
      !['SENT', 'ACKNOWLEDGED', 'PARTLY_DELIVERED', 'DELIVERED', 'CLOSED', 'CANCELLED'].includes(po.status)
    )
      throw poMissing();
    checkVersion(body.version, po.version);
    if (po.status === 'ACKNOWLEDGED') throw wrongState('이미 확인한 발주입니다', po.status);
    const current = await lockCurrentRevisionForSupplier(trx, poNo);
    // A changed order partly delivered: its new revision is acknowledged, its status stays.
    const revisionOnly = po.status === 'PARTLY_DELIVERED' && current && current.acknowledgedAt === null;
    const status = revisionOnly ? po.status : transition(PO_MACHINE, 'acknowledge', po.status);
    await updatePoHeader(trx, poNo, {
      status,
      acknowledgedAt: now,
      acknowledgedBy: supplier.userId,
      version: po.version + 1,
      updatedAt: now,
    });
    if (current && current.acknowledgedAt === null)
      await updateRevision(trx, poNo, current.revision, { acknowledgedAt: now, acknowledgedBy: supplier.userId });
    await writeAudit(trx, {
      entity: 'po_header',
      entityKey: poNo,
      action: 'ACKNOWLEDGE',
      actor: supplier.userId,
      before: { status: po.status },
      after: { status, revision: current?.revision ?? 1 },
    });
  });
  return supplierPoDetail(db, poNo);
}
