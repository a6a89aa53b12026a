import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { compareDecimals, sumDecimals } from '../../../../lib/money.js';
import { writeAudit } from '../../../db/audit.js';
import type { Db } from '../../../db/connect.js';
import { nextDocumentNumber } from '../../../db/document-number.js';
import { access } from '../../../http/access.js';
import { commonErrors } from '../../../http/error-schema.js';
import { pageWindow, parseSort } from '../../../http/list-query.js';
import { employeeOf, isActiveCode } from '../shared/codes.js';
import { checkDate, todayKst } from '../../../domain/dates.js';
import { checkVersion, failIf, missing, notAllowed, refused, wrongState, type FieldError } from '../../../domain/errors.js';
import { syncPoDeliveryStatus } from '../shared/po.js';
import { qty } from '../../../domain/money.js';
import { VersionBody, VersionReasonBody, actionErrors } from '../../../domain/schemas.js';
import { text } from '../../../domain/values.js';
import { ReceiveBody, DeliveryNoParams } from '../delivery/schemas.js';
import { listWarehousing, listWarehousingItems, warehousingDetail, whFilterOf } from './queries.js';
import { DecideBody, WarehousingItemList, WarehousingItemListQuery, WarehousingList, WarehousingListQuery, WhReqNoParams } from './schemas.js';
import { NATIVE_SYSTEM, WH_RULES, WRONG_STATE_MSG, canDo, planReceipt, type ShortLine, type WhAction } from './workflow.js';

const LIST = '/warehousingList';
const ITEMS = '/warehousingItemList';
const LIST_COPY = '/warehousingListCopy';
const ITEMS_COPY = '/warehousingItemListCopy';
const DELIVERY_EDIT = '/deliverEditAdmin';
const TAG = ['fulfilment: warehousing'];

/** Adds `delta` to the received quantity of each PO line (rows locked by the caller). */
async function addReceived(trx: Db, poNo: string, deltas: ReadonlyArray<{ poLineNo: number; quantity: string }>, sign: 1 | -1): Promise<void> {
  for (const d of deltas) {
    const line = await trx.selectFrom('poLine').select('receivedQty').where('poNo', '=', poNo).where('lineNo', '=', d.poLineNo).forUpdate().executeTakeFirstOrThrow();
    const next = qty(sumDecimals([line.receivedQty, sign === 1 ? d.quantity : `-${d.quantity}`]));
    await trx.updateTable('poLine').set({ receivedQty: next }).where('poNo', '=', poNo).where('lineNo', '=', d.poLineNo).execute();
  }
}

/**
 * A partial receipt: what was not accepted leaves the order line's delivered quantity (so it is
 * open again and can be delivered anew) and is kept on the delivery line with its reason.
 */
async function returnShorts(trx: Db, deliveryNo: string, poNo: string, shorts: readonly ShortLine[], actor: string): Promise<void> {
  if (shorts.length === 0) return;
  for (const s of shorts) {
    await trx.updateTable('deliveryLine').set({ shortQty: s.quantity, shortReason: s.reason, shortRemark: s.remark }).where('deliveryNo', '=', deliveryNo).where('lineNo', '=', s.deliveryLineNo).execute();
    const line = await trx.selectFrom('poLine').select('deliveredQty').where('poNo', '=', poNo).where('lineNo', '=', s.poLineNo).forUpdate().executeTakeFirstOrThrow();
    await trx.updateTable('poLine').set({ deliveredQty: qty(sumDecimals([line.deliveredQty, `-${s.quantity}`])) }).where('poNo', '=', poNo).where('lineNo', '=', s.poLineNo).execute();
  }
  await syncPoDeliveryStatus(trx, poNo, actor);
}

/**
 * A cancelled partial receipt gives the delivery back whole: its shortfall is delivered again on
 * the order line — refused when the supplier has meanwhile delivered that remainder anew.
 */
