import { recordBudgetMovement } from '../../budget/consumption/index.js';
import type { Static } from 'typebox';
import type { Caller } from '../../../auth/plugin.js';
import { groupHoldsScreen } from '../../../auth/menu-authority.js';
import { writeAudit } from '../../../db/audit.js';
import type { PageWindow } from '../../../db/lists/keyset.js';
import type { Db } from '../../../db/connect.js';
import { nextDocumentNumber } from '../../../db/document-number.js';
import type { SortSpec } from '../../../http/list-query.js';
import { startApproval, withdrawApproval, isApproverOf } from '../approval/queries.js';
import { approvalState } from '../approval/state.js';
import { rfqSummaryOfPr } from '../rfq/summary.js';
import { internalActor, isPurchasingManager, type Actor } from '../../../domain/actor.js';
import { checkVersion, failIf, missing, notAllowed, refused, type FieldError } from '../../../domain/errors.js';
import { jpyRate, toKrw } from '../../../domain/money.js';
import { transition } from '../../../domain/machine.js';
import { checkDate, todayKst } from '../../../domain/dates.js';
import { iso, requireText, text } from '../../../domain/values.js';
import type { ReasonBody, VersionBody } from '../../../domain/schemas.js';
import { resolveLines } from '../shared/lines.js';
import { findAgreement, findAgreementLines } from '../agreement/queries.js';
import { AGREEMENT_SCREENS, callOffProblems } from '../agreement/workflow.js';
import {
  defaultBudgetAccounts,
  existingBudgetAccounts,
  findBuyerCandidate,
  findDepartment,
  findPrHeader,
  findPrItem,
  findPrLineRows,
  findPrDetail,
  findSourcingGroup,
  insertPrHeader,
  insertPrLines,
  listPrs,
  lockPr,
  replacePrLines,
  setPrLinesSgCode,
  updatePrHeader,
} from './queries.js';
import type { PR_SORT, PrConfirmListQuery, PrListQuery, ReceiveBody } from './schemas.js';
import { CALL_OFF_PR_STATUSES, PR_MACHINE, prActionsFor, prScopeOf } from './workflow.js';
import { assertBindable } from '../../files/owners.js';

export const PR_SCREENS = {
  list: '/prList',
  edit: '/prEdit',
  confirmList: '/prConfirmList',
  confirmEdit: '/prConfirmEdit',
} as const;

type Window = PageWindow;
type Sort = SortSpec<(typeof PR_SORT)[number]>;

const notFoundPr = () => missing('PR_NOT_FOUND', '구매요청을 찾을 수 없습니다');

type PrInput = {
  title: string;
  section?: string;
  deptcd?: string;
  desiredDate: string;
  purpose?: string | null;
  currency: 'KRW' | 'JPY';
  fileId?: string | null;
  lines: Array<Record<string, unknown> & { quantity: string; estUnitPrice: string }>;
};

/**
 * The section and department a document is requested for: the actor's own unless given; the
 * department must be in use and belong to the section (a field error otherwise).
 */
export async function requestingDepartment(
  db: Db,
  errors: FieldError[],
  b: { section?: string; deptcd?: string },
  actor: Actor,
) {
  const section = text(b.section) ?? actor.section;
  const deptcd = text(b.deptcd) ?? actor.deptcd;
  const dept = await findDepartment(db, deptcd);
  if (!dept || dept.useYn !== 'Y') errors.push({ path: 'body/deptcd', message: `부서를 찾을 수 없습니다: ${deptcd}` });
  else if (dept.topDept !== section)
    errors.push({ path: 'body/deptcd', message: '부서가 선택한 사업부문에 속하지 않습니다' });
  return { section, deptcd };
}

type AgreementRef = { agreementNo: string; agreementLineNo: number } | null;

/**
 * Lines "from agreement" (docs/agreements.md): a line naming an agreement's line takes its item, and
 * its price must be the agreed one; the agreement must be active, of the PR's currency and valid on
 * the business clock's day. Nothing is consumed here — the order of the line (a call-off) does that.
 * Answers the lines with the agreement's item and each line's reference; unknown agreements or lines
 * are field errors, a price or validity the agreement refuses is 409 with every problem listed.
 */
