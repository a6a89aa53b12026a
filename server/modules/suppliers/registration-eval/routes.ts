import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../../http/access.js';
import { commonErrors } from '../../../http/error-schema.js';
import { APPLY_SCREENS } from '../screens.js';
import {
  EvalNoParams,
  EvaluationDetail,
  EvaluationFailBody,
  EvaluationList,
  EvaluationListQuery,
  EvaluationSaveBody,
} from '../apply-schemas.js';
import {
  EVALUATION_WRITE_SCREENS as WRITE,
  evaluationDetail,
  failEvaluation,
  saveEvaluation,
  searchEvaluations,
} from './service.js';

const tags = ['supplier-apply'];
const READ = [APPLY_SCREENS.evalList, APPLY_SCREENS.evalDetail, APPLY_SCREENS.companies];

/**
 * Registration evaluation (/business/evaManage/compRegMngList, compRegMngDetail): a checklist and a
 * score against the pass mark. Pass needs every item confirmed and the score at or above the mark;
 * fail needs a reason and rejects the application. Passing finishes the application when its user
 * is already approved (the company, its first user and its ERP vendor application are created).
 */
export const registrationEvaluationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/v1/registration-evaluations',
    {
      config: { access: access.login(READ, 'read', ['I']) },
      schema: {
        operationId: 'listRegistrationEvaluations',
        tags,
        summary: 'Registration evaluations of new-company applications (compRegMngList)',
        querystring: EvaluationListQuery,
        response: { 200: EvaluationList, ...commonErrors },
      },
    },
    async (request) => searchEvaluations(request.db, request.query, request.caller!),
  );

  app.get(
    '/api/v1/registration-evaluations/:evalNo',
    {
      config: { access: access.login(READ, 'read', ['I']) },
      schema: {
        operationId: 'getRegistrationEvaluation',
        tags,
        summary: 'One registration evaluation with the application’s attachments (compRegMngDetail)',
        params: EvalNoParams,
        response: { 200: EvaluationDetail, ...commonErrors },
      },
    },
    async (request) => evaluationDetail(request.db, request.params.evalNo, request.caller!),
  );

  app.put(
    '/api/v1/registration-evaluations/:evalNo',
    {
      config: { access: access.login(WRITE, 'write', ['I']), identityBound: true },
      schema: {
        operationId: 'saveRegistrationEvaluation',
        tags,
        summary: 'Save the checklist, score and remark of an open evaluation',
        params: EvalNoParams,
        body: EvaluationSaveBody,
        response: { 200: EvaluationDetail, 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) =>
      saveEvaluation(request.db, 'save', request.params.evalNo, request.body, request.caller!, app.clock.now()),
  );

  app.post(
    '/api/v1/registration-evaluations/:evalNo/pass',
    {
      config: { access: access.login(WRITE, 'write', ['I']), identityBound: true },
      schema: {
        operationId: 'passRegistrationEvaluation',
        tags,
        summary:
          'Pass: every checklist item confirmed and the score at or above the pass mark (values sent are saved first); with the user approved, the supplier, its first user and its ERP vendor application are created',
        params: EvalNoParams,
        body: EvaluationSaveBody,
        response: { 200: EvaluationDetail, 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) =>
      saveEvaluation(request.db, 'pass', request.params.evalNo, request.body, request.caller!, app.clock.now()),
  );

  app.post(
    '/api/v1/registration-evaluations/:evalNo/fail',
    {
      config: { access: access.login(WRITE, 'write', ['I']), identityBound: true },
      schema: {
        operationId: 'failRegistrationEvaluation',
        tags,
        summary: 'Fail with a reason: the application is rejected with it; nothing is created',
        params: EvalNoParams,
        body: EvaluationFailBody,
        response: { 200: EvaluationDetail, 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) =>
      failEvaluation(request.db, request.params.evalNo, request.body, request.caller!, app.clock.now()),
  );
};
