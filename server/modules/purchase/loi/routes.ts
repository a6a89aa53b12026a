import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../../http/access.js';
import { commonErrors } from '../../../http/error-schema.js';
import { pageWindow, parseSort } from '../../../http/list-query.js';
import { groupHoldsScreen } from '../../../auth/menu-authority.js';
import { writeAudit } from '../../../db/audit.js';
import type { Db } from '../../../db/connect.js';
import { loadApprovals, startApproval, withdrawApproval } from '../approval/queries.js';
import { internalActor, isPurchasingManager, supplierActor, type Actor } from '../../../domain/actor.js';
import { checkFileId, loadAttachments, loadHistory } from '../../../domain/documents.js';
import { checkVersion, failIf, missing, notAllowed, refused, wrongState, type FieldError } from '../../../domain/errors.js';
import { jpyRate, toKrw } from '../../../domain/money.js';
import { nextDocNo } from '../shared/numbering.js';
import { ReasonBody, VersionBody } from '../../../domain/schemas.js';
import { transition } from '../../../domain/machine.js';
import { checkDate, todayKst } from '../../../domain/dates.js';
import { checkDecimal, iso, requireText, text, type DecimalRule } from '../../../domain/values.js';
import { findLoi, listLois, listSupplierLois } from './queries.js';
import { approvalState, numbered } from '../approval/state.js';
import { expireOverdueLois } from '../jobs.js';
import { ExpireAnswer, LoiCreateBody, LoiDetail, LoiListQuery, LoiNoParams, LoiUpdateBody, SupplierLoiDetail, SupplierLoiListQuery, SupplierLoiRow, LoiRow } from './schemas.js';
import { LOI_MACHINE, SUPPLIER_VISIBLE_LOI, effectiveLoiStatus, isPastValidity, loiActionsFor } from './workflow.js';

const LIST = '/LoiRequestList';
const EDIT = '/LoiRequestEdit';
const CYBER_SCREENS = ['/CyberOrderRequestList', '/CyberOrderRequestEdit'];
const LOI_AMOUNT: DecimalRule = { label: '금액', scale: 0, intDigits: 16, sign: 'positive' };

const loiMissing = () => missing('LOI_NOT_FOUND', 'LOI를 찾을 수 없습니다');

type LoiInput = { compNo: string; title: string; scope: string; currency: 'KRW' | 'JPY'; amount: string; validFrom: string; validUntil: string; prNo?: string | null; fileId?: string | null };

async function checkLoi(db: Db, b: LoiInput) {
  const errors: FieldError[] = [];
  const today = todayKst();
  requireText(errors, 'body/title', b.title, '제목');
  requireText(errors, 'body/scope', b.scope, '범위');
  checkDecimal(errors, 'body/amount', b.amount, LOI_AMOUNT);
  checkDate(errors, 'body/validFrom', b.validFrom, '유효 시작일', { required: true, notBefore: today });
  checkDate(errors, 'body/validUntil', b.validUntil, '유효 종료일', { required: true });
  if (!errors.some((e) => e.path.startsWith('body/valid')) && b.validUntil < b.validFrom) errors.push({ path: 'body/validUntil', message: '유효 종료일은 시작일 이후여야 합니다' });
  const compNo = b.compNo.trim().toUpperCase();
  const company = await db.selectFrom('company').select(['status']).where('compNo', '=', compNo).executeTakeFirst();
  if (!company) errors.push({ path: 'body/compNo', message: `등록되지 않은 협력사입니다: ${compNo}` });
  else if (company.status !== 'ACTIVE') errors.push({ path: 'body/compNo', message: `거래 중이 아닌 협력사입니다: ${compNo}` });
  const prNo = text(b.prNo);
  if (prNo && !(await db.selectFrom('prHeader').select('prNo').where('prNo', '=', prNo).executeTakeFirst())) errors.push({ path: 'body/prNo', message: `구매요청을 찾을 수 없습니다: ${prNo}` });
  failIf(errors);
  await checkFileId(db, 'body/fileId', b.fileId);
  return { compNo, title: b.title.trim(), scope: b.scope.trim(), currency: b.currency, amount: b.amount.trim(), validFrom: b.validFrom, validUntil: b.validUntil, prNo, fileId: b.fileId ?? null };
}

