import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../../http/access.js';
import { commonErrors } from '../../../http/error-schema.js';
import { writeAudit } from '../../../db/audit.js';
import { internalActor, supplierActor } from '../../../domain/actor.js';
import { checkVersion, failIf, missing, refused, wrongState } from '../../../domain/errors.js';
import { text } from '../../../domain/values.js';
import { quotationOpen } from '../rfq/workflow.js';
import { findQuestion, questionsOfRfq, supplierQuestions } from './queries.js';
import { AnswerBody, AskBody, QuestionParams, RfqParams, RfqQuestionRow, SupplierRfqQuestionRow } from './schemas.js';

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
  const questionMissing = () => missing('RFQ_QUESTION_NOT_FOUND', '질문을 찾을 수 없습니다');

  app.get(
    '/api/v1/cyber/rfqs/:rfqNo/questions',
    {
      config: { access: access.login(CHECK_SCREENS, 'read', ['X']) },
      schema: { operationId: 'listMyRfqQuestions', tags, summary: 'My company’s questions on a request and the answers the buyer shared with every invited supplier (no one named)', params: RfqParams, response: { 200: Type.Object({ rows: Type.Array(SupplierRfqQuestionRow), total: Type.Integer() }), ...commonErrors } },
    },
    async (request) => {
      const invited = await request.db.selectFrom('quotation').select('rfqNo').where('rfqNo', '=', request.params.rfqNo).executeTakeFirst();
      if (!invited) throw missing('RFQ_NOT_FOUND', '견적요청을 찾을 수 없습니다');
      const rows = await supplierQuestions(request.db, request.params.rfqNo);
      return { rows, total: rows.length };
    },
  );

  app.post(
    '/api/v1/cyber/rfqs/:rfqNo/questions',
    {
      config: { access: access.login(['/prCheckEdit'], 'write', ['X']) },
      schema: {
        operationId: 'askRfqQuestion', tags,
        summary: 'Ask the buyer a question on a request my company was invited to, until its deadline (after it, or once the request is closed: 409 RFQ_CLOSED)',
        params: RfqParams, body: AskBody, response: { 200: Type.Object({ rows: Type.Array(SupplierRfqQuestionRow), total: Type.Integer() }), 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => {
      const supplier = supplierActor(request.caller);
      const { rfqNo } = request.params;
      const question = text(request.body.question);
      if (!question) failIf([{ path: 'body/question', message: '질문을 입력하세요' }]);
      await request.db.transaction().execute(async (trx) => {
        const invited = await trx.selectFrom('quotation').select(['status']).where('rfqNo', '=', rfqNo).executeTakeFirst();
        if (!invited) throw missing('RFQ_NOT_FOUND', '견적요청을 찾을 수 없습니다');
        const rfq = await trx.selectFrom('rfqHeader').select(['status', 'deadline']).where('rfqNo', '=', rfqNo).forUpdate().executeTakeFirstOrThrow();
        if (invited.status === 'CANCELLED' || !quotationOpen(rfq.status, rfq.deadline, new Date())) {
          throw refused('RFQ_CLOSED', '견적 마감이 지났거나 종료된 견적요청에는 질문할 수 없습니다');
        }
        const row = { rfqNo, compNo: supplier.compNo, question: question!, askedBy: supplier.userId };
        const { questionId } = await trx.insertInto('rfqQuestion').values(row).returning('questionId').executeTakeFirstOrThrow();
        await writeAudit(trx, { entity: 'rfq_question', entityKey: String(questionId), action: 'ASK', actor: supplier.userId, after: row });
      });
      const rows = await supplierQuestions(request.db, rfqNo);
      return { rows, total: rows.length };
    },
  );

  app.get(
    '/api/v1/rfqs/:rfqNo/questions',
    {
      config: { access: access.login(BUYER_SCREENS, 'read', ['I']) },
      schema: { operationId: 'listRfqQuestions', tags, summary: 'Every supplier question on a request, with the company that asked', params: RfqParams, response: { 200: Type.Object({ rows: Type.Array(RfqQuestionRow), total: Type.Integer() }), ...commonErrors } },
    },
    async (request) => {
      const rows = await questionsOfRfq(request.db, request.params.rfqNo);
      return { rows, total: rows.length };
    },
  );

  app.get(
    '/api/v1/rfq-questions/:questionId',
    {
      config: { access: access.login(BUYER_SCREENS, 'read', ['I']) },
      schema: { operationId: 'getRfqQuestion', tags, summary: 'One supplier question (the answer dialog of /prConfirmEdit)', params: QuestionParams, response: { 200: RfqQuestionRow, ...commonErrors } },
    },
    async (request) => {
      const q = await findQuestion(request.db, request.params.questionId);
      if (!q) throw questionMissing();
      return q;
    },
  );

  app.put(
    '/api/v1/rfq-questions/:questionId/answer',
    {
      config: { access: access.login(BUYER_SCREENS, 'write', ['I']) },
      schema: {
        operationId: 'answerRfqQuestion', tags,
        summary: 'Answer a question (once; stale version: 409); shared=Y shows the question and answer to every invited supplier without naming who asked',
        params: QuestionParams, body: AnswerBody, response: { 200: RfqQuestionRow, 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => {
      const actor = await internalActor(request.db, request.caller);
      const { questionId } = request.params;
      const answer = text(request.body.answer);
      if (!answer) failIf([{ path: 'body/answer', message: '답변을 입력하세요' }]);
      const shared = request.body.shared ?? 'N';
      await request.db.transaction().execute(async (trx) => {
        const q = await trx.selectFrom('rfqQuestion').selectAll().where('questionId', '=', questionId).forUpdate().executeTakeFirst();
        if (!q) throw questionMissing();
        checkVersion(request.body.version, q.version);
        if (q.answer !== null) throw wrongState('이미 답변한 질문입니다', 'ANSWERED');
        const rfq = await trx.selectFrom('rfqHeader').select('status').where('rfqNo', '=', q.rfqNo).executeTakeFirstOrThrow();
        if (rfq.status === 'CANCELLED') throw wrongState('취소된 견적요청의 질문에는 답변할 수 없습니다', rfq.status);
        const now = new Date();
        await trx.updateTable('rfqQuestion').set({ answer, answeredBy: actor.userId, answeredAt: now, shared, version: q.version + 1 }).where('questionId', '=', questionId).execute();
        if (shared === 'Y') {
          await trx.insertInto('rfqNotice').values({ rfqNo: q.rfqNo, questionId, question: q.question, askedAt: q.askedAt, answer: answer!, answeredAt: now }).execute();
        }
        await writeAudit(trx, { entity: 'rfq_question', entityKey: String(questionId), action: shared === 'Y' ? 'ANSWER_SHARED' : 'ANSWER', actor: actor.userId, before: { answer: null }, after: { answer, shared } });
      });
      return (await findQuestion(request.db, questionId))!;
    },
  );
};
