import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../../http/access.js';
import { commonErrors } from '../../../http/error-schema.js';
import { CursorAnswer, pageWindow, parseSort } from '../../../http/list-query.js';
import { BUDGET_SCREENS } from '../screens.js';
import {
  BudgetAccountParams,
  BudgetAccountRow,
  BudgetLineQuery,
  BudgetLineRow,
  BudgetLineSave,
  BudgetLinesSaveBody,
  BudgetPolicyBody,
} from './schemas.js';
import { getBudgetAccounts, getBudgetLines, saveBudgetLines, setBudgetPolicy } from './service.js';

/** /budget/budgetManage: budget lines per year, month, department and account, and each account's policy. Staff only. */
export const budgetLineRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(BudgetLineRow);
  app.addSchema(BudgetAccountRow);
  const read = { access: access.login([BUDGET_SCREENS.manage, BUDGET_SCREENS.report], 'read', ['I']) };
  const write = { access: access.login([BUDGET_SCREENS.manage], 'write', ['I']), identityBound: false };

  app.get(
    '/api/v1/budget/lines',
    {
      config: { ...read, readOnlyList: true },
      schema: {
        operationId: 'listBudgetLines',
        tags: ['budget'],
        summary: 'Budget lines with what the ledger consumed and what is available',
        querystring: BudgetLineQuery,
        response: {
          200: Type.Object({ rows: Type.Array(Type.Ref('BudgetLineRow')), total: Type.Integer(), ...CursorAnswer }),
          ...commonErrors,
        },
      },
    },
    async (request) => {
      const { sort, page: _p, size: _s, after: _a, before: _b, ...f } = request.query;
      return getBudgetLines(
        request.db,
        { ...f, deptcd: f.deptcd?.trim() || undefined, accountCode: f.accountCode?.trim() || undefined },
        parseSort(sort, { field: 'fiscalYear', direction: 'desc' }),
        pageWindow(request.query),
      );
    },
  );

  app.put(
    '/api/v1/budget/lines',
    {
      config: write,
      schema: {
        operationId: 'saveBudgetLines',
        tags: ['budget'],
        summary: 'Add or change budget lines (all or nothing; a bad row: 400 naming it; stale version: 409)',
        body: BudgetLinesSaveBody,
        response: { 200: Type.Object({ saved: Type.Integer() }), 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => saveBudgetLines(request.db, request.body, request.caller!.userId),
  );

  app.put(
    '/api/v1/budget/line',
    {
      config: write,
      schema: {
        operationId: 'saveBudgetLine',
        tags: ['budget'],
        summary: 'Add or change one budget line (the screen’s 예산 입력 / 금액 변경; rules as saveBudgetLines)',
        body: BudgetLineSave,
        response: { 200: Type.Object({ saved: Type.Integer() }), 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => saveBudgetLines(request.db, { lines: [request.body] }, request.caller!.userId),
  );

  app.get(
    '/api/v1/budget/accounts',
    {
      config: read,
      schema: {
        operationId: 'listBudgetAccounts',
        tags: ['budget'],
        summary: 'Budget accounts with their policy (STOP, WARN, IGNORE) and the item categories that default to them',
        response: {
          200: Type.Object({ rows: Type.Array(Type.Ref('BudgetAccountRow')), total: Type.Integer() }),
          ...commonErrors,
        },
      },
    },
    async (request) => getBudgetAccounts(request.db),
  );

  app.put(
    '/api/v1/budget/accounts/:accountCode/policy',
    {
      config: write,
      schema: {
        operationId: 'setBudgetPolicy',
        tags: ['budget'],
        summary: 'Change an account’s policy (stale version: 409)',
        params: BudgetAccountParams,
        body: BudgetPolicyBody,
        response: { 200: Type.Ref('BudgetAccountRow'), 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => setBudgetPolicy(request.db, request.params.accountCode, request.body, request.caller!.userId),
  );
};
