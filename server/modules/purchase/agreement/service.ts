import type { Static } from 'typebox';
import type { Caller } from '../../../auth/plugin.js';
import { groupHoldsScreen } from '../../../auth/menu-authority.js';
import { writeAudit } from '../../../db/audit.js';
import type { Db } from '../../../db/connect.js';
import { nextDocumentNumber } from '../../../db/document-number.js';
import type { SupplierView } from '../../../http/supplier-view.js';
import { internalActor, isPurchasingManager, type Actor } from '../../../domain/actor.js';
import { loadHistory } from '../../../domain/documents.js';
import { checkVersion, failIf, notAllowed, refused, staleVersion, type FieldError } from '../../../domain/errors.js';
import { jpyRate, lineAmount, toKrw, totalOf } from '../../../domain/money.js';
import { compareDecimals, sumDecimals } from '../../../../lib/money.js';
import { transition } from '../../../domain/machine.js';
import { checkDate, todayKst } from '../../../domain/dates.js';
import { AMOUNT, QUANTITY, UNIT_PRICE, checkDecimal, iso, requireText, text } from '../../../domain/values.js';
import type { ReasonBody, VersionBody } from '../../../domain/schemas.js';
import { assertSuppliersEligible } from '../../suppliers/eligibility.js';
import { loadApprovals, withdrawApproval } from '../approval/queries.js';
import { submitForApproval } from '../shared/submit.js';
import { approvalState, numbered } from '../approval/state.js';
import type { Outcome } from '../approval/outcome-handlers.js';
import { CALL_OFF_PR_STATUSES } from '../pr/workflow.js';
import { findPrLines } from '../pr/queries.js';
import { assertPrVisible } from '../pr/service.js';
import { findQuotedPrices, findRfqLines } from '../po/queries.js';
import { lockRfq } from '../rfq/queries.js';
import { findSupplier } from '../simple-order/queries.js';
import { agreementMissing } from './consumption.js';
import {
  deleteAgreementRows,
  findAgreement,
  findAgreementLines,
  findAwardOrders,
  findCallOffs,
  findEmployeeDept,
  findItemForAgreement,
  findOrderForAgreement,
  findOrderLinesForAgreement,
  findOrderedOfPrLines,
  findAgreementProposals,
  insertAgreement,
  lockAgreement,
  lockAgreementForApproval,
  lockLapsedAgreements,
  replaceAgreementLines,
  unitExists,
  updateAgreement,
} from './queries.js';
import { agreementSubconKind, linkageFields, linkageSubmitErrors } from './linkage.js';
import { linkageProposalFields } from './linkage-proposals.js';
import { moveAgreementLinkage } from './queries-linkage.js';
import type { AgreementBody, AgreementDetailQuery, AwardAgreementBody } from './schemas.js';
import { withPrices } from './prices.js';
import { priceHistoryOf } from './price-history.js';
import { insertOriginalPrices } from './queries-prices.js';
import {
  AGREEMENT_SCREENS,
  AGREEMENT_MACHINE,
  SUPPLIER_VISIBLE_AGREEMENT,
  agreementActionsFor,
  effectiveAgreementStatus,
  minus,
  remainingOf,
} from './workflow.js';
export { callOffAgreement } from './call-off.js';

export { AGREEMENT_SCREENS };
export const CYBER_AGREEMENT_SCREENS = ['/CyberAgreementList', '/CyberAgreementEdit'];

/** The agreement locked for a change by its buyer (or a purchasing manager) holding write on its edit screen. */
export async function lockOwnAgreement(trx: Db, agreementNo: string, actor: Actor) {
  const a = await lockAgreement(trx, agreementNo);
  if (!a) throw agreementMissing();
  if (a.buyerId !== actor.singleid && !isPurchasingManager(actor))
    throw notAllowed('담당 구매자 또는 구매 관리자만 단가계약을 처리할 수 있습니다');
  return a;
}

/** Lines with what is left of each: remaining = agreed − ordered (null where no quantity was agreed). */
async function linesWithRemaining(db: Db, agreementNo: string) {
  const lines = (await findAgreementLines(db, agreementNo)).map((l) => ({
    ...l,
    remainingQty: remainingOf(l.agreedQty, l.orderedQty),
  }));
  return withPrices(db, agreementNo, lines);
}

