import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { client, logins, ok, openRfq, refused, type Flow } from './helpers.js';

/**
 * Supplier questions on quotation requests: asked on /prCheckEdit until the deadline, answered on
 * /prConfirmEdit privately or shared with every invited supplier — never naming who asked.
 */
describe('supplier questions on quotation requests', () => {
  let t: TestApp;
  let f: Flow;
  beforeAll(async () => {
    t = await buildTestApp();
    f = {
      ...client(t),
      u: await logins(t, ['buyer', 'uadmin1', 'opadmin', 'operator', 'supplier1', 'supplier1adm', 'supplier2']),
    };
  });
  afterAll(() => t.close());

  const questionRows = async (rfqNo: string) =>
    t.db.db.selectFrom('rfqQuestion').selectAll().where('rfqNo', '=', rfqNo).orderBy('questionId').execute();

  it('an invited supplier asks; the buyer sees who asked; other suppliers see nothing until an answer is shared, and then no name', async () => {
    const rfq = await openRfq(f, ['C00001', 'C00002']);
    const refusedEmpty = refused(
      await f.post(`/api/v1/cyber/rfqs/${rfq.rfqNo}/questions`, f.u.supplier1, { question: '   ' }),
      400,
      'VALIDATION',
    );
    expect(refusedEmpty.details).toEqual([{ path: 'body/question', message: '질문을 입력하세요' }]);
    const asked = ok(
      await f.post(`/api/v1/cyber/rfqs/${rfq.rfqNo}/questions`, f.u.supplier1, {
        question: '도금 사양이 아연인가요, 니켈인가요?',
      }),
    );
    expect(asked.rows).toEqual([
      {
        questionKey: expect.stringMatching(/^Q\d+$/),
        mine: 'Y',
        question: '도금 사양이 아연인가요, 니켈인가요?',
        askedAt: expect.any(String),
        answer: null,
        answeredAt: null,
      },
    ]);
    ok(
      await f.post(`/api/v1/cyber/rfqs/${rfq.rfqNo}/questions`, f.u.supplier1adm, {
        question: '납품 장소는 어디인가요?',
      }),
    );

    // The buyer sees both with the company, in the PR's detail and the request's list.
    const list = ok(await f.get(`/api/v1/rfqs/${rfq.rfqNo}/questions`, f.u.operator));
    expect(
      list.rows.map((r: { compNo: string; compName: string; askedBy: string; answered: string }) => [
        r.compNo,
        r.compName,
        r.askedBy,
        r.answered,
      ]),
    ).toEqual([
      ['C00001', '㈜대한정밀', 'supplier1', 'N'],
      ['C00001', '㈜대한정밀', 'supplier1adm', 'N'],
    ]);
    const pr = ok(await f.get(`/api/v1/prs/${rfq.prNo}`, f.u.operator));
    expect(pr.rfqQuestions.map((q: { questionId: number }) => q.questionId)).toEqual(
      list.rows.map((r: { questionId: number }) => r.questionId),
    );

    // The other invited supplier sees no question at all (the list, the request's detail).
    expect(ok(await f.get(`/api/v1/cyber/rfqs/${rfq.rfqNo}/questions`, f.u.supplier2)).rows).toEqual([]);
    expect(ok(await f.get(`/api/v1/cyber/rfqs/${rfq.rfqNo}`, f.u.supplier2)).questions).toEqual([]);
    // Suppliers have no access to the buyer's operations, whatever id they send.
    const [first, second] = list.rows as Array<{ questionId: number; version: number }>;
    expect((await f.get(`/api/v1/rfq-questions/${first.questionId}`, f.u.supplier2)).statusCode).toBe(403);
    expect(
      (await f.put(`/api/v1/rfq-questions/${first.questionId}/answer`, f.u.supplier2, { version: 1, answer: 'x' }))
        .statusCode,
    ).toBe(403);
    expect((await f.get(`/api/v1/rfqs/${rfq.rfqNo}/questions`, f.u.supplier2)).statusCode).toBe(403);

    // A private answer: only the asking company sees it.
    refused(
      await f.put(`/api/v1/rfq-questions/${first.questionId}/answer`, f.u.operator, {
        version: first.version + 1,
        answer: '아연 도금입니다.',
      }),
      409,
      'VERSION_CONFLICT',
    );
    const privateAnswer = ok(
      await f.put(`/api/v1/rfq-questions/${first.questionId}/answer`, f.u.operator, {
        version: first.version,
        answer: '아연 도금입니다.',
      }),
    );
    expect(privateAnswer).toMatchObject({
      answer: '아연 도금입니다.',
      shared: 'N',
      answered: 'Y',
      answeredByName: '김민수',
      version: first.version + 1,
    });
    expect(privateAnswer.answeredAt).toEqual(expect.any(String));
    refused(
      await f.put(`/api/v1/rfq-questions/${first.questionId}/answer`, f.u.operator, {
        version: privateAnswer.version,
        answer: '다시',
      }),
      409,
      'INVALID_STATE',
    );
    expect(ok(await f.get(`/api/v1/cyber/rfqs/${rfq.rfqNo}/questions`, f.u.supplier2)).rows).toEqual([]);
    const mine = ok(await f.get(`/api/v1/cyber/rfqs/${rfq.rfqNo}/questions`, f.u.supplier1)).rows;
    expect(mine.map((r: { mine: string; answer: string | null }) => [r.mine, r.answer])).toEqual([
      ['Y', '아연 도금입니다.'],
      ['Y', null],
    ]);

    // A shared answer: every invited supplier sees the question and answer, timestamped, with no name.
    ok(
      await f.put(`/api/v1/rfq-questions/${second.questionId}/answer`, f.u.operator, {
        version: second.version,
        answer: '본사 자재창고(평택)입니다.',
        shared: 'Y',
      }),
    );
    const theirs = ok(await f.get(`/api/v1/cyber/rfqs/${rfq.rfqNo}`, f.u.supplier2)).questions;
    expect(theirs).toEqual([
      {
        questionKey: expect.stringMatching(/^N\d+$/),
        mine: 'N',
        question: '납품 장소는 어디인가요?',
        askedAt: expect.any(String),
        answer: '본사 자재창고(평택)입니다.',
        answeredAt: expect.any(String),
      },
    ]);
    const raw = JSON.stringify(ok(await f.get(`/api/v1/cyber/rfqs/${rfq.rfqNo}/questions`, f.u.supplier2)));
    for (const identity of ['C00001', '대한정밀', 'supplier1', 'questionId', 'compNo', 'askedBy'])
      expect(raw).not.toContain(identity);
    // The asking company sees its own question once, as its own.
    const own = ok(await f.get(`/api/v1/cyber/rfqs/${rfq.rfqNo}/questions`, f.u.supplier1)).rows;
    expect(own.map((r: { mine: string; question: string }) => [r.mine, r.question])).toEqual([
      ['Y', '도금 사양이 아연인가요, 니켈인가요?'],
      ['Y', '납품 장소는 어디인가요?'],
    ]);
    const audit = await t.db.db
      .selectFrom('auditLog')
      .select('action')
      .where('entity', '=', 'rfq_question')
      .where('entityKey', 'in', [String(first.questionId), String(second.questionId)])
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['ASK', 'ASK', 'ANSWER', 'ANSWER_SHARED']);
  });

  it('refuses a question from a company not invited (404, as a missing request) and after the deadline (409), changing nothing', async () => {
    const rfq = await openRfq(f, ['C00001']);
    refused(
      await f.post(`/api/v1/cyber/rfqs/${rfq.rfqNo}/questions`, f.u.supplier2, { question: '저도 질문합니다' }),
      404,
      'RFQ_NOT_FOUND',
    );
    refused(await f.get(`/api/v1/cyber/rfqs/${rfq.rfqNo}/questions`, f.u.supplier2), 404, 'RFQ_NOT_FOUND');
    refused(
      await f.post('/api/v1/cyber/rfqs/RFQ2099-999999/questions', f.u.supplier1, { question: '?' }),
      404,
      'RFQ_NOT_FOUND',
    );
    await t.db.db
      .updateTable('rfqHeader')
      .set({ deadline: new Date(Date.now() - 60_000) })
      .where('rfqNo', '=', rfq.rfqNo)
      .execute();
    const late = refused(
      await f.post(`/api/v1/cyber/rfqs/${rfq.rfqNo}/questions`, f.u.supplier1, { question: '마감 후 질문' }),
      409,
      'RFQ_CLOSED',
    );
    expect(late.msg).toContain('마감');
    expect(await questionRows(rfq.rfqNo)).toEqual([]);
  });
});
