import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../../http/access.js';
import { commonErrors } from '../../../http/error-schema.js';
import { pageWindow, parseSort } from '../../../http/list-query.js';
import { BUDGET_SCREENS } from '../screens.js';
import {
  BudgetTransferDetail,
  BudgetTransferRow,
  TransferCancelBody,
  TransferListQuery,
  TransferParams,
  TransferRequestBody,
} from './schemas.js';
import { cancelBudgetTransfer, getBudgetTransfer, getBudgetTransfers, requestBudgetTransfer } from './service.js';

/**
 * /budget/budgetTransfer (예산전용): transfers between budget lines, approved through the approval
 * lines (approveApproval / rejectApproval decide them like any document). Staff only.
 */
export const budgetTransferRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(BudgetTransferRow);
  const read = {
    access: access.login([BUDGET_SCREENS.transfer, BUDGET_SCREENS.manage, BUDGET_SCREENS.report], 'read', ['I']),
  };
  const write = { access: access.login([BUDGET_SCREENS.transfer], 'write', ['I']), identityBound: false };
  const tags = ['budget'];

  app.get(
    '/api/v1/budget/transfers',
    {
      config: read,
      schema: {
        operationId: 'listBudgetTransfers',
        tags,
        summary: 'Budget transfers, newest first; a department, account or month matches the source or the target',
        querystring: TransferListQuery,
        response: {
          200: Type.Object({ rows: Type.Array(Type.Ref('BudgetTransferRow')), total: Type.Integer() }),
          ...commonErrors,
        },
      },
    },
    async (request) => {
      const { sort, page: _p, size: _s, ...f } = request.query;
      const trim = (v?: string) => v?.trim() || undefined;
      return getBudgetTransfers(
        request.db,
        request.caller,
        { ...f, transferNo: trim(f.transferNo), deptcd: trim(f.deptcd), accountCode: trim(f.accountCode) },
        parseSort(sort, { field: 'transferNo', direction: 'desc' }),
        pageWindow(request.query),
      );
    },
  );

  app.get(
    '/api/v1/budget/transfers/:transferNo',
    {
      config: read,
      schema: {
        operationId: 'getBudgetTransfer',
        tags,
        summary: 'One budget transfer with its approval steps and what its source has available now',
        params: TransferParams,
        response: { 200: BudgetTransferDetail, ...commonErrors },
      },
    },
    async (request) => getBudgetTransfer(request.db, request.caller, request.params.transferNo),
  );

  app.post(
    '/api/v1/budget/transfers',
    {
      config: write,
      schema: {
        operationId: 'requestBudgetTransfer',
        tags,
        summary:
          'Ask to move an amount between two budget lines of a year; submitted to the BUDGET approval rule’s line. More than the source has available: 409 BUDGET_TRANSFER_EXCEEDED',
        body: TransferRequestBody,
        response: { 200: BudgetTransferDetail, 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => requestBudgetTransfer(request.db, request.caller, request.body, app.clock.now()),
  );

  app.post(
    '/api/v1/budget/transfers/:transferNo/cancel',
    {
      config: { ...write, identityBound: true },
      schema: {
        operationId: 'cancelBudgetTransfer',
        tags,
        summary: 'The requester withdraws a transfer still in approval (reason required; stale version: 409)',
        params: TransferParams,
        body: TransferCancelBody,
        response: { 200: BudgetTransferDetail, 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) =>
      cancelBudgetTransfer(request.db, request.caller, request.params.transferNo, request.body, app.clock.now()),
  );
};
