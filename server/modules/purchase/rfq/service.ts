import type { Static } from 'typebox';
import type { Caller } from '../../../auth/plugin.js';
import { groupHoldsScreen } from '../../../auth/menu-authority.js';
import { writeAudit } from '../../../db/audit.js';
import type { Db } from '../../../db/connect.js';
import { nextDocumentNumber } from '../../../db/document-number.js';
import type { SupplierView } from '../../../http/supplier-view.js';
import { internalActor, isPurchasingManager, supplierActor, type Actor } from '../../../domain/actor.js';
import { checkDate, parseDeadline, todayKst } from '../../../domain/dates.js';
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
import { transition } from '../../../domain/machine.js';
import { fitsAmount, lineAmount, totalOf } from '../../../domain/money.js';
import type { ReasonBody } from '../../../domain/schemas.js';
import { UNIT_PRICE, checkDecimal, iso, text } from '../../../domain/values.js';
import { checkSourcingEligibility } from '../../evaluation/eligibility.js';
import { notifyRfqInvitations } from '../../notifications/supplier.js';
import { checkInvitedSuppliers } from '../../suppliers/eligibility.js';
import { findLiveOrderOfRfq } from '../po/queries.js';
import { findPrLineRows, lockPr, updatePrHeader } from '../pr/queries.js';
import { PR_MACHINE } from '../pr/workflow.js';
import { supplierQuestions } from '../rfq-questions/queries.js';
import {
  findOwnQuotation,
  findOwnQuotationLines,
  findOwnQuotationPrices,
  findOwnRfqLineQuantities,
  findQuotationLines,
  findQuotations,
  findRfq,
  findRfqLines,
  insertRfq,
  lapseUnsubmittedQuotations,
  lockOwnQuotationStatus,
  lockOwnQuotationToSubmit,
  lockPrStatus,
  lockQuotations,
  lockRfq,
  lockRfqsPastDeadline,
  replaceOwnQuotationLines,
  updateOwnQuotation,
  updateQuotation,
  updateRfq,
} from './queries.js';
import type { QuotationBody, RfqCreateBody, SelectBody } from './schemas.js';
import { rfqActionsFor } from './summary.js';
import { QUOT_MACHINE, RFQ_MACHINE, lowest, quotationOpen, selectionAllowed } from './workflow.js';
import { assertBindable } from '../../files/owners.js';

const rfqMissing = () => missing('RFQ_NOT_FOUND', '견적요청을 찾을 수 없습니다');

/** One request as purchasing sees it: lines, invited suppliers and their answers, history, its order and the caller's actions. */
/** now: the business clock the deadline is read on (the quotation's submission decides on the same clock). */
async function detail(db: Db, rfqNo: string, actor: Actor, now: Date) {
  const h = await findRfq(db, rfqNo);
  if (!h) throw rfqMissing();
  const [lines, suppliers, attachments, history, po, canWrite, canOrder] = await Promise.all([
    findRfqLines(db, rfqNo),
    findQuotations(db, rfqNo),
    loadAttachments(db, h.fileId),
    loadHistory(db, 'rfq_header', rfqNo),
    findLiveOrderOfRfq(db, rfqNo),
    groupHoldsScreen(db, actor.authGroupId, ['/prConfirmEdit'], 'write'),
    groupHoldsScreen(db, actor.authGroupId, ['/OrderRequestEdit'], 'write'),
  ]);
  const allowed = selectionAllowed(
    h.deadline,
    now,
    suppliers.map((s) => s.status),
  );
  const actions = rfqActionsFor(
    h,
    suppliers.map((s) => s.status),
    { actor, canWrite, canOrder, hasOrder: !!po },
    now,
  );
  return {
    ...h,
    deadline: iso(h.deadline)!,
    deadlinePassed: Date.parse(h.deadline) < now.getTime(),
    selectionAllowed: allowed,
    awardedAt: iso(h.awardedAt),
    createdAt: iso(h.createdAt)!,
    lines,
    suppliers: suppliers.map(({ remark: _r, fileId: _f, ...s }) => s),
    attachments,
    history,
    poNo: po?.poNo ?? null,
    actions,
  };
}

