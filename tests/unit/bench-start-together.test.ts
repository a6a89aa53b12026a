import { describe, expect, it } from 'vitest';
import { startTogether, type WaitingCannon } from '../../bench/cannon-apart';

/** A generator whose loading the test finishes by hand; `go` records the order of start signals. */
function cannon(name: string, started: string[]) {
  let loaded!: () => void;
  let finish!: (r: string) => void;
  const c: WaitingCannon<string> = {
    ready: new Promise<void>((r) => (loaded = r)),
    result: new Promise<string>((r) => (finish = r)),
    go: () => started.push(name),
  };
  return { c, loaded: () => loaded(), finish: () => finish(name) };
}

describe('bench load generators start together', () => {
  it('sends no start signal before the last generator has loaded', async () => {
    const started: string[] = [];
    const staff = cannon('staff', started);
    const supplier = cannon('supplier', started);
    const all = startTogether([staff.c, supplier.c]);
    staff.loaded();
    await new Promise((r) => setImmediate(r));
    // The staff generator is ready, the supplier's still loading: starting the staff's now would put the
    // supplier's connections behind a server already full of the staff's (the stalls seen under load).
    expect(started).toEqual([]);
    supplier.loaded();
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual(['staff', 'supplier']);
    staff.finish();
    supplier.finish();
    await expect(all).resolves.toEqual(['staff', 'supplier']);
  });
});