async function fromAgreements(db: Db, b: PrInput, errors: FieldError[], today: string) {
  const refs: AgreementRef[] = [];
  const lines: PrInput['lines'] = [];
  const problems: Array<{ kind: string; lineNo: number | null; message: string }> = [];
  for (const [i, l] of b.lines.entries()) {
    const no = text((l.agreementNo as string | null | undefined) ?? null)?.toUpperCase();
    const lineNo = (l.agreementLineNo as number | null | undefined) ?? null;
    if (!no) {
      if (lineNo)
        errors.push({ path: `body/lines/${i}/agreementNo`, message: '단가계약 품목 줄에는 계약번호가 필요합니다' });
      refs.push(null);
      lines.push(l);
      continue;
    }
    const a = await findAgreement(db, no);
    const al = a ? (await findAgreementLines(db, no)).find((x) => x.lineNo === lineNo) : undefined;
    if (!a) errors.push({ path: `body/lines/${i}/agreementNo`, message: `단가계약을 찾을 수 없습니다: ${no}` });
    else if (a.currency !== b.currency)
      errors.push({ path: `body/lines/${i}/agreementNo`, message: `단가계약 ${no}의 통화(${a.currency})와 다릅니다` });
    else if (!al)
      errors.push({
        path: `body/lines/${i}/agreementLineNo`,
        message: `단가계약에 없는 품목 줄입니다: ${lineNo ?? ''}`,
      });
    if (!a || !al || a.currency !== b.currency) {
      refs.push(null);
      lines.push(l);
      continue;
    }
    // Checked as a call-off of this line without its quantity or ceiling: the PR reserves nothing.
    problems.push(
      ...callOffProblems(
        {
          agreementNo: no,
          status: a.status,
          validFrom: a.validFrom,
          validTo: a.validTo,
          ceilingAmount: null,
          orderedAmount: '0',
        },
        [{ lineNo: i + 1, unitPrice: al.unitPrice, agreedQty: null, orderedQty: '0', orderedAmount: '0' }],
        [
          {
            lineNo: i + 1,
            qty: '1',
            amount: '0',
            unitPrice: /^\d+(\.\d+)?$/.test(l.estUnitPrice.trim()) ? l.estUnitPrice.trim() : al.unitPrice,
          },
        ],
        today,
      ).filter((p) => !problems.some((q) => q.lineNo === null && p.lineNo === null && q.message === p.message)),
    );
    refs.push({ agreementNo: no, agreementLineNo: al.lineNo });
    lines.push({
      ...l,
      itemCode: al.itemCode,
      itemName: al.itemName,
      spec: al.spec,
      unitCode: al.unitCode,
      sgCode: al.sgCode,
    });
  }
  return { lines, refs, problems };
}

