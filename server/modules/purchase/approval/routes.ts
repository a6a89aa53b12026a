import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../../http/access.js';
import { commonErrors } from '../../../http/error-schema.js';
import { PagingQuery, pageWindow, parseSort } from '../../../http/list-query.js';
import { ApprovalView } from '../shared/schemas.js';
import { listLines, listRules } from './queries.js';
import { checkOutcomeHandlers, type OutcomeHandlers } from './outcome-handlers.js';
import {
  ApprovalParams,
  DecisionAnswer,
  DecisionBody,
  DelegationCancelBody,
  DelegationCreateBody,
  DelegationList,
  DelegationParams,
  DelegationRow,
  LineCreateBody,
  LineDetail,
  LineListQuery,
  LineParams,
  LineRow,
  LineUpdateBody,
  RuleCreateBody,
  RuleListQuery,
  RuleParams,
  RuleRow,
  RuleUpdateBody,
  VersionQuery,
} from './schemas.js';
import {
  DOCUMENT_SCREENS,
  LINE_SCREEN,
  RULE_SCREEN,
  cancelDelegation,
  createApprovalLine,
  createApprovalRule,
  createDelegation,
  decideApproval,
  deleteApprovalLine,
  deleteApprovalRule,
  getApproval,
  getApprovalLine,
  getApprovalRule,
  listMyDelegations,
  updateApprovalLine,
  updateApprovalRule,
} from './service.js';

/**
 * Approval rules and lines (portal administration) and the approvers' decisions. A decision on
 * another module's document is applied by the handler that module registered (`outcomes`).
 */
