import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { compareDecimals } from '../../../../lib/money.js';
import { assertSuppliersEligible } from '../../suppliers/eligibility.js';
import { access } from '../../../http/access.js';
import { commonErrors } from '../../../http/error-schema.js';
import { pageWindow, parseSort } from '../../../http/list-query.js';
import { groupHoldsScreen } from '../../../auth/menu-authority.js';
import { writeAudit } from '../../../db/audit.js';
import type { Db } from '../../../db/connect.js';
import { startApproval, withdrawApproval } from '../approval/queries.js';
import { PR_MACHINE } from '../pr/workflow.js';
import { RFQ_MACHINE } from '../rfq/workflow.js';
import { internalActor, isPurchasingManager, supplierActor, type Actor } from '../../../domain/actor.js';
import { checkFileId, loadAttachments } from '../../../domain/documents.js';
import { checkVersion, failIf, invalid, missing, notAllowed, refused, wrongState, type FieldError } from '../../../domain/errors.js';
import { fitsAmount, jpyRate, lineAmount, simpleOrderLimit, toKrw, totalOf, wonText } from '../../../domain/money.js';
import { nextDocNo } from '../shared/numbering.js';
import { ReasonBody, VersionBody } from '../../../domain/schemas.js';
import { transition } from '../../../domain/machine.js';
import { QUANTITY, UNIT_PRICE, checkDecimal, iso, requireText, text } from '../../../domain/values.js';
import { checkDate, todayKst } from '../../../domain/dates.js';
import { findPoLines, findSupplierPo, listPoChanges, listPos, listSupplierPos } from './queries.js';
import {
  ForwardYnAnswer,
  ForwardYnBody,
  PoChangeBody,
  PoChangeListQuery,
  PoChangeRow,
  PoCreateBody,
  PoDetail,
  PoList,
  PoListQuery,
  PoNoParams,
  PoUpdateBody,
  SupplierPoDetail,
  SupplierPoListQuery,
  SupplierPoRow,
} from './schemas.js';
import { PO_CHANGE_SCREEN, PO_SCREENS, SIMPLE_SCREENS, editScreenOf, poDetail, poMissing } from './service.js';
import { PO_MACHINE, statusAfterChange, withinApproval } from './workflow.js';
import { supplierView } from '../../../http/supplier-view.js';
import { checkSourcingEligibility } from '../../evaluation/eligibility.js';
import { notifyPoSent } from '../../notifications/supplier.js';

const ORDER_SCREENS = [PO_SCREENS.list, PO_SCREENS.edit, SIMPLE_SCREENS.list, SIMPLE_SCREENS.edit];
const EDIT_SCREENS = [PO_SCREENS.edit, SIMPLE_SCREENS.edit];
const CYBER_SCREENS = ['/CyberOrderRequestList', '/CyberOrderRequestEdit'];

/** The order locked for a change by its buyer (or a purchasing manager) holding write on its edit screen. */
async function lockOrder(trx: Db, poNo: string, actor: Actor) {
  const po = await trx.selectFrom('poHeader').selectAll().where('poNo', '=', poNo).forUpdate().executeTakeFirst();
  if (!po) throw poMissing();
  if (!(await groupHoldsScreen(trx, actor.authGroupId, [editScreenOf(po.poType)], 'write'))) throw notAllowed('이 유형의 발주를 처리할 권한이 없습니다');
  if (po.buyerId !== actor.singleid && !isPurchasingManager(actor)) throw notAllowed('담당 구매자 또는 구매 관리자만 발주를 처리할 수 있습니다');
  return po;
}

const overApproval = (approved: string) =>
  invalid('PO_OVER_APPROVAL', `결재받은 금액(${wonText(approved)})을 넘을 수 없습니다. 취소 후 다시 발주하세요`, [{ path: 'body/lines', message: `결재 금액 ${wonText(approved)} 초과` }]);

