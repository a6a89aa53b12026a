import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../../http/access.js';
import { commonErrors } from '../../../http/error-schema.js';
import { pageWindow, parseSort } from '../../../http/list-query.js';
import { groupHoldsScreen } from '../../../auth/menu-authority.js';
import { writeAudit } from '../../../db/audit.js';
import type { Db } from '../../../db/connect.js';
import { startApproval, withdrawApproval, isApproverOf, loadApprovals } from '../approval/queries.js';
import { approvalState } from '../approval/state.js';
import { rfqSummaryOfPr } from '../rfq/summary.js';
import { internalActor, isPurchasingManager, type Actor } from '../../../domain/actor.js';
import { checkFileId, loadAttachments, loadHistory } from '../../../domain/documents.js';
import { checkVersion, failIf, missing, notAllowed, type FieldError } from '../../../domain/errors.js';
import { resolveLines } from '../shared/lines.js';
import { jpyRate, toKrw } from '../../../domain/money.js';
import { nextDocNo } from '../shared/numbering.js';
import { ReasonBody, VersionBody } from '../../../domain/schemas.js';
import { transition } from '../../../domain/machine.js';
import { checkDate, todayKst } from '../../../domain/dates.js';
import { iso, requireText, text } from '../../../domain/values.js';
import { findPrHeader, findPrLines, findPrLinks, listPrs } from './queries.js';
import { ItemCodeParams, PrConfirmListQuery, PrCreateBody, PrDetail, PrItem, PrList, PrListQuery, PrNoParams, PrUpdateBody, ReceiveBody } from './schemas.js';
import { PR_MACHINE, prActionsFor, prScopeOf } from './workflow.js';

export const PR_SCREENS = { list: '/prList', edit: '/prEdit', confirmList: '/prConfirmList', confirmEdit: '/prConfirmEdit' } as const;

const notFoundPr = () => missing('PR_NOT_FOUND', '구매요청을 찾을 수 없습니다');

type PrInput = { title: string; section?: string; deptcd?: string; desiredDate: string; purpose?: string | null; currency: 'KRW' | 'JPY'; fileId?: string | null; lines: Array<Record<string, unknown> & { quantity: string; estUnitPrice: string }> };

/** Checks a PR's header and lines; returns what to store. */
async function checkPrInput(db: Db, b: PrInput, actor: Actor) {
  const errors: FieldError[] = [];
  const today = todayKst();
  requireText(errors, 'body/title', b.title, '제목');
  checkDate(errors, 'body/desiredDate', b.desiredDate, '희망 납기일', { required: true, notBefore: today });
  const section = text(b.section) ?? actor.section;
  const deptcd = text(b.deptcd) ?? actor.deptcd;
  const dept = await db.selectFrom('department').select(['deptcd', 'topDept', 'useYn']).where('deptcd', '=', deptcd).executeTakeFirst();
  if (!dept || dept.useYn !== 'Y') errors.push({ path: 'body/deptcd', message: `부서를 찾을 수 없습니다: ${deptcd}` });
  else if (dept.topDept !== section) errors.push({ path: 'body/deptcd', message: '부서가 선택한 사업부문에 속하지 않습니다' });
  await checkFileId(db, 'body/fileId', b.fileId);
  const { lines, total } = await resolveLines(
    db,
    b.lines.map((l) => ({ ...(l as object), quantity: l.quantity, price: l.estUnitPrice }) as never),
    b.currency,
    { priceField: 'estUnitPrice', errors },
  );
  return { header: { title: b.title.trim(), section, deptcd, desiredDate: b.desiredDate, purpose: text(b.purpose), currency: b.currency, fileId: b.fileId ?? null, totalAmount: total }, lines };
}

async function writeLines(trx: Db, prNo: string, lines: Awaited<ReturnType<typeof checkPrInput>>['lines']) {
  await trx.deleteFrom('prLine').where('prNo', '=', prNo).execute();
  await trx
    .insertInto('prLine')
    .values(lines.map((l) => ({ prNo, lineNo: l.lineNo, itemCode: l.itemCode, itemName: l.itemName, spec: l.spec, unitCode: l.unitCode, sgCode: l.sgCode, quantity: l.quantity, estUnitPrice: l.price, estAmount: l.amount, remark: l.remark })))
    .execute();
}

