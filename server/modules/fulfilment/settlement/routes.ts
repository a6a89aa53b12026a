import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { access } from '../../../http/access.js';
import { commonErrors } from '../../../http/error-schema.js';
import { pageWindow, parseSort } from '../../../http/list-query.js';
import { supplierView } from '../../../http/supplier-view.js';
import { ListOf, VersionBody, VersionReasonBody, actionErrors } from '../../../domain/schemas.js';
import {
  AdjNoParams,
  AdjustmentCreateBody,
  AdjustmentDecideBody,
  AdjustmentList,
  AdjustmentListQuery,
  BuildBody,
  BuildResult,
  FxRateParams,
  FxRatePutBody,
  FxRateQuery,
  MatchListQuery,
  MySettlementListQuery,
  SettleNoParams,
  SettlementList,
  SettlementListQuery,
} from './schemas.js';
import {
  answerSettlement,
  buildSettlements,
  createAdjustment,
  decideAdjustment,
  getAdjustment,
  getSettlement,
  getSettlementHistory,
  putFxRate,
  rebuildSettlement,
  requestSettlementConfirm,
  searchAdjustments,
  searchFxRates,
  searchSettlements,
  threeWayMatch,
} from './service.js';
import {
  MyReductionQuery,
  PaymentBody,
  ReductionCreateBody,
  ReductionList,
  ReductionNoParams,
  SettlementReductionQuery,
} from './schemas-subcon.js';
import {
  acknowledgeReduction,
  createReduction,
  getReduction,
  recordSettlementPayment,
  searchMyReductions,
  searchSettlementReductions,
} from './subcon.js';
import { todayKst } from '../../../domain/dates.js';
import { createErpConnector } from '../posting/connector.js';
import { subconChargesThrough } from '../posting/subcon-charge.js';

const MONTHLY = '/monthlyCalcAdmin';
const MONTHLY_DETAIL = '/monthlyCalcADetail';
const ADJUST = '/adjustment';
const ADJUST_HIST = '/adjustSearch';
const STATEMENT = '/statement';
const SIGNIFIER = '/signifier';
const MY_LIST = '/monthlyCalculate';
const MY_DETAIL = '/monthlyCalcDetail';
const MY_REDUCTIONS = '/myReductionList';
const MY_REDUCTION = '/myReductionDetail';
const TAG = ['fulfilment: settlement'];

/**
 * Monthly settlement per supplier and month (월정산): built from finally decided receipts ×
 * PO prices in KRW (JPY converted at the month's rate per 100 yen), adjusted (+/−, reason,
 * approval), put to the supplier who confirms or disputes, then posted (posting/routes.ts).
 */