async function restoreShorts(trx: Db, deliveryNo: string, poNo: string, actor: string): Promise<void> {
  const shorts = await trx.selectFrom('deliveryLine').select(['lineNo', 'poLineNo', 'shortQty']).where('deliveryNo', '=', deliveryNo).where('shortQty', '>', '0').execute();
  if (shorts.length === 0) return;
  for (const s of shorts) {
    const line = await trx.selectFrom('poLine').select(['quantity', 'deliveredQty']).where('poNo', '=', poNo).where('lineNo', '=', s.poLineNo!).forUpdate().executeTakeFirstOrThrow();
    const next = qty(sumDecimals([line.deliveredQty, s.shortQty]));
    if (compareDecimals(next, line.quantity) > 0) {
      throw refused('SHORTFALL_REDELIVERED', `${s.lineNo}번 줄의 미입고분이 이미 다시 납품되어 이 입고를 취소할 수 없습니다`);
    }
    await trx.updateTable('poLine').set({ deliveredQty: next }).where('poNo', '=', poNo).where('lineNo', '=', s.poLineNo!).execute();
  }
  await trx.updateTable('deliveryLine').set({ shortQty: '0', shortReason: null, shortRemark: null }).where('deliveryNo', '=', deliveryNo).execute();
  await syncPoDeliveryStatus(trx, poNo, actor);
}

/**
 * Goods receipts (입고): staff receive a delivery into a receipt request (whReqNo), approve it
 * (whAppNo), and finally decide it (lastDeci); a rejected request can be resubmitted, an
 * undecided one cancelled. Lists take exactly the saved filter of spec §3.
 * Receipts copied from other source systems are listed (the Copy screens) but never changed.
 */
