import type { Expression, Insertable, Updateable } from 'kysely';
import type { Db } from '../../../db/connect.js';
import type { Database } from '../../../db/schema.generated.js';
import { iso } from '../../../domain/values.js';
import { asOwner } from '../../../db/company-scope.js';

/** Every question on a request with the company that asked (the buyer's view), oldest first. */
export async function questionsOfRfq(db: Db, rfqNo: string) {
  return questionRows(db, { rfqNo });
}

export async function findQuestion(db: Db, questionId: number) {
  const [row] = await questionRows(db, { questionId });
  return row;
}

async function questionRows(db: Db, where: { rfqNo: string } | { questionId: number }) {
  let q = questionColumns(db);
  q = 'rfqNo' in where ? q.where('q.rfqNo', '=', where.rfqNo) : q.where('q.questionId', '=', where.questionId);
  return toQuestions(await q.orderBy('q.askedAt').orderBy('q.questionId').execute());
}

const questionColumns = (db: Db) =>
  db
    .selectFrom('rfqQuestion as q')
    .innerJoin('company as c', 'c.compNo', 'q.compNo')
    .leftJoin('appUser as u', 'u.userId', 'q.answeredBy')
    .select([
      'q.questionId',
      'q.rfqNo',
      'q.compNo',
      'c.compNameKr as compName',
      'q.question',
      'q.askedBy',
      'q.askedAt',
      'q.answer',
      'u.hname as answeredByName',
      'q.answeredAt',
      'q.shared',
      'q.version',
    ]);

/**
 * A request's questions (json: ordered by `askedAt`, then `questionId`), `rfqNo` a subquery of the
 * statement it is part of (a PR's detail reads its current request's).
 */
export function questionRowsOf(db: Db, rfqNo: Expression<string | null>) {
  return questionColumns(db).where('q.rfqNo', '=', rfqNo as Expression<string>);
}

/** The questions from `questionRowsOf`' rows, read alone or from json. */
export function toQuestions(
  rows: ReadonlyArray<Awaited<ReturnType<ReturnType<typeof questionColumns>['execute']>>[number]>,
) {
  return rows.map((r) => ({
    ...r,
    askedAt: iso(r.askedAt)!,
    answeredAt: iso(r.answeredAt),
    answered: r.answer === null ? 'N' : 'Y',
  }));
}

/**
 * What a supplier sees on a request it was invited to: its own company's questions (the scoped
 * db limits rfq_question to them) and the answers the buyer shared, which name no one. A shared
 * answer to its own question is shown once, as its own.
 */
export async function supplierQuestions(db: Db, rfqNo: string) {
  const [own, notices] = await Promise.all([
    db
      .selectFrom('rfqQuestion')
      .select(['questionId', 'question', 'askedAt', 'answer', 'answeredAt'])
      .where('rfqNo', '=', rfqNo)
      .execute(),
    db
      .selectFrom('rfqNotice')
      .select(['noticeId', 'questionId', 'question', 'askedAt', 'answer', 'answeredAt'])
      .where('rfqNo', '=', rfqNo)
      .execute(),
  ]);
  const mine = new Set(own.map((q) => q.questionId));
  const rows = [
    ...own.map((q) => ({
      questionKey: `Q${q.questionId}`,
      mine: 'Y',
      question: q.question,
      askedAt: q.askedAt,
      answer: q.answer,
      answeredAt: q.answeredAt,
    })),
    ...notices
      .filter((n) => !mine.has(n.questionId))
      .map((n) => ({
        questionKey: `N${n.noticeId}`,
        mine: 'N',
        question: n.question,
        askedAt: n.askedAt,
        answer: n.answer,
        answeredAt: n.answeredAt,
      })),
  ];
  rows.sort((a, b) => Date.parse(a.askedAt) - Date.parse(b.askedAt));
  return rows.map((r) => ({ ...r, askedAt: iso(r.askedAt)!, answeredAt: iso(r.answeredAt) }));
}

/** The caller company's invitation to the request (db scoped to the company), or undefined. */
export function findInvitation(db: Db, rfqNo: string) {
  return db.selectFrom('quotation').select(['status']).where('rfqNo', '=', rfqNo).executeTakeFirst();
}

/** The request's state and deadline, locked while a question is asked (as the owner: the supplier role may not lock a request). */
export function lockRfqDeadline(trx: Db, rfqNo: string) {
  return asOwner(trx)
    .selectFrom('rfqHeader')
    .select(['status', 'deadline'])
    .where('rfqNo', '=', rfqNo)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

export function findRfqStatus(trx: Db, rfqNo: string) {
  return trx.selectFrom('rfqHeader').select('status').where('rfqNo', '=', rfqNo).executeTakeFirstOrThrow();
}

export async function insertQuestion(trx: Db, values: Insertable<Database['rfqQuestion']>): Promise<number> {
  return (await trx.insertInto('rfqQuestion').values(values).returning('questionId').executeTakeFirstOrThrow())
    .questionId;
}

export function lockQuestion(trx: Db, questionId: number) {
  return trx.selectFrom('rfqQuestion').selectAll().where('questionId', '=', questionId).forUpdate().executeTakeFirst();
}

export async function updateQuestion(trx: Db, questionId: number, values: Updateable<Database['rfqQuestion']>) {
  await trx.updateTable('rfqQuestion').set(values).where('questionId', '=', questionId).execute();
}

export async function insertNotice(trx: Db, values: Insertable<Database['rfqNotice']>) {
  await trx.insertInto('rfqNotice').values(values).execute();
}
