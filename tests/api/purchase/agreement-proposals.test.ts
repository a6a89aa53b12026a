import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { client, day, logins, ok, prBody, receivedPr, refused, type Flow } from './helpers.js';

/**
 * The agreements proposed for a PR's lines naming none (docs/agreements.md "Agreements proposed for
 * a PR", getPrAgreementProposals): lines of the same master item in active agreements of the PR's
 * currency valid on the business day, cheapest first; what the PR's orders ordered is counted and a
 * line fully ordered is not proposed again; the call-off dialog from a proposal offers the PR line
 * under the agreement line proposed; staff only.
 */
describe('agreements proposed for a PR’s lines naming none', { timeout: 120_000 }, () => {
  let t: TestApp;
  let f: Flow;
  beforeAll(async () => {
    t = await buildTestApp();
    f = { ...client(t), u: await logins(t, ['buyer', 'uadmin1', 'opadmin', 'operator', 'supplier1']) };
  });
  afterAll(() => t.close());

  async function activeAgreement(body: Record<string, unknown>) {
    const draft = ok(
      await f.post('/api/v1/agreements', f.u.operator, {
        compNo: 'C00001',
        title: '제안 시험 단가계약',
        currency: 'KRW',
        validFrom: day(0),
        validTo: day(30),
        lines: [{ itemCode: 'MRO0101-0001', unitPrice: '1000', agreedQty: '100' }],
        ...body,
      }),
    );
    const submitted = ok(
      await f.post(`/api/v1/agreements/${draft.agreementNo}/submit`, f.u.operator, { version: draft.version }),
    );
    const a = submitted.approvals.at(-1);
    ok(await f.post(`/api/v1/approvals/${a.approvalId}/approve`, f.u.opadmin, { version: a.version }));
    return draft.agreementNo as string;
  }
  const proposals = async (prNo: string, who = f.u.operator) =>
    ok(await f.get(`/api/v1/prs/${prNo}/agreement-proposals`, who));
  const brief = (rows: Array<Record<string, unknown>>) =>
    rows.map((r) => [r.prLineNo, r.agreementNo, r.agreementLineNo, r.unitPrice, r.prRemainingQty]);

  it('proposes the active agreements of the line’s item and currency valid today, cheapest first; not another currency, item, an expired or a draft one', async () => {
    const dear = await activeAgreement({ compNo: 'C00001' });
    // The cheaper agreement's first line is another item: the proposal names its second line.
    const cheap = await activeAgreement({
      compNo: 'C00002',
      lines: [
        { itemCode: 'MRO0101-0002', unitPrice: '100' },
        { itemCode: 'MRO0101-0001', unitPrice: '900', agreedQty: '50' },
      ],
    });
    await activeAgreement({ currency: 'JPY', lines: [{ itemCode: 'MRO0101-0001', unitPrice: '80' }] });
    const lapsed = await activeAgreement({ lines: [{ itemCode: 'MRO0101-0001', unitPrice: '500' }] });
    await t.db.db
      .updateTable('agreement')
      .set({ validFrom: day(-30), validTo: day(-1) })
      .where('agreementNo', '=', lapsed)
      .execute();
    const future = await activeAgreement({ lines: [{ itemCode: 'MRO0101-0001', unitPrice: '600' }] });
    await t.db.db
      .updateTable('agreement')
      .set({ validFrom: day(3) })
      .where('agreementNo', '=', future)
      .execute();
    ok(
      await f.post('/api/v1/agreements', f.u.operator, {
        compNo: 'C00001',
        title: '작성 중인 단가계약',
        currency: 'KRW',
        validFrom: day(0),
        validTo: day(30),
        lines: [{ itemCode: 'MRO0101-0001', unitPrice: '700' }],
      }),
    );

    // Line 1 names none (proposed), line 2 is free text (nothing to match), line 3 names an agreement already.
    const pr = await receivedPr(
      f,
      prBody({
        lines: [
          { itemCode: 'MRO0101-0001', quantity: '10', estUnitPrice: '950' },
          { itemName: '비규격 브래킷', unitCode: 'EA', quantity: '2', estUnitPrice: '500' },
          { agreementNo: dear, agreementLineNo: 1, quantity: '3', estUnitPrice: '1000' },
        ],
      }),
    );
    const got = await proposals(pr.prNo);
    expect(got).toMatchObject({ prNo: pr.prNo, status: 'RECEIVED', currency: 'KRW' });
    expect(brief(got.rows)).toEqual([
      [1, cheap, 2, '900.00', '10.000'],
      [1, dear, 1, '1000.00', '10.000'],
    ]);
    expect(got.rows[0]).toMatchObject({
      rowNo: 1,
      itemCode: 'MRO0101-0001',
      compNo: 'C00002',
      prQuantity: '10.000',
      prOrderedQty: '0.000',
      estUnitPrice: '950.00',
      agreedQty: '50.000',
      orderedQty: '0.000',
      remainingQty: '50.000',
      validTo: day(30),
      callOffPolicy: 'REFUSE',
    });
    expect(got.rows[1]).toMatchObject({ rowNo: 2, remainingQty: '100.000' });
    // Purchasing sees the action on the PR; its requester does not.
    expect(ok(await f.get(`/api/v1/prs/${pr.prNo}`, f.u.operator)).actions).toContain('proposeAgreements');
    expect(ok(await f.get(`/api/v1/prs/${pr.prNo}`, f.u.buyer)).actions).not.toContain('proposeAgreements');
  });

  it('the call-off from a proposal orders the PR line; what it ordered is counted, a line fully ordered is proposed no more', async () => {
    const agreementNo = await activeAgreement({ lines: [{ itemCode: 'MRO0101-0001', unitPrice: '1000' }] });
    const pr = await receivedPr(
      f,
      prBody({ lines: [{ itemCode: 'MRO0101-0001', quantity: '10', estUnitPrice: '1000' }] }),
    );
    // The agreements of the test before are proposed too: this one is looked at.
    const mine = async () =>
      (await proposals(pr.prNo)).rows.filter((r: { agreementNo: string }) => r.agreementNo === agreementNo);
    expect(await mine()).toMatchObject([{ agreementNo, agreementLineNo: 1, prLineNo: 1, prRemainingQty: '10.000' }]);

    // The dialog's rows: without the proposal the agreement line alone, with it the PR line under it.
    const dialog = async (q: string) =>
      ok(await f.get(`/api/v1/agreements/${agreementNo}?prNo=${pr.prNo}${q}`, f.u.operator)).callOffLines;
    expect((await dialog('')).map((r: Record<string, unknown>) => [r.agreementLineNo, r.prLineNo])).toEqual([
      [1, null],
    ]);
    expect(
      (await dialog('&prLineNo=1&agreementLineNo=1')).map((r: Record<string, unknown>) => [
        r.agreementLineNo,
        r.prLineNo,
        r.prRemainingQty,
      ]),
    ).toEqual([[1, 1, '10.000']]);
    // A proposal that does not hold (another agreement line) offers nothing more.
    expect((await dialog('&prLineNo=1&agreementLineNo=2')).map((r: Record<string, unknown>) => r.prLineNo)).toEqual([
      null,
    ]);

    const callOff = (quantity: string) =>
      f.post(`/api/v1/agreements/${agreementNo}/call-offs`, f.u.operator, {
        dueDate: day(20),
        prNo: pr.prNo,
        lines: [{ agreementLineNo: 1, prLineNo: 1, quantity }],
      });
    const po = ok(await callOff('4'));
    expect(po).toMatchObject({ prNo: pr.prNo, agreementNo });
    expect((await proposals(pr.prNo)).status).toBe('ORDERED');
    expect(await mine()).toMatchObject([{ prOrderedQty: '4.000', prRemainingQty: '6.000', orderedQty: '4.000' }]);
    expect((await dialog('&prLineNo=1&agreementLineNo=1'))[0]).toMatchObject({ prLineNo: 1, prRemainingQty: '6.000' });

    ok(await callOff('6'));
    expect((await proposals(pr.prNo)).rows).toEqual([]);
    // A cancelled order gives its PR line back: proposed again.
    ok(await f.post(`/api/v1/pos/${po.poNo}/cancel`, f.u.operator, { version: po.version, reason: '시험 취소' }));
    expect(brief(await mine())).toEqual([[1, agreementNo, 1, '1000.00', '4.000']]);
  });

  it('a PR not yet received has none; a supplier is refused; an unknown PR is 404', async () => {
    await activeAgreement({});
    const draft = ok(
      await f.post(
        '/api/v1/prs',
        f.u.buyer,
        prBody({ lines: [{ itemCode: 'MRO0101-0001', quantity: '1', estUnitPrice: '1000' }] }),
      ),
    );
    expect(await proposals(draft.prNo)).toMatchObject({ status: 'DRAFT', rows: [] });
    expect(ok(await f.get(`/api/v1/prs/${draft.prNo}`, f.u.operator)).actions).not.toContain('proposeAgreements');
    refused(await f.get(`/api/v1/prs/${draft.prNo}/agreement-proposals`, f.u.supplier1), 403);
    refused(await f.get('/api/v1/prs/PR2099-999999/agreement-proposals', f.u.operator), 404);
  });
  it('the call-off refuses a PR line of another master item and a PR of another currency; the dialog reads only a PR its caller may read', async () => {
    const agreementNo = await activeAgreement({ lines: [{ itemCode: 'MRO0101-0001', unitPrice: '1000' }] });
    const other = await receivedPr(
      f,
      prBody({ lines: [{ itemCode: 'MRO0101-0002', quantity: '2', estUnitPrice: '1000' }] }),
    );
    const callOff = (prNo: string) =>
      f.post(`/api/v1/agreements/${agreementNo}/call-offs`, f.u.operator, {
        dueDate: day(20),
        prNo,
        lines: [{ agreementLineNo: 1, prLineNo: 1, quantity: '1' }],
      });
    const item = refused(await callOff(other.prNo), 400);
    expect(JSON.stringify(item)).toContain(
      '구매요청 1번 품목(MRO0101-0002)과 단가계약 1번 품목(MRO0101-0001)이 다릅니다',
    );
    const jpy = await receivedPr(
      f,
      prBody({ currency: 'JPY', lines: [{ itemCode: 'MRO0101-0001', quantity: '2', estUnitPrice: '100' }] }),
    );
    const currency = refused(await callOff(jpy.prNo), 400);
    expect(JSON.stringify(currency)).toContain('구매요청의 통화(JPY)와 단가계약의 통화(KRW)가 다릅니다');
    // Nothing was ordered of either.
    expect(ok(await f.get(`/api/v1/agreements/${agreementNo}`, f.u.operator)).lines[0]).toMatchObject({
      orderedQty: '0.000',
    });
    // The dialog's rows are the PR's lines: a PR the caller may not read (here: none such) answers 404, as getPr.
    refused(await f.get(`/api/v1/agreements/${agreementNo}?prNo=PR2099-999999`, f.u.operator), 404);
  });
});
