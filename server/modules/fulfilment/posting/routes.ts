import crypto from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { writeAudit } from '../../../db/audit.js';
import type { Db } from '../../../db/connect.js';
import { nextDocumentNumber } from '../../../db/document-number.js';
import { access } from '../../../http/access.js';
import { commonErrors } from '../../../http/error-schema.js';
import { HttpError } from '../../../http/errors.js';
import { pageWindow, parseSort } from '../../../http/list-query.js';
import { dateRange, todayKst } from '../../../domain/dates.js';
import { checkVersion, failIf, missing, refused, wrongState, type FieldError } from '../../../domain/errors.js';
import { won } from '../../../domain/money.js';
import { VersionBody, actionErrors } from '../../../domain/schemas.js';
import { text } from '../../../domain/values.js';
import { SettleNoParams } from '../settlement/schemas.js';
import { SETTLE_WRONG_STATE, canSettle } from '../settlement/workflow.js';
import { createErpConnector, postingWindowMs, type ErpConnector, type PostResult, type VoucherPayload } from './connector.js';
import { listPostingErrors, listVouchers, voucherDetail } from './queries.js';
import { PostingErrorListQuery, RetryBody, VoucherList, VoucherListQuery, VoucherNoParams } from './schemas.js';
import { buildVoucherPayload, maySend } from './workflow.js';

const SIGNIFIER = '/signifier';
const SIGNIFIER_DETAIL = '/signifierDetail';
const POSTING_ERROR = '/posting-error';
const MONTHLY = '/monthlyCalcAdmin';
const MONTHLY_DETAIL = '/monthlyCalcADetail';
const TAG = ['fulfilment: posting'];

const postingErrors = { 424: Type.Ref('ErrorBody'), ...actionErrors } as const;

interface Claimed {
  voucherNo: string;
  idempotencyKey: string;
  payload: VoucherPayload;
}

async function buildPayload(trx: Db, voucherNo: string, s: { settleNo: string; compNo: string; period: string; adjustmentAmount: string; totalAmount: string }): Promise<VoucherPayload> {
  const company = await trx.selectFrom('company').select(['compNameKr', 'taxNo2']).where('compNo', '=', s.compNo).executeTakeFirstOrThrow();
  const goods = await trx
    .selectFrom('settlementLine as l')
    .leftJoin('code as c', (j) => j.on('c.groupId', '=', 'EXPENSES').onRef('c.code', '=', 'l.expenses'))
    .select(['l.expenses', 'c.textKo'])
    .select((eb) => eb.fn.sum<string>('l.krwAmount').as('amount'))
    .where('l.settleNo', '=', s.settleNo)
    .groupBy(['l.expenses', 'c.textKo'])
    .orderBy('l.expenses')
    .execute();
  return buildVoucherPayload({
    voucherNo,
    settleNo: s.settleNo,
    period: s.period,
    postingDate: todayKst(),
    vendor: { compNo: s.compNo, name: company.compNameKr, taxNo: company.taxNo2 },
    goodsByExpenses: goods.map((g) => ({ expenses: g.expenses, name: g.textKo ?? g.expenses, amount: won(g.amount) })),
    adjustmentAmount: s.adjustmentAmount,
    totalAmount: s.totalAmount,
  });
}

/**
 * ERP posting (기표/전기): a confirmed settlement becomes one voucher (VC…) with its own
 * idempotency key, sent through the connector. The voucher is claimed (SENT) in one
 * transaction, sent outside any transaction, and the outcome recorded in another: POSTED with
 * the ERP's document number, or FAILED with a posting-error row carrying the ERP's message.
 * A posted voucher is never sent again; a retry resends the same voucher under the same key.
 */
