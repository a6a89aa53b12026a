import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { assertSuppliersEligible } from '../../suppliers/eligibility.js';
import { access } from '../../../http/access.js';
import { commonErrors } from '../../../http/error-schema.js';
import { pageWindow, parseSort } from '../../../http/list-query.js';
import { writeAudit } from '../../../db/audit.js';
import type { Db } from '../../../db/connect.js';
import { internalActor, isPurchasingManager, type Actor } from '../../../domain/actor.js';
import { checkFileId } from '../../../domain/documents.js';
import { checkVersion, invalid, notAllowed, type FieldError } from '../../../domain/errors.js';
import { resolveLines } from '../shared/lines.js';
import { jpyRate, simpleOrderLimit, toKrw, wonText } from '../../../domain/money.js';
import { nextDocNo } from '../shared/numbering.js';
import { transition } from '../../../domain/machine.js';
import { checkDate, todayKst } from '../../../domain/dates.js';
import { requireText, text } from '../../../domain/values.js';
import { listPos } from '../po/queries.js';
import { PoDetail, PoList, PoNoParams } from '../po/schemas.js';
import { SIMPLE_SCREENS, poDetail, poMissing } from '../po/service.js';
import { PO_MACHINE } from '../po/workflow.js';
import { SimpleOrderCreateBody, SimpleOrderLimit, SimpleOrderListQuery, SimpleOrderUpdateBody } from './schemas.js';
import { isBelowLimit } from './workflow.js';
import { checkSourcingEligibility } from '../../evaluation/eligibility.js';

type SimpleInput = {
  compNo: string;
  title: string;
  currency: 'KRW' | 'JPY';
  dueDate: string;
  section?: string;
  deptcd?: string;
  remark?: string | null;
  fileId?: string | null;
  lines: Array<{ itemCode?: string | null; itemName?: string | null; spec?: string | null; unitCode?: string | null; sgCode?: string | null; quantity: string; unitPrice: string; deliveryDate?: string | null }>;
};

/** Checks a simple order: supplier, department, lines, and its KRW amount below the limit. */
async function checkSimple(db: Db, b: SimpleInput, actor: Actor) {
  const errors: FieldError[] = [];
  const today = todayKst();
  requireText(errors, 'body/title', b.title, '제목');
  checkDate(errors, 'body/dueDate', b.dueDate, '납기일', { required: true, notBefore: today });
  const compNo = b.compNo.trim().toUpperCase();
  await assertSuppliersEligible(db, [compNo], 'order', 'body/compNo');
  const company = await db.selectFrom('company').select(['compNo', 'status']).where('compNo', '=', compNo).executeTakeFirst();
  if (!company) errors.push({ path: 'body/compNo', message: `등록되지 않은 협력사입니다: ${compNo}` });
  else if (company.status !== 'ACTIVE') errors.push({ path: 'body/compNo', message: `거래 중이 아닌 협력사입니다: ${compNo}` });
  const section = text(b.section) ?? actor.section;
  const deptcd = text(b.deptcd) ?? actor.deptcd;
  const dept = await db.selectFrom('department').select(['topDept', 'useYn']).where('deptcd', '=', deptcd).executeTakeFirst();
  if (!dept || dept.useYn !== 'Y') errors.push({ path: 'body/deptcd', message: `부서를 찾을 수 없습니다: ${deptcd}` });
  else if (dept.topDept !== section) errors.push({ path: 'body/deptcd', message: '부서가 선택한 사업부문에 속하지 않습니다' });
  await checkFileId(db, 'body/fileId', b.fileId);
  const { lines, total } = await resolveLines(
    db,
    b.lines.map((l) => ({ ...l, price: l.unitPrice, deliveryDate: l.deliveryDate ?? undefined })),
    b.currency,
    { priceField: 'unitPrice', today, errors },
  );
  const [rate, limit] = await Promise.all([jpyRate(db), simpleOrderLimit(db)]);
  const amountKrw = toKrw(total, b.currency, rate);
  if (!isBelowLimit(amountKrw, limit)) {
    throw invalid('SIMPLE_ORDER_OVER_LIMIT', `소액발주는 ${wonText(limit)}원 미만이어야 합니다 (현재 ${wonText(amountKrw)}원). 구매요청으로 진행하세요`, [
      { path: 'body/lines', message: `합계 ${wonText(amountKrw)}원이 소액발주 한도 ${wonText(limit)}원 이상입니다` },
    ]);
  }
  return {
    header: { compNo, title: b.title.trim(), currency: b.currency, dueDate: b.dueDate, section, deptcd, remark: text(b.remark), fileId: b.fileId ?? null, totalAmount: total },
    lines: lines.map((l) => ({ lineNo: l.lineNo, itemCode: l.itemCode, itemName: l.itemName, spec: l.spec, unitCode: l.unitCode, sgCode: l.sgCode, quantity: l.quantity, unitPrice: l.price, amount: l.amount, deliveryDate: l.deliveryDate ?? b.dueDate })),
  };
}