/** Purchase orders (order requests): built from a selected quotation, approved by rule, sent, acknowledged, changed, cancelled. */
export const poRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['purchase-order'];

  app.get(
    '/api/v1/pos',
    {
      config: { access: access.login(ORDER_SCREENS, 'read', ['I']) },
      schema: { operationId: 'listPos', tags, summary: 'Purchase orders and simple orders (poType filters), with per-currency totals', querystring: PoListQuery, response: { 200: PoList, ...commonErrors } },
    },
    async (request) => {
      const q = request.query;
      return listPos(request.db, q, parseSort(q.sort, { field: 'poNo', direction: 'desc' }), pageWindow(q));
    },
  );

  app.get(
    '/api/v1/pos/:poNo',
    {
      config: { access: access.login([...ORDER_SCREENS, PO_CHANGE_SCREEN], 'read', ['I']) },
      schema: { operationId: 'getPo', tags, summary: 'One order: header, lines, attachments, approvals, history, changes after sending, and what the caller may do', params: PoNoParams, response: { 200: PoDetail, ...commonErrors } },
    },
    async (request) => poDetail(request.db, request.params.poNo, await internalActor(request.db, request.caller)),
  );

  app.post(
    '/api/v1/pos',
    {
      config: { access: access.login([PO_SCREENS.edit], 'write', ['I']) },
      schema: {
        operationId: 'createPo',
        tags,
        summary: 'Build a draft PO from an awarded quotation request: the selected supplier, the request’s quantities at the quotation’s prices; the PR becomes ordered',
        body: PoCreateBody,
        response: { 200: PoDetail, 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => {
      const b = request.body;
      const actor = await internalActor(request.db, request.caller);
      const today = todayKst();
      const errors: FieldError[] = [];
      checkDate(errors, 'body/dueDate', b.dueDate, '납기일', { required: true, notBefore: today });
      (b.lines ?? []).forEach((l, i) => checkDate(errors, `body/lines/${i}/deliveryDate`, l.deliveryDate, '품목 납기일', { required: true, notBefore: today }));
      failIf(errors);
      await checkFileId(request.db, 'body/fileId', b.fileId);
      const poNo = await request.db.transaction().execute(async (trx) => {
        const rfq = await trx.selectFrom('rfqHeader').selectAll().where('rfqNo', '=', b.rfqNo).forUpdate().executeTakeFirst();
        if (!rfq) throw missing('RFQ_NOT_FOUND', '견적요청을 찾을 수 없습니다');
        if (rfq.buyerId !== actor.singleid && !isPurchasingManager(actor)) throw notAllowed('담당 구매자 또는 구매 관리자만 발주를 만들 수 있습니다');
        checkVersion(b.rfqVersion, rfq.version);
        transition(RFQ_MACHINE, 'order', rfq.status);
        const existing = await trx.selectFrom('poHeader').select('poNo').where('rfqNo', '=', rfq.rfqNo).where('status', '<>', 'CANCELLED').executeTakeFirst();
        if (existing) throw refused('PO_EXISTS', `이 견적요청으로 만든 발주가 이미 있습니다: ${existing.poNo}`, { poNo: existing.poNo });
        const compNo = rfq.selectedCompNo!;
        await assertSuppliersEligible(trx, [compNo], 'order', 'body/rfqNo');
        const quote = await trx.selectFrom('quotation').selectAll().where('rfqNo', '=', rfq.rfqNo).where('compNo', '=', compNo).executeTakeFirstOrThrow();
        const pr = await trx.selectFrom('prHeader').selectAll().where('prNo', '=', rfq.prNo).forUpdate().executeTakeFirstOrThrow();
        const prStatus = pr.status === 'ORDERED' ? pr.status : transition(PR_MACHINE, 'order', pr.status);
        let loiNo: string | null = null;
        if (text(b.loiNo)) {
          const loi = await trx.selectFrom('loi').select(['loiNo', 'compNo', 'status', 'currency']).where('loiNo', '=', b.loiNo!.trim()).executeTakeFirst();
          if (!loi) failIf([{ path: 'body/loiNo', message: 'LOI를 찾을 수 없습니다' }]);
          if (loi!.compNo !== compNo) failIf([{ path: 'body/loiNo', message: '선정된 협력사의 LOI가 아닙니다' }]);
          if (loi!.status !== 'ACCEPTED') failIf([{ path: 'body/loiNo', message: '협력사가 수락한 LOI만 연결할 수 있습니다' }]);
          loiNo = loi!.loiNo;
        }
        const rfqLines = await trx.selectFrom('rfqLine').selectAll().where('rfqNo', '=', rfq.rfqNo).orderBy('lineNo').execute();
        const prices = new Map((await trx.selectFrom('quotationLine').select(['lineNo', 'unitPrice']).where('rfqNo', '=', rfq.rfqNo).where('compNo', '=', compNo).execute()).map((l) => [l.lineNo, l.unitPrice]));
        const dates = new Map((b.lines ?? []).map((l) => [l.lineNo, l.deliveryDate]));
        (b.lines ?? []).forEach((l, i) => {
          if (!rfqLines.some((r) => r.lineNo === l.lineNo)) errors.push({ path: `body/lines/${i}/lineNo`, message: `견적요청에 없는 품목 줄입니다: ${l.lineNo}` });
        });
        failIf(errors);
        const poNo = await nextDocNo(trx, 'PO');
        await checkSourcingEligibility(trx, [compNo], { docType: 'PO', docNo: poNo, confirmWarning: b.confirmEvaluationWarning, actor: actor.userId });
        const lines = rfqLines.map((r) => {
          const unitPrice = prices.get(r.lineNo) ?? '0';
          return {
            poNo, lineNo: r.lineNo, itemCode: r.itemCode, itemName: r.itemName, spec: r.spec, unitCode: r.unitCode, sgCode: r.sgCode, quantity: r.quantity, unitPrice,
            amount: lineAmount(r.quantity, unitPrice, rfq.currency), deliveryDate: dates.get(r.lineNo) ?? b.dueDate,
          };
        });
        const header = {
          poNo, poType: 'PO' as const, compNo, section: pr.section, deptcd: pr.deptcd, buyerId: rfq.buyerId, requesterId: pr.requesterId, prNo: pr.prNo, rfqNo: rfq.rfqNo,
          quoteNo: quote.quoteNo, loiNo, title: text(b.title) ?? rfq.title, currency: rfq.currency, totalAmount: totalOf(lines.map((l) => l.amount)), status: 'DRAFT',
          poDate: today, dueDate: b.dueDate, remark: text(b.remark), fileId: b.fileId ?? null, createdBy: actor.userId,
        };
        await trx.insertInto('poHeader').values(header).execute();
        await trx.insertInto('poLine').values(lines).execute();
        if (prStatus !== pr.status) await trx.updateTable('prHeader').set({ status: prStatus, version: pr.version + 1, updatedAt: new Date() }).where('prNo', '=', pr.prNo).execute();
        await writeAudit(trx, { entity: 'po_header', entityKey: poNo, action: 'CREATE', actor: actor.userId, after: { ...header, lines } });
        if (prStatus !== pr.status) await writeAudit(trx, { entity: 'pr_header', entityKey: pr.prNo, action: 'ORDER', actor: actor.userId, before: { status: pr.status }, after: { status: prStatus, poNo } });
        return poNo;
      });
      return poDetail(request.db, poNo, actor);
    },
  );

  app.put(
    '/api/v1/pos/:poNo',
    {
      config: { access: access.login([PO_SCREENS.edit], 'write', ['I']) },
      schema: { operationId: 'updatePo', tags, summary: 'Change a draft PO: title, due and delivery dates, remark, attachments (prices and quantities come from the quotation)', params: PoNoParams, body: PoUpdateBody, response: { 200: PoDetail, 409: Type.Ref('ErrorBody'), ...commonErrors } },
    },
    async (request) => {
      const { poNo } = request.params;
      const b = request.body;
      const actor = await internalActor(request.db, request.caller);
      const today = todayKst();
      const errors: FieldError[] = [];
      requireText(errors, 'body/title', b.title, '제목');
      checkDate(errors, 'body/dueDate', b.dueDate, '납기일', { required: true, notBefore: today });
      (b.lines ?? []).forEach((l, i) => checkDate(errors, `body/lines/${i}/deliveryDate`, l.deliveryDate, '품목 납기일', { required: true, notBefore: today }));
      failIf(errors);
      await checkFileId(request.db, 'body/fileId', b.fileId);
      await request.db.transaction().execute(async (trx) => {
        const po = await lockOrder(trx, poNo, actor);
        if (po.poType !== 'PO') throw poMissing();
        checkVersion(b.version, po.version);
        transition(PO_MACHINE, 'update', po.status);
        const lines = await trx.selectFrom('poLine').select(['lineNo', 'deliveryDate']).where('poNo', '=', poNo).execute();
        (b.lines ?? []).forEach((l, i) => {
          if (!lines.some((x) => x.lineNo === l.lineNo)) errors.push({ path: `body/lines/${i}/lineNo`, message: `발주에 없는 품목 줄입니다: ${l.lineNo}` });
        });
        failIf(errors);
        const after = { title: b.title.trim(), dueDate: b.dueDate, remark: b.remark === undefined ? po.remark : text(b.remark), fileId: b.fileId === undefined ? po.fileId : b.fileId };
        await trx.updateTable('poHeader').set({ ...after, version: po.version + 1, updatedAt: new Date() }).where('poNo', '=', poNo).execute();
        for (const l of b.lines ?? []) await trx.updateTable('poLine').set({ deliveryDate: l.deliveryDate }).where('poNo', '=', poNo).where('lineNo', '=', l.lineNo).execute();
        await writeAudit(trx, { entity: 'po_header', entityKey: poNo, action: 'UPDATE', actor: actor.userId, before: { title: po.title, dueDate: po.dueDate, remark: po.remark, fileId: po.fileId, lines }, after: { ...after, lines: b.lines ?? [] } });
      });
      return poDetail(request.db, poNo, actor);
    },
  );

  app.post(
    '/api/v1/pos/:poNo/submit',
    {
      config: { access: access.login(EDIT_SCREENS, 'write', ['I']) },
      schema: {
        operationId: 'submitPo',
        tags,
        summary: 'Submit a draft order for approval: the rule of its type (PO or SIMPLE) and amount (KRW; JPY at JPY_RATE) picks the line; a simple order must stay below its limit',
        params: PoNoParams,
        body: VersionBody,
        response: { 200: PoDetail, 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => {
      const { poNo } = request.params;
      const actor = await internalActor(request.db, request.caller);
      const [rate, limit] = await Promise.all([jpyRate(request.db), simpleOrderLimit(request.db)]);
      await request.db.transaction().execute(async (trx) => {
        const po = await lockOrder(trx, poNo, actor);
        checkVersion(request.body.version, po.version);
        const status = transition(PO_MACHINE, 'submit', po.status);
        if (po.dueDate && po.dueDate < todayKst()) failIf([{ path: 'body', message: '납기일이 지났습니다. 납기일을 고친 뒤 상신하세요' }]);
        const amountKrw = toKrw(po.totalAmount, po.currency, rate);
        if (po.poType === 'SIMPLE' && compareDecimals(amountKrw, limit) >= 0) {
          throw invalid('SIMPLE_ORDER_OVER_LIMIT', `소액발주는 ${wonText(limit)}원 미만이어야 합니다 (현재 ${wonText(amountKrw)}원)`);
        }
        const { approvalId } = await startApproval(trx, { docType: po.poType, docNo: poNo, amountKrw, submitterId: actor.singleid, actorUserId: actor.userId });
        await trx.updateTable('poHeader').set({ status, approvalStatus: 'PENDING', approvalId, version: po.version + 1, updatedAt: new Date() }).where('poNo', '=', poNo).execute();
        await writeAudit(trx, { entity: 'po_header', entityKey: poNo, action: 'SUBMIT', actor: actor.userId, before: { status: po.status }, after: { status, approvalId, amountKrw } });
      });
      return poDetail(request.db, poNo, actor);
    },
  );

  app.post(
    '/api/v1/pos/:poNo/send',
    {
      config: { access: access.login(EDIT_SCREENS, 'write', ['I']) },
      schema: {
        operationId: 'sendPo',
        tags,
        summary: 'Send an approved order to its supplier (for FORWARD_YN=N suppliers, after delivering it separately; FORWARD_YN=Y orders are sent on approval)',
        params: PoNoParams,
        body: VersionBody,
        response: { 200: PoDetail, 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => {
      const { poNo } = request.params;
      const actor = await internalActor(request.db, request.caller);
      await request.db.transaction().execute(async (trx) => {
        const po = await lockOrder(trx, poNo, actor);
        checkVersion(request.body.version, po.version);
        const status = transition(PO_MACHINE, 'send', po.status);
        if (!withinApproval(po.totalAmount, po.approvedAmount)) throw overApproval(po.approvedAmount!);
        const now = new Date();
        await trx.updateTable('poHeader').set({ status, forwardedAt: now, sentBy: actor.userId, version: po.version + 1, updatedAt: now }).where('poNo', '=', poNo).execute();
        await writeAudit(trx, { entity: 'po_header', entityKey: poNo, action: 'SENT', actor: actor.userId, before: { status: po.status }, after: { status, forwardedAt: now.toISOString() } });
        await notifyPoSent(trx, poNo);
      });
      return poDetail(request.db, poNo, actor);
    },
  );

  app.post(
    '/api/v1/pos/:poNo/change',
    {
      config: { access: access.login(EDIT_SCREENS, 'write', ['I']) },
      schema: {
        operationId: 'changePo',
        tags,
        summary: 'Change a sent order (due date; per line quantity, unit price, delivery date) with a reason; each change is recorded (poChangeInfo); the supplier acknowledges again; never above the approved amount',
        params: PoNoParams,
        body: PoChangeBody,
        response: { 200: PoDetail, 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => {
      const { poNo } = request.params;
      const b = request.body;
      const reason = text(b.reason);
      const today = todayKst();
      const errors: FieldError[] = [];
      if (!reason) errors.push({ path: 'body/reason', message: '변경 사유를 입력하세요' });
      if (b.dueDate !== undefined) checkDate(errors, 'body/dueDate', b.dueDate, '납기일', { required: true, notBefore: today });
      (b.lines ?? []).forEach((l, i) => {
        if (l.quantity !== undefined) checkDecimal(errors, `body/lines/${i}/quantity`, l.quantity, QUANTITY);
        if (l.unitPrice !== undefined) checkDecimal(errors, `body/lines/${i}/unitPrice`, l.unitPrice, UNIT_PRICE);
        if (l.deliveryDate !== undefined) checkDate(errors, `body/lines/${i}/deliveryDate`, l.deliveryDate, '품목 납기일', { required: true, notBefore: today });
      });
      failIf(errors);
      const actor = await internalActor(request.db, request.caller);
      const [rate, limit] = await Promise.all([jpyRate(request.db), simpleOrderLimit(request.db)]);
      await request.db.transaction().execute(async (trx) => {
        const po = await lockOrder(trx, poNo, actor);
        checkVersion(b.version, po.version);
        transition(PO_MACHINE, 'change', po.status);
        const lines = await trx.selectFrom('poLine').selectAll().where('poNo', '=', poNo).orderBy('lineNo').execute();
        type Change = { field: string; lineNo: number | null; beforeValue: string | null; afterValue: string | null };
        const changes: Change[] = [];
        if (b.dueDate !== undefined && b.dueDate !== po.dueDate) changes.push({ field: 'dueDate', lineNo: null, beforeValue: po.dueDate, afterValue: b.dueDate });
        const next = lines.map((l) => ({ ...l }));
        (b.lines ?? []).forEach((input, i) => {
          const line = next.find((l) => l.lineNo === input.lineNo);
          if (!line) {
            errors.push({ path: `body/lines/${i}/lineNo`, message: `발주에 없는 품목 줄입니다: ${input.lineNo}` });
            return;
          }
          if (input.quantity !== undefined && compareDecimals(input.quantity, line.quantity) !== 0) {
            if (compareDecimals(input.quantity, line.deliveredQty) < 0) errors.push({ path: `body/lines/${i}/quantity`, message: `이미 납품된 수량(${line.deliveredQty})보다 적게 바꿀 수 없습니다` });
            changes.push({ field: 'quantity', lineNo: line.lineNo, beforeValue: line.quantity, afterValue: input.quantity.trim() });
            line.quantity = input.quantity.trim();
          }
          if (input.unitPrice !== undefined && compareDecimals(input.unitPrice, line.unitPrice) !== 0) {
            changes.push({ field: 'unitPrice', lineNo: line.lineNo, beforeValue: line.unitPrice, afterValue: input.unitPrice.trim() });
            line.unitPrice = input.unitPrice.trim();
          }
          if (input.deliveryDate !== undefined && input.deliveryDate !== line.deliveryDate) {
            changes.push({ field: 'deliveryDate', lineNo: line.lineNo, beforeValue: line.deliveryDate, afterValue: input.deliveryDate });
            line.deliveryDate = input.deliveryDate;
          }
          line.amount = lineAmount(line.quantity, line.unitPrice, po.currency);
          if (!fitsAmount(line.amount)) errors.push({ path: `body/lines/${i}/quantity`, message: '금액(수량 × 단가)이 너무 큽니다' });
        });
        failIf(errors);
        if (changes.length === 0) failIf([{ path: 'body', message: '변경된 내용이 없습니다' }]);
        const total = totalOf(next.map((l) => l.amount));
        if (!withinApproval(total, po.approvedAmount)) throw overApproval(po.approvedAmount!);
        if (po.poType === 'SIMPLE' && compareDecimals(toKrw(total, po.currency, rate), limit) >= 0) throw invalid('SIMPLE_ORDER_OVER_LIMIT', `소액발주는 ${wonText(limit)}원 미만이어야 합니다`);
        if (compareDecimals(total, po.totalAmount) !== 0) changes.push({ field: 'totalAmount', lineNo: null, beforeValue: po.totalAmount, afterValue: total });
        const status = statusAfterChange(po.status as never);
        if (status !== po.status) changes.push({ field: 'status', lineNo: null, beforeValue: po.status, afterValue: status });
        const last = await trx.selectFrom('poChange').select((eb) => eb.fn.max('changeSeq').as('seq')).where('poNo', '=', poNo).executeTakeFirst();
        const changeSeq = Number(last?.seq ?? 0) + 1;
        const now = new Date();
        for (const l of next) {
          const old = lines.find((x) => x.lineNo === l.lineNo)!;
          if (old.quantity === l.quantity && old.unitPrice === l.unitPrice && old.deliveryDate === l.deliveryDate) continue;
          await trx.updateTable('poLine').set({ quantity: l.quantity, unitPrice: l.unitPrice, amount: l.amount, deliveryDate: l.deliveryDate }).where('poNo', '=', poNo).where('lineNo', '=', l.lineNo).execute();
        }
        await trx
          .updateTable('poHeader')
          .set({ totalAmount: total, dueDate: b.dueDate ?? po.dueDate, status, ...(status !== po.status ? { acknowledgedAt: null, acknowledgedBy: null } : {}), version: po.version + 1, updatedAt: now })
          .where('poNo', '=', poNo)
          .execute();
        await trx.insertInto('poChange').values(changes.map((c) => ({ poNo, changeSeq, ...c, reason: reason!, changedBy: actor.userId, changedAt: now }))).execute();
        await writeAudit(trx, { entity: 'po_header', entityKey: poNo, action: 'CHANGE', actor: actor.userId, before: { status: po.status, totalAmount: po.totalAmount, dueDate: po.dueDate }, after: { status, totalAmount: total, changes }, reason });
      });
      return poDetail(request.db, poNo, actor);
    },
  );

  app.post(
    '/api/v1/pos/:poNo/cancel',
    {
      config: { access: access.login(EDIT_SCREENS, 'write', ['I']) },
      schema: {
        operationId: 'cancelPo',
        tags,
        summary: 'Cancel an order nothing of which was delivered, with a reason (an open approval is withdrawn; a sent order’s cancellation is recorded in poChangeInfo)',
        params: PoNoParams,
        body: ReasonBody,
        response: { 200: PoDetail, 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => {
      const { poNo } = request.params;
      const reason = text(request.body.reason);
      if (!reason) failIf([{ path: 'body/reason', message: '취소 사유를 입력하세요' }]);
      const actor = await internalActor(request.db, request.caller);
      await request.db.transaction().execute(async (trx) => {
        const po = await lockOrder(trx, poNo, actor);
        checkVersion(request.body.version, po.version);
        const status = transition(PO_MACHINE, 'cancel', po.status);
        const delivered = await trx.selectFrom('poLine').select('lineNo').where('poNo', '=', poNo).where('deliveredQty', '>', '0').limit(1).executeTakeFirst();
        if (delivered) throw refused('PO_DELIVERED', '납품이 시작된 발주는 취소할 수 없습니다');
        const withdrawn = po.status === 'IN_APPROVAL';
        if (withdrawn) await withdrawApproval(trx, po.approvalId, actor.userId);
        const now = new Date();
        await trx
          .updateTable('poHeader')
          .set({ status, cancelReason: reason, ...(withdrawn ? { approvalStatus: 'WITHDRAWN' } : {}), version: po.version + 1, updatedAt: now })
          .where('poNo', '=', poNo)
          .execute();
        if (po.forwardedAt) {
          const last = await trx.selectFrom('poChange').select((eb) => eb.fn.max('changeSeq').as('seq')).where('poNo', '=', poNo).executeTakeFirst();
          await trx.insertInto('poChange').values({ poNo, changeSeq: Number(last?.seq ?? 0) + 1, field: 'status', lineNo: null, beforeValue: po.status, afterValue: status, reason: reason!, changedBy: actor.userId, changedAt: now }).execute();
        }
        await writeAudit(trx, { entity: 'po_header', entityKey: poNo, action: 'CANCEL', actor: actor.userId, before: { status: po.status }, after: { status }, reason });
      });
      return poDetail(request.db, poNo, actor);
    },
  );

  app.get(
    '/api/v1/po-changes',
    {
      config: { access: access.login([PO_CHANGE_SCREEN, PO_SCREENS.edit, SIMPLE_SCREENS.edit], 'read', ['I']) },
      schema: { operationId: 'listPoChanges', tags, summary: 'Changes to orders after sending (poChangeInfo): field, before and after, who, when, why', querystring: PoChangeListQuery, response: { 200: Type.Object({ rows: Type.Array(PoChangeRow), total: Type.Integer() }), ...commonErrors } },
    },
    async (request) => {
      const q = request.query;
      return listPoChanges(request.db, q, parseSort(q.sort, { field: 'changedAt', direction: 'desc' }), pageWindow(q));
    },
  );

  app.post(
    '/api/v1/OrderApproval/getForwardYn',
    {
      config: { access: access.login(ORDER_SCREENS, 'read', ['I']) },
      schema: {
        operationId: 'getForwardYn',
        tags,
        summary: 'Spec §7: per company FORWARD_YN, which decides the approval-forward message (approval.forwardY / approval.forwardN); unknown companies are left out',
        body: ForwardYnBody,
        response: { 200: ForwardYnAnswer, ...commonErrors },
      },
    },
    async (request) => {
      const wanted = [...new Set(request.body.params.map((p) => p.trim().toUpperCase()).filter(Boolean))];
      const rows = wanted.length ? await request.db.selectFrom('company').select(['compNo', 'compNameKr', 'taxNo2', 'forwardYn']).where('compNo', 'in', wanted).execute() : [];
      const byNo = new Map(rows.map((r) => [r.compNo, r]));
      // CamelCasePlugin renames SQL aliases, so the spec's upper-case names are made here.
      const resultData = wanted.filter((c) => byNo.has(c)).map((c) => {
        const r = byNo.get(c)!;
        return { COMP_NO: r.compNo, COMP_NAME_KR: r.compNameKr, TAX_NO_2: r.taxNo2, FORWARD_YN: r.forwardYn };
      });
      return { success: true, resultData };
    },
  );

  /* ------------------------------ the supplier's side ------------------------------ */

  app.get(
    '/api/v1/cyber/pos',
    {
      config: { access: access.login(CYBER_SCREENS, 'read') },
      schema: { operationId: 'listSupplierPos', tags, summary: 'Orders sent to my company (CyberOrderRequestList); open=Y: sent, acknowledged or partly delivered. Staff: every supplier’s, or compNo’s', querystring: SupplierPoListQuery, response: { 200: Type.Object({ rows: Type.Array(SupplierPoRow), total: Type.Integer() }), ...commonErrors } },
    },
    async (request) => {
      const q = request.query;
      return listSupplierPos(supplierView(request, q.compNo).db, q, parseSort(q.sort, { field: 'poNo', direction: 'desc' }), pageWindow(q));
    },
  );

  async function supplierDetail(db: Db, poNo: string, staff = false) {
    const h = await findSupplierPo(db, poNo);
    if (!h) throw poMissing();
    const [lines, attachments, changes] = await Promise.all([
      findPoLines(db, poNo),
      loadAttachments(db, h.fileId),
      listPoChanges(db, { poNo }, { field: 'changedAt', direction: 'asc' }, { limit: 5000, offset: 0 }),
    ]);
    return {
      poNo: h.poNo, poType: h.poType, poDate: h.poDate, title: h.title, status: h.status, compNo: h.compNo, compNameKr: h.compNameKr, currency: h.currency, totalAmount: h.totalAmount,
      dueDate: h.dueDate, forwardedAt: iso(h.forwardedAt), acknowledgedAt: iso(h.acknowledgedAt), cancelReason: h.cancelReason, remark: h.remark, quoteNo: h.quoteNo, loiNo: h.loiNo,
      buyerName: h.buyerName, buyerEmail: h.buyerEmail, buyerTelNo: h.buyerTelNo, deptnm: h.deptnm, version: h.version,
      lines, attachments, changes: changes.rows,
      actions: h.status === 'SENT' && !staff ? ['acknowledge'] : [],
    };
  }

  app.get(
    '/api/v1/cyber/pos/:poNo',
    {
      config: { access: access.login(CYBER_SCREENS, 'read') },
      schema: { operationId: 'getSupplierPo', tags, summary: 'One order sent to my company (CyberOrderRequestEdit); another company’s or an unsent order answers 404. Staff read any supplier’s sent order, with no actions', params: PoNoParams, response: { 200: SupplierPoDetail, ...commonErrors } },
    },
    async (request) => {
      const view = supplierView(request);
      return supplierDetail(view.db, request.params.poNo, view.staff);
    },
  );

  app.post(
    '/api/v1/cyber/pos/:poNo/acknowledge',
    {
      config: { access: access.login(['/CyberOrderRequestEdit'], 'write', ['X']) },
      schema: { operationId: 'acknowledgePo', tags, summary: 'Acknowledge a sent order (once; a changed order is acknowledged again)', params: PoNoParams, body: VersionBody, response: { 200: SupplierPoDetail, 409: Type.Ref('ErrorBody'), ...commonErrors } },
    },
    async (request) => {
      const { poNo } = request.params;
      const supplier = supplierActor(request.caller);
      await request.db.transaction().execute(async (trx) => {
        const po = await trx.selectFrom('poHeader').select(['status', 'version', 'forwardedAt']).where('poNo', '=', poNo).forUpdate().executeTakeFirst();
        if (!po || po.forwardedAt === null || !['SENT', 'ACKNOWLEDGED', 'PARTLY_DELIVERED', 'DELIVERED', 'CLOSED', 'CANCELLED'].includes(po.status)) throw poMissing();
        checkVersion(request.body.version, po.version);
        if (po.status === 'ACKNOWLEDGED') throw wrongState('이미 확인한 발주입니다', po.status);
        const status = transition(PO_MACHINE, 'acknowledge', po.status);
        const now = new Date();
        await trx.updateTable('poHeader').set({ status, acknowledgedAt: now, acknowledgedBy: supplier.userId, version: po.version + 1, updatedAt: now }).where('poNo', '=', poNo).execute();
        await writeAudit(trx, { entity: 'po_header', entityKey: poNo, action: 'ACKNOWLEDGE', actor: supplier.userId, before: { status: po.status }, after: { status } });
      });
      return supplierDetail(request.db, poNo);
    },
  );
};