/** Checks a PR's header and lines; returns what to store. */
async function checkPrInput(db: Db, b: PrInput, actor: Actor, prNo: string | null, now: Date) {
  const errors: FieldError[] = [];
  const today = todayKst(now);
  requireText(errors, 'body/title', b.title, '제목');
  checkDate(errors, 'body/desiredDate', b.desiredDate, '희망 납기일', { required: true, notBefore: today });
  const { section, deptcd } = await requestingDepartment(db, errors, b, actor);
  await assertBindable(db, actor, 'body/fileId', b.fileId, { docType: 'PR', docNo: prNo });
  const given = b.lines.map((l) => text((l.budgetAccount as string | null | undefined) ?? null));
  const known = await existingBudgetAccounts(
    db,
    given.filter((a): a is string => !!a),
  );
  given.forEach((a, i) => {
    if (a && !known.has(a))
      errors.push({ path: `body/lines/${i}/budgetAccount`, message: `등록되지 않은 예산계정입니다: ${a}` });
  });
  const agreed = await fromAgreements(db, b, errors, todayKst(now));
  const { lines: resolved, total } = await resolveLines(
    db,
    agreed.lines.map((l) => ({ ...(l as object), quantity: l.quantity, price: l.estUnitPrice }) as never),
    b.currency,
    { priceField: 'estUnitPrice', errors },
  );
  const defaults = await defaultBudgetAccounts(
    db,
    resolved.map((l) => l.itemCode).filter((c): c is string => !!c),
  );
  const lines = resolved.map((l, i) => ({
    ...l,
    budgetAccount: given[i] ?? (l.itemCode ? (defaults.get(l.itemCode) ?? null) : null),
    agreementNo: agreed.refs[i]?.agreementNo ?? null,
    agreementLineNo: agreed.refs[i]?.agreementLineNo ?? null,
  }));
  if (agreed.problems.length)
    throw refused('AGREEMENT_CALL_OFF_REFUSED', agreed.problems[0].message, {
      problems: agreed.problems.map((p) => ({ kind: p.kind, lineNo: p.lineNo, message: p.message })),
    });
  return {
    header: {
      title: b.title.trim(),
      section,
      deptcd,
      desiredDate: b.desiredDate,
      purpose: text(b.purpose),
      currency: b.currency,
      fileId: b.fileId ?? null,
      totalAmount: total,
    },
    lines,
  };
}

type CheckedLines = Awaited<ReturnType<typeof checkPrInput>>['lines'];

/** The checked lines stored: replacing the PR's, or a new PR's first (nothing to delete). */
const writeLines = (trx: Db, prNo: string, lines: CheckedLines, fresh = false) =>
  (fresh ? insertPrLines : replacePrLines)(
    trx,
    prNo,
    lines.map((l) => ({
      lineNo: l.lineNo,
      itemCode: l.itemCode,
      itemName: l.itemName,
      spec: l.spec,
      unitCode: l.unitCode,
      sgCode: l.sgCode,
      quantity: l.quantity,
      estUnitPrice: l.price,
      estAmount: l.amount,
      remark: l.remark,
      budgetAccount: l.budgetAccount,
      agreementNo: l.agreementNo,
      agreementLineNo: l.agreementLineNo,
    })),
  );

/** The PR's header when the caller may see it (their scope, purchasing, or its approvers); 404 otherwise, as for a missing one. */
async function visiblePrHeader(db: Db, prNo: string, actor: Actor) {
  const h = await findPrHeader(db, prNo);
  if (!h) throw notFoundPr();
  await assertInScope(db, h, actor);
  return h;
}

/** `approves`: whether the caller approves the PR, when already read with it (else read here if needed). */
async function assertInScope(
  db: Db,
  h: { prNo: string; requesterId: string; deptcd: string; section: string },
  actor: Actor,
  approves?: boolean,
): Promise<void> {
  const scope = prScopeOf(actor);
  const inScope =
    scope.kind === 'all' ||
    h.requesterId === actor.singleid ||
    (scope.kind === 'dept' && h.deptcd === scope.deptcd) ||
    (scope.kind === 'section' && h.section === scope.section) ||
    (await groupHoldsScreen(db, actor.authGroupId, [PR_SCREENS.confirmEdit], 'read')) ||
    (approves ?? (await isApproverOf(db, ['PR'], h.prNo, actor.singleid)));
  if (!inScope) throw notFoundPr();
}

/**
 * 404 unless the caller may see the PR as its detail shows it (the budget module's per-line
 * availability of a PR, getPrBudget, and the agreements proposed for its lines answer only what
 * the PR's reader may read); answers its header.
 */
export async function assertPrVisible(db: Db, caller: Caller | null, prNo: string) {
  return visiblePrHeader(db, prNo, await internalActor(db, caller));
}