export async function getRfq(db: Db, caller: Caller | null, rfqNo: string, now: Date) {
  return detail(db, rfqNo, await internalActor(db, caller), now);
}

/** Invites trading suppliers to quote on a received PR (its buyer or a purchasing manager); the PR moves to quotation requested. */
export async function createRfq(db: Db, caller: Caller | null, b: Static<typeof RfqCreateBody>, now: Date) {
  const actor = await internalActor(db, caller);
  const errors: FieldError[] = [];
  const deadline = parseDeadline(errors, 'body/deadline', b.deadline, now);
  const suppliers = await checkInvitedSuppliers(db, b.suppliers, errors);
  await assertBindable(db, caller, 'body/fileId', b.fileId, { docType: 'RFQ', docNo: null });
  const rfqNo = await db.transaction().execute(async (trx) => {
    const pr = await lockPr(trx, b.prNo);
    if (!pr) throw missing('PR_NOT_FOUND', '구매요청을 찾을 수 없습니다');
    if (pr.buyerId !== actor.singleid && !isPurchasingManager(actor))
      throw notAllowed('담당 구매자 또는 구매 관리자만 견적을 요청할 수 있습니다');
    checkVersion(b.prVersion, pr.version);
    const prStatus = transition(PR_MACHINE, 'requestQuote', pr.status);
    const prLines = await findPrLineRows(trx, pr.prNo);
    const rfqNo = await nextDocumentNumber(trx, 'RFQ', todayKst(now));
    await checkSourcingEligibility(trx, suppliers, {
      docType: 'RFQ',
      docNo: rfqNo,
      confirmWarning: b.confirmEvaluationWarning,
      actor: actor.userId,
    });
    const header = {
      rfqNo,
      prNo: pr.prNo,
      title: text(b.title) ?? pr.title,
      buyerId: pr.buyerId!,
      currency: pr.currency,
      deadline: deadline!,
      status: 'OPEN' as const,
      description: text(b.description),
      fileId: b.fileId ?? null,
      createdBy: actor.userId,
    };
    await insertRfq(
      trx,
      header,
      prLines.map((l) => ({
        rfqNo,
        lineNo: l.lineNo,
        prLineNo: l.lineNo,
        itemCode: l.itemCode,
        itemName: l.itemName,
        spec: l.spec,
        unitCode: l.unitCode,
        sgCode: l.sgCode,
        quantity: l.quantity,
        deliveryDate: pr.desiredDate,
      })),
      suppliers.map((compNo) => ({ rfqNo, compNo, status: 'REQUESTED' as const, currency: pr.currency })),
    );
    await notifyRfqInvitations(trx, rfqNo, suppliers);
    await updatePrHeader(trx, pr.prNo, { status: prStatus, version: pr.version + 1, updatedAt: now });
    await writeAudit(trx, {
      entity: 'rfq_header',
      entityKey: rfqNo,
      action: 'CREATE',
      actor: actor.userId,
      after: { ...header, suppliers },
    });
    await writeAudit(trx, {
      entity: 'pr_header',
      entityKey: pr.prNo,
      action: 'REQUEST_QUOTE',
      actor: actor.userId,
      before: { status: pr.status },
      after: { status: prStatus, rfqNo, suppliers },
    });
    return rfqNo;
  });
  return detail(db, rfqNo, actor, now);
}

