import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { Type } from 'typebox';
import { writeAudit } from '../../../db/audit.js';
import type { Db } from '../../../db/connect.js';
import { nextDocumentNumber } from '../../../db/document-number.js';
import { access } from '../../../http/access.js';
import { commonErrors } from '../../../http/error-schema.js';
import { pageWindow, parseSort } from '../../../http/list-query.js';
import { supplierView } from '../../../http/supplier-view.js';
import { dateRange, periodOf, todayKst } from '../../../domain/dates.js';
import { checkVersion, failIf, fieldError, missing, notAllowed, refused, wrongState, type FieldError } from '../../../domain/errors.js';
import { ListOf, VersionBody, VersionReasonBody, actionErrors } from '../../../domain/schemas.js';
import { text } from '../../../domain/values.js';
import {
  approvedAdjustmentAmounts, findAdjustment, findSettlement, insertSettlementLines, jpyRateFor, listAdjustments, listSettlements, matchRows, settlementAdjustments,
  settlementHistory, settlementLines, unsettledDecidedLines, type MatchScope,
} from './queries.js';
import {
  AdjNoParams, AdjustmentCreateBody, AdjustmentDecideBody, AdjustmentList, AdjustmentListQuery, BuildBody, BuildResult, FxRateParams, FxRatePutBody, FxRateQuery,
  MatchListQuery, MySettlementListQuery, SettleNoParams, SettlementList, SettlementListQuery,
} from './schemas.js';
import { SETTLE_WRONG_STATE, SUPPLIER_VISIBLE, adjustmentProblem, canSettle, settleLines, settlementTotals, type DecidedLine, type SettleAction } from './workflow.js';
import { notifySettlementConfirmRequest } from '../../notifications/supplier.js';

const MONTHLY = '/monthlyCalcAdmin';
const MONTHLY_DETAIL = '/monthlyCalcADetail';
const ADJUST = '/adjustment';
const ADJUST_HIST = '/adjustSearch';
const STATEMENT = '/statement';
const SIGNIFIER = '/signifier';
const MY_LIST = '/monthlyCalculate';
const MY_DETAIL = '/monthlyCalcDetail';
const TAG = ['fulfilment: settlement'];

/** Serialises settlement builds (PGlite and PostgreSQL alike): two builds never collect the same receipt. */
const BUILD_LOCK = 2026_1030;

function periodRange(errors: FieldError[], path: string, values: string[] | undefined) {
  const [from, to] = (values ?? []).map((v) => v.trim() || undefined);
  if (from && to && from > to) errors.push({ path, message: '시작 월이 종료 월보다 늦습니다' });
  return { periodFrom: from, periodTo: to };
}

type SettlementRecord = {
  settleNo: string; compNo: string; period: string; status: string; version: number; goodsAmount: string; lineCount: number; adjustmentAmount: string; totalAmount: string;
};

/**
 * Builds or refreshes one supplier-month in the caller's transaction: lines from the decided
 * receipt lines given, totals with the approved adjustments it already has.
 */
async function writeSettlement(trx: Db, existing: SettlementRecord | null, compNo: string, period: string, decided: DecidedLine[], rate: { rate: string; source: 'MONTHLY' | 'SYSTEM_CONST' } | null, actor: string) {
  const needsRate = decided.some((l) => l.currency === 'JPY');
  if (needsRate && !rate) throw refused('FX_RATE_MISSING', `${period} 엔화 환율이 없습니다. 월별 환율(fx-rates) 또는 공통코드 SYSTEM_CONST / JPY_RATE 를 등록하세요`);
  const { lines, totals } = settleLines(decided, needsRate ? rate!.rate : null);
  const rateValues = { jpyRate: needsRate ? rate!.rate : null, jpyRateSource: needsRate ? rate!.source : null };
  if (existing) {
    const { adjustmentAmount, totalAmount } = settlementTotals(totals.goodsAmount, await approvedAdjustmentAmounts(trx, existing.settleNo));
    const after = { ...totals, ...rateValues, adjustmentAmount, totalAmount };
    await trx.updateTable('settlement').set({ ...after, builtAt: new Date(), builtBy: actor, version: existing.version + 1, updatedAt: new Date() }).where('settleNo', '=', existing.settleNo).execute();
    await insertSettlementLines(trx, existing.settleNo, compNo, lines);
    await writeAudit(trx, {
      entity: 'settlement', entityKey: existing.settleNo, action: 'REBUILD', actor,
      before: { lineCount: existing.lineCount, goodsAmount: existing.goodsAmount, adjustmentAmount: existing.adjustmentAmount, totalAmount: existing.totalAmount }, after,
    });
    return existing.settleNo;
  }
  const settleNo = await nextDocumentNumber(trx, 'ST', todayKst());
  const values = { settleNo, compNo, period, status: 'DRAFT' as const, ...totals, ...rateValues, adjustmentAmount: '0', totalAmount: totals.goodsAmount, builtBy: actor };
  await trx.insertInto('settlement').values(values).execute();
  await insertSettlementLines(trx, settleNo, compNo, lines);
  await writeAudit(trx, { entity: 'settlement', entityKey: settleNo, action: 'BUILD', actor, after: values });
  return settleNo;
}