interface CallOffLine {
  agreementLineNo: number;
  itemCode: string | null;
  itemName: string;
  spec: string | null;
  unitCode: string;
  unitPrice: string;
  agreedQty: string | null;
  orderedQty: string;
  remainingQty: string | null;
  prLineNo: number | null;
  prQuantity: string | null;
  prOrderedQty: string | null;
  prRemainingQty: string | null;
}

/** A PR line naming no agreement, proposed for one of the agreement's lines (getAgreementProposals). */
interface Proposed {
  prLineNo: number;
  agreementLineNo: number;
}

/**
 * The rows of the call-off dialog: each agreement line with what remains of it; with a PR to order
 * under the agreement, one row per PR line that names the agreement line and still has something
 * to order — its number, its quantity, what the PR's live orders (cancelled ones give back) already
 * ordered of it and the rest, which the dialog fills in. Two PR lines of one agreement line are two
 * rows. An agreement line no such PR line names is one row without a PR line (fully ordered PR
 * lines are not offered again). A PR line naming none that was proposed for an agreement line of
 * its own master item is a row of that line as if it named it.
 */
async function callOffLinesOf(
  db: Db,
  agreementNo: string,
  lines: Awaited<ReturnType<typeof linesWithRemaining>>,
  prNo: string | null,
  proposed: Proposed | null = null,
) {
  const prLines = prNo ? await findPrLines(db, prNo) : [];
  const ordered = prNo ? await findOrderedOfPrLines(db, prNo) : new Map<number, string>();
  const plain = { prLineNo: null, prQuantity: null, prOrderedQty: null, prRemainingQty: null };
  const rows = lines.flatMap((l): CallOffLine[] => {
    const agreementLine = {
      agreementLineNo: l.lineNo,
      itemCode: l.itemCode,
      itemName: l.itemName,
      spec: l.spec,
      unitCode: l.unitCode,
      unitPrice: l.unitPrice,
      agreedQty: l.agreedQty,
      orderedQty: l.orderedQty,
      remainingQty: l.remainingQty,
    };
    const isProposed = (p: (typeof prLines)[number]) =>
      proposed !== null &&
      p.lineNo === proposed.prLineNo &&
      l.lineNo === proposed.agreementLineNo &&
      p.agreementNo === null &&
      p.itemCode !== null &&
      p.itemCode === l.itemCode;
    const named = prLines
      .filter((p) => (p.agreementNo === agreementNo && p.agreementLineNo === l.lineNo) || isProposed(p))
      .map((p) => {
        const prOrderedQty = sumDecimals([minus(p.quantity, p.quantity), ordered.get(p.lineNo) ?? '0']);
        return {
          ...agreementLine,
          prLineNo: p.lineNo,
          prQuantity: p.quantity,
          prOrderedQty,
          prRemainingQty: minus(p.quantity, prOrderedQty),
        };
      })
      .filter((r) => compareDecimals(r.prRemainingQty, '0') > 0);
    return named.length ? named : [{ ...agreementLine, ...plain }];
  });
  return rows.map((r, i) => ({ rowNo: i + 1, ...r }));
}