/** The quotations side by side, line by line, the lowest prices marked (internal only). */
export async function compareQuotations(db: Db, rfqNo: string, now: Date) {
  const h = await findRfq(db, rfqNo);
  if (!h) throw rfqMissing();
  const [lines, quotes, qLines] = await Promise.all([
    findRfqLines(db, rfqNo),
    findQuotations(db, rfqNo),
    findQuotationLines(db, rfqNo),
  ]);
  const compared = quotes.map((q) => ({
    compNo: q.compNo,
    status: q.status,
    totalAmount: q.totalAmount,
    lines: qLines.filter((l) => l.compNo === q.compNo),
  }));
  const best = lowest(compared);
  return {
    rfqNo,
    status: h.status,
    currency: h.currency,
    deadline: iso(h.deadline)!,
    deadlinePassed: Date.parse(h.deadline) < now.getTime(),
    selectionAllowed:
      h.status === 'OPEN' &&
      selectionAllowed(
        h.deadline,
        now,
        quotes.map((q) => q.status),
      ),
    version: h.version,
    lowestTotal: best.total,
    suppliers: quotes.map((q) => ({
      ...q,
      checkedAt: undefined,
      lowest: q.totalAmount !== null && best.total !== null && q.totalAmount === best.total,
    })),
    lines: lines.map((l) => {
      const low = best.byLine.get(l.lineNo) ?? null;
      return {
        ...l,
        prLineNo: undefined,
        lowestUnitPrice: low,
        quotes: qLines
          .filter((q) => q.lineNo === l.lineNo)
          .map((q) => ({
            compNo: q.compNo,
            unitPrice: q.unitPrice,
            amount: q.amount,
            remark: q.remark,
            lowest: low !== null && q.unitPrice === low,
          })),
      };
    }),
  };
}

/** Selects one submitted, still valid quotation once bidding is over; the others are not selected. */
export async function selectQuotation(
  db: Db,
  caller: Caller | null,
  rfqNo: string,
  body: Static<typeof SelectBody>,
  now: Date,
) {
  const compNo = body.compNo.trim().toUpperCase();
  const actor = await internalActor(db, caller);
  await db.transaction().execute(async (trx) => {
    const h = await lockRfq(trx, rfqNo);
    if (!h) throw rfqMissing();
    if (h.buyerId !== actor.singleid && !isPurchasingManager(actor))
      throw notAllowed('담당 구매자 또는 구매 관리자만 업체를 선정할 수 있습니다');
    checkVersion(body.version, h.version);
    const status = transition(RFQ_MACHINE, 'select', h.status);
    const quotes = await lockQuotations(trx, rfqNo);
    if (
      !selectionAllowed(
        h.deadline,
        now,
        quotes.map((q) => q.status),
      )
    ) {
      throw refused(
        'RFQ_NOT_CLOSED',
        '견적 마감 전에는 업체를 선정할 수 없습니다 (모든 협력사가 제출했거나 마감일시가 지나야 합니다)',
      );
    }
    const chosen = quotes.find((q) => q.compNo === compNo);
    if (!chosen) failIf([{ path: 'body/compNo', message: `이 견적요청에 초대되지 않은 협력사입니다: ${compNo}` }]);
    if (chosen!.status !== 'SUBMITTED')
      throw wrongState(
        `견적을 제출하지 않은 협력사는 선정할 수 없습니다 (${QUOT_MACHINE.statusLabels[chosen!.status]})`,
        chosen!.status,
      );
    if (chosen!.validUntil && chosen!.validUntil < todayKst(now))
      throw refused('QUOTATION_EXPIRED', `견적 유효기간(${chosen!.validUntil})이 지난 견적은 선정할 수 없습니다`);
    for (const q of quotes) {
      const next =
        q.compNo === compNo
          ? 'SELECTED'
          : QUOT_MACHINE.transitions.notSelect.from.includes(q.status)
            ? 'NOT_SELECTED'
            : q.status;
      if (next === q.status) continue;
      await updateQuotation(trx, rfqNo, q.compNo, { status: next, decidedAt: now, version: q.version + 1 });
    }
    await updateRfq(trx, rfqNo, {
      status,
      selectedCompNo: compNo,
      awardedAt: now,
      version: h.version + 1,
      updatedAt: now,
    });
    await writeAudit(trx, {
      entity: 'rfq_header',
      entityKey: rfqNo,
      action: 'SELECT',
      actor: actor.userId,
      before: { status: h.status },
      after: { status, selectedCompNo: compNo, quoteNo: chosen!.quoteNo, totalAmount: chosen!.totalAmount },
    });
  });
  return detail(db, rfqNo, actor, now);
}