/** One PR as the caller may see it (their scope, purchasing, or its approvers), with what they may do now. */
/** now: the business clock its quotation request's deadline is read on. */
async function detail(db: Db, prNo: string, actor: Actor, now: Date) {
  // The PR and everything its detail shows in one statement; read before the scope check (a PR
  // outside the caller's scope answers 404 all the same, nothing of it shown).
  const found = await findPrDetail(db, prNo, actor.singleid);
  if (!found) throw notFoundPr();
  const h = found.header;
  await assertInScope(db, h, actor, found.viewerApproves);
  const { lines, attachments, approvals, history } = found;
  const { currentRfq, ...links } = found.links;
  const [canPurchase, canWritePr, rfq, readsAgreements] = await Promise.all([
    groupHoldsScreen(db, actor.authGroupId, [PR_SCREENS.confirmEdit], 'write'),
    groupHoldsScreen(db, actor.authGroupId, [PR_SCREENS.edit], 'write'),
    rfqSummaryOfPr(db, prNo, actor, now, currentRfq, found.rfq),
    CALL_OFF_PR_STATUSES.includes(h.status)
      ? groupHoldsScreen(db, actor.authGroupId, [AGREEMENT_SCREENS.list, AGREEMENT_SCREENS.edit], 'read')
      : false,
  ]);
  const { approvalId: _a, ...header } = h;
  const { isCurrentApprover, ...approval } = approvalState(approvals, actor.singleid);
  const actions: string[] = prActionsFor(h.status, {
    isRequester: h.requesterId === actor.singleid,
    canPurchase,
    canWritePr,
    isBuyer: h.buyerId === actor.singleid,
    isManager: isPurchasingManager(actor),
  });
  // Deciding is on the approval itself (approveApproval / rejectApproval): the pending approver's buttons.
  if (isCurrentApprover && h.status === 'IN_APPROVAL') actions.push('approve', 'reject');
  // Purchasing who reads the agreements may look for those that could order the lines naming none
  // (getPrAgreementProposals, 단가계약 제안 on /prConfirmEdit) while a call-off may order the PR.
  if (canPurchase && readsAgreements) actions.push('proposeAgreements');
  return {
    ...header,
    receivedAt: iso(h.receivedAt),
    submittedAt: iso(h.submittedAt),
    approvedAt: iso(h.approvedAt),
    createdAt: iso(h.createdAt)!,
    updatedAt: iso(h.updatedAt)!,
    lines: lines.map((l) => ({ ...l, currency: h.currency })),
    attachments,
    approvals,
    history,
    ...links,
    actions,
    ...approval,
    ...rfq,
  };
}

/** /prList: the PRs of the caller's scope (30 own, 31 department, 32 section, others all) and those they approve. */
export async function listScopedPrs(
  db: Db,
  caller: Caller | null,
  q: Static<typeof PrListQuery>,
  sort: Sort,
  window: Window,
) {
  const actor = await internalActor(db, caller);
  return listPrs(db, q, prScopeOf(actor), actor.singleid, sort, window);
}

/** /prConfirmList: approved, received and quoted PRs unless a status is asked; `mine` keeps the caller's as buyer. */
export async function listPrsToConfirm(
  db: Db,
  caller: Caller | null,
  query: Static<typeof PrConfirmListQuery>,
  sort: Sort,
  window: Window,
) {
  const { mine, ...q } = query;
  const actor = await internalActor(db, caller);
  const filter = {
    ...q,
    status: q.status?.length ? q.status : ['APPROVED', 'RECEIVED', 'QUOT_REQUESTED'],
    buyerId: mine === 'Y' ? actor.singleid : q.buyerId,
  };
  return listPrs(db, filter, { kind: 'all' }, null, sort, window);
}

/** An item of the master as a PR line starts from it; an unknown or unused item is 404. */
export async function getPrItem(db: Db, itemCode: string) {
  const item = await findPrItem(db, itemCode.trim().toUpperCase());
  if (!item || item.useYn !== 'Y')
    throw missing('ITEM_NOT_FOUND', `등록되지 않았거나 사용하지 않는 품목입니다: ${itemCode.trim()}`);
  const { useYn: _u, ...rest } = item;
  return { ...rest, refPrice: String(rest.refPrice) };
}

