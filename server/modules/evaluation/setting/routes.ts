import { Type } from 'typebox';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../../http/access.js';
import { commonErrors } from '../../../http/error-schema.js';
import { pageWindow } from '../../../http/list-query.js';
import {
  PeriodCreateBody,
  PeriodIdParams,
  PeriodListQuery,
  PeriodRow,
  PeriodUpdateBody,
  VersionOnly,
} from '../schemas.js';
import { SCREENS } from '../screens.js';
import { changePeriod, createPeriod, deletePeriod, listPeriods, movePeriod, onePeriod } from './service.js';

/** 204 once the work is done. */
async function noContent(reply: FastifyReply, work: Promise<unknown>) {
  await work;
  return reply.code(204).send(null);
}

/** Evaluation periods (/business/evaManage/evaSetting): setup, open, close, compute. */
export const settingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['evaluation'];
  const read = {
    access: access.login(
      [SCREENS.setting, SCREENS.totalList, SCREENS.totalEdit, SCREENS.resultList, SCREENS.workList],
      'read',
      ['I'],
    ),
  };
  const write = { access: access.login([SCREENS.setting], 'write', ['I']), identityBound: false };

  app.get(
    '/api/v1/evaluation/periods',
    {
      config: read,
      schema: {
        operationId: 'listEvaPeriods',
        tags,
        summary: 'Evaluation periods with criteria, weights, evaluators, grade bands and progress (newest first)',
        querystring: PeriodListQuery,
        response: { 200: Type.Object({ rows: Type.Array(PeriodRow), total: Type.Integer() }), ...commonErrors },
      },
    },
    async (request) =>
      listPeriods(
        request.db,
        { status: request.query.status },
        pageWindow({ ...request.query, size: request.query.size ?? 500 }),
      ),
  );

  app.get(
    '/api/v1/evaluation/periods/:periodId',
    {
      config: read,
      schema: {
        operationId: 'getEvaPeriod',
        tags,
        summary: 'One evaluation period with its setup and progress',
        params: PeriodIdParams,
        response: { 200: PeriodRow, ...commonErrors },
      },
    },
    async (request) => onePeriod(request.db, request.params.periodId),
  );

  app.post(
    '/api/v1/evaluation/periods',
    {
      config: write,
      schema: {
        operationId: 'createEvaPeriod',
        tags,
        summary:
          'Create a period with its criteria (weights summing to 100), evaluators, scope and grade bands; dates may not overlap another period',
        body: PeriodCreateBody,
        response: { 200: PeriodRow, ...commonErrors },
      },
    },
    async (request) => createPeriod(request.db, request.caller, request.body),
  );

  app.put(
    '/api/v1/evaluation/periods/:periodId',
    {
      config: write,
      schema: {
        operationId: 'updateEvaPeriod',
        tags,
        summary: 'Change a period still in preparation (stale version: 409)',
        params: PeriodIdParams,
        body: PeriodUpdateBody,
        response: { 200: PeriodRow, 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => changePeriod(request.db, request.caller, request.params.periodId, request.body),
  );

  app.delete(
    '/api/v1/evaluation/periods/:periodId',
    {
      config: write,
      schema: {
        operationId: 'deleteEvaPeriod',
        tags,
        summary: 'Delete a period still in preparation',
        params: PeriodIdParams,
        querystring: VersionOnly,
        response: { 204: Type.Null(), 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request, reply) =>
      noContent(reply, deletePeriod(request.db, request.caller, request.params.periodId, request.query.version)),
  );

  for (const [action, op, summary] of [
    [
      'open',
      'openEvaPeriod',
      'Start the evaluation: fix the suppliers in scope, create the evaluators’ tasks, compute the figures',
    ],
    ['close', 'closeEvaPeriod', 'Close the evaluation (no more scoring) and compute the totals'],
    [
      'compute',
      'computeEvaPeriod',
      'Compute the quantitative figures and the draft totals again (finalized totals are kept)',
    ],
  ] as const) {
    app.post(
      `/api/v1/evaluation/periods/:periodId/${action}`,
      {
        config: write,
        schema: {
          operationId: op,
          tags,
          summary,
          params: PeriodIdParams,
          body: VersionOnly,
          response: { 200: PeriodRow, 409: Type.Ref('ErrorBody'), ...commonErrors },
        },
      },
      async (request) =>
        movePeriod(request.db, request.caller, action, request.params.periodId, request.body.version, app.clock.now()),
    );
  }
};