/** Cancels an open request with a reason: its quotations are cancelled and the PR returns to received. */
export async function cancelRfq(
  db: Db,
  caller: Caller | null,
  rfqNo: string,
  body: Static<typeof ReasonBody>,
  now: Date,
) {
  const reason = text(body.reason);
  if (!reason) failIf([{ path: 'body/reason', message: '취소 사유를 입력하세요' }]);
  const actor = await internalActor(db, caller);
  await db.transaction().execute(async (trx) => {
    const h = await lockRfq(trx, rfqNo);
    if (!h) throw rfqMissing();
    if (h.buyerId !== actor.singleid && !isPurchasingManager(actor))
      throw notAllowed('담당 구매자 또는 구매 관리자만 견적요청을 취소할 수 있습니다');
    checkVersion(body.version, h.version);
    const status = transition(RFQ_MACHINE, 'cancel', h.status);
    const pr = await lockPrStatus(trx, h.prNo);
    const prStatus = transition(PR_MACHINE, 'reopen', pr.status);
    const quotes = await lockQuotations(trx, rfqNo);
    for (const q of quotes) {
      if (!QUOT_MACHINE.transitions.cancel.from.includes(q.status)) continue;
      await updateQuotation(trx, rfqNo, q.compNo, { status: 'CANCELLED', decidedAt: now, version: q.version + 1 });
    }
    await updateRfq(trx, rfqNo, { status, cancelReason: reason, version: h.version + 1, updatedAt: now });
    await updatePrHeader(trx, h.prNo, { status: prStatus, version: pr.version + 1, updatedAt: now });
    await writeAudit(trx, {
      entity: 'rfq_header',
      entityKey: rfqNo,
      action: 'CANCEL',
      actor: actor.userId,
      before: { status: h.status },
      after: { status },
      reason,
    });
    await writeAudit(trx, {
      entity: 'pr_header',
      entityKey: h.prNo,
      action: 'RFQ_CANCELLED',
      actor: actor.userId,
      before: { status: pr.status },
      after: { status: prStatus, rfqNo },
      reason,
    });
  });
  return detail(db, rfqNo, actor, now);
}

/* ------------------------------ the supplier's side ------------------------------ */

type OwnQuotation = NonNullable<Awaited<ReturnType<typeof findOwnQuotation>>>;

/** What both supplier views of a request say about it; only the supplier itself (not staff reading) may still quote. */
function ownHeader(own: OwnQuotation, staff: boolean, now: Date) {
  return {
    rfqNo: own.rfqNo,
    compNo: own.compNo,
    compName: own.compName,
    title: own.title,
    rfqStatus: own.rfqStatus,
    status: own.status,
    currency: own.currency,
    deadline: iso(own.deadline)!,
    deadlinePassed: Date.parse(own.deadline) < now.getTime(),
    editable:
      !staff &&
      quotationOpen(own.rfqStatus, own.deadline, now) &&
      QUOT_MACHINE.transitions.submit.from.includes(own.status),
  };
}

/** The supplier's first opening of a request marks its quotation CHECKED (once, audited). */
async function markChecked(db: Db, rfqNo: string, supplier: { userId: string; compNo: string }, now: Date) {
  await db.transaction().execute(async (trx) => {
    const q = await lockOwnQuotationStatus(trx, rfqNo);
    if (!q) throw rfqMissing();
    if (q.status !== 'REQUESTED') return;
    await updateOwnQuotation(trx, rfqNo, {
      status: 'CHECKED',
      checkedAt: now,
      checkedBy: supplier.userId,
      version: q.version + 1,
    });
    await writeAudit(trx, {
      entity: 'quotation',
      entityKey: `${rfqNo}/${supplier.compNo}`,
      action: 'CHECK',
      actor: supplier.userId,
      before: { status: q.status },
      after: { status: 'CHECKED' },
    });
  });
}

/**
 * A request sent to the supplier's company (prCheckEdit); the supplier's first opening marks it
 * checked, a staff member's look (one company's, through the view) changes nothing.
 */
