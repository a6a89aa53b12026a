import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { client, logins, ok, refused, type Flow } from '../purchase/helpers.js';
import { insertFixtures, periodBody, X, Y } from './fixtures.js';

const figures = (
  scores: Array<{
    measure: string | null;
    numerator: string | null;
    denominator: string | null;
    rate: string | null;
    computedScore: string | null;
  }>,
) =>
  Object.fromEntries(
    scores
      .filter((s) => s.measure)
      .map((s) => [
        s.measure,
        [
          Number(s.numerator),
          Number(s.denominator),
          s.rate === null ? null : Number(s.rate),
          s.computedScore === null ? null : Number(s.computedScore),
        ],
      ]),
  );

/** Setup, the six measures over hand-computed transactions, scoring by evaluators, totals, finalize, publish, correct. */
describe('evaluation periods, measures and totals', () => {
  let t: TestApp;
  let f: Flow;
  beforeAll(async () => {
    t = await buildTestApp();
    await insertFixtures(t);
    f = { ...client(t), u: await logins(t, ['tfadmin', 'operator', 'buyer', 'monitor', 'supplier1']) };
  });
  afterAll(() => t.close());

  const count = async (table: 'evaPeriod' | 'evaCriterion' | 'auditLog') =>
    Number(
      (
        await t.db.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('refuses a bad setup with every problem at once, and changes nothing', async () => {
    const before = [await count('evaPeriod'), await count('evaCriterion'), await count('auditLog')];
    const body = periodBody();
    const bad = refused(
      await f.post('/api/v1/evaluation/periods', f.u.tfadmin, {
        ...body,
        endDate: '2030-12-01',
        criteria: [
          { ...body.criteria[0], weight: 50, bands: '95-100' },
          { ...body.criteria[6], evaluators: '' },
        ],
        grades: [...body.grades.slice(0, 3), { grade: 'D', minScore: 10, action: 'BLOCK' }],
      }),
      400,
      'VALIDATION',
    );
    expect(bad.details!.map((d) => d.path)).toEqual([
      'body/endDate',
      'body/criteria/0/bands',
      'body/criteria/1/evaluators',
      'body/criteria',
      'body/grades',
    ]);
    expect(bad.details!.find((d) => d.path === 'body/criteria')!.message).toBe(
      '가중치의 합은 100이어야 합니다 (현재 70)',
    );
    refused(await f.post('/api/v1/evaluation/periods', f.u.operator, body), 403);
    refused(await f.post('/api/v1/evaluation/periods', f.u.monitor, body), 403);
    expect([await count('evaPeriod'), await count('evaCriterion'), await count('auditLog')]).toEqual(before);
  });

  let periodId: number;
  it('creates a period; an overlapping one is refused', async () => {
    const p = ok(await f.post('/api/v1/evaluation/periods', f.u.tfadmin, periodBody()));
    periodId = p.periodId;
    expect(p).toMatchObject({
      status: 'PLANNED',
      weightSum: 100,
      actions: ['update', 'open', 'delete'],
      targetList: `${X},${Y}`,
    });
    expect(p.criteria[0]).toMatchObject({
      category: '납기',
      kind: 'QUANT',
      measure: 'ON_TIME',
      bands: '95:100, 80:80, 60:60, 0:20',
      weight: 20,
    });
    expect(p.criteria[6]).toMatchObject({ kind: 'QUAL', evaluators: 'E000004', evaluatorNames: '김민수' });
    const overlap = refused(
      await f.post(
        '/api/v1/evaluation/periods',
        f.u.tfadmin,
        periodBody({ periodName: '겹침', startDate: '2031-06-01', endDate: '2031-12-31', dueDate: '2032-01-15' }),
      ),
      400,
      'VALIDATION',
    );
    expect(overlap.details![0]).toMatchObject({
      path: 'body/startDate',
      message: expect.stringContaining('2031 상반기 시험평가'),
    });
    // Edit in preparation: stale version 409.
    const edited = ok(
      await f.put(`/api/v1/evaluation/periods/${periodId}`, f.u.tfadmin, {
        ...periodBody({ remark: '시험' }),
        version: p.version,
      }),
    );
    expect(edited.version).toBe(p.version + 1);
    refused(
      await f.put(`/api/v1/evaluation/periods/${periodId}`, f.u.tfadmin, { ...periodBody(), version: p.version }),
      409,
      'VERSION_CONFLICT',
    );
    // Evaluators as rows (the screen's person popup), by the criterion's seq (the 7th criterion: 70); they replace the texts.
    const rows = (evaluatorRows: Array<{ seq: number; singleid: string }>, version: number) => ({
      ...periodBody(),
      criteria: periodBody().criteria.map(({ evaluators: _e, ...c }) => c),
      evaluatorRows,
      version,
    });
    const wrong = refused(
      await f.put(
        `/api/v1/evaluation/periods/${periodId}`,
        f.u.tfadmin,
        rows(
          [
            { seq: 10, singleid: 'E000004' },
            { seq: 99, singleid: 'E000004' },
          ],
          edited.version,
        ),
      ),
      400,
      'VALIDATION',
    );
    expect(wrong.details!.map((d) => d.path)).toEqual([
      'body/criteria/6/evaluators',
      'body/evaluatorRows/0/seq',
      'body/evaluatorRows/1/seq',
    ]);
    const two = ok(
      await f.put(
        `/api/v1/evaluation/periods/${periodId}`,
        f.u.tfadmin,
        rows(
          [
            { seq: 70, singleid: 'E000004' },
            { seq: 70, singleid: 'E000003' },
          ],
          edited.version,
        ),
      ),
    );
    expect(two.criteria[6]).toMatchObject({ evaluators: 'E000003,E000004' });
    expect(two.evaluatorRows).toEqual([
      {
        key: '70:E000003',
        seq: 70,
        criterionName: '협조도',
        singleid: 'E000003',
        hname: expect.any(String),
        deptnm: expect.any(String),
      },
      {
        key: '70:E000004',
        seq: 70,
        criterionName: '협조도',
        singleid: 'E000004',
        hname: '김민수',
        deptnm: expect.any(String),
      },
    ]);
    const back = ok(
      await f.put(
        `/api/v1/evaluation/periods/${periodId}`,
        f.u.tfadmin,
        rows([{ seq: 70, singleid: 'E000004' }], two.version),
      ),
    );
    expect(back.criteria[6]).toMatchObject({ evaluators: 'E000004' });
  });

  it('opens the period: tasks for the evaluator, every measure computed with numerator and denominator', async () => {
    const p = ok(await f.get(`/api/v1/evaluation/periods/${periodId}`, f.u.tfadmin));
    const opened = ok(await f.post(`/api/v1/evaluation/periods/${periodId}/open`, f.u.tfadmin, { version: p.version }));
    expect(opened).toMatchObject({
      status: 'OPEN',
      targetCount: 2,
      taskCount: 2,
      submittedCount: 0,
      actions: ['compute', 'close'],
    });
    refused(
      await f.put(`/api/v1/evaluation/periods/${periodId}`, f.u.tfadmin, { ...periodBody(), version: opened.version }),
      409,
      'INVALID_STATE',
    );

    const mine = ok(await f.get(`/api/v1/evaluation/tasks?periodId=${periodId}`, f.u.operator));
    expect(mine.rows.map((r: { compNo: string }) => r.compNo).sort()).toEqual([X, Y]);
    // tfadmin evaluates nothing here; the buyer has no menu for it.
    expect(ok(await f.get(`/api/v1/evaluation/tasks?periodId=${periodId}`, f.u.tfadmin)).total).toBe(0);
    refused(await f.get('/api/v1/evaluation/tasks', f.u.buyer), 403);

    const taskX = mine.rows.find((r: { compNo: string }) => r.compNo === X);
    const detail = ok(await f.get(`/api/v1/evaluation/tasks/${taskX.taskId}`, f.u.operator));
    expect(detail).toMatchObject({ status: 'PENDING', criteriaCount: 1, actions: ['save', 'submit'] });
    // [numerator, denominator, rate %, band score]
    expect(figures(detail.scores)).toEqual({
      ON_TIME: [2, 3, 66.667, 60],
      QTY_ACCURACY: [29, 35, 82.857, 80],
      QUALITY: [25, 31, 80.645, 80],
      PRICE: [1300, 1500, 86.667, 80],
      DISPUTE: [1, 2, 50, 20],
      RFQ_RESPONSE: [1, 2, 50, 20],
    });
    const taskY = mine.rows.find((r: { compNo: string }) => r.compNo === Y);
    const dy = ok(await f.get(`/api/v1/evaluation/tasks/${taskY.taskId}`, f.u.operator));
    expect(figures(dy.scores)).toEqual({
      ON_TIME: [0, 0, null, null],
      QTY_ACCURACY: [0, 0, null, null],
      QUALITY: [0, 0, null, null],
      PRICE: [1300, 1400, 92.857, 80],
      DISPUTE: [0, 0, null, null],
      RFQ_RESPONSE: [1, 1, 100, 100],
    });
    // Another evaluator's task does not exist for the caller.
    refused(await f.get(`/api/v1/evaluation/tasks/${taskX.taskId}`, f.u.tfadmin), 404, 'EVA_TASK_NOT_FOUND');
  });

  it('an evaluator scores 1–5 with a comment: draft, then submit; bad scores and others are refused', async () => {
    const mine = ok(await f.get(`/api/v1/evaluation/tasks?periodId=${periodId}&compNo=${X}`, f.u.operator));
    const task = ok(await f.get(`/api/v1/evaluation/tasks/${mine.rows[0].taskId}`, f.u.operator));
    const qual = task.scores.find((s: { kind: string }) => s.kind === 'QUAL');
    const bad = refused(
      await f.post(`/api/v1/evaluation/tasks/${task.taskId}/save`, f.u.operator, {
        version: task.version,
        scores: [{ criterionId: qual.criterionId, score: 6 }],
      }),
      400,
      'VALIDATION',
    );
    expect(bad.details![0]).toMatchObject({
      path: 'body/scores/0/score',
      message: '점수는 1~5 사이의 정수로 입력하세요',
    });
    refused(
      await f.post(`/api/v1/evaluation/tasks/${task.taskId}/submit`, f.u.operator, {
        version: task.version,
        scores: [],
      }),
      400,
      'VALIDATION',
    );
    refused(
      await f.post(`/api/v1/evaluation/tasks/${task.taskId}/save`, f.u.tfadmin, {
        version: task.version,
        scores: [{ criterionId: qual.criterionId, score: 4 }],
      }),
      404,
    );
    const draft = ok(
      await f.post(`/api/v1/evaluation/tasks/${task.taskId}/save`, f.u.operator, {
        version: task.version,
        scores: [{ criterionId: qual.criterionId, score: 3, comment: '보통' }],
      }),
    );
    expect(draft).toMatchObject({ status: 'DRAFT', scoredCount: 1, averageScore: 3 });
    refused(
      await f.post(`/api/v1/evaluation/tasks/${task.taskId}/save`, f.u.operator, { version: task.version, scores: [] }),
      409,
      'VERSION_CONFLICT',
    );
    const sent = ok(
      await f.post(`/api/v1/evaluation/tasks/${task.taskId}/submit`, f.u.operator, {
        version: draft.version,
        scores: [{ criterionId: qual.criterionId, score: 4, comment: '요청에 빠르게 대응함' }],
      }),
    );
    expect(sent).toMatchObject({ status: 'SUBMITTED', actions: [] });
    refused(
      await f.post(`/api/v1/evaluation/tasks/${task.taskId}/save`, f.u.operator, { version: sent.version, scores: [] }),
      409,
      'INVALID_STATE',
    );
    // Results (read only) show every evaluator's work.
    const results = ok(await f.get(`/api/v1/evaluation/results?periodId=${periodId}&status=SUBMITTED`, f.u.monitor));
    expect(results.rows).toEqual([expect.objectContaining({ compNo: X, evaluatorName: '김민수', averageScore: 4 })]);
  });

  it('closes the period; totals are weighted, graded and ranked, with the lines that explain them', async () => {
    const p = ok(await f.get(`/api/v1/evaluation/periods/${periodId}`, f.u.tfadmin));
    ok(await f.post(`/api/v1/evaluation/periods/${periodId}/close`, f.u.tfadmin, { version: p.version }));
    const totals = ok(await f.get(`/api/v1/evaluation/totals?periodId=${periodId}`, f.u.tfadmin));
    // X: (60×20 + 80×15 + 80×15 + 80×15 + 20×10 + 20×5 + 80×20) / 100 = 67; Y: (80×15 + 100×5) / 20 = 85 (criteria without data drop out).
    expect(
      totals.rows.map((r: Record<string, unknown>) => [
        r.compNo,
        r.computedScore,
        r.totalScore,
        r.grade,
        r.gradeAction,
        r.rankNo,
        r.status,
      ]),
    ).toEqual([
      [Y, '85.00', '85.00', 'B', 'NONE', 1, 'DRAFT'],
      [X, '67.00', '67.00', 'C', 'WARN', 2, 'DRAFT'],
    ]);
    const x = ok(await f.get(`/api/v1/evaluation/totals/${totals.rows[1].totalId}`, f.u.tfadmin));
    expect(x.actions).toEqual(['adjust', 'finalize']);
    expect(x.lines.map((l: Record<string, string | null>) => [l.name, l.score, l.effectiveWeight, l.weighted])).toEqual(
      [
        ['납기 준수율', '60.00', '20.0000', '12.000'],
        ['수량 정확도', '80.00', '15.0000', '12.000'],
        ['입고 합격률', '80.00', '15.0000', '12.000'],
        ['가격 경쟁력', '80.00', '15.0000', '12.000'],
        ['정산 분쟁', '20.00', '10.0000', '2.000'],
        ['견적 응답률', '20.00', '5.0000', '1.000'],
        ['협조도', '80.00', '20.0000', '16.000'],
      ],
    );
    expect(x.lines[6]).toMatchObject({ answers: 1, comments: '요청에 빠르게 대응함' });
  });

  it('adjusts with a reason, finalizes (immutable), publishes explicitly, corrects as a new revision', async () => {
    const list = ok(await f.get(`/api/v1/evaluation/totals?periodId=${periodId}&compNo=${X}`, f.u.tfadmin));
    let x = ok(await f.get(`/api/v1/evaluation/totals/${list.rows[0].totalId}`, f.u.tfadmin));
    refused(
      await f.post(`/api/v1/evaluation/totals/${x.totalId}/adjust`, f.u.tfadmin, {
        version: x.version,
        adjustment: 5,
        reason: ' ',
      }),
      400,
      'VALIDATION',
    );
    refused(
      await f.post(`/api/v1/evaluation/totals/${x.totalId}/publish`, f.u.tfadmin, { version: x.version }),
      409,
      'INVALID_STATE',
    );
    refused(
      await f.post(`/api/v1/evaluation/totals/${x.totalId}/adjust`, f.u.operator, {
        version: x.version,
        adjustment: 5,
        reason: '현장 점검',
      }),
      403,
    );
    x = ok(
      await f.post(`/api/v1/evaluation/totals/${x.totalId}/adjust`, f.u.tfadmin, {
        version: x.version,
        adjustment: -10,
        reason: '품질 사고 반영',
      }),
    );
    expect(x).toMatchObject({
      computedScore: '67.00',
      adjustment: '-10.00',
      totalScore: '57.00',
      grade: 'D',
      gradeAction: 'BLOCK',
      adjustReason: '품질 사고 반영',
    });
    x = ok(await f.post(`/api/v1/evaluation/totals/${x.totalId}/finalize`, f.u.tfadmin, { version: x.version }));
    expect(x).toMatchObject({ status: 'FINAL', rankNo: 2, published: 'N', actions: ['publish', 'correct'] });
    refused(
      await f.post(`/api/v1/evaluation/totals/${x.totalId}/adjust`, f.u.tfadmin, {
        version: x.version,
        adjustment: 5,
        reason: '변경',
      }),
      409,
      'INVALID_STATE',
    );
    // Recomputing the period keeps the finalized total as it is.
    const p = ok(await f.get(`/api/v1/evaluation/periods/${periodId}`, f.u.tfadmin));
    ok(await f.post(`/api/v1/evaluation/periods/${periodId}/compute`, f.u.tfadmin, { version: p.version }));
    expect(ok(await f.get(`/api/v1/evaluation/totals/${x.totalId}`, f.u.tfadmin))).toMatchObject({
      totalScore: '57.00',
      version: x.version,
      status: 'FINAL',
    });
    // The supplier sees nothing before publication.
    x = ok(await f.post(`/api/v1/evaluation/totals/${x.totalId}/publish`, f.u.tfadmin, { version: x.version }));
    expect(x).toMatchObject({ published: 'Y', actions: ['correct'] });
    refused(
      await f.post(`/api/v1/evaluation/totals/${x.totalId}/publish`, f.u.tfadmin, { version: x.version }),
      409,
      'EVA_ALREADY_PUBLISHED',
    );
    refused(
      await f.post(`/api/v1/evaluation/totals/${x.totalId}/correct`, f.u.tfadmin, { version: x.version, reason: '' }),
      400,
      'VALIDATION',
    );
    const corrected = ok(
      await f.post(`/api/v1/evaluation/totals/${x.totalId}/correct`, f.u.tfadmin, {
        version: x.version,
        reason: '품질 사고 재조사 결과 반영',
      }),
    );
    expect(corrected).toMatchObject({
      revision: 2,
      status: 'DRAFT',
      correctionReason: '품질 사고 재조사 결과 반영',
      totalScore: '57.00',
      published: 'N',
    });
    expect(corrected.revisions.map((r: { revision: number; status: string }) => [r.revision, r.status])).toEqual([
      [1, 'SUPERSEDED'],
      [2, 'DRAFT'],
    ]);
    expect(ok(await f.get(`/api/v1/evaluation/totals/${x.totalId}`, f.u.tfadmin))).toMatchObject({
      status: 'SUPERSEDED',
      totalScore: '57.00',
      actions: [],
    });
    // The list shows the current revision only.
    expect(
      ok(await f.get(`/api/v1/evaluation/totals?periodId=${periodId}&compNo=${X}`, f.u.tfadmin)).rows.map(
        (r: { totalId: number }) => r.totalId,
      ),
    ).toEqual([corrected.totalId]);
  });

  it('the period job opens a prepared period on its start date and closes one past its due date', async () => {
    const { evaluationJobs } = await import('../../../server/modules/evaluation/jobs.js');
    const job = evaluationJobs.find((j) => j.name === 'evaluation.periodTransitions')!;
    const p = ok(
      await f.post(
        '/api/v1/evaluation/periods',
        f.u.tfadmin,
        periodBody({ periodName: '2032 시험', startDate: '2032-01-01', endDate: '2032-06-30', dueDate: '2032-07-15' }),
      ),
    );
    const ctx = { db: t.db.db, log: t.app.log, config: t.config };
    expect((await job.run({ ...ctx, now: new Date('2031-12-31T00:00:00Z') }))!.opened).toEqual([]);
    expect((await job.run({ ...ctx, now: new Date('2032-01-01T00:00:00Z') }))!.opened).toEqual([p.periodId]);
    expect(await job.run({ ...ctx, now: new Date('2032-01-02T00:00:00Z') })).toEqual({
      opened: [],
      closed: [],
      skipped: [],
    }); // idempotent
    expect((await job.run({ ...ctx, now: new Date('2032-07-16T00:00:00Z') }))!.closed).toContain(p.periodId);
    expect(ok(await f.get(`/api/v1/evaluation/periods/${p.periodId}`, f.u.tfadmin))).toMatchObject({
      status: 'CLOSED',
      targetCount: 2,
      taskCount: 2,
    });
  });
});
