import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { client, day, logins, ok, openRfq, receivedPr, refused, snapshot, type Flow } from './helpers.js';

/** Quotation requests and quotations: invite, check, submit and revise until the deadline, compare, select, cancel. */
describe('quotation requests and quotations', () => {
  let t: TestApp;
  let f: Flow;
  beforeAll(async () => {
    t = await buildTestApp();
    f = {
      ...client(t),
      u: await logins(t, [
        'buyer',
        'uadmin1',
        'opadmin',
        'operator',
        'tfadmin',
        'supplier1',
        'supplier1adm',
        'supplier2',
      ]),
    };
  });
  afterAll(() => t.close());

  const quote = (rfqNo: string, who: Flow['u'][string], body: Record<string, unknown>) =>
    f.put(`/api/v1/cyber/quotations/${rfqNo}`, who, body);

  it('invites suppliers to quote on a received PR; refuses the wrong state, role, version and input', async () => {
    const pr = await receivedPr(f);
    const snap = await snapshot(t, 'rfqHeader');
    refused(
      await f.post('/api/v1/rfqs', f.u.buyer, {
        prNo: pr.prNo,
        prVersion: pr.version,
        deadline: day(7),
        suppliers: ['C00001'],
      }),
      403,
      'GPMS006',
    );
    const past = refused(
      await f.post('/api/v1/rfqs', f.u.operator, {
        prNo: pr.prNo,
        prVersion: pr.version,
        deadline: day(-1),
        suppliers: ['C00001'],
      }),
      400,
      'VALIDATION',
    );
    expect(past.details).toEqual([{ path: 'body/deadline', message: '마감일시는 현재 이후여야 합니다' }]);
    refused(
      await f.post('/api/v1/rfqs', f.u.operator, {
        prNo: pr.prNo,
        prVersion: pr.version,
        deadline: '2026-13-45',
        suppliers: ['C00001'],
      }),
      400,
      'VALIDATION',
    );
    const unknown = refused(
      await f.post('/api/v1/rfqs', f.u.operator, {
        prNo: pr.prNo,
        prVersion: pr.version,
        deadline: day(7),
        suppliers: ['C00001', 'C09999', 'C00001'],
      }),
      400,
      'VALIDATION',
    );
    // The repeat and the unknown number answered at once, as tenders and auctions answer them (one check).
    expect(unknown.details!.map((d) => d.path)).toEqual(['body/suppliers/2', 'body/suppliers/1']);
    refused(
      await f.post('/api/v1/rfqs', f.u.operator, {
        prNo: pr.prNo,
        prVersion: pr.version,
        deadline: day(7),
        suppliers: ['C09999'],
      }),
      400,
      'VALIDATION',
    );
    refused(
      await f.post('/api/v1/rfqs', f.u.operator, {
        prNo: pr.prNo,
        prVersion: pr.version - 1,
        deadline: day(7),
        suppliers: ['C00001'],
      }),
      409,
      'VERSION_CONFLICT',
    );
    // The TF admin is a manager; another group-20 user would be refused (NOT_ALLOWED) — the buyer here is the operator.
    expect(await snapshot(t, 'rfqHeader')).toEqual(snap);
    const rfq = ok(
      await f.post('/api/v1/rfqs', f.u.operator, {
        prNo: pr.prNo,
        prVersion: pr.version,
        deadline: day(7),
        suppliers: ['c00001', 'C00002'],
      }),
    );
    expect(rfq.rfqNo).toMatch(/^RFQ\d{4}-\d{6}$/);
    expect(rfq).toMatchObject({
      status: 'OPEN',
      prNo: pr.prNo,
      buyerId: 'E000004',
      selectionAllowed: false,
      actions: ['cancel'],
    });
    expect(rfq.suppliers.map((s: { compNo: string; status: string }) => [s.compNo, s.status])).toEqual([
      ['C00001', 'REQUESTED'],
      ['C00002', 'REQUESTED'],
    ]);
    expect(rfq.lines).toHaveLength(2);
    const after = ok(await f.get(`/api/v1/prs/${pr.prNo}`, f.u.operator));
    expect(after).toMatchObject({ status: 'QUOT_REQUESTED', rfqs: [{ rfqNo: rfq.rfqNo, status: 'OPEN' }] });
    // The PR is no longer received: a second request is the wrong state.
    refused(
      await f.post('/api/v1/rfqs', f.u.operator, {
        prNo: pr.prNo,
        prVersion: after.version,
        deadline: day(7),
        suppliers: ['C00001'],
      }),
      409,
      'INVALID_STATE',
    );
  });

  it('a supplier sees only requests sent to it; opening one marks it checked; another company’s answers 404 like a missing one', async () => {
    const rfq = await openRfq(f, ['C00001']);
    const list = ok(await f.get('/api/v1/cyber/rfqs?size=500', f.u.supplier1));
    expect(list.rows.some((r: { rfqNo: string }) => r.rfqNo === rfq.rfqNo)).toBe(true);
    const mine = list.rows.find((r: { rfqNo: string }) => r.rfqNo === rfq.rfqNo);
    expect(mine).toMatchObject({ status: 'REQUESTED', rfqStatus: 'OPEN', totalAmount: null });
    const other = ok(await f.get('/api/v1/cyber/rfqs?size=500', f.u.supplier2));
    expect(other.rows.some((r: { rfqNo: string }) => r.rfqNo === rfq.rfqNo)).toBe(false);
    const theirs = await f.get(`/api/v1/cyber/rfqs/${rfq.rfqNo}`, f.u.supplier2);
    const nothing = await f.get('/api/v1/cyber/rfqs/RFQ2099-999999', f.u.supplier2);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(nothing.json());
    refused(await f.get(`/api/v1/cyber/quotations/${rfq.rfqNo}`, f.u.supplier2), 404, 'RFQ_NOT_FOUND');
    // supplier2 was not invited, so nothing of its company changed either.
    expect(await t.db.db.selectFrom('quotation').select('status').where('rfqNo', '=', rfq.rfqNo).execute()).toEqual([
      { status: 'REQUESTED' },
    ]);

    const opened = ok(await f.get(`/api/v1/cyber/rfqs/${rfq.rfqNo}`, f.u.supplier1));
    expect(opened).toMatchObject({ status: 'CHECKED', editable: true, buyerName: '김민수' });
    expect(opened.lines[0]).not.toHaveProperty('estUnitPrice');
    expect(JSON.stringify(opened)).not.toContain('1500');
    const again = ok(await f.get(`/api/v1/cyber/rfqs/${rfq.rfqNo}`, f.u.supplier1adm));
    expect(again.version).toBe(opened.version);
    const history = await t.db.db
      .selectFrom('auditLog')
      .select(['action', 'actor'])
      .where('entity', '=', 'quotation')
      .where('entityKey', '=', `${rfq.rfqNo}/C00001`)
      .orderBy('id')
      .execute();
    expect(history).toEqual([{ action: 'CHECK', actor: 'supplier1' }]);
    // Internal screens are not for suppliers, and supplier screens are for staff only through the
    // internal 협력사 화면 menu (operation reads them; a requester does not).
    refused(await f.get(`/api/v1/rfqs/${rfq.rfqNo}/comparison`, f.u.supplier1), 403);
    refused(await f.get('/api/v1/cyber/rfqs', f.u.buyer), 403);
  });

  it('submits and revises a quotation until the deadline; bad prices, validity and versions change nothing', async () => {
    const rfq = await openRfq(f, ['C00001', 'C00002']);
    const q = ok(await f.get(`/api/v1/cyber/quotations/${rfq.rfqNo}`, f.u.supplier1));
    expect(q).toMatchObject({ status: 'REQUESTED', quoteNo: null, editable: true, revision: 0 });
    const snap = await snapshot(t, 'quotation');
    const bad = refused(
      await quote(rfq.rfqNo, f.u.supplier1, {
        version: q.version,
        leadTimeDays: 10,
        validUntil: day(-1),
        lines: [
          { lineNo: 1, unitPrice: '10.123' },
          { lineNo: 9, unitPrice: '5' },
        ],
      }),
      400,
      'VALIDATION',
    );
    expect(bad.details).toEqual([
      { path: 'body/validUntil', message: '견적 유효기간은 오늘 이후여야 합니다' },
      { path: 'body/lines/0/unitPrice', message: '단가는 소수점 이하 2자리까지 입력할 수 있습니다' },
    ]);
    const lines = refused(
      await quote(rfq.rfqNo, f.u.supplier1, {
        version: q.version,
        leadTimeDays: 10,
        validUntil: day(30),
        lines: [
          { lineNo: 1, unitPrice: '100' },
          { lineNo: 9, unitPrice: '5' },
        ],
      }),
      400,
      'VALIDATION',
    );
    expect(lines.details).toEqual([
      { path: 'body/lines/1/lineNo', message: '견적요청에 없는 품목 줄입니다: 9' },
      { path: 'body/lines', message: '2번 품목의 단가를 입력하세요' },
    ]);
    refused(
      await quote(rfq.rfqNo, f.u.supplier1, {
        version: q.version,
        leadTimeDays: 10,
        validUntil: day(30),
        lines: [
          { lineNo: 1, unitPrice: '-1' },
          { lineNo: 2, unitPrice: '5' },
        ],
      }),
      400,
      'VALIDATION',
    );
    refused(
      await quote(rfq.rfqNo, f.u.supplier1, {
        version: q.version + 1,
        leadTimeDays: 10,
        validUntil: day(30),
        lines: [
          { lineNo: 1, unitPrice: '1' },
          { lineNo: 2, unitPrice: '5' },
        ],
      }),
      409,
      'VERSION_CONFLICT',
    );
    expect(await snapshot(t, 'quotation')).toEqual(snap);

    const first = ok(
      await quote(rfq.rfqNo, f.u.supplier1, {
        version: q.version,
        leadTimeDays: 10,
        validUntil: day(30),
        remark: '운송비 포함',
        lines: [
          { lineNo: 1, unitPrice: '1450' },
          { lineNo: 2, unitPrice: '11999.99' },
        ],
      }),
    );
    expect(first.quoteNo).toMatch(/^QT\d{4}-\d{6}$/);
    // 10 × 1450 = 14500; 2.5 × 11999.99 = 29999.975 → 30000; total 44500.
    expect(first).toMatchObject({ status: 'SUBMITTED', revision: 1, totalAmount: '44500.00', leadTimeDays: 10 });
    expect(first.lines.map((l: { amount: string }) => l.amount)).toEqual(['14500.00', '30000.00']);
    const revised = ok(
      await quote(rfq.rfqNo, f.u.supplier1adm, {
        version: first.version,
        leadTimeDays: 7,
        validUntil: day(45),
        lines: [
          { lineNo: 2, unitPrice: '11000' },
          { lineNo: 1, unitPrice: '1400' },
        ],
      }),
    );
    expect(revised).toMatchObject({ quoteNo: first.quoteNo, revision: 2, totalAmount: '41500.00', leadTimeDays: 7 });
    const actions = await t.db.db
      .selectFrom('auditLog')
      .select('action')
      .where('entity', '=', 'quotation')
      .where('entityKey', '=', `${rfq.rfqNo}/C00001`)
      .orderBy('id')
      .execute();
    expect(actions.map((a) => a.action)).toEqual(['SUBMIT', 'REVISE']);
    // My quotations list shows it with my total; the other supplier never sees my prices.
    const mine = ok(await f.get('/api/v1/cyber/quotations?size=500', f.u.supplier1));
    expect(mine.rows.find((r: { rfqNo: string }) => r.rfqNo === rfq.rfqNo)).toMatchObject({
      quoteNo: first.quoteNo,
      totalAmount: '41500.00',
    });
    const theirs = ok(await f.get(`/api/v1/cyber/quotations/${rfq.rfqNo}`, f.u.supplier2));
    expect(theirs.lines.every((l: { unitPrice: string | null }) => l.unitPrice === null)).toBe(true);
    expect(JSON.stringify(theirs)).not.toContain('41500');
    expect(JSON.stringify(ok(await f.get('/api/v1/cyber/rfqs?size=500', f.u.supplier2)))).not.toContain('41500');

    // After the deadline nobody quotes or revises.
    await t.db.db
      .updateTable('rfqHeader')
      .set({ deadline: new Date(Date.now() - 60_000) })
      .where('rfqNo', '=', rfq.rfqNo)
      .execute();
    const late = ok(await f.get(`/api/v1/cyber/quotations/${rfq.rfqNo}`, f.u.supplier1));
    expect(late).toMatchObject({ editable: false, deadlinePassed: true });
    refused(
      await quote(rfq.rfqNo, f.u.supplier1, {
        version: late.version,
        leadTimeDays: 7,
        validUntil: day(45),
        lines: [
          { lineNo: 1, unitPrice: '1' },
          { lineNo: 2, unitPrice: '1' },
        ],
      }),
      409,
      'QUOTATION_CLOSED',
    );
    const q2 = ok(await f.get(`/api/v1/cyber/quotations/${rfq.rfqNo}`, f.u.supplier2));
    refused(
      await quote(rfq.rfqNo, f.u.supplier2, {
        version: q2.version,
        leadTimeDays: 7,
        validUntil: day(45),
        lines: [
          { lineNo: 1, unitPrice: '1' },
          { lineNo: 2, unitPrice: '1' },
        ],
      }),
      409,
      'QUOTATION_CLOSED',
    );
    expect(
      (
        await t.db.db
          .selectFrom('quotation')
          .select('totalAmount')
          .where('rfqNo', '=', rfq.rfqNo)
          .where('compNo', '=', 'C00001')
          .executeTakeFirstOrThrow()
      ).totalAmount,
    ).toBe('41500.00');
  });

  it('compares quotations side by side and lets only the buyer or a manager select, once bidding is over', async () => {
    const rfq = await openRfq(f, ['C00001', 'C00002']);
    const q1 = ok(await f.get(`/api/v1/cyber/quotations/${rfq.rfqNo}`, f.u.supplier1));
    ok(
      await quote(rfq.rfqNo, f.u.supplier1, {
        version: q1.version,
        leadTimeDays: 10,
        validUntil: day(30),
        lines: [
          { lineNo: 1, unitPrice: '1400' },
          { lineNo: 2, unitPrice: '13000' },
        ],
      }),
    );
    let current = ok(await f.get(`/api/v1/rfqs/${rfq.rfqNo}`, f.u.operator));
    // supplier2 has not answered and the deadline has not passed.
    const early = refused(
      await f.post(`/api/v1/rfqs/${rfq.rfqNo}/select`, f.u.operator, { version: current.version, compNo: 'C00001' }),
      409,
      'RFQ_NOT_CLOSED',
    );
    expect(early.msg).toContain('마감');
    const q2 = ok(await f.get(`/api/v1/cyber/quotations/${rfq.rfqNo}`, f.u.supplier2));
    ok(
      await quote(rfq.rfqNo, f.u.supplier2, {
        version: q2.version,
        leadTimeDays: 5,
        validUntil: day(30),
        lines: [
          { lineNo: 1, unitPrice: '1500' },
          { lineNo: 2, unitPrice: '12000' },
        ],
      }),
    );

    const cmp = ok(await f.get(`/api/v1/rfqs/${rfq.rfqNo}/comparison`, f.u.operator));
    // C00001: 10 × 1400 + 2.5 × 13000 = 46500; C00002: 10 × 1500 + 2.5 × 12000 = 45000.
    expect(cmp).toMatchObject({ selectionAllowed: true, lowestTotal: '45000.00' });
    expect(
      cmp.suppliers.map((s: { compNo: string; totalAmount: string; lowest: boolean }) => [
        s.compNo,
        s.totalAmount,
        s.lowest,
      ]),
    ).toEqual([
      ['C00001', '46500.00', false],
      ['C00002', '45000.00', true],
    ]);
    expect(cmp.lines[0]).toMatchObject({ lineNo: 1, lowestUnitPrice: '1400.00' });
    expect(
      cmp.lines[0].quotes.map((q: { compNo: string; unitPrice: string; lowest: boolean }) => [
        q.compNo,
        q.unitPrice,
        q.lowest,
      ]),
    ).toEqual([
      ['C00001', '1400.00', true],
      ['C00002', '1500.00', false],
    ]);
    expect(cmp.lines[1].quotes.map((q: { compNo: string; lowest: boolean }) => [q.compNo, q.lowest])).toEqual([
      ['C00001', false],
      ['C00002', true],
    ]);

    current = ok(await f.get(`/api/v1/rfqs/${rfq.rfqNo}`, f.u.operator));
    expect(current.actions).toEqual(['select', 'cancel']);
    const snap = await snapshot(t, 'rfqHeader');
    refused(
      await f.post(`/api/v1/rfqs/${rfq.rfqNo}/select`, f.u.buyer, { version: current.version, compNo: 'C00002' }),
      403,
      'GPMS006',
    );
    refused(
      await f.post(`/api/v1/rfqs/${rfq.rfqNo}/select`, f.u.uadmin1, { version: current.version, compNo: 'C00002' }),
      403,
      'GPMS006',
    );
    refused(
      await f.post(`/api/v1/rfqs/${rfq.rfqNo}/select`, f.u.operator, {
        version: current.version + 1,
        compNo: 'C00002',
      }),
      409,
      'VERSION_CONFLICT',
    );
    refused(
      await f.post(`/api/v1/rfqs/${rfq.rfqNo}/select`, f.u.operator, { version: current.version, compNo: 'C00003' }),
      400,
      'VALIDATION',
    );
    expect(await snapshot(t, 'rfqHeader')).toEqual(snap);
    const selected = ok(
      await f.post(`/api/v1/rfqs/${rfq.rfqNo}/select`, f.u.tfadmin, { version: current.version, compNo: 'C00002' }),
    );
    expect(selected).toMatchObject({ status: 'AWARDED', selectedCompNo: 'C00002' });
    expect(selected.suppliers.map((s: { compNo: string; status: string }) => [s.compNo, s.status])).toEqual([
      ['C00001', 'NOT_SELECTED'],
      ['C00002', 'SELECTED'],
    ]);
    refused(
      await f.post(`/api/v1/rfqs/${rfq.rfqNo}/select`, f.u.operator, { version: selected.version, compNo: 'C00001' }),
      409,
      'INVALID_STATE',
    );
    refused(
      await f.post(`/api/v1/rfqs/${rfq.rfqNo}/cancel`, f.u.operator, { version: selected.version, reason: '취소' }),
      409,
      'INVALID_STATE',
    );
    // The outcome reaches each supplier, and neither learns the other's price.
    expect(ok(await f.get(`/api/v1/cyber/quotations/${rfq.rfqNo}`, f.u.supplier1))).toMatchObject({
      status: 'NOT_SELECTED',
      editable: false,
    });
    expect(ok(await f.get(`/api/v1/cyber/quotations/${rfq.rfqNo}`, f.u.supplier2)).status).toBe('SELECTED');
  });

  it('refuses selecting a supplier who did not quote, or a quotation past its validity', async () => {
    const rfq = await openRfq(f, ['C00001', 'C00002']);
    const q1 = ok(await f.get(`/api/v1/cyber/quotations/${rfq.rfqNo}`, f.u.supplier1));
    ok(
      await quote(rfq.rfqNo, f.u.supplier1, {
        version: q1.version,
        leadTimeDays: 3,
        validUntil: day(0),
        lines: [
          { lineNo: 1, unitPrice: '1' },
          { lineNo: 2, unitPrice: '1' },
        ],
      }),
    );
    await t.db.db
      .updateTable('rfqHeader')
      .set({ deadline: new Date(Date.now() - 60_000) })
      .where('rfqNo', '=', rfq.rfqNo)
      .execute();
    const current = ok(await f.get(`/api/v1/rfqs/${rfq.rfqNo}`, f.u.operator));
    refused(
      await f.post(`/api/v1/rfqs/${rfq.rfqNo}/select`, f.u.operator, { version: current.version, compNo: 'C00002' }),
      409,
      'INVALID_STATE',
    );
    await t.db.db
      .updateTable('quotation')
      .set({ validUntil: day(-1) })
      .where('rfqNo', '=', rfq.rfqNo)
      .where('compNo', '=', 'C00001')
      .execute();
    refused(
      await f.post(`/api/v1/rfqs/${rfq.rfqNo}/select`, f.u.operator, { version: current.version, compNo: 'C00001' }),
      409,
      'QUOTATION_EXPIRED',
    );
    expect(
      (await t.db.db.selectFrom('rfqHeader').select('status').where('rfqNo', '=', rfq.rfqNo).executeTakeFirstOrThrow())
        .status,
    ).toBe('OPEN');
  });

  it('cancels an open request with a reason: quotations are cancelled, the PR is received again', async () => {
    const rfq = await openRfq(f, ['C00001', 'C00002']);
    refused(
      await f.post(`/api/v1/rfqs/${rfq.rfqNo}/cancel`, f.u.operator, { version: rfq.version, reason: '' }),
      400,
      'VALIDATION',
    );
    const cancelled = ok(
      await f.post(`/api/v1/rfqs/${rfq.rfqNo}/cancel`, f.u.operator, { version: rfq.version, reason: '사양 변경' }),
    );
    expect(cancelled).toMatchObject({ status: 'CANCELLED', cancelReason: '사양 변경', actions: [] });
    expect(cancelled.suppliers.every((s: { status: string }) => s.status === 'CANCELLED')).toBe(true);
    expect(ok(await f.get(`/api/v1/prs/${rfq.prNo}`, f.u.operator)).status).toBe('RECEIVED');
    const q = ok(await f.get(`/api/v1/cyber/quotations/${rfq.rfqNo}`, f.u.supplier1));
    refused(
      await quote(rfq.rfqNo, f.u.supplier1, {
        version: q.version,
        leadTimeDays: 1,
        validUntil: day(10),
        lines: [
          { lineNo: 1, unitPrice: '1' },
          { lineNo: 2, unitPrice: '1' },
        ],
      }),
      409,
      'INVALID_STATE',
    );
  });

  it('lists requests for purchasing with counts, filters and sorting', async () => {
    const list = ok(await f.get('/api/v1/rfqs?status=OPEN&size=500&sort=deadline:asc', f.u.operator));
    expect(list.total).toBeGreaterThan(0);
    expect(list.rows.every((r: { status: string }) => r.status === 'OPEN')).toBe(true);
    const toC1 = ok(await f.get('/api/v1/rfqs?compNo=C00001&size=5', f.u.operator));
    expect(toC1.total).toBeGreaterThan(0);
    const awarded = ok(await f.get('/api/v1/rfqs?status=AWARDED&size=5&sort=submittedCount:desc', f.u.opadmin));
    expect(awarded.rows[0].submittedCount).toBeGreaterThanOrEqual(awarded.rows.at(-1).submittedCount);
    refused(await f.get('/api/v1/rfqs?sort=description:asc', f.u.operator), 400, 'VALIDATION');
    refused(await f.get('/api/v1/rfqs', f.u.buyer), 403, 'GPMS006');
  });
});
