import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { approveAll, businessDay, client, logins, ok, refused, type Who } from './helpers.js';

const DAY = 86_400_000;

/**
 * 납품대금 조정협의 (상생협력법 §22의2, 하도급법 §16의2; docs/subcontracting.md "납품대금 조정협의"): a supplier asks on
 * its own active 하도급 agreement (another company's is 404, a second open request 409), the agreement's buyer or a
 * purchasing manager starts talks and records the outcome (403 for others, 409 on a stale version or a step the
 * state does not allow), and the compliance view names a request from day 11 without talks and from day 31 without
 * an outcome — walked day by day on the business clock, with the same counts on /metrics.
 */
describe('납품대금 조정협의', { timeout: 120_000 }, () => {
  let t: TestApp;
  let f: ReturnType<typeof client>;
  let u: Record<string, Who>;
  beforeAll(async () => {
    t = await buildTestApp();
    f = client(t);
    u = await logins(t, ['tfadmin', 'operator', 'opadmin', 'uadmin1', 'monitor', 'supplier1', 'supplier2']);
    // C00001's agreements are 제조위탁 하도급; C00002 stays outside the Act.
    ok(
      await f.post('/api/v1/subcon/rules', u.tfadmin, {
        matchKind: 'COMP_NO',
        matchValue: 'C00001',
        subconKind: 'MANUFACTURE',
      }),
    );
  });
  afterAll(() => t.close());

  const day = (days: number) => businessDay(t, days);

  /** An approved agreement of `compNo` written by operator (its buyer), valid 90 days; a 하도급 one with a 미연동 answer. */
  async function activeAgreement(compNo = 'C00001') {
    const buyer = u.operator;
    let a = ok(
      await f.post('/api/v1/agreements', buyer, {
        compNo,
        title: '조정협의 시험 단가계약',
        currency: 'KRW',
        validFrom: day(0),
        validTo: day(90),
        ceilingAmount: null,
        lines: [{ itemCode: 'MRO0101-0001', unitPrice: '1000', agreedQty: '100' }],
      }),
    );
    if (a.subconKind)
      a = ok(
        await f.put(`/api/v1/agreements/${a.agreementNo}/linkage`, buyer, {
          version: a.version,
          linkageKind: 'NOT_LINKED',
          linkageExceptionType: 'AGREED_NONE',
          linkageReason: '양사 합의',
        }),
      );
    const submitted = ok(await f.post(`/api/v1/agreements/${a.agreementNo}/submit`, buyer, { version: a.version }));
    await approveAll(f, u, submitted.approvals.at(-1));
    const active = ok(await f.get(`/api/v1/agreements/${a.agreementNo}`, buyer));
    expect(active.status).toBe('ACTIVE');
    return active as { agreementNo: string; version: number };
  }

  const body = (agreementNo: string, overrides: Record<string, unknown> = {}) => ({
    agreementNo,
    reason: '철강 원자재 가격 상승',
    requestedChange: '단가 5% 인상',
    requestedPct: '5',
    costBasis: '열연강판 구입가 톤당 90만원 → 99만원 (10% 상승), 재료비 비중 50%',
    ...overrides,
  });
  const request = (agreementNo: string, who = u.supplier1, overrides: Record<string, unknown> = {}) =>
    f.post('/api/v1/cyber/price-coordinations', who, body(agreementNo, overrides));
  const step = (
    c: { coordinationNo: string; version: number },
    name: 'start-talks' | 'agree' | 'fail',
    who: Who,
    extra: Record<string, unknown> = {},
  ) => f.post(`/api/v1/price-coordinations/${c.coordinationNo}/${name}`, who, { version: c.version, ...extra });
  const audits = (key: string) =>
    t.db.db
      .selectFrom('auditLog')
      .select('action')
      .where('entity', '=', 'price_coordination')
      .where('entityKey', '=', key)
      .orderBy('id')
      .execute();

  it('a supplier asks on its own active 하도급 agreement: fields checked, another company’s 404, one open at a time', async () => {
    const a = await activeAgreement();
    const bad = refused(
      await request(a.agreementNo, u.supplier1, {
        reason: ' ',
        requestedChange: '',
        costBasis: '',
        requestedPct: '-1',
      }),
      400,
      'VALIDATION',
    );
    expect(bad.details!.map((d) => d.path)).toEqual([
      'body/reason',
      'body/requestedChange',
      'body/costBasis',
      'body/requestedPct',
    ]);
    expect(bad.details!.map((d) => d.message)).toEqual([
      '조정 요청 사유를 입력하세요',
      '요청 조정 내용을 입력하세요',
      '공급원가 변동 근거를 입력하세요',
      '요청 조정률은 0보다 커야 합니다',
    ]);
    refused(await request(a.agreementNo, u.supplier2), 404, 'AGREEMENT_NOT_FOUND');
    refused(await request(a.agreementNo, u.operator), 403);

    const c = ok(await request(a.agreementNo));
    expect(c).toMatchObject({
      agreementNo: a.agreementNo,
      compNo: 'C00001',
      subconKind: 'MANUFACTURE',
      status: 'REQUESTED',
      requestedPct: '5.000',
      requestedAmount: null,
      requestedOn: day(0),
      talksDue: day(10),
      agreementDue: day(30),
      talksLateDays: null,
      agreementLateDays: null,
      talksStartedOn: null,
      version: 1,
    });
    expect(c.coordinationNo).toMatch(/^PC\d{4}-\d{6}$/);
    const again = refused(await request(a.agreementNo), 409, 'COORDINATION_OPEN');
    expect(again.msg).toBe(`이 단가계약에는 진행 중인 납품대금 조정협의(${c.coordinationNo})가 있습니다`);

    // Its supplier and the buyer's side read it; another supplier reads nothing of it.
    const mine = ok(await f.get(`/api/v1/cyber/price-coordinations?agreementNo=${a.agreementNo}`, u.supplier1));
    expect(mine.rows.map((r: { coordinationNo: string }) => r.coordinationNo)).toEqual([c.coordinationNo]);
    const theirs = ok(await f.get('/api/v1/cyber/price-coordinations?size=500', u.supplier2));
    expect(theirs.rows.filter((r: { compNo: string }) => r.compNo !== 'C00002')).toEqual([]);
    const staff = ok(await f.get(`/api/v1/price-coordinations?coordinationNo=${c.coordinationNo}`, u.operator));
    expect(staff).toMatchObject({ total: 1, rows: [{ coordinationNo: c.coordinationNo, buyerName: '김민수' }] });
    refused(await f.get('/api/v1/price-coordinations', u.supplier1), 403);
    expect((await audits(c.coordinationNo)).map((r) => r.action)).toEqual(['REQUEST']);
  });

  it('refuses an agreement outside the Act (409), one its supplier does not see (404) and an expired one (409)', async () => {
    const plain = await activeAgreement('C00002');
    const outside = refused(await request(plain.agreementNo, u.supplier2), 409, 'SUBCON_NOT_APPLICABLE');
    expect(outside.msg).toBe(
      '하도급 단가계약에만 납품대금 조정협의를 요청할 수 있습니다 (상생협력법 제22조의2, 하도급법 제16조의2)',
    );
    const draft = ok(
      await f.post('/api/v1/agreements', u.operator, {
        compNo: 'C00001',
        title: '작성 중 단가계약',
        currency: 'KRW',
        validFrom: day(0),
        validTo: day(30),
        ceilingAmount: null,
        lines: [{ itemCode: 'MRO0101-0001', unitPrice: '1000', agreedQty: '10' }],
      }),
    );
    refused(await request(draft.agreementNo), 404, 'AGREEMENT_NOT_FOUND');
    // Past its last day by the business clock, an agreement still stored ACTIVE is expired.
    const ended = await activeAgreement();
    await t.db.db
      .updateTable('agreement')
      .set({ validFrom: day(-30), validTo: day(-1) })
      .where('agreementNo', '=', ended.agreementNo)
      .execute();
    const expired = refused(await request(ended.agreementNo), 409, 'INVALID_STATE');
    expect(expired.msg).toBe('유효한 단가계약에만 납품대금 조정협의를 요청할 수 있습니다(만료)');
  });

  it('the buyer’s side: only its buyer or a purchasing manager, version- and state-checked; the supplier withdraws its own', async () => {
    // Its buyer handed over to tfadmin: operator, who may write on the menu, is no longer its buyer.
    const a = await activeAgreement();
    await t.db.db
      .updateTable('agreement')
      .set({ buyerId: 'E000003' })
      .where('agreementNo', '=', a.agreementNo)
      .execute();
    let c = ok(await request(a.agreementNo));
    const notBuyer = refused(await step(c, 'start-talks', u.operator), 403, 'NOT_ALLOWED');
    expect(notBuyer.msg).toBe('단가계약의 담당 구매자 또는 구매 관리자만 납품대금 조정협의를 처리할 수 있습니다');
    refused(await step(c, 'start-talks', u.monitor), 403);
    refused(await step(c, 'start-talks', u.supplier1), 403);
    const early = refused(await step(c, 'agree', u.tfadmin, { outcome: '3% 인상' }), 409, 'INVALID_STATE');
    expect(early.msg).toBe('요청 상태의 납품대금 조정협의는 합의 처리할 수 없습니다');
    refused(await step({ ...c, version: 2 }, 'start-talks', u.tfadmin), 409, 'VERSION_CONFLICT');
    const future = refused(await step(c, 'start-talks', u.tfadmin, { talksStartedOn: day(1) }), 400, 'VALIDATION');
    expect(future.msg).toBe('협의 개시일은 오늘 이후일 수 없습니다');
    const before = refused(await step(c, 'start-talks', u.tfadmin, { talksStartedOn: day(-1) }), 400, 'VALIDATION');
    expect(before.msg).toBe(`협의 개시일은 조정 요청일(${day(0)}) 이후여야 합니다`);

    c = ok(await step(c, 'start-talks', u.tfadmin));
    expect(c).toMatchObject({ status: 'TALKS_STARTED', talksStartedOn: day(0), version: 2 });
    refused(await step(c, 'start-talks', u.tfadmin), 409, 'INVALID_STATE');
    const blank = refused(await step(c, 'agree', u.tfadmin, { outcome: ' ' }), 400, 'VALIDATION');
    expect(blank.msg).toBe('합의 내용을 입력하세요');
    c = ok(await step(c, 'agree', u.tfadmin, { outcome: '4월 1일부터 단가 3% 인상' }));
    expect(c).toMatchObject({ status: 'AGREED', outcome: '4월 1일부터 단가 3% 인상', agreedOn: day(0), version: 3 });
    refused(await step(c, 'fail', u.tfadmin, { reason: '결렬' }), 409, 'INVALID_STATE');
    const closed = `/api/v1/cyber/price-coordinations/${c.coordinationNo}/withdraw`;
    refused(await f.post(closed, u.supplier1, { version: c.version }), 409, 'INVALID_STATE');
    expect((await audits(c.coordinationNo)).map((r) => r.action)).toEqual(['REQUEST', 'TALKS_STARTED', 'AGREED']);

    // Closed, the agreement takes a new request; its supplier withdraws it, another supplier cannot see it.
    let next = ok(await request(a.agreementNo));
    const withdraw = (who: Who, version: number) =>
      f.post(`/api/v1/cyber/price-coordinations/${next.coordinationNo}/withdraw`, who, { version });
    refused(await withdraw(u.supplier2, next.version), 404, 'COORDINATION_NOT_FOUND');
    refused(await withdraw(u.operator, next.version), 403);
    refused(await withdraw(u.supplier1, next.version + 1), 409, 'VERSION_CONFLICT');
    next = ok(await withdraw(u.supplier1, next.version));
    expect(next).toMatchObject({ status: 'WITHDRAWN', withdrawnOn: day(0) });

    // 결렬 before talks started (a buyer silent past day 10 leaves 분쟁조정 open), by a purchasing manager.
    const third = ok(await request(a.agreementNo));
    const noReason = refused(await step(third, 'fail', u.opadmin, { reason: '' }), 400, 'VALIDATION');
    expect(noReason.msg).toBe('결렬 사유를 입력하세요');
    const failed = ok(await step(third, 'fail', u.opadmin, { reason: '인상률 이견, 분쟁조정 신청' }));
    expect(failed).toMatchObject({ status: 'FAILED', failReason: '인상률 이견, 분쟁조정 신청', failedOn: day(0) });
    refused(
      await f.post(`/api/v1/price-coordinations/PC2000-999999/start-talks`, u.tfadmin, { version: 1 }),
      404,
      'COORDINATION_NOT_FOUND',
    );
  });

  it('the compliance view: no talks by day 10 is a finding from day 11, no outcome by day 30 from day 31; /metrics counts them', async () => {
    const silent = ok(await request((await activeAgreement()).agreementNo));
    const talking = ok(await step(ok(await request((await activeAgreement()).agreementNo)), 'start-talks', u.operator));
    const requestedOn = day(0);
    const plus = (n: number) => new Date(Date.parse(`${requestedOn}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
    const findings = async () => {
      const all = ok(await f.get('/api/v1/subcon/compliance?size=500', u.operator));
      return all.rows
        .filter((r: { coordinationNo: string | null }) =>
          [silent.coordinationNo, talking.coordinationNo].includes(r.coordinationNo),
        )
        .map((r: { kind: string; coordinationNo: string; dueDate: string; daysPast: number; agreementNo: string }) => ({
          kind: r.kind,
          who: r.coordinationNo === silent.coordinationNo ? 'silent' : 'talking',
          dueDate: r.dueDate,
          daysPast: r.daysPast,
          agreementNo: r.agreementNo,
        }))
        .sort((x: { who: string; kind: string }, y: { who: string; kind: string }) =>
          `${x.who}${x.kind}`.localeCompare(`${y.who}${y.kind}`),
        );
    };
    const kinds = async () => (await findings()).map((r: { who: string; kind: string }) => `${r.who}:${r.kind}`);

    expect(await kinds()).toEqual([]);
    t.app.clock.advance(9 * DAY); // day 9
    expect(await kinds()).toEqual([]);
    t.app.clock.advance(DAY); // day 10: talks may still start today
    expect(await kinds()).toEqual([]);
    t.app.clock.advance(DAY); // day 11
    expect(await findings()).toEqual([
      {
        kind: 'COORDINATION_TALKS_OVERDUE',
        who: 'silent',
        dueDate: plus(10),
        daysPast: 1,
        agreementNo: silent.agreementNo,
      },
    ]);
    const listed = ok(await f.get(`/api/v1/price-coordinations?coordinationNo=${silent.coordinationNo}`, u.operator));
    expect(listed.rows[0]).toMatchObject({ talksLateDays: 1, agreementLateDays: null, talksDue: plus(10) });

    t.app.clock.advance(18 * DAY); // day 29
    expect(await kinds()).toEqual(['silent:COORDINATION_TALKS_OVERDUE']);
    t.app.clock.advance(DAY); // day 30: an outcome may still come today
    expect(await kinds()).toEqual(['silent:COORDINATION_TALKS_OVERDUE']);
    t.app.clock.advance(DAY); // day 31
    expect(await findings()).toEqual([
      { kind: 'COORDINATION_OVERDUE', who: 'silent', dueDate: plus(30), daysPast: 1, agreementNo: silent.agreementNo },
      {
        kind: 'COORDINATION_TALKS_OVERDUE',
        who: 'silent',
        dueDate: plus(10),
        daysPast: 21,
        agreementNo: silent.agreementNo,
      },
      {
        kind: 'COORDINATION_OVERDUE',
        who: 'talking',
        dueDate: plus(30),
        daysPast: 1,
        agreementNo: talking.agreementNo,
      },
    ]);
    const mine = ok(await f.get(`/api/v1/cyber/price-coordinations?agreementNo=${silent.agreementNo}`, u.supplier1));
    expect(mine.rows[0]).toMatchObject({ talksLateDays: 21, agreementLateDays: 1, agreementDue: plus(30) });

    const answer = ok(await f.get('/api/v1/subcon/compliance?size=1', u.operator));
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics' });
    for (const kind of ['COORDINATION_TALKS_OVERDUE', 'COORDINATION_OVERDUE']) {
      expect(answer.counts[kind]).toBeGreaterThan(0);
      expect(metrics.body).toContain(`gpms_subcon_findings{kind="${kind}"} ${answer.counts[kind]}`);
    }
    const only = ok(await f.get('/api/v1/subcon/compliance?kind=COORDINATION_OVERDUE&size=500', u.operator));
    expect(only.rows.every((r: { kind: string }) => r.kind === 'COORDINATION_OVERDUE')).toBe(true);

    // An outcome, late or not, closes the clocks.
    ok(await step(talking, 'agree', u.operator, { outcome: '단가 동결' }));
    ok(await step(silent, 'fail', u.operator, { reason: '협의 미개시, 분쟁조정 신청' }));
    expect(await kinds()).toEqual([]);
  });
});
