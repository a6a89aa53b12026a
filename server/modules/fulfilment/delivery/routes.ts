import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { sumDecimals } from '../../../../lib/money.js';
import { writeAudit } from '../../../db/audit.js';
import type { Db } from '../../../db/connect.js';
import { nextDocumentNumber } from '../../../db/document-number.js';
import { access } from '../../../http/access.js';
import { commonErrors } from '../../../http/error-schema.js';
import { pageWindow, parseSort } from '../../../http/list-query.js';
import { supplierView } from '../../../http/supplier-view.js';
import { checkDate, dateRange, todayKst } from '../../../domain/dates.js';
import { checkVersion, failIf, missing, wrongState, type FieldError } from '../../../domain/errors.js';
import { qty, type Currency } from '../../../domain/money.js';
import { DELIVERABLE_PO_STATUSES, syncPoDeliveryStatus } from '../shared/po.js';
import { ListOf, VersionReasonBody, actionErrors } from '../../../domain/schemas.js';
import { text } from '../../../domain/values.js';
import { deliverableOrder, deliveryDetail, listDeliverableOrders, listDeliveries, type DeliveryFilter } from './queries.js';
import {
  DeliverableOrderQuery, DeliveryCreateBody, DeliveryListQuery, DeliveryNoParams, DeliveryUpdateBody, MyDeliveryListQuery, MyNoneOrderListQuery, NoneOrderListQuery, PoNoParams,
} from './schemas.js';
import { DELIVERY_ACTIONS, planNoPoDelivery, planPoDelivery, type DeliveryLineInput, type DeliveryPlan, type PlannedLine } from './workflow.js';

const ADMIN_LIST = '/deliverListAdmin';
const ADMIN_EDIT = '/deliverEditAdmin';
const ADMIN_NONE_ORDER = '/noneOrderViewAdmin';
const MY_LIST = '/deliverInfo';
const MY_EDIT = '/deliverEdit';
const MY_NONE_ORDER = '/noneOrderView';

const TAG = ['fulfilment: delivery'];

interface HeaderInput {
  deliveryDate: string;
  arrivalDate?: string;
  delivererName?: string;
  delivererPhone?: string;
  vehicleNo?: string;
  FILE_SEQ?: string;
  BIGO?: string;
}

function checkHeader(b: HeaderInput): FieldError[] {
  const errors: FieldError[] = [];
  const delivery = checkDate(errors, 'body/deliveryDate', b.deliveryDate, '납품일', { required: true });
  const arrival = checkDate(errors, 'body/arrivalDate', b.arrivalDate, '입고 예정일');
  if (delivery && arrival && arrival < delivery) errors.push({ path: 'body/arrivalDate', message: '입고 예정일은 납품일 이후여야 합니다' });
  return errors;
}

/** A file group the caller (or a colleague of the same company, through the scoped db) uploaded. */
async function checkFile(trx: Db, fileId: string | undefined, errors: FieldError[]): Promise<string | null> {
  const id = text(fileId);
  if (!id) return null;
  const found = await trx.selectFrom('fileGroup as g').innerJoin('appUser as u', 'u.userId', 'g.createdBy').select('g.fileId').where('g.fileId', '=', id).executeTakeFirst();
  if (!found) errors.push({ path: 'body/FILE_SEQ', message: '첨부 파일 묶음을 찾을 수 없습니다' });
  return id;
}

/** Units and item codes a delivery without an order names must exist. */
async function checkMasterData(trx: Db, input: readonly DeliveryLineInput[], errors: FieldError[]): Promise<void> {
  const units = [...new Set(input.map((l) => text(l.unitCode)).filter((u): u is string => !!u))];
  const items = [...new Set(input.map((l) => text(l.itemCode)).filter((c): c is string => !!c))];
  const knownUnits = new Set(units.length ? (await trx.selectFrom('unit').select('unitCode').where('unitCode', 'in', units).execute()).map((u) => u.unitCode) : []);
  const knownItems = new Set(items.length ? (await trx.selectFrom('item').select('itemCode').where('itemCode', 'in', items).execute()).map((i) => i.itemCode) : []);
  input.forEach((l, i) => {
    const u = text(l.unitCode);
    const c = text(l.itemCode);
    if (u && !knownUnits.has(u)) errors.push({ path: `body/lines/${i}/unitCode`, message: `등록되지 않은 단위입니다: ${u}` });
    if (c && !knownItems.has(c)) errors.push({ path: `body/lines/${i}/itemCode`, message: `등록되지 않은 품목 코드입니다: ${c}` });
  });
}

