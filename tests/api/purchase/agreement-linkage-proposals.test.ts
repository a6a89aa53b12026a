import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayKst } from '../../../server/domain/dates.js';
import { plusMonths } from '../../../server/domain/linkage-schedule.js';
import { purchaseJobs } from '../../../server/modules/purchase/jobs.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { approveAll, client, logins, ok, refused, type Who } from './helpers.js';

/**
 * 납품대금 연동 proposals (상생협력법 §21; docs/subcontracting.md "연동 조정 제안"): the job agreement.linkageProposals
 * reads an active agreement's index at each 조정주기 point of its clause and proposes the 산식's prices when the change
 * reaches the trigger — exactly at it, on a rise and on a fall, not just below; DAY reads the point's value, MONTH_AVG
 * the month before; no value, no proposal (counted); run twice, one proposal. Accepting one is a 변경계약 from its
 * effective day (an earlier call-off keeps its price, a later one takes the new), rejecting keeps the prices; both
 * by the agreement's buyer, versions and states checked; a supplier reads its own company's proposals only.
 * The days are the business clock's: points in the past, and one ahead that the clock is walked to.
 */
describe('납품대금 연동 proposals', { timeout: 180_000 }, () => {
  let t: TestApp;
  let f: ReturnType<typeof client>;
  let u: Record<string, Who>;
  const who = ['operator', 'opadmin', 'uadmin1', 'monitor', 'supplier1', 'supplier2'];
  const job = purchaseJobs.find((j) => j.name === 'agreement.linkageProposals')!;

  beforeAll(async () => {
    t = await buildTestApp();
    f = client(t);
    u = await logins(t, who);
    await t.db.db
      .insertInto('linkageIndex')
      .values(
        ['RISE', 'FALL', 'LATE', 'MONTHLY', 'WALK'].map((indexCode) => ({
          indexCode,
          indexName: `${indexCode} 지수`,
          unit: '지수',
          source: '시험',
          updatedBy: 'test',
        })),
      )
      .execute();
    // The demo company's linked agreement (server/db/seed/subcontracting.ts) is ended: each test counts its own.
    const demo = await t.db.db
      .selectFrom('agreementLinkage as k')
      .innerJoin('agreement as a', 'a.agreementNo', 'k.agreementNo')
      .select('a.agreementNo')
      .where('k.kind', '=', 'LINKED')
      .where('a.status', '=', 'ACTIVE')
      .execute();
    await retire(...demo.map((d) => d.agreementNo));
  });
  afterAll(() => t.close());

  const today = () => todayKst(t.app.clock.now());
  /** YYYY-MM-DD `days` from the business clock's day. */
  const day = (days: number) => {
    const base = new Date(`${today()}T00:00:00Z`);
    return new Date(base.getTime() + days * 86_400_000).toISOString().slice(0, 10);
  };
  const run = async () =>
    (await job.run({ db: t.db.db, log: t.app.log, config: t.app.config, now: t.app.clock.now() }))!;
  const setValue = (indexCode: string, valueDate: string, value: string) =>
    t.db.db.insertInto('linkageIndexValue').values({ indexCode, valueDate, value, updatedBy: 'test' }).execute();

  /**
   * An active agreement under REFUSE with a 연동 clause (DAY, monthly, share 40 %, trigger 5 % unless told): line 1 at
   * 1,000 a unit, line 2 (free text) at 333.
   */
  async function activeLinked(clause: Record<string, unknown>, o: { compNo?: string; validFrom?: string } = {}) {
    const draft = ok(
      await f.post('/api/v1/agreements', u.operator, {
        compNo: o.compNo ?? 'C00001',
        title: '연동 제안 시험 단가계약',
        currency: 'KRW',
        validFrom: o.validFrom ?? day(0),
        validTo: day(150),
        ceilingAmount: null,
        callOffPolicy: 'REFUSE',
        lines: [
          { itemCode: 'MRO0101-0001', unitPrice: '1000', agreedQty: '100' },
          { itemName: '고장력 볼트', unitCode: 'EA', unitPrice: '333', agreedQty: '100' },
        ],
      }),
    );
    const linked = ok(
      await f.put(`/api/v1/agreements/${draft.agreementNo}/linkage`, u.operator, {
        version: draft.version,
        linkageKind: 'LINKED',
        linkageMaterial: '열연강판',
        linkageSharePct: '40',
        linkageCompareBasis: 'DAY',
        linkageComparePeriodMonths: 1,
        linkageTriggerPct: '5',
        ...clause,
      }),
    );
    const submitted = ok(
      await f.post(`/api/v1/agreements/${draft.agreementNo}/submit`, u.operator, { version: linked.version }),
    );
    await approveAll(f, u, submitted.approvals.at(-1));
    const active = ok(await f.get(`/api/v1/agreements/${draft.agreementNo}`, u.operator));
    expect(active.status).toBe('ACTIVE');
    return active;
  }

  const get = async (agreementNo: string) => ok(await f.get(`/api/v1/agreements/${agreementNo}`, u.operator));
  /** Ends an agreement, so the job no longer looks at it (each test counts its own agreements). */
  async function retire(...agreementNos: string[]) {
    for (const no of agreementNos) {
      const a = await get(no);
      ok(await f.post(`/api/v1/agreements/${no}/terminate`, u.operator, { version: a.version, reason: '시험 종료' }));
    }
  }
  const decide = (
    a: { agreementNo: string; version: number },
    proposalNo: string,
    act: 'accept' | 'reject',
    body: Record<string, unknown>,
    by = u.operator,
  ) => f.post(`/api/v1/agreements/${a.agreementNo}/linkage-proposals/${proposalNo}/${act}`, by, body);

  it('proposes exactly at the trigger, on a rise and on a fall, not just below; none without a value; twice run, once written', async () => {
    const base = plusMonths(today(), -1);
    const point = plusMonths(base, 1);
    await setValue('RISE', point, '131.775');
    await setValue('FALL', point, '133');
    const clause = (indexCode: string, baseValue: string) => ({
      linkageIndexCode: indexCode,
      linkageBaseDate: base,
      linkageBaseValue: baseValue,
    });
    const past = { validFrom: base };
    // 131.775 / 125.5 = +5 % exactly; / 125.51 = +4.99…%; 133 / 140 = −5 % exactly; / 139.9999 = −4.99…%.
    const rise = await activeLinked(clause('RISE', '125.5'), past);
    const under = await activeLinked(clause('RISE', '125.51'), past);
    const fall = await activeLinked(clause('FALL', '140'), past);
    const fallUnder = await activeLinked(clause('FALL', '139.9999'), past);
    const late = await activeLinked(clause('LATE', '100'), past);
    const other = await activeLinked(clause('RISE', '125.5'), { ...past, compNo: 'C00002' });

    expect(await run()).toEqual({ agreements: 6, proposed: 3, awaitingDecision: 0, belowTrigger: 2, noValue: 1 });
    // Run again: nothing new; the three proposals await their decision, the others are read again.
    expect(await run()).toEqual({ agreements: 6, proposed: 0, awaitingDecision: 3, belowTrigger: 2, noValue: 1 });

    const up = await get(rise.agreementNo);
    expect(up.linkageProposals).toHaveLength(1);
    const p = up.linkageProposals[0];
    expect(p).toMatchObject({
      proposalNo: expect.stringMatching(/^LP\d{4}-\d{6}$/),
      compareDate: point,
      compareBasis: 'DAY',
      valueFrom: point,
      valueTo: point,
      valueCount: 1,
      indexCode: 'RISE',
      indexName: 'RISE 지수',
      baseDate: base,
      effectiveFrom: point,
      status: 'PROPOSED',
      decidedAt: null,
      rejectReason: null,
      version: 1,
    });
    expect([p.baseValue, p.compareValue, p.changePct, p.sharePct, p.triggerPct].map(Number)).toEqual([
      125.5, 131.775, 5, 40, 5,
    ]);
    // 1,000 × (1 + 0.4 × 0.05) = 1,020; 333 × 1.02 = 339.66 → 340 (half up to the won).
    expect(
      up.linkageProposalLines.map((l: Record<string, string>) => [l.lineNo, l.currentPrice, l.proposedPrice]),
    ).toEqual([
      [1, '1000.00', '1020.00'],
      [2, '333.00', '340.00'],
    ]);
    expect(up).toMatchObject({ openLinkageProposalNo: p.proposalNo, openLinkageProposalVersion: 1 });
    expect(up.actions).toContain('decideLinkage');
    // The prices stay until a decision; the job wrote the agreement's history, not its version.
    expect(up.version).toBe(rise.version);
    expect(up.lines[0].unitPrice).toBe('1000.00');
    expect(up.history.map((h: { action: string }) => h.action)).toContain('LINKAGE_PROPOSED');

    const down = await get(fall.agreementNo);
    expect(Number(down.linkageProposals[0].changePct)).toBe(-5);
    // 1,000 × (1 − 0.02) = 980; 333 × 0.98 = 326.34 → 326.
    expect(down.linkageProposalLines.map((l: Record<string, string>) => l.proposedPrice)).toEqual(['980.00', '326.00']);
    for (const a of [under, fallUnder, late]) {
      const seen = await get(a.agreementNo);
      expect(seen).toMatchObject({ linkageProposals: [], linkageProposalLines: [], openLinkageProposalNo: null });
      expect(seen.actions).not.toContain('decideLinkage');
    }

    // A value entered late still proposes at its point.
    ok(
      await f.put('/api/v1/subcon/linkage-index-values', u.operator, {
        indexCode: 'LATE',
        valueDate: point,
        value: '95',
      }),
    );
    expect(await run()).toEqual({ agreements: 6, proposed: 1, awaitingDecision: 3, belowTrigger: 2, noValue: 0 });
    expect((await get(late.agreementNo)).linkageProposals[0]).toMatchObject({ compareDate: point, status: 'PROPOSED' });

    // Its supplier reads the proposal, with the agreement and alone; another company's is 404.
    const seen = ok(await f.get(`/api/v1/cyber/agreements/${rise.agreementNo}`, u.supplier1));
    expect(seen.linkageProposals.map((x: { proposalNo: string }) => x.proposalNo)).toEqual([p.proposalNo]);
    expect(seen.linkageProposalLines).toHaveLength(2);
    const one = ok(
      await f.get(`/api/v1/cyber/agreements/${rise.agreementNo}/linkage-proposals/${p.proposalNo}`, u.supplier1),
    );
    expect(one).toMatchObject({ proposalNo: p.proposalNo, status: 'PROPOSED' });
    expect(one.lines.map((l: { proposedPrice: string }) => l.proposedPrice)).toEqual(['1020.00', '340.00']);
    const theirs = (await get(other.agreementNo)).linkageProposals[0].proposalNo;
    refused(
      await f.get(`/api/v1/cyber/agreements/${other.agreementNo}/linkage-proposals/${theirs}`, u.supplier1),
      404,
      'AGREEMENT_NOT_FOUND',
    );
    refused(
      await f.get(`/api/v1/cyber/agreements/${rise.agreementNo}/linkage-proposals/${theirs}`, u.supplier1),
      404,
      'LINKAGE_PROPOSAL_NOT_FOUND',
    );
    refused(
      await f.get(`/api/v1/cyber/agreements/${rise.agreementNo}/linkage-proposals/${p.proposalNo}`, u.supplier2),
      404,
    );
    // Staff read one proposal; a supplier may not use staff's operation.
    expect(
      ok(await f.get(`/api/v1/agreements/${rise.agreementNo}/linkage-proposals/${p.proposalNo}`, u.operator)).lines,
    ).toHaveLength(2);
    refused(await f.get(`/api/v1/agreements/${rise.agreementNo}/linkage-proposals/${p.proposalNo}`, u.supplier1), 403);

    // Rejected with a reason: the prices stay, the proposal is closed, and nothing later is proposed for the point.
    refused(
      await decide(down, down.linkageProposals[0].proposalNo, 'reject', {
        version: down.version,
        proposalVersion: 1,
        reason: ' ',
      }),
      400,
      'VALIDATION',
    );
    const rejected = ok(
      await decide(down, down.linkageProposals[0].proposalNo, 'reject', {
        version: down.version,
        proposalVersion: 1,
        reason: '원자재 재고 단가로 유지',
      }),
    );
    expect(rejected.version).toBe(down.version);
    expect(rejected.linkageProposals[0]).toMatchObject({
      status: 'REJECTED',
      rejectReason: '원자재 재고 단가로 유지',
      version: 2,
      decidedByName: expect.any(String),
      decidedAt: expect.any(String),
    });
    expect(rejected.lines.map((l: { unitPrice: string }) => l.unitPrice)).toEqual(['1000.00', '333.00']);
    expect(rejected.openLinkageProposalNo).toBeNull();
    expect(rejected.actions).not.toContain('decideLinkage');
    expect(rejected.history.map((h: { action: string }) => h.action)).toContain('LINKAGE_REJECTED');
    // Decided already: neither decision again.
    const again = refused(
      await decide(rejected, rejected.linkageProposals[0].proposalNo, 'accept', {
        version: rejected.version,
        proposalVersion: 2,
      }),
      409,
      'INVALID_STATE',
    );
    expect(again.msg).toBe(`이미 반려된 연동 조정 제안입니다: ${rejected.linkageProposals[0].proposalNo}`);
    expect((await run()).proposed).toBe(0);
    expect((await get(fall.agreementNo)).linkageProposals).toHaveLength(1);

    // Who: a supplier and a reader are refused; an agreement no longer active answers 409.
    const body = { version: up.version, proposalVersion: 1 };
    refused(await decide(up, p.proposalNo, 'accept', body, u.supplier1), 403);
    refused(await decide(up, p.proposalNo, 'accept', body, u.monitor), 403);
    refused(await decide(up, 'LP1999-000001', 'accept', body), 404, 'LINKAGE_PROPOSAL_NOT_FOUND');
    await retire(rise.agreementNo);
    const ended = refused(
      await decide(up, p.proposalNo, 'accept', { ...body, version: up.version + 1 }),
      409,
      'INVALID_STATE',
    );
    expect(ended.msg).toBe('유효한 단가계약만 연동 조정 제안을 처리할 수 있습니다(종료)');
    // A 단가 변경 reaching the point since the proposal was written: accepting would overwrite it — 409, nothing written.
    const lateNow = await get(late.agreementNo);
    const amended = ok(
      await f.post(`/api/v1/agreements/${late.agreementNo}/prices`, u.operator, {
        version: lateNow.version,
        effectiveFrom: point,
        reason: '단가 협의',
        lines: [{ lineNo: 1, unitPrice: '1100' }],
      }),
    );
    const outdated = refused(
      await decide(amended, amended.openLinkageProposalNo, 'accept', { version: amended.version, proposalVersion: 1 }),
      409,
      'LINKAGE_PROPOSAL_OUTDATED',
    );
    expect(outdated.msg).toBe(
      '연동 조정 제안 이후 단가가 변경되어 수락할 수 없습니다(1번 품목). 반려하면 다음 비교시점에 현재 단가로 다시 제안됩니다',
    );
    const still = await get(late.agreementNo);
    expect(still).toMatchObject({ version: amended.version, openLinkageProposalNo: amended.openLinkageProposalNo });
    expect(still.lines[0].prices.map((x: { source: string }) => x.source)).toEqual(['ORIGINAL', 'AMENDMENT']);
    await retire(under.agreementNo, fall.agreementNo, fallUnder.agreementNo, late.agreementNo, other.agreementNo);
  });

  it('MONTH_AVG reads the mean of the month before the point, to 4 decimals', async () => {
    const base = plusMonths(today(), -1);
    const point = plusMonths(base, 1);
    const pointMonth = `${point.slice(0, 7)}-01`;
    const first = plusMonths(pointMonth, -1);
    const last = new Date(Date.parse(pointMonth) - 86_400_000).toISOString().slice(0, 10);
    // 130, 132 and 133.325 in the month before: mean 131.775 = +5 % on 125.5. The point's own month is not read.
    await setValue('MONTHLY', first, '130');
    await setValue('MONTHLY', `${first.slice(0, 8)}15`, '132');
    await setValue('MONTHLY', last, '133.325');
    await setValue('MONTHLY', pointMonth, '500');
    const a = await activeLinked(
      {
        linkageIndexCode: 'MONTHLY',
        linkageBaseDate: base,
        linkageBaseValue: '125.5',
        linkageCompareBasis: 'MONTH_AVG',
      },
      { validFrom: base },
    );
    expect(await run()).toEqual({ agreements: 1, proposed: 1, awaitingDecision: 0, belowTrigger: 0, noValue: 0 });
    const p = (await get(a.agreementNo)).linkageProposals[0];
    expect(p).toMatchObject({
      compareDate: point,
      compareBasis: 'MONTH_AVG',
      valueFrom: first,
      valueTo: last,
      valueCount: 3,
    });
    expect([Number(p.compareValue), Number(p.changePct)]).toEqual([131.775, 5]);
    await retire(a.agreementNo);
  });

  it('accepting is a 변경계약 from the effective day: an earlier call-off keeps its price, a later one takes the new; the next point measures from it', async () => {
    // A clause from today: its first point a month ahead; 50 % share, trigger 3 %.
    const a = await activeLinked({
      linkageIndexCode: 'WALK',
      linkageBaseDate: day(0),
      linkageBaseValue: '100',
      linkageSharePct: '50',
      linkageTriggerPct: '3',
    });
    const po = ok(
      await f.post(`/api/v1/agreements/${a.agreementNo}/call-offs`, u.operator, {
        dueDate: day(45),
        lines: [{ agreementLineNo: 1, quantity: '10' }],
      }),
    );
    const inApproval = ok(await f.post(`/api/v1/pos/${po.poNo}/submit`, u.operator, { version: po.version }));
    await approveAll(f, u, inApproval.approvals.at(-1));
    let earlier = ok(await f.get(`/api/v1/pos/${po.poNo}`, u.operator));
    if (earlier.status === 'APPROVED')
      earlier = ok(await f.post(`/api/v1/pos/${po.poNo}/send`, u.operator, { version: earlier.version }));
    expect(earlier).toMatchObject({ status: 'SENT', poDate: day(0), totalAmount: '10000.00' });

    // Walk the clock to the point; the index is published that day at 104 (+4 %).
    const point = plusMonths(day(0), 1);
    t.app.clock.advance(Date.parse(point) - Date.parse(day(0)));
    u = await logins(t, who);
    expect(today()).toBe(point);
    ok(
      await f.put('/api/v1/subcon/linkage-index-values', u.operator, {
        indexCode: 'WALK',
        valueDate: point,
        value: '104',
      }),
    );
    expect(await run()).toEqual({ agreements: 1, proposed: 1, awaitingDecision: 0, belowTrigger: 0, noValue: 0 });
    const proposed = await get(a.agreementNo);
    const proposalNo = proposed.openLinkageProposalNo;
    // 1,000 × (1 + 0.5 × 0.04) = 1,020; 333 × 1.02 = 339.66 → 340.
    expect(proposed.linkageProposalLines.map((l: { proposedPrice: string }) => l.proposedPrice)).toEqual([
      '1020.00',
      '340.00',
    ]);

    // Versions read: the agreement's and the proposal's.
    refused(
      await decide(proposed, proposalNo, 'accept', { version: proposed.version - 1, proposalVersion: 1 }),
      409,
      'VERSION_CONFLICT',
    );
    refused(
      await decide(proposed, proposalNo, 'accept', { version: proposed.version, proposalVersion: 2 }),
      409,
      'VERSION_CONFLICT',
    );
    const accepted = ok(
      await decide(proposed, proposalNo, 'accept', { version: proposed.version, proposalVersion: 1 }),
    );
    expect(accepted.version).toBe(proposed.version + 1);
    expect(accepted.lines.map((l: { unitPrice: string }) => l.unitPrice)).toEqual(['1020.00', '340.00']);
    expect(accepted.lines[0].prices).toEqual([
      expect.objectContaining({ effectiveFrom: a.validFrom, unitPrice: '1000.00', source: 'ORIGINAL' }),
      expect.objectContaining({ effectiveFrom: point, unitPrice: '1020.00', source: 'LINKAGE', reference: proposalNo }),
    ]);
    expect(accepted.linkageProposals[0]).toMatchObject({ status: 'ACCEPTED', version: 2, rejectReason: null });
    expect(accepted.openLinkageProposalNo).toBeNull();
    expect(accepted.history.map((h: { action: string }) => h.action)).toContain('LINKAGE_PRICE');
    refused(
      await decide(accepted, proposalNo, 'reject', { version: accepted.version, proposalVersion: 2, reason: '철회' }),
      409,
      'INVALID_STATE',
    );
    // The supplier reads the new dated price.
    const seen = ok(await f.get(`/api/v1/cyber/agreements/${a.agreementNo}`, u.supplier1));
    expect(seen.lines[0].prices.map((x: { source: string }) => x.source)).toEqual(['ORIGINAL', 'LINKAGE']);

    // The earlier call-off is checked at its own date's price: a change at 1,000 passes.
    const reduced = ok(
      await f.post(`/api/v1/pos/${earlier.poNo}/change`, u.operator, {
        version: earlier.version,
        reason: '수량 감소',
        lines: [{ lineNo: 1, quantity: '8' }],
      }),
    );
    expect(reduced).toMatchObject({ changeOutcome: 'APPLIED', totalAmount: '8000.00', agreementException: null });
    // A call-off today takes the new price; the old one is refused.
    const later = ok(
      await f.post(`/api/v1/agreements/${a.agreementNo}/call-offs`, u.operator, {
        dueDate: day(10),
        lines: [{ agreementLineNo: 1, quantity: '5' }],
      }),
    );
    expect(later.lines[0]).toMatchObject({ unitPrice: '1020.00', amount: '5100.00' });
    refused(
      await f.post(`/api/v1/agreements/${a.agreementNo}/call-offs`, u.operator, {
        dueDate: day(10),
        lines: [{ agreementLineNo: 1, quantity: '5', unitPrice: '1000' }],
      }),
      409,
      'AGREEMENT_CALL_OFF_REFUSED',
    );

    // The next point is measured from the accepted adjustment (104), not the clause's base (100): 104 again is no change.
    const next = plusMonths(a.linkageBaseDate, 2);
    t.app.clock.advance(Date.parse(next) - Date.parse(today()));
    u = await logins(t, who);
    await setValue('WALK', next, '104');
    expect(await run()).toEqual({ agreements: 1, proposed: 0, awaitingDecision: 0, belowTrigger: 1, noValue: 0 });
    // 107.12 is +3 % on 104 exactly: proposed, against 104 and the prices in effect (1,020 → 1,020 × 1.015 = 1,035.30 → 1,035).
    await t.db.db
      .updateTable('linkageIndexValue')
      .set({ value: '107.12' })
      .where('indexCode', '=', 'WALK')
      .where('valueDate', '=', next)
      .execute();
    expect((await run()).proposed).toBe(1);
    const second = (await get(a.agreementNo)).linkageProposals[1];
    expect([Number(second.baseValue), Number(second.changePct)]).toEqual([104, 3]);
    expect(second.baseDate).toBe(point);
    const lines = (await get(a.agreementNo)).linkageProposalLines.filter(
      (l: { proposalNo: string }) => l.proposalNo === second.proposalNo,
    );
    expect(
      lines.map((l: { currentPrice: string; proposedPrice: string }) => [l.currentPrice, l.proposedPrice]),
    ).toEqual([
      ['1020.00', '1035.00'],
      ['340.00', '345.00'],
    ]);
  });
});