export const warehousingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const detailOr404 = async (db: Db, whReqNo: string) => {
    const d = await warehousingDetail(db, whReqNo);
    if (!d) throw missing('RECEIPT_NOT_FOUND', '입고를 찾을 수 없습니다');
    return d;
  };

  app.get('/api/v1/warehousing', {
    config: { access: access.login([LIST, LIST_COPY], 'read', ['I']) },
    schema: {
      operationId: 'listWarehousing', tags: TAG,
      summary: 'Goods receipts by document, filtered by the saved warehousing filter of spec §3 (warehousingList; system=OTHER for warehousingListCopy)',
      querystring: WarehousingListQuery, response: { 200: WarehousingList, ...commonErrors },
    },
  }, async (request) => listWarehousing(request.db, whFilterOf(request.query), parseSort(request.query.sort, { field: 'whReqDate', direction: 'desc' }), pageWindow(request.query)));

  app.get('/api/v1/warehousing/items', {
    config: { access: access.login([ITEMS, ITEMS_COPY], 'read', ['I']) },
    schema: {
      operationId: 'listWarehousingItems', tags: TAG,
      summary: 'Goods receipt lines, same filter (warehousingItemList; system=OTHER for warehousingItemListCopy)',
      querystring: WarehousingItemListQuery, response: { 200: WarehousingItemList, ...commonErrors },
    },
  }, async (request) => listWarehousingItems(request.db, whFilterOf(request.query), parseSort(request.query.sort, { field: 'whReqDate', direction: 'desc' }), pageWindow(request.query)));

  app.get('/api/v1/warehousing/:whReqNo', {
    config: { access: access.login([LIST, ITEMS, LIST_COPY, ITEMS_COPY, DELIVERY_EDIT], 'read', ['I']) },
    schema: { operationId: 'getWarehousing', tags: TAG, summary: 'One goods receipt with its lines', params: WhReqNoParams, response: { 200: Type.Ref('WarehousingDetail'), ...commonErrors } },
  }, async (request) => detailOr404(request.db, request.params.whReqNo));

  app.post('/api/v1/deliveries/:deliveryNo/receive', {
    config: { access: access.login([DELIVERY_EDIT, LIST], 'write', ['I']) },
    schema: {
      operationId: 'receiveDelivery', tags: TAG,
      summary: 'Receive a registered delivery into warehousing: a receipt request (WR…) awaiting approval; accepted quantities ≤ delivered',
      params: DeliveryNoParams, body: ReceiveBody, response: { 200: Type.Ref('WarehousingDetail'), ...actionErrors },
    },
  }, async (request) => {
    const b = request.body;
    const caller = request.caller!;
    const errors: FieldError[] = [];
    const whReqDate = checkDate(errors, 'body/whReqDate', b.whReqDate, '입고요청일') ?? todayKst();
    if (whReqDate > todayKst()) errors.push({ path: 'body/whReqDate', message: '입고요청일은 오늘 이후일 수 없습니다' });
    const whReqNo = await request.db.transaction().execute(async (trx) => {
      const d = await trx.selectFrom('delivery').selectAll().where('deliveryNo', '=', request.params.deliveryNo).forUpdate().executeTakeFirst();
      if (!d) throw missing('DELIVERY_NOT_FOUND', '납품을 찾을 수 없습니다');
      checkVersion(b.version, d.version);
      if (d.noPo === 'Y') throw refused('DELIVERY_WITHOUT_PO', '발주 없는 납품은 입고할 수 없습니다. 발주를 먼저 등록하세요');
      if (d.status !== 'REGISTERED') throw wrongState(d.status === 'RECEIVED' ? '이미 입고된 납품입니다' : '취소된 납품은 입고할 수 없습니다', d.status);
      if (!(await isActiveCode(trx, 'EXPENSES', b.expenses))) errors.push({ path: 'body/expenses', message: `비용 유형 코드가 아닙니다: ${b.expenses}` });
      if (whReqDate < d.deliveryDate) errors.push({ path: 'body/whReqDate', message: '입고요청일은 납품일 이후여야 합니다' });
      const po = await trx.selectFrom('poHeader').select(['poNo', 'section', 'deptcd', 'requesterId', 'currency']).where('poNo', '=', d.poNo!).forUpdate().executeTakeFirstOrThrow();
      const dLines = await trx.selectFrom('deliveryLine').selectAll().where('deliveryNo', '=', d.deliveryNo).orderBy('lineNo').execute();
      const poLines = await trx.selectFrom('poLine').select(['lineNo', 'unitPrice', 'deliveredQty', 'receivedQty']).where('poNo', '=', po.poNo).forUpdate().execute();
      const plan = planReceipt(dLines, b.lines, new Map(poLines.map((l) => [l.lineNo, l])), po.currency);
      failIf([...errors, ...plan.errors], plan.overReceipt && errors.length === 0 ? 'OVER_RECEIPT' : 'VALIDATION');

      const no = await nextDocumentNumber(trx, 'WR', whReqDate);
      const header = {
        whReqNo: no, sourceSystem: NATIVE_SYSTEM, compNo: d.compNo, poNo: po.poNo, deliveryNo: d.deliveryNo, section: po.section, deptcd: po.deptcd,
        eprId: po.requesterId, receiverId: await employeeOf(trx, caller.userId), expenses: b.expenses, status: 'REQUESTED' as const, approvalStatus: 'PENDING' as const,
        currency: po.currency, totalAmount: plan.total, whReqDate, remark: text(b.BIGO), requestedBy: caller.userId,
      };
      await trx.insertInto('whReceipt').values(header).execute();
      const lines = plan.lines.map((l) => ({
        whReqNo: no, lineNo: l.lineNo, compNo: d.compNo, poNo: l.poNo, poLineNo: l.poLineNo, deliveryNo: d.deliveryNo, deliveryLineNo: l.deliveryLineNo,
        itemCode: l.itemCode, itemName: l.itemName, spec: l.spec, unitCode: l.unitCode, quantity: l.quantity, unitPrice: l.unitPrice, amount: l.amount, remark: l.remark,
      }));
      await trx.insertInto('whReceiptLine').values(lines).execute();
      await addReceived(trx, po.poNo, plan.lines, 1);
      await returnShorts(trx, d.deliveryNo, po.poNo, plan.shorts, caller.userId);
      await trx.updateTable('delivery').set({ status: 'RECEIVED', receivedAt: new Date(), version: d.version + 1, updatedAt: new Date() }).where('deliveryNo', '=', d.deliveryNo).execute();
      await writeAudit(trx, { entity: 'delivery', entityKey: d.deliveryNo, action: 'RECEIVE', actor: caller.userId, before: { status: d.status }, after: { status: 'RECEIVED', whReqNo: no, shorts: plan.shorts } });
      await writeAudit(trx, { entity: 'wh_receipt', entityKey: no, action: 'REQUEST', actor: caller.userId, after: { ...header, lines } });
      return no;
    });
    return detailOr404(request.db, whReqNo);
  });

  /** One workflow action on a receipt: lock, version, read-only copies, state, then the change. */
  const action = (name: WhAction, summary: string, body: typeof VersionBody | typeof VersionReasonBody | typeof DecideBody) =>
    app.post(`/api/v1/warehousing/:whReqNo/${name}`, {
      config: { access: access.login([LIST, ITEMS], 'write', ['I']) },
      schema: { operationId: `${name}Warehousing`, tags: TAG, summary, params: WhReqNoParams, body, response: { 200: Type.Ref('WarehousingDetail'), ...actionErrors } },
    }, async (request) => {
      const caller = request.caller!;
      const { whReqNo } = request.params;
      const b = request.body as { version: number; reason?: string; lastDeciDate?: string };
      await request.db.transaction().execute(async (trx) => {
        const r = await trx.selectFrom('whReceipt').selectAll().where('whReqNo', '=', whReqNo).forUpdate().executeTakeFirst();
        if (!r) throw missing('RECEIPT_NOT_FOUND', '입고를 찾을 수 없습니다');
        checkVersion(b.version, r.version);
        if (r.sourceSystem !== NATIVE_SYSTEM) throw refused('RECEIPT_READ_ONLY', `${r.sourceSystem}에서 가져온 입고는 이 시스템에서 변경할 수 없습니다`);
        if (!canDo(name, r)) throw wrongState(WRONG_STATE_MSG[name], `${r.status}/${r.approvalStatus}`);
        const to = WH_RULES[name].to;
        const change: Record<string, unknown> = { status: to.status, ...(to.approval ? { approvalStatus: to.approval } : {}) };
        const errors: FieldError[] = [];
        const reason = text(b.reason);
        if (name === 'approve') {
          if (r.requestedBy === caller.userId) throw notAllowed('본인이 요청한 입고는 승인할 수 없습니다', 'SELF_APPROVAL');
          change.whAppNo = await nextDocumentNumber(trx, 'WA', todayKst());
          change.approvedAt = new Date();
          change.approverId = caller.userId;
        } else if (name === 'reject') {
          if (!reason) errors.push({ path: 'body/reason', message: '반려 사유를 입력하세요' });
          change.rejectReason = reason;
        } else if (name === 'resubmit') {
          change.rejectReason = null;
        } else if (name === 'decide') {
          const date = checkDate(errors, 'body/lastDeciDate', b.lastDeciDate, '최종확정일') ?? todayKst();
          if (date > todayKst()) errors.push({ path: 'body/lastDeciDate', message: '최종확정일은 오늘 이후일 수 없습니다' });
          if (date < r.whReqDate) errors.push({ path: 'body/lastDeciDate', message: '최종확정일은 입고요청일 이후여야 합니다' });
          change.lastDeciDate = date;
          change.decidedBy = caller.userId;
        } else if (name === 'cancel') {
          if (!reason) errors.push({ path: 'body/reason', message: '취소 사유를 입력하세요' });
          change.cancelReason = reason;
        }
        failIf(errors);
        if (name === 'cancel') {
          const lines = await trx.selectFrom('whReceiptLine').select(['poLineNo', 'quantity']).where('whReqNo', '=', whReqNo).execute();
          await trx.selectFrom('poHeader').select('poNo').where('poNo', '=', r.poNo).forUpdate().execute();
          await addReceived(trx, r.poNo, lines, -1);
          if (r.deliveryNo) await restoreShorts(trx, r.deliveryNo, r.poNo, caller.userId);
          if (r.deliveryNo) {
            const d = await trx.selectFrom('delivery').select(['version']).where('deliveryNo', '=', r.deliveryNo).forUpdate().executeTakeFirstOrThrow();
            await trx.updateTable('delivery').set({ status: 'REGISTERED', receivedAt: null, version: d.version + 1, updatedAt: new Date() }).where('deliveryNo', '=', r.deliveryNo).execute();
            await writeAudit(trx, { entity: 'delivery', entityKey: r.deliveryNo, action: 'RECEIPT_CANCELLED', actor: caller.userId, before: { status: 'RECEIVED' }, after: { status: 'REGISTERED', whReqNo } });
          }
        }
        await trx.updateTable('whReceipt').set({ ...change, version: r.version + 1, updatedAt: new Date() }).where('whReqNo', '=', whReqNo).execute();
        await writeAudit(trx, {
          entity: 'wh_receipt', entityKey: whReqNo, action: name.toUpperCase(), actor: caller.userId,
          before: { status: r.status, approvalStatus: r.approvalStatus }, after: change, reason,
        });
      });
      return detailOr404(request.db, whReqNo);
    });

  action('approve', 'Approve a pending receipt request: gives it a whAppNo (WA…); the requester cannot approve their own', VersionBody);
  action('reject', 'Reject a pending receipt request (reason required); it can be resubmitted or cancelled', VersionReasonBody);
  action('resubmit', 'Submit a rejected receipt request for approval again', VersionBody);
  action('decide', 'Finally decide (최종확정) an approved receipt on lastDeciDate (default today): it becomes settleable', DecideBody);
  action('cancel', 'Cancel an undecided receipt (reason required): quantities return, the delivery can be received again', VersionReasonBody);
};