async function lockOrder(trx: Db, poNo: string) {
  const po = await trx.selectFrom('poHeader').select(['poNo', 'status', 'currency']).where('poNo', '=', poNo).forUpdate().executeTakeFirst();
  if (!po) throw missing('PO_NOT_FOUND', '발주를 찾을 수 없습니다');
  const lines = await trx
    .selectFrom('poLine')
    .select(['lineNo', 'itemCode', 'itemName', 'spec', 'unitCode', 'quantity', 'unitPrice', 'deliveredQty'])
    .where('poNo', '=', poNo)
    .orderBy('lineNo')
    .forUpdate()
    .execute();
  return { po, lines };
}

/** Adds each delta to the PO line's delivered quantity; the rows are locked by lockOrder. */
async function applyDeltas(trx: Db, poNo: string, current: ReadonlyArray<{ lineNo: number; deliveredQty: string }>, deltas: ReadonlyMap<number, string>): Promise<void> {
  for (const [lineNo, delta] of deltas) {
    const line = current.find((l) => l.lineNo === lineNo)!;
    const next = qty(sumDecimals([line.deliveredQty, delta]));
    if (next === qty(line.deliveredQty)) continue;
    await trx.updateTable('poLine').set({ deliveredQty: next }).where('poNo', '=', poNo).where('lineNo', '=', lineNo).execute();
  }
}

const lineValues = (deliveryNo: string, compNo: string, poNo: string | null, lines: PlannedLine[]) =>
  lines.map((l) => ({
    deliveryNo, lineNo: l.lineNo, compNo, poNo: l.poLineNo === null ? null : poNo, poLineNo: l.poLineNo, itemCode: l.itemCode, itemName: l.itemName, spec: l.spec,
    unitCode: l.unitCode, quantity: l.quantity, unitPrice: l.unitPrice, amount: l.amount, remark: l.remark,
  }));

const headerValues = (b: HeaderInput, fileId: string | null) => ({
  deliveryDate: b.deliveryDate,
  arrivalDate: text(b.arrivalDate),
  delivererName: text(b.delivererName),
  delivererPhone: text(b.delivererPhone),
  vehicleNo: text(b.vehicleNo),
  fileId,
  remark: text(b.BIGO),
});

function listFilter(q: { deliveryNo?: string; poNo?: string; status?: string[]; deliveryDates?: string[]; itemName?: string; compNo?: string; compName?: string; noPo?: 'Y' | 'N' }): DeliveryFilter {
  const errors: FieldError[] = [];
  const { from, to } = dateRange(errors, 'querystring/deliveryDates', q.deliveryDates);
  failIf(errors);
  return { deliveryNo: text(q.deliveryNo) ?? undefined, poNo: text(q.poNo) ?? undefined, status: q.status, from, to, itemName: text(q.itemName) ?? undefined, compNo: text(q.compNo) ?? undefined, compName: text(q.compName) ?? undefined, noPo: q.noPo };
}

/**
 * Deliveries (ASN, 납품): suppliers register them against their acknowledged order lines
 * (or without an order, flagged), edit or cancel them while registered; staff list them and
 * receive them into warehousing (warehousing/routes.ts). docs/fulfilment.md "Delivery".
 */
