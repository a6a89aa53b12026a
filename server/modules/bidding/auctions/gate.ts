/**
 * At most `limit` tasks per key at once in this process; the others wait in arrival order.
 *
 * Why (bids, one key per auction): bids on one auction are taken one at a time under the auction
 * row's lock, and a bid waiting for that lock holds one of the server's 10 pool connections while
 * it waits. When the holder is slow (a busy machine) every bid of the auction piles onto the pool
 * and the feed's reads and every other request wait behind them (bench/results/log.md "Live reverse
 * auction": up to 24 waiting for a connection). With a gate of 2 one bid holds the lock and one
 * waits right behind it (ready the moment the lock is free); the rest wait here, holding nothing.
 * Across servers the database's lock still decides the order.
 */
export type Gate = <T>(key: string, task: () => Promise<T>) => Promise<T>;

export function createGate(limit: number): Gate {
  const keys = new Map<string, { active: number; waiting: Array<() => void> }>();
  return async (key, task) => {
    let k = keys.get(key);
    if (!k) keys.set(key, (k = { active: 0, waiting: [] }));
    const slot = k;
    if (slot.active < limit) slot.active += 1;
    // The place is handed over by the task that ends (below), so `active` stays counted.
    else await new Promise<void>((resolve) => slot.waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = slot.waiting.shift();
      if (next) next();
      else if (--slot.active === 0) keys.delete(key);
    }
  };
}
