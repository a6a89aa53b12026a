import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { client, day, logins, ok, receivedPr, refused, type Flow } from '../purchase/helpers.js';

/** The demo evaluation, the supplier's view (isolation by URL and id), and grades steering sourcing. */
describe('seeded evaluation, supplier isolation and sourcing eligibility', () => {
  let t: TestApp;
  let f: Flow;
  beforeAll(async () => {
    t = await buildTestApp();
    f = {
      ...client(t),
      u: await logins(t, ['tfadmin', 'operator', 'buyer', 'uadmin1', 'opadmin', 'monitor', 'supplier1', 'supplier2']),
    };
  });
  afterAll(() => t.close());

  it('seeds two finished periods and one in progress, grades in every band, one supplier blocked', async () => {
    const periods = ok(await f.get('/api/v1/evaluation/periods', f.u.monitor));
    expect(periods.rows.map((p: { periodName: string; status: string }) => [p.periodName, p.status])).toEqual([
      ['2026년 하반기 협력사 평가', 'OPEN'],
      ['2026년 상반기 협력사 평가', 'CLOSED'],
      ['2025년 하반기 협력사 평가', 'CLOSED'],
    ]);
    const [, p2] = periods.rows;
    expect(p2).toMatchObject({ weightSum: 100, finalCount: p2.targetCount, publishedCount: p2.targetCount - 1 });
    for (const grade of ['A', 'B', 'C', 'D'])
      expect(
        ok(await f.get(`/api/v1/evaluation/totals?periodId=${p2.periodId}&grade=${grade}`, f.u.monitor)).total,
        grade,
      ).toBeGreaterThan(0);
    const blocked = ok(await f.get(`/api/v1/evaluation/totals?periodId=${p2.periodId}&compNo=C00118`, f.u.monitor))
      .rows[0];
    expect(blocked).toMatchObject({ grade: 'D', gradeAction: 'BLOCK', status: 'FINAL' });
    const c1 = ok(await f.get(`/api/v1/evaluation/totals?periodId=${p2.periodId}&compNo=C00001`, f.u.monitor)).rows[0];
    expect(c1).toMatchObject({ grade: 'A', published: 'Y' });
    expect(c1.prevScore).not.toBeNull();
    // The period in progress has drafts and submissions.
    const results = ok(
      await f.get(`/api/v1/evaluation/results?periodId=${periods.rows[0].periodId}&size=500`, f.u.monitor),
    );
    expect(new Set(results.rows.map((r: { status: string }) => r.status))).toEqual(
      new Set(['PENDING', 'DRAFT', 'SUBMITTED']),
    );
  });

  it('without a period, totals come period by period (newest first), ranked within each', async () => {
    const all = ok(await f.get('/api/v1/evaluation/totals?size=500', f.u.monitor));
    const periods = ok(await f.get('/api/v1/evaluation/periods', f.u.monitor)).rows.map(
      (p: { periodId: number }) => p.periodId,
    );
    const seen = all.rows.map((r: { periodId: number }) => r.periodId);
    // Each period's rows are together (one run per period), in the periods' newest-first order.
    const runs = seen.filter((id: number, i: number) => i === 0 || seen[i - 1] !== id);
    expect(runs).toEqual(periods.filter((id: number) => seen.includes(id)));
    expect(new Set(seen).size).toBeGreaterThan(1);
    for (const id of new Set(seen)) {
      const ranks = all.rows
        .filter((r: { periodId: number }) => r.periodId === id)
        .map((r: { rankNo: number }) => r.rankNo);
      expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    }
  });

  it('a supplier sees only its own published results; another’s or an unpublished id answers 404', async () => {
    const mine = ok(await f.get('/api/v1/cyber/evaluation/totals', f.u.supplier1));
    expect(mine.rows.map((r: { periodName: string }) => r.periodName)).toEqual([
      '2026년 상반기 협력사 평가',
      '2025년 하반기 협력사 평가',
    ]);
    const view = ok(await f.get(`/api/v1/cyber/evaluation/totals/${mine.rows[0].totalId}`, f.u.supplier1));
    expect(view).toMatchObject({ compNo: 'C00001', grade: 'A', lines: expect.any(Array) });
    expect(view.lines).toHaveLength(8);
    // supplier2: only its 2025 result (the 2026 one is not published).
    const theirs = ok(await f.get('/api/v1/cyber/evaluation/totals', f.u.supplier2));
    expect(theirs.rows.map((r: { periodName: string }) => r.periodName)).toEqual(['2025년 하반기 협력사 평가']);
    refused(
      await f.get(`/api/v1/cyber/evaluation/totals/${mine.rows[0].totalId}`, f.u.supplier2),
      404,
      'EVA_TOTAL_NOT_FOUND',
    );
    const unpublished = ok(await f.get('/api/v1/evaluation/totals?compNo=C00002&published=N&status=FINAL', f.u.monitor))
      .rows[0];
    refused(
      await f.get(`/api/v1/cyber/evaluation/totals/${unpublished.totalId}`, f.u.supplier2),
      404,
      'EVA_TOTAL_NOT_FOUND',
    );
    // Internal operations are not open to suppliers, nor the supplier's to staff.
    refused(await f.get('/api/v1/evaluation/totals', f.u.supplier1), 403);
    refused(await f.get('/api/v1/cyber/evaluation/totals', f.u.tfadmin), 403);
  });

  it('a supplier graded "block" cannot be invited; "warn" needs a confirmation that is recorded', async () => {
    // The supplier popup shows each candidate's standing, so the buyer sees it before inviting.
    const standing = async (q: string) => ok(await f.get(`/api/v1/rfqs/suppliers?q=${q}`, f.u.operator)).rows[0];
    expect(await standing('C00118')).toMatchObject({
      compNo: 'C00118',
      grade: 'D',
      gradeAction: 'BLOCK',
      gradePeriod: '2026년 상반기 협력사 평가',
    });
    expect(await standing('C00117')).toMatchObject({ compNo: 'C00117', grade: 'C', gradeAction: 'WARN' });
    expect(await standing('C00001')).toMatchObject({ compNo: 'C00001', grade: 'A', gradeAction: 'NONE' });
    const pr = await receivedPr(f);
    const body = { prNo: pr.prNo, prVersion: pr.version, deadline: day(7) };
    const blocked = refused(
      await f.post('/api/v1/rfqs', f.u.operator, { ...body, suppliers: ['C00001', 'C00118'] }),
      409,
      'EVAL_BLOCKED',
    );
    expect(blocked.msg).toContain('C00118');
    expect(blocked.msg).toContain('2026년 상반기 협력사 평가 D등급');
    const warned = refused(
      await f.post('/api/v1/rfqs', f.u.operator, { ...body, suppliers: ['C00001', 'C00117'] }),
      409,
      'EVAL_WARN_CONFIRM',
    );
    expect(warned.msg).toContain('C등급');
    expect(ok(await f.get(`/api/v1/prs/${pr.prNo}`, f.u.operator)).status).toBe('RECEIVED');
    const rfq = ok(
      await f.post('/api/v1/rfqs', f.u.operator, {
        ...body,
        suppliers: ['C00001', 'C00117'],
        confirmEvaluationWarning: true,
      }),
    );
    const confirms = await t.db.db.selectFrom('evaWarnConfirm').selectAll().where('docNo', '=', rfq.rfqNo).execute();
    expect(confirms).toEqual([
      expect.objectContaining({ compNo: 'C00117', grade: 'C', docType: 'RFQ', confirmedBy: 'operator' }),
    ]);
  });

  it('a simple order’s supplier changed to a blocked one is refused, to a warned one asks for confirmation; unchanged is not asked again', async () => {
    const order = (compNo: string, extra: Record<string, unknown> = {}) => ({
      compNo,
      title: '평가 등급 소액발주',
      currency: 'KRW',
      dueDate: day(10),
      lines: [{ itemName: '명함 인쇄', unitCode: 'BOX', quantity: '2', unitPrice: '15000' }],
      ...extra,
    });
    refused(await f.post('/api/v1/simple-orders', f.u.operator, order('C00118')), 409, 'EVAL_BLOCKED');
    const created = ok(await f.post('/api/v1/simple-orders', f.u.operator, order('C00001')));
    const blocked = refused(
      await f.put(`/api/v1/simple-orders/${created.poNo}`, f.u.operator, order('C00118', { version: created.version })),
      409,
      'EVAL_BLOCKED',
    );
    expect(blocked.msg).toContain('2026년 상반기 협력사 평가 D등급');
    const warned = refused(
      await f.put(`/api/v1/simple-orders/${created.poNo}`, f.u.operator, order('C00117', { version: created.version })),
      409,
      'EVAL_WARN_CONFIRM',
    );
    expect(warned.msg).toContain('C00117');
    // Nothing changed by the refusals.
    expect(ok(await f.get(`/api/v1/simple-orders/${created.poNo}`, f.u.operator))).toMatchObject({
      compNo: 'C00001',
      version: created.version,
    });
    const changed = ok(
      await f.put(
        `/api/v1/simple-orders/${created.poNo}`,
        f.u.operator,
        order('C00117', { version: created.version, confirmEvaluationWarning: true }),
      ),
    );
    expect(changed).toMatchObject({ compNo: 'C00117', version: created.version + 1 });
    const confirms = await t.db.db.selectFrom('evaWarnConfirm').selectAll().where('docNo', '=', created.poNo).execute();
    expect(confirms).toEqual([
      expect.objectContaining({ compNo: 'C00117', grade: 'C', docType: 'SIMPLE', confirmedBy: 'operator' }),
    ]);
    // The same (warned) supplier kept: another edit is not asked to confirm again.
    ok(
      await f.put(
        `/api/v1/simple-orders/${created.poNo}`,
        f.u.operator,
        order('C00117', { version: changed.version, title: '제목 변경' }),
      ),
    );
  });

  it('surveys: the supplier answers its own, once, 1–5; others cannot see or answer it', async () => {
    const list = ok(await f.get('/api/v1/cyber/surveys', f.u.supplier1));
    const open = list.rows.find((r: { surveyStatus: string }) => r.surveyStatus === 'OPEN');
    expect(open).toMatchObject({ status: 'REQUESTED' });
    const s = ok(await f.get(`/api/v1/cyber/surveys/${open.surveyId}`, f.u.supplier1));
    expect(s.actions).toEqual(['answer']);
    const bad = refused(
      await f.post(`/api/v1/cyber/surveys/${open.surveyId}/answer`, f.u.supplier1, {
        version: s.version,
        answers: [{ qNo: 1, score: 7 }],
      }),
      400,
      'VALIDATION',
    );
    expect(bad.details![0].path).toBe('body/answers/0/score');
    const answered = ok(
      await f.post(`/api/v1/cyber/surveys/${open.surveyId}/answer`, f.u.supplier1, {
        version: s.version,
        comment: '좋습니다',
        answers: s.answers.map((a: { qNo: number }) => ({ qNo: a.qNo, score: 4 })),
      }),
    );
    expect(answered).toMatchObject({ status: 'SUBMITTED', actions: [] });
    refused(
      await f.post(`/api/v1/cyber/surveys/${open.surveyId}/answer`, f.u.supplier1, {
        version: answered.version,
        answers: [{ qNo: 1, score: 4 }],
      }),
      409,
    );
    const detail = ok(await f.get(`/api/v1/evaluation/surveys/${open.surveyId}`, f.u.monitor));
    expect(detail.responses.find((r: { compNo: string }) => r.compNo === 'C00001')).toMatchObject({
      status: 'SUBMITTED',
      averageScore: 4,
    });
    // supplier2 answered already; a survey it was not asked does not exist for it.
    const mine2 = ok(await f.get('/api/v1/cyber/surveys', f.u.supplier2));
    const closed = ok(await f.get('/api/v1/evaluation/surveys?status=CLOSED', f.u.monitor)).rows[0];
    expect(mine2.rows.map((r: { surveyId: number }) => r.surveyId).sort()).toEqual(
      [open.surveyId, closed.surveyId].sort(),
    );
    const created = ok(
      await f.post('/api/v1/evaluation/surveys', f.u.tfadmin, {
        title: '시험 설문',
        startDate: day(0),
        endDate: day(10),
        questions: [{ text: '만족하십니까?' }],
        suppliers: 'C00001',
      }),
    );
    ok(await f.post(`/api/v1/evaluation/surveys/${created.surveyId}/open`, f.u.tfadmin, { version: created.version }));
    refused(await f.get(`/api/v1/cyber/surveys/${created.surveyId}`, f.u.supplier2), 404, 'SURVEY_NOT_FOUND');
    refused(
      await f.post(`/api/v1/cyber/surveys/${created.surveyId}/answer`, f.u.supplier2, {
        version: 1,
        answers: [{ qNo: 1, score: 3 }],
      }),
      404,
    );
  });

  it('contract suppliers show their terms and evaluation standing', async () => {
    const list = ok(await f.get('/api/v1/evaluation/contracts?contractYear=2026', f.u.monitor));
    expect(list.total).toBe(7);
    const c118 = list.rows.find((r: { compNo: string }) => r.compNo === 'C00118');
    expect(c118).toMatchObject({
      status: 'TERMINATED',
      grade: 'D',
      gradeAction: 'BLOCK',
      gradePeriod: '2026년 상반기 협력사 평가',
    });
    const created = ok(
      await f.post('/api/v1/evaluation/contracts', f.u.tfadmin, {
        compNo: 'C00001',
        contractYear: 2027,
        title: '2027년 연간 계약',
        startDate: '2027-01-01',
        endDate: '2027-12-31',
        paymentTerms: '월말 마감 익월 말',
      }),
    );
    expect(created.contractNo).toMatch(/^CT\d{4}-\d{6}$/);
    expect(created.history.length).toBeGreaterThan(0);
    refused(
      await f.put(`/api/v1/evaluation/contracts/${created.contractNo}`, f.u.tfadmin, {
        compNo: 'C00001',
        contractYear: 2027,
        title: 'x',
        startDate: '2027-01-01',
        endDate: '2026-12-31',
        paymentTerms: 'x',
        version: created.version,
      }),
      400,
      'VALIDATION',
    );
    refused(
      await f.post('/api/v1/evaluation/contracts', f.u.operator, {
        compNo: 'C00010',
        contractYear: 2027,
        title: 'x',
        startDate: '2027-01-01',
        endDate: '2027-12-31',
        paymentTerms: 'x',
      }),
      403,
    );
  });
});
