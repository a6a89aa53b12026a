// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { ListScreenDef } from '../definition/types';
import type { EngineServices } from '../services';
import { pageFetcher } from './page-fetcher';
import { PagedRows } from './paged-rows';

type Call = { operation: string; query: Record<string, unknown> };

/** A list service over 1,000 numbered rows answering cursors as the API's keyset lists do (the row's number). */
function services(withCursors: boolean) {
  const calls: Call[] = [];
  const call = async (operation: string, input: { query?: Record<string, unknown> }) => {
    const q = input.query ?? {};
    calls.push({ operation, query: q });
    const size = Number(q.size);
    const start =
      q.after !== undefined
        ? Number(q.after) + 1
        : q.before !== undefined
          ? Number(q.before) - size
          : (Number(q.page) - 1) * size;
    const rows = Array.from({ length: Math.max(0, Math.min(size, 1000 - start)) }, (_, i) => ({ n: start + i }));
    return {
      rows,
      total: 1000,
      ...(withCursors
        ? {
            nextCursor: rows.length === size ? String(rows.at(-1)!.n) : null,
            prevCursor: start > 0 ? String(start) : null,
          }
        : {}),
    };
  };
  return { services: { call } as unknown as EngineServices, calls };
}

const def = (operation: string) =>
  ({
    id: 't.list',
    kind: 'list',
    title: 't',
    source: { operation, defaultSort: 'poNo:desc' },
    columns: [{ field: 'n' }],
  }) as unknown as ListScreenDef;
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('the list screen’s pager and keyset lists', () => {
  it('sends the cursor of the page it has when the user moves to the next page, and the page number for a jump', async () => {
    const { services: s, calls } = services(true);
    const rows = new PagedRows(
      pageFetcher(s, def('listPos'), { query: { poType: 'PO' }, path: {} }, { field: 'poNo', direction: 'desc' }, {}),
      100,
    );
    await rows.reset();
    rows.ensure(150, 160);
    await settle();
    await settle();
    expect(calls.map((c) => [c.query.page, c.query.after ?? null, c.query.before ?? null])).toEqual([
      [1, null, null],
      [2, '99', null],
      [3, '199', null],
    ]);
    expect(calls[1].query).toMatchObject({ poType: 'PO', sort: 'poNo:desc', size: 100 });
    // A jump by the scroll bar: page 8 by number; page 7, scrolling up from it, by page 8's first row.
    calls.length = 0;
    rows.ensure(750, 760);
    await settle();
    rows.ensure(690, 700);
    await settle();
    await settle();
    expect(calls.map((c) => [c.query.page, c.query.after ?? null, c.query.before ?? null])).toEqual([
      [8, null, null],
      [9, '799', null],
      [7, null, '700'],
    ]);
    expect(rows.get(650)).toEqual({ n: 650 });
  });

  it('a list that takes no cursor gets page numbers only', async () => {
    const { services: s, calls } = services(true);
    const rows = new PagedRows(pageFetcher(s, def('listRfqs'), { query: {}, path: {} }, null, {}), 100);
    await rows.reset();
    rows.ensure(150, 160);
    await settle();
    await settle();
    expect(calls.length).toBe(3);
    for (const c of calls) expect(c.query).not.toHaveProperty('after');
  });
});
