import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../../http/access.js';
import { commonErrors } from '../../../http/error-schema.js';
import { AnswerBody, AskBody, QuestionParams, RfqParams, RfqQuestionRow, SupplierRfqQuestionRow } from './schemas.js';
import { answerRfqQuestion, askRfqQuestion, getRfqQuestion, listMyRfqQuestions, listRfqQuestions } from './service.js';

const CHECK_SCREENS = ['/prCheckList', '/prCheckEdit'];
const BUYER_SCREENS = ['/prConfirmEdit'];

/**
 * Supplier questions on quotation requests (docs/purchasing.md "Questions"): an invited supplier
 * asks until the deadline; the buyer answers, privately or shared with every invited supplier.
 * A shared answer is copied into rfq_notice without the company, so no supplier ever learns who
 * asked; a supplier's reads of rfq_question are limited to its own company by the scoped db.
 */
export const rfqQuestionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['quotation'];

  app.get(
    '/api/v1/cyber/rfqs/:rfqNo/questions',
    {
      config: { access: access.login(CHECK_SCREENS, 'read', ['X']) },
      schema: {
        operationId: 'listMyRfqQuestions',
        tags,
        summary:
          'My company’s questions on a request and the answers the buyer shared with every invited supplier (no one named)',
        params: RfqParams,
        response: {
          200: Type.Object({ rows: Type.Array(SupplierRfqQuestionRow), total: Type.Integer() }),
          ...commonErrors,
        },
      },
    },
    async (request) => listMyRfqQuestions(request.db, request.params.rfqNo),
  );

  app.post(
    '/api/v1/cyber/rfqs/:rfqNo/questions',
    {
      config: { access: access.login(['/prCheckEdit'], 'write', ['X']), identityBound: false },
      schema: {
        operationId: 'askRfqQuestion',
        tags,
        summary:
          'Ask the buyer a question on a request my company was invited to, until its deadline (after it, or once the request is closed: 409 RFQ_CLOSED)',
        params: RfqParams,
        body: AskBody,
        response: {
          200: Type.Object({ rows: Type.Array(SupplierRfqQuestionRow), total: Type.Integer() }),
          409: Type.Ref('ErrorBody'),
          ...commonErrors,
        },
      },
    },
    async (request) => askRfqQuestion(request.db, request.caller, request.params.rfqNo, request.body, app.clock.now()),
  );

  app.get(
    '/api/v1/rfqs/:rfqNo/questions',
    {
      config: { access: access.login(BUYER_SCREENS, 'read', ['I']) },
      schema: {
        operationId: 'listRfqQuestions',
        tags,
        summary: 'Every supplier question on a request, with the company that asked',
        params: RfqParams,
        response: { 200: Type.Object({ rows: Type.Array(RfqQuestionRow), total: Type.Integer() }), ...commonErrors },
      },
    },
    async (request) => listRfqQuestions(request.db, request.params.rfqNo),
  );

  app.get(
    '/api/v1/rfq-questions/:questionId',
    {
      config: { access: access.login(BUYER_SCREENS, 'read', ['I']) },
      schema: {
        operationId: 'getRfqQuestion',
        tags,
        summary: 'One supplier question (the answer dialog of /prConfirmEdit)',
        params: QuestionParams,
        response: { 200: RfqQuestionRow, ...commonErrors },
      },
    },
    async (request) => getRfqQuestion(request.db, request.params.questionId),
  );

  app.put(
    '/api/v1/rfq-questions/:questionId/answer',
    {
      config: { access: access.login(BUYER_SCREENS, 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'answerRfqQuestion',
        tags,
        summary:
          'Answer a question (once; stale version: 409); shared=Y shows the question and answer to every invited supplier without naming who asked',
        params: QuestionParams,
        body: AnswerBody,
        response: { 200: RfqQuestionRow, 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) =>
      answerRfqQuestion(request.db, request.caller, request.params.questionId, request.body, app.clock.now()),
  );
};