export async function getPr(db: Db, caller: Caller | null, prNo: string, now: Date) {
  return detail(db, prNo, await internalActor(db, caller), now);
}

/** A draft PR; the caller is its requester. */
export async function createPr(db: Db, caller: Caller | null, body: PrInput, now: Date) {
  const actor = await internalActor(db, caller);
  const input = await checkPrInput(db, body, actor, null, now);
  const prNo = await db.transaction().execute(async (trx) => {
    const prNo = await nextDocumentNumber(trx, 'PR', todayKst(now));
    const header = {
      prNo,
      prDate: todayKst(now),
      ...input.header,
      requesterId: actor.singleid,
      status: 'DRAFT' as const,
      createdBy: actor.userId,
    };
    await insertPrHeader(trx, header);
    await writeLines(trx, prNo, input.lines, true);
    await writeAudit(trx, {
      entity: 'pr_header',
      entityKey: prNo,
      action: 'CREATE',
      actor: actor.userId,
      after: { ...header, lines: input.lines },
    });
    return prNo;
  });
  return detail(db, prNo, actor, now);
}

/** Changes a draft or rejected PR (requester only, with the version read). */
export async function updatePr(
  db: Db,
  caller: Caller | null,
  prNo: string,
  body: PrInput & { version: number },
  now: Date,
) {
  const actor = await internalActor(db, caller);
  await db.transaction().execute(async (trx) => {
    const before = await lockPr(trx, prNo);
    if (!before) throw notFoundPr();
    if (before.requesterId !== actor.singleid) throw notAllowed('요청자만 구매요청을 수정할 수 있습니다');
    checkVersion(body.version, before.version);
    transition(PR_MACHINE, 'update', before.status);
    const input = await checkPrInput(trx, body, actor, prNo, now);
    const oldLines = await findPrLineRows(trx, prNo);
    await updatePrHeader(trx, prNo, { ...input.header, version: before.version + 1, updatedAt: new Date() });
    await writeLines(trx, prNo, input.lines);
    await writeAudit(trx, {
      entity: 'pr_header',
      entityKey: prNo,
      action: 'UPDATE',
      actor: actor.userId,
      before: { ...before, lines: oldLines },
      after: { ...input.header, lines: input.lines },
    });
  });
  return detail(db, prNo, actor, now);
}

/** Submits for approval: the PR rule for the amount in KRW (JPY at JPY_RATE) picks the approval line. */
export async function submitPr(
  db: Db,
  caller: Caller | null,
  prNo: string,
  body: Static<typeof VersionBody>,
  now: Date,
) {
  const actor = await internalActor(db, caller);
  const rate = await jpyRate(db);
  await db.transaction().execute(async (trx) => {
    const pr = await lockPr(trx, prNo);
    if (!pr) throw notFoundPr();
    if (pr.requesterId !== actor.singleid) throw notAllowed('요청자만 결재를 상신할 수 있습니다');
    checkVersion(body.version, pr.version);
    if (pr.desiredDate < todayKst(now))
      failIf([{ path: 'body', message: '희망 납기일이 지났습니다. 납기일을 고친 뒤 상신하세요' }]);
    const status = transition(PR_MACHINE, 'submit', pr.status);
    const amountKrw = toKrw(pr.totalAmount, pr.currency, rate);
    const { approvalId, firstApproverId } = await startApproval(
      trx,
      {
        docType: 'PR',
        docNo: prNo,
        amountKrw,
        submitterId: actor.singleid,
        actorUserId: actor.userId,
      },
      now,
    );
    await updatePrHeader(trx, prNo, {
      status,
      approvalStatus: 'PENDING',
      approvalId,
      submittedAt: now,
      rejectReason: null,
      version: pr.version + 1,
      updatedAt: now,
    });
    await writeAudit(trx, {
      entity: 'pr_header',
      entityKey: prNo,
      action: 'SUBMIT',
      actor: actor.userId,
      before: { status: pr.status },
      after: { status, approvalId, amountKrw, firstApproverId },
    });
  });
  return detail(db, prNo, actor, now);
}