/** One agreement as staff see it: lines with remaining quantities, call-offs, approvals, history, actions. */
export async function detail(
  db: Db,
  agreementNo: string,
  actor: Actor,
  now: Date,
  prNo: string | null = null,
  proposed: Proposed | null = null,
) {
  const h = await findAgreement(db, agreementNo);
  if (!h) throw agreementMissing();
  const [lines, callOffs, approvals, history, canWrite, linkage, proposals] = await Promise.all([
    linesWithRemaining(db, agreementNo),
    findCallOffs(db, agreementNo),
    loadApprovals(db, { docTypes: ['AGREEMENT'], docNo: agreementNo }),
    loadHistory(db, 'agreement', agreementNo),
    groupHoldsScreen(db, actor.authGroupId, [AGREEMENT_SCREENS.edit], 'write'),
    linkageFields(db, agreementNo),
    linkageProposalFields(db, agreementNo),
  ]);
  const status = effectiveAgreementStatus(h.status, h.validTo, todayKst(now));
  const { approvalId: _a, buyerEmail: _e, buyerTelNo: _t, ...header } = h;
  const { isCurrentApprover, ...approvalFields } = approvalState(approvals, actor.singleid);
  const role = { isBuyer: h.buyerId === actor.singleid, isManager: isPurchasingManager(actor), canWrite };
  // 연동 조정 제안's 수락 / 반려 (linkage-decisions.ts): whoever may change the active agreement.
  const decides =
    status === 'ACTIVE' &&
    proposals.openLinkageProposalNo !== null &&
    role.canWrite &&
    (role.isBuyer || role.isManager);
  return {
    ...header,
    status,
    remainingAmount: h.ceilingAmount === null ? null : minus(h.ceilingAmount, h.orderedAmount),
    approvedAt: iso(h.approvedAt),
    expiredAt: iso(h.expiredAt),
    terminatedAt: iso(h.terminatedAt),
    createdAt: iso(h.createdAt)!,
    updatedAt: iso(h.updatedAt)!,
    lines,
    priceHistory: priceHistoryOf(lines, todayKst(now)),
    subconKind: await agreementSubconKind(db, h, lines),
    ...linkage,
    ...proposals,
    callOffLines: await callOffLinesOf(db, agreementNo, lines, prNo, proposed),
    callOffs,
    approvals,
    history: numbered(history),
    ...approvalFields,
    actions: [
      ...agreementActionsFor(status, role),
      ...(decides ? ['decideLinkage'] : []),
      ...(isCurrentApprover ? ['approve', 'reject'] : []),
    ],
  };
}

export async function getAgreement(
  db: Db,
  caller: Caller | null,
  agreementNo: string,
  now: Date,
  q: Static<typeof AgreementDetailQuery> = {},
) {
  const prNo = text(q.prNo);
  const proposed =
    q.prLineNo && q.agreementLineNo ? { prLineNo: q.prLineNo, agreementLineNo: q.agreementLineNo } : null;
  const actor = await internalActor(db, caller);
  // The call-off dialog's rows show the PR's lines: only to whom may read that PR (404 as getPr).
  if (prNo) await assertPrVisible(db, caller, prNo);
  return detail(db, agreementNo, actor, now, prNo, proposed);
}

/**
 * The agreements that could order a PR's lines naming none (/prConfirmEdit's 단가계약 제안): per PR
 * line with something left to order (its quantity less what the PR's orders not cancelled ordered of
 * it), the lines of the same master item in active agreements of the PR's currency valid on the
 * business day, cheapest first. A PR the caller may not read answers 404 as getPr; a PR that cannot
 * be ordered now (a draft, in approval, cancelled …) has no proposals. Each row opens the call-off
 * dialog with the PR, which orders the PR line under the proposed agreement line.
 */
export async function getAgreementProposals(db: Db, caller: Caller | null, prNo: string, now: Date) {
  const pr = await assertPrVisible(db, caller, prNo);
  const orderable = CALL_OFF_PR_STATUSES.includes(pr.status);
  const [found, ordered] = orderable
    ? await Promise.all([findAgreementProposals(db, prNo, todayKst(now)), findOrderedOfPrLines(db, prNo)])
    : [[], new Map<number, string>()];
  const rows = found
    .map(({ orderedQty, ...r }) => {
      const prOrderedQty = sumDecimals([minus(r.prQuantity, r.prQuantity), ordered.get(r.prLineNo) ?? '0']);
      return {
        ...r,
        prOrderedQty,
        prRemainingQty: minus(r.prQuantity, prOrderedQty),
        orderedQty,
        remainingQty: remainingOf(r.agreedQty, orderedQty),
      };
    })
    .filter((r) => compareDecimals(r.prRemainingQty, '0') > 0)
    .map((r, i) => ({ rowNo: i + 1, ...r }));
  return { prNo: pr.prNo, status: pr.status, currency: pr.currency, rows };
}

type LineInput = Static<typeof AgreementBody>['lines'][number];