const lockSettlement = async (trx: Db, settleNo: string, visible?: readonly string[]) => {
  const s = await trx.selectFrom('settlement').selectAll().where('settleNo', '=', settleNo).forUpdate().executeTakeFirst();
  if (!s || (visible && !visible.includes(s.status))) throw missing('SETTLEMENT_NOT_FOUND', '정산을 찾을 수 없습니다');
  return s;
};

const requireState = (action: SettleAction, status: string) => {
  if (!canSettle(action, status)) throw wrongState(action === 'confirm' && status === 'CONFIRMED' ? '이미 확인된 정산입니다' : SETTLE_WRONG_STATE[action], status);
};

/**
 * Monthly settlement per supplier and month (월정산): built from finally decided receipts ×
 * PO prices in KRW (JPY converted at the month's rate per 100 yen), adjusted (+/−, reason,
 * approval), put to the supplier who confirms or disputes, then posted (posting/routes.ts).
 */
export const settlementRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const detail = async (db: Db, settleNo: string, supplier: boolean) => {
    const settlement = await findSettlement(db, settleNo, supplier ? SUPPLIER_VISIBLE : undefined);
    if (!settlement) throw missing('SETTLEMENT_NOT_FOUND', '정산을 찾을 수 없습니다');
    const [lines, adjustments, match] = await Promise.all([settlementLines(db, settleNo), settlementAdjustments(db, settleNo, supplier), matchRows(db, { settleNo })]);
    return { ...settlement, settlement, lines, adjustments, match, matchStatus: match.some((m) => m.status === 'MISMATCH') ? 'MISMATCH' : 'MATCH' };
  };

  const listFilter = (q: { settleNo?: string; compNo?: string; compName?: string; periods?: string[]; status?: string[] }) => {
    const errors: FieldError[] = [];
    const range = periodRange(errors, 'querystring/periods', q.periods);
    failIf(errors);
    return { settleNo: text(q.settleNo) ?? undefined, compNo: text(q.compNo) ?? undefined, compName: text(q.compName) ?? undefined, status: q.status, ...range };
  };

  // ── internal: settlements ─────────────────────────────────────────────────
  app.get('/api/v1/settlements', {
    config: { access: access.login([MONTHLY, MONTHLY_DETAIL, STATEMENT], 'read', ['I']) },
    schema: { operationId: 'listSettlements', tags: TAG, summary: 'Monthly settlements per supplier (monthlyCalcAdmin, statement)', querystring: SettlementListQuery, response: { 200: SettlementList, ...commonErrors } },
  }, async (request) => listSettlements(request.db, listFilter(request.query), parseSort(request.query.sort, { field: 'period', direction: 'desc' }), pageWindow(request.query)));

  app.get('/api/v1/settlements/:settleNo', {
    config: { access: access.login([MONTHLY, MONTHLY_DETAIL, ADJUST, ADJUST_HIST, STATEMENT, SIGNIFIER], 'read', ['I']) },
    schema: {
      operationId: 'getSettlement', tags: TAG, summary: 'One settlement: lines, adjustments and the three-way match of its order lines (monthlyCalcADetail)',
      params: SettleNoParams, response: { 200: Type.Ref('SettlementDetail'), ...commonErrors },
    },
  }, async (request) => detail(request.db, request.params.settleNo, false));

  app.get('/api/v1/settlements/:settleNo/history', {
    config: { access: access.login([MONTHLY_DETAIL, ADJUST, ADJUST_HIST], 'read', ['I']) },
    schema: { operationId: 'getSettlementHistory', tags: TAG, summary: 'Audit trail of a settlement, its adjustments and its voucher', params: SettleNoParams, response: { 200: Type.Array(Type.Ref('SettlementHistoryRow')), ...commonErrors } },
  }, async (request) => {
    if (!(await findSettlement(request.db, request.params.settleNo))) throw missing('SETTLEMENT_NOT_FOUND', '정산을 찾을 수 없습니다');
    return settlementHistory(request.db, request.params.settleNo);
  });

  app.post('/api/v1/settlements/build', {
    config: { access: access.login([MONTHLY], 'write', ['I']) },
    schema: {
      operationId: 'buildSettlements', tags: TAG,
      summary: 'Build the month’s settlements from finally decided, not yet settled receipts (decided on or before the month’s end); refreshes drafts and disputed ones, skips the rest',
      body: BuildBody, response: { 200: BuildResult, ...actionErrors },
    },
  }, async (request) => {
    const { period } = request.body;
    const compNo = text(request.body.compNo) ?? undefined;
    if (period > periodOf(todayKst())) throw fieldError('VALIDATION', 'body/period', '미래 월은 정산할 수 없습니다');
    const actor = request.caller!.userId;
    return request.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${BUILD_LOCK})`.execute(trx);
      if (compNo && !(await trx.selectFrom('company').select('compNo').where('compNo', '=', compNo).executeTakeFirst())) throw missing('COMPANY_NOT_FOUND', '협력사를 찾을 수 없습니다');
      const existing = await trx.selectFrom('settlement').selectAll().where('period', '=', period).$if(compNo !== undefined, (q) => q.where('compNo', '=', compNo!)).forUpdate().execute();
      const byComp = new Map(existing.map((s) => [s.compNo, s]));
      const refreshable = existing.filter((s) => canSettle('rebuild', s.status));
      if (refreshable.length) await trx.deleteFrom('settlementLine').where('settleNo', 'in', refreshable.map((s) => s.settleNo)).execute();
      const decided = await unsettledDecidedLines(trx, period, compNo);
      const groups = new Map<string, DecidedLine[]>();
      for (const l of decided) groups.set(l.compNo, [...(groups.get(l.compNo) ?? []), l]);
      const rate = await jpyRateFor(trx, period);
      const result = { period, created: [] as string[], rebuilt: [] as string[], skipped: [] as Array<{ compNo: string; settleNo: string; status: string }> };
      // Settlements already put to the supplier stay as they are; receipts that arrive late wait for a later month.
      for (const comp of [...new Set([...groups.keys(), ...byComp.keys()])].sort()) {
        const s = byComp.get(comp);
        if (s && !canSettle('rebuild', s.status)) {
          result.skipped.push({ compNo: comp, settleNo: s.settleNo, status: s.status });
          continue;
        }
        const no = await writeSettlement(trx, s ?? null, comp, period, groups.get(comp) ?? [], rate, actor);
        (s ? result.rebuilt : result.created).push(no);
      }
      return result;
    });
  });

  app.post('/api/v1/settlements/:settleNo/rebuild', {
    config: { access: access.login([MONTHLY, MONTHLY_DETAIL], 'write', ['I']) },
    schema: {
      operationId: 'rebuildSettlement', tags: TAG, summary: 'Collect a draft or disputed settlement again from the decided receipts (stale version: 409)',
      params: SettleNoParams, body: VersionBody, response: { 200: Type.Ref('SettlementDetail'), ...actionErrors },
    },
  }, async (request) => {
    const actor = request.caller!.userId;
    await request.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${BUILD_LOCK})`.execute(trx);
      const s = await lockSettlement(trx, request.params.settleNo);
      checkVersion(request.body.version, s.version);
      requireState('rebuild', s.status);
      await trx.deleteFrom('settlementLine').where('settleNo', '=', s.settleNo).execute();
      const decided = await unsettledDecidedLines(trx, s.period, s.compNo);
      await writeSettlement(trx, s, s.compNo, s.period, decided, await jpyRateFor(trx, s.period), actor);
    });
    return detail(request.db, request.params.settleNo, false);
  });

  app.post('/api/v1/settlements/:settleNo/request-confirm', {
    config: { access: access.login([MONTHLY, MONTHLY_DETAIL], 'write', ['I']) },
    schema: {
      operationId: 'requestSettlementConfirm', tags: TAG, summary: 'Put a draft (or disputed) settlement to the supplier for confirmation; no adjustment may be pending',
      params: SettleNoParams, body: VersionBody, response: { 200: Type.Ref('SettlementDetail'), ...actionErrors },
    },
  }, async (request) => {
    const actor = request.caller!.userId;
    await request.db.transaction().execute(async (trx) => {
      const s = await lockSettlement(trx, request.params.settleNo);
      checkVersion(request.body.version, s.version);
      requireState('requestConfirm', s.status);
      const pending = await trx.selectFrom('settlementAdjustment').select('adjNo').where('settleNo', '=', s.settleNo).where('status', '=', 'REQUESTED').execute();
      if (pending.length) throw refused('ADJUSTMENT_PENDING', `승인되지 않은 조정이 있습니다: ${pending.map((p) => p.adjNo).join(', ')}`);
      if (s.lineCount === 0 && Number(s.adjustmentAmount) === 0) throw refused('SETTLEMENT_EMPTY', '정산할 내역이 없습니다');
      const after = { status: 'CONFIRM_REQUESTED' as const, confirmRequestedAt: new Date(), confirmRequestedBy: actor };
      await trx.updateTable('settlement').set({ ...after, version: s.version + 1, updatedAt: new Date() }).where('settleNo', '=', s.settleNo).execute();
      await writeAudit(trx, { entity: 'settlement', entityKey: s.settleNo, action: 'REQUEST_CONFIRM', actor, before: { status: s.status }, after: { status: after.status } });
      await notifySettlementConfirmRequest(trx, s.settleNo);
    });
    return detail(request.db, request.params.settleNo, false);
  });

  // ── internal: adjustments ─────────────────────────────────────────────────
  app.post('/api/v1/settlements/:settleNo/adjustments', {
    config: { access: access.login([ADJUST, MONTHLY_DETAIL], 'write', ['I']) },
    schema: {
      operationId: 'createAdjustment', tags: TAG, summary: 'Propose an adjustment (+/− whole won, reason required) to a draft or disputed settlement; it counts once approved',
      params: SettleNoParams, body: AdjustmentCreateBody, response: { 200: Type.Ref('AdjustmentRow'), ...actionErrors },
    },
  }, async (request) => {
    const actor = request.caller!.userId;
    const reason = text(request.body.reason);
    const amount = request.body.amount.replace(/^\+/, '');
    const adjNo = await request.db.transaction().execute(async (trx) => {
      const s = await lockSettlement(trx, request.params.settleNo);
      requireState('adjust', s.status);
      const errors: FieldError[] = [];
      const problem = adjustmentProblem(amount);
      if (problem) errors.push({ path: 'body/amount', message: problem });
      if (!reason) errors.push({ path: 'body/reason', message: '조정 사유를 입력하세요' });
      failIf(errors);
      const no = await nextDocumentNumber(trx, 'AJ', todayKst());
      const values = { adjNo: no, settleNo: s.settleNo, compNo: s.compNo, amount, reason: reason!, status: 'REQUESTED' as const, requestedBy: actor };
      await trx.insertInto('settlementAdjustment').values(values).execute();
      await writeAudit(trx, { entity: 'settlement_adjustment', entityKey: no, action: 'REQUEST', actor, after: values, reason });
      return no;
    });
    return (await findAdjustment(request.db, adjNo))!;
  });

  app.get('/api/v1/settlement-adjustments/:adjNo', {
    config: { access: access.login([ADJUST, ADJUST_HIST, MONTHLY_DETAIL], 'read', ['I']) },
    schema: { operationId: 'getAdjustment', tags: TAG, summary: 'One settlement adjustment (adjustment): amount, reason, state, who requested and decided it', params: AdjNoParams, response: { 200: Type.Ref('AdjustmentRow'), ...commonErrors } },
  }, async (request) => {
    const a = await findAdjustment(request.db, request.params.adjNo);
    if (!a) throw missing('ADJUSTMENT_NOT_FOUND', '정산 조정을 찾을 수 없습니다');
    return a;
  });

  app.get('/api/v1/settlement-adjustments', {
    config: { access: access.login([ADJUST_HIST, ADJUST], 'read', ['I']) },
    schema: { operationId: 'listAdjustments', tags: TAG, summary: 'Settlement adjustments, every state (adjustSearch, adjustment)', querystring: AdjustmentListQuery, response: { 200: AdjustmentList, ...commonErrors } },
  }, async (request) => {
    const q = request.query;
    const errors: FieldError[] = [];
    const periods = periodRange(errors, 'querystring/periods', q.periods);
    const dates = dateRange(errors, 'querystring/requestedDates', q.requestedDates);
    failIf(errors);
    const filter = { adjNo: text(q.adjNo) ?? undefined, settleNo: text(q.settleNo) ?? undefined, compNo: text(q.compNo) ?? undefined, compName: text(q.compName) ?? undefined, status: q.status, ...periods, ...dates };
    return listAdjustments(request.db, filter, parseSort(q.sort, { field: 'requestedAt', direction: 'desc' }), pageWindow(q));
  });

  const adjustmentAction = (name: 'approve' | 'reject' | 'cancel', summary: string) =>
    app.post(`/api/v1/settlement-adjustments/:adjNo/${name}`, {
      config: { access: access.login([ADJUST, MONTHLY_DETAIL], 'write', ['I']) },
      schema: { operationId: `${name}Adjustment`, tags: TAG, summary, params: AdjNoParams, body: AdjustmentDecideBody, response: { 200: Type.Ref('AdjustmentRow'), ...actionErrors } },
    }, async (request) => {
      const actor = request.caller!.userId;
      const comment = text(request.body.comment);
      await request.db.transaction().execute(async (trx) => {
        const a = await trx.selectFrom('settlementAdjustment').selectAll().where('adjNo', '=', request.params.adjNo).forUpdate().executeTakeFirst();
        if (!a) throw missing('ADJUSTMENT_NOT_FOUND', '정산 조정을 찾을 수 없습니다');
        checkVersion(request.body.version, a.version);
        if (a.status !== 'REQUESTED') throw wrongState('승인 대기 중인 조정만 처리할 수 있습니다', a.status);
        const s = await lockSettlement(trx, a.settleNo);
        requireState('adjust', s.status);
        if (name === 'approve' && a.requestedBy === actor) throw notAllowed('본인이 요청한 조정은 승인할 수 없습니다', 'SELF_APPROVAL');
        if (name === 'cancel' && a.requestedBy !== actor) throw notAllowed('조정을 요청한 사람만 취소할 수 있습니다', 'NOT_REQUESTER');
        if (name === 'reject') failIf(comment ? [] : [{ path: 'body/comment', message: '반려 사유를 입력하세요' }]);
        const status = name === 'approve' ? 'APPROVED' : name === 'reject' ? 'REJECTED' : 'CANCELLED';
        await trx.updateTable('settlementAdjustment').set({ status, decidedBy: actor, decidedAt: new Date(), decisionComment: comment, version: a.version + 1, updatedAt: new Date() }).where('adjNo', '=', a.adjNo).execute();
        await writeAudit(trx, { entity: 'settlement_adjustment', entityKey: a.adjNo, action: name.toUpperCase(), actor, before: { status: a.status }, after: { status }, reason: comment });
        if (name === 'approve') {
          const totals = settlementTotals(s.goodsAmount, await approvedAdjustmentAmounts(trx, s.settleNo));
          await trx.updateTable('settlement').set({ ...totals, version: s.version + 1, updatedAt: new Date() }).where('settleNo', '=', s.settleNo).execute();
          await writeAudit(trx, { entity: 'settlement', entityKey: s.settleNo, action: 'ADJUST', actor, before: { adjustmentAmount: s.adjustmentAmount, totalAmount: s.totalAmount }, after: { ...totals, adjNo: a.adjNo } });
        }
      });
      return (await findAdjustment(request.db, request.params.adjNo))!;
    });

  adjustmentAction('approve', 'Approve an adjustment (not one’s own): the settlement total changes and its version moves on');
  adjustmentAction('reject', 'Reject an adjustment (comment required)');
  adjustmentAction('cancel', 'Withdraw one’s own adjustment while it awaits approval');

  // ── internal: JPY rates and the three-way match ───────────────────────────
  app.get('/api/v1/fx-rates', {
    config: { access: access.login([MONTHLY, MONTHLY_DETAIL], 'read', ['I']) },
    schema: { operationId: 'listFxRates', tags: TAG, summary: 'Monthly JPY rates (KRW per 100 yen), newest first', querystring: FxRateQuery, response: { 200: ListOf('FxRateRow'), ...commonErrors } },
  }, async (request) => {
    const errors: FieldError[] = [];
    const { periodFrom, periodTo } = periodRange(errors, 'querystring/periods', request.query.periods);
    failIf(errors);
    let q = request.db.selectFrom('fxRate');
    if (periodFrom) q = q.where('period', '>=', periodFrom);
    if (periodTo) q = q.where('period', '<=', periodTo);
    const { limit, offset } = pageWindow(request.query);
    const [rows, count] = await Promise.all([
      q.selectAll().orderBy('period', 'desc').orderBy('currency').limit(limit).offset(offset).execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows: rows.map((r) => ({ ...r, rate: r.rate.replace(/\.?0+$/, ''), updatedAt: r.updatedAt.toISOString() })), total: Number(count.n) };
  });

  app.put('/api/v1/fx-rates/:currency/:period', {
    config: { access: access.login([MONTHLY], 'write', ['I']) },
    schema: {
      operationId: 'putFxRate', tags: TAG, summary: 'Set a month’s JPY rate (KRW per 100 yen); settlements take it when built, and keep the rate they were built with',
      params: FxRateParams, body: FxRatePutBody, response: { 200: Type.Ref('FxRateRow'), ...actionErrors },
    },
  }, async (request) => {
    const actor = request.caller!.userId;
    const { currency, period } = request.params;
    const { rate, version } = request.body;
    if (Number(rate) <= 0) throw fieldError('VALIDATION', 'body/rate', '환율은 0보다 커야 합니다');
    await request.db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom('fxRate').selectAll().where('currency', '=', currency).where('period', '=', period).forUpdate().executeTakeFirst();
      if (before) {
        checkVersion(version ?? 0, before.version);
        await trx.updateTable('fxRate').set({ rate, updatedBy: actor, updatedAt: new Date(), version: before.version + 1 }).where('currency', '=', currency).where('period', '=', period).execute();
      } else {
        await trx.insertInto('fxRate').values({ currency, period, rate, perUnits: 100, updatedBy: actor }).execute();
      }
      await writeAudit(trx, { entity: 'fx_rate', entityKey: `${currency}:${period}`, action: before ? 'UPDATE' : 'CREATE', actor, before: before ? { rate: before.rate } : undefined, after: { rate } });
    });
    const row = await request.db.selectFrom('fxRate').selectAll().where('currency', '=', currency).where('period', '=', period).executeTakeFirstOrThrow();
    return { ...row, rate: row.rate.replace(/\.?0+$/, ''), updatedAt: row.updatedAt.toISOString() };
  });

  app.get('/api/v1/three-way-match', {
    config: { access: access.login([MONTHLY, MONTHLY_DETAIL], 'read', ['I']) },
    schema: {
      operationId: 'listThreeWayMatch', tags: TAG, summary: 'Ordered, delivered, received, decided and settled quantities and amounts per order line, with their mismatches',
      querystring: MatchListQuery, response: { 200: ListOf('MatchRow', Type.Object({ mismatches: Type.Integer() })), ...commonErrors },
    },
  }, async (request) => {
    const q = request.query;
    let scope: MatchScope;
    if (q.poNo?.trim()) scope = { poNo: q.poNo.trim() };
    else if (q.period) scope = { period: q.period, compNo: text(q.compNo) ?? undefined };
    else throw fieldError('VALIDATION', 'querystring/period', '정산 월(period) 또는 발주번호(poNo)를 입력하세요');
    const all = await matchRows(request.db, scope);
    const rows = q.onlyMismatch === 'Y' ? all.filter((r) => r.status === 'MISMATCH') : all;
    const { limit, offset } = pageWindow(q);
    return { rows: rows.slice(offset, offset + limit), total: rows.length, totals: { mismatches: all.filter((r) => r.status === 'MISMATCH').length } };
  });

  // ── supplier ──────────────────────────────────────────────────────────────
  app.get('/api/v1/cyber/settlements', {
    config: { access: access.login([MY_LIST, MY_DETAIL], 'read') },
    schema: { operationId: 'listMySettlements', tags: TAG, summary: 'My company’s monthly settlements put to us (monthlyCalculate); staff: every supplier’s, or compNo’s, as the supplier sees them', querystring: MySettlementListQuery, response: { 200: SettlementList, ...commonErrors } },
  }, async (request) => listSettlements(supplierView(request, request.query.compNo).db, { ...listFilter({ ...request.query, compNo: undefined }), visible: SUPPLIER_VISIBLE }, parseSort(request.query.sort, { field: 'period', direction: 'desc' }), pageWindow(request.query)));

  app.get('/api/v1/cyber/settlements/:settleNo', {
    config: { access: access.login([MY_LIST, MY_DETAIL], 'read') },
    schema: {
      operationId: 'getMySettlement', tags: TAG, summary: 'One of my settlements: lines, approved adjustments, three-way match (monthlyCalcDetail); another company’s answers 404',
      params: SettleNoParams, response: { 200: Type.Ref('SettlementDetail'), ...commonErrors },
    },
  }, async (request) => detail(supplierView(request).db, request.params.settleNo, true));

  const supplierAction = (name: 'confirm' | 'dispute', summary: string) =>
    app.post(`/api/v1/cyber/settlements/:settleNo/${name}`, {
      config: { access: access.login([MY_DETAIL], 'write', ['X']) },
      schema: {
        operationId: `${name}Settlement`, tags: TAG, summary, params: SettleNoParams,
        body: name === 'confirm' ? VersionBody : VersionReasonBody, response: { 200: Type.Ref('SettlementDetail'), ...actionErrors },
      },
    }, async (request) => {
      const actor = request.caller!.userId;
      const body = request.body as { version: number; reason?: string };
      const reason = text(body.reason);
      await request.db.transaction().execute(async (trx) => {
        const s = await lockSettlement(trx, request.params.settleNo, SUPPLIER_VISIBLE);
        checkVersion(body.version, s.version);
        requireState(name, s.status);
        if (name === 'dispute') failIf(reason ? [] : [{ path: 'body/reason', message: '이의 사유를 입력하세요' }]);
        const after =
          name === 'confirm'
            ? { status: 'CONFIRMED' as const, confirmedAt: new Date(), confirmedBy: actor }
            : { status: 'DISPUTED' as const, disputedAt: new Date(), disputedBy: actor, disputeReason: reason };
        await trx.updateTable('settlement').set({ ...after, version: s.version + 1, updatedAt: new Date() }).where('settleNo', '=', s.settleNo).execute();
        await writeAudit(trx, { entity: 'settlement', entityKey: s.settleNo, action: name.toUpperCase(), actor, before: { status: s.status }, after: { status: after.status }, reason });
      });
      return detail(request.db, request.params.settleNo, true);
    });

  supplierAction('confirm', 'Confirm the settlement put to us; confirming twice answers 409');
  supplierAction('dispute', 'Dispute the settlement put to us (reason required); purchasing adjusts and asks again');
};