export const approvalRoutes: FastifyPluginAsyncTypebox<{ outcomes: OutcomeHandlers }> = async (app, opts) => {
  checkOutcomeHandlers(opts.outcomes, 'approvalRoutes');
  const ruleRead = { access: access.login([RULE_SCREEN], 'read', ['I']) };
  const ruleWrite = { access: access.login([RULE_SCREEN], 'write', ['I']), identityBound: false };
  const lineRead = { access: access.login([LINE_SCREEN, RULE_SCREEN], 'read', ['I']) };
  const lineWrite = { access: access.login([LINE_SCREEN], 'write', ['I']), identityBound: false };
  const tags = ['approval'];

  app.get(
    '/api/v1/approval/rules',
    {
      config: ruleRead,
      schema: {
        operationId: 'listApprovalRules',
        tags,
        summary: 'Approval rules: document type and KRW amount band → approval line',
        querystring: RuleListQuery,
        response: { 200: Type.Object({ rows: Type.Array(RuleRow), total: Type.Integer() }), ...commonErrors },
      },
    },
    async (request) =>
      listRules(
        request.db,
        request.query,
        parseSort(request.query.sort, { field: 'docType', direction: 'asc' }),
        pageWindow(request.query),
      ),
  );

  app.get(
    '/api/v1/approval/rules/:ruleId',
    {
      config: ruleRead,
      schema: {
        operationId: 'getApprovalRule',
        tags,
        summary: 'One approval rule (the administration screen edits it)',
        params: RuleParams,
        response: { 200: RuleRow, ...commonErrors },
      },
    },
    async (request) => getApprovalRule(request.db, request.params.ruleId),
  );

  app.post(
    '/api/v1/approval/rules',
    {
      config: ruleWrite,
      schema: {
        operationId: 'createApprovalRule',
        tags,
        summary: 'Add a rule (bands of one document type may not overlap); effective for the next submission',
        body: RuleCreateBody,
        response: { 200: RuleRow, 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => createApprovalRule(request.db, request.body, request.caller!.userId),
  );

  app.put(
    '/api/v1/approval/rules/:ruleId',
    {
      config: ruleWrite,
      schema: {
        operationId: 'updateApprovalRule',
        tags,
        summary: 'Change a rule (stale version: 409); documents already in approval keep their line',
        params: RuleParams,
        body: RuleUpdateBody,
        response: { 200: RuleRow, 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => updateApprovalRule(request.db, request.params.ruleId, request.body, request.caller!.userId),
  );

  app.delete(
    '/api/v1/approval/rules/:ruleId',
    {
      config: ruleWrite,
      schema: {
        operationId: 'deleteApprovalRule',
        tags,
        summary: 'Delete a rule no approval used yet (a used one is switched off with useYn N)',
        params: RuleParams,
        querystring: VersionQuery,
        response: { 200: Type.Ref('Ok'), 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) =>
      deleteApprovalRule(request.db, request.params.ruleId, request.query.version, request.caller!.userId),
  );

  app.get(
    '/api/v1/approval/lines',
    {
      config: lineRead,
      schema: {
        operationId: 'listApprovalLines',
        tags,
        summary: 'Approval lines with their approvers in order',
        querystring: LineListQuery,
        response: { 200: Type.Object({ rows: Type.Array(LineRow), total: Type.Integer() }), ...commonErrors },
      },
    },
    async (request) =>
      listLines(
        request.db,
        request.query,
        parseSort(request.query.sort, { field: 'lineId', direction: 'asc' }),
        pageWindow(request.query),
      ),
  );

  app.get(
    '/api/v1/approval/lines/:lineId',
    {
      config: lineRead,
      schema: {
        operationId: 'getApprovalLine',
        tags,
        summary: 'One approval line: ordered approvers and the rules that use it',
        params: LineParams,
        response: { 200: LineDetail, ...commonErrors },
      },
    },
    async (request) => getApprovalLine(request.db, request.params.lineId),
  );

  app.post(
    '/api/v1/approval/lines',
    {
      config: lineWrite,
      schema: {
        operationId: 'createApprovalLine',
        tags,
        summary: 'Add an approval line (1–10 ordered approvers)',
        body: LineCreateBody,
        response: { 200: LineDetail, ...commonErrors },
      },
    },
    async (request) => createApprovalLine(request.db, request.body, request.caller!.userId),
  );

  app.put(
    '/api/v1/approval/lines/:lineId',
    {
      config: lineWrite,
      schema: {
        operationId: 'updateApprovalLine',
        tags,
        summary: 'Change a line’s name, use and approvers (stale version: 409); effective for the next submission',
        params: LineParams,
        body: LineUpdateBody,
        response: { 200: LineDetail, 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => updateApprovalLine(request.db, request.params.lineId, request.body, request.caller!.userId),
  );

  app.delete(
    '/api/v1/approval/lines/:lineId',
    {
      config: lineWrite,
      schema: {
        operationId: 'deleteApprovalLine',
        tags,
        summary: 'Delete a line no rule refers to',
        params: LineParams,
        querystring: VersionQuery,
        response: { 200: Type.Ref('Ok'), 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) =>
      deleteApprovalLine(request.db, request.params.lineId, request.query.version, request.caller!.userId),
  );

  app.get(
    '/api/v1/approvals/:approvalId',
    {
      config: { access: access.login(DOCUMENT_SCREENS, 'read', ['I']) },
      schema: {
        operationId: 'getApproval',
        tags,
        summary: 'One approval round and its steps',
        params: ApprovalParams,
        response: { 200: ApprovalView, ...commonErrors },
      },
    },
    async (request) => getApproval(request.db, request.params.approvalId),
  );

  const decision = (kind: 'approve' | 'reject') =>
    app.post(
      `/api/v1/approvals/:approvalId/${kind}`,
      {
        // A decision is a write: write authority on a document menu, and then the handler checks
        // that the caller is the current approver (or their deputy).
        config: { access: access.login(DOCUMENT_SCREENS, 'write', ['I']), identityBound: true },
        schema: {
          operationId: kind === 'approve' ? 'approveApproval' : 'rejectApproval',
          tags,
          summary:
            kind === 'approve'
              ? 'The current approver approves (optional comment); the last approval approves the document (a PO to a FORWARD_YN=Y supplier is sent at once)'
              : 'The current approver rejects with a comment (required): a PR is rejected, a PO or LOI returns to draft',
          params: ApprovalParams,
          body: DecisionBody,
          response: { 200: DecisionAnswer, 409: Type.Ref('ErrorBody'), ...commonErrors },
        },
      },
      async (request) =>
        decideApproval(
          opts.outcomes,
          request.db,
          request.caller,
          request.params.approvalId,
          kind,
          request.body,
          app.clock.now(),
        ),
    );
  decision('approve');
  decision('reject');
};

/**
 * Approval delegation (docs/purchasing.md "Delegation"): an approver names a deputy for a period;
 * approvals that reach the approver then go to the deputy, and the history shows on whose behalf.
 */
export const delegationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['approval'];
  const config = { access: access.login(DOCUMENT_SCREENS, 'read', ['I']) };
  // Naming or ending a deputy writes: write authority on a document menu, as deciding needs.
  const writeConfig = { access: access.login(DOCUMENT_SCREENS, 'write', ['I']), identityBound: false };

  app.get(
    '/api/v1/approval/delegations',
    {
      config,
      schema: {
        operationId: 'listMyDelegations',
        tags,
        summary: 'My approval delegations (newest period first), a page at a time',
        querystring: Type.Object(PagingQuery),
        response: { 200: DelegationList, ...commonErrors },
      },
    },
    async (request) => listMyDelegations(request.db, request.caller, request.query),
  );

  app.post(
    '/api/v1/approval/delegations',
    {
      config: { ...writeConfig, identityBound: true },
      schema: {
        operationId: 'createDelegation',
        tags,
        summary:
          'Name a deputy for a period: approvals reaching me then go to the deputy (not myself; a deputy who can open the documents; no overlap with my other delegations: 409)',
        body: DelegationCreateBody,
        response: { 200: DelegationRow, 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => createDelegation(request.db, request.caller, request.body, app.clock.now()),
  );

  app.post(
    '/api/v1/approval/delegations/:delegationId/cancel',
    {
      config: { ...writeConfig, identityBound: true },
      schema: {
        operationId: 'cancelDelegation',
        tags,
        summary: 'End one of my delegations (steps already given to the deputy stay with them)',
        params: DelegationParams,
        body: DelegationCancelBody,
        response: { 200: DelegationRow, 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) =>
      cancelDelegation(request.db, request.caller, request.params.delegationId, request.body.version, app.clock.now()),
  );
};