async function lockLoi(trx: Db, loiNo: string, actor: Actor) {
  const loi = await trx.selectFrom('loi').selectAll().where('loiNo', '=', loiNo).forUpdate().executeTakeFirst();
  if (!loi) throw loiMissing();
  if (loi.buyerId !== actor.singleid && !isPurchasingManager(actor)) throw notAllowed('담당 구매자 또는 구매 관리자만 LOI를 처리할 수 있습니다');
  return loi;
}

/** Letters of intent: supplier, scope, amount, validity; approval issues them; the supplier accepts, or they expire. */
export const loiRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['loi'];
  const read = { access: access.login([LIST, EDIT], 'read', ['I']) };
  const write = { access: access.login([EDIT], 'write', ['I']) };

  async function detail(db: Db, loiNo: string, actor: Actor) {
    const h = await findLoi(db, loiNo);
    if (!h) throw loiMissing();
    const [attachments, approvals, history, orders, canWrite] = await Promise.all([
      loadAttachments(db, h.fileId),
      loadApprovals(db, { docTypes: ['LOI'], docNo: loiNo }),
      loadHistory(db, 'loi', loiNo),
      db.selectFrom('poHeader').select(['poNo', 'status', 'totalAmount']).where('loiNo', '=', loiNo).orderBy('poNo').execute(),
      groupHoldsScreen(db, actor.authGroupId, [EDIT], 'write'),
    ]);
    const status = effectiveLoiStatus(h.status, h.validUntil, todayKst());
    const { approvalId: _a, buyerEmail: _e, buyerTelNo: _t, ...header } = h;
    const { isCurrentApprover, ...approvalFields } = approvalState(approvals, actor.singleid);
    return {
      ...header,
      status,
      issuedAt: iso(h.issuedAt),
      acceptedAt: iso(h.acceptedAt),
      expiredAt: iso(h.expiredAt),
      createdAt: iso(h.createdAt)!,
      updatedAt: iso(h.updatedAt)!,
      attachments,
      approvals,
      history: numbered(history),
      orders,
      ...approvalFields,
      actions: [...loiActionsFor(status, { isBuyer: h.buyerId === actor.singleid, isManager: isPurchasingManager(actor), canWrite }), ...(isCurrentApprover ? ['approve', 'reject'] : [])],
    };
  }

  app.get(
    '/api/v1/lois',
    { config: read, schema: { operationId: 'listLois', tags, summary: 'Letters of intent', querystring: LoiListQuery, response: { 200: Type.Object({ rows: Type.Array(LoiRow), total: Type.Integer() }), ...commonErrors } } },
    async (request) => {
      const q = request.query;
      return listLois(request.db, q, parseSort(q.sort, { field: 'loiNo', direction: 'desc' }), pageWindow(q), todayKst());
    },
  );

  app.get(
    '/api/v1/lois/:loiNo',
    { config: read, schema: { operationId: 'getLoi', tags, summary: 'One LOI with approvals, history and the orders that follow it', params: LoiNoParams, response: { 200: LoiDetail, ...commonErrors } } },
    async (request) => detail(request.db, request.params.loiNo, await internalActor(request.db, request.caller)),
  );

  app.post(
    '/api/v1/lois',
    { config: write, schema: { operationId: 'createLoi', tags, summary: 'Create a draft LOI (the caller is its buyer)', body: LoiCreateBody, response: { 200: LoiDetail, ...commonErrors } } },
    async (request) => {
      const actor = await internalActor(request.db, request.caller);
      const input = await checkLoi(request.db, request.body);
      const loiNo = await request.db.transaction().execute(async (trx) => {
        const loiNo = await nextDocNo(trx, 'LOI');
        const row = { loiNo, ...input, status: 'DRAFT' as const, buyerId: actor.singleid, createdBy: actor.userId };
        await trx.insertInto('loi').values(row).execute();
        await writeAudit(trx, { entity: 'loi', entityKey: loiNo, action: 'CREATE', actor: actor.userId, after: row });
        return loiNo;
      });
      return detail(request.db, loiNo, actor);
    },
  );

  app.put(
    '/api/v1/lois/:loiNo',
    { config: write, schema: { operationId: 'updateLoi', tags, summary: 'Change a draft LOI (stale version: 409)', params: LoiNoParams, body: LoiUpdateBody, response: { 200: LoiDetail, 409: Type.Ref('ErrorBody'), ...commonErrors } } },
    async (request) => {
      const { loiNo } = request.params;
      const actor = await internalActor(request.db, request.caller);
      await request.db.transaction().execute(async (trx) => {
        const loi = await lockLoi(trx, loiNo, actor);
        checkVersion(request.body.version, loi.version);
        transition(LOI_MACHINE, 'update', loi.status);
        const input = await checkLoi(trx, request.body);
        await trx.updateTable('loi').set({ ...input, version: loi.version + 1, updatedAt: new Date() }).where('loiNo', '=', loiNo).execute();
        await writeAudit(trx, { entity: 'loi', entityKey: loiNo, action: 'UPDATE', actor: actor.userId, before: loi, after: input });
      });
      return detail(request.db, loiNo, actor);
    },
  );

  app.post(
    '/api/v1/lois/:loiNo/submit',
    { config: write, schema: { operationId: 'submitLoi', tags, summary: 'Submit for approval (LOI rule by amount); the last approval issues the LOI', params: LoiNoParams, body: VersionBody, response: { 200: LoiDetail, 409: Type.Ref('ErrorBody'), ...commonErrors } } },
    async (request) => {
      const { loiNo } = request.params;
      const actor = await internalActor(request.db, request.caller);
      const rate = await jpyRate(request.db);
      await request.db.transaction().execute(async (trx) => {
        const loi = await lockLoi(trx, loiNo, actor);
        checkVersion(request.body.version, loi.version);
        const status = transition(LOI_MACHINE, 'submit', loi.status);
        if (isPastValidity(loi.validUntil, todayKst())) failIf([{ path: 'body', message: '유효 종료일이 지났습니다. 유효기간을 고친 뒤 상신하세요' }]);
        const amountKrw = toKrw(loi.amount, loi.currency, rate);
        const { approvalId } = await startApproval(trx, { docType: 'LOI', docNo: loiNo, amountKrw, submitterId: actor.singleid, actorUserId: actor.userId });
        await trx.updateTable('loi').set({ status, approvalStatus: 'PENDING', approvalId, version: loi.version + 1, updatedAt: new Date() }).where('loiNo', '=', loiNo).execute();
        await writeAudit(trx, { entity: 'loi', entityKey: loiNo, action: 'SUBMIT', actor: actor.userId, before: { status: loi.status }, after: { status, approvalId, amountKrw } });
      });
      return detail(request.db, loiNo, actor);
    },
  );

  app.post(
    '/api/v1/lois/:loiNo/cancel',
    { config: write, schema: { operationId: 'cancelLoi', tags, summary: 'Cancel an LOI not yet accepted, with a reason (an open approval is withdrawn)', params: LoiNoParams, body: ReasonBody, response: { 200: LoiDetail, 409: Type.Ref('ErrorBody'), ...commonErrors } } },
    async (request) => {
      const { loiNo } = request.params;
      const reason = text(request.body.reason);
      if (!reason) failIf([{ path: 'body/reason', message: '취소 사유를 입력하세요' }]);
      const actor = await internalActor(request.db, request.caller);
      await request.db.transaction().execute(async (trx) => {
        const loi = await lockLoi(trx, loiNo, actor);
        checkVersion(request.body.version, loi.version);
        const status = transition(LOI_MACHINE, 'cancel', loi.status);
        const withdrawn = loi.status === 'IN_APPROVAL';
        if (withdrawn) await withdrawApproval(trx, loi.approvalId, actor.userId);
        await trx.updateTable('loi').set({ status, cancelReason: reason, ...(withdrawn ? { approvalStatus: 'WITHDRAWN' } : {}), version: loi.version + 1, updatedAt: new Date() }).where('loiNo', '=', loiNo).execute();
        await writeAudit(trx, { entity: 'loi', entityKey: loiNo, action: 'CANCEL', actor: actor.userId, before: { status: loi.status }, after: { status }, reason });
      });
      return detail(request.db, loiNo, actor);
    },
  );

  app.post(
    '/api/v1/lois/expire',
    {
      config: { access: access.login([LIST, EDIT], 'write', ['I']) },
      schema: { operationId: 'expireLois', tags, summary: 'Store the expiry of every issued LOI past its validity (lists already show them as expired); for a scheduler or an operator', response: { 200: ExpireAnswer, ...commonErrors } },
    },
    async (request) => ({ expired: await expireOverdueLois(request.db, new Date(), request.caller!.userId) }),
  );

  /* ------------------------------ the supplier's side ------------------------------ */

  app.get(
    '/api/v1/cyber/lois',
    { config: { access: access.login(CYBER_SCREENS, 'read', ['X']) }, schema: { operationId: 'listSupplierLois', tags, summary: 'LOIs issued to my company', querystring: SupplierLoiListQuery, response: { 200: Type.Object({ rows: Type.Array(SupplierLoiRow), total: Type.Integer() }), ...commonErrors } } },
    async (request) => {
      const q = request.query;
      return listSupplierLois(request.db, q, parseSort(q.sort, { field: 'loiNo', direction: 'desc' }), pageWindow(q), todayKst());
    },
  );

  async function supplierDetail(db: Db, loiNo: string) {
    const h = await findLoi(db, loiNo);
    if (!h || !(SUPPLIER_VISIBLE_LOI as readonly string[]).includes(h.status)) throw loiMissing();
    const status = effectiveLoiStatus(h.status, h.validUntil, todayKst());
    return {
      loiNo: h.loiNo, compNo: h.compNo, compNameKr: h.compNameKr, title: h.title, scope: h.scope, currency: h.currency, amount: h.amount, validFrom: h.validFrom, validUntil: h.validUntil,
      status, buyerName: h.buyerName, buyerEmail: h.buyerEmail, buyerTelNo: h.buyerTelNo, issuedAt: iso(h.issuedAt), acceptedAt: iso(h.acceptedAt), version: h.version,
      attachments: await loadAttachments(db, h.fileId),
      actions: status === 'ISSUED' ? ['accept'] : [],
    };
  }

  app.get(
    '/api/v1/cyber/lois/:loiNo',
    { config: { access: access.login(CYBER_SCREENS, 'read', ['X']) }, schema: { operationId: 'getSupplierLoi', tags, summary: 'One LOI issued to my company; another company’s answers 404', params: LoiNoParams, response: { 200: SupplierLoiDetail, ...commonErrors } } },
    async (request) => {
      supplierActor(request.caller);
      return supplierDetail(request.db, request.params.loiNo);
    },
  );

  app.post(
    '/api/v1/cyber/lois/:loiNo/accept',
    { config: { access: access.login(['/CyberOrderRequestEdit'], 'write', ['X']) }, schema: { operationId: 'acceptLoi', tags, summary: 'Accept an issued LOI within its validity (once)', params: LoiNoParams, body: VersionBody, response: { 200: SupplierLoiDetail, 409: Type.Ref('ErrorBody'), ...commonErrors } } },
    async (request) => {
      const { loiNo } = request.params;
      const supplier = supplierActor(request.caller);
      await request.db.transaction().execute(async (trx) => {
        const loi = await trx.selectFrom('loi').select(['status', 'version', 'validUntil']).where('loiNo', '=', loiNo).forUpdate().executeTakeFirst();
        if (!loi || !(SUPPLIER_VISIBLE_LOI as readonly string[]).includes(loi.status)) throw loiMissing();
        checkVersion(request.body.version, loi.version);
        if (loi.status === 'ACCEPTED') throw wrongState('이미 수락한 LOI입니다', loi.status);
        const status = transition(LOI_MACHINE, 'accept', loi.status);
        if (isPastValidity(loi.validUntil, todayKst())) throw refused('LOI_EXPIRED', `유효기간(${loi.validUntil})이 지난 LOI는 수락할 수 없습니다`);
        const now = new Date();
        await trx.updateTable('loi').set({ status, acceptedAt: now, acceptedBy: supplier.userId, version: loi.version + 1, updatedAt: now }).where('loiNo', '=', loiNo).execute();
        await writeAudit(trx, { entity: 'loi', entityKey: loiNo, action: 'ACCEPT', actor: supplier.userId, before: { status: loi.status }, after: { status } });
      });
      return supplierDetail(request.db, loiNo);
    },
  );
};
