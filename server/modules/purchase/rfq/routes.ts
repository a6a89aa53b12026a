import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { assertSuppliersEligible } from '../../suppliers/eligibility.js';
import { access } from '../../../http/access.js';
import { commonErrors } from '../../../http/error-schema.js';
import { pageWindow, parseSort } from '../../../http/list-query.js';
import { groupHoldsScreen } from '../../../auth/menu-authority.js';
import { writeAudit } from '../../../db/audit.js';
import type { Db } from '../../../db/connect.js';
import { PR_MACHINE } from '../pr/workflow.js';
import { internalActor, isPurchasingManager, supplierActor, type Actor } from '../../../domain/actor.js';
import { checkFileId, loadAttachments, loadHistory } from '../../../domain/documents.js';
import { checkVersion, failIf, missing, notAllowed, refused, wrongState, type FieldError } from '../../../domain/errors.js';
import { fitsAmount, lineAmount, totalOf } from '../../../domain/money.js';
import { nextDocNo } from '../shared/numbering.js';
import { ReasonBody } from '../../../domain/schemas.js';
import { transition } from '../../../domain/machine.js';
import { UNIT_PRICE, checkDecimal, iso, text } from '../../../domain/values.js';
import { checkDate, parseDeadline, todayKst } from '../../../domain/dates.js';
import { findOwnQuotation, findOwnQuotationLines, findQuotationLines, findQuotations, findRfq, findRfqLines, listRfqs, listSupplierRfqs } from './queries.js';
import {
  Comparison,
  QuotationBody,
  RfqCreateBody,
  RfqDetail,
  RfqListQuery,
  RfqNoParams,
  SupplierRfqReadQuery,
  RfqRow,
  SelectBody,
  SupplierQuotation,
  SupplierRfqDetail,
  SupplierRfqListQuery,
  SupplierCandidate,
  SupplierRfqRow,
  SupplierSearchQuery,
} from './schemas.js';
import { rfqActionsFor, searchSuppliers } from './summary.js';
import { supplierQuestions } from '../rfq-questions/queries.js';
import { QUOT_MACHINE, RFQ_MACHINE, lowest, quotationOpen, selectionAllowed } from './workflow.js';
import { checkSourcingEligibility } from '../../evaluation/eligibility.js';
import { notifyRfqInvitations } from '../../notifications/supplier.js';
import { supplierView, supplierViewOfOne } from '../../../http/supplier-view.js';

const INTERNAL_SCREENS = ['/prConfirmList', '/prConfirmEdit', '/OrderRequestList', '/OrderRequestEdit'];
const CHECK_SCREENS = ['/prCheckList', '/prCheckEdit'];
const SUBMIT_SCREENS = ['/prSubmitList', '/prSubmitEdit'];

const rfqMissing = () => missing('RFQ_NOT_FOUND', '견적요청을 찾을 수 없습니다');

