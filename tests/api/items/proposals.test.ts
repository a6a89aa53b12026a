import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import type { LoggedIn } from '../../helpers/login.js';
import { sessionAs } from '../../helpers/session.js';
import { ownItemWithoutWaitingProposal } from './own-item.js';
import { applyDuePricesJob } from '../../../server/modules/items/proposals/jobs.js';

const inDays = (n: number) => new Date(Date.now() + 9 * 3_600_000 + n * 86_400_000).toISOString().slice(0, 10);

describe('items: item master, supplier prices and proposals', () => {
  let t: TestApp;
  let staff: LoggedIn;
  let s1: LoggedIn;
  let s2: LoggedIn;
  let buyer: LoggedIn;
  let own1: string;
  let own2: string;
  beforeAll(async () => {
    t = await buildTestApp();
    [staff, s1, s2, buyer] = [
      await sessionAs(t.app, 'tfadmin'),
      await sessionAs(t.app, 'supplier1'),
      await sessionAs(t.app, 'supplier2'),
      await sessionAs(t.app, 'buyer'),
    ];
    const pending = t.db.db
      .selectFrom('itemProposal')
      .select('itemCode')
      .where('status', '=', 'SUBMITTED')
      .where('itemCode', 'is not', null);
    own1 = (
      await t.db.db
        .selectFrom('itemSupplierPrice')
        .select('itemCode')
        .where('compNo', '=', 'C00001')
        .where('itemCode', 'not in', pending)
        .orderBy('itemCode')
        .limit(1)
        .executeTakeFirstOrThrow()
    ).itemCode;
    own2 = (
      await t.db.db
        .selectFrom('itemSupplierPrice')
        .select('itemCode')
        .where('compNo', '=', 'C00002')
        .where(
          'itemCode',
          'not in',
          t.db.db.selectFrom('itemSupplierPrice').select('itemCode').where('compNo', '=', 'C00001'),
        )
        .orderBy('itemCode')
        .limit(1)
        .executeTakeFirstOrThrow()
    ).itemCode;
  });
  afterAll(() => t.close());
  const call = (who: LoggedIn, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: who.headers, payload });

  it('searches items the way the item popup does and shows one item whole', async () => {
    const res = await call(buyer, 'GET', '/api/v1/items?itemName=%EB%B3%BC%ED%8A%B8&catCode=MRO&size=5');
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBeGreaterThan(5);
    expect(res.json().rows[0].catCode.startsWith('MRO')).toBe(true);
    const one = await call(buyer, 'GET', `/api/v1/items?itemCode=${own1}`);
    expect(one.json().rows[0].itemCode).toBe(own1);
    const detail = (await call(staff, 'GET', `/api/v1/items/${own1}`)).json();
    expect(detail.suppliers.map((s: { compNo: string }) => s.compNo)).toContain('C00001');
    const hist = (await call(staff, 'GET', `/api/v1/items/${own1}/price-history`)).json();
    expect(hist.total).toBeGreaterThan(0);
  });

  it('creates, changes and deactivates an item; refuses values not allowed', async () => {
    const body = {
      itemName: '시험 품목',
      spec: 'T-1',
      catCode: 'MRO0101',
      sgCode: 'SGI-MRO0101-D',
      unitCode: 'EA',
      refPrice: '1500',
      currency: 'KRW',
      attributes: [{ attrCode: 'COLOR', valueCode: 'BLACK' }],
    };
    const bad = await call(staff, 'POST', '/api/v1/items', {
      ...body,
      attributes: [{ attrCode: 'COLOR', valueCode: 'PINK' }],
      unitCode: 'NOPE',
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .details.map((d: { path: string }) => d.path)
        .sort(),
    ).toEqual(['body/attributes/0/valueCode', 'body/unitCode']);
    const made = await call(staff, 'POST', '/api/v1/items', body);
    expect(made.statusCode).toBe(200);
    const item = made.json();
    expect(item.itemCode).toMatch(/^MRO0101-\d{4}$/);
    expect(item.attributes).toEqual([expect.objectContaining({ attrCode: 'COLOR', valueCode: 'BLACK' })]);
    const upd = await call(staff, 'PUT', `/api/v1/items/${item.itemCode}`, { ...body, refPrice: '1600', version: 1 });
    expect(upd.json()).toMatchObject({ refPrice: '1600.00', version: 2 });
    expect((await call(staff, 'PUT', `/api/v1/items/${item.itemCode}`, { ...body, version: 1 })).statusCode).toBe(409);
    const off = await call(staff, 'POST', `/api/v1/items/${item.itemCode}/deactivate`, { version: 2 });
    expect(off.json().useYn).toBe('N');
    expect((await call(buyer, 'POST', '/api/v1/items', body)).statusCode).toBe(403);
  });

  it('a supplier sees only its own items and prices', async () => {
    const mine = (await call(s1, 'GET', '/api/v1/cyber/items?size=500')).json();
    expect(mine.total).toBeGreaterThan(0);
    const c1 = await t.db.db
      .selectFrom('itemSupplierPrice')
      .select((e) => e.fn.countAll<number>().as('n'))
      .where('compNo', '=', 'C00001')
      .executeTakeFirstOrThrow();
    expect(mine.total).toBe(Number(c1.n));
    expect((await call(s1, 'GET', `/api/v1/cyber/items/${own2}`)).statusCode).toBe(404);
    expect((await call(s2, 'GET', `/api/v1/cyber/items/${own2}`)).statusCode).toBe(200);
    // Staff item operations are closed to suppliers.
    expect((await call(s1, 'GET', `/api/v1/items/${own2}`)).statusCode).toBe(403);
    expect((await call(s1, 'GET', `/api/v1/items/${own2}/price-history`)).statusCode).toBe(403);
  });

  it('supplier1 proposes a price change, staff approve it with a date: price and history change; supplier2 never sees it', async () => {
    const refused = await call(s1, 'POST', '/api/v1/item-proposals', {
      kind: 'PRICE',
      itemCode: own2,
      proposedPrice: '100',
      validFrom: inDays(1),
      reason: '남의 품목',
    });
    expect(refused.statusCode).toBe(403);
    const past = await call(s1, 'POST', '/api/v1/item-proposals', {
      kind: 'PRICE',
      itemCode: own1,
      proposedPrice: '100',
      validFrom: inDays(-3),
      reason: '과거',
    });
    expect(past.statusCode).toBe(400);
    const made = await call(s1, 'POST', '/api/v1/item-proposals', {
      kind: 'PRICE',
      itemCode: own1,
      proposedPrice: '12345',
      validFrom: inDays(0),
      reason: '원자재 가격 상승',
    });
    expect(made.statusCode).toBe(200);
    const p = made.json();
    expect(p).toMatchObject({ status: 'SUBMITTED', compNo: 'C00001', itemCode: own1, actions: ['update', 'withdraw'] });
    expect(
      (
        await call(s1, 'POST', '/api/v1/item-proposals', {
          kind: 'PRICE',
          itemCode: own1,
          proposedPrice: '1',
          validFrom: inDays(0),
          reason: '두 번째',
        })
      ).json().code,
    ).toBe('PROPOSAL_PENDING');
    // Isolation: supplier2 can neither read nor act on it, whatever it sends.
    expect((await call(s2, 'GET', `/api/v1/item-proposals/${p.proposalNo}`)).statusCode).toBe(404);
    expect((await call(s2, 'POST', `/api/v1/item-proposals/${p.proposalNo}/withdraw`, { version: 1 })).statusCode).toBe(
      404,
    );
    expect(
      (
        await call(s2, 'PUT', `/api/v1/item-proposals/${p.proposalNo}`, {
          kind: 'PRICE',
          itemCode: own1,
          proposedPrice: '1',
          validFrom: inDays(0),
          reason: 'x',
          version: 1,
        })
      ).statusCode,
    ).toBe(403);
    const list2 = (await call(s2, 'GET', '/api/v1/item-proposals?size=500')).json();
    expect(list2.rows.every((r: { compNo: string }) => r.compNo === 'C00002')).toBe(true);
    expect(list2.rows.length).toBeGreaterThan(0);
    // Suppliers cannot approve; staff cannot propose.
    expect(
      (
        await call(s1, 'POST', `/api/v1/item-proposals/${p.proposalNo}/approve`, {
          version: 1,
          effectiveDate: inDays(0),
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await call(staff, 'POST', '/api/v1/item-proposals', {
          kind: 'PRICE',
          itemCode: own1,
          proposedPrice: '1',
          validFrom: inDays(0),
          reason: 'x',
        })
      ).statusCode,
    ).toBe(403);
    const staffView = (await call(staff, 'GET', `/api/v1/item-proposals/${p.proposalNo}`)).json();
    expect(staffView.actions).toEqual(['approve', 'reject']);
    expect(
      (
        await call(staff, 'POST', `/api/v1/item-proposals/${p.proposalNo}/approve`, {
          version: 9,
          effectiveDate: inDays(0),
        })
      ).statusCode,
    ).toBe(409);
    const ok = await call(staff, 'POST', `/api/v1/item-proposals/${p.proposalNo}/approve`, {
      version: 1,
      effectiveDate: inDays(0),
    });
    expect(ok.json()).toMatchObject({ status: 'APPROVED', effectiveDate: inDays(0), actions: [] });
    const price = await t.db.db
      .selectFrom('itemSupplierPrice')
      .selectAll()
      .where('itemCode', '=', own1)
      .where('compNo', '=', 'C00001')
      .executeTakeFirstOrThrow();
    expect(Number(price.unitPrice)).toBe(12345);
    const hist = (await call(staff, 'GET', `/api/v1/items/${own1}/price-history`)).json().rows;
    expect(hist.some((h: { proposalNo: string | null }) => h.proposalNo === p.proposalNo)).toBe(true);
    expect(
      (await call(s1, 'GET', `/api/v1/cyber/items/${own1}`))
        .json()
        .history.some((h: { proposalNo: string | null }) => h.proposalNo === p.proposalNo),
    ).toBe(true);
    expect(
      (await call(staff, 'POST', `/api/v1/item-proposals/${p.proposalNo}/reject`, { version: 2, reason: 'x' })).json()
        .code,
    ).toBe('INVALID_STATE');
    const audit = await t.db.db
      .selectFrom('auditLog')
      .select('action')
      .where('entity', '=', 'item_proposal')
      .where('entityKey', '=', p.proposalNo)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['SUBMIT', 'APPROVE']);
  });

  it('supplier1 changes its waiting proposal as the edit screen sends it (every field, the version); a stale version is refused', async () => {
    const own = await ownItemWithoutWaitingProposal(t, 3);
    const p = (
      await call(s1, 'POST', '/api/v1/item-proposals', {
        kind: 'PRICE',
        itemCode: own,
        proposedPrice: '500',
        validFrom: inDays(1),
        reason: '처음',
      })
    ).json();
    const screen = {
      kind: 'PRICE',
      itemCode: own,
      itemName: p.itemName,
      spec: p.spec,
      catCode: p.catCode,
      unitCode: p.unitCode,
      maker: p.maker,
      proposedPrice: '450.00',
      currency: p.currency,
      validFrom: inDays(2),
      reason: '고침',
      fileId: null,
      version: p.version,
    };
    const res = await call(s1, 'PUT', `/api/v1/item-proposals/${p.proposalNo}`, screen);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      proposedPrice: expect.stringMatching(/^450(\.00)?$/),
      validFrom: inDays(2),
      reason: '고침',
      version: p.version + 1,
      status: 'SUBMITTED',
    });
    expect((await call(s1, 'PUT', `/api/v1/item-proposals/${p.proposalNo}`, screen)).statusCode).toBe(409);
  });

  it('the price-history chart: lowest, average and highest price in force on each date, per currency; staff only', async () => {
    const { itemCode } = await t.db.db
      .selectFrom('item')
      .select('itemCode')
      .where('itemCode', 'not in', t.db.db.selectFrom('itemPriceHistory').select('itemCode'))
      .orderBy('itemCode')
      .limit(1)
      .executeTakeFirstOrThrow();
    const point = (compNo: string, effectiveDate: string, unitPrice: string, currency: 'KRW' | 'JPY' = 'KRW') => ({
      itemCode,
      compNo,
      effectiveDate,
      unitPrice,
      currency,
      source: 'MANUAL' as const,
      changedBy: 'test',
    });
    await t.db.db
      .insertInto('itemPriceHistory')
      .values([
        point('C00001', '2020-01-01', '100'),
        point('C00002', '2020-02-01', '300'),
        point('C00001', '2020-03-01', '200'),
        point('C00002', '2020-03-01', '50', 'JPY'),
      ])
      .execute();
    const res = await call(staff, 'GET', `/api/v1/items/${itemCode}/price-trend`);
    expect(res.statusCode).toBe(200);
    const rows = res.json().rows.map((r: Record<string, string | number>) => ({
      ...r,
      lowPrice: Number(r.lowPrice),
      avgPrice: Number(r.avgPrice),
      highPrice: Number(r.highPrice),
    }));
    expect(rows).toEqual([
      { effectiveDate: '2020-01-01', currency: 'KRW', supplierCount: 1, lowPrice: 100, avgPrice: 100, highPrice: 100 },
      { effectiveDate: '2020-02-01', currency: 'KRW', supplierCount: 2, lowPrice: 100, avgPrice: 200, highPrice: 300 },
      // C00002 moved to yen on 03-01: its won price is no longer in force.
      { effectiveDate: '2020-03-01', currency: 'JPY', supplierCount: 1, lowPrice: 50, avgPrice: 50, highPrice: 50 },
      { effectiveDate: '2020-03-01', currency: 'KRW', supplierCount: 1, lowPrice: 200, avgPrice: 200, highPrice: 200 },
    ]);
    expect((await call(s1, 'GET', `/api/v1/items/${itemCode}/price-trend`)).statusCode).toBe(403);
  });

  it('a future effective date changes the price when the job finds it due', async () => {
    const own = await t.db.db
      .selectFrom('itemSupplierPrice')
      .select(['itemCode', 'unitPrice'])
      .where('compNo', '=', 'C00002')
      .where(
        'itemCode',
        'not in',
        t.db.db
          .selectFrom('itemProposal')
          .select('itemCode')
          .where('status', '=', 'SUBMITTED')
          .where('itemCode', 'is not', null),
      )
      .orderBy('itemCode', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    const p = (
      await call(s2, 'POST', '/api/v1/item-proposals', {
        kind: 'PRICE',
        itemCode: own.itemCode,
        proposedPrice: '777',
        validFrom: inDays(1),
        reason: '환율',
      })
    ).json();
    await call(staff, 'POST', `/api/v1/item-proposals/${p.proposalNo}/approve`, {
      version: 1,
      effectiveDate: inDays(5),
    });
    const before = await t.db.db
      .selectFrom('itemSupplierPrice')
      .select('unitPrice')
      .where('itemCode', '=', own.itemCode)
      .where('compNo', '=', 'C00002')
      .executeTakeFirstOrThrow();
    expect(Number(before.unitPrice)).toBe(Number(own.unitPrice));
    const ctx = { db: t.db.db, log: t.app.log, config: t.config };
    const out = await applyDuePricesJob.run({ ...ctx, now: new Date(Date.now() + 6 * 86_400_000) });
    expect(out).toMatchObject({ applied: expect.any(Number) });
    const after = await t.db.db
      .selectFrom('itemSupplierPrice')
      .select('unitPrice')
      .where('itemCode', '=', own.itemCode)
      .where('compNo', '=', 'C00002')
      .executeTakeFirstOrThrow();
    expect(Number(after.unitPrice)).toBe(777);
    // Idempotent: a second run changes nothing.
    expect(await applyDuePricesJob.run({ ...ctx, now: new Date(Date.now() + 6 * 86_400_000) })).toEqual({ applied: 0 });
  });

  it('rejects with a reason, withdraws, and approves a new item into the catalogue', async () => {
    const own = (
      await t.db.db
        .selectFrom('itemSupplierPrice')
        .select('itemCode')
        .where('compNo', '=', 'C00001')
        .where(
          'itemCode',
          'not in',
          t.db.db
            .selectFrom('itemProposal')
            .select('itemCode')
            .where('status', '=', 'SUBMITTED')
            .where('itemCode', 'is not', null),
        )
        .orderBy('itemCode', 'desc')
        .limit(1)
        .executeTakeFirstOrThrow()
    ).itemCode;
    const a = (
      await call(s1, 'POST', '/api/v1/item-proposals', {
        kind: 'PRICE',
        itemCode: own,
        proposedPrice: '1',
        validFrom: inDays(2),
        reason: '인상',
      })
    ).json();
    expect(
      (await call(staff, 'POST', `/api/v1/item-proposals/${a.proposalNo}/reject`, { version: 1, reason: '' }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await call(staff, 'POST', `/api/v1/item-proposals/${a.proposalNo}/reject`, { version: 1, reason: '근거 부족' })
      ).json(),
    ).toMatchObject({ status: 'REJECTED', rejectReason: '근거 부족' });
    const b = (
      await call(s1, 'POST', '/api/v1/item-proposals', {
        kind: 'PRICE',
        itemCode: own,
        proposedPrice: '2',
        validFrom: inDays(2),
        reason: '재제안',
      })
    ).json();
    expect(
      (await call(s1, 'POST', `/api/v1/item-proposals/${b.proposalNo}/withdraw`, { version: 1 })).json().status,
    ).toBe('WITHDRAWN');
    const bad = await call(s1, 'POST', '/api/v1/item-proposals', {
      kind: 'NEW',
      itemName: '신제품',
      catCode: 'MRO',
      unitCode: 'EA',
      proposedPrice: '5000',
      currency: 'KRW',
      validFrom: inDays(1),
      reason: '신규',
    });
    expect(bad.statusCode).toBe(400);
    const n = (
      await call(s1, 'POST', '/api/v1/item-proposals', {
        kind: 'NEW',
        itemName: '신제품 볼트',
        spec: 'M99',
        catCode: 'MRO0101',
        unitCode: 'EA',
        proposedPrice: '5000',
        currency: 'KRW',
        validFrom: inDays(1),
        reason: '신규',
      })
    ).json();
    expect(
      (
        await call(staff, 'POST', `/api/v1/item-proposals/${n.proposalNo}/approve`, {
          version: 1,
          effectiveDate: inDays(0),
        })
      ).statusCode,
    ).toBe(400);
    const ok = (
      await call(staff, 'POST', `/api/v1/item-proposals/${n.proposalNo}/approve`, {
        version: 1,
        effectiveDate: inDays(0),
        sgCode: 'SGI-MRO0101-D',
      })
    ).json();
    expect(ok.itemCode).toMatch(/^MRO0101-/);
    expect((await call(s1, 'GET', `/api/v1/cyber/items/${ok.itemCode}`)).json().unitPrice).toBe('5000.00');
  });

  it('the seed holds proposals in every state from C00001 and C00002', async () => {
    const rows = await t.db.db
      .selectFrom('itemProposal')
      .select(['compNo', 'status'])
      .where('proposalNo', 'like', 'IP%')
      .where('createdBy', 'in', ['supplier1', 'supplier2'])
      .execute();
    for (const comp of ['C00001', 'C00002']) {
      expect(new Set(rows.filter((r) => r.compNo === comp).map((r) => r.status))).toEqual(
        new Set(['SUBMITTED', 'APPROVED', 'REJECTED', 'WITHDRAWN']),
      );
    }
  });
});