export const deliveryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const detailOr404 = async (db: Db, deliveryNo: string) => {
    const d = await deliveryDetail(db, deliveryNo);
    if (!d) throw missing('DELIVERY_NOT_FOUND', '납품을 찾을 수 없습니다');
    return d;
  };
  const sortOf = (s: string | undefined) => parseSort(s, { field: 'deliveryDate', direction: 'desc' }) as never;

  // ── internal ──────────────────────────────────────────────────────────────
  app.get('/api/v1/deliveries', {
    config: { access: access.login([ADMIN_LIST, ADMIN_EDIT], 'read', ['I']) },
    schema: { operationId: 'listDeliveries', tags: TAG, summary: 'Deliveries of every supplier (deliverListAdmin)', querystring: DeliveryListQuery, response: { 200: ListOf('DeliveryRow'), ...commonErrors } },
  }, async (request) => listDeliveries(request.db, listFilter(request.query), sortOf(request.query.sort), pageWindow(request.query)));

  app.get('/api/v1/deliveries/none-order', {
    config: { access: access.login([ADMIN_NONE_ORDER], 'read', ['I']) },
    schema: { operationId: 'listNoneOrderDeliveries', tags: TAG, summary: 'Deliveries without an order, every supplier (noneOrderViewAdmin)', querystring: NoneOrderListQuery, response: { 200: ListOf('DeliveryRow'), ...commonErrors } },
  }, async (request) => listDeliveries(request.db, { ...listFilter(request.query), noPo: 'Y' }, sortOf(request.query.sort), pageWindow(request.query)));

  app.get('/api/v1/deliveries/:deliveryNo', {
    config: { access: access.login([ADMIN_LIST, ADMIN_EDIT, ADMIN_NONE_ORDER, '/warehousingList'], 'read', ['I']) },
    schema: { operationId: 'getDelivery', tags: TAG, summary: 'One delivery with its lines, the order’s open quantities and its receipts', params: DeliveryNoParams, response: { 200: Type.Ref('DeliveryDetail'), ...commonErrors } },
  }, async (request) => detailOr404(request.db, request.params.deliveryNo));

  // ── supplier ──────────────────────────────────────────────────────────────
  app.get('/api/v1/cyber/deliveries', {
    config: { access: access.login([MY_LIST, MY_EDIT], 'read') },
    schema: { operationId: 'listMyDeliveries', tags: TAG, summary: 'My company’s deliveries (deliverInfo); staff: every supplier’s, or compNo’s', querystring: MyDeliveryListQuery, response: { 200: ListOf('DeliveryRow'), ...commonErrors } },
  }, async (request) => listDeliveries(supplierView(request, request.query.compNo).db, listFilter({ ...request.query, compNo: undefined }), sortOf(request.query.sort), pageWindow(request.query)));

  app.get('/api/v1/cyber/deliveries/none-order', {
    config: { access: access.login([MY_NONE_ORDER], 'read') },
    schema: { operationId: 'listMyNoneOrderDeliveries', tags: TAG, summary: 'My deliveries without an order (noneOrderView); staff: every supplier’s, or compNo’s', querystring: MyNoneOrderListQuery, response: { 200: ListOf('DeliveryRow'), ...commonErrors } },
  }, async (request) => listDeliveries(supplierView(request, request.query.compNo).db, { ...listFilter({ ...request.query, compNo: undefined }), noPo: 'Y' }, sortOf(request.query.sort), pageWindow(request.query)));

  app.get('/api/v1/cyber/deliveries/:deliveryNo', {
    config: { access: access.login([MY_LIST, MY_EDIT, MY_NONE_ORDER], 'read') },
    schema: { operationId: 'getMyDelivery', tags: TAG, summary: 'One of my deliveries; another company’s answers 404. Staff read any supplier’s', params: DeliveryNoParams, response: { 200: Type.Ref('DeliveryDetail'), ...commonErrors } },
  }, async (request) => detailOr404(supplierView(request).db, request.params.deliveryNo));

  app.get('/api/v1/cyber/deliverable-orders', {
    config: { access: access.login([MY_EDIT], 'read', ['X']) },
    schema: { operationId: 'listDeliverableOrders', tags: TAG, summary: 'My acknowledged orders with quantity still open (deliverEdit)', querystring: DeliverableOrderQuery, response: { 200: ListOf('DeliverableOrderRow'), ...commonErrors } },
  }, async (request) => listDeliverableOrders(request.db, text(request.query.poNo) ?? undefined, parseSort(request.query.sort, { field: 'poDate', direction: 'desc' }), pageWindow(request.query)));

  app.get('/api/v1/cyber/deliverable-orders/:poNo', {
    config: { access: access.login([MY_EDIT], 'read', ['X']) },
    schema: { operationId: 'getDeliverableOrder', tags: TAG, summary: 'One of my orders with each line’s delivered and open quantity', params: PoNoParams, response: { 200: Type.Ref('DeliverableOrderDetail'), ...commonErrors } },
  }, async (request) => {
    const found = await deliverableOrder(request.db, request.params.poNo);
    if (!found) throw missing('PO_NOT_FOUND', '발주를 찾을 수 없습니다');
    return found;
  });

  app.post('/api/v1/cyber/deliveries', {
    config: { access: access.login([MY_EDIT], 'write', ['X']) },
    schema: {
      operationId: 'createDelivery', tags: TAG,
      summary: 'Register a delivery against my acknowledged order (quantities ≤ open quantity: else 400 OVER_DELIVERY), or without an order (flagged noPo=Y)',
      body: DeliveryCreateBody, response: { 200: Type.Ref('DeliveryDetail'), ...actionErrors },
    },
  }, async (request) => {
    const b = request.body;
    const caller = request.caller!;
    const compNo = caller.compNo!;
    const errors = checkHeader(b);
    failIf(errors);
    const deliveryNo = await request.db.transaction().execute(async (trx) => {
      let plan: DeliveryPlan;
      let currency: Currency;
      let poNo: string | null = null;
      let poLines: Awaited<ReturnType<typeof lockOrder>>['lines'] = [];
      if (b.poNo) {
        const locked = await lockOrder(trx, b.poNo);
        if (!(DELIVERABLE_PO_STATUSES as readonly string[]).includes(locked.po.status)) {
          throw wrongState('발주확인(접수)된 발주에만 납품을 등록할 수 있습니다', locked.po.status);
        }
        currency = locked.po.currency;
        if (b.currency && b.currency !== currency) errors.push({ path: 'body/currency', message: `발주 통화(${currency})와 다릅니다` });
        poNo = locked.po.poNo;
        poLines = locked.lines;
        plan = planPoDelivery(poLines, b.lines, currency);
      } else {
        currency = b.currency ?? 'KRW';
        plan = planNoPoDelivery(b.lines, currency);
        await checkMasterData(trx, b.lines, errors);
      }
      const fileId = await checkFile(trx, b.FILE_SEQ, errors);
      failIf([...errors, ...plan.errors], plan.overDelivery && errors.length === 0 ? 'OVER_DELIVERY' : 'VALIDATION');

      const no = await nextDocumentNumber(trx, 'DLV', todayKst());
      const header = {
        deliveryNo: no, compNo, poNo, noPo: poNo ? ('N' as const) : ('Y' as const), status: 'REGISTERED' as const, currency, totalAmount: plan.total,
        ...headerValues(b, fileId), registeredBy: caller.userId,
      };
      await trx.insertInto('delivery').values(header).execute();
      const lines = lineValues(no, compNo, poNo, plan.lines);
      await trx.insertInto('deliveryLine').values(lines).execute();
      if (poNo) {
        await applyDeltas(trx, poNo, poLines, plan.deltas);
        await syncPoDeliveryStatus(trx, poNo, caller.userId);
      }
      await writeAudit(trx, { entity: 'delivery', entityKey: no, action: 'CREATE', actor: caller.userId, after: { ...header, lines } });
      return no;
    });
    return detailOr404(request.db, deliveryNo);
  });

  app.put('/api/v1/cyber/deliveries/:deliveryNo', {
    config: { access: access.login([MY_EDIT], 'write', ['X']) },
    schema: {
      operationId: 'updateDelivery', tags: TAG, summary: 'Change a registered delivery: dates, documents, lines and quantities (stale version: 409)',
      params: DeliveryNoParams, body: DeliveryUpdateBody, response: { 200: Type.Ref('DeliveryDetail'), ...actionErrors },
    },
  }, async (request) => {
    const b = request.body;
    const caller = request.caller!;
    const { deliveryNo } = request.params;
    const errors = checkHeader(b);
    failIf(errors);
    await request.db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom('delivery').selectAll().where('deliveryNo', '=', deliveryNo).forUpdate().executeTakeFirst();
      if (!before) throw missing('DELIVERY_NOT_FOUND', '납품을 찾을 수 없습니다');
      checkVersion(b.version, before.version);
      if (!DELIVERY_ACTIONS.update.includes(before.status)) throw wrongState('등록 상태의 납품만 수정할 수 있습니다', before.status);
      const oldLines = await trx.selectFrom('deliveryLine').selectAll().where('deliveryNo', '=', deliveryNo).orderBy('lineNo').execute();
      let plan: DeliveryPlan;
      let poLines: Awaited<ReturnType<typeof lockOrder>>['lines'] = [];
      if (before.poNo) {
        const locked = await lockOrder(trx, before.poNo);
        if (![...DELIVERABLE_PO_STATUSES, 'DELIVERED'].includes(locked.po.status)) throw wrongState('발주가 납품을 받을 수 있는 상태가 아닙니다', locked.po.status);
        poLines = locked.lines;
        const previous = new Map(oldLines.map((l) => [l.poLineNo!, l.quantity]));
        plan = planPoDelivery(poLines, b.lines, before.currency, previous);
      } else {
        plan = planNoPoDelivery(b.lines, before.currency);
        await checkMasterData(trx, b.lines, errors);
      }
      const fileId = await checkFile(trx, b.FILE_SEQ, errors);
      failIf([...errors, ...plan.errors], plan.overDelivery && errors.length === 0 ? 'OVER_DELIVERY' : 'VALIDATION');

      const after = { ...headerValues(b, fileId), totalAmount: plan.total };
      await trx.deleteFrom('deliveryLine').where('deliveryNo', '=', deliveryNo).execute();
      const lines = lineValues(deliveryNo, before.compNo, before.poNo, plan.lines);
      await trx.insertInto('deliveryLine').values(lines).execute();
      await trx.updateTable('delivery').set({ ...after, version: before.version + 1, updatedAt: new Date() }).where('deliveryNo', '=', deliveryNo).execute();
      if (before.poNo) {
        await applyDeltas(trx, before.poNo, poLines, plan.deltas);
        await syncPoDeliveryStatus(trx, before.poNo, caller.userId);
      }
      await writeAudit(trx, { entity: 'delivery', entityKey: deliveryNo, action: 'UPDATE', actor: caller.userId, before: { ...before, lines: oldLines }, after: { ...after, lines } });
    });
    return detailOr404(request.db, deliveryNo);
  });

  app.post('/api/v1/cyber/deliveries/:deliveryNo/cancel', {
    config: { access: access.login([MY_EDIT, MY_LIST], 'write', ['X']) },
    schema: {
      operationId: 'cancelDelivery', tags: TAG, summary: 'Cancel a registered (not yet received) delivery; its quantities return to the order (reason required)',
      params: DeliveryNoParams, body: VersionReasonBody, response: { 200: Type.Ref('DeliveryDetail'), ...actionErrors },
    },
  }, async (request) => {
    const caller = request.caller!;
    const { deliveryNo } = request.params;
    const reason = text(request.body.reason);
    await request.db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom('delivery').select(['deliveryNo', 'poNo', 'status', 'version']).where('deliveryNo', '=', deliveryNo).forUpdate().executeTakeFirst();
      if (!before) throw missing('DELIVERY_NOT_FOUND', '납품을 찾을 수 없습니다');
      checkVersion(request.body.version, before.version);
      if (!DELIVERY_ACTIONS.cancel.includes(before.status)) {
        throw wrongState(before.status === 'RECEIVED' ? '입고된 납품은 취소할 수 없습니다' : '이미 취소된 납품입니다', before.status);
      }
      failIf(reason ? [] : [{ path: 'body/reason', message: '취소 사유를 입력하세요' }]);
      if (before.poNo) {
        const locked = await lockOrder(trx, before.poNo);
        const lines = await trx.selectFrom('deliveryLine').select(['poLineNo', 'quantity']).where('deliveryNo', '=', deliveryNo).execute();
        await applyDeltas(trx, before.poNo, locked.lines, new Map(lines.map((l) => [l.poLineNo!, `-${l.quantity}`])));
        await syncPoDeliveryStatus(trx, before.poNo, caller.userId);
      }
      await trx.updateTable('delivery').set({ status: 'CANCELLED', cancelReason: reason, cancelledAt: new Date(), version: before.version + 1, updatedAt: new Date() }).where('deliveryNo', '=', deliveryNo).execute();
      await writeAudit(trx, { entity: 'delivery', entityKey: deliveryNo, action: 'CANCEL', actor: caller.userId, before, after: { status: 'CANCELLED' }, reason });
    });
    return detailOr404(request.db, deliveryNo);
  });

};
