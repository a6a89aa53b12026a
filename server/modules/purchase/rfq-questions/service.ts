import type { Static } from 'typebox';
import type { Caller } from '../../../auth/plugin.js';
import { writeAudit } from '../../../db/audit.js';
import type { Db } from '../../../db/connect.js';
import { internalActor, supplierActor } from '../../../domain/actor.js';
import { checkVersion, failIf, missing, refused, wrongState } from '../../../domain/errors.js';
import { text } from '../../../domain/values.js';
import { quotationOpen } from '../rfq/workflow.js';
import {
  findInvitation,
  findQuestion,
  findRfqStatus,
  insertNotice,
  insertQuestion,
  lockQuestion,
  lockRfqDeadline,
  questionsOfRfq,
  supplierQuestions,
  updateQuestion,
} from './queries.js';
import type { AnswerBody, AskBody } from './schemas.js';

const questionMissing = () => missing('RFQ_QUESTION_NOT_FOUND', '질문을 찾을 수 없습니다');
const rfqMissing = () => missing('RFQ_NOT_FOUND', '견적요청을 찾을 수 없습니다');

/** The supplier's own questions on a request it was invited to, and the answers shared with every invited supplier. */
export async function listMyRfqQuestions(db: Db, rfqNo: string) {
  if (!(await findInvitation(db, rfqNo))) throw rfqMissing();
  const rows = await supplierQuestions(db, rfqNo);
  return { rows, total: rows.length };
}

/** An invited supplier asks the buyer, until the deadline. */
/** now: the business clock the deadline is read on (as the quotation's submission decides). */
export async function askRfqQuestion(
  db: Db,
  caller: Caller | null,
  rfqNo: string,
  body: Static<typeof AskBody>,
  now: Date,
) {
  const supplier = supplierActor(caller);
  const question = text(body.question);
  if (!question) failIf([{ path: 'body/question', message: '질문을 입력하세요' }]);
  await db.transaction().execute(async (trx) => {
    const invited = await findInvitation(trx, rfqNo);
    if (!invited) throw rfqMissing();
    const rfq = await lockRfqDeadline(trx, rfqNo);
    if (invited.status === 'CANCELLED' || !quotationOpen(rfq.status, rfq.deadline, now)) {
      throw refused('RFQ_CLOSED', '견적 마감이 지났거나 종료된 견적요청에는 질문할 수 없습니다');
    }
    const row = { rfqNo, compNo: supplier.compNo, question: question!, askedBy: supplier.userId };
    const questionId = await insertQuestion(trx, row);
    await writeAudit(trx, {
      entity: 'rfq_question',
      entityKey: String(questionId),
      action: 'ASK',
      actor: supplier.userId,
      after: row,
    });
  });
  const rows = await supplierQuestions(db, rfqNo);
  return { rows, total: rows.length };
}

export async function listRfqQuestions(db: Db, rfqNo: string) {
  const rows = await questionsOfRfq(db, rfqNo);
  return { rows, total: rows.length };
}

export async function getRfqQuestion(db: Db, questionId: number) {
  const q = await findQuestion(db, questionId);
  if (!q) throw questionMissing();
  return q;
}

/**
 * The buyer answers once; a shared answer is copied into rfq_notice without the company, so no
 * supplier ever learns who asked.
 */
export async function answerRfqQuestion(
  db: Db,
  caller: Caller | null,
  questionId: number,
  body: Static<typeof AnswerBody>,
  now: Date,
) {
  const actor = await internalActor(db, caller);
  const answer = text(body.answer);
  if (!answer) failIf([{ path: 'body/answer', message: '답변을 입력하세요' }]);
  const shared = body.shared ?? 'N';
  await db.transaction().execute(async (trx) => {
    const q = await lockQuestion(trx, questionId);
    if (!q) throw questionMissing();
    checkVersion(body.version, q.version);
    if (q.answer !== null) throw wrongState('이미 답변한 질문입니다', 'ANSWERED');
    const rfq = await findRfqStatus(trx, q.rfqNo);
    if (rfq.status === 'CANCELLED') throw wrongState('취소된 견적요청의 질문에는 답변할 수 없습니다', rfq.status);
    await updateQuestion(trx, questionId, {
      answer,
      answeredBy: actor.userId,
      answeredAt: now,
      shared,
      version: q.version + 1,
    });
    if (shared === 'Y')
      await insertNotice(trx, {
        rfqNo: q.rfqNo,
        questionId,
        question: q.question,
        askedAt: q.askedAt,
        answer: answer!,
        answeredAt: now,
      });
    await writeAudit(trx, {
      entity: 'rfq_question',
      entityKey: String(questionId),
      action: shared === 'Y' ? 'ANSWER_SHARED' : 'ANSWER',
      actor: actor.userId,
      before: { answer: null },
      after: { answer, shared },
    });
  });
  return (await findQuestion(db, questionId))!;
}