/** Checks the header and lines of a draft; answers the rows to store. */
async function checkAgreement(db: Db, b: Static<typeof AgreementBody>, agreementNo: string, now: Date) {
  const errors: FieldError[] = [];
  requireText(errors, 'body/title', b.title, '제목');
  checkDate(errors, 'body/validFrom', b.validFrom, '유효 시작일', { required: true });
  checkDate(errors, 'body/validTo', b.validTo, '유효 종료일', { required: true, notBefore: todayKst(now) });
  if (!errors.some((e) => e.path.startsWith('body/valid')) && b.validTo < b.validFrom)
    errors.push({ path: 'body/validTo', message: '유효 종료일은 시작일 이후여야 합니다' });
  if (text(b.ceilingAmount)) checkDecimal(errors, 'body/ceilingAmount', b.ceilingAmount!, AMOUNT);
  const compNo = b.compNo.trim().toUpperCase();
  const company = await findSupplier(db, compNo);
  if (!company) errors.push({ path: 'body/compNo', message: `등록되지 않은 협력사입니다: ${compNo}` });
  else if (company.status !== 'ACTIVE')
    errors.push({ path: 'body/compNo', message: `거래 중이 아닌 협력사입니다: ${compNo}` });
  if (b.lines.length === 0) errors.push({ path: 'body/lines', message: '품목을 한 줄 이상 입력하세요' });
  const lines = [];
  for (const [i, l] of b.lines.entries()) {
    const p = `body/lines/${i}`;
    checkDecimal(errors, `${p}/unitPrice`, l.unitPrice, UNIT_PRICE);
    if (text(l.agreedQty)) checkDecimal(errors, `${p}/agreedQty`, l.agreedQty!, QUANTITY);
    const row = await lineRow(db, errors, p, l);
    if (row)
      lines.push({
        agreementNo,
        lineNo: i + 1,
        compNo,
        ...row,
        unitPrice: l.unitPrice.trim(),
        agreedQty: text(l.agreedQty),
      });
  }
  const codes = lines.flatMap((l) => (l.itemCode ? [l.itemCode] : []));
  codes.forEach((c, i) => {
    if (codes.indexOf(c) !== i) errors.push({ path: 'body/lines', message: `같은 품목이 두 줄에 있습니다: ${c}` });
  });
  failIf(errors);
  return {
    header: {
      compNo,
      title: b.title.trim(),
      currency: b.currency,
      validFrom: b.validFrom,
      validTo: b.validTo,
      ceilingAmount: text(b.ceilingAmount),
      callOffPolicy: b.callOffPolicy ?? 'REFUSE',
      contractNo: text(b.contractNo),
      remark: text(b.remark),
    },
    lines,
  };
}

async function lineRow(db: Db, errors: FieldError[], p: string, l: LineInput) {
  const code = text(l.itemCode);
  if (code) {
    const item = await findItemForAgreement(db, code);
    if (!item || item.useYn !== 'Y') {
      errors.push({ path: `${p}/itemCode`, message: `사용 중인 품목이 아닙니다: ${code}` });
      return null;
    }
    return {
      itemCode: item.itemCode,
      itemName: item.itemName,
      spec: item.spec,
      unitCode: item.unitCode,
      sgCode: item.sgCode,
    };
  }
  const name = text(l.itemName);
  const unit = text(l.unitCode);
  if (!name) errors.push({ path: `${p}/itemName`, message: '품목코드 또는 품명을 입력하세요' });
  if (!unit) errors.push({ path: `${p}/unitCode`, message: '단위를 입력하세요' });
  else if (!(await unitExists(db, unit))) errors.push({ path: `${p}/unitCode`, message: `없는 단위입니다: ${unit}` });
  if (!name || !unit) return null;
  return { itemCode: null, itemName: name, spec: text(l.spec), unitCode: unit, sgCode: null };
}

async function buyerDept(db: Db, actor: Actor) {
  const d = await findEmployeeDept(db, actor.singleid);
  if (!d) throw notAllowed('부서가 없는 사원은 단가계약을 만들 수 없습니다');
  return { deptcd: d.deptcd, section: d.topDept };
}

