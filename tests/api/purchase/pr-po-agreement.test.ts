import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { awardedRfq, client, day, logins, ok, prBody, receivedPr, refused, type Flow } from './helpers.js';

/**
 * The PR → PO path (an awarded quotation request → POST /api/v1/pos, docs/agreements.md "PR lines
 * from agreement"): a PR line that names an agreement line makes a PO line against it, checked and
 * consumed as a call-off line is (remaining quantity, price, supplier, validity by the business
 * clock), and the order's cancellation gives it back.
 */
describe('the PR → PO path with agreement lines', { timeout: 180_000 }, () => {
  let t: TestApp;
  let f: Flow;
  beforeAll(async () => {
    t = await buildTestApp();
    f = {
      ...client(t),
      u: await logins(t, ['buyer', 'uadmin1', 'opadmin', 'operator', 'supplier1', 'supplier2']),
    };
  });
  afterAll(() => t.close());

  async function activeAgreement(overrides: Record<string, unknown> = {}, line: Record<string, unknown> = {}) {
    const draft = ok(
      await f.post('/api/v1/agreements', f.u.operator, {
        compNo: 'C00001',
        title: '발주 경로 단가계약',
        currency: 'KRW',
        validFrom: day(0),
        validTo: day(30),
        lines: [
          { itemCode: 'MRO0101-0001', unitPrice: '1000', agreedQty: '100', ...line },
          { itemName: '비규격 브래킷', unitCode: 'EA', unitPrice: '500' },
        ],
        ...overrides,
      }),
    );
    const submitted = ok(
      await f.post(`/api/v1/agreements/${draft.agreementNo}/submit`, f.u.operator, { version: draft.version }),
    );
    const a = submitted.approvals.at(-1);
    ok(await f.post(`/api/v1/approvals/${a.approvalId}/approve`, f.u.opadmin, { version: a.version }));
    return ok(await f.get(`/api/v1/agreements/${draft.agreementNo}`, f.u.operator));
  }

  /** A PR whose first line names the agreement's line 1 (quantity `qty` at `price`), the second an ordinary line; quoted and awarded. */
  async function awardedPr(agreementNo: string, winner: 'C00001' | 'C00002', qty = '5', price = '1000') {
    return awardedRfq(
      f,
      winner,
      prBody({
        lines: [
          { agreementNo, agreementLineNo: 1, quantity: qty, estUnitPrice: price },
          { itemName: '일반 부품', unitCode: 'EA', quantity: '2', estUnitPrice: '1000' },
        ],
      }),
    );
  }

  const order = (rfq: { rfqNo: string; version: number }) =>
    f.post('/api/v1/pos', f.u.operator, { rfqNo: rfq.rfqNo, rfqVersion: rfq.version, dueDate: day(10) });

  const agreement = async (agreementNo: string) => ok(await f.get(`/api/v1/agreements/${agreementNo}`, f.u.operator));

  /** The call-off dialog's rows opened from a PR (`callOffLines` of the agreement read with the PR's number). */
  const dialogRows = async (agreementNo: string, prNo: string): Promise<Array<Record<string, unknown>>> =>
    ok(await f.get(`/api/v1/agreements/${agreementNo}?prNo=${prNo}`, f.u.operator)).callOffLines;

  /** ordered + remaining = agreed on every line with an agreed quantity. */
  function holds(ag: { lines: Array<{ agreedQty: string | null; orderedQty: string; remainingQty: string | null }> }) {
    for (const l of ag.lines)
      if (l.agreedQty !== null) expect(Number(l.orderedQty) + Number(l.remainingQty)).toBe(Number(l.agreedQty));
  }

  it('the PO line carries the agreement line and consumes it; cancelling the order gives it back', async () => {
    const ag = await activeAgreement();
    const rfq = await awardedPr(ag.agreementNo, 'C00001');
    const po = ok(await order(rfq));
    expect(
      po.lines.map((l: Record<string, unknown>) => [l.lineNo, l.agreementNo, l.agreementLineNo, l.unitPrice]),
    ).toEqual([
      [1, ag.agreementNo, 1, '1000.00'],
      [2, null, null, '1000.00'],
    ]);
    expect(po.agreementException).toBeNull();
    const after = await agreement(ag.agreementNo);
    expect(after.lines[0]).toMatchObject({ orderedQty: '5.000', orderedAmount: '5000.00', remainingQty: '95.000' });
    expect(after.orderedAmount).toBe('5000.00');
    expect(after.callOffs.map((c: { poNo: string; agreementLineNo: number }) => [c.poNo, c.agreementLineNo])).toEqual([
      [po.poNo, 1],
    ]);
    holds(after);
    // The order says which PR line each of its lines orders: the call-off dialog from the PR no
    // longer offers the PR's line 1 (fully ordered), until the order is cancelled.
    expect((await dialogRows(ag.agreementNo, rfq.prNo)).map((r) => [r.agreementLineNo, r.prLineNo])).toEqual([
      [1, null],
      [2, null],
    ]);
    ok(await f.post(`/api/v1/pos/${po.poNo}/cancel`, f.u.operator, { version: po.version, reason: '시험 취소' }));
    const back = await agreement(ag.agreementNo);
    expect(back.lines[0]).toMatchObject({ orderedQty: '0.000', orderedAmount: '0.00', remainingQty: '100.000' });
    expect(back.orderedAmount).toBe('0.00');
    holds(back);
    expect((await dialogRows(ag.agreementNo, rfq.prNo))[0]).toMatchObject({ prLineNo: 1, prRemainingQty: '5.000' });
  });

  it('the call-off dialog from a PR: a row per PR line naming the agreement line, less what the PR’s live orders ordered', async () => {
    const ag = await activeAgreement();
    // Lines 1 and 3 name the agreement's line 1; line 2 is an ordinary part.
    const pr = await receivedPr(
      f,
      prBody({
        lines: [
          { agreementNo: ag.agreementNo, agreementLineNo: 1, quantity: '10', estUnitPrice: '1000' },
          { itemName: '일반 부품', unitCode: 'EA', quantity: '2', estUnitPrice: '1000' },
          { agreementNo: ag.agreementNo, agreementLineNo: 1, quantity: '4', estUnitPrice: '1000' },
        ],
      }),
    );
    const shape = (rows: Array<Record<string, unknown>>) =>
      rows.map((r) => [r.rowNo, r.agreementLineNo, r.prLineNo, r.prQuantity, r.prOrderedQty, r.prRemainingQty]);
    // Without the PR: the agreement's lines, one row each, nothing of a PR.
    expect(shape(ok(await f.get(`/api/v1/agreements/${ag.agreementNo}`, f.u.operator)).callOffLines)).toEqual([
      [1, 1, null, null, null, null],
      [2, 2, null, null, null, null],
    ]);
    expect(shape(await dialogRows(ag.agreementNo, pr.prNo))).toEqual([
      [1, 1, 1, '10.000', '0.000', '10.000'],
      [2, 1, 3, '4.000', '0.000', '4.000'],
      [3, 2, null, null, null, null],
    ]);
    const callOff = (lines: unknown[]) =>
      f.post(`/api/v1/agreements/${ag.agreementNo}/call-offs`, f.u.operator, {
        dueDate: day(10),
        prNo: pr.prNo,
        lines,
      });
    // 6 of line 1 ordered: 4 left of it.
    const first = ok(await callOff([{ prLineNo: 1, quantity: '6' }]));
    expect(shape(await dialogRows(ag.agreementNo, pr.prNo))).toEqual([
      [1, 1, 1, '10.000', '6.000', '4.000'],
      [2, 1, 3, '4.000', '0.000', '4.000'],
      [3, 2, null, null, null, null],
    ]);
    // Line 3 ordered in full: no longer offered; line 1 keeps its rest.
    const second = ok(await callOff([{ prLineNo: 3, quantity: '4' }]));
    expect(shape(await dialogRows(ag.agreementNo, pr.prNo))).toEqual([
      [1, 1, 1, '10.000', '6.000', '4.000'],
      [2, 2, null, null, null, null],
    ]);
    // The rest of line 1 ordered too: the agreement's line 1 is offered without a PR line.
    const third = ok(await callOff([{ prLineNo: 1, quantity: '4' }]));
    expect(shape(await dialogRows(ag.agreementNo, pr.prNo))).toEqual([
      [1, 1, null, null, null, null],
      [2, 2, null, null, null, null],
    ]);
    // A cancelled order gives back what it ordered of the PR lines.
    ok(
      await f.post(`/api/v1/pos/${second.poNo}/cancel`, f.u.operator, { version: second.version, reason: '시험 취소' }),
    );
    ok(await f.post(`/api/v1/pos/${first.poNo}/cancel`, f.u.operator, { version: first.version, reason: '시험 취소' }));
    expect(shape(await dialogRows(ag.agreementNo, pr.prNo))).toEqual([
      [1, 1, 1, '10.000', '4.000', '6.000'],
      [2, 1, 3, '4.000', '0.000', '4.000'],
      [3, 2, null, null, null, null],
    ]);
    expect((await agreement(ag.agreementNo)).lines[0].orderedQty).toBe('4.000');
    expect(third.lines.map((l: { lineNo: number }) => l.lineNo)).toEqual([1]);
  });

  it('refuses more than the line’s remaining quantity, and changes nothing', async () => {
    const ag = await activeAgreement({}, { agreedQty: '3' });
    const rfq = await awardedPr(ag.agreementNo, 'C00001');
    const over = refused(await order(rfq), 409, 'AGREEMENT_CALL_OFF_REFUSED');
    expect(over.msg).toBe('1번 품목의 발주 수량(5)이 계약 잔여 수량(3)을 넘습니다');
    const after = await agreement(ag.agreementNo);
    expect(after.lines[0]).toMatchObject({ orderedQty: '0.000', remainingQty: '3.000' });
    expect(after.callOffs).toEqual([]);
    expect(ok(await f.get(`/api/v1/rfqs/${rfq.rfqNo}`, f.u.operator)).poNo).toBeNull();
  });

  it('refuses a quoted price other than the agreed one; under APPROVE orders it for the approvers', async () => {
    const ag = await activeAgreement({}, { unitPrice: '1200' });
    const price = refused(await order(await awardedPr(ag.agreementNo, 'C00001', '5', '1200')), 409);
    expect(price.code).toBe('AGREEMENT_CALL_OFF_REFUSED');
    expect(price.msg).toBe('1번 품목의 단가(1,000)가 계약 단가(1,200)와 다릅니다');
    expect((await agreement(ag.agreementNo)).lines[0].orderedQty).toBe('0.000');

    const lenient = await activeAgreement({ callOffPolicy: 'APPROVE' }, { unitPrice: '1200' });
    const po = ok(await order(await awardedPr(lenient.agreementNo, 'C00001', '5', '1200')));
    expect(po.agreementException).toBe('1번 품목의 단가(1,000)가 계약 단가(1,200)와 다릅니다');
    expect(po.lines[0]).toMatchObject({ agreementNo: lenient.agreementNo, agreementLineNo: 1, unitPrice: '1000.00' });
    expect((await agreement(lenient.agreementNo)).lines[0].orderedQty).toBe('5.000');
  });

  it('refuses an order to another supplier than the agreement’s', async () => {
    const ag = await activeAgreement();
    const other = refused(await order(await awardedPr(ag.agreementNo, 'C00002')), 409, 'AGREEMENT_SUPPLIER_MISMATCH');
    expect(other.msg).toBe(`단가계약 ${ag.agreementNo}의 협력사가 발주 협력사와 다릅니다`);
    expect((await agreement(ag.agreementNo)).lines[0].orderedQty).toBe('0.000');
  });

  // Last: the business clock only moves forward.
  it('refuses an agreement past its last valid day by the business clock', async () => {
    const ag = await activeAgreement({ validTo: day(3) });
    const rfq = await awardedPr(ag.agreementNo, 'C00001');
    t.app.clock.advance(5 * 86_400_000);
    const late = refused(await order(rfq), 409, 'AGREEMENT_CALL_OFF_REFUSED');
    expect(late.msg).toBe(`단가계약 ${ag.agreementNo}의 유효기간(${day(3)}까지)이 지났습니다`);
    expect((await agreement(ag.agreementNo)).lines[0].orderedQty).toBe('0.000');
  });
});