export const settlementRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // A payment's 지연이자 and fee go to the ERP through the posting module's command, on this server's connector.
  const chargePosting = subconChargesThrough(createErpConnector(app.config));

  // ── internal: settlements ─────────────────────────────────────────────────
  app.get(
    '/api/v1/settlements',
    {
      config: { readOnlyList: true, access: access.login([MONTHLY, MONTHLY_DETAIL, STATEMENT], 'read', ['I']) },
      schema: {
        operationId: 'listSettlements',
        tags: TAG,
        summary: 'Monthly settlements per supplier (monthlyCalcAdmin, statement)',
        querystring: SettlementListQuery,
        response: { 200: SettlementList, ...commonErrors },
      },
    },
    async (request) =>
      searchSettlements(
        request.db,
        request.query,
        parseSort(request.query.sort, { field: 'period', direction: 'desc' }),
        pageWindow(request.query),
      ),
  );

  app.get(
    '/api/v1/settlements/:settleNo',
    {
      config: {
        access: access.login([MONTHLY, MONTHLY_DETAIL, ADJUST, ADJUST_HIST, STATEMENT, SIGNIFIER], 'read', ['I']),
      },
      schema: {
        operationId: 'getSettlement',
        tags: TAG,
        summary: 'One settlement: lines, adjustments and the three-way match of its order lines (monthlyCalcADetail)',
        params: SettleNoParams,
        response: { 200: Type.Ref('SettlementDetail'), ...commonErrors },
      },
    },
    async (request) => getSettlement(request.db, request.params.settleNo, false, todayKst(app.clock.now())),
  );

  app.get(
    '/api/v1/settlements/:settleNo/history',
    {
      config: { access: access.login([MONTHLY_DETAIL, ADJUST, ADJUST_HIST], 'read', ['I']) },
      schema: {
        operationId: 'getSettlementHistory',
        tags: TAG,
        summary: 'Audit trail of a settlement, its adjustments and its voucher',
        params: SettleNoParams,
        response: { 200: Type.Array(Type.Ref('SettlementHistoryRow')), ...commonErrors },
      },
    },
    async (request) => getSettlementHistory(request.db, request.params.settleNo),
  );

  app.post(
    '/api/v1/settlements/build',
    {
      config: { access: access.login([MONTHLY], 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'buildSettlements',
        tags: TAG,
        summary:
          'Build the month’s settlements from finally decided, not yet settled receipts (decided on or before the month’s end); refreshes drafts and disputed ones, skips the rest',
        body: BuildBody,
        response: { 200: BuildResult, ...actionErrors },
      },
    },
    async (request) => buildSettlements(request.db, request.body, request.caller!.userId, app.clock.now()),
  );

  app.post(
    '/api/v1/settlements/:settleNo/rebuild',
    {
      config: { access: access.login([MONTHLY, MONTHLY_DETAIL], 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'rebuildSettlement',
        tags: TAG,
        summary: 'Collect a draft or disputed settlement again from the decided receipts (stale version: 409)',
        params: SettleNoParams,
        body: VersionBody,
        response: { 200: Type.Ref('SettlementDetail'), ...actionErrors },
      },
    },
    async (request) =>
      rebuildSettlement(
        request.db,
        request.params.settleNo,
        request.body.version,
        request.caller!.userId,
        app.clock.now(),
      ),
  );

  app.post(
    '/api/v1/settlements/:settleNo/request-confirm',
    {
      config: { access: access.login([MONTHLY, MONTHLY_DETAIL], 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'requestSettlementConfirm',
        tags: TAG,
        summary: 'Put a draft (or disputed) settlement to the supplier for confirmation; no adjustment may be pending',
        params: SettleNoParams,
        body: VersionBody,
        response: { 200: Type.Ref('SettlementDetail'), ...actionErrors },
      },
    },
    async (request) =>
      requestSettlementConfirm(
        request.db,
        request.params.settleNo,
        request.body.version,
        request.caller!.userId,
        app.clock.now(),
      ),
  );

  // ── internal: the Subcontracting Act (docs/subcontracting.md) ─────────────
  app.post(
    '/api/v1/settlements/:settleNo/payment',
    {
      config: { access: access.login([MONTHLY, MONTHLY_DETAIL], 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'recordSettlementPayment',
        tags: TAG,
        summary:
          'Record that a confirmed settlement was paid (day, cash / 어음 / 어음대체결제수단 and its maturity); a 하도급 settlement keeps the 지연이자 and fee owed and posts them to the ERP as a voucher of their own (subcon.chargeVoucherNo)',
        params: SettleNoParams,
        body: PaymentBody,
        response: { 200: Type.Ref('SettlementDetail'), ...actionErrors },
      },
    },
    async (request) => {
      const now = app.clock.now();
      await recordSettlementPayment(
        request.db,
        request.params.settleNo,
        request.body,
        request.caller!.userId,
        now,
        chargePosting,
      );
      return getSettlement(request.db, request.params.settleNo, false, todayKst(now));
    },
  );

  app.post(
    '/api/v1/settlements/:settleNo/reductions',
    {
      config: { access: access.login([ADJUST, MONTHLY_DETAIL], 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'createSettlementReduction',
        tags: TAG,
        summary:
          'Put a 감액 서면 (reason, amount) on a draft or disputed settlement to its supplier; a 감액 of a 하도급 settlement needs one acknowledged',
        params: SettleNoParams,
        body: ReductionCreateBody,
        response: { 200: Type.Ref('ReductionRow'), ...actionErrors },
      },
    },
    async (request) =>
      createReduction(request.db, request.params.settleNo, request.body, request.caller!.userId, app.clock.now()),
  );

  app.get(
    '/api/v1/settlements/:settleNo/reductions',
    {
      config: { access: access.login([MONTHLY_DETAIL, ADJUST, ADJUST_HIST], 'read', ['I']) },
      schema: {
        operationId: 'listSettlementReductions',
        tags: TAG,
        summary:
          'A settlement’s 감액 서면 (oldest first); usable=Y: acknowledged and not yet booked, the ones a negative adjustment may name',
        params: SettleNoParams,
        querystring: SettlementReductionQuery,
        response: { 200: ReductionList, ...commonErrors },
      },
    },
    async (request) => searchSettlementReductions(request.db, request.params.settleNo, request.query),
  );

  // ── internal: adjustments ─────────────────────────────────────────────────
  app.post(
    '/api/v1/settlements/:settleNo/adjustments',
    {
      config: { access: access.login([ADJUST, MONTHLY_DETAIL], 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'createAdjustment',
        tags: TAG,
        summary:
          'Propose an adjustment (+/− whole won, reason required) to a draft or disputed settlement; it counts once approved',
        params: SettleNoParams,
        body: AdjustmentCreateBody,
        response: { 200: Type.Ref('AdjustmentRow'), ...actionErrors },
      },
    },
    async (request) =>
      createAdjustment(request.db, request.params.settleNo, request.body, request.caller!.userId, app.clock.now()),
  );

  app.get(
    '/api/v1/settlement-adjustments/:adjNo',
    {
      config: { access: access.login([ADJUST, ADJUST_HIST, MONTHLY_DETAIL], 'read', ['I']) },
      schema: {
        operationId: 'getAdjustment',
        tags: TAG,
        summary: 'One settlement adjustment (adjustment): amount, reason, state, who requested and decided it',
        params: AdjNoParams,
        response: { 200: Type.Ref('AdjustmentRow'), ...commonErrors },
      },
    },
    async (request) => getAdjustment(request.db, request.params.adjNo),
  );

  app.get(
    '/api/v1/settlement-adjustments',
    {
      config: { access: access.login([ADJUST_HIST, ADJUST], 'read', ['I']) },
      schema: {
        operationId: 'listAdjustments',
        tags: TAG,
        summary: 'Settlement adjustments, every state (adjustSearch, adjustment)',
        querystring: AdjustmentListQuery,
        response: { 200: AdjustmentList, ...commonErrors },
      },
    },
    async (request) =>
      searchAdjustments(
        request.db,
        request.query,
        parseSort(request.query.sort, { field: 'requestedAt', direction: 'desc' }),
        pageWindow(request.query),
      ),
  );

  const adjustmentAction = (name: 'approve' | 'reject' | 'cancel', summary: string) =>
    app.post(
      `/api/v1/settlement-adjustments/:adjNo/${name}`,
      {
        config: { access: access.login([ADJUST, MONTHLY_DETAIL], 'write', ['I']), identityBound: true },
        schema: {
          operationId: `${name}Adjustment`,
          tags: TAG,
          summary,
          params: AdjNoParams,
          body: AdjustmentDecideBody,
          response: { 200: Type.Ref('AdjustmentRow'), ...actionErrors },
        },
      },
      async (request) =>
        decideAdjustment(request.db, name, request.params.adjNo, request.body, request.caller!.userId, app.clock.now()),
    );

  adjustmentAction(
    'approve',
    'Approve an adjustment (not one’s own): the settlement total changes and its version moves on',
  );
  adjustmentAction('reject', 'Reject an adjustment (comment required)');
  adjustmentAction('cancel', 'Withdraw one’s own adjustment while it awaits approval');

  // ── internal: JPY rates and the three-way match ───────────────────────────
  app.get(
    '/api/v1/fx-rates',
    {
      config: { access: access.login([MONTHLY, MONTHLY_DETAIL], 'read', ['I']) },
      schema: {
        operationId: 'listFxRates',
        tags: TAG,
        summary: 'Monthly JPY rates (KRW per 100 yen), newest first',
        querystring: FxRateQuery,
        response: { 200: ListOf('FxRateRow'), ...commonErrors },
      },
    },
    async (request) => searchFxRates(request.db, request.query, pageWindow(request.query)),
  );

  app.put(
    '/api/v1/fx-rates/:currency/:period',
    {
      config: { access: access.login([MONTHLY], 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'putFxRate',
        tags: TAG,
        summary:
          'Set a month’s JPY rate (KRW per 100 yen); settlements take it when built, and keep the rate they were built with',
        params: FxRateParams,
        body: FxRatePutBody,
        response: { 200: Type.Ref('FxRateRow'), ...actionErrors },
      },
    },
    async (request) =>
      putFxRate(request.db, request.params.currency, request.params.period, request.body, request.caller!.userId),
  );

  app.get(
    '/api/v1/three-way-match',
    {
      config: { access: access.login([MONTHLY, MONTHLY_DETAIL], 'read', ['I']) },
      schema: {
        operationId: 'listThreeWayMatch',
        tags: TAG,
        summary:
          'Ordered, delivered, received, decided and settled quantities and amounts per order line, with their mismatches',
        querystring: MatchListQuery,
        response: { 200: ListOf('MatchRow', Type.Object({ mismatches: Type.Integer() })), ...commonErrors },
      },
    },
    async (request) => threeWayMatch(request.db, request.query, pageWindow(request.query)),
  );

  // ── supplier ──────────────────────────────────────────────────────────────
  app.get(
    '/api/v1/cyber/settlements',
    {
      config: { readOnlyList: true, access: access.login([MY_LIST, MY_DETAIL], 'read') },
      schema: {
        operationId: 'listMySettlements',
        tags: TAG,
        summary:
          'My company’s monthly settlements put to us (monthlyCalculate); staff: every supplier’s, or compNo’s, as the supplier sees them',
        querystring: MySettlementListQuery,
        response: { 200: SettlementList, ...commonErrors },
      },
    },
    async (request) =>
      searchSettlements(
        supplierView(request, request.query.compNo).db,
        { ...request.query, compNo: undefined },
        parseSort(request.query.sort, { field: 'period', direction: 'desc' }),
        pageWindow(request.query),
        true,
      ),
  );

  app.get(
    '/api/v1/cyber/settlements/:settleNo',
    {
      config: { access: access.login([MY_LIST, MY_DETAIL], 'read') },
      schema: {
        operationId: 'getMySettlement',
        tags: TAG,
        summary:
          'One of my settlements: lines, approved adjustments, three-way match (monthlyCalcDetail); another company’s answers 404',
        params: SettleNoParams,
        response: { 200: Type.Ref('SettlementDetail'), ...commonErrors },
      },
    },
    async (request) =>
      getSettlement(supplierView(request).db, request.params.settleNo, true, todayKst(app.clock.now())),
  );

  app.get(
    '/api/v1/cyber/settlement-reductions',
    {
      config: { access: access.login([MY_REDUCTIONS, MY_REDUCTION, MY_LIST, MY_DETAIL], 'read') },
      schema: {
        operationId: 'listMyReductions',
        tags: TAG,
        summary: 'The 감액 서면 put to my company, newest first, a page at a time; staff: every supplier’s',
        querystring: MyReductionQuery,
        response: { 200: ReductionList, ...commonErrors },
      },
    },
    async (request) => searchMyReductions(supplierView(request).db, request.query),
  );

  app.get(
    '/api/v1/cyber/settlement-reductions/:reductionNo',
    {
      config: { access: access.login([MY_REDUCTION, MY_REDUCTIONS, MY_LIST, MY_DETAIL], 'read') },
      schema: {
        operationId: 'getMyReduction',
        tags: TAG,
        summary: 'One 감액 서면 put to my company; another company’s answers 404',
        params: ReductionNoParams,
        response: { 200: Type.Ref('ReductionRow'), ...commonErrors },
      },
    },
    async (request) => getReduction(supplierView(request).db, request.params.reductionNo),
  );

  app.post(
    '/api/v1/cyber/settlement-reductions/:reductionNo/acknowledge',
    {
      config: { access: access.login([MY_REDUCTION, MY_DETAIL], 'write', ['X']), identityBound: false },
      schema: {
        operationId: 'acknowledgeReduction',
        tags: TAG,
        summary:
          'Acknowledge a 감액 서면 put to my company, which lets the reduction be booked (another company’s answers 404)',
        params: ReductionNoParams,
        body: VersionBody,
        response: { 200: Type.Ref('ReductionRow'), ...actionErrors },
      },
    },
    async (request) =>
      acknowledgeReduction(
        request.db,
        request.params.reductionNo,
        request.body.version,
        request.caller!.userId,
        app.clock.now(),
      ),
  );

  const supplierAction = (name: 'confirm' | 'dispute', summary: string) =>
    app.post(
      `/api/v1/cyber/settlements/:settleNo/${name}`,
      {
        config: { access: access.login([MY_DETAIL], 'write', ['X']), identityBound: false },
        schema: {
          operationId: `${name}Settlement`,
          tags: TAG,
          summary,
          params: SettleNoParams,
          body: name === 'confirm' ? VersionBody : VersionReasonBody,
          response: { 200: Type.Ref('SettlementDetail'), ...actionErrors },
        },
      },
      async (request) =>
        answerSettlement(
          request.db,
          name,
          request.params.settleNo,
          request.body as { version: number; reason?: string },
          request.caller!.userId,
          app.clock.now(),
        ),
    );

  supplierAction('confirm', 'Confirm the settlement put to us; confirming twice answers 409');
  supplierAction('dispute', 'Dispute the settlement put to us (reason required); purchasing adjusts and asks again');
};