/** A draft agreement typed by hand; the caller is its buyer. */
export async function createAgreement(db: Db, caller: Caller | null, b: Static<typeof AgreementBody>, now: Date) {
  const actor = await internalActor(db, caller);
  const dept = await buyerDept(db, actor);
  const agreementNo = await db.transaction().execute(async (trx) => {
    const agreementNo = await nextDocumentNumber(trx, 'AG', todayKst(now));
    const { header, lines } = await checkAgreement(trx, b, agreementNo, now);
    await assertSuppliersEligible(trx, [header.compNo], 'order', 'body/compNo');
    const row = {
      agreementNo,
      ...header,
      ...dept,
      status: 'DRAFT' as const,
      buyerId: actor.singleid,
      createdBy: actor.userId,
    };
    await insertAgreement(trx, row, lines);
    await writeAudit(trx, {
      entity: 'agreement',
      entityKey: agreementNo,
      action: 'CREATE',
      actor: actor.userId,
      after: { ...row, lines },
    });
    return agreementNo;
  });
  return detail(db, agreementNo, actor, now);
}

/**
 * A draft agreement from an award: an awarded quotation request (the selected supplier's quoted
 * prices, the request's quantities as agreed quantities), or an awarded tender or reverse auction
 * (the lines and prices of the order the award made for `compNo`, or its only winner).
 */
export async function createAgreementFromAward(
  db: Db,
  caller: Caller | null,
  b: Static<typeof AwardAgreementBody>,
  now: Date,
) {
  const actor = await internalActor(db, caller);
  const dept = await buyerDept(db, actor);
  const sourceNo = b.sourceNo.trim();
  const agreementNo = await db.transaction().execute(async (trx) => {
    let compNo: string;
    let currency: 'KRW' | 'JPY';
    let title: string;
    let lines: Array<{
      itemCode: string | null;
      itemName: string;
      spec: string | null;
      unitCode: string;
      sgCode: string | null;
      quantity: string;
      unitPrice: string;
    }>;
    if (b.sourceType === 'RFQ') {
      const rfq = await lockRfq(trx, sourceNo);
      if (!rfq || rfq.status !== 'AWARDED' || !rfq.selectedCompNo)
        throw refused('AGREEMENT_SOURCE_NOT_AWARDED', `낙찰(선정)된 견적요청이 아닙니다: ${sourceNo}`);
      compNo = rfq.selectedCompNo;
      currency = rfq.currency as 'KRW' | 'JPY';
      title = rfq.title;
      const prices = await findQuotedPrices(trx, rfq.rfqNo, compNo);
      lines = (await findRfqLines(trx, rfq.rfqNo)).map((l) => ({ ...l, unitPrice: prices.get(l.lineNo) ?? '0' }));
    } else {
      const awards = await findAwardOrders(trx, b.sourceType, sourceNo);
      const wanted = text(b.compNo)?.toUpperCase();
      const award = wanted ? awards.find((a) => a.compNo === wanted) : awards.length === 1 ? awards[0] : undefined;
      if (!award)
        throw refused(
          'AGREEMENT_SOURCE_NOT_AWARDED',
          awards.length > 1
            ? `낙찰 협력사가 여럿입니다. 협력사를 지정하세요: ${sourceNo}`
            : `낙찰된 ${b.sourceType === 'TENDER' ? '입찰이' : '역경매가'} 아닙니다: ${sourceNo}`,
        );
      const po = (await findOrderForAgreement(trx, award.poNo))!;
      compNo = po.compNo;
      currency = po.currency as 'KRW' | 'JPY';
      title = po.title;
      lines = await findOrderLinesForAgreement(trx, award.poNo);
    }
    await assertSuppliersEligible(trx, [compNo], 'order', 'body/sourceNo');
    const body: Static<typeof AgreementBody> = {
      compNo,
      title: text(b.title) ?? title,
      currency,
      validFrom: b.validFrom,
      validTo: b.validTo,
      ceilingAmount: b.ceilingAmount ?? null,
      callOffPolicy: b.callOffPolicy,
      contractNo: b.contractNo ?? null,
      remark: b.remark ?? null,
      lines: lines.map((l) => ({
        itemCode: l.itemCode,
        itemName: l.itemName,
        spec: l.spec,
        unitCode: l.unitCode,
        unitPrice: l.unitPrice,
        agreedQty: b.keepQuantities === false ? null : l.quantity,
      })),
    };
    const agreementNo = await nextDocumentNumber(trx, 'AG', todayKst(now));
    const checked = await checkAgreement(trx, body, agreementNo, now);
    // A free-text award line keeps its sourcing group.
    checked.lines.forEach((l, i) => (l.sgCode = l.sgCode ?? lines[i].sgCode));
    const row = {
      agreementNo,
      ...checked.header,
      ...dept,
      status: 'DRAFT' as const,
      buyerId: actor.singleid,
      sourceType: b.sourceType,
      sourceNo,
      createdBy: actor.userId,
    };
    await insertAgreement(trx, row, checked.lines);
    await writeAudit(trx, {
      entity: 'agreement',
      entityKey: agreementNo,
      action: 'CREATE',
      actor: actor.userId,
      after: { ...row, lines: checked.lines },
    });
    return agreementNo;
  });
  return detail(db, agreementNo, actor, now);
}

