import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../../http/access.js';
import { commonErrors } from '../../../http/error-schema.js';
import { ResultListQuery, TaskDetail, TaskIdParams, TaskListQuery, TaskRow, TaskSaveBody } from '../schemas.js';
import { SCREENS } from '../screens.js';
import { myTask, myTasks, results, scoreTask, taskDetail } from './service.js';

/** Evaluators' work (/evaWorkList, /evaWorkEdit) and every evaluator's results (read only). */
export const workRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['evaluation'];

  app.get(
    '/api/v1/evaluation/tasks',
    {
      config: { access: access.login([SCREENS.workList, SCREENS.workEdit], 'read', ['I']) },
      schema: {
        operationId: 'listMyEvaTasks',
        tags,
        summary: 'My evaluation tasks (the caller is the evaluator), with due dates',
        querystring: TaskListQuery,
        response: { 200: Type.Object({ rows: Type.Array(TaskRow), total: Type.Integer() }), ...commonErrors },
      },
    },
    async (request) => myTasks(request.db, request.caller, request.query, app.clock.now()),
  );

  app.get(
    '/api/v1/evaluation/tasks/:taskId',
    {
      config: { access: access.login([SCREENS.workList, SCREENS.workEdit], 'read', ['I']) },
      schema: {
        operationId: 'getMyEvaTask',
        tags,
        summary:
          'One of my tasks: quantitative criteria filled from data (numerator, denominator), qualitative ones to score; another evaluator’s task answers 404',
        params: TaskIdParams,
        response: { 200: TaskDetail, ...commonErrors },
      },
    },
    async (request) => myTask(request.db, request.caller, request.params.taskId, app.clock.now()),
  );

  for (const action of ['save', 'submit'] as const) {
    app.post(
      `/api/v1/evaluation/tasks/:taskId/${action}`,
      {
        config: { access: access.login([SCREENS.workEdit], 'write', ['I']), identityBound: true },
        schema: {
          operationId: action === 'save' ? 'saveEvaTask' : 'submitEvaTask',
          tags,
          summary:
            action === 'save'
              ? 'Save my qualitative scores (1–5) and comments as a draft'
              : 'Submit my scores (every qualitative criterion scored, by the due date); then they count in the total',
          params: TaskIdParams,
          body: TaskSaveBody,
          response: { 200: TaskDetail, 409: Type.Ref('ErrorBody'), ...commonErrors },
        },
      },
      async (request) =>
        scoreTask(request.db, request.caller, action, request.params.taskId, request.body, app.clock.now()),
    );
  }

  // Results by evaluator and criterion (read only): every task of every evaluator.
  app.get(
    '/api/v1/evaluation/results',
    {
      config: { access: access.login([SCREENS.resultList, SCREENS.resultView], 'read', ['I']) },
      schema: {
        operationId: 'listEvaResults',
        tags,
        summary: 'Evaluation work of every evaluator: supplier, evaluator, status, average score',
        querystring: ResultListQuery,
        response: { 200: Type.Object({ rows: Type.Array(TaskRow), total: Type.Integer() }), ...commonErrors },
      },
    },
    async (request) => results(request.db, request.query, app.clock.now()),
  );

  app.get(
    '/api/v1/evaluation/results/:taskId',
    {
      config: { access: access.login([SCREENS.resultList, SCREENS.resultView], 'read', ['I']) },
      schema: {
        operationId: 'getEvaResult',
        tags,
        summary: 'One evaluator’s scores for one supplier, with the quantitative figures (read only)',
        params: TaskIdParams,
        response: { 200: TaskDetail, ...commonErrors },
      },
    },
    async (request) => taskDetail(request.db, request.params.taskId, null, app.clock.now()),
  );
};