/** Quotation requests: purchasing invites suppliers, compares and selects; suppliers read, check and quote. */
export const rfqRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['quotation'];

  async function detail(db: Db, rfqNo: string, actor: Actor) {
    const h = await findRfq(db, rfqNo);
    if (!h) throw rfqMissing();
    const [lines, suppliers, attachments, history, po, canWrite, canOrder] = await Promise.all([
      findRfqLines(db, rfqNo),
      findQuotations(db, rfqNo),
      loadAttachments(db, h.fileId),
      loadHistory(db, 'rfq_header', rfqNo),
      db.selectFrom('poHeader').select('poNo').where('rfqNo', '=', rfqNo).where('status', '<>', 'CANCELLED').executeTakeFirst(),
      groupHoldsScreen(db, actor.authGroupId, ['/prConfirmEdit'], 'write'),
      groupHoldsScreen(db, actor.authGroupId, ['/OrderRequestEdit'], 'write'),
    ]);
    const now = new Date();
    const allowed = selectionAllowed(h.deadline, now, suppliers.map((s) => s.status));
    const actions = rfqActionsFor(h, suppliers.map((s) => s.status), { actor, canWrite, canOrder, hasOrder: !!po }, now);
    return {
      ...h,
      deadline: iso(h.deadline)!,
      deadlinePassed: h.deadline.getTime() < now.getTime(),
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

  app.get(
    '/api/v1/rfqs',
    {
      config: { access: access.login(INTERNAL_SCREENS, 'read', ['I']) },
      schema: { operationId: 'listRfqs', tags, summary: 'Quotation requests with their invited and answered supplier counts', querystring: RfqListQuery, response: { 200: Type.Object({ rows: Type.Array(RfqRow), total: Type.Integer() }), ...commonErrors } },
    },
    async (request) => {
      const q = request.query;
      return listRfqs(request.db, q, parseSort(q.sort, { field: 'rfqNo', direction: 'desc' }), pageWindow(q));
    },
  );

  app.get(
    '/api/v1/rfqs/suppliers',
    {
      config: { access: access.login(['/prConfirmList', '/prConfirmEdit'], 'read', ['I']) },
      schema: {
        operationId: 'searchRfqSuppliers',
        tags,
        summary: 'Suppliers a buyer may invite to quote (trading ones): by a part of the name, the company number or the business number (the company popup)',
        querystring: SupplierSearchQuery,
        response: { 200: Type.Object({ rows: Type.Array(SupplierCandidate), total: Type.Integer() }), ...commonErrors },
      },
    },
    async (request) => searchSuppliers(request.db, request.query.q, pageWindow(request.query)),
  );

  app.get(
    '/api/v1/rfqs/:rfqNo',
    {
      config: { access: access.login(INTERNAL_SCREENS, 'read', ['I']) },
      schema: { operationId: 'getRfq', tags, summary: 'One quotation request: lines, invited suppliers and their answers, history', params: RfqNoParams, response: { 200: RfqDetail, ...commonErrors } },
    },
    async (request) => detail(request.db, request.params.rfqNo, await internalActor(request.db, request.caller)),
  );

  app.post(
    '/api/v1/rfqs',
    {
      config: { access: access.login(['/prConfirmEdit'], 'write', ['I']) },
      schema: {
        operationId: 'createRfq',
        tags,
        summary: 'Invite suppliers to quote on a received PR (its buyer or a purchasing manager); the PR moves to quotation requested',
        body: RfqCreateBody,
        response: { 200: RfqDetail, 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => {
      const b = request.body;
      const actor = await internalActor(request.db, request.caller);
      const errors: FieldError[] = [];
      const deadline = parseDeadline(errors, 'body/deadline', b.deadline);
      const suppliers = b.suppliers.map((s) => s.trim().toUpperCase());
      suppliers.forEach((s, i) => {
        if (suppliers.indexOf(s) !== i) errors.push({ path: `body/suppliers/${i}`, message: `같은 협력사를 두 번 지정했습니다: ${s}` });
      });
      failIf(errors);
      await assertSuppliersEligible(request.db, suppliers, 'rfq', (i) => `body/suppliers/${i}`);
      const companies = await request.db.selectFrom('company').select(['compNo', 'status']).where('compNo', 'in', suppliers).execute();
      const byNo = new Map(companies.map((c) => [c.compNo, c.status]));
      suppliers.forEach((s, i) => {
        if (!byNo.has(s)) errors.push({ path: `body/suppliers/${i}`, message: `등록되지 않은 협력사입니다: ${s}` });
        else if (byNo.get(s) !== 'ACTIVE') errors.push({ path: `body/suppliers/${i}`, message: `거래 중이 아닌 협력사입니다: ${s}` });
      });
      failIf(errors);
      await checkFileId(request.db, 'body/fileId', b.fileId);
      const rfqNo = await request.db.transaction().execute(async (trx) => {
        const pr = await trx.selectFrom('prHeader').selectAll().where('prNo', '=', b.prNo).forUpdate().executeTakeFirst();
        if (!pr) throw missing('PR_NOT_FOUND', '구매요청을 찾을 수 없습니다');
        if (pr.buyerId !== actor.singleid && !isPurchasingManager(actor)) throw notAllowed('담당 구매자 또는 구매 관리자만 견적을 요청할 수 있습니다');
        checkVersion(b.prVersion, pr.version);
        const prStatus = transition(PR_MACHINE, 'requestQuote', pr.status);
        const prLines = await trx.selectFrom('prLine').selectAll().where('prNo', '=', pr.prNo).orderBy('lineNo').execute();
        const rfqNo = await nextDocNo(trx, 'RFQ');
        await checkSourcingEligibility(trx, suppliers, { docType: 'RFQ', docNo: rfqNo, confirmWarning: b.confirmEvaluationWarning, actor: actor.userId });
        const header = {
          rfqNo, prNo: pr.prNo, title: text(b.title) ?? pr.title, buyerId: pr.buyerId!, currency: pr.currency, deadline: deadline!, status: 'OPEN' as const,
          description: text(b.description), fileId: b.fileId ?? null, createdBy: actor.userId,
        };
        await trx.insertInto('rfqHeader').values(header).execute();
        await trx
          .insertInto('rfqLine')
          .values(prLines.map((l) => ({ rfqNo, lineNo: l.lineNo, prLineNo: l.lineNo, itemCode: l.itemCode, itemName: l.itemName, spec: l.spec, unitCode: l.unitCode, sgCode: l.sgCode, quantity: l.quantity, deliveryDate: pr.desiredDate })))
          .execute();
        await trx.insertInto('quotation').values(suppliers.map((compNo) => ({ rfqNo, compNo, status: 'REQUESTED' as const, currency: pr.currency }))).execute();
        await notifyRfqInvitations(trx, rfqNo, suppliers);
        await trx.updateTable('prHeader').set({ status: prStatus, version: pr.version + 1, updatedAt: new Date() }).where('prNo', '=', pr.prNo).execute();
        await writeAudit(trx, { entity: 'rfq_header', entityKey: rfqNo, action: 'CREATE', actor: actor.userId, after: { ...header, suppliers } });
        await writeAudit(trx, { entity: 'pr_header', entityKey: pr.prNo, action: 'REQUEST_QUOTE', actor: actor.userId, before: { status: pr.status }, after: { status: prStatus, rfqNo, suppliers } });
        return rfqNo;
      });
      return detail(request.db, rfqNo, actor);
    },
  );

  app.get(
    '/api/v1/rfqs/:rfqNo/comparison',
    {
      config: { access: access.login(INTERNAL_SCREENS, 'read', ['I']) },
      schema: { operationId: 'compareQuotations', tags, summary: 'Quotations side by side, line by line, lowest prices marked (internal only)', params: RfqNoParams, response: { 200: Comparison, ...commonErrors } },
    },
    async (request) => {
      const { rfqNo } = request.params;
      const h = await findRfq(request.db, rfqNo);
      if (!h) throw rfqMissing();
      const [lines, quotes, qLines] = await Promise.all([findRfqLines(request.db, rfqNo), findQuotations(request.db, rfqNo), findQuotationLines(request.db, rfqNo)]);
      const compared = quotes.map((q) => ({ compNo: q.compNo, status: q.status, totalAmount: q.totalAmount, lines: qLines.filter((l) => l.compNo === q.compNo) }));
      const best = lowest(compared);
      const now = new Date();
      return {
        rfqNo,
        status: h.status,
        currency: h.currency,
        deadline: iso(h.deadline)!,
        deadlinePassed: h.deadline.getTime() < now.getTime(),
        selectionAllowed: h.status === 'OPEN' && selectionAllowed(h.deadline, now, quotes.map((q) => q.status)),
        version: h.version,
        lowestTotal: best.total,
        suppliers: quotes.map((q) => ({ ...q, checkedAt: undefined, lowest: q.totalAmount !== null && best.total !== null && q.totalAmount === best.total })),
        lines: lines.map((l) => {
          const low = best.byLine.get(l.lineNo) ?? null;
          return {
            ...l,
            prLineNo: undefined,
            lowestUnitPrice: low,
            quotes: qLines.filter((q) => q.lineNo === l.lineNo).map((q) => ({ compNo: q.compNo, unitPrice: q.unitPrice, amount: q.amount, remark: q.remark, lowest: low !== null && q.unitPrice === low })),
          };
        }),
      };
    },
  );

  app.post(
    '/api/v1/rfqs/:rfqNo/select',
    {
      config: { access: access.login(['/prConfirmEdit', '/OrderRequestEdit'], 'write', ['I']) },
      schema: {
        operationId: 'selectQuotation',
        tags,
        summary: 'Select one submitted, still valid quotation (the buyer or a purchasing manager, after the deadline or once every supplier has answered); the others are not selected',
        params: RfqNoParams,
        body: SelectBody,
        response: { 200: RfqDetail, 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => {
      const { rfqNo } = request.params;
      const compNo = request.body.compNo.trim().toUpperCase();
      const actor = await internalActor(request.db, request.caller);
      await request.db.transaction().execute(async (trx) => {
        const h = await trx.selectFrom('rfqHeader').selectAll().where('rfqNo', '=', rfqNo).forUpdate().executeTakeFirst();
        if (!h) throw rfqMissing();
        if (h.buyerId !== actor.singleid && !isPurchasingManager(actor)) throw notAllowed('담당 구매자 또는 구매 관리자만 업체를 선정할 수 있습니다');
        checkVersion(request.body.version, h.version);
        const status = transition(RFQ_MACHINE, 'select', h.status);
        const quotes = await trx.selectFrom('quotation').selectAll().where('rfqNo', '=', rfqNo).forUpdate().execute();
        const now = new Date();
        if (!selectionAllowed(h.deadline, now, quotes.map((q) => q.status))) {
          throw refused('RFQ_NOT_CLOSED', '견적 마감 전에는 업체를 선정할 수 없습니다 (모든 협력사가 제출했거나 마감일시가 지나야 합니다)');
        }
        const chosen = quotes.find((q) => q.compNo === compNo);
        if (!chosen) failIf([{ path: 'body/compNo', message: `이 견적요청에 초대되지 않은 협력사입니다: ${compNo}` }]);
        if (chosen!.status !== 'SUBMITTED') throw wrongState(`견적을 제출하지 않은 협력사는 선정할 수 없습니다 (${QUOT_MACHINE.statusLabels[chosen!.status]})`, chosen!.status);
        if (chosen!.validUntil && chosen!.validUntil < todayKst()) throw refused('QUOTATION_EXPIRED', `견적 유효기간(${chosen!.validUntil})이 지난 견적은 선정할 수 없습니다`);
        for (const q of quotes) {
          const next = q.compNo === compNo ? 'SELECTED' : QUOT_MACHINE.transitions.notSelect.from.includes(q.status) ? 'NOT_SELECTED' : q.status;
          if (next === q.status) continue;
          await trx.updateTable('quotation').set({ status: next, decidedAt: now, version: q.version + 1 }).where('rfqNo', '=', rfqNo).where('compNo', '=', q.compNo).execute();
        }
        await trx.updateTable('rfqHeader').set({ status, selectedCompNo: compNo, awardedAt: now, version: h.version + 1, updatedAt: now }).where('rfqNo', '=', rfqNo).execute();
        await writeAudit(trx, { entity: 'rfq_header', entityKey: rfqNo, action: 'SELECT', actor: actor.userId, before: { status: h.status }, after: { status, selectedCompNo: compNo, quoteNo: chosen!.quoteNo, totalAmount: chosen!.totalAmount } });
      });
      return detail(request.db, rfqNo, actor);
    },
  );

  app.post(
    '/api/v1/rfqs/:rfqNo/cancel',
    {
      config: { access: access.login(['/prConfirmEdit'], 'write', ['I']) },
      schema: { operationId: 'cancelRfq', tags, summary: 'Cancel an open request with a reason; its quotations are cancelled and the PR returns to received', params: RfqNoParams, body: ReasonBody, response: { 200: RfqDetail, 409: Type.Ref('ErrorBody'), ...commonErrors } },
    },
    async (request) => {
      const { rfqNo } = request.params;
      const reason = text(request.body.reason);
      if (!reason) failIf([{ path: 'body/reason', message: '취소 사유를 입력하세요' }]);
      const actor = await internalActor(request.db, request.caller);
      await request.db.transaction().execute(async (trx) => {
        const h = await trx.selectFrom('rfqHeader').selectAll().where('rfqNo', '=', rfqNo).forUpdate().executeTakeFirst();
        if (!h) throw rfqMissing();
        if (h.buyerId !== actor.singleid && !isPurchasingManager(actor)) throw notAllowed('담당 구매자 또는 구매 관리자만 견적요청을 취소할 수 있습니다');
        checkVersion(request.body.version, h.version);
        const status = transition(RFQ_MACHINE, 'cancel', h.status);
        const pr = await trx.selectFrom('prHeader').select(['status', 'version']).where('prNo', '=', h.prNo).forUpdate().executeTakeFirstOrThrow();
        const prStatus = transition(PR_MACHINE, 'reopen', pr.status);
        const now = new Date();
        const quotes = await trx.selectFrom('quotation').select(['compNo', 'status', 'version']).where('rfqNo', '=', rfqNo).forUpdate().execute();
        for (const q of quotes) {
          if (!QUOT_MACHINE.transitions.cancel.from.includes(q.status)) continue;
          await trx.updateTable('quotation').set({ status: 'CANCELLED', decidedAt: now, version: q.version + 1 }).where('rfqNo', '=', rfqNo).where('compNo', '=', q.compNo).execute();
        }
        await trx.updateTable('rfqHeader').set({ status, cancelReason: reason, version: h.version + 1, updatedAt: now }).where('rfqNo', '=', rfqNo).execute();
        await trx.updateTable('prHeader').set({ status: prStatus, version: pr.version + 1, updatedAt: now }).where('prNo', '=', h.prNo).execute();
        await writeAudit(trx, { entity: 'rfq_header', entityKey: rfqNo, action: 'CANCEL', actor: actor.userId, before: { status: h.status }, after: { status }, reason });
        await writeAudit(trx, { entity: 'pr_header', entityKey: h.prNo, action: 'RFQ_CANCELLED', actor: actor.userId, before: { status: pr.status }, after: { status: prStatus, rfqNo }, reason });
      });
      return detail(request.db, rfqNo, actor);
    },
  );

  /* ------------------------------ the supplier's side ------------------------------ */

  app.get(
    '/api/v1/cyber/rfqs',
    {
      config: { access: access.login(CHECK_SCREENS, 'read') },
      schema: { operationId: 'listSupplierRfqs', tags, summary: 'Quotation requests sent to my company (prCheckList); staff: to every supplier, or to compNo', querystring: SupplierRfqListQuery, response: { 200: Type.Object({ rows: Type.Array(SupplierRfqRow), total: Type.Integer() }), ...commonErrors } },
    },
    async (request) => {
      const q = request.query;
      return listSupplierRfqs(supplierView(request, q.compNo).db, q, parseSort(q.sort, { field: 'rfqNo', direction: 'desc' }), pageWindow(q));
    },
  );

  app.get(
    '/api/v1/cyber/rfqs/:rfqNo',
    {
      config: { access: access.login(CHECK_SCREENS, 'read') },
      schema: {
        operationId: 'getSupplierRfq',
        tags,
        summary: 'Read a request sent to my company (prCheckEdit); the supplier’s first opening marks it checked. Another company’s request answers 404. Staff read compNo’s (required) and mark nothing',
        params: RfqNoParams,
        querystring: SupplierRfqReadQuery,
        response: { 200: SupplierRfqDetail, ...commonErrors },
      },
    },
    async (request) => {
      const { rfqNo } = request.params;
      const view = supplierViewOfOne(request, request.query.compNo);
      const db = view.db;
      // Only the supplier's own opening is news to the buyer; a staff member's look changes nothing.
      if (!view.staff) await markChecked(db, rfqNo, supplierActor(request.caller));
      const own = await findOwnQuotation(db, rfqNo);
      if (!own) throw rfqMissing();
      const [lines, attachments] = await Promise.all([findOwnQuotationLines(db, rfqNo), loadAttachments(db, own.rfqFileId)]);
      const now = new Date();
      return {
        rfqNo: own.rfqNo,
        compNo: own.compNo,
        compName: own.compName,
        title: own.title,
        rfqStatus: own.rfqStatus,
        status: own.status,
        currency: own.currency,
        deadline: iso(own.deadline)!,
        deadlinePassed: own.deadline.getTime() < now.getTime(),
        editable: !view.staff && quotationOpen(own.rfqStatus, own.deadline, now) && QUOT_MACHINE.transitions.submit.from.includes(own.status),
        description: own.description,
        buyerName: own.buyerName,
        buyerEmail: own.buyerEmail,
        buyerTelNo: own.buyerTelNo,
        invitedAt: iso(own.invitedAt)!,
        checkedAt: iso(own.checkedAt),
        lines: lines.map((l) => ({ lineNo: l.lineNo, prLineNo: l.prLineNo, itemCode: l.itemCode, itemName: l.itemName, spec: l.spec, unitCode: l.unitCode, quantity: l.quantity, deliveryDate: l.deliveryDate })),
        attachments,
        quoteNo: own.quoteNo,
        version: own.version,
        questions: await supplierQuestions(db, rfqNo),
      };
    },
  );

  /** The supplier's first opening of a request marks its quotation CHECKED (once, audited). */
  async function markChecked(db: Db, rfqNo: string, supplier: { userId: string; compNo: string }) {
    await db.transaction().execute(async (trx) => {
      const q = await trx.selectFrom('quotation').select(['status', 'version']).where('rfqNo', '=', rfqNo).forUpdate().executeTakeFirst();
      if (!q) throw rfqMissing();
      if (q.status !== 'REQUESTED') return;
      const now = new Date();
      await trx.updateTable('quotation').set({ status: 'CHECKED', checkedAt: now, checkedBy: supplier.userId, version: q.version + 1 }).where('rfqNo', '=', rfqNo).execute();
      await writeAudit(trx, { entity: 'quotation', entityKey: `${rfqNo}/${supplier.compNo}`, action: 'CHECK', actor: supplier.userId, before: { status: q.status }, after: { status: 'CHECKED' } });
    });
  }

  app.get(
    '/api/v1/cyber/quotations',
    {
      config: { access: access.login(SUBMIT_SCREENS, 'read') },
      schema: { operationId: 'listSupplierQuotations', tags, summary: 'My company’s submitted quotations (prSubmitList); staff: every supplier’s, or compNo’s', querystring: SupplierRfqListQuery, response: { 200: Type.Object({ rows: Type.Array(SupplierRfqRow), total: Type.Integer() }), ...commonErrors } },
    },
    async (request) => {
      const q = request.query;
      return listSupplierRfqs(supplierView(request, q.compNo).db, { ...q, submittedOnly: true }, parseSort(q.sort, { field: 'submittedAt', direction: 'desc' }), pageWindow(q));
    },
  );

  async function ownQuotation(db: Db, rfqNo: string, staff = false) {
    const own = await findOwnQuotation(db, rfqNo);
    if (!own) throw rfqMissing();
    const [lines, attachments, rfqAttachments] = await Promise.all([findOwnQuotationLines(db, rfqNo), loadAttachments(db, own.fileId), loadAttachments(db, own.rfqFileId)]);
    const now = new Date();
    return {
      rfqNo: own.rfqNo,
      compNo: own.compNo,
      compName: own.compName,
      title: own.title,
      rfqStatus: own.rfqStatus,
      status: own.status,
      quoteNo: own.quoteNo,
      currency: own.currency,
      deadline: iso(own.deadline)!,
      deadlinePassed: own.deadline.getTime() < now.getTime(),
      editable: !staff && quotationOpen(own.rfqStatus, own.deadline, now) && QUOT_MACHINE.transitions.submit.from.includes(own.status),
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

  app.get(
    '/api/v1/cyber/quotations/:rfqNo',
    {
      config: { access: access.login([...SUBMIT_SCREENS, ...CHECK_SCREENS], 'read') },
      schema: { operationId: 'getSupplierQuotation', tags, summary: 'My company’s quotation for a request (prSubmitEdit): the request’s lines with my prices only; staff read compNo’s (required)', params: RfqNoParams, querystring: SupplierRfqReadQuery, response: { 200: SupplierQuotation, ...commonErrors } },
    },
    async (request) => {
      const view = supplierViewOfOne(request, request.query.compNo);
      return ownQuotation(view.db, request.params.rfqNo, view.staff);
    },
  );

  app.put(
    '/api/v1/cyber/quotations/:rfqNo',
    {
      config: { access: access.login(['/prSubmitEdit', '/prCheckEdit'], 'write', ['X']) },
      schema: {
        operationId: 'submitQuotation',
        tags,
        summary: 'Submit or revise my quotation until the deadline: a unit price for every line, lead time, validity, attachments (stale version: 409)',
        params: RfqNoParams,
        body: QuotationBody,
        response: { 200: SupplierQuotation, 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => {
      const { rfqNo } = request.params;
      const b = request.body;
      const supplier = supplierActor(request.caller);
      const errors: FieldError[] = [];
      const today = todayKst();
      checkDate(errors, 'body/validUntil', b.validUntil, '견적 유효기간', { required: true, notBefore: today });
      b.lines.forEach((l, i) => checkDecimal(errors, `body/lines/${i}/unitPrice`, l.unitPrice, UNIT_PRICE));
      failIf(errors);
      await checkFileId(request.db, 'body/fileId', b.fileId);
      await request.db.transaction().execute(async (trx) => {
        const q = await trx
          .selectFrom('quotation as q')
          .innerJoin('rfqHeader as r', 'r.rfqNo', 'q.rfqNo')
          .select(['q.status', 'q.version', 'q.quoteNo', 'q.revision', 'q.totalAmount', 'q.leadTimeDays', 'q.validUntil', 'q.checkedAt', 'r.status as rfqStatus', 'r.deadline', 'r.currency'])
          .where('q.rfqNo', '=', rfqNo)
          .forUpdate()
          .executeTakeFirst();
        if (!q) throw rfqMissing();
        checkVersion(b.version, q.version);
        const status = transition(QUOT_MACHINE, 'submit', q.status);
        if (q.rfqStatus !== 'OPEN') throw wrongState('마감되었거나 취소된 견적요청에는 견적을 낼 수 없습니다', q.rfqStatus);
        const now = new Date();
        if (!quotationOpen(q.rfqStatus, q.deadline, now)) throw refused('QUOTATION_CLOSED', '견적 마감일시가 지나 견적을 제출하거나 수정할 수 없습니다', { deadline: iso(q.deadline) });
        const rfqLines = await trx
          .selectFrom('rfqLine as l')
          .innerJoin('quotation as q', 'q.rfqNo', 'l.rfqNo')
          .select(['l.lineNo', 'l.quantity'])
          .where('l.rfqNo', '=', rfqNo)
          .orderBy('l.lineNo')
          .execute();
        const given = new Map<number, number>();
        b.lines.forEach((l, i) => {
          if (given.has(l.lineNo)) errors.push({ path: `body/lines/${i}/lineNo`, message: `같은 품목 줄(${l.lineNo})을 두 번 입력했습니다` });
          else if (!rfqLines.some((r) => r.lineNo === l.lineNo)) errors.push({ path: `body/lines/${i}/lineNo`, message: `견적요청에 없는 품목 줄입니다: ${l.lineNo}` });
          given.set(l.lineNo, i);
        });
        rfqLines.forEach((r) => {
          if (!given.has(r.lineNo)) errors.push({ path: 'body/lines', message: `${r.lineNo}번 품목의 단가를 입력하세요` });
        });
        failIf(errors);
        const lines = rfqLines.map((r) => {
          const input = b.lines[given.get(r.lineNo)!];
          return { rfqNo, compNo: supplier.compNo, lineNo: r.lineNo, unitPrice: input.unitPrice.trim(), amount: lineAmount(r.quantity, input.unitPrice.trim(), q.currency), remark: text(input.remark) };
        });
        const total = totalOf(lines.map((l) => l.amount));
        if (!fitsAmount(total)) failIf([{ path: 'body/lines', message: '합계 금액이 너무 큽니다' }]);
        const oldLines = await trx.selectFrom('quotationLine').select(['lineNo', 'unitPrice', 'amount']).where('rfqNo', '=', rfqNo).orderBy('lineNo').execute();
        const quoteNo = q.quoteNo ?? (await nextDocNo(trx, 'QT'));
        const after = { status, quoteNo, totalAmount: total, leadTimeDays: b.leadTimeDays, validUntil: b.validUntil, remark: text(b.remark), fileId: b.fileId ?? null, revision: q.revision + 1 };
        await trx
          .updateTable('quotation')
          .set({ ...after, submittedAt: now, submittedBy: supplier.userId, checkedAt: q.checkedAt ?? now, version: q.version + 1 })
          .where('rfqNo', '=', rfqNo)
          .execute();
        await trx.deleteFrom('quotationLine').where('rfqNo', '=', rfqNo).execute();
        await trx.insertInto('quotationLine').values(lines).execute();
        await writeAudit(trx, {
          entity: 'quotation',
          entityKey: `${rfqNo}/${supplier.compNo}`,
          action: q.quoteNo ? 'REVISE' : 'SUBMIT',
          actor: supplier.userId,
          before: { status: q.status, totalAmount: q.totalAmount, leadTimeDays: q.leadTimeDays, validUntil: q.validUntil, lines: oldLines },
          after: { ...after, lines: lines.map(({ lineNo, unitPrice, amount }) => ({ lineNo, unitPrice, amount })) },
        });
      });
      return ownQuotation(request.db, rfqNo);
    },
  );
};
