import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { sessionAs } from '../../helpers/session.js';

describe('page templates: public sample data; FAQ tree', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('answers sample rows without a login: filter, sort, page', async () => {
    const all = (await get('/api/v1/template/samples?size=10')).json();
    expect(all.total).toBe(30);
    expect(all.rows).toHaveLength(10);
    const it = (await get('/api/v1/template/samples?categoryCode=IT&sort=amount:desc&size=100')).json();
    expect(it.rows.every((r: { categoryCode: string }) => r.categoryCode === 'IT')).toBe(true);
    const amounts = it.rows.map((r: { amount: string }) => Number(r.amount));
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    expect((await get('/api/v1/template/samples?sort=bogus:asc')).statusCode).toBe(400);
    const one = (await get('/api/v1/template/samples/S0001')).json();
    expect(one.lines).toHaveLength(3);
    expect((await get('/api/v1/template/samples/NOPE')).statusCode).toBe(404);
    const tree = (await get('/api/v1/template/sample-tree')).json();
    expect(tree.rows.filter((r: { parentId: string | null }) => r.parentId === null)).toHaveLength(3);
  });

  it('checks a form and stores nothing', async () => {
    const before = await t.db.db
      .selectFrom('auditLog')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/v1/template/samples/check',
      payload: { itemName: '견본', categoryCode: 'IT', quantity: 2 },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().warnings).toHaveLength(1);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/template/samples/check',
          payload: { itemName: ' ', categoryCode: 'IT', quantity: 2 },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/template/samples/check',
          payload: { itemName: 'x', categoryCode: 'NOPE', quantity: 0 },
        })
      ).statusCode,
    ).toBe(400);
    const after = await t.db.db
      .selectFrom('auditLog')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('lists the FAQ as FAQ › category › question for readers of /board/faq only', async () => {
    const buyer = await sessionAs(t.app, 'buyer');
    const res = await get('/api/v1/board/faq-tree', buyer.headers);
    expect(res.statusCode).toBe(200);
    const rows = res.json().rows as Array<{
      nodeId: string;
      parentNodeId: string | null;
      postId: number | null;
      body: string | null;
    }>;
    expect(rows[0]).toMatchObject({ nodeId: 'FAQ', parentNodeId: null });
    expect(
      rows
        .filter((r) => r.parentNodeId === 'FAQ')
        .map((r) => r.nodeId)
        .sort(),
    ).toEqual(['C:구매요청', 'C:로그인', 'C:입고/정산']);
    const question = rows.find((r) => r.postId !== null)!;
    expect(question.parentNodeId).toMatch(/^C:/);
    expect(question.body).toBeTruthy();
    const supplier = await sessionAs(t.app, 'supplier1');
    expect((await get('/api/v1/board/faq-tree', supplier.headers)).statusCode).toBe(403);
  });
});