/** Cancels a PR purchasing has not received (requester only, with a reason); an open approval is withdrawn. */
export async function cancelPr(
  db: Db,
  caller: Caller | null,
  prNo: string,
  body: Static<typeof ReasonBody>,
  now: Date,
) {
  const reason = text(body.reason);
  if (!reason) failIf([{ path: 'body/reason', message: '취소 사유를 입력하세요' }]);
  const actor = await internalActor(db, caller);
  await db.transaction().execute(async (trx) => {
    const pr = await lockPr(trx, prNo);
    if (!pr) throw notFoundPr();
    if (pr.requesterId !== actor.singleid) throw notAllowed('요청자만 구매요청을 취소할 수 있습니다');
    checkVersion(body.version, pr.version);
    const status = transition(PR_MACHINE, 'cancel', pr.status);
    const withdrawn = pr.status === 'IN_APPROVAL';
    if (withdrawn) await withdrawApproval(trx, pr.approvalId, actor.userId, now);
    await updatePrHeader(trx, prNo, {
      status,
      cancelReason: reason,
      ...(withdrawn ? { approvalStatus: 'WITHDRAWN' } : {}),
      version: pr.version + 1,
      updatedAt: now,
    });
    await writeAudit(trx, {
      entity: 'pr_header',
      entityKey: prNo,
      action: 'CANCEL',
      actor: actor.userId,
      before: { status: pr.status },
      after: { status },
      reason,
    });
    await recordBudgetMovement(trx, { event: 'CANCEL', docType: 'PR', docNo: prNo, actor: actor.userId });
  });
  return detail(db, prNo, actor, now);
}

/** Purchasing receives an approved PR: assigns an active buyer who may receive PRs and, optionally, one level-4 sourcing group for every line. */
export async function receivePr(
  db: Db,
  caller: Caller | null,
  prNo: string,
  body: Static<typeof ReceiveBody>,
  now: Date,
) {
  const actor = await internalActor(db, caller);
  const buyerId = body.buyerId.trim();
  const buyer = await findBuyerCandidate(db, buyerId);
  if (!buyer || buyer.status !== 'ACTIVE' || buyer.useFlag !== 'Y')
    failIf([{ path: 'body/buyerId', message: `재직 중인 사원을 찾을 수 없습니다: ${buyerId}` }]);
  if (!(await groupHoldsScreen(db, buyer!.authGroupId, [PR_SCREENS.confirmEdit], 'write'))) {
    failIf([
      { path: 'body/buyerId', message: '구매 담당 권한(구매요청 접수)이 없는 사원은 구매 담당자로 지정할 수 없습니다' },
    ]);
  }
  const sgCode = text(body.sgCode ?? null);
  if (sgCode) {
    const group = await findSourcingGroup(db, sgCode);
    if (!group || group.useYn !== 'Y')
      failIf([{ path: 'body/sgCode', message: `등록되지 않은 소싱그룹입니다: ${sgCode}` }]);
    if (group!.sgLevel !== '004') failIf([{ path: 'body/sgCode', message: '소싱그룹은 4단계(세분류)까지 선택하세요' }]);
  }
  await db.transaction().execute(async (trx) => {
    const pr = await lockPr(trx, prNo);
    if (!pr) throw notFoundPr();
    checkVersion(body.version, pr.version);
    const status = transition(PR_MACHINE, 'receive', pr.status);
    await updatePrHeader(trx, prNo, {
      status,
      buyerId,
      receivedAt: now,
      receivedBy: actor.userId,
      version: pr.version + 1,
      updatedAt: now,
    });
    if (sgCode) await setPrLinesSgCode(trx, prNo, sgCode);
    await writeAudit(trx, {
      entity: 'pr_header',
      entityKey: prNo,
      action: 'RECEIVE',
      actor: actor.userId,
      before: { status: pr.status, buyerId: pr.buyerId },
      after: { status, buyerId, ...(sgCode ? { sgCode } : {}) },
    });
  });
  return detail(db, prNo, actor, now);
}