export async function getSupplierRfq(view: SupplierView, caller: Caller | null, rfqNo: string, now: Date) {
  const db = view.db;
  // Only the supplier's own opening is news to the buyer; a staff member's look changes nothing.
  if (!view.staff) await markChecked(db, rfqNo, supplierActor(caller), now);
  const own = await findOwnQuotation(db, rfqNo);
  if (!own) throw rfqMissing();
  const [lines, attachments] = await Promise.all([
    findOwnQuotationLines(db, rfqNo),
    loadAttachments(db, own.rfqFileId),
  ]);
  return {
    ...ownHeader(own, view.staff, now),
    description: own.description,
    buyerName: own.buyerName,
    buyerEmail: own.buyerEmail,
    buyerTelNo: own.buyerTelNo,
    invitedAt: iso(own.invitedAt)!,
    checkedAt: iso(own.checkedAt),
    lines: lines.map((l) => ({
      lineNo: l.lineNo,
      prLineNo: l.prLineNo,
      itemCode: l.itemCode,
      itemName: l.itemName,
      spec: l.spec,
      unitCode: l.unitCode,
      quantity: l.quantity,
      deliveryDate: l.deliveryDate,
    })),
    attachments,
    quoteNo: own.quoteNo,
    version: own.version,
    questions: await supplierQuestions(db, rfqNo),
  };
}

/** The supplier company's quotation for a request: the request's lines with its own prices only. */
async function ownQuotation(db: Db, rfqNo: string, now: Date, staff = false) {
  const own = await findOwnQuotation(db, rfqNo);
  if (!own) throw rfqMissing();
  const [lines, attachments, rfqAttachments] = await Promise.all([
    findOwnQuotationLines(db, rfqNo),
    loadAttachments(db, own.fileId),
    loadAttachments(db, own.rfqFileId),
  ]);
  return {
    ...ownHeader(own, staff, now),
    quoteNo: own.quoteNo,
    totalAmount: own.totalAmount,
    leadTimeDays: own.leadTimeDays,
    validUntil: own.validUntil,
    remark: own.remark,
    fileId: own.fileId,
    revision: own.revision,
    submittedAt: iso(own.submittedAt),
    version: own.version,
    lines: lines.map(({ prLineNo: _p, ...l }) => l),
    attachments,
    rfqAttachments,
  };
}

export async function getSupplierQuotation(view: SupplierView, rfqNo: string, now: Date) {
  return ownQuotation(view.db, rfqNo, now, view.staff);
}