export const postingRoutes: FastifyPluginAsyncTypebox<{ connector?: ErpConnector }> = async (app, opts) => {
  const connector = opts.connector ?? createErpConnector(app.config);
  const windowMs = postingWindowMs(app.config);

  const detailOr404 = async (db: Db, voucherNo: string) => {
    const d = await voucherDetail(db, voucherNo);
    if (!d) throw missing('VOUCHER_NOT_FOUND', '전표를 찾을 수 없습니다');
    return d;
  };

  /** Marks a voucher SENT (the caller holds its lock) and closes its open errors as retried. */
  async function claim(trx: Db, v: { voucherNo: string; version: number; status: string }, actor: string, action: string): Promise<void> {
    const now = new Date();
    const closed = await trx.updateTable('postingError').set({ status: 'RETRIED', retriedAt: now, retriedBy: actor }).where('voucherNo', '=', v.voucherNo).where('status', '=', 'FAILED').executeTakeFirst();
    await trx.updateTable('erpVoucher').set({ status: 'SENT', sentAt: now, version: v.version + 1, updatedAt: now }).where('voucherNo', '=', v.voucherNo).execute();
    await writeAudit(trx, { entity: 'erp_voucher', entityKey: v.voucherNo, action, actor, before: { status: v.status }, after: { status: 'SENT', retriedErrors: Number(closed.numUpdatedRows) } });
  }

  /** Records what the ERP answered, in its own transaction: nothing of an attempt is lost. */
  async function finalize(db: Db, voucherNo: string, result: PostResult, actor: string): Promise<{ ok: true } | { ok: false; errorId: number }> {
    return db.transaction().execute(async (trx) => {
      const v = await trx.selectFrom('erpVoucher').selectAll().where('voucherNo', '=', voucherNo).forUpdate().executeTakeFirstOrThrow();
      const s = await trx.selectFrom('settlement').select(['settleNo', 'status', 'version']).where('settleNo', '=', v.settleNo).forUpdate().executeTakeFirstOrThrow();
      const now = new Date();
      const attempts = v.attempts + result.attempts;
      if (result.ok) {
        await trx.updateTable('erpVoucher').set({ status: 'POSTED', erpDocNo: result.erpDocNo, postedAt: now, attempts, connector: connector.kind, lastError: null, version: v.version + 1, updatedAt: now }).where('voucherNo', '=', voucherNo).execute();
        await trx.updateTable('settlement').set({ status: 'POSTED', postedAt: now, version: s.version + 1, updatedAt: now }).where('settleNo', '=', s.settleNo).execute();
        await writeAudit(trx, { entity: 'erp_voucher', entityKey: voucherNo, action: 'POSTED', actor, before: { status: v.status }, after: { status: 'POSTED', erpDocNo: result.erpDocNo, attempts } });
        await writeAudit(trx, { entity: 'settlement', entityKey: s.settleNo, action: 'POSTED', actor, before: { status: s.status }, after: { status: 'POSTED', voucherNo } });
        return { ok: true as const };
      }
      await trx.updateTable('erpVoucher').set({ status: 'FAILED', lastError: result.message.slice(0, 2000), attempts, connector: connector.kind, version: v.version + 1, updatedAt: now }).where('voucherNo', '=', voucherNo).execute();
      const error = await trx
        .insertInto('postingError')
        .values({ voucherNo, settleNo: v.settleNo, compNo: v.compNo, attempt: attempts, httpStatus: result.httpStatus, erpCode: result.erpCode, message: result.message.slice(0, 2000), status: 'FAILED' })
        .returning('errorId')
        .executeTakeFirstOrThrow();
      if (s.status !== 'POST_FAILED') {
        await trx.updateTable('settlement').set({ status: 'POST_FAILED', version: s.version + 1, updatedAt: now }).where('settleNo', '=', s.settleNo).execute();
        await writeAudit(trx, { entity: 'settlement', entityKey: s.settleNo, action: 'POST_FAILED', actor, before: { status: s.status }, after: { status: 'POST_FAILED', voucherNo } });
      }
      await writeAudit(trx, { entity: 'erp_voucher', entityKey: voucherNo, action: 'FAILED', actor, before: { status: v.status }, after: { status: 'FAILED', attempts, message: result.message } });
      return { ok: false as const, errorId: Number(error.errorId) };
    });
  }

  async function send(db: Db, claimed: Claimed, actor: string) {
    const result = await connector.post(claimed.payload, claimed.idempotencyKey);
    const outcome = await finalize(db, claimed.voucherNo, result, actor);
    if (!outcome.ok && !result.ok) {
      throw new HttpError(424, 'ERP_POSTING_FAILED', `ERP 전기에 실패했습니다: ${result.message}. 전기오류 화면에서 다시 처리할 수 있습니다`, {
        voucherNo: claimed.voucherNo, errorId: outcome.errorId, attempts: result.attempts, httpStatus: result.httpStatus, erpCode: result.erpCode,
      });
    }
    return detailOr404(db, claimed.voucherNo);
  }

  const refuseBySendState = (state: 'yes' | 'posted' | 'in-progress') => {
    if (state === 'posted') throw refused('ALREADY_POSTED', '이미 전기된 전표입니다. 다시 보내지 않습니다');
    if (state === 'in-progress') throw refused('POSTING_IN_PROGRESS', '전기가 진행 중입니다. 잠시 후 다시 조회하세요');
  };

  app.post('/api/v1/settlements/:settleNo/post', {
    config: { access: access.login([MONTHLY_DETAIL, MONTHLY, SIGNIFIER], 'write', ['I']) },
    schema: {
      operationId: 'postSettlement', tags: TAG,
      summary: 'Post a confirmed settlement to the ERP as a voucher (VC…); failure: 424 ERP_POSTING_FAILED with the ERP’s message, recorded in posting errors',
      params: SettleNoParams, body: VersionBody, response: { 200: Type.Ref('VoucherDetail'), ...postingErrors },
    },
  }, async (request) => {
    const actor = request.caller!.userId;
    const claimed = await request.db.transaction().execute(async (trx): Promise<Claimed> => {
      const s = await trx.selectFrom('settlement').selectAll().where('settleNo', '=', request.params.settleNo).forUpdate().executeTakeFirst();
      if (!s) throw missing('SETTLEMENT_NOT_FOUND', '정산을 찾을 수 없습니다');
      checkVersion(request.body.version, s.version);
      if (s.status === 'POSTED') throw refused('ALREADY_POSTED', '이미 전기된 정산입니다. 다시 보내지 않습니다');
      if (!canSettle('post', s.status)) throw wrongState(SETTLE_WRONG_STATE.post, s.status);
      let v = await trx.selectFrom('erpVoucher').selectAll().where('settleNo', '=', s.settleNo).forUpdate().executeTakeFirst();
      if (!v) {
        const voucherNo = await nextDocumentNumber(trx, 'VC', todayKst());
        const payload = await buildPayload(trx, voucherNo, s);
        const values = { voucherNo, settleNo: s.settleNo, compNo: s.compNo, period: s.period, amount: s.totalAmount, idempotencyKey: crypto.randomUUID(), status: 'READY' as const, payload: JSON.stringify(payload), createdBy: actor };
        await trx.insertInto('erpVoucher').values(values).execute();
        await writeAudit(trx, { entity: 'erp_voucher', entityKey: voucherNo, action: 'CREATE', actor, after: { ...values, payload } });
        v = await trx.selectFrom('erpVoucher').selectAll().where('voucherNo', '=', voucherNo).forUpdate().executeTakeFirstOrThrow();
      }
      refuseBySendState(maySend(v, new Date(), windowMs));
      await claim(trx, v, actor, 'SEND');
      return { voucherNo: v.voucherNo, idempotencyKey: v.idempotencyKey, payload: (typeof v.payload === 'string' ? JSON.parse(v.payload) : v.payload) as VoucherPayload };
    });
    return send(request.db, claimed, actor);
  });

  app.post('/api/v1/vouchers/:voucherNo/retry', {
    config: { access: access.login([POSTING_ERROR, SIGNIFIER, SIGNIFIER_DETAIL], 'write', ['I']) },
    schema: {
      operationId: 'retryPosting', tags: TAG,
      summary: 'Send a failed (or interrupted) voucher again under the same idempotency key; a posted voucher answers 409 ALREADY_POSTED and nothing is sent',
      params: VoucherNoParams, body: RetryBody, response: { 200: Type.Ref('VoucherDetail'), ...postingErrors },
    },
  }, async (request) => {
    const actor = request.caller!.userId;
    const claimed = await request.db.transaction().execute(async (trx): Promise<Claimed> => {
      const v = await trx.selectFrom('erpVoucher').selectAll().where('voucherNo', '=', request.params.voucherNo).forUpdate().executeTakeFirst();
      if (!v) throw missing('VOUCHER_NOT_FOUND', '전표를 찾을 수 없습니다');
      checkVersion(request.body.version, v.version);
      refuseBySendState(maySend(v, new Date(), windowMs));
      const s = await trx.selectFrom('settlement').select(['status']).where('settleNo', '=', v.settleNo).forUpdate().executeTakeFirstOrThrow();
      if (s.status === 'POSTED') throw refused('ALREADY_POSTED', '이미 전기된 정산입니다. 다시 보내지 않습니다');
      await claim(trx, v, actor, 'RETRY');
      return { voucherNo: v.voucherNo, idempotencyKey: v.idempotencyKey, payload: (typeof v.payload === 'string' ? JSON.parse(v.payload) : v.payload) as VoucherPayload };
    });
    return send(request.db, claimed, actor);
  });

  app.get('/api/v1/vouchers', {
    config: { access: access.login([SIGNIFIER, SIGNIFIER_DETAIL], 'read', ['I']) },
    schema: { operationId: 'listVouchers', tags: TAG, summary: 'Posting vouchers (signifier)', querystring: VoucherListQuery, response: { 200: VoucherList, ...commonErrors } },
  }, async (request) => {
    const q = request.query;
    const [from, to] = (q.periods ?? []).map((p) => p.trim() || undefined);
    const errors: FieldError[] = [];
    if (from && to && from > to) errors.push({ path: 'querystring/periods', message: '시작 월이 종료 월보다 늦습니다' });
    failIf(errors);
    return listVouchers(
      request.db,
      { voucherNo: text(q.voucherNo) ?? undefined, settleNo: text(q.settleNo) ?? undefined, compNo: text(q.compNo) ?? undefined, compName: text(q.compName) ?? undefined, periodFrom: from, periodTo: to, status: q.status },
      parseSort(q.sort, { field: 'createdAt', direction: 'desc' }),
      pageWindow(q),
    );
  });

  app.get('/api/v1/vouchers/:voucherNo', {
    config: { access: access.login([SIGNIFIER, SIGNIFIER_DETAIL, POSTING_ERROR], 'read', ['I']) },
    schema: { operationId: 'getVoucher', tags: TAG, summary: 'One voucher: what was sent, its state and its posting errors (signifierDetail)', params: VoucherNoParams, response: { 200: Type.Ref('VoucherDetail'), ...commonErrors } },
  }, async (request) => detailOr404(request.db, request.params.voucherNo));

  app.get('/api/v1/posting-errors', {
    config: { access: access.login([POSTING_ERROR], 'read', ['I']) },
    schema: {
      operationId: 'listPostingErrors', tags: TAG, summary: 'ERP posting errors with the ERP’s message; FAILED ones can be retried (posting-error)',
      querystring: PostingErrorListQuery,
      response: { 200: Type.Object({ rows: Type.Array(Type.Ref('PostingErrorRow')), total: Type.Integer() }), ...commonErrors },
    },
  }, async (request) => {
    const q = request.query;
    const errors: FieldError[] = [];
    const { from, to } = dateRange(errors, 'querystring/occurredDates', q.occurredDates);
    failIf(errors);
    return listPostingErrors(request.db, { voucherNo: text(q.voucherNo) ?? undefined, compNo: text(q.compNo) ?? undefined, compName: text(q.compName) ?? undefined, status: q.status, from, to }, parseSort(q.sort, { field: 'occurredAt', direction: 'desc' }), pageWindow(q));
  });
};
