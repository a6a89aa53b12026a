import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { approveAll, businessDay, client, logins, ok, refused, type Who } from './helpers.js';

/**
 * Dated prices of an agreement's lines (docs/subcontracting.md "납품대금 연동"): changeAgreementPrices on an
 * active agreement writes a price from a day on, and a call-off is checked against the price in effect on its
 * order date — an order made before keeps its price, and so do its change orders under REFUSE; an order made
 * after must take the new one. The days are the business clock's, walked forward.
 */
describe('dated agreement prices', { timeout: 120_000 }, () => {
  let t: TestApp;
  let f: ReturnType<typeof client>;
  let u: Record<string, Who>;
  const who = ['operator', 'opadmin', 'uadmin1', 'supplier1'];
  beforeAll(async () => {
    t = await buildTestApp();
    f = client(t);
    u = await logins(t, who);
  });
  afterAll(() => t.close());

  const day = (days: number) => businessDay(t, days);

  /** A draft agreement of C00001 under REFUSE: one line at 1,000 a unit, 100 agreed, valid 60 days from today. */
  const draftAgreement = async () =>
    ok(
      await f.post('/api/v1/agreements', u.operator, {
        compNo: 'C00001',
        title: '단가 변경 시험 단가계약',
        currency: 'KRW',
        validFrom: day(0),
        validTo: day(60),
        ceilingAmount: null,
        callOffPolicy: 'REFUSE',
        lines: [{ itemCode: 'MRO0101-0001', unitPrice: '1000', agreedQty: '100' }],
      }),
    );

  async function activeAgreement() {
    const draft = await draftAgreement();
    const submitted = ok(
      await f.post(`/api/v1/agreements/${draft.agreementNo}/submit`, u.operator, { version: draft.version }),
    );
    await approveAll(f, u, submitted.approvals.at(-1));
    return ok(await f.get(`/api/v1/agreements/${draft.agreementNo}`, u.operator));
  }

  const callOff = (agreementNo: string, line: Record<string, unknown>) =>
    f.post(`/api/v1/agreements/${agreementNo}/call-offs`, u.operator, {
      dueDate: day(10),
      lines: [{ agreementLineNo: 1, ...line }],
    });

  /** A call-off of 10 sent to the supplier (a change order needs a sent order). */
  async function sentCallOff(agreementNo: string) {
    const po = ok(await callOff(agreementNo, { quantity: '10' }));
    const inApproval = ok(await f.post(`/api/v1/pos/${po.poNo}/submit`, u.operator, { version: po.version }));
    await approveAll(f, u, inApproval.approvals.at(-1));
    let sent = ok(await f.get(`/api/v1/pos/${po.poNo}`, u.operator));
    if (sent.status === 'APPROVED')
      sent = ok(await f.post(`/api/v1/pos/${po.poNo}/send`, u.operator, { version: sent.version }));
    expect(sent).toMatchObject({ status: 'SENT', poDate: day(0), totalAmount: '10000.00' });
    return sent;
  }

  const changePrices = (a: { agreementNo: string; version: number }, body: Record<string, unknown>, by = u.operator) =>
    f.post(`/api/v1/agreements/${a.agreementNo}/prices`, by, {
      version: a.version,
      effectiveFrom: day(0),
      reason: '원자재 가격 상승',
      lines: [{ lineNo: 1, unitPrice: '1200' }],
      ...body,
    });

  it('a new price from its day: an earlier call-off and its change orders keep the old one, a later call-off takes the new', async () => {
    const a = await activeAgreement();
    expect(a.lines[0].prices).toEqual([
      expect.objectContaining({ effectiveFrom: day(0), unitPrice: '1000.00', source: 'ORIGINAL', reference: null }),
    ]);
    const earlier = await sentCallOff(a.agreementNo);

    // Five days on, the price rises from that day.
    t.app.clock.advance(5 * 86_400_000);
    u = await logins(t, who);
    const changed = ok(await changePrices(a, { effectiveFrom: day(0) }));
    expect(changed.version).toBe(a.version + 1);
    expect(changed.lines[0].unitPrice).toBe('1200.00');
    expect(changed.lines[0].prices).toEqual([
      expect.objectContaining({ effectiveFrom: day(-5), unitPrice: '1000.00', source: 'ORIGINAL' }),
      expect.objectContaining({
        effectiveFrom: day(0),
        unitPrice: '1200.00',
        source: 'AMENDMENT',
        reference: '원자재 가격 상승',
        createdBy: expect.any(String),
      }),
    ]);
    expect(changed.history.map((h: { action: string }) => h.action)).toContain('PRICE_CHANGE');
    // The supplier reads the same dated prices.
    const seen = ok(await f.get(`/api/v1/cyber/agreements/${a.agreementNo}`, u.supplier1));
    expect(seen.lines[0].prices.map((p: { unitPrice: string }) => p.unitPrice)).toEqual(['1000.00', '1200.00']);

    // A call-off today at the old price is refused; the agreed price now is the new one.
    const old = refused(
      await callOff(a.agreementNo, { quantity: '5', unitPrice: '1000' }),
      409,
      'AGREEMENT_CALL_OFF_REFUSED',
    );
    expect(old.msg).toBe('1번 품목의 단가(1,000)가 계약 단가(1,200)와 다릅니다');
    const later = ok(await callOff(a.agreementNo, { quantity: '5' }));
    expect(later.lines[0]).toMatchObject({ unitPrice: '1200.00', amount: '6000.00' });

    // The earlier order is checked at its own date's price: a change at 1,000 passes, at 1,200 it is refused.
    const reduced = ok(
      await f.post(`/api/v1/pos/${earlier.poNo}/change`, u.operator, {
        version: earlier.version,
        reason: '수량 감소',
        lines: [{ lineNo: 1, quantity: '8' }],
      }),
    );
    expect(reduced).toMatchObject({ changeOutcome: 'APPLIED', totalAmount: '8000.00', agreementException: null });
    const raised = refused(
      await f.post(`/api/v1/pos/${earlier.poNo}/change`, u.operator, {
        version: reduced.version,
        reason: '단가 인상',
        lines: [{ lineNo: 1, quantity: '8', unitPrice: '1200' }],
      }),
      409,
      'AGREEMENT_CALL_OFF_REFUSED',
    );
    expect(raised.msg).toBe('1번 품목의 단가(1,200)가 계약 단가(1,000)와 다릅니다');

    // A price from a later day is kept for the orders of that day; the line shows today's until then.
    const ahead = ok(
      await changePrices(changed, { effectiveFrom: day(10), lines: [{ lineNo: 1, unitPrice: '1300' }] }),
    );
    expect(ahead.lines[0].unitPrice).toBe('1200.00');
    expect(ahead.lines[0].prices.at(-1)).toMatchObject({ effectiveFrom: day(10), unitPrice: '1300.00' });
  });

  it('refuses a day outside the validity and a price not above 0 (400), a stale version and an agreement not active (409)', async () => {
    const a = await activeAgreement();
    const before = refused(await changePrices(a, { effectiveFrom: day(-1) }), 400, 'VALIDATION');
    expect(before.details).toEqual([
      {
        path: 'body/effectiveFrom',
        message: `적용 시작일은 단가계약 유효기간(${day(0)} ~ ${day(60)}) 안이어야 합니다`,
      },
    ]);
    refused(await changePrices(a, { effectiveFrom: day(61) }), 400, 'VALIDATION');
    const zero = refused(await changePrices(a, { lines: [{ lineNo: 1, unitPrice: '0' }] }), 400, 'VALIDATION');
    expect(zero.msg).toBe('단가는 0보다 커야 합니다');
    refused(await changePrices(a, { lines: [{ lineNo: 1, unitPrice: '-5' }] }), 400, 'VALIDATION');
    const noLine = refused(await changePrices(a, { lines: [{ lineNo: 9, unitPrice: '1200' }] }), 400, 'VALIDATION');
    expect(noLine.msg).toBe('단가계약에 없는 품목 줄입니다: 9');
    refused(await changePrices(a, { reason: ' ' }), 400, 'VALIDATION');
    refused(await changePrices({ ...a, version: a.version - 1 }, {}), 409, 'VERSION_CONFLICT');

    // Nothing was written by the refusals.
    const after = ok(await f.get(`/api/v1/agreements/${a.agreementNo}`, u.operator));
    expect(after).toMatchObject({ version: a.version });
    expect(after.lines[0].prices).toHaveLength(1);

    const draft = await draftAgreement();
    const state = refused(await changePrices(draft, {}), 409, 'INVALID_STATE');
    expect(state.msg).toBe('유효한 단가계약만 단가를 변경할 수 있습니다(작성)');
    expect(draft.lines[0].prices).toEqual([]);
  });

  it('the supplier may not change prices (403)', async () => {
    const a = await activeAgreement();
    expect((await changePrices(a, {}, u.supplier1)).statusCode).toBe(403);
  });
});
