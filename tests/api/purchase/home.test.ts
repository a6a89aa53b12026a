import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { client, logins, ok, prBody, refused, type Flow } from './helpers.js';

/** Home pages: my pending approvals and recent documents (staff); new RFQs and open orders (suppliers). */
describe('home pages', () => {
  let t: TestApp;
  let f: Flow;
  beforeAll(async () => {
    t = await buildTestApp();
    f = {
      ...client(t),
      u: await logins(t, ['buyer', 'uadmin1', 'opadmin', 'operator', 'monitor', 'supplier1', 'supplier2']),
    };
  });
  afterAll(() => t.close());

  it('lists the approvals waiting for me — the seeded ones and a new one — and only mine', async () => {
    const before = ok(await f.get('/api/v1/home/approvals?size=500', f.u.uadmin1));
    expect(before.total).toBeGreaterThan(0);
    const pr = ok(await f.post('/api/v1/prs', f.u.buyer, prBody({ title: '홈 화면 시험' })));
    ok(await f.post(`/api/v1/prs/${pr.prNo}/submit`, f.u.buyer, { version: pr.version }));
    const after = ok(await f.get('/api/v1/home/approvals?size=500', f.u.uadmin1));
    expect(after.total).toBe(before.total + 1);
    const row = after.rows.find((r: { docNo: string }) => r.docNo === pr.prNo);
    // Newest first: the card's five (the default size here is the card's) start with the one just submitted, not the backlog's oldest.
    const card = ok(await f.get('/api/v1/home/approvals?size=5', f.u.uadmin1));
    expect(card.total).toBe(after.total);
    expect(card.rows[0].docNo).toBe(pr.prNo);
    const sent = after.rows.map((r: { submittedAt: string }) => r.submittedAt);
    expect(sent).toEqual([...sent].sort().reverse());
    expect(row).toMatchObject({
      docType: 'PR',
      title: '홈 화면 시험',
      currency: 'KRW',
      amount: '45001.00',
      amountKrw: '45001',
      submittedByName: '정수빈',
      stepNo: 1,
      stepCount: 1,
    });
    // The row carries what approving needs.
    ok(await f.post(`/api/v1/approvals/${row.approvalId}/approve`, f.u.uadmin1, { version: row.version }));
    expect(ok(await f.get('/api/v1/home/approvals?size=500', f.u.uadmin1)).total).toBe(before.total);
    const opadmin = ok(await f.get('/api/v1/home/approvals?size=500', f.u.opadmin));
    expect(opadmin.rows.map((r: { docType: string }) => r.docType)).toEqual(
      expect.arrayContaining(['PO', 'LOI', 'SIMPLE', 'PR']),
    );
    expect(ok(await f.get('/api/v1/home/approvals', f.u.monitor)).total).toBe(0);
    refused(await f.get('/api/v1/home/approvals', f.u.supplier1), 403, 'GPMS006');
  });

  it('lists my recent documents, newest change first', async () => {
    const mine = ok(await f.get('/api/v1/home/documents?size=50', f.u.buyer));
    expect(mine.total).toBeGreaterThan(0);
    expect(mine.rows[0].title).toBe('홈 화면 시험');
    const times = mine.rows.map((r: { updatedAt: string }) => r.updatedAt);
    expect(times).toEqual([...times].sort().reverse());
    const operator = ok(await f.get('/api/v1/home/documents?size=100', f.u.operator));
    expect(new Set(operator.rows.map((r: { docType: string }) => r.docType)).size).toBeGreaterThan(1);
    const onlyLoi = ok(await f.get('/api/v1/home/documents?docType=LOI', f.u.operator));
    expect(
      onlyLoi.rows.every((r: { docType: string; counterpart: string }) => r.docType === 'LOI' && r.counterpart),
    ).toBe(true);
  });

  it('shows a supplier its new requests and open orders, never another company’s', async () => {
    const rfqs = ok(await f.get('/api/v1/cyber/home/rfqs?size=100', f.u.supplier1));
    expect(rfqs.total).toBeGreaterThan(0);
    expect(
      rfqs.rows.every(
        (r: { status: string; rfqStatus: string; deadlinePassed: boolean }) =>
          ['REQUESTED', 'CHECKED'].includes(r.status) && r.rfqStatus === 'OPEN' && !r.deadlinePassed,
      ),
    ).toBe(true);
    const deadlines = rfqs.rows.map((r: { deadline: string }) => r.deadline);
    expect(deadlines).toEqual([...deadlines].sort());
    const orders = ok(await f.get('/api/v1/cyber/home/orders?size=500', f.u.supplier1));
    expect(orders.total).toBeGreaterThan(0);
    expect(
      orders.rows.every((r: { status: string }) => ['SENT', 'ACKNOWLEDGED', 'PARTLY_DELIVERED'].includes(r.status)),
    ).toBe(true);
    const own = await t.db.db
      .selectFrom('poHeader')
      .select('poNo')
      .where('compNo', '=', 'C00001')
      .where('status', 'in', ['SENT', 'ACKNOWLEDGED', 'PARTLY_DELIVERED'])
      .where('forwardedAt', 'is not', null)
      .execute();
    expect(orders.total).toBe(own.length);
    const other = ok(await f.get('/api/v1/cyber/home/orders?size=500', f.u.supplier2));
    const overlap = other.rows.filter((r: { poNo: string }) => own.some((o) => o.poNo === r.poNo));
    expect(overlap).toEqual([]);
    refused(await f.get('/api/v1/cyber/home/orders', f.u.operator), 403, 'GPMS006');
  });
});