/** Simple orders (소액발주): a PO without PR, below the SIMPLE_ORDER_LIMIT common code; actions are the PO's. */
export const simpleOrderRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['simple-order'];
  const read = { access: access.login([SIMPLE_SCREENS.list, SIMPLE_SCREENS.edit], 'read', ['I']) };
  const write = { access: access.login([SIMPLE_SCREENS.edit], 'write', ['I']) };

  app.get(
    '/api/v1/simple-orders',
    { config: read, schema: { operationId: 'listSimpleOrders', tags, summary: 'Simple orders, with per-currency totals', querystring: SimpleOrderListQuery, response: { 200: PoList, ...commonErrors } } },
    async (request) => {
      const q = request.query;
      return listPos(request.db, { ...q, poType: 'SIMPLE' }, parseSort(q.sort, { field: 'poNo', direction: 'desc' }), pageWindow(q));
    },
  );

  app.get(
    '/api/v1/simple-orders/limit',
    { config: read, schema: { operationId: 'getSimpleOrderLimit', tags, summary: 'The simple-order limit (KRW) and the JPY rate it is compared with', response: { 200: SimpleOrderLimit, ...commonErrors } } },
    async (request) => {
      const [limit, rate] = await Promise.all([simpleOrderLimit(request.db), jpyRate(request.db)]);
      return { limit, currency: 'KRW' as const, jpyRate: rate };
    },
  );

  app.get(
    '/api/v1/simple-orders/:poNo',
    { config: read, schema: { operationId: 'getSimpleOrder', tags, summary: 'One simple order (the PO detail)', params: PoNoParams, response: { 200: PoDetail, ...commonErrors } } },
    async (request) => poDetail(request.db, request.params.poNo, await internalActor(request.db, request.caller), 'SIMPLE'),
  );

  app.post(
    '/api/v1/simple-orders',
    { config: write, schema: { operationId: 'createSimpleOrder', tags, summary: 'Create a draft simple order (the caller is its buyer); its amount in KRW must stay below the limit', body: SimpleOrderCreateBody, response: { 200: PoDetail, ...commonErrors } } },
    async (request) => {
      const actor = await internalActor(request.db, request.caller);
      const input = await checkSimple(request.db, request.body, actor);
      const poNo = await request.db.transaction().execute(async (trx) => {
        const poNo = await nextDocNo(trx, 'PO');
        await checkSourcingEligibility(trx, [input.header.compNo], { docType: 'SIMPLE', docNo: poNo, confirmWarning: request.body.confirmEvaluationWarning, actor: actor.userId });
        const header = { poNo, poType: 'SIMPLE' as const, ...input.header, buyerId: actor.singleid, requesterId: actor.singleid, status: 'DRAFT', poDate: todayKst(), createdBy: actor.userId };
        await trx.insertInto('poHeader').values(header).execute();
        await trx.insertInto('poLine').values(input.lines.map((l) => ({ poNo, ...l }))).execute();
        await writeAudit(trx, { entity: 'po_header', entityKey: poNo, action: 'CREATE', actor: actor.userId, after: { ...header, lines: input.lines } });
        return poNo;
      });
      return poDetail(request.db, poNo, actor);
    },
  );

  app.put(
    '/api/v1/simple-orders/:poNo',
    {
      config: write,
      schema: { operationId: 'updateSimpleOrder', tags, summary: 'Change a draft simple order: supplier, lines and all (its buyer or a purchasing manager; stale version: 409)', params: PoNoParams, body: SimpleOrderUpdateBody, response: { 200: PoDetail, 409: Type.Ref('ErrorBody'), ...commonErrors } },
    },
    async (request) => {
      const { poNo } = request.params;
      const actor = await internalActor(request.db, request.caller);
      await request.db.transaction().execute(async (trx) => {
        const po = await trx.selectFrom('poHeader').selectAll().where('poNo', '=', poNo).forUpdate().executeTakeFirst();
        if (!po || po.poType !== 'SIMPLE') throw poMissing();
        if (po.buyerId !== actor.singleid && !isPurchasingManager(actor)) throw notAllowed('담당 구매자 또는 구매 관리자만 소액발주를 수정할 수 있습니다');
        checkVersion(request.body.version, po.version);
        transition(PO_MACHINE, 'update', po.status);
        const input = await checkSimple(trx, request.body, actor);
        // A new supplier is held to its evaluation standing as on creation (block refused, warn confirmed).
        if (input.header.compNo !== po.compNo) {
          await checkSourcingEligibility(trx, [input.header.compNo], { docType: 'SIMPLE', docNo: poNo, confirmWarning: request.body.confirmEvaluationWarning, actor: actor.userId });
        }
        const oldLines = await trx.selectFrom('poLine').selectAll().where('poNo', '=', poNo).orderBy('lineNo').execute();
        await trx.updateTable('poHeader').set({ ...input.header, version: po.version + 1, updatedAt: new Date() }).where('poNo', '=', poNo).execute();
        await trx.deleteFrom('poLine').where('poNo', '=', poNo).execute();
        await trx.insertInto('poLine').values(input.lines.map((l) => ({ poNo, ...l }))).execute();
        await writeAudit(trx, { entity: 'po_header', entityKey: poNo, action: 'UPDATE', actor: actor.userId, before: { ...po, lines: oldLines }, after: { ...input.header, lines: input.lines } });
      });
      return poDetail(request.db, poNo, actor, 'SIMPLE');
    },
  );

};
