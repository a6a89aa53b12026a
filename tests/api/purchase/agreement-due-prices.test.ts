import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOBS } from '../../../server/jobs/registry.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { approveAll, businessDay, client, logins, ok, prBody, refused, type Who } from './helpers.js';

/**
 * The job agreement.applyDuePrices (docs/subcontracting.md "Prices from a day on"): a price changed from a later day
 * leaves the line's current price as it is until that day; on the day (the business clock) the job moves it, with the
 * agreement's version and an audit row, so the call-off dialog, the agreement-line popup and a PR's check offer the
 * new price. A second run changes nothing.
 */
describe('agreement.applyDuePrices: a line’s price moves on its day', { timeout: 120_000 }, () => {
  let t: TestApp;
  let f: ReturnType<typeof client>;
  let u: Record<string, Who>;
  const who = ['operator', 'opadmin', 'uadmin1', 'buyer'];
  beforeAll(async () => {
    t = await buildTestApp();
    f = client(t);
    u = await logins(t, who);
  });
  afterAll(() => t.close());

  const day = (days: number) => businessDay(t, days);
  const job = JOBS.find((j) => j.name === 'agreement.applyDuePrices')!;
  const runJob = () => job.run({ db: t.db.db, log: t.app.log, config: t.config, now: t.app.clock.now() });
  /** A day later on the business clock (the sessions are made again: their tokens follow the clock). */
  const nextDay = async () => {
    t.app.clock.advance(86_400_000);
    u = await logins(t, who);
  };

  async function activeAgreement() {
    const draft = ok(
      await f.post('/api/v1/agreements', u.operator, {
        compNo: 'C00001',
        title: '적용일 단가 시험 단가계약',
        currency: 'KRW',
        validFrom: day(0),
        validTo: day(60),
        ceilingAmount: null,
        callOffPolicy: 'REFUSE',
        lines: [
          { itemCode: 'MRO0101-0001', unitPrice: '1000', agreedQty: '100' },
          { itemName: '비규격 브래킷', unitCode: 'EA', unitPrice: '500', agreedQty: null },
        ],
      }),
    );
    const submitted = ok(
      await f.post(`/api/v1/agreements/${draft.agreementNo}/submit`, u.operator, { version: draft.version }),
    );
    await approveAll(f, u, submitted.approvals.at(-1));
    return ok(await f.get(`/api/v1/agreements/${draft.agreementNo}`, u.operator));
  }

  const agreement = (no: string) => f.get(`/api/v1/agreements/${no}`, u.operator).then((r) => ok(r));
  /** What the PR lines' agreement popup offers for the agreement's first line. */
  const offered = async (no: string) => {
    const rows = ok(await f.get(`/api/v1/agreement-lines?agreementNo=${no}`, u.buyer)).rows as Array<{
      agreementNo: string;
      lineNo: number;
      unitPrice: string;
    }>;
    return rows.find((r) => r.agreementNo === no && r.lineNo === 1)?.unitPrice;
  };
  const prAt = (no: string, price: string) =>
    f.post(
      '/api/v1/prs',
      u.buyer,
      prBody({
        desiredDate: day(30),
        lines: [{ agreementNo: no, agreementLineNo: 1, quantity: '5', estUnitPrice: price, itemName: '무시됨' }],
      }),
    );
  const priceApplied = (no: string) =>
    t.db.db
      .selectFrom('auditLog')
      .select(['actor', 'beforeData', 'afterData', 'reason'])
      .where('entity', '=', 'agreement')
      .where('entityKey', '=', no)
      .where('action', '=', 'PRICE_APPLIED')
      .execute();

  it('the day before: the old price; on the day: the new one, version moved and audited; a second run: nothing', async () => {
    const a = await activeAgreement();
    // A rise of line 1 from two days on; line 2 keeps its price.
    const changed = ok(
      await f.post(`/api/v1/agreements/${a.agreementNo}/prices`, u.operator, {
        version: a.version,
        effectiveFrom: day(2),
        reason: '원자재 가격 상승',
        lines: [{ lineNo: 1, unitPrice: '1200' }],
      }),
    );
    expect(changed.lines[0].unitPrice).toBe('1000.00');
    expect(changed.priceHistory).toEqual([
      expect.objectContaining({ lineNo: 1, effectiveFrom: day(0), unitPrice: '1000.00', state: 'CURRENT' }),
      expect.objectContaining({
        lineNo: 1,
        effectiveFrom: day(2),
        unitPrice: '1200.00',
        source: 'AMENDMENT',
        reference: '원자재 가격 상승',
        state: 'FUTURE',
      }),
      expect.objectContaining({ lineNo: 2, effectiveFrom: day(0), unitPrice: '500.00', state: 'CURRENT' }),
    ]);

    // The day before: nothing is due.
    await nextDay();
    expect(await runJob()).toEqual({ moved: 0 });
    const before = await agreement(a.agreementNo);
    expect(before).toMatchObject({
      version: changed.version,
      lines: [{ unitPrice: '1000.00' }, { unitPrice: '500.00' }],
    });
    expect(before.callOffLines[0].unitPrice).toBe('1000.00');
    expect(await offered(a.agreementNo)).toBe('1000.00');
    refused(await prAt(a.agreementNo, '1200'), 409, 'AGREEMENT_CALL_OFF_REFUSED');

    // The day: the line's price moves, once.
    await nextDay();
    expect(await runJob()).toEqual({ moved: 1 });
    const on = await agreement(a.agreementNo);
    expect(on.version).toBe(changed.version + 1);
    expect(on.lines.map((l: { unitPrice: string }) => l.unitPrice)).toEqual(['1200.00', '500.00']);
    expect(on.priceHistory.map((p: { state: string }) => p.state)).toEqual(['PAST', 'CURRENT', 'CURRENT']);
    expect(on.history.map((h: { action: string }) => h.action)).toContain('PRICE_APPLIED');
    const audits = await priceApplied(a.agreementNo);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actor: 'system:job', reason: '1번 1,000 → 1,200' });
    const after: unknown = audits[0].afterData;
    expect(typeof after === 'string' ? JSON.parse(after) : after).toEqual({
      day: day(0),
      lines: [{ lineNo: 1, unitPrice: '1200.00' }],
    });

    // What the screens offer now: the call-off dialog, the PR lines' popup and a PR's check.
    expect(on.callOffLines[0].unitPrice).toBe('1200.00');
    expect(await offered(a.agreementNo)).toBe('1200.00');
    ok(await prAt(a.agreementNo, '1200'));
    const old = refused(await prAt(a.agreementNo, '1000'), 409, 'AGREEMENT_CALL_OFF_REFUSED');
    expect(old.msg).toBe('1번 품목의 단가(1,000)가 계약 단가(1,200)와 다릅니다');
    const callOff = ok(
      await f.post(`/api/v1/agreements/${a.agreementNo}/call-offs`, u.operator, {
        dueDate: day(10),
        lines: [{ agreementLineNo: 1, quantity: '5' }],
      }),
    );
    expect(callOff.lines[0]).toMatchObject({ unitPrice: '1200.00', amount: '6000.00' });

    // Run again (the same hour, or the next day): nothing to do, nothing written.
    expect(await runJob()).toEqual({ moved: 0 });
    await nextDay();
    expect(await runJob()).toEqual({ moved: 0 });
    expect((await agreement(a.agreementNo)).version).toBe(on.version);
    expect(await priceApplied(a.agreementNo)).toHaveLength(1);
  });

  it('an agreement ended before the day keeps its price: only active agreements move', async () => {
    const a = await activeAgreement();
    const changed = ok(
      await f.post(`/api/v1/agreements/${a.agreementNo}/prices`, u.operator, {
        version: a.version,
        effectiveFrom: day(1),
        reason: '원자재 가격 상승',
        lines: [{ lineNo: 2, unitPrice: '550' }],
      }),
    );
    const ended = ok(
      await f.post(`/api/v1/agreements/${a.agreementNo}/terminate`, u.operator, {
        version: changed.version,
        reason: '거래 종료',
      }),
    );
    await nextDay();
    expect(await runJob()).toEqual({ moved: 0 });
    const after = await agreement(a.agreementNo);
    expect(after).toMatchObject({ status: 'TERMINATED', version: ended.version, lines: [{}, { unitPrice: '500.00' }] });
    expect(await priceApplied(a.agreementNo)).toEqual([]);
  });
});