/** Changes a draft agreement (header and lines) with the version read. */
export async function updateAgreementDraft(
  db: Db,
  caller: Caller | null,
  agreementNo: string,
  b: Static<typeof AgreementBody> & { version: number },
  now: Date,
) {
  const actor = await internalActor(db, caller);
  await db.transaction().execute(async (trx) => {
    const a = await lockOwnAgreement(trx, agreementNo, actor);
    checkVersion(b.version, a.version);
    transition(AGREEMENT_MACHINE, 'update', a.status);
    const { header, lines } = await checkAgreement(trx, b, agreementNo, now);
    if (header.compNo !== a.compNo) {
      await assertSuppliersEligible(trx, [header.compNo], 'order', 'body/compNo');
      await moveAgreementLinkage(trx, agreementNo, header.compNo);
    }
    await updateAgreement(trx, agreementNo, { ...header, version: a.version + 1, updatedAt: now });
    await replaceAgreementLines(trx, agreementNo, lines);
    await writeAudit(trx, {
      entity: 'agreement',
      entityKey: agreementNo,
      action: 'UPDATE',
      actor: actor.userId,
      before: a,
      after: { ...header, lines },
    });
  });
  return detail(db, agreementNo, actor, now);
}

/**
 * Submits a draft for approval by the AGREEMENT rule, for the amount it commits to: the ceiling,
 * else the agreed quantities at the agreed prices (KRW; JPY at JPY_RATE).
 */
export async function submitAgreement(
  db: Db,
  caller: Caller | null,
  agreementNo: string,
  body: Static<typeof VersionBody>,
  now: Date,
) {
  const actor = await internalActor(db, caller);
  await db.transaction().execute(async (trx) => {
    const a = await lockOwnAgreement(trx, agreementNo, actor);
    checkVersion(body.version, a.version);
    const status = transition(AGREEMENT_MACHINE, 'submit', a.status);
    if (a.validTo < todayKst(now))
      failIf([{ path: 'body', message: '유효 종료일이 지났습니다. 유효기간을 고친 뒤 상신하세요' }]);
    const lines = await findAgreementLines(trx, agreementNo);
    failIf(await linkageSubmitErrors(trx, a, lines));
    const amount =
      a.ceilingAmount ??
      totalOf(lines.map((l) => (l.agreedQty ? lineAmount(l.agreedQty, l.unitPrice, a.currency as 'KRW') : '0')));
    const rate = a.currency === 'JPY' ? await jpyRate(trx) : null;
    const amountKrw = toKrw(amount, a.currency as 'KRW' | 'JPY', rate);
    await submitForApproval(
      trx,
      {
        entity: 'agreement',
        docType: 'AGREEMENT',
        docNo: agreementNo,
        status: a.status,
        nextStatus: status,
        version: a.version,
        amountKrw,
      },
      actor,
      now,
      (values) => updateAgreement(trx, agreementNo, values),
    );
  });
  return detail(db, agreementNo, actor, now);
}

