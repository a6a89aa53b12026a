import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import type { LoggedIn } from '../../helpers/login.js';
import { sessionAs } from '../../helpers/session.js';

type Row = Record<string, unknown>;
type Page = {
  rows: Row[];
  total: number;
  nextCursor?: string | null;
  prevCursor?: string | null;
  totals?: unknown;
  code?: string;
  msg?: string;
};

/**
 * Keyset paging (server/db/lists/keyset.ts): a walk by `after` (and back by `before`)
 * gives every row of the list exactly once, in the order one page of all rows has — through ties
 * on the sort column, NULLs, mixed directions and microsecond timestamps — and keeps `total`.
 */
describe('keyset paging of the lists', () => {
  let t: TestApp;
  let operator: LoggedIn;
  let supplier1: LoggedIn;
  beforeAll(async () => {
    t = await buildTestApp();
    operator = await sessionAs(t.app, 'operator');
    supplier1 = await sessionAs(t.app, 'supplier1');
  });
  afterAll(() => t.close());

  const get = async (who: LoggedIn, url: string, query: Record<string, string>) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${url}?${new URLSearchParams(query)}`,
      headers: who.headers,
    });
    return { status: res.statusCode, body: res.json() as Page };
  };

  /** All rows at once (one offset page), then the same by cursor forwards and backwards. */
  async function walk(who: LoggedIn, url: string, query: Record<string, string>, key: (r: Row) => string, size = 9) {
    const all = await get(who, url, { ...query, size: '5000' });
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.body.total, `${url}: a filter of a few pages`).toBeLessThanOrEqual(size * 40);
    const expected = all.body.rows.map(key);
    expect(new Set(expected).size, 'the key names one row').toBe(expected.length);

    const forward: string[] = [];
    let after: string | undefined;
    let first: Page | null = null;
    let last: Page | null = null;
    for (let page = 1; page <= expected.length + 2; page++) {
      const { status, body } = await get(who, url, {
        ...query,
        size: String(size),
        page: String(page),
        ...(after ? { after } : {}),
      });
      expect(status, JSON.stringify(body)).toBe(200);
      expect(body.total).toBe(all.body.total);
      // The last page says so (nextCursor null) even when it is full: a walk never asks for an empty page.
      if (expected.length) expect(body.rows.length, `${url} page ${page}: no empty page at the end`).toBeGreaterThan(0);
      first ??= body;
      forward.push(...body.rows.map(key));
      last = body;
      if (!body.nextCursor) break;
      after = body.nextCursor;
    }
    expect(forward).toEqual(expected);
    expect(first!.prevCursor ?? null, 'page 1 has no page before it').toBeNull();

    // Back from the last page by `before`: the same rows, page by page, ending at the first row.
    const backward: string[][] = [last!.rows.map(key)];
    let before = last!.prevCursor ?? undefined;
    while (before) {
      const { status, body } = await get(who, url, { ...query, size: String(size), before });
      expect(status, JSON.stringify(body)).toBe(200);
      backward.unshift(body.rows.map(key));
      before = body.prevCursor ?? undefined;
    }
    expect(backward.flat()).toEqual(expected);
    return all.body.rows;
  }

  const poNo = (r: Row) => r.poNo as string;

  /** A supplier's orders: a few pages of 9, with ties on the date among them. */
  let chosen: { compNo: string; rows: Row[] } | null = null;
  async function supplier() {
    for (let n = 3; n < 200 && !chosen; n++) {
      const compNo = `C${String(n).padStart(5, '0')}`;
      const { body } = await get(operator, '/api/v1/pos', { compNo, poType: 'PO', size: '5000', sort: 'poDate:desc' });
      const dates = body.rows.map((r) => r.poDate);
      if (body.total > 20 && body.total < 150 && new Set(dates).size < dates.length)
        chosen = { compNo, rows: body.rows };
    }
    expect(chosen, 'a supplier with 21–149 orders, two on one day').not.toBeNull();
    return chosen!;
  }

  it('the PO list: every row once, in order, under every kind of sort', { timeout: 120_000 }, async () => {
    const { compNo } = await supplier();
    for (const sort of [
      'poNo:desc',
      'poNo:asc',
      'poDate:desc',
      'poDate:asc',
      'status:asc',
      'totalAmount:desc',
      'compNameKr:asc',
      'updatedAt:desc',
      'dueDate:asc',
      'dueDate:desc',
    ]) {
      const rows = await walk(operator, '/api/v1/pos', { compNo, poType: 'PO', sort }, poNo);
      if (sort === 'compNameKr:asc')
        expect(new Set(rows.map((r) => r.compNameKr)).size, 'one supplier: every row ties on the name').toBe(1);
    }
  });

  it(
    'NULLs in the sort column: before, among and after the other values as the ORDER BY puts them',
    { timeout: 60_000 },
    async () => {
      // Some of the supplier's orders without a due date, among orders with one.
      const { compNo, rows: orders } = await supplier();
      const some = orders.filter((_, i) => i % 3 === 0).map(poNo);
      await t.db.db.updateTable('poHeader').set({ dueDate: null }).where('poNo', 'in', some).execute();
      const filter = { poType: 'PO', compNo };
      for (const sort of ['dueDate:asc', 'dueDate:desc']) {
        const rows = await walk(operator, '/api/v1/pos', { ...filter, sort }, poNo, 7);
        const nulls = rows.map((r) => r.dueDate === null);
        expect(nulls.some(Boolean), 'NULL due dates in the walk').toBe(true);
        // PostgreSQL's default: NULLs last ascending, first descending.
        const firstNull = nulls.indexOf(true);
        if (sort === 'dueDate:asc') expect(nulls.slice(firstNull).every(Boolean)).toBe(true);
        else expect(nulls.slice(0, nulls.lastIndexOf(true) + 1).every(Boolean)).toBe(true);
      }
    },
  );

  it(
    'mixed directions (receipt lines: the sort, receipt number descending, line ascending) and a nullable column',
    { timeout: 120_000 },
    async () => {
      const key = (r: Row) => `${r.whReqNo as string}/${r.lineNo as number}`;
      const { body } = await get(operator, '/api/v1/warehousing/items', { size: '1', sort: 'whReqDate:desc' });
      expect(body.total).toBeGreaterThan(20);
      // A month of receipts: a few pages of 9, several lines to a receipt (ties on everything but the line).
      const all = await get(operator, '/api/v1/warehousing/items', { size: '5000', sort: 'whReqNo:asc' });
      const receipts = [...new Set(all.body.rows.map((r) => r.whReqNo as string))].sort();
      const whReqNo = receipts[0].slice(0, -2);
      for (const sort of [
        'whReqDate:desc',
        'whReqDate:asc',
        'lastDeciDate:asc',
        'lastDeciDate:desc',
        'AMT:desc',
        'itemName:asc',
      ]) {
        const rows = await walk(operator, '/api/v1/warehousing/items', { whReqNo, sort }, key, 40);
        expect(rows.length).toBeGreaterThan(40);
      }
    },
  );

  it('deliveries, settlements, receipts and PRs walk alike', { timeout: 120_000 }, async () => {
    const { compNo } = await supplier();
    await walk(operator, '/api/v1/deliveries', { compNo, sort: 'deliveryDate:desc' }, (r) => r.deliveryNo as string, 7);
    await walk(operator, '/api/v1/deliveries', { compNo, sort: 'arrivalDate:asc' }, (r) => r.deliveryNo as string, 7);
    await walk(operator, '/api/v1/settlements', { compNo, sort: 'period:desc' }, (r) => r.settleNo as string, 3);
    const receipts = (await get(operator, '/api/v1/warehousing', { size: '1', sort: 'whReqNo:asc' })).body.rows[0]
      .whReqNo as string;
    await walk(
      operator,
      '/api/v1/warehousing',
      { whReqNo: receipts.slice(0, -2), sort: 'whReqDate:desc' },
      (r) => r.whReqNo as string,
      9,
    );
    const prs = await get(operator, '/api/v1/prs', { size: '1' });
    expect(prs.body.total).toBeGreaterThan(0);
    await walk(
      operator,
      '/api/v1/prs',
      {
        sort: 'buyerName:asc',
        ...(prs.body.total > 400 ? { prNo: (prs.body.rows[0].prNo as string).slice(0, -2) } : {}),
      },
      (r) => r.prNo as string,
      9,
    );
  });

  it(
    'a result of whole pages: the last full page answers nextCursor null, forwards and backwards',
    { timeout: 60_000 },
    async () => {
      const { compNo, rows } = await supplier();
      const n = rows.length;
      // A page size that divides the count, for several pages (the seed gives 44 orders: pages of 4).
      const size = [...Array(n).keys()].find((d) => d >= 3 && n % d === 0) ?? n;
      expect(n / size, 'several pages').toBeGreaterThan(2);
      const query = { compNo, poType: 'PO', sort: 'poDate:desc' };
      const pages = await walkPages(operator, '/api/v1/pos', query, size);
      expect(pages.map((p) => p.rows.length)).toEqual(Array(n / size).fill(size));
      expect(pages.at(-1)!.nextCursor).toBeNull();
      const one = await get(operator, '/api/v1/pos', { ...query, size: String(n) });
      expect(one.body.rows).toHaveLength(n);
      expect(one.body.nextCursor, 'one full page of everything is the last').toBeNull();
      if (n / size > 1) {
        // Back from the last page: the first page, reached by `before`, has no page before it.
        let before = pages.at(-1)!.prevCursor!;
        for (let i = n / size - 2; i >= 0; i--) {
          const { body } = await get(operator, '/api/v1/pos', { ...query, size: String(size), before });
          expect(body.rows.map(poNo)).toEqual(pages[i].rows.map(poNo));
          if (i === 0) expect(body.prevCursor).toBeNull();
          before = body.prevCursor!;
        }
      }
    },
  );

  /** The pages of a forward walk by cursor. */
  async function walkPages(who: LoggedIn, url: string, query: Record<string, string>, size: number): Promise<Page[]> {
    const pages: Page[] = [];
    let after: string | undefined;
    for (let i = 0; i < 200; i++) {
      const { status, body } = await get(who, url, { ...query, size: String(size), ...(after ? { after } : {}) });
      expect(status, JSON.stringify(body)).toBe(200);
      pages.push(body);
      if (!body.nextCursor) break;
      after = body.nextCursor;
    }
    return pages;
  }

  it('a bad cursor is a 400 that says so; a cursor of another sort too', async () => {
    const page1 = await get(operator, '/api/v1/pos', { size: '5', sort: 'poDate:desc' });
    const cursor = page1.body.nextCursor!;
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    for (const after of [
      'bm90LWpzb24',
      Buffer.from(JSON.stringify({ s: 'poDate:desc', v: ['2026-01-01'] })).toString('base64url'),
      Buffer.from(JSON.stringify({ s: 'poDate:desc', v: ['2026-01-01', null] })).toString('base64url'),
    ]) {
      const res = await get(operator, '/api/v1/pos', { size: '5', sort: 'poDate:desc', after });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'BAD_CURSOR', msg: expect.stringContaining('페이지 위치') });
    }
    const otherSort = await get(operator, '/api/v1/pos', { size: '5', sort: 'poDate:asc', after: cursor });
    expect(otherSort.status).toBe(400);
    expect(otherSort.body.code).toBe('BAD_CURSOR');
    const before = await get(operator, '/api/v1/pos', { size: '5', before: cursor });
    expect(before.status, 'the default sort (poNo:desc) is another sort').toBe(400);
    const notBase64 = await get(operator, '/api/v1/pos', { size: '5', after: 'a+b/c' });
    expect(notBase64.status).toBe(400);
    // A forged value is a parameter, never SQL; one that is no value of the column's type is refused by
    // the database (a timestamp here) as any bad value is: a 400.
    const injected = await get(operator, '/api/v1/pos', {
      size: '5',
      sort: 'title:asc',
      after: Buffer.from(JSON.stringify({ s: 'title:asc', v: ["~' or 1=1 --", 'PO'] })).toString('base64url'),
    });
    expect(injected.status).toBe(200);
    expect(injected.body.rows.every((r) => (r.title as string) > "~' or 1=1 --" || r.title === "~' or 1=1 --")).toBe(
      true,
    );
    const wrongType = await get(operator, '/api/v1/pos', {
      size: '5',
      sort: 'updatedAt:desc',
      after: Buffer.from(JSON.stringify({ s: 'updatedAt:desc', v: ['not a time', 'PO'] })).toString('base64url'),
    });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.code).toBe('INVALID_VALUE');
  });

  it(
    'a supplier’s cursor walks only its own company’s rows, whatever cursor it sends',
    { timeout: 60_000 },
    async () => {
      const mine = await walk(
        supplier1,
        '/api/v1/cyber/deliveries',
        { sort: 'deliveryDate:desc' },
        (r) => r.deliveryNo as string,
        97,
      );
      expect(mine.length).toBeGreaterThan(0);
      const own = new Set(mine.map((r) => r.compNo));
      expect(own.size).toBe(1);
      // A cursor made from the staff list (another company's row, at the very start of the order).
      const staff = await get(operator, '/api/v1/deliveries', { sort: 'deliveryDate:desc', size: '1' });
      const first = staff.body.rows[0];
      const staffCursor = staff.body.nextCursor!;
      const res = await get(supplier1, '/api/v1/cyber/deliveries', {
        sort: 'deliveryDate:desc',
        size: '5000',
        after: staffCursor,
      });
      expect(res.status).toBe(200);
      expect(res.body.rows.every((r) => own.has(r.compNo))).toBe(true);
      if (!own.has(first.compNo)) expect(res.body.rows.map((r) => r.deliveryNo)).not.toContain(first.deliveryNo);
      expect(res.body.total).toBe(mine.length);
    },
  );
});
