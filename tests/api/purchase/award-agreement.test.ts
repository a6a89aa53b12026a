import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { awardFlows } from './award-helpers.js';
import { client, day, logins, ok, prBody, receivedPr, refused, type Flow } from './helpers.js';

/**
 * An award's order for a PR whose line names an agreement line (docs/agreements.md "Awards of a
 * PR from agreement"): the tender's or auction's order line is a call-off line, consumed as on
 * the PR → PO path and given back when the order is cancelled; a winner other than the
 * agreement's supplier, or a price the agreement refuses, refuses the award itself and leaves
 * everything as it was.
 */
describe('an award’s order for a PR with agreement lines', { timeout: 240_000 }, () => {
  let t: TestApp;
  let f: Flow;
  let bid: ReturnType<typeof awardFlows>;
  beforeAll(async () => {
    t = await buildTestApp();
    f = {
      ...client(t),
      u: await logins(t, ['buyer', 'uadmin1', 'opadmin', 'operator', 'tfadmin', 'supplier1', 'supplier2']),
    };
    bid = awardFlows(t, f);
  });
  afterAll(() => t.close());

  async function activeAgreement(overrides: Record<string, unknown> = {}) {
    const draft = ok(
      await f.post('/api/v1/agreements', f.u.operator, {
        compNo: 'C00001',
        title: '낙찰 경로 단가계약',
        currency: 'KRW',
        validFrom: day(0),
        validTo: day(30),
        lines: [{ itemCode: 'MRO0101-0001', unitPrice: '1000', agreedQty: '100' }],
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

  const agreement = async (agreementNo: string) => ok(await f.get(`/api/v1/agreements/${agreementNo}`, f.u.operator));
  const prStatus = async (prNo: string) => ok(await f.get(`/api/v1/prs/${prNo}`, f.u.operator)).status;
  const callOffAudits = async (agreementNo: string) =>
    t.db.db
      .selectFrom('auditLog')
      .select('afterData')
      .where('entity', '=', 'agreement')
      .where('entityKey', '=', agreementNo)
      .where('action', '=', 'CALL_OFF')
      .execute();

  /** A received PR: line 1 names the agreement's line 1 (5 at the agreed 1000), line 2 an ordinary part. */
  const prOf = (agreementNo: string, ordinary = true) =>
    receivedPr(
      f,
      prBody({
        lines: [
          { agreementNo, agreementLineNo: 1, quantity: '5', estUnitPrice: '1000' },
          ...(ordinary ? [{ itemName: '일반 부품', unitCode: 'EA', quantity: '2', estUnitPrice: '1000' }] : []),
        ],
      }),
    );

  it('a tender’s award orders the agreement line: consumed with its call-off history and audit; cancelling gives it back', async () => {
    const ag = await activeAgreement();
    const pr = await prOf(ag.agreementNo);
    const tender = await bid.openedTender(pr, { C00001: ['1000', '1000'], C00002: ['1100', '1100'] });
    const awarded = ok(await bid.awardTender(tender));
    expect(awarded.orders.map((o: { compNo: string }) => o.compNo)).toEqual(['C00001']);
    const po = ok(await f.get(`/api/v1/pos/${awarded.orders[0].poNo}`, f.u.operator));
    expect(
      po.lines.map((l: Record<string, unknown>) => [l.lineNo, l.agreementNo, l.agreementLineNo, l.unitPrice]),
    ).toEqual([
      [1, ag.agreementNo, 1, '1000.00'],
      [2, null, null, '1000.00'],
    ]);
    expect(po).toMatchObject({ agreementNo: ag.agreementNo, agreementException: null, prNo: pr.prNo });
    const after = await agreement(ag.agreementNo);
    expect(after.lines[0]).toMatchObject({ orderedQty: '5.000', orderedAmount: '5000.00', remainingQty: '95.000' });
    expect(after.orderedAmount).toBe('5000.00');
    expect(after.callOffs.map((c: { poNo: string; agreementLineNo: number }) => [c.poNo, c.agreementLineNo])).toEqual([
      [po.poNo, 1],
    ]);
    const audits = await callOffAudits(ag.agreementNo);
    expect(audits).toHaveLength(1);
    expect(audits[0].afterData).toMatchObject({ poNo: po.poNo, prNo: pr.prNo, tenderNo: tender.tenderNo });
    expect(await prStatus(pr.prNo)).toBe('ORDERED');

    ok(await f.post(`/api/v1/pos/${po.poNo}/cancel`, f.u.operator, { version: po.version, reason: '시험 취소' }));
    const back = await agreement(ag.agreementNo);
    expect(back.lines[0]).toMatchObject({ orderedQty: '0.000', orderedAmount: '0.00', remainingQty: '100.000' });
    expect(back.orderedAmount).toBe('0.00');
  });

  it('refuses a tender’s award to another supplier than the agreement’s, or at another price, and writes nothing', async () => {
    const ag = await activeAgreement();
    const pr = await prOf(ag.agreementNo);
    // C00002 bids lowest: the tender's rule makes it the winner, the PR's line 1 is C00001's agreement.
    const tender = await bid.openedTender(pr, { C00001: ['1000', '1000'], C00002: ['990', '990'] });
    const other = refused(await bid.awardTender(tender), 409, 'AGREEMENT_SUPPLIER_MISMATCH');
    expect(other.msg).toBe(
      `구매요청 1번 품목은 단가계약 ${ag.agreementNo}(협력사 C00001)의 품목이라 협력사 C00002에 낙찰할 수 없습니다`,
    );
    const still = ok(await f.get(`/api/v1/bid/tenders/${tender.tenderNo}`, f.u.operator));
    expect(still).toMatchObject({ status: 'OPENED', version: tender.version, orders: [] });
    expect(await prStatus(pr.prNo)).toBe('QUOT_REQUESTED');
    expect((await agreement(ag.agreementNo)).lines[0].orderedQty).toBe('0.000');
    expect(await callOffAudits(ag.agreementNo)).toEqual([]);
    const results = await t.db.db
      .selectFrom('tenderBid')
      .select('status')
      .where('tenderNo', '=', tender.tenderNo)
      .execute();
    expect(results.map((r) => r.status)).toEqual(['SUBMITTED', 'SUBMITTED']);

    // The agreement's supplier wins, below the agreed price: refused as the call-off would be.
    const pr2 = await prOf(ag.agreementNo);
    const cheaper = await bid.openedTender(pr2, { C00001: ['900', '1000'], C00002: ['1100', '1100'] });
    const price = refused(await bid.awardTender(cheaper), 409, 'AGREEMENT_CALL_OFF_REFUSED');
    expect(price.msg).toBe(
      `단가계약 ${ag.agreementNo}에 맞지 않아 낙찰할 수 없습니다: 1번 품목의 단가(900)가 계약 단가(1,000)와 다릅니다`,
    );
    expect(ok(await f.get(`/api/v1/bid/tenders/${cheaper.tenderNo}`, f.u.operator)).status).toBe('OPENED');
    expect((await agreement(ag.agreementNo)).lines[0].orderedQty).toBe('0.000');

    // The way out of a refused award: the opened tender is cancelled (유찰), its PR back to 접수 for another
    // sourcing, the opened prices kept for the record.
    const opened = ok(await f.get(`/api/v1/bid/tenders/${cheaper.tenderNo}`, f.u.operator));
    expect(opened.actions).toContain('cancel');
    const cancelled = ok(
      await f.post(`/api/v1/bid/tenders/${cheaper.tenderNo}/cancel`, f.u.operator, {
        version: opened.version,
        reason: '단가계약 단가와 다른 투찰',
      }),
    );
    expect(cancelled.status).toBe('CANCELLED');
    expect(await prStatus(pr2.prNo)).toBe('RECEIVED');
    const kept = await t.db.db
      .selectFrom('tenderBidLine')
      .select(['compNo', 'unitPrice'])
      .where('tenderNo', '=', cheaper.tenderNo)
      .orderBy('compNo')
      .orderBy('lineNo')
      .execute();
    expect(kept.map((l) => [l.compNo, Number(l.unitPrice)])).toEqual([
      ['C00001', 900],
      ['C00001', 1000],
      ['C00002', 1100],
      ['C00002', 1100],
    ]);
  });

  it('an auction’s award orders the agreement line at the lot price; cancelling gives it back', async () => {
    const ag = await activeAgreement();
    const pr = await prOf(ag.agreementNo, false);
    // 5 × 1000 of estimates: a bid of 5000 is the agreed 1000 a unit.
    const auction = await bid.closedAuction(pr, [
      [f.u.supplier2, '5900'],
      [f.u.supplier1, '5000'],
    ]);
    const awarded = ok(await bid.awardAuction(auction));
    expect(awarded).toMatchObject({ status: 'AWARDED', winnerCompNo: 'C00001' });
    const po = ok(await f.get(`/api/v1/pos/${awarded.poNo}`, f.u.operator));
    expect(po.lines.map((l: Record<string, unknown>) => [l.agreementNo, l.agreementLineNo, l.unitPrice])).toEqual([
      [ag.agreementNo, 1, '1000.00'],
    ]);
    const after = await agreement(ag.agreementNo);
    expect(after.lines[0]).toMatchObject({ orderedQty: '5.000', remainingQty: '95.000' });
    expect(after.callOffs.map((c: { poNo: string }) => c.poNo)).toEqual([po.poNo]);
    expect((await callOffAudits(ag.agreementNo))[0].afterData).toMatchObject({ auctionNo: auction.auctionNo });
    ok(await f.post(`/api/v1/pos/${po.poNo}/cancel`, f.u.operator, { version: po.version, reason: '시험 취소' }));
    expect((await agreement(ag.agreementNo)).lines[0]).toMatchObject({ orderedQty: '0.000', remainingQty: '100.000' });
  });

  it('refuses an auction’s award at another price or to another supplier; under APPROVE orders it for the approvers', async () => {
    const ag = await activeAgreement();
    const low = await bid.closedAuction(await prOf(ag.agreementNo, false), [[f.u.supplier1, '4500']]);
    const price = refused(await bid.awardAuction(low), 409, 'AGREEMENT_CALL_OFF_REFUSED');
    expect(price.msg).toBe(
      `단가계약 ${ag.agreementNo}에 맞지 않아 낙찰할 수 없습니다: 1번 품목의 단가(900)가 계약 단가(1,000)와 다릅니다`,
    );
    expect(ok(await f.get(`/api/v1/bid/auctions/${low.auctionNo}`, f.u.operator))).toMatchObject({
      status: 'CLOSED',
      poNo: null,
    });

    const pr = await prOf(ag.agreementNo, false);
    const won = await bid.closedAuction(pr, [[f.u.supplier2, '5000']]);
    const other = refused(await bid.awardAuction(won), 409, 'AGREEMENT_SUPPLIER_MISMATCH');
    expect(other.msg).toContain('협력사 C00002에 낙찰할 수 없습니다');
    expect(await prStatus(pr.prNo)).toBe('QUOT_REQUESTED');
    expect((await agreement(ag.agreementNo)).lines[0].orderedQty).toBe('0.000');

    const lenient = await activeAgreement({ callOffPolicy: 'APPROVE' });
    const approve = await bid.closedAuction(await prOf(lenient.agreementNo, false), [[f.u.supplier1, '4500']]);
    const awarded = ok(await bid.awardAuction(approve));
    const po = ok(await f.get(`/api/v1/pos/${awarded.poNo}`, f.u.operator));
    expect(po.agreementException).toBe('1번 품목의 단가(900)가 계약 단가(1,000)와 다릅니다');
    expect(po.lines[0]).toMatchObject({ agreementNo: lenient.agreementNo, unitPrice: '900.00' });
    expect((await agreement(lenient.agreementNo)).lines[0]).toMatchObject({
      orderedQty: '5.000',
      orderedAmount: '4500.00',
    });
  });
});
