// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { PagedRows, type PageAnswer, type PageCursor } from './paged-rows';

const answer =
  (total: number) =>
  async (page: number, size: number): Promise<PageAnswer<number>> => {
    const start = (page - 1) * size;
    return { rows: Array.from({ length: Math.max(0, Math.min(size, total - start)) }, (_, i) => start + i), total };
  };

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('PagedRows', () => {
  it('fetches what is on screen plus one page, never the same page twice at once', async () => {
    const asked: number[] = [];
    const fetch = answer(100_000);
    const rows = new PagedRows<number>((p, s) => (asked.push(p), fetch(p, s)), 100, {});
    await rows.reset();
    expect(rows.total).toBe(100_000);
    rows.ensure(50_000, 50_030);
    rows.ensure(50_000, 50_030);
    await settle();
    expect(asked).toEqual([1, 501, 502]);
    expect(rows.get(50_010)).toBe(50_010);
    expect(rows.get(70_000)).toBeUndefined();
  });

  it('keeps a bounded number of pages, dropping the furthest', async () => {
    const rows = new PagedRows<number>(answer(100_000), 100, {}, 5);
    await rows.reset();
    for (let p = 0; p < 20; p++) {
      rows.ensure(p * 100, p * 100 + 10);
      await settle();
    }
    expect(rows.loaded().length).toBeLessThanOrEqual(6 * 100);
    expect(rows.get(1_950)).toBe(1_950);
    expect(rows.get(0)).toBeUndefined();
  });

  it('a reset forgets the old result; late answers of it are dropped', async () => {
    let release: (() => void) | null = null;
    let first = true;
    const rows = new PagedRows<number>(
      async (p, s) => {
        if (first && p === 2) {
          first = false;
          await new Promise<void>((r) => (release = r));
        }
        return answer(1000)(p, s);
      },
      100,
      {},
    );
    await rows.reset();
    rows.ensure(100, 110);
    await settle();
    await rows.reset();
    release!();
    await settle();
    expect(rows.get(150)).toBeUndefined();
    expect(rows.isComplete).toBe(false);
  });

  describe('a list paged by key', () => {
    /** A server over rows 0…total-1 that pages by key as the API does: the cursor is the row's value. */
    function keysetServer(total: number) {
      const asked: Array<{ page: number; cursor?: PageCursor }> = [];
      const fetch = async (
        page: number,
        size: number,
        _signal: AbortSignal,
        cursor?: PageCursor,
      ): Promise<PageAnswer<number>> => {
        asked.push({ page, cursor });
        let rows: number[];
        let start: number;
        if (cursor && 'after' in cursor) start = Number(cursor.after) + 1;
        else if (cursor && 'before' in cursor) start = Math.max(0, Number(cursor.before) - size);
        else start = (page - 1) * size;
        const end = cursor && 'before' in cursor ? Number(cursor.before) : Math.min(total, start + size);
        rows = Array.from({ length: Math.max(0, end - start) }, (_, i) => start + i);
        rows = rows.slice(0, size);
        return {
          rows,
          total,
          nextCursor: rows.length === size ? String(rows.at(-1)) : null,
          prevCursor: start > 0 && rows.length ? String(rows[0]) : null,
        };
      };
      return { fetch, asked };
    }

    it('asks for the next page after the last row of the page before it, and for the previous one before the first row of the page after it', async () => {
      const server = keysetServer(10_000);
      const rows = new PagedRows<number>(server.fetch, 100, {});
      await rows.reset();
      expect(server.asked[0]).toEqual({ page: 1, cursor: undefined });
      // Scrolling down page by page: every next page by the cursor of the one before.
      for (let p = 1; p < 5; p++) {
        rows.ensure(p * 100, p * 100 + 10);
        await settle();
      }
      const forward = server.asked.slice(1);
      expect(forward.length).toBeGreaterThan(0);
      for (const a of forward) expect(a.cursor).toEqual({ after: String((a.page - 1) * 100 - 1) });
      expect(rows.get(450)).toBe(450);

      // A jump by the scroll bar: no neighbour known, so by number (the OFFSET) …
      server.asked.length = 0;
      rows.ensure(8_000, 8_010);
      await settle();
      expect(server.asked[0]).toEqual({ page: 81, cursor: undefined });
      // … and its look-ahead page by the jump's cursor.
      expect(server.asked[1]).toEqual({ page: 82, cursor: { after: '8099' } });
      // Scrolling up from there: the page before by the first row of page 81.
      server.asked.length = 0;
      rows.ensure(7_950, 7_960);
      await settle();
      expect(server.asked).toEqual([{ page: 80, cursor: { before: '8000' } }]);
      expect(rows.get(7_950)).toBe(7_950);
      expect(rows.get(7_900)).toBe(7_900);
    });

    it('a new search forgets the cursors of the old one', async () => {
      const server = keysetServer(1_000);
      const rows = new PagedRows<number>(server.fetch, 100, {});
      await rows.reset();
      rows.ensure(100, 110);
      await settle();
      server.asked.length = 0;
      await rows.reset();
      rows.ensure(300, 310);
      await settle();
      expect(server.asked.map((a) => a.cursor)).toEqual([undefined, undefined, { after: '399' }]);
    });

    it('a list that answers no cursors is asked by page number only', async () => {
      const asked: Array<PageCursor | undefined> = [];
      const fetch = answer(1_000);
      const rows = new PagedRows<number>((p, s, _signal, cursor) => (asked.push(cursor), fetch(p, s)), 100, {});
      await rows.reset();
      for (let p = 1; p < 4; p++) {
        rows.ensure(p * 100, p * 100 + 10);
        await settle();
      }
      expect(asked.length).toBeGreaterThan(2);
      expect(asked.every((c) => c === undefined)).toBe(true);
    });
  });
});
