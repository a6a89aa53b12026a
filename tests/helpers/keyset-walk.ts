import { expect } from 'vitest';
import type { TestApp } from './app.js';
import type { LoggedIn } from './login.js';

export type Row = Record<string, unknown>;
export type Page = {
  rows: Row[];
  total: number;
  nextCursor?: string | null;
  prevCursor?: string | null;
  code?: string;
  msg?: string;
};

export async function getPage(t: TestApp, who: LoggedIn, url: string, query: Record<string, string>) {
  const res = await t.app.inject({ method: 'GET', url: `${url}?${new URLSearchParams(query)}`, headers: who.headers });
  return { status: res.statusCode, body: res.json() as Page };
}

/**
 * A keyset list (docs/api.md "Lists") walked to its end by `after` and back by `before`: every row
 * once, in the order one page of all rows has, no empty page at the end, `total` on every page.
 * Answers the rows of the one page of all.
 */
export async function walkByCursor(
  t: TestApp,
  who: LoggedIn,
  url: string,
  query: Record<string, string>,
  key: (r: Row) => string,
  size: number,
): Promise<Row[]> {
  const all = await getPage(t, who, url, { ...query, size: '5000' });
  expect(all.status, JSON.stringify(all.body)).toBe(200);
  expect(all.body.total, `${url}: a filter of at most 60 pages`).toBeLessThanOrEqual(size * 60);
  expect(all.body.rows.length, `${url}: one page holds all`).toBe(all.body.total);
  const expected = all.body.rows.map(key);
  expect(new Set(expected).size, `${url}: the key names one row`).toBe(expected.length);

  const pages: Page[] = [];
  let after: string | undefined;
  for (let page = 1; page <= expected.length + 2; page++) {
    const { status, body } = await getPage(t, who, url, {
      ...query,
      size: String(size),
      page: String(page),
      ...(after ? { after } : {}),
    });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.total).toBe(all.body.total);
    expect('nextCursor' in body, `${url} answers cursors`).toBe(true);
    if (expected.length) expect(body.rows.length, `${url} page ${page}: no empty page at the end`).toBeGreaterThan(0);
    pages.push(body);
    if (!body.nextCursor) break;
    after = body.nextCursor;
  }
  expect(
    pages.flatMap((p) => p.rows.map(key)),
    `${url} ${JSON.stringify(query)} forwards`,
  ).toEqual(expected);
  expect(pages[0].prevCursor ?? null, 'page 1 has no page before it').toBeNull();

  const backward: string[][] = [pages.at(-1)!.rows.map(key)];
  let before = pages.at(-1)!.prevCursor ?? undefined;
  while (before) {
    const { status, body } = await getPage(t, who, url, { ...query, size: String(size), before });
    expect(status, JSON.stringify(body)).toBe(200);
    backward.unshift(body.rows.map(key));
    before = body.prevCursor ?? undefined;
  }
  expect(backward.flat(), `${url} ${JSON.stringify(query)} backwards`).toEqual(expected);
  return all.body.rows;
}
