import { describe, expect, it } from 'vitest';
import { PagedRows, type PageAnswer } from './paged-rows';

const answer = (total: number) => async (page: number, size: number): Promise<PageAnswer<number>> => {
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
});