/** Purchase requests: the requester's side (/prList, /prEdit) and purchasing's receipt (/prConfirmList, /prConfirmEdit). */
export const prRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['purchase-request'];
  const readScreens = [PR_SCREENS.list, PR_SCREENS.edit, PR_SCREENS.confirmList, PR_SCREENS.confirmEdit];

  async function detail(db: Db, prNo: string, actor: Actor) {
    const h = await findPrHeader(db, prNo);
    if (!h) throw notFoundPr();
    const scope = prScopeOf(actor);
    const inScope =
      scope.kind === 'all' ||
      h.requesterId === actor.singleid ||
      (scope.kind === 'dept' && h.deptcd === scope.deptcd) ||
      (scope.kind === 'section' && h.section === scope.section) ||
      (await groupHoldsScreen(db, actor.authGroupId, [PR_SCREENS.confirmEdit], 'read')) ||
      (await isApproverOf(db, ['PR'], prNo, actor.singleid));
    if (!inScope) throw notFoundPr();
    const [lines, attachments, approvals, history, links, canPurchase, canWritePr, rfq] = await Promise.all([
      findPrLines(db, prNo),
      loadAttachments(db, h.fileId),
      loadApprovals(db, { docTypes: ['PR'], docNo: prNo }),
      loadHistory(db, 'pr_header', prNo),
      findPrLinks(db, prNo),
      groupHoldsScreen(db, actor.authGroupId, [PR_SCREENS.confirmEdit], 'write'),
      groupHoldsScreen(db, actor.authGroupId, [PR_SCREENS.edit], 'write'),
      rfqSummaryOfPr(db, prNo, actor),
    ]);
    const { approvalId: _a, ...header } = h;
    const { isCurrentApprover, ...approval } = approvalState(approvals, actor.singleid);
    const actions: string[] = prActionsFor(h.status, { isRequester: h.requesterId === actor.singleid, canPurchase, canWritePr, isBuyer: h.buyerId === actor.singleid, isManager: isPurchasingManager(actor) });
    // Deciding is on the approval itself (approveApproval / rejectApproval): the pending approver's buttons.
    if (isCurrentApprover && h.status === 'IN_APPROVAL') actions.push('approve', 'reject');
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

  app.get(
    '/api/v1/prs',
    {
      config: { access: access.login([PR_SCREENS.list, PR_SCREENS.edit], 'read', ['I']) },
      schema: { operationId: 'listPrs', tags, summary: 'Purchase requests of the caller’s scope (30: own, 31: department, 32: section, others: all; approvers see what they approve)', querystring: PrListQuery, response: { 200: PrList, ...commonErrors } },
    },
    async (request) => {
      const q = request.query;
      const actor = await internalActor(request.db, request.caller);
      return listPrs(request.db, q, prScopeOf(actor), actor.singleid, parseSort(q.sort, { field: 'prNo', direction: 'desc' }), pageWindow(q));
    },
  );

  app.get(
    '/api/v1/pr-confirm',
    {
      config: { access: access.login([PR_SCREENS.confirmList, PR_SCREENS.confirmEdit], 'read', ['I']) },
      schema: {
        operationId: 'listPrConfirm',
        tags,
        summary: 'PRs for purchasing: approved ones waiting to be received, received ones and those out for quotation (status filters any other)',
        querystring: PrConfirmListQuery,
        response: { 200: PrList, ...commonErrors },
      },
    },
    async (request) => {
      const { mine, ...q } = request.query;
      const actor = await internalActor(request.db, request.caller);
      const filter = { ...q, status: q.status?.length ? q.status : ['APPROVED', 'RECEIVED', 'QUOT_REQUESTED'], buyerId: mine === 'Y' ? actor.singleid : q.buyerId };
      return listPrs(request.db, filter, { kind: 'all' }, null, parseSort(q.sort, { field: 'prNo', direction: 'desc' }), pageWindow(q));
    },
  );

  app.get(
    '/api/v1/prs/items/:itemCode',
    {
      config: { access: access.login([PR_SCREENS.edit], 'read', ['I']) },
      schema: {
        operationId: 'getPrItem',
        tags,
        summary: 'An item of the master as a PR line starts from it: name, specification, unit, sourcing group and reference price (the line grid fills them when an item code is typed)',
        params: ItemCodeParams,
        response: { 200: PrItem, ...commonErrors },
      },
    },
    async (request) => {
      const item = await request.db
        .selectFrom('item as i')
        .innerJoin('sourcingGroup as g', 'g.sgCode', 'i.sgCode')
        .select(['i.itemCode', 'i.itemName', 'i.spec', 'i.unitCode', 'i.sgCode', 'g.sgName', 'i.refPrice', 'i.currency', 'i.useYn'])
        .where('i.itemCode', '=', request.params.itemCode.trim().toUpperCase())
        .executeTakeFirst();
      if (!item || item.useYn !== 'Y') throw missing('ITEM_NOT_FOUND', `등록되지 않았거나 사용하지 않는 품목입니다: ${request.params.itemCode.trim()}`);
      const { useYn: _u, ...rest } = item;
      return { ...rest, refPrice: String(rest.refPrice) };
    },
  );

  app.get(
    '/api/v1/prs/:prNo',
    {
      config: { access: access.login(readScreens, 'read', ['I']) },
      schema: { operationId: 'getPr', tags, summary: 'One PR: header, lines, attachments, approvals, history, quotation requests and orders, and what the caller may do', params: PrNoParams, response: { 200: PrDetail, ...commonErrors } },
    },
    async (request) => detail(request.db, request.params.prNo, await internalActor(request.db, request.caller)),
  );

  app.post(
    '/api/v1/prs',
    {
      config: { access: access.login([PR_SCREENS.edit], 'write', ['I']) },
      schema: { operationId: 'createPr', tags, summary: 'Create a draft PR (the caller is the requester)', body: PrCreateBody, response: { 200: PrDetail, ...commonErrors } },
    },
    async (request) => {
      const actor = await internalActor(request.db, request.caller);
      const input = await checkPrInput(request.db, request.body, actor);
      const prNo = await request.db.transaction().execute(async (trx) => {
        const prNo = await nextDocNo(trx, 'PR');
        const header = { prNo, prDate: todayKst(), ...input.header, requesterId: actor.singleid, status: 'DRAFT' as const, createdBy: actor.userId };
        await trx.insertInto('prHeader').values(header).execute();
        await writeLines(trx, prNo, input.lines);
        await writeAudit(trx, { entity: 'pr_header', entityKey: prNo, action: 'CREATE', actor: actor.userId, after: { ...header, lines: input.lines } });
        return prNo;
      });
      return detail(request.db, prNo, actor);
    },
  );

  app.put(
    '/api/v1/prs/:prNo',
    {
      config: { access: access.login([PR_SCREENS.edit], 'write', ['I']) },
      schema: { operationId: 'updatePr', tags, summary: 'Change a draft or rejected PR (requester only; stale version: 409)', params: PrNoParams, body: PrUpdateBody, response: { 200: PrDetail, 409: Type.Ref('ErrorBody'), ...commonErrors } },
    },
    async (request) => {
      const { prNo } = request.params;
      const actor = await internalActor(request.db, request.caller);
      await request.db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('prHeader').selectAll().where('prNo', '=', prNo).forUpdate().executeTakeFirst();
        if (!before) throw notFoundPr();
        if (before.requesterId !== actor.singleid) throw notAllowed('요청자만 구매요청을 수정할 수 있습니다');
        checkVersion(request.body.version, before.version);
        transition(PR_MACHINE, 'update', before.status);
        const input = await checkPrInput(trx, request.body, actor);
        const oldLines = await trx.selectFrom('prLine').selectAll().where('prNo', '=', prNo).orderBy('lineNo').execute();
        await trx.updateTable('prHeader').set({ ...input.header, version: before.version + 1, updatedAt: new Date() }).where('prNo', '=', prNo).execute();
        await writeLines(trx, prNo, input.lines);
        await writeAudit(trx, { entity: 'pr_header', entityKey: prNo, action: 'UPDATE', actor: actor.userId, before: { ...before, lines: oldLines }, after: { ...input.header, lines: input.lines } });
      });
      return detail(request.db, prNo, actor);
    },
  );

  app.post(
    '/api/v1/prs/:prNo/submit',
    {
      config: { access: access.login([PR_SCREENS.edit], 'write', ['I']) },
      schema: {
        operationId: 'submitPr',
        tags,
        summary: 'Submit for approval: the PR rule for the amount (KRW; JPY at JPY_RATE) picks the approval line',
        params: PrNoParams,
        body: VersionBody,
        response: { 200: PrDetail, 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => {
      const { prNo } = request.params;
      const actor = await internalActor(request.db, request.caller);
      const rate = await jpyRate(request.db);
      await request.db.transaction().execute(async (trx) => {
        const pr = await trx.selectFrom('prHeader').selectAll().where('prNo', '=', prNo).forUpdate().executeTakeFirst();
        if (!pr) throw notFoundPr();
        if (pr.requesterId !== actor.singleid) throw notAllowed('요청자만 결재를 상신할 수 있습니다');
        checkVersion(request.body.version, pr.version);
        if (pr.desiredDate < todayKst()) failIf([{ path: 'body', message: '희망 납기일이 지났습니다. 납기일을 고친 뒤 상신하세요' }]);
        const status = transition(PR_MACHINE, 'submit', pr.status);
        const amountKrw = toKrw(pr.totalAmount, pr.currency, rate);
        const { approvalId, firstApproverId } = await startApproval(trx, { docType: 'PR', docNo: prNo, amountKrw, submitterId: actor.singleid, actorUserId: actor.userId });
        const now = new Date();
        await trx
          .updateTable('prHeader')
          .set({ status, approvalStatus: 'PENDING', approvalId, submittedAt: now, rejectReason: null, version: pr.version + 1, updatedAt: now })
          .where('prNo', '=', prNo)
          .execute();
        await writeAudit(trx, { entity: 'pr_header', entityKey: prNo, action: 'SUBMIT', actor: actor.userId, before: { status: pr.status }, after: { status, approvalId, amountKrw, firstApproverId } });
      });
      return detail(request.db, prNo, actor);
    },
  );

  app.post(
    '/api/v1/prs/:prNo/cancel',
    {
      config: { access: access.login([PR_SCREENS.edit], 'write', ['I']) },
      schema: { operationId: 'cancelPr', tags, summary: 'Cancel a PR not yet received by purchasing (requester only; a reason is required; an open approval is withdrawn)', params: PrNoParams, body: ReasonBody, response: { 200: PrDetail, 409: Type.Ref('ErrorBody'), ...commonErrors } },
    },
    async (request) => {
      const { prNo } = request.params;
      const reason = text(request.body.reason);
      if (!reason) failIf([{ path: 'body/reason', message: '취소 사유를 입력하세요' }]);
      const actor = await internalActor(request.db, request.caller);
      await request.db.transaction().execute(async (trx) => {
        const pr = await trx.selectFrom('prHeader').selectAll().where('prNo', '=', prNo).forUpdate().executeTakeFirst();
        if (!pr) throw notFoundPr();
        if (pr.requesterId !== actor.singleid) throw notAllowed('요청자만 구매요청을 취소할 수 있습니다');
        checkVersion(request.body.version, pr.version);
        const status = transition(PR_MACHINE, 'cancel', pr.status);
        const withdrawn = pr.status === 'IN_APPROVAL';
        if (withdrawn) await withdrawApproval(trx, pr.approvalId, actor.userId);
        await trx
          .updateTable('prHeader')
          .set({ status, cancelReason: reason, ...(withdrawn ? { approvalStatus: 'WITHDRAWN' } : {}), version: pr.version + 1, updatedAt: new Date() })
          .where('prNo', '=', prNo)
          .execute();
        await writeAudit(trx, { entity: 'pr_header', entityKey: prNo, action: 'CANCEL', actor: actor.userId, before: { status: pr.status }, after: { status }, reason });
      });
      return detail(request.db, prNo, actor);
    },
  );

  app.post(
    '/api/v1/prs/:prNo/receive',
    {
      config: { access: access.login([PR_SCREENS.confirmEdit], 'write', ['I']) },
      schema: { operationId: 'receivePr', tags, summary: 'Purchasing receives an approved PR, assigns its buyer and, optionally, files every line under one level-4 sourcing group', params: PrNoParams, body: ReceiveBody, response: { 200: PrDetail, 409: Type.Ref('ErrorBody'), ...commonErrors } },
    },
    async (request) => {
      const { prNo } = request.params;
      const actor = await internalActor(request.db, request.caller);
      const buyerId = request.body.buyerId.trim();
      const buyer = await request.db
        .selectFrom('employee as e')
        .innerJoin('appUser as u', 'u.singleid', 'e.singleid')
        .select(['e.singleid', 'e.status', 'u.useFlag', 'u.authGroupId'])
        .where('e.singleid', '=', buyerId)
        .executeTakeFirst();
      if (!buyer || buyer.status !== 'ACTIVE' || buyer.useFlag !== 'Y') failIf([{ path: 'body/buyerId', message: `재직 중인 사원을 찾을 수 없습니다: ${buyerId}` }]);
      if (!(await groupHoldsScreen(request.db, buyer!.authGroupId, [PR_SCREENS.confirmEdit], 'write'))) {
        failIf([{ path: 'body/buyerId', message: '구매 담당 권한(구매요청 접수)이 없는 사원은 구매 담당자로 지정할 수 없습니다' }]);
      }
      const sgCode = text(request.body.sgCode ?? null);
      if (sgCode) {
        const group = await request.db.selectFrom('sourcingGroup').select(['sgLevel', 'useYn']).where('sgCode', '=', sgCode).executeTakeFirst();
        if (!group || group.useYn !== 'Y') failIf([{ path: 'body/sgCode', message: `등록되지 않은 소싱그룹입니다: ${sgCode}` }]);
        if (group!.sgLevel !== '004') failIf([{ path: 'body/sgCode', message: '소싱그룹은 4단계(세분류)까지 선택하세요' }]);
      }
      await request.db.transaction().execute(async (trx) => {
        const pr = await trx.selectFrom('prHeader').selectAll().where('prNo', '=', prNo).forUpdate().executeTakeFirst();
        if (!pr) throw notFoundPr();
        checkVersion(request.body.version, pr.version);
        const status = transition(PR_MACHINE, 'receive', pr.status);
        const now = new Date();
        await trx.updateTable('prHeader').set({ status, buyerId, receivedAt: now, receivedBy: actor.userId, version: pr.version + 1, updatedAt: now }).where('prNo', '=', prNo).execute();
        if (sgCode) await trx.updateTable('prLine').set({ sgCode }).where('prNo', '=', prNo).execute();
        await writeAudit(trx, { entity: 'pr_header', entityKey: prNo, action: 'RECEIVE', actor: actor.userId, before: { status: pr.status, buyerId: pr.buyerId }, after: { status, buyerId, ...(sgCode ? { sgCode } : {}) } });
      });
      return detail(request.db, prNo, actor);
    },
  );

  app.post(
    '/api/v1/prs/:prNo/return',
    {
      config: { access: access.login([PR_SCREENS.confirmEdit], 'write', ['I']) },
      schema: {
        operationId: 'returnPr',
        tags,
        summary: 'Purchasing rejects an approved or received PR with a reason (the assigned buyer or a purchasing manager once received); the requester may revise and submit again',
        params: PrNoParams,
        body: ReasonBody,
        response: { 200: PrDetail, 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => {
      const { prNo } = request.params;
      const reason = text(request.body.reason);
      if (!reason) failIf([{ path: 'body/reason', message: '반려 사유를 입력하세요' }]);
      const actor = await internalActor(request.db, request.caller);
      await request.db.transaction().execute(async (trx) => {
        const pr = await trx.selectFrom('prHeader').selectAll().where('prNo', '=', prNo).forUpdate().executeTakeFirst();
        if (!pr) throw notFoundPr();
        if (pr.status === 'RECEIVED' && pr.buyerId !== actor.singleid && !isPurchasingManager(actor)) throw notAllowed('접수한 구매요청은 담당 구매자 또는 구매 관리자만 반려할 수 있습니다');
        checkVersion(request.body.version, pr.version);
        const status = transition(PR_MACHINE, 'return', pr.status);
        await trx.updateTable('prHeader').set({ status, approvalStatus: pr.approvalStatus, rejectReason: reason, version: pr.version + 1, updatedAt: new Date() }).where('prNo', '=', prNo).execute();
        await writeAudit(trx, { entity: 'pr_header', entityKey: prNo, action: 'RETURN', actor: actor.userId, before: { status: pr.status }, after: { status }, reason });
      });
      return detail(request.db, prNo, actor);
    },
  );
};
