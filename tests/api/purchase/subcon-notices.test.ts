import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayKst } from '../../../server/domain/dates.js';
import { plusMonths } from '../../../server/domain/linkage-schedule.js';
import { purchaseJobs } from '../../../server/modules/purchase/jobs.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { approveAll, client, logins, ok, type Who } from './helpers.js';

const DAY = 86_400_000;

/**
 * The demo company's 연동 and 조정협의 data, and the notices of both (docs/subcontracting.md "Notices", docs/seed.md):
 * the seeded lists are not empty for the demo users; a 연동 조정 제안 tells the agreement's buyer and the supplier's
 * own users, once however often the job runs; a 조정협의 request tells the buyer and the purchasing managers, each
 * answer tells the supplier's own users; and the hourly job tells the buyer once when talks near day 10 and an
 * outcome day 30 — walked on the business clock, the job run twice on each day.
 */
describe('하도급 demo data and notices', { timeout: 180_000 }, () => {
  let t: TestApp;
  let f: ReturnType<typeof client>;
  let u: Record<string, Who>;
  const proposalsJob = purchaseJobs.find((j) => j.name === 'agreement.linkageProposals')!;
  const clockJob = purchaseJobs.find((j) => j.name === 'coordination.clockNotices')!;

  beforeAll(async () => {
    t = await buildTestApp();
    f = client(t);
    u = await logins(t, ['tfadmin', 'operator', 'opadmin', 'uadmin1', 'supplier1', 'supplier2']);
    // This file's agreements (item MRO0101-0001) are 하도급 by C00001's own rule; the demo's by its sourcing group's.
    ok(
      await f.post('/api/v1/subcon/rules', u.tfadmin, {
        matchKind: 'COMP_NO',
        matchValue: 'C00001',
        subconKind: 'MANUFACTURE',
      }),
    );
  });
  afterAll(() => t.close());

  const today = () => todayKst(t.app.clock.now());
  const day = (days: number) => new Date(Date.parse(`${today()}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
  const run = async (job: typeof clockJob) =>
    job.run({ db: t.db.db, log: t.app.log, config: t.app.config, now: t.app.clock.now() });

  /** The notices recorded about one document, oldest first. */
  const notices = (refKey: string, template?: string) =>
    t.db.db
      .selectFrom('notification')
      .select(['recipient', 'template', 'lang', 'subject', 'body'])
      .where('refKey', '=', refKey)
      .$if(!!template, (q) => q.where('template', '=', template!))
      .orderBy('id')
      .execute();
  const emailOf = async (userId: string) =>
    (await t.db.db.selectFrom('appUser').select('email').where('userId', '=', userId).executeTakeFirstOrThrow()).email!;
  /** Every supplier account's address, by company. */
  const supplierEmails = async () => {
    const rows = await t.db.db
      .selectFrom('appUser')
      .select(['compNo', 'email'])
      .where('portal', '=', 'X')
      .where('email', 'is not', null)
      .execute();
    const own = new Set(rows.filter((r) => r.compNo === 'C00001').map((r) => r.email!.toLowerCase()));
    const others = new Set(rows.filter((r) => r.compNo !== 'C00001').map((r) => r.email!.toLowerCase()));
    return { own, others };
  };
  /** A Korean text whose particles were chosen: no "을(를)" pair left after a filled word. */
  const particlesResolved = (text: string) => expect(text).not.toMatch(/[을이은와]\((를|가|는|과)\)/);

  /** An active agreement of C00001 written by operator (its buyer), with the answer given. */
  async function activeAgreement(answer: Record<string, unknown>, validFrom = day(0)) {
    const draft = ok(
      await f.post('/api/v1/agreements', u.operator, {
        compNo: 'C00001',
        title: '알림 시험 단가계약',
        currency: 'KRW',
        validFrom,
        validTo: day(90),
        ceilingAmount: null,
        callOffPolicy: 'REFUSE',
        lines: [{ itemCode: 'MRO0101-0001', unitPrice: '1000', agreedQty: '100' }],
      }),
    );
    const answered = ok(
      await f.put(`/api/v1/agreements/${draft.agreementNo}/linkage`, u.operator, { version: draft.version, ...answer }),
    );
    const submitted = ok(
      await f.post(`/api/v1/agreements/${draft.agreementNo}/submit`, u.operator, { version: answered.version }),
    );
    await approveAll(f, u, submitted.approvals.at(-1));
    const active = ok(await f.get(`/api/v1/agreements/${draft.agreementNo}`, u.operator));
    expect(active.status).toBe('ACTIVE');
    return active as { agreementNo: string; version: number };
  }
  const notLinked = {
    linkageKind: 'NOT_LINKED',
    linkageExceptionType: 'AGREED_NONE',
    linkageReason: '양사 합의',
  };
  const request = async (agreementNo: string) =>
    ok(
      await f.post('/api/v1/cyber/price-coordinations', u.supplier1, {
        agreementNo,
        reason: '원자재 가격 상승',
        requestedChange: '단가 5% 인상',
        costBasis: '재료비 10% 상승',
      }),
    ) as { coordinationNo: string; version: number };
  const answer = async (
    c: { coordinationNo: string },
    step: 'start-talks' | 'agree' | 'fail',
    extra: Record<string, unknown> = {},
  ) => {
    const now = ok(await f.get(`/api/v1/price-coordinations?coordinationNo=${c.coordinationNo}`, u.operator)).rows[0];
    return ok(
      await f.post(`/api/v1/price-coordinations/${c.coordinationNo}/${step}`, u.operator, {
        version: now.version,
        ...extra,
      }),
    );
  };

  it('the demo company: indexes with values, a linked agreement with its proposal, a 미연동 one with an open request', async () => {
    const indexes = ok(await f.get('/api/v1/linkage-indexes', u.operator));
    const codes = (indexes.rows ?? indexes).map((i: { indexCode: string }) => i.indexCode);
    expect(codes).toEqual(expect.arrayContaining(['ALU_LME_CASH', 'HRC_KR_DIST']));
    for (const code of ['ALU_LME_CASH', 'HRC_KR_DIST']) {
      const values = ok(await f.get(`/api/v1/subcon/linkage-index-values?indexCode=${code}&size=100`, u.operator));
      expect(values.rows.length, code).toBe(12);
    }

    const requests = ok(await f.get('/api/v1/price-coordinations?status=REQUESTED', u.operator));
    expect(requests.rows).toHaveLength(1);
    const demoRequest = requests.rows[0];
    expect(demoRequest).toMatchObject({ compNo: 'C00001', status: 'REQUESTED', subconKind: 'MANUFACTURE' });
    const mine = ok(await f.get('/api/v1/cyber/price-coordinations', u.supplier1));
    expect(mine.rows.map((r: { coordinationNo: string }) => r.coordinationNo)).toContain(demoRequest.coordinationNo);
    expect(ok(await f.get('/api/v1/cyber/price-coordinations', u.supplier2)).rows).toEqual([]);

    // The demo's agreements are 하도급 by the rule on their lines' sourcing group (비철금속).
    const rules = ok(await f.get('/api/v1/subcon/rules?matchKind=SG_CODE', u.operator));
    expect(rules.rows).toEqual([
      expect.objectContaining({ matchKind: 'SG_CODE', matchValue: 'SGD-RAW0102-D', subconKind: 'MANUFACTURE' }),
    ]);
    const unlinked = ok(await f.get(`/api/v1/agreements/${demoRequest.agreementNo}`, u.operator));
    expect(unlinked).toMatchObject({ status: 'ACTIVE', subconKind: 'MANUFACTURE', linkageKind: 'NOT_LINKED' });

    const linkedNo = (
      await t.db.db
        .selectFrom('agreementLinkage')
        .select('agreementNo')
        .where('kind', '=', 'LINKED')
        .executeTakeFirstOrThrow()
    ).agreementNo;
    const linked = ok(await f.get(`/api/v1/agreements/${linkedNo}`, u.operator));
    expect(linked).toMatchObject({ status: 'ACTIVE', subconKind: 'MANUFACTURE', linkageKind: 'LINKED' });
    // Written by the job's own function: August's average against the clause's base, effective on the point.
    expect(linked.linkageProposals).toHaveLength(1);
    expect(linked.linkageProposals[0]).toMatchObject({
      status: 'PROPOSED',
      compareDate: '2026-09-01',
      effectiveFrom: '2026-09-01',
      valueFrom: '2026-08-01',
      valueTo: '2026-08-31',
    });
    expect(Number(linked.linkageProposals[0].compareValue)).toBe(2567.25);
    expect(linked.openLinkageProposalNo).toBe(linked.linkageProposals[0].proposalNo);
    const supplierView = ok(await f.get(`/api/v1/cyber/agreements/${linkedNo}`, u.supplier1));
    expect(supplierView.linkageProposals).toHaveLength(1);
    expect((await f.get(`/api/v1/cyber/agreements/${linkedNo}`, u.supplier2)).statusCode).toBe(404);
    // The seed leaves no mail to send about it (made-up addresses, an event before the demo began).
    expect(await notices(linked.linkageProposals[0].proposalNo)).toEqual([]);
  });

  it('a 연동 조정 제안 tells the buyer and the supplier’s own users, once however often the job runs', async () => {
    await t.db.db
      .insertInto('linkageIndex')
      .values({ indexCode: 'NOTICE', indexName: '알림 지수', unit: '지수', source: '시험', updatedBy: 'test' })
      .execute();
    const base = plusMonths(today(), -1);
    const point = plusMonths(base, 1);
    await t.db.db
      .insertInto('linkageIndexValue')
      .values({ indexCode: 'NOTICE', valueDate: point, value: '110', updatedBy: 'test' })
      .execute();
    const a = await activeAgreement(
      {
        linkageKind: 'LINKED',
        linkageMaterial: '열연강판',
        linkageSharePct: '40',
        linkageCompareBasis: 'DAY',
        linkageComparePeriodMonths: 1,
        linkageTriggerPct: '5',
        linkageIndexCode: 'NOTICE',
        linkageBaseDate: base,
        linkageBaseValue: '100',
      },
      base,
    );
    await run(proposalsJob);
    await run(proposalsJob);
    const proposalNo = ok(await f.get(`/api/v1/agreements/${a.agreementNo}`, u.operator)).openLinkageProposalNo;
    expect(proposalNo).toMatch(/^LP/);

    const toBuyer = await notices(proposalNo, 'linkage.proposed.buyer');
    expect(toBuyer.map((n) => n.recipient)).toEqual([await emailOf('operator')]);
    expect(toBuyer[0].subject).toBe(`[GPMS] 연동 조정 제안 처리 요청: ${a.agreementNo}`);
    expect(toBuyer[0].body).toContain('기준 지표값: 100 지수 → 비교 지표값: 110 지수 (변동률 10%)');
    expect(toBuyer[0].body).toContain('기준 지표 알림 지수가 조정요건(5%)을 넘어 연동 조정 제안');
    particlesResolved(toBuyer[0].body);

    const toSupplier = await notices(proposalNo, 'linkage.proposed');
    const { own, others } = await supplierEmails();
    expect(toSupplier.length).toBeGreaterThan(0);
    for (const n of toSupplier) {
      expect(own.has(n.recipient.toLowerCase()), n.recipient).toBe(true);
      expect(others.has(n.recipient.toLowerCase()), n.recipient).toBe(false);
      expect(n.subject).toMatch(/^\[OGPMS\] (납품대금 연동 조정 제안|Delivery-price linkage proposal): /);
    }
    expect(new Set(toSupplier.map((n) => n.recipient)).size).toBe(toSupplier.length);
  });

  it('a 조정협의 request tells the buyer and the managers; each answer tells the supplier’s own users', async () => {
    const a = await activeAgreement(notLinked);
    const c = await request(a.agreementNo);
    const asked = await notices(c.coordinationNo, 'coordination.requested');
    const to = asked.map((n) => n.recipient);
    expect(to).toEqual(
      expect.arrayContaining([await emailOf('operator'), await emailOf('tfadmin'), await emailOf('opadmin')]),
    );
    expect(new Set(to).size).toBe(to.length);
    const { own, others } = await supplierEmails();
    for (const r of to) expect(own.has(r.toLowerCase()) || others.has(r.toLowerCase()), r).toBe(false);
    // The operator's colleague without the screen's write, and monitoring, are not managers.
    expect(to).not.toContain(await emailOf('buyer'));
    expect(to).not.toContain(await emailOf('monitor'));
    const ko = asked.find((n) => n.recipient === to[0] && n.lang === 'ko') ?? asked[0];
    expect(ko.body).toContain(`협의 개시 기한: ${day(10)}`);
    expect(ko.body).toContain(`합의 기한: ${day(30)}`);
    particlesResolved(ko.body);

    const told = async (step: string) =>
      (await notices(c.coordinationNo, 'coordination.answered')).filter((n) => n.subject.includes(step));
    await answer(c, 'start-talks');
    const started = await told('협의 개시');
    expect(started.length).toBeGreaterThan(0);
    for (const n of started) {
      expect(own.has(n.recipient.toLowerCase()), n.recipient).toBe(true);
      expect(n.body).toContain('구매사가 협의 개시를 기록했습니다');
      expect(n.body).toContain(`협의 개시일: ${today()}`);
    }
    await answer(c, 'agree', { outcome: '단가 3% 인상 합의' });
    const agreed = await told('합의');
    expect(agreed.map((n) => n.recipient).sort()).toEqual(started.map((n) => n.recipient).sort());
    expect(agreed[0].body).toContain('구매사가 합의를 기록했습니다');
    expect(agreed[0].body).toContain('합의 내용: 단가 3% 인상 합의');

    const b = await activeAgreement(notLinked);
    const failed = await request(b.agreementNo);
    await answer(failed, 'fail', { reason: '요구 단가 차이가 커 결렬' });
    const fail = (await notices(failed.coordinationNo, 'coordination.answered'))[0];
    expect(fail.body).toContain('구매사가 결렬을 기록했습니다');
    expect(fail.body).toContain('결렬 사유: 요구 단가 차이가 커 결렬');
    expect(own.has(fail.recipient.toLowerCase())).toBe(true);
  });

  it('a withdrawn request tells the agreement’s buyer, and no one else, that its clocks stopped', async () => {
    const a = await activeAgreement(notLinked);
    const c = await request(a.agreementNo);
    expect(await notices(c.coordinationNo, 'coordination.withdrawn')).toEqual([]);
    ok(
      await f.post(`/api/v1/cyber/price-coordinations/${c.coordinationNo}/withdraw`, u.supplier1, {
        version: c.version,
      }),
    );
    const told = await notices(c.coordinationNo, 'coordination.withdrawn');
    expect(told.map((n) => n.recipient)).toEqual([await emailOf('operator')]);
    expect(told[0].subject).toBe(`[GPMS] 납품대금 조정협의 요청 철회: ${c.coordinationNo}`);
    expect(told[0].body).toContain(`단가계약 ${a.agreementNo}`);
    expect(told[0].body).toContain(`${today()}에 철회했습니다`);
    expect(told[0].body).toContain('기한은 더 이상 적용되지 않습니다');
    particlesResolved(told[0].body);
  });

  it('the clocks: the buyer told once on day 8 (talks) and day 25 (an outcome), the job run twice a day', async () => {
    const silentAg = await activeAgreement(notLinked);
    const talkingAg = await activeAgreement(notLinked);
    const silent = await request(silentAg.agreementNo);
    const talking = await request(talkingAg.agreementNo);
    const requestedOn = today();
    const plus = (n: number) => new Date(Date.parse(`${requestedOn}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
    const due = async (c: { coordinationNo: string }) =>
      (await notices(c.coordinationNo, 'coordination.due')).map((n) => ({ to: n.recipient, subject: n.subject }));
    const buyer = await emailOf('operator');
    const twice = async () => {
      await run(clockJob);
      await run(clockJob);
    };

    t.app.clock.advance(DAY); // day 1: talks start on one
    await answer(talking, 'start-talks');
    t.app.clock.advance(6 * DAY); // day 7
    await twice();
    expect(await due(silent)).toEqual([]);
    t.app.clock.advance(DAY); // day 8: two days left to start talks
    await twice();
    const talksNotice = {
      to: buyer,
      subject: `[GPMS] 납품대금 조정협의 협의 개시 기한 임박: ${silent.coordinationNo}`,
    };
    expect(await due(silent)).toEqual([talksNotice]);
    const body = (await notices(silent.coordinationNo, 'coordination.due'))[0].body;
    expect(body).toContain(`협의 개시 기한은 ${plus(10)}입니다(2일 남음)`);
    particlesResolved(body);
    expect(await due(talking)).toEqual([]);
    t.app.clock.advance(2 * DAY); // day 10
    await twice();
    expect(await due(silent)).toEqual([talksNotice]);

    t.app.clock.advance(14 * DAY); // day 24
    await twice();
    expect(await due(talking)).toEqual([]);
    t.app.clock.advance(DAY); // day 25: five days left for an outcome, on both
    await twice();
    const outcome = (c: { coordinationNo: string }) => ({
      to: buyer,
      subject: `[GPMS] 납품대금 조정협의 합의 기한 임박: ${c.coordinationNo}`,
    });
    expect(await due(silent)).toEqual([talksNotice, outcome(silent)]);
    expect(await due(talking)).toEqual([outcome(talking)]);
    expect((await notices(talking.coordinationNo, 'coordination.due'))[0].body).toContain(
      `합의 기한은 ${plus(30)}입니다(5일 남음)`,
    );
    const marks = await t.db.db
      .selectFrom('priceCoordination')
      .select(['coordinationNo', 'talksNoticedAt', 'outcomeNoticedAt'])
      .where('coordinationNo', 'in', [silent.coordinationNo, talking.coordinationNo])
      .orderBy('coordinationNo')
      .execute();
    expect(marks.map((m) => [m.talksNoticedAt !== null, m.outcomeNoticedAt !== null])).toEqual([
      [true, true],
      [false, true],
    ]);
    t.app.clock.advance(5 * DAY); // day 30, and past it: nothing more
    await twice();
    t.app.clock.advance(DAY);
    await twice();
    expect(await due(silent)).toHaveLength(2);
    expect(await due(talking)).toHaveLength(1);
  });
});