/** Submits or revises the supplier's quotation until the deadline: a unit price for every line, lead time, validity, attachments. */
export async function submitQuotation(
  db: Db,
  caller: Caller | null,
  rfqNo: string,
  b: Static<typeof QuotationBody>,
  now: Date,
) {
  const supplier = supplierActor(caller);
  const errors: FieldError[] = [];
  const today = todayKst(now);
  checkDate(errors, 'body/validUntil', b.validUntil, '견적 유효기간', { required: true, notBefore: today });
  b.lines.forEach((l, i) => checkDecimal(errors, `body/lines/${i}/unitPrice`, l.unitPrice, UNIT_PRICE));
  failIf(errors);
  await assertBindable(db, caller, 'body/fileId', b.fileId, {
    docType: 'QUOTATION',
    docNo: rfqNo,
    compNo: caller?.compNo ?? null,
  });
  await db.transaction().execute(async (trx) => {
    const q = await lockOwnQuotationToSubmit(trx, rfqNo);
    if (!q) throw rfqMissing();
    checkVersion(b.version, q.version);
    const status = transition(QUOT_MACHINE, 'submit', q.status);
    if (q.rfqStatus !== 'OPEN') throw wrongState('마감되었거나 취소된 견적요청에는 견적을 낼 수 없습니다', q.rfqStatus);
    if (!quotationOpen(q.rfqStatus, q.deadline, now))
      throw refused('QUOTATION_CLOSED', '견적 마감일시가 지나 견적을 제출하거나 수정할 수 없습니다', {
        deadline: iso(q.deadline),
      });
    const rfqLines = await findOwnRfqLineQuantities(trx, rfqNo);
    const given = new Map<number, number>();
    b.lines.forEach((l, i) => {
      if (given.has(l.lineNo))
        errors.push({ path: `body/lines/${i}/lineNo`, message: `같은 품목 줄(${l.lineNo})을 두 번 입력했습니다` });
      else if (!rfqLines.some((r) => r.lineNo === l.lineNo))
        errors.push({ path: `body/lines/${i}/lineNo`, message: `견적요청에 없는 품목 줄입니다: ${l.lineNo}` });
      given.set(l.lineNo, i);
    });
    rfqLines.forEach((r) => {
      if (!given.has(r.lineNo)) errors.push({ path: 'body/lines', message: `${r.lineNo}번 품목의 단가를 입력하세요` });
    });
    failIf(errors);
    const lines = rfqLines.map((r) => {
      const input = b.lines[given.get(r.lineNo)!];
      return {
        rfqNo,
        compNo: supplier.compNo,
        lineNo: r.lineNo,
        unitPrice: input.unitPrice.trim(),
        amount: lineAmount(r.quantity, input.unitPrice.trim(), q.currency),
        remark: text(input.remark),
      };
    });
    const total = totalOf(lines.map((l) => l.amount));
    if (!fitsAmount(total)) failIf([{ path: 'body/lines', message: '합계 금액이 너무 큽니다' }]);
    const oldLines = await findOwnQuotationPrices(trx, rfqNo);
    const quoteNo = q.quoteNo ?? (await nextDocumentNumber(trx, 'QT', todayKst(now)));
    const after = {
      status,
      quoteNo,
      totalAmount: total,
      leadTimeDays: b.leadTimeDays,
      validUntil: b.validUntil,
      remark: text(b.remark),
      fileId: b.fileId ?? null,
      revision: q.revision + 1,
    };
    await updateOwnQuotation(trx, rfqNo, {
      ...after,
      submittedAt: now,
      submittedBy: supplier.userId,
      checkedAt: q.checkedAt ?? now,
      version: q.version + 1,
    });
    await replaceOwnQuotationLines(trx, rfqNo, lines);
    await writeAudit(trx, {
      entity: 'quotation',
      entityKey: `${rfqNo}/${supplier.compNo}`,
      action: q.quoteNo ? 'REVISE' : 'SUBMIT',
      actor: supplier.userId,
      before: {
        status: q.status,
        totalAmount: q.totalAmount,
        leadTimeDays: q.leadTimeDays,
        validUntil: q.validUntil,
        lines: oldLines,
      },
      after: { ...after, lines: lines.map(({ lineNo, unitPrice, amount }) => ({ lineNo, unitPrice, amount })) },
    });
  });
  return ownQuotation(db, rfqNo, now);
}

/**
 * Closes open quotation requests whose deadline has passed to quotations: a supplier that had
 * not submitted can no longer (its quotation is marked not selected), and the request records
 * when it closed. The buyer compares and selects as before. Idempotent: a closed request is not
 * touched again. Run by the job rfq.closePastDeadline (../jobs.ts).
 */
export async function closeRfqsPastDeadline(
  db: Db,
  now: Date,
  actor: string,
): Promise<{ closed: string[]; lapsedQuotations: number }> {
  return db.transaction().execute(async (trx) => {
    const due = await lockRfqsPastDeadline(trx, now);
    let lapsedQuotations = 0;
    for (const r of due) {
      const lapsed = await lapseUnsubmittedQuotations(trx, r.rfqNo, now);
      lapsedQuotations += lapsed.length;
      await updateRfq(trx, r.rfqNo, { closedAt: now, version: r.version + 1, updatedAt: now });
      await writeAudit(trx, {
        entity: 'rfq_header',
        entityKey: r.rfqNo,
        action: 'DEADLINE_CLOSED',
        actor,
        after: { closedAt: now.toISOString(), notSubmitted: lapsed.map((q) => q.compNo) },
      });
    }
    await writeAudit(trx, {
      entity: 'job_run',
      entityKey: 'rfq.closePastDeadline',
      action: 'RUN',
      actor,
      after: { at: now.toISOString(), closed: due.map((r) => r.rfqNo), lapsedQuotations },
    });
    return { closed: due.map((r) => r.rfqNo), lapsedQuotations };
  });
}