/** Deletes a draft (never submitted, or returned by a rejection); nothing was ordered against it. */
export async function deleteAgreement(db: Db, caller: Caller | null, agreementNo: string, version: number) {
  const actor = await internalActor(db, caller);
  await db.transaction().execute(async (trx) => {
    const a = await lockOwnAgreement(trx, agreementNo, actor);
    checkVersion(version, a.version);
    transition(AGREEMENT_MACHINE, 'delete', a.status);
    const lines = await findAgreementLines(trx, agreementNo);
    await deleteAgreementRows(trx, agreementNo);
    await writeAudit(trx, {
      entity: 'agreement',
      entityKey: agreementNo,
      action: 'DELETE',
      actor: actor.userId,
      before: { ...a, lines },
    });
  });
  return { code: 'OK' as const };
}

/**
 * Takes a submitted agreement back before its last approval: the open approval ends as WITHDRAWN
 * (its approvers no longer see it) and the agreement is a draft again, to change and submit anew.
 */
export async function withdrawAgreement(
  db: Db,
  caller: Caller | null,
  agreementNo: string,
  body: Static<typeof VersionBody>,
  now: Date,
) {
  const actor = await internalActor(db, caller);
  const seen = await findAgreement(db, agreementNo);
  if (!seen) throw agreementMissing();
  await db.transaction().execute(async (trx) => {
    // The approval first, then the agreement: the order an approver's decision locks them in.
    await withdrawApproval(trx, seen.approvalId, actor.userId, now);
    const a = await lockOwnAgreement(trx, agreementNo, actor);
    checkVersion(body.version, a.version);
    // Withdrawn and submitted again between the read and the lock: another round than the one withdrawn.
    if (a.approvalId !== seen.approvalId) throw staleVersion(a.version);
    const status = transition(AGREEMENT_MACHINE, 'withdraw', a.status);
    await updateAgreement(trx, agreementNo, {
      status,
      approvalStatus: 'WITHDRAWN',
      version: a.version + 1,
      updatedAt: now,
    });
    await writeAudit(trx, {
      entity: 'agreement',
      entityKey: agreementNo,
      action: 'WITHDRAW',
      actor: actor.userId,
      before: { status: a.status, approvalStatus: a.approvalStatus, approvalId: a.approvalId },
      after: { status, approvalStatus: 'WITHDRAWN' },
    });
  });
  return detail(db, agreementNo, actor, now);
}

/** Ends an active agreement early with a reason: no further call-offs; orders already made stand. */
export async function terminateAgreement(
  db: Db,
  caller: Caller | null,
  agreementNo: string,
  body: Static<typeof ReasonBody>,
  now: Date,
) {
  const reason = text(body.reason);
  if (!reason) failIf([{ path: 'body/reason', message: '종료 사유를 입력하세요' }]);
  const actor = await internalActor(db, caller);
  await db.transaction().execute(async (trx) => {
    const a = await lockOwnAgreement(trx, agreementNo, actor);
    checkVersion(body.version, a.version);
    const status = transition(AGREEMENT_MACHINE, 'terminate', a.status);
    await updateAgreement(trx, agreementNo, {
      status,
      terminatedAt: now,
      terminateReason: reason,
      version: a.version + 1,
      updatedAt: now,
    });
    await writeAudit(trx, {
      entity: 'agreement',
      entityKey: agreementNo,
      action: 'TERMINATE',
      actor: actor.userId,
      before: { status: a.status },
      after: { status },
      reason,
    });
  });
  return detail(db, agreementNo, actor, now);
}

/** Active agreements past their last valid day become EXPIRED (the job; idempotent). Answers their numbers. */
export async function expireLapsedAgreements(db: Db, now: Date, actor: string): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const lapsed = await lockLapsedAgreements(trx, todayKst(now));
    for (const a of lapsed) {
      const status = transition(AGREEMENT_MACHINE, 'expire', a.status);
      await updateAgreement(trx, a.agreementNo, { status, expiredAt: now, version: a.version + 1, updatedAt: now });
      await writeAudit(trx, {
        entity: 'agreement',
        entityKey: a.agreementNo,
        action: 'EXPIRE',
        actor,
        before: { status: a.status },
        after: { status, validTo: a.validTo },
      });
    }
    return lapsed.map((a) => a.agreementNo);
  });
}

