import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { client, day, logins, ok, prBody, receivedPr, refused, type Flow } from './helpers.js';

/**
 * PR lines "from agreement" (docs/agreements.md): the requester names an agreement line, the PR line
 * takes its item and agreed price (another price, an expired or unknown agreement refused); the PR
 * consumes nothing; the call-off that orders the PR line uses the agreement line it names.
 */
describe('PR lines from an agreement', { timeout: 120_000 }, () => {
  let t: TestApp;
  let f: Flow;
  beforeAll(async () => {
    t = await buildTestApp();
    f = { ...client(t), u: await logins(t, ['buyer', 'uadmin1', 'opadmin', 'operator']) };
  });
  afterAll(() => t.close());

  async function activeAgreement(overrides: Record<string, unknown> = {}) {
    const draft = ok(
      await f.post('/api/v1/agreements', f.u.operator, {
        compNo: 'C00001',
        title: '요청용 단가계약',
        currency: 'KRW',
        validFrom: day(0),
        validTo: day(30),
        lines: [
          { itemCode: 'MRO0101-0001', unitPrice: '1000', agreedQty: '100' },
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

  const fromAgreement = (agreementNo: string, agreementLineNo: number, estUnitPrice: string) =>
    prBody({ lines: [{ agreementNo, agreementLineNo, quantity: '5', estUnitPrice, itemName: '무시됨' }] });

  it('takes the agreement line’s item and price; consumes nothing', async () => {
    const ag = await activeAgreement();
    const pr = ok(await f.post('/api/v1/prs', f.u.buyer, fromAgreement(ag.agreementNo.toLowerCase(), 2, '500')));
    expect(pr.lines[0]).toMatchObject({
      agreementNo: ag.agreementNo,
      agreementLineNo: 2,
      itemCode: null,
      itemName: '비규격 브래킷',
      unitCode: 'EA',
      estUnitPrice: '500.00',
    });
    const after = ok(await f.get(`/api/v1/agreements/${ag.agreementNo}`, f.u.operator));
    expect(after.lines.map((l: { orderedQty: string }) => l.orderedQty)).toEqual(['0.000', '0.000']);
    // Saving again without the agreement makes it an ordinary line.
    const plain = ok(await f.put(`/api/v1/prs/${pr.prNo}`, f.u.buyer, { ...prBody(), version: pr.version }));
    expect(plain.lines[0].agreementNo).toBeNull();
  });

  it('the agreement-line popup lists the lines of the agreements valid today, with what remains', async () => {
    const ag = await activeAgreement({ title: '팝업 단가계약' });
    const page = ok(await f.get(`/api/v1/agreement-lines?agreementNo=${ag.agreementNo}`, f.u.buyer));
    expect(
      page.rows.map((r: Record<string, unknown>) => [
        r.agreementNo,
        r.lineNo,
        r.compNameKr !== '',
        r.unitPrice,
        r.remainingQty,
      ]),
    ).toEqual([
      [ag.agreementNo, 1, true, '1000.00', '100.000'],
      [ag.agreementNo, 2, true, '500.00', null],
    ]);
    expect(page.total).toBe(2);
  });

  it('refuses another price, an unknown agreement or line, another currency', async () => {
    const ag = await activeAgreement();
    const price = refused(
      await f.post('/api/v1/prs', f.u.buyer, fromAgreement(ag.agreementNo, 1, '900')),
      409,
      'AGREEMENT_CALL_OFF_REFUSED',
    );
    expect(price.msg).toBe('1번 품목의 단가(900)가 계약 단가(1,000)와 다릅니다');
    const unknown = refused(await f.post('/api/v1/prs', f.u.buyer, fromAgreement('AG1999-999999', 1, '1000')), 400);
    expect(unknown.details).toContainEqual({
      path: 'body/lines/0/agreementNo',
      message: '단가계약을 찾을 수 없습니다: AG1999-999999',
    });
    const noLine = refused(await f.post('/api/v1/prs', f.u.buyer, fromAgreement(ag.agreementNo, 9, '1000')), 400);
    expect(noLine.details?.[0].path).toBe('body/lines/0/agreementLineNo');
    const jpy = refused(
      await f.post('/api/v1/prs', f.u.buyer, { ...fromAgreement(ag.agreementNo, 1, '1000'), currency: 'JPY' }),
      400,
    );
    expect(jpy.details?.[0].message).toBe(`단가계약 ${ag.agreementNo}의 통화(KRW)와 다릅니다`);
  });

  it('the call-off of the PR line uses the agreement line it names; another agreement is refused', async () => {
    const ag = await activeAgreement();
    const other = await activeAgreement({ compNo: 'C00002' });
    const pr = await receivedPr(f, {
      ...prBody(),
      lines: [
        { agreementNo: ag.agreementNo, agreementLineNo: 2, quantity: '4', estUnitPrice: '500' },
        { itemCode: 'MRO0101-0001', quantity: '1', estUnitPrice: '1000' },
      ],
    });
    const wrong = refused(
      await f.post(`/api/v1/agreements/${other.agreementNo}/call-offs`, f.u.operator, {
        dueDate: day(10),
        prNo: pr.prNo,
        lines: [{ quantity: '4', prLineNo: 1 }],
      }),
      400,
    );
    expect(wrong.details).toEqual([
      { path: 'body/lines/0/prLineNo', message: `구매요청 1번 품목은 단가계약 ${ag.agreementNo}의 품목입니다` },
    ]);
    const otherLine = refused(
      await f.post(`/api/v1/agreements/${ag.agreementNo}/call-offs`, f.u.operator, {
        dueDate: day(10),
        prNo: pr.prNo,
        lines: [{ agreementLineNo: 1, quantity: '4', prLineNo: 1 }],
      }),
      400,
    );
    expect(otherLine.details?.[0].path).toBe('body/lines/0/agreementLineNo');
    const po = ok(
      await f.post(`/api/v1/agreements/${ag.agreementNo}/call-offs`, f.u.operator, {
        dueDate: day(10),
        prNo: pr.prNo,
        lines: [{ quantity: '4', prLineNo: 1 }],
      }),
    );
    expect(po.lines[0]).toMatchObject({ agreementNo: ag.agreementNo, agreementLineNo: 2, unitPrice: '500.00' });
    const after = ok(await f.get(`/api/v1/agreements/${ag.agreementNo}`, f.u.operator));
    expect(after.lines[1].orderedQty).toBe('4.000');
  });

  // Last: the business clock only moves forward.
  it('refuses an agreement past its last day by the business clock, and one not active', async () => {
    const ag = await activeAgreement({ validTo: day(3) });
    const draft = ok(
      await f.post('/api/v1/agreements', f.u.operator, {
        compNo: 'C00001',
        title: '작성중',
        currency: 'KRW',
        validFrom: day(0),
        validTo: day(30),
        lines: [{ itemCode: 'MRO0101-0001', unitPrice: '1000' }],
      }),
    );
    const inactive = refused(await f.post('/api/v1/prs', f.u.buyer, fromAgreement(draft.agreementNo, 1, '1000')), 409);
    expect(inactive.msg).toBe(`유효한 단가계약이 아닙니다(작성): ${draft.agreementNo}`);
    t.app.clock.advance(5 * 86_400_000);
    expect(ok(await f.get(`/api/v1/agreement-lines?agreementNo=${ag.agreementNo}`, f.u.buyer)).rows).toEqual([]);
    const late = refused(await f.post('/api/v1/prs', f.u.buyer, fromAgreement(ag.agreementNo, 1, '1000')), 409);
    expect(late.msg).toBe(`단가계약 ${ag.agreementNo}의 유효기간(${day(3)}까지)이 지났습니다`);
  });
});
