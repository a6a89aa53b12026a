// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createGate } from '../../../server/modules/bidding/auctions/gate.js';

/** A task that runs until `release()` is called; `started` says whether the gate let it start. */
function pending(log: string[], name: string) {
  let release!: () => void;
  const done = new Promise<void>((r) => (release = r));
  const t = {
    started: false,
    release,
    task: async () => {
      t.started = true;
      log.push(`start ${name}`);
      await done;
      log.push(`end ${name}`);
      return name;
    },
  };
  return t;
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('per-auction bid gate', () => {
  it('lets at most `limit` tasks of one key run, starts the others in arrival order as places free, and keys do not wait for each other', async () => {
    const gate = createGate(2);
    const log: string[] = [];
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((n) => pending(log, n));
    const other = pending(log, 'other');
    const runs = [a, b, c, d].map((t) => gate('RA1', t.task));
    const otherRun = gate('RA2', other.task);
    await tick();
    expect([a, b, c, d, other].map((t) => t.started)).toEqual([true, true, false, false, true]);
    b.release();
    await runs[1];
    await tick();
    expect([c.started, d.started]).toEqual([true, false]);
    a.release();
    c.release();
    d.release();
    other.release();
    expect(await Promise.all([...runs, otherRun])).toEqual(['a', 'b', 'c', 'd', 'other']);
    expect(log.filter((l) => l.startsWith('start')).slice(0, 4)).toEqual([
      'start a',
      'start b',
      'start other',
      'start c',
    ]);
  });

  it('frees the place of a task that fails, and a key starts afresh once idle', async () => {
    const gate = createGate(1);
    await expect(gate('RA1', async () => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(await gate('RA1', async () => 'next')).toBe('next');
    const log: string[] = [];
    const first = pending(log, 'first');
    const running = gate('RA1', first.task);
    const queued = gate('RA1', async () => 'after');
    await tick();
    expect(log).toEqual(['start first']);
    first.release();
    expect(await Promise.all([running, queued])).toEqual(['first', 'after']);
  });
});
