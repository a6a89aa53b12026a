import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../../http/access.js';
import { commonErrors } from '../../../http/error-schema.js';
import { pageWindow } from '../../../http/list-query.js';
import { BUDGET_SCREENS } from '../screens.js';
import {
  BudgetLedgerQuery,
  BudgetLedgerRow,
  BudgetReport,
  BudgetReportQuery,
  BudgetReportRow,
  PrBudget,
  PrBudgetParams,
} from './schemas.js';
import { budgetLedger, budgetReport, prBudget } from './service.js';

/** /budget/budgetReport: the report and the ledger it sums; the PR edit screen's available amounts. Staff only. */
export const budgetReportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(BudgetReportRow);
  app.addSchema(BudgetLedgerRow);
  const read = { access: access.login([BUDGET_SCREENS.report, BUDGET_SCREENS.manage], 'read', ['I']) };

  app.get(
    '/api/v1/budget/report',
    {
      config: read,
      schema: {
        operationId: 'getBudgetReport',
        tags: ['budget'],
        summary: 'Budget vs pre-committed vs committed vs actual vs available, by department, account and month',
        querystring: BudgetReportQuery,
        response: { 200: BudgetReport, ...commonErrors },
      },
    },
    async (request) => budgetReport(request.db, request.query, app.clock.now()),
  );

  app.get(
    '/api/v1/budget/ledger',
    {
      config: read,
      schema: {
        operationId: 'listBudgetLedger',
        tags: ['budget'],
        summary: 'The budget ledger, newest first: every movement with its document',
        querystring: BudgetLedgerQuery,
        response: {
          200: Type.Object({ rows: Type.Array(Type.Ref('BudgetLedgerRow')), total: Type.Integer() }),
          ...commonErrors,
        },
      },
    },
    async (request) => {
      const { page: _p, size: _s, ...f } = request.query;
      return budgetLedger(
        request.db,
        { ...f, deptcd: f.deptcd?.trim() || undefined, accountCode: f.accountCode?.trim() || undefined },
        pageWindow(request.query),
      );
    },
  );

  app.get(
    '/api/v1/budget/prs/:prNo',
    {
      config: {
        access: access.login(['/prEdit', '/prConfirmEdit', BUDGET_SCREENS.manage, BUDGET_SCREENS.report], 'read', [
          'I',
        ]),
      },
      schema: {
        operationId: 'getPrBudget',
        tags: ['budget'],
        summary:
          'Per PR line: its budget account, the budget of the PR’s department and month, and what is available (a PR the caller may not read: 404, as getPr)',
        params: PrBudgetParams,
        response: { 200: PrBudget, ...commonErrors },
      },
    },
    async (request) => prBudget(request.db, request.caller, request.params.prNo),
  );
};
