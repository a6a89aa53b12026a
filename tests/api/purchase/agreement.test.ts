import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireLapsedAgreements } from '../../../server/modules/purchase/agreement/service.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { awardedRfq, client, day, logins, ok, prBody, receivedPr, refused, type Flow } from './helpers.js';

/**
 * Framework agreements (docs/agreements.md): made by hand or from an award, approved by rule, read
 * by their supplier only, ordered against by call-offs that take the agreed price and consume the
 * remaining quantity and ceiling in the order's transaction; refusals, the APPROVE policy, the budget
 * at the call-off, cancellations giving back, a race of call-offs, expiry by the app's clock.
 */
describe('framework agreements and call-offs', { timeout: 120_000 }, () => {
  let t: TestApp;
  let f: Flow;
  beforeAll(async () => {
    t = await buildTestApp();
    f = {
      ...client(t),
      u: await logins(t, ['buyer', 'uadmin1', 'opadmin', 'operator', 'admin', 'monitor', 'supplier1', 'supplier2']),
    };
  });
  afterAll(() => t.close());

  const body = (overrides: Record<string, unknown> = {}) => ({
    compNo: 'C00001',
    title: '베어링 단가계약',
    currency: 'KRW',
    validFrom: day(0),
    validTo: day(30),
    ceilingAmount: '200000',
    lines: [
      { itemCode: 'MRO0101-0001', unitPrice: '1000', agreedQty: '100' },
      { itemName: '비규격 브래킷', unitCode: 'EA', unitPrice: '500' },
    ],
    ...overrides,
  });

  /** Creates, submits and has opadmin approve an agreement; answers its detail. */
  async function activeAgreement(overrides: Record<string, unknown> = {}) {
    const draft = ok(await f.post('/api/v1/agreements', f.u.operator, body(overrides)));
    expect(draft.status).toBe('DRAFT');
    const submitted = ok(
      await f.post(`/api/v1/agreements/${draft.agreementNo}/submit`, f.u.operator, { version: draft.version }),
    );
    expect(submitted.status).toBe('IN_APPROVAL');
    const a = submitted.approvals.at(-1);
    expect(a.docType).toBe('AGREEMENT');
    const decided = ok(await f.post(`/api/v1/approvals/${a.approvalId}/approve`, f.u.opadmin, { version: a.version }));
    expect(decided.documentStatus).toBe('ACTIVE');
    return ok(await f.get(`/api/v1/agreements/${draft.agreementNo}`, f.u.operator));
  }

  const callOff = (agreementNo: string, lines: unknown[], extra: Record<string, unknown> = {}) =>
    f.post(`/api/v1/agreements/${agreementNo}/call-offs`, f.u.operator, { dueDate: day(10), lines, ...extra });

  const lineOf = async (agreementNo: string, lineNo: number) =>
    ok(await f.get(`/api/v1/agreements/${agreementNo}`, f.u.operator)).lines.find(
      (l: { lineNo: number }) => l.lineNo === lineNo,
    );

  it('made by hand, approved by the AGREEMENT rule; the supplier reads its own only', async () => {
    const ag = await activeAgreement();
    expect(
      ag.lines.map((l: Record<string, unknown>) => [l.lineNo, l.unitPrice, l.agreedQty, l.orderedQty, l.remainingQty]),
    ).toEqual([
      [1, '1000.00', '100.000', '0.000', '100.000'],
      [2, '500.00', null, '0.000', null],
    ]);
    expect(ag.remainingAmount).toBe('200000.00');
    expect(ag.actions).toEqual(expect.arrayContaining(['terminate', 'callOff']));

    const mine = ok(await f.get('/api/v1/cyber/agreements', f.u.supplier1));
    expect(mine.rows.map((r: { agreementNo: string }) => r.agreementNo)).toContain(ag.agreementNo);
    expect(ok(await f.get(`/api/v1/cyber/agreements/${ag.agreementNo}`, f.u.supplier1)).lines).toHaveLength(2);
    // supplier2 sees none of supplier1's agreements, by list or by number.
    const theirs = ok(await f.get('/api/v1/cyber/agreements?size=500', f.u.supplier2));
    expect(theirs.rows.every((r: { compNo: string }) => r.compNo === 'C00002')).toBe(true);
    refused(await f.get(`/api/v1/cyber/agreements/${ag.agreementNo}`, f.u.supplier2), 404, 'AGREEMENT_NOT_FOUND');
    const foreign = ok(await f.get(`/api/v1/cyber/agreements?compNo=C00001`, f.u.supplier2));
    expect(foreign.rows.every((r: { compNo: string }) => r.compNo === 'C00002')).toBe(true);
    // A draft is not the supplier's to see.
    const draft = ok(await f.post('/api/v1/agreements', f.u.operator, body()));
    refused(await f.get(`/api/v1/cyber/agreements/${draft.agreementNo}`, f.u.supplier1), 404);
    // Staff without write on the agreement screens cannot make one; a supplier cannot call the staff routes.
    refused(await f.post('/api/v1/agreements', f.u.monitor, body()), 403);
    refused(await f.get('/api/v1/agreements', f.u.supplier1), 403);
  });

  it('validates the draft with Korean messages per field', async () => {
    const bad = refused(
      await f.post(
        '/api/v1/agreements',
        f.u.operator,
        body({
          validTo: day(-5),
          validFrom: day(0),
          ceilingAmount: '-1',
          lines: [{ itemCode: 'NOPE', unitPrice: 'x' }],
        }),
      ),
      400,
      'VALIDATION',
    );
    expect(bad.details!.map((d) => d.path)).toEqual(
      expect.arrayContaining(['body/validTo', 'body/ceilingAmount', 'body/lines/0/unitPrice', 'body/lines/0/itemCode']),
    );
  });

  it("refuses a body the schema refuses in Korean, the path naming the missing field (not ajv's English)", async () => {
    const { lines: _lines, ...noLines } = body();
    const bad = refused(await f.post('/api/v1/agreements', f.u.operator, noLines), 400, 'VALIDATION');
    expect(bad.details).toEqual([
      { path: 'body/lines', message: '필수 입력 항목입니다.', params: { missingProperty: 'lines' } },
    ]);
    expect(bad.msg).toBe('요청 값이 올바르지 않습니다: 필수 입력 항목입니다.');
    const long = refused(await f.post('/api/v1/agreements', f.u.operator, body({ title: '가'.repeat(201) })), 400);
    expect(long.details![0]).toMatchObject({ path: 'body/title', message: '200자를 넘을 수 없습니다.' });
    // No English sentence of the schema checker anywhere in the answer's words.
    for (const answer of [bad, long])
      expect([answer.msg, ...answer.details!.map((d) => d.message)].join(' ')).not.toMatch(/must|property|[a-z]{4,}/);
  });

  it('a draft is changed with its version (lines replaced); a stale version is refused; only a draft', async () => {
    const draft = ok(await f.post('/api/v1/agreements', f.u.operator, body()));
    const changed = ok(
      await f.put(`/api/v1/agreements/${draft.agreementNo}`, f.u.operator, {
        ...body({ title: '베어링 단가계약 (수정)', callOffPolicy: 'APPROVE' }),
        lines: [{ itemCode: 'MRO0101-0001', unitPrice: '950', agreedQty: '200' }],
        version: draft.version,
      }),
    );
    expect(changed).toMatchObject({
      title: '베어링 단가계약 (수정)',
      callOffPolicy: 'APPROVE',
      version: draft.version + 1,
    });
    expect(changed.lines.map((l: Record<string, unknown>) => [l.lineNo, l.unitPrice, l.agreedQty])).toEqual([
      [1, '950.00', '200.000'],
    ]);
    refused(
      await f.put(`/api/v1/agreements/${draft.agreementNo}`, f.u.operator, { ...body(), version: draft.version }),
      409,
      'VERSION_CONFLICT',
    );
    const active = await activeAgreement();
    refused(
      await f.put(`/api/v1/agreements/${active.agreementNo}`, f.u.operator, { ...body(), version: active.version }),
      409,
      'INVALID_STATE',
    );
  });

  it('a draft is deleted with its version; a submitted one is withdrawn before its approval and is a draft again', async () => {
    const draft = ok(await f.post('/api/v1/agreements', f.u.operator, body()));
    expect(draft.actions).toEqual(expect.arrayContaining(['update', 'delete', 'submit']));
    refused(
      await f.del(`/api/v1/agreements/${draft.agreementNo}?version=${draft.version + 1}`, f.u.operator),
      409,
      'VERSION_CONFLICT',
    );
    refused(await f.del(`/api/v1/agreements/${draft.agreementNo}?version=${draft.version}`, f.u.monitor), 403);
    refused(await f.del(`/api/v1/agreements/${draft.agreementNo}?version=${draft.version}`, f.u.supplier1), 403);
    expect(ok(await f.del(`/api/v1/agreements/${draft.agreementNo}?version=${draft.version}`, f.u.operator))).toEqual({
      code: 'OK',
    });
    refused(await f.get(`/api/v1/agreements/${draft.agreementNo}`, f.u.operator), 404, 'AGREEMENT_NOT_FOUND');
    const listed = ok(await f.get(`/api/v1/agreements?agreementNo=${draft.agreementNo}`, f.u.operator));
    expect(listed.total).toBe(0);
    refused(await f.del(`/api/v1/agreements/${draft.agreementNo}?version=${draft.version}`, f.u.operator), 404);

    // Submitted, then taken back: the approval is withdrawn and the approver can no longer decide it.
    const second = ok(await f.post('/api/v1/agreements', f.u.operator, body()));
    const submitted = ok(
      await f.post(`/api/v1/agreements/${second.agreementNo}/submit`, f.u.operator, { version: second.version }),
    );
    expect(submitted.actions).toContain('withdraw');
    expect(submitted.actions).not.toContain('delete');
    refused(
      await f.del(`/api/v1/agreements/${second.agreementNo}?version=${submitted.version}`, f.u.operator),
      409,
      'INVALID_STATE',
    );
    const round = submitted.approvals.at(-1);
    refused(
      await f.post(`/api/v1/agreements/${second.agreementNo}/withdraw`, f.u.operator, { version: second.version }),
      409,
      'VERSION_CONFLICT',
    );
    refused(
      await f.post(`/api/v1/agreements/${second.agreementNo}/withdraw`, f.u.monitor, { version: submitted.version }),
      403,
    );
    const withdrawn = ok(
      await f.post(`/api/v1/agreements/${second.agreementNo}/withdraw`, f.u.operator, { version: submitted.version }),
    );
    expect(withdrawn).toMatchObject({ status: 'DRAFT', approvalStatus: 'WITHDRAWN', version: submitted.version + 1 });
    expect(withdrawn.approvals.at(-1)).toMatchObject({ approvalId: round.approvalId, status: 'WITHDRAWN' });
    expect(withdrawn.actions).toEqual(expect.arrayContaining(['update', 'delete', 'submit']));
    expect(
      (await f.post(`/api/v1/approvals/${round.approvalId}/approve`, f.u.opadmin, { version: round.version }))
        .statusCode,
    ).toBe(409);
    // A draft again: changed, submitted anew and approved.
    const changed = ok(
      await f.put(`/api/v1/agreements/${second.agreementNo}`, f.u.operator, {
        ...body({ title: '베어링 단가계약 (회수 후 수정)' }),
        version: withdrawn.version,
      }),
    );
    const again = ok(
      await f.post(`/api/v1/agreements/${second.agreementNo}/submit`, f.u.operator, { version: changed.version }),
    );
    const next = again.approvals.at(-1);
    expect(next.approvalId).not.toBe(round.approvalId);
    ok(await f.post(`/api/v1/approvals/${next.approvalId}/approve`, f.u.opadmin, { version: next.version }));
    const active = ok(await f.get(`/api/v1/agreements/${second.agreementNo}`, f.u.operator));
    expect(active).toMatchObject({ status: 'ACTIVE', approvalStatus: 'APPROVED' });
    // Neither applies once approved.
    refused(
      await f.post(`/api/v1/agreements/${second.agreementNo}/withdraw`, f.u.operator, { version: active.version }),
      409,
      'INVALID_STATE',
    );
    refused(
      await f.del(`/api/v1/agreements/${second.agreementNo}?version=${active.version}`, f.u.operator),
      409,
      'INVALID_STATE',
    );
  });

  it('call-offs take the agreed price and consume the line; beyond it, at another price or over the ceiling: 409', async () => {
    const ag = await activeAgreement();
    const po = ok(await callOff(ag.agreementNo, [{ agreementLineNo: 1, quantity: '40' }]));
    expect(po.status).toBe('DRAFT');
    expect(po.compNo).toBe('C00001');
    expect(po.lines.map((l: Record<string, unknown>) => [l.quantity, l.unitPrice, l.amount])).toEqual([
      ['40.000', '1000.00', '40000.00'],
    ]);
    expect(await lineOf(ag.agreementNo, 1)).toMatchObject({
      orderedQty: '40.000',
      remainingQty: '60.000',
      orderedAmount: '40000.00',
    });

    const over = refused(
      await callOff(ag.agreementNo, [{ agreementLineNo: 1, quantity: '61' }]),
      409,
      'AGREEMENT_CALL_OFF_REFUSED',
    );
    expect(over.msg).toBe('1번 품목의 발주 수량(61)이 계약 잔여 수량(60)을 넘습니다');
    const price = refused(
      await callOff(ag.agreementNo, [{ agreementLineNo: 1, quantity: '1', unitPrice: '900' }]),
      409,
      'AGREEMENT_CALL_OFF_REFUSED',
    );
    expect(price.msg).toBe('1번 품목의 단가(900)가 계약 단가(1,000)와 다릅니다');
    // Line 2 has no agreed quantity: the ceiling binds it. 40,000 + 320 × 500 = 200,000 fits exactly; one more does not.
    ok(await callOff(ag.agreementNo, [{ agreementLineNo: 2, quantity: '320' }]));
    const ceiling = refused(await callOff(ag.agreementNo, [{ agreementLineNo: 2, quantity: '1' }]), 409);
    expect(ceiling.msg).toBe('발주 금액(500)이 단가계약 한도 잔액(0)을 넘습니다');
    refused(await callOff(ag.agreementNo, [{ agreementLineNo: 9, quantity: '1' }]), 400, 'VALIDATION');
    expect((await lineOf(ag.agreementNo, 1)).orderedQty).toBe('40.000');

    // Cancelling the first call-off gives its 40 back.
    ok(await f.post(`/api/v1/pos/${po.poNo}/cancel`, f.u.operator, { version: po.version, reason: '수량 재검토' }));
    expect(await lineOf(ag.agreementNo, 1)).toMatchObject({ orderedQty: '0.000', remainingQty: '100.000' });
    const detail = ok(await f.get(`/api/v1/agreements/${ag.agreementNo}`, f.u.operator));
    expect(detail.orderedAmount).toBe('160000.00');
    expect(detail.callOffs.map((c: Record<string, unknown>) => [c.poNo === po.poNo, c.status])).toEqual(
      expect.arrayContaining([
        [true, 'CANCELLED'],
        [false, 'DRAFT'],
      ]),
    );
  });

  it('a terminated agreement refuses call-offs; under the APPROVE policy an excess is made and marked for approval', async () => {
    const ag = await activeAgreement();
    ok(
      await f.post(`/api/v1/agreements/${ag.agreementNo}/terminate`, f.u.operator, {
        version: ag.version,
        reason: '공급 중단',
      }),
    );
    const gone = refused(await callOff(ag.agreementNo, [{ agreementLineNo: 1, quantity: '1' }]), 409);
    expect(gone.msg).toContain('유효한 단가계약이 아닙니다(종료)');

    const lenient = await activeAgreement({ callOffPolicy: 'APPROVE' });
    const po = ok(await callOff(lenient.agreementNo, [{ agreementLineNo: 1, quantity: '120' }]));
    expect(po.agreementException).toBe('1번 품목의 발주 수량(120)이 계약 잔여 수량(100)을 넘습니다');
    expect(await lineOf(lenient.agreementNo, 1)).toMatchObject({ orderedQty: '120.000', remainingQty: '-20.000' });
  });

  it('every order line is checked on its own: a second line on one agreement line at another price is refused (REFUSE) or shown to the approvers (APPROVE)', async () => {
    const ag = await activeAgreement({ ceilingAmount: null });
    const twoLines = [
      { agreementLineNo: 1, quantity: '1' },
      { agreementLineNo: 1, quantity: '1', unitPrice: '900000' },
    ];
    const price = refused(await callOff(ag.agreementNo, twoLines), 409, 'AGREEMENT_CALL_OFF_REFUSED');
    expect(price.msg).toBe('1번 품목의 단가(900,000)가 계약 단가(1,000)와 다릅니다');
    expect(price.details).toMatchObject({
      agreementNo: ag.agreementNo,
      problems: [{ kind: 'PRICE', lineNo: 1, orderLineNo: 2 }],
    });
    // Each line's quantity against what the lines before it left: 60 + 41 of 100.
    const over = refused(
      await callOff(ag.agreementNo, [
        { agreementLineNo: 1, quantity: '60' },
        { agreementLineNo: 1, quantity: '41' },
      ]),
      409,
    );
    expect(over.msg).toBe('1번 품목의 발주 수량(41)이 계약 잔여 수량(40)을 넘습니다');
    expect(await lineOf(ag.agreementNo, 1)).toMatchObject({ orderedQty: '0.000', orderedAmount: '0.00' });

    // A simple order takes the same check.
    const simple = refused(
      await f.post('/api/v1/simple-orders', f.u.operator, {
        compNo: 'C00001',
        title: '두 줄 소액발주',
        currency: 'KRW',
        dueDate: day(10),
        lines: [
          { agreementNo: ag.agreementNo, agreementLineNo: 1, quantity: '1', unitPrice: '1000' },
          { agreementNo: ag.agreementNo, agreementLineNo: 1, quantity: '1', unitPrice: '9000' },
        ],
      }),
      409,
      'AGREEMENT_CALL_OFF_REFUSED',
    );
    expect(simple.msg).toBe('1번 품목의 단가(9,000)가 계약 단가(1,000)와 다릅니다');

    // APPROVE: made, counted at each line's own amount, and the approvers read why on the order.
    const lenient = await activeAgreement({ callOffPolicy: 'APPROVE', ceilingAmount: null });
    const po = ok(await callOff(lenient.agreementNo, twoLines));
    expect(po.agreementException).toBe('1번 품목의 단가(900,000)가 계약 단가(1,000)와 다릅니다');
    expect(await lineOf(lenient.agreementNo, 1)).toMatchObject({ orderedQty: '2.000', orderedAmount: '901000.00' });
    const submitted = ok(await f.post(`/api/v1/pos/${po.poNo}/submit`, f.u.operator, { version: po.version }));
    const approver = submitted.approvals.at(-1).steps.find((s: { status: string }) => s.status === 'PENDING');
    const who = approver.approverId === 'E000006' ? f.u.uadmin1 : f.u.opadmin;
    expect(ok(await f.get(`/api/v1/pos/${po.poNo}`, who)).agreementException).toBe(
      '1번 품목의 단가(900,000)가 계약 단가(1,000)와 다릅니다',
    );
  });

  it('the consumption report: per line agreed, ordered, remaining, % consumed and the ceiling; filters; staff only', async () => {
    const ag = await activeAgreement();
    ok(
      await callOff(ag.agreementNo, [
        { agreementLineNo: 1, quantity: '40' },
        { agreementLineNo: 2, quantity: '10' },
      ]),
    );
    const draft = ok(await f.post('/api/v1/agreements', f.u.operator, body()));
    const report = (query: string) =>
      f.get(`/api/v1/agreements/consumption?agreementNo=${ag.agreementNo}&${query}`, f.u.operator);
    const all = ok(await report('sort=consumedPct:desc'));
    expect(all.total).toBe(2);
    expect(all.rows[0]).toMatchObject({
      lineKey: `${ag.agreementNo}-1`,
      agreementNo: ag.agreementNo,
      compNo: 'C00001',
      status: 'ACTIVE',
      validTo: day(30),
      lineNo: 1,
      itemCode: 'MRO0101-0001',
      unitPrice: '1000.00',
      agreedQty: '100.000',
      agreedAmount: '100000.00',
      orderedQty: '40.000',
      orderedAmount: '40000.00',
      remainingQty: '60.000',
      remainingAmount: '60000.00',
      consumedPct: '40.0',
      ceilingAmount: '200000.00',
      agreementOrderedAmount: '45000.00',
      ceilingPct: '22.5',
    });
    // A price-only line: what was ordered, nothing agreed to consume (sorted last: no share).
    expect(all.rows[1]).toMatchObject({
      lineNo: 2,
      itemName: '비규격 브래킷',
      agreedQty: null,
      agreedAmount: null,
      orderedQty: '10.000',
      orderedAmount: '5000.00',
      remainingQty: null,
      consumedPct: null,
    });
    expect(ok(await report('itemCode=MRO0101-0001')).rows.map((r: { lineNo: number }) => r.lineNo)).toEqual([1]);
    expect(ok(await report('itemName=브래킷')).rows.map((r: { lineNo: number }) => r.lineNo)).toEqual([2]);
    expect(ok(await report('compNo=C00002')).total).toBe(0);
    expect(ok(await report('status=EXPIRED&status=TERMINATED')).total).toBe(0);
    expect(ok(await report(`validOn=${day(40)}`)).total).toBe(0);
    expect(ok(await report(`validOn=${day(5)}&status=ACTIVE`)).total).toBe(2);
    // A draft has nothing ordered against it: not in the report unless asked for.
    const drafts = (q: string) =>
      f.get(`/api/v1/agreements/consumption?agreementNo=${draft.agreementNo}${q}`, f.u.operator);
    expect(ok(await drafts('')).total).toBe(0);
    expect(ok(await drafts('&status=DRAFT')).total).toBe(2);
    // Staff only; the supplier reads its own agreement's figures on its detail (as sent to it: below).
    refused(await f.get('/api/v1/agreements/consumption', f.u.supplier1), 403);
  });

  it('the supplier’s figures are the orders sent to it: drafts reserve on the buyer’s side only; a cancellation gives back', async () => {
    const ag = await activeAgreement();
    const first = ok(await callOff(ag.agreementNo, [{ agreementLineNo: 1, quantity: '30' }]));
    const second = ok(
      await callOff(ag.agreementNo, [
        { agreementLineNo: 1, quantity: '20' },
        { agreementLineNo: 2, quantity: '4' },
      ]),
    );
    const supplierView = async () => {
      const d = ok(await f.get(`/api/v1/cyber/agreements/${ag.agreementNo}`, f.u.supplier1));
      const row = ok(await f.get(`/api/v1/cyber/agreements?agreementNo=${ag.agreementNo}`, f.u.supplier1)).rows.find(
        (r: { agreementNo: string }) => r.agreementNo === ag.agreementNo,
      );
      return {
        lines: d.lines.map((l: Record<string, unknown>) => [l.lineNo, l.orderedQty, l.orderedAmount, l.remainingQty]),
        orderedAmount: d.orderedAmount,
        remainingAmount: d.remainingAmount,
        listed: row.orderedAmount,
        callOffs: d.callOffs.map((c: Record<string, unknown>) => [c.poNo, c.status]),
      };
    };
    // Two drafts: the buyer's counters hold them; the supplier has been sent nothing.
    expect((await lineOf(ag.agreementNo, 1)).orderedQty).toBe('50.000');
    expect(await supplierView()).toEqual({
      lines: [
        [1, '0.000', '0.00', '100.000'],
        [2, '0.000', '0.00', null],
      ],
      orderedAmount: '0.00',
      remainingAmount: '200000.00',
      listed: '0.00',
      callOffs: [],
    });

    // The first approved: C00001 takes orders on approval, so it is sent and counts for the supplier.
    const submitted = ok(await f.post(`/api/v1/pos/${first.poNo}/submit`, f.u.operator, { version: first.version }));
    const round = submitted.approvals.at(-1);
    ok(await f.post(`/api/v1/approvals/${round.approvalId}/approve`, f.u.opadmin, { version: round.version }));
    expect(await supplierView()).toEqual({
      lines: [
        [1, '30.000', '30000.00', '70.000'],
        [2, '0.000', '0.00', null],
      ],
      orderedAmount: '30000.00',
      remainingAmount: '170000.00',
      listed: '30000.00',
      callOffs: [[first.poNo, 'SENT']],
    });

    // The sent one cancelled: listed as cancelled, no longer counted; the cancelled draft is never shown.
    const sent = ok(await f.get(`/api/v1/pos/${first.poNo}`, f.u.operator));
    ok(await f.post(`/api/v1/pos/${first.poNo}/cancel`, f.u.operator, { version: sent.version, reason: '시험 취소' }));
    ok(
      await f.post(`/api/v1/pos/${second.poNo}/cancel`, f.u.operator, { version: second.version, reason: '시험 취소' }),
    );
    expect(await supplierView()).toMatchObject({
      lines: [
        [1, '0.000', '0.00', '100.000'],
        [2, '0.000', '0.00', null],
      ],
      orderedAmount: '0.00',
      callOffs: [[first.poNo, 'CANCELLED']],
    });
    // The buyer's view kept counting the drafts while they stood, and gives everything back now.
    expect((await lineOf(ag.agreementNo, 1)).orderedQty).toBe('0.000');
    // supplier2 still reads nothing of it.
    refused(await f.get(`/api/v1/cyber/agreements/${ag.agreementNo}`, f.u.supplier2), 404, 'AGREEMENT_NOT_FOUND');
  });

  it('a simple-order line "from agreement" takes the agreement’s item and price and consumes it in the same transaction', async () => {
    const ag = await activeAgreement();
    const simple = (lines: unknown[], extra: Record<string, unknown> = {}) => ({
      compNo: 'C00001',
      title: '단가계약 소액발주',
      currency: 'KRW',
      dueDate: day(10),
      lines,
      ...extra,
    });
    const fromAgreement = (quantity: string, unitPrice = '1000') => ({
      agreementNo: ag.agreementNo,
      agreementLineNo: 1,
      quantity,
      unitPrice,
    });
    // A line typed on the screen sends its blank agreement cells as ''.
    const other = {
      itemName: '기타 소모품',
      unitCode: 'EA',
      quantity: '1',
      unitPrice: '100',
      agreementNo: '',
      agreementLineNo: '',
    };
    const created = ok(await f.post('/api/v1/simple-orders', f.u.operator, simple([fromAgreement('20'), other])));
    expect(
      created.lines.map((l: Record<string, unknown>) => [l.itemCode, l.unitPrice, l.agreementNo, l.agreementLineNo]),
    ).toEqual([
      ['MRO0101-0001', '1000.00', ag.agreementNo, 1],
      [null, '100.00', null, null],
    ]);
    expect(created.agreementException).toBeNull();
    expect(await lineOf(ag.agreementNo, 1)).toMatchObject({ orderedQty: '20.000', remainingQty: '80.000' });
    expect(
      ok(await f.get(`/api/v1/agreements/${ag.agreementNo}`, f.u.operator)).callOffs.map(
        (c: { poNo: string; poType: string }) => [c.poNo, c.poType],
      ),
    ).toEqual([[created.poNo, 'SIMPLE']]);

    // The same checks as a call-off, in the order's transaction: nothing written when refused.
    const over = refused(
      await f.post('/api/v1/simple-orders', f.u.operator, simple([fromAgreement('81')])),
      409,
      'AGREEMENT_CALL_OFF_REFUSED',
    );
    expect(over.msg).toBe('1번 품목의 발주 수량(81)이 계약 잔여 수량(80)을 넘습니다');
    const price = refused(
      await f.post('/api/v1/simple-orders', f.u.operator, simple([fromAgreement('1', '900')])),
      409,
      'AGREEMENT_CALL_OFF_REFUSED',
    );
    expect(price.msg).toBe('1번 품목의 단가(900)가 계약 단가(1,000)와 다릅니다');
    const foreign = refused(
      await f.post('/api/v1/simple-orders', f.u.operator, simple([fromAgreement('1')], { compNo: 'C00002' })),
      400,
      'VALIDATION',
    );
    expect(foreign.details).toEqual(
      expect.arrayContaining([
        { path: 'body/lines/0/agreementNo', message: `단가계약 ${ag.agreementNo}의 협력사가 발주 협력사와 다릅니다` },
      ]),
    );
    expect(await lineOf(ag.agreementNo, 1)).toMatchObject({ orderedQty: '20.000' });

    // The draft changed: the agreement moves by the difference; cancelled: everything given back.
    const changed = ok(
      await f.put(`/api/v1/simple-orders/${created.poNo}`, f.u.operator, {
        ...simple([fromAgreement('30'), other]),
        version: created.version,
      }),
    );
    expect(await lineOf(ag.agreementNo, 1)).toMatchObject({ orderedQty: '30.000', orderedAmount: '30000.00' });
    ok(
      await f.post(`/api/v1/pos/${created.poNo}/cancel`, f.u.operator, {
        version: changed.version,
        reason: '취소',
      }),
    );
    expect(await lineOf(ag.agreementNo, 1)).toMatchObject({ orderedQty: '0.000', remainingQty: '100.000' });
  });

  it('from an awarded RFQ: the selected supplier, its quoted prices and the requested quantities', async () => {
    const rfq = await awardedRfq(f, 'C00002');
    // The PR's screen offers it (단가계약 작성) to whoever writes agreements; a reader, no.
    expect(ok(await f.get(`/api/v1/prs/${rfq.prNo}`, f.u.operator)).rfqActions).toContain('agreement');
    expect(ok(await f.get(`/api/v1/prs/${rfq.prNo}`, f.u.monitor)).rfqActions).toEqual([]);
    const ag = ok(
      await f.post('/api/v1/agreements/from-award', f.u.operator, {
        sourceType: 'RFQ',
        sourceNo: rfq.rfqNo,
        validFrom: day(0),
        validTo: day(90),
      }),
    );
    expect(ag).toMatchObject({ compNo: 'C00002', sourceType: 'RFQ', sourceNo: rfq.rfqNo, status: 'DRAFT' });
    expect(ag.lines.map((l: Record<string, unknown>) => [l.unitPrice, l.agreedQty])).toEqual([
      ['1000.00', '10.000'],
      ['1000.00', '2.500'],
    ]);
    const open = await (async () => {
      const pr = await receivedPr(f);
      return pr.prNo as string;
    })();
    refused(
      await f.post('/api/v1/agreements/from-award', f.u.operator, {
        sourceType: 'TENDER',
        sourceNo: open,
        validFrom: day(0),
        validTo: day(90),
      }),
      409,
      'AGREEMENT_SOURCE_NOT_AWARDED',
    );
  });

  it('from an awarded reverse auction: the winner and the lines and prices of the order the award made', async () => {
    const po = await t.db.db
      .selectFrom('poHeader')
      .select(['poNo', 'section', 'deptcd', 'buyerId'])
      .where('compNo', '=', 'C00001')
      .orderBy('poNo')
      .executeTakeFirstOrThrow();
    const lines = await t.db.db
      .selectFrom('poLine')
      .select(['unitPrice', 'quantity'])
      .where('poNo', '=', po.poNo)
      .orderBy('lineNo')
      .execute();
    await sql`insert into auction (auction_no, title, section, deptcd, buyer_id, currency, start_price, decrement_kind, decrement_value,
        start_at, planned_end_at, end_at, status, last_seq, winner_comp_no, winning_amount, po_no, created_by)
      values ('AU-AGREEMENT', '역경매 단가', ${po.section}, ${po.deptcd}, ${po.buyerId}, 'KRW', 1000, 'AMOUNT', 1,
        now() - interval '2 hours', now() - interval '1 hour', now() - interval '1 hour', 'AWARDED', 1, 'C00001', 900, ${po.poNo}, 'admin')`.execute(
      t.db.db,
    );
    const ag = ok(
      await f.post('/api/v1/agreements/from-award', f.u.operator, {
        sourceType: 'AUCTION',
        sourceNo: 'AU-AGREEMENT',
        validFrom: day(0),
        validTo: day(60),
        keepQuantities: false,
      }),
    );
    expect(ag).toMatchObject({ compNo: 'C00001', sourceType: 'AUCTION', sourceNo: 'AU-AGREEMENT' });
    expect(ag.lines.map((l: Record<string, unknown>) => [l.unitPrice, l.agreedQty])).toEqual(
      lines.map((l) => [l.unitPrice, null]),
    );
  });

  it('the budget commits at the call-off, not at the agreement', async () => {
    const ledgerRows = async (docNo: string) =>
      Number(
        (
          await t.db.db
            .selectFrom('budgetLedger')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('docNo', '=', docNo)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const ag = await activeAgreement({ ceilingAmount: null });
    expect(await ledgerRows(ag.agreementNo)).toBe(0);
    const b = prBody();
    const pr = await receivedPr(f, { ...b, lines: b.lines.map((l) => ({ ...l, budgetAccount: 'OUT' })) });
    const prLedger = await t.db.db
      .selectFrom('budgetLedger')
      .select(['kind', 'amount'])
      .where('docNo', '=', pr.prNo)
      .execute();
    expect(prLedger.length).toBeGreaterThan(0);
    const po = ok(
      await callOff(ag.agreementNo, [{ agreementLineNo: 1, quantity: '10', prLineNo: 1 }], { prNo: pr.prNo }),
    );
    expect(po.prNo).toBe(pr.prNo);
    const committed = await t.db.db
      .selectFrom('budgetLedger')
      .select(['lineNo', 'kind', 'amount'])
      .where('docType', '=', 'PO')
      .where('docNo', '=', po.poNo)
      .execute();
    expect(committed).toEqual([expect.objectContaining({ lineNo: 1, kind: 'COMMIT' })]);
    expect(Number(committed[0].amount)).toBe(10000);
    expect(ok(await f.get(`/api/v1/prs/${pr.prNo}`, f.u.operator)).status).toBe('ORDERED');
  });

  it('concurrent call-offs on one line never overrun it', async () => {
    const ag = await activeAgreement({ ceilingAmount: null });
    const results = await Promise.all(
      Array.from({ length: 4 }, () => callOff(ag.agreementNo, [{ agreementLineNo: 1, quantity: '30' }])),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 200, 200, 409]);
    expect(await lineOf(ag.agreementNo, 1)).toMatchObject({ orderedQty: '90.000', remainingQty: '10.000' });
  });

  it('property: ordered + remaining = agreed, and ordered = the live call-offs, after random call-offs and cancellations', async () => {
    const ag = await activeAgreement({ ceilingAmount: null });
    const live: Array<{ poNo: string; version: number; qty: number }> = [];
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.record({ kind: fc.constant('order' as const), qty: fc.integer({ min: 1, max: 45 }) }),
            fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }),
          ),
          {
            minLength: 1,
            maxLength: 6,
          },
        ),
        async (steps) => {
          for (const s of steps) {
            if (s.kind === 'order') {
              const res = await callOff(ag.agreementNo, [{ agreementLineNo: 1, quantity: String(s.qty) }]);
              const orderedNow = live.reduce((n, l) => n + l.qty, 0);
              if (orderedNow + s.qty <= 100) {
                const po = ok(res);
                live.push({ poNo: po.poNo, version: po.version, qty: s.qty });
              } else refused(res, 409, 'AGREEMENT_CALL_OFF_REFUSED');
            } else if (live.length) {
              const [po] = live.splice(s.pick % live.length, 1);
              ok(await f.post(`/api/v1/pos/${po.poNo}/cancel`, f.u.operator, { version: po.version, reason: '시험' }));
            }
            const line = await lineOf(ag.agreementNo, 1);
            const ordered = live.reduce((n, l) => n + l.qty, 0);
            expect(Number(line.orderedQty) + Number(line.remainingQty)).toBe(100);
            expect(Number(line.orderedQty)).toBe(ordered);
            expect(Number(line.orderedAmount)).toBe(ordered * 1000);
          }
        },
      ),
      { numRuns: 8 },
    );
  });

  it('expiry by the business clock: past its last day a call-off is refused, and the job stores EXPIRED', async () => {
    const ag = await activeAgreement({ validTo: day(3) });
    t.app.clock.advance(5 * 86_400_000);
    const late = refused(
      await callOff(ag.agreementNo, [{ agreementLineNo: 1, quantity: '1' }], { dueDate: day(20) }),
      409,
    );
    expect(late.msg).toBe(`단가계약 ${ag.agreementNo}의 유효기간(${day(3)}까지)이 지났습니다`);
    // The same clock on every path: a simple order from the agreement is refused as the call-off is.
    const simple = refused(
      await f.post('/api/v1/simple-orders', f.u.operator, {
        compNo: 'C00001',
        title: '만료된 단가계약 소액발주',
        currency: 'KRW',
        dueDate: day(20),
        lines: [{ agreementNo: ag.agreementNo, agreementLineNo: 1, quantity: '1', unitPrice: '1000' }],
      }),
      409,
      'AGREEMENT_CALL_OFF_REFUSED',
    );
    expect(simple.msg).toBe(late.msg);
    expect(ok(await f.get(`/api/v1/agreements/${ag.agreementNo}`, f.u.operator)).status).toBe('EXPIRED');
    const expired = await expireLapsedAgreements(t.db.db, t.app.clock.now(), 'test');
    expect(expired).toContain(ag.agreementNo);
    expect(await expireLapsedAgreements(t.db.db, t.app.clock.now(), 'test')).toEqual([]);
    const row = await t.db.db
      .selectFrom('agreement')
      .select('status')
      .where('agreementNo', '=', ag.agreementNo)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('EXPIRED');
  });
});
