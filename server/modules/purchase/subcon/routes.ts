import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../../http/access.js';
import { commonErrors } from '../../../http/error-schema.js';
import { PagingQuery, pageWindow, parseSort } from '../../../http/list-query.js';
import {
  ComplianceList,
  ComplianceQuery,
  ComplianceRow,
  RateBody,
  RateList,
  RateRow,
  RuleBody,
  RuleList,
  RuleListQuery,
  RuleParams,
  RuleRow,
  RuleVersionQuery,
} from './schemas.js';
import {
  complianceFindings,
  countByKind,
  createSubconRate,
  createSubconRule,
  deleteSubconRule,
  getSubconRule,
  listCompliance,
  listSubconRates,
  listSubconRules,
  updateSubconRule,
} from './service.js';

const SUBCON_RULE_SCREEN = '/subconRuleManage';
const SUBCON_COMPLIANCE_SCREEN = '/subconCompliance';
const SUBCON_RATE_SCREEN = '/subconRateManage';

/** 하도급 (docs/subcontracting.md): the rules that make an order 하도급, and the compliance view over the clocks. */
export const subconRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(RuleRow);
  app.addSchema(ComplianceRow);
  app.addSchema(RateRow);
  const tags = ['purchase-order'];
  const read = { access: access.login([SUBCON_RULE_SCREEN], 'read', ['I']) };
  const write = { access: access.login([SUBCON_RULE_SCREEN], 'write', ['I']), identityBound: false };

  app.get(
    '/api/v1/subcon/rules',
    {
      config: read,
      schema: {
        operationId: 'listSubconRules',
        tags,
        summary:
          'The rules that make an order 하도급 (order type, sourcing group or supplier → kind), and the contract gate',
        querystring: RuleListQuery,
        response: { 200: RuleList, ...commonErrors },
      },
    },
    async (request) => {
      const q = request.query;
      return listSubconRules(
        request.db,
        { matchKind: q.matchKind, subconKind: q.subconKind },
        parseSort(q.sort, { field: 'matchKind', direction: 'asc' }),
        pageWindow(q),
      );
    },
  );

  app.get(
    '/api/v1/subcon/rules/:ruleId',
    {
      config: read,
      schema: {
        operationId: 'getSubconRule',
        tags,
        summary: 'One 하도급 rule',
        params: RuleParams,
        response: { 200: Type.Ref('SubconRuleRow'), ...commonErrors },
      },
    },
    async (request) => getSubconRule(request.db, request.params.ruleId),
  );

  app.post(
    '/api/v1/subcon/rules',
    {
      config: write,
      schema: {
        operationId: 'createSubconRule',
        tags,
        summary: 'Add a 하도급 rule (one per order type, sourcing group or supplier: 409 SUBCON_RULE_DUPLICATE)',
        body: RuleBody,
        response: { 200: Type.Ref('SubconRuleRow'), 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => createSubconRule(request.db, request.caller, request.body, app.clock.now()),
  );

  app.put(
    '/api/v1/subcon/rules/:ruleId',
    {
      config: write,
      schema: {
        operationId: 'updateSubconRule',
        tags,
        summary: 'Change a 하도급 rule with the version read (orders already made keep their kind)',
        params: RuleParams,
        body: RuleBody,
        response: { 200: Type.Ref('SubconRuleRow'), 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) =>
      updateSubconRule(request.db, request.caller, request.params.ruleId, request.body, app.clock.now()),
  );

  app.delete(
    '/api/v1/subcon/rules/:ruleId',
    {
      config: write,
      schema: {
        operationId: 'deleteSubconRule',
        tags,
        summary: 'Remove a 하도급 rule with the version read (orders already made keep their kind)',
        params: RuleParams,
        querystring: RuleVersionQuery,
        response: { 200: Type.Ref('Ok'), 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => deleteSubconRule(request.db, request.caller, request.params.ruleId, request.query.version),
  );

  app.get(
    '/api/v1/subcon/rates',
    {
      config: { access: access.login([SUBCON_RATE_SCREEN], 'read', ['I']) },
      schema: {
        operationId: 'listSubconRates',
        tags,
        summary:
          'The FTC’s rates a payment’s 지연이자 and 어음 fees are computed at (지연이자, 어음할인율, 어음대체결제 수수료율), by kind, newest first',
        querystring: Type.Object(PagingQuery),
        response: { 200: RateList, ...commonErrors },
      },
    },
    async (request) => listSubconRates(request.db, app.clock.now(), pageWindow(request.query)),
  );

  app.post(
    '/api/v1/subcon/rates',
    {
      config: { access: access.login([SUBCON_RATE_SCREEN], 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'createSubconRate',
        tags,
        summary:
          'Add an FTC rate in force from its day (one per kind and day: 409 SUBCON_RATE_DUPLICATE); payments already recorded keep theirs',
        body: RateBody,
        response: { 200: Type.Ref('SubconRateRow'), 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => createSubconRate(request.db, request.caller, request.body, app.clock.now()),
  );

  app.get(
    '/api/v1/subcon/compliance',
    {
      config: { access: access.login([SUBCON_COMPLIANCE_SCREEN], 'read', ['I']) },
      schema: {
        operationId: 'listSubconCompliance',
        tags,
        summary:
          '하도급 lines past their 검사 기한 without a result (합격 간주), unpaid lines near or past their 지급 기한 with the 지연이자 accruing, orders sent before their written contract, payments that owed 지연이자 or an 어음 fee, 감액 without an acknowledged 서면, 납품대금 조정협의 requests past day 10 without talks or day 30 without an outcome — on the business day',
        querystring: ComplianceQuery,
        response: { 200: ComplianceList, ...commonErrors },
      },
    },
    async (request) => listCompliance(request.db, request.query.kind, pageWindow(request.query), app.clock.now()),
  );

  // One series per kind of finding, never per document: the counts a dashboard alerts on.
  app.metrics.gauge(
    'gpms_subcon_findings',
    '하도급 findings on the business day by kind (DEEMED_PASS, PAYMENT_NEAR, PAYMENT_OVERDUE, SENT_BEFORE_CONTRACT, PAID_WITH_CHARGES, REDUCTION_UNWRITTEN, COORDINATION_TALKS_OVERDUE, COORDINATION_OVERDUE); /subconCompliance lists them',
    ['kind'],
    async (g) => {
      try {
        const counts = countByKind((await complianceFindings(app.dbh.db, app.clock.now())).rows);
        for (const [kind, n] of Object.entries(counts)) g.set({ kind }, n);
      } catch {
        // The database out of reach: the series go missing for this scrape (gpms_db_unavailable_total tells why).
        g.reset();
      }
    },
  );
};