/** Purchasing rejects an approved or received PR with a reason (once received: its buyer or a purchasing manager). */
export async function returnPr(
  db: Db,
  caller: Caller | null,
  prNo: string,
  body: Static<typeof ReasonBody>,
  now: Date,
) {
  const reason = text(body.reason);
  if (!reason) failIf([{ path: 'body/reason', message: '반려 사유를 입력하세요' }]);
  const actor = await internalActor(db, caller);
  await db.transaction().execute(async (trx) => {
    const pr = await lockPr(trx, prNo);
    if (!pr) throw notFoundPr();
    if (pr.status === 'RECEIVED' && pr.buyerId !== actor.singleid && !isPurchasingManager(actor))
      throw notAllowed('접수한 구매요청은 담당 구매자 또는 구매 관리자만 반려할 수 있습니다');
    checkVersion(body.version, pr.version);
    const status = transition(PR_MACHINE, 'return', pr.status);
    await updatePrHeader(trx, prNo, {
      status,
      approvalStatus: pr.approvalStatus,
      rejectReason: reason,
      version: pr.version + 1,
      updatedAt: now,
    });
    await writeAudit(trx, {
      entity: 'pr_header',
      entityKey: prNo,
      action: 'RETURN',
      actor: actor.userId,
      before: { status: pr.status },
      after: { status },
      reason,
    });
    await recordBudgetMovement(trx, { event: 'RETURN', docType: 'PR', docNo: prNo, actor: actor.userId });
  });
  return detail(db, prNo, actor, now);
}

/* ------------------------------ tenders and auctions (server/modules/bidding) ------------------------------ */

/**
 * A received PR taken by a sealed-bid tender or a reverse auction (`docNo`, its number), as an RFQ
 * takes it: its buyer or a purchasing manager, the version read, RECEIVED → QUOT_REQUESTED,
 * audited (REQUEST_TENDER; the audit names the document as `tenderNo` for both). Inside the
 * document's transaction; answers the PR and its lines for the document to copy.
 */
export async function takePrForBidding(
  trx: Db,
  actor: Actor,
  prNo: string,
  prVersion: number | undefined,
  docNo: string,
) {
  const pr = await lockPr(trx, prNo);
  if (!pr) throw missing('PR_NOT_FOUND', '구매요청을 찾을 수 없습니다');
  if (pr.buyerId !== actor.singleid && !isPurchasingManager(actor))
    throw notAllowed('담당 구매자 또는 구매 관리자만 입찰을 만들 수 있습니다');
  if (prVersion !== undefined) checkVersion(prVersion, pr.version);
  const status = transition(PR_MACHINE, 'requestQuote', pr.status);
  const lines = await findPrLineRows(trx, prNo);
  await updatePrHeader(trx, prNo, { status, version: pr.version + 1, updatedAt: new Date() });
  await writeAudit(trx, {
    entity: 'pr_header',
    entityKey: prNo,
    action: 'REQUEST_TENDER',
    actor: actor.userId,
    before: { status: pr.status },
    after: { status, tenderNo: docNo },
  });
  return { pr, lines };
}

/** A cancelled tender or auction gives its PR back to purchasing (QUOT_REQUESTED → RECEIVED), audited. */
export async function releasePrOfBidding(trx: Db, actor: Actor, prNo: string, docNo: string, reason: string) {
  const pr = await lockPr(trx, prNo);
  if (!pr || pr.status !== 'QUOT_REQUESTED') return;
  const status = transition(PR_MACHINE, 'reopen', pr.status);
  await updatePrHeader(trx, prNo, { status, version: pr.version + 1, updatedAt: new Date() });
  await writeAudit(trx, {
    entity: 'pr_header',
    entityKey: prNo,
    action: 'TENDER_CANCELLED',
    actor: actor.userId,
    before: { status: pr.status },
    after: { status, tenderNo: docNo },
    reason,
  });
}
