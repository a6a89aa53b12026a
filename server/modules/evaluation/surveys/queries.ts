import { sql, type Insertable, type Updateable } from 'kysely';
import type { Static } from 'typebox';
import type { Db } from '../../../db/connect.js';
import type { SatAnswerTable, SatResponseTable, SatSurveyTable } from '../../../db/schema.generated.js';
import { given, likeEscape, pageWindow, parseSort } from '../../../http/list-query.js';
import type { MySurveyListQuery, SurveyListQuery } from '../schemas.js';

/** Surveys with their question, invitation and answer counts and average score: a page, and the count of all. */
export async function listSurveyRows(db: Db, f: Static<typeof SurveyListQuery> & { surveyId?: number }) {
  let q = db.selectFrom('satSurvey as s');
  if (f.surveyId) q = q.where('s.surveyId', '=', f.surveyId);
  if (f.status) q = q.where('s.status', '=', f.status);
  if (given(f.title)) q = q.where('s.title', 'like', `%${likeEscape(f.title!.trim())}%`);
  const total = Number((await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const sort = parseSort(f.sort, { field: 'surveyId', direction: 'desc' });
  const w = pageWindow(f);
  const rows = await q
    .select([
      's.surveyId',
      's.title',
      's.startDate',
      's.endDate',
      's.status',
      's.version',
      sql<number>`(select count(*) from sat_question x where x.survey_id = s.survey_id)`.as('questionCount'),
      sql<number>`(select count(*) from sat_response x where x.survey_id = s.survey_id)`.as('invited'),
      sql<number>`(select count(*) from sat_response x where x.survey_id = s.survey_id and x.status = 'SUBMITTED')`.as(
        'answered',
      ),
      sql<string | null>`(select round(avg(a.score), 2) from sat_answer a where a.survey_id = s.survey_id)`.as(
        'averageScore',
      ),
    ])
    .orderBy(sql.ref(`s.${sort.field}`), sort.direction)
    .limit(w.limit)
    .offset(w.offset)
    .execute();
  return { total, rows };
}

/** A survey's questions with their average score and answer count. */
export const questionScores = (db: Db, surveyId: number) =>
  db
    .selectFrom('satQuestion as q')
    .select([
      'q.qNo',
      'q.text',
      sql<
        string | null
      >`(select round(avg(a.score), 2) from sat_answer a where a.survey_id = q.survey_id and a.q_no = q.q_no)`.as(
        'averageScore',
      ),
      sql<number>`(select count(*) from sat_answer a where a.survey_id = q.survey_id and a.q_no = q.q_no)`.as(
        'answers',
      ),
    ])
    .where('q.surveyId', '=', surveyId)
    .orderBy('q.qNo')
    .execute();

/** The suppliers asked, with their state and average score. */
export const responseScores = (db: Db, surveyId: number) =>
  db
    .selectFrom('satResponse as r')
    .innerJoin('company as c', 'c.compNo', 'r.compNo')
    .select([
      'r.compNo',
      'c.compNameKr as compName',
      'r.status',
      'r.comment',
      'r.submittedAt',
      'r.submittedBy',
      sql<
        string | null
      >`(select round(avg(a.score), 2) from sat_answer a where a.survey_id = r.survey_id and a.comp_no = r.comp_no)`.as(
        'averageScore',
      ),
    ])
    .where('r.surveyId', '=', surveyId)
    .orderBy('r.compNo')
    .execute();

/** Replaces a survey's questions and the suppliers asked. */
export async function replaceQuestionsAndSuppliers(
  trx: Db,
  surveyId: number,
  questions: Array<{ qNo: number; text: string }>,
  suppliers: string[],
): Promise<void> {
  await trx.deleteFrom('satResponse').where('surveyId', '=', surveyId).execute();
  await trx.deleteFrom('satQuestion').where('surveyId', '=', surveyId).execute();
  await trx
    .insertInto('satQuestion')
    .values(questions.map((q) => ({ surveyId, ...q })))
    .execute();
  await trx
    .insertInto('satResponse')
    .values(suppliers.map((compNo) => ({ surveyId, compNo, status: 'REQUESTED' as const })))
    .execute();
}

export const insertSurvey = async (trx: Db, row: Insertable<SatSurveyTable>): Promise<number> =>
  (await trx.insertInto('satSurvey').values(row).returning('surveyId').executeTakeFirstOrThrow()).surveyId;

export const lockSurvey = (trx: Db, surveyId: number) =>
  trx.selectFrom('satSurvey').selectAll().where('surveyId', '=', surveyId).forUpdate().executeTakeFirst();

export const updateSurvey = (trx: Db, surveyId: number, set: Updateable<SatSurveyTable>) =>
  trx.updateTable('satSurvey').set(set).where('surveyId', '=', surveyId).execute();

/** A company's invitation to an opened survey, with the survey. */
export const invitation = (db: Db, compNo: string, surveyId: number) =>
  db
    .selectFrom('satResponse as r')
    .innerJoin('satSurvey as s', 's.surveyId', 'r.surveyId')
    .innerJoin('company as c', 'c.compNo', 'r.compNo')
    .select([
      's.surveyId',
      'r.compNo',
      'c.compNameKr as compName',
      's.title',
      's.startDate',
      's.endDate',
      's.status as surveyStatus',
      'r.status',
      'r.submittedAt',
      'r.comment',
      'r.version',
    ])
    .where('r.compNo', '=', compNo)
    .where('r.surveyId', '=', surveyId)
    .where('s.status', '<>', 'DRAFT')
    .executeTakeFirst();

/** The survey's questions with the company's answers. */
export const answersOf = (db: Db, compNo: string, surveyId: number) =>
  db
    .selectFrom('satQuestion as q')
    .leftJoin('satAnswer as a', (j) =>
      j.onRef('a.surveyId', '=', 'q.surveyId').onRef('a.qNo', '=', 'q.qNo').on('a.compNo', '=', compNo),
    )
    .select(['q.qNo', 'q.text', 'a.score'])
    .where('q.surveyId', '=', surveyId)
    .orderBy('q.qNo')
    .execute();

/** Opened surveys a company (or, staff with null, any supplier) is asked: a page, and the count of all. */
export async function listInvitations(db: Db, compNo: string | null, query: Static<typeof MySurveyListQuery>) {
  const q = db
    .selectFrom('satResponse as r')
    .innerJoin('satSurvey as v', 'v.surveyId', 'r.surveyId')
    .innerJoin('company as c', 'c.compNo', 'r.compNo')
    .$if(compNo !== null, (w) => w.where('r.compNo', '=', compNo!))
    .where('v.status', '<>', 'DRAFT');
  const total = Number((await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const sort = parseSort(query.sort, { field: 'surveyId', direction: 'desc' });
  const w = pageWindow(query);
  const rows = await q
    .select([
      'v.surveyId',
      'r.compNo',
      'c.compNameKr as compName',
      'v.title',
      'v.startDate',
      'v.endDate',
      'v.status as surveyStatus',
      'r.status',
      'r.submittedAt',
      'r.version',
    ])
    .orderBy(sql.ref(`v.${sort.field}`), sort.direction)
    .orderBy('r.compNo')
    .limit(w.limit)
    .offset(w.offset)
    .execute();
  return { total, rows };
}

export const lockResponse = (trx: Db, surveyId: number, compNo: string) =>
  trx
    .selectFrom('satResponse')
    .selectAll()
    .where('surveyId', '=', surveyId)
    .where('compNo', '=', compNo)
    .forUpdate()
    .executeTakeFirst();

export const surveyState = (trx: Db, surveyId: number) =>
  trx.selectFrom('satSurvey').select(['status', 'endDate']).where('surveyId', '=', surveyId).executeTakeFirst();

export const questionNumbers = async (trx: Db, surveyId: number): Promise<number[]> =>
  (await trx.selectFrom('satQuestion').select('qNo').where('surveyId', '=', surveyId).execute()).map((q) => q.qNo);

export const insertAnswers = (trx: Db, rows: Array<Insertable<SatAnswerTable>>) =>
  trx.insertInto('satAnswer').values(rows).execute();

export const updateResponse = (trx: Db, surveyId: number, compNo: string, set: Updateable<SatResponseTable>) =>
  trx.updateTable('satResponse').set(set).where('surveyId', '=', surveyId).where('compNo', '=', compNo).execute();