/** The last approval activates the agreement; a rejection returns the draft (in the approval's transaction). */
export async function applyAgreementOutcome(
  trx: Db,
  a: { approvalId: number; docNo: string },
  outcome: Outcome,
  actorUserId: string,
  comment: string | null,
  /** The business clock the decision was taken on: approvedAt is the agreement's business moment. */
  now: Date,
): Promise<string> {
  const ag = await lockAgreementForApproval(trx, a.docNo);
  if (!ag || ag.approvalId !== a.approvalId || ag.status !== 'IN_APPROVAL')
    throw refused('APPROVAL_DOCUMENT_MISMATCH', '결재 문서의 상태가 결재와 맞지 않습니다. 다시 조회하세요');
  const status =
    outcome === 'NEXT'
      ? ag.status
      : transition(AGREEMENT_MACHINE, outcome === 'APPROVED' ? 'approve' : 'reject', ag.status);
  const approvalStatus = outcome === 'NEXT' ? 'IN_PROGRESS' : outcome;
  await updateAgreement(trx, a.docNo, {
    status,
    approvalStatus,
    ...(outcome === 'APPROVED' ? { approvedAt: now } : {}),
    version: ag.version + 1,
    updatedAt: now,
  });
  // Its prices are dated from here on: the agreed ones from its first valid day (prices.ts).
  if (status === 'ACTIVE') await insertOriginalPrices(trx, a.docNo, actorUserId);
  await writeAudit(trx, {
    entity: 'agreement',
    entityKey: a.docNo,
    action: outcome === 'NEXT' ? 'APPROVAL_STEP' : outcome,
    actor: actorUserId,
    before: { status: ag.status, approvalStatus: ag.approvalStatus },
    after: { status, approvalStatus },
    reason: comment,
  });
  return status;
}

/* ------------------------------ the supplier's side ------------------------------ */

/** An agreement read through the supplier view (its own company's once approved; staff any). */
export async function getSupplierAgreement(view: SupplierView, agreementNo: string, now: Date) {
  const h = await findAgreement(view.db, agreementNo);
  if (!h || !(SUPPLIER_VISIBLE_AGREEMENT as readonly string[]).includes(h.status)) throw agreementMissing();
  const [agreed, callOffs, linkage, proposals] = await Promise.all([
    findAgreementLines(view.db, agreementNo),
    // A supplier sees its orders once sent (its PO list's rule); drafts and orders in approval are the buyer's.
    findCallOffs(view.db, agreementNo, { sentOnly: true }),
    linkageFields(view.db, agreementNo),
    linkageProposalFields(view.db, agreementNo),
  ]);
  // Its figures are those orders' (cancelled ones give back): what it was sent, not what the buyer
  // has reserved with drafts — the counters the buyer's view shows.
  const standing = callOffs.filter((c) => c.status !== 'CANCELLED');
  const zero = (v: string) => minus(v, v);
  const lines = agreed.map((l) => {
    const mine = standing.filter((c) => c.agreementLineNo === l.lineNo);
    const orderedQty = sumDecimals([zero(l.orderedQty), ...mine.map((c) => c.quantity)]);
    return {
      ...l,
      orderedQty,
      orderedAmount: sumDecimals([zero(l.orderedAmount), ...mine.map((c) => c.amount)]),
      remainingQty: remainingOf(l.agreedQty, orderedQty),
    };
  });
  const priced = await withPrices(view.db, agreementNo, lines);
  const orderedAmount = sumDecimals([zero(h.orderedAmount), ...standing.map((c) => c.amount)]);
  return {
    agreementNo: h.agreementNo,
    compNo: h.compNo,
    compNameKr: h.compNameKr,
    title: h.title,
    currency: h.currency,
    validFrom: h.validFrom,
    validTo: h.validTo,
    status: effectiveAgreementStatus(h.status, h.validTo, todayKst(now)),
    ceilingAmount: h.ceilingAmount,
    orderedAmount,
    remainingAmount: h.ceilingAmount === null ? null : minus(h.ceilingAmount, orderedAmount),
    contractNo: h.contractNo,
    buyerName: h.buyerName,
    buyerEmail: h.buyerEmail,
    buyerTelNo: h.buyerTelNo,
    version: h.version,
    lines: priced,
    priceHistory: priceHistoryOf(priced, todayKst(now)),
    ...linkage,
    ...proposals,
    callOffs: callOffs.map(({ agreementException: _x, ...c }) => c),
  };
}
