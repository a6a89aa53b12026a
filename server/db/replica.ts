import { sql } from 'kysely';
import type { Db, DbHandle } from './connect.js';

/**
 * Reads a streaming replica serves (DATABASE_REPLICA_URL, docs/deployment.md "A read replica"): a staff
 * member's reports and read-only lists (the list counts ride in their pages; an export reads its pages
 * through them). Everything else — writes, a supplier's requests (one connection under the supplier role),
 * sessions, authority — stays on the primary.
 *
 * A read goes to the primary instead when
 * - `lag`: the replica's replay lag, sampled every `sampleMs` (never per request), exceeds `maxLagMs`. The
 *   lag is 0 when the replica has replayed the primary's WAL position read just before (LSN comparison:
 *   an idle primary has no lag whatever the age of its last transaction), else the age of the last
 *   transaction it replayed (`now() - pg_last_xact_replay_timestamp()`, an upper bound);
 * - `down`: the last sample failed, or none succeeded for longer than `maxLagMs + sampleMs` (a sample that
 *   hangs on a cut network counts as down, not as the last good figure);
 * - `own-write`: the session wrote (any request but a GET) on this server after the start of the last sample
 *   that found the replica caught up with the primary's position: until such a sample, that write may not be
 *   on the replica yet. Read-your-writes is exact for this server; behind a balancer without session
 *   affinity another server reads the replica within the lag bound (docs/deployment.md).
 */
type ReadTarget = 'replica' | 'primary';

/** PostgreSQL's WAL page size (XLOG_BLCKSZ, 8 kB in every distribution's build) and its page headers' sizes. */
const WAL_PAGE = 8192n;
const WAL_PAGE_HEADERS = new Set([24n, 40n]);

/**
 * Whether a replica `behind` bytes short of the primary's insert position `insertLsn` has replayed everything
 * inserted. On an idle primary whose last record ended on a page boundary the insert position is past the next
 * page's header, while the replica's replay position is that record's end: the header's bytes short, and caught up.
 */
export function replayedUpTo(behind: number, insertLsn: string): boolean {
  if (behind <= 0) return true;
  const [hi, lo] = insertLsn.split('/').map((h) => BigInt(`0x${h}`));
  const inPage = ((hi! << 32n) | lo!) % WAL_PAGE;
  return WAL_PAGE_HEADERS.has(inPage) && BigInt(behind) === inPage;
}
type ReadReason = 'ok' | 'lag' | 'down' | 'own-write';

export interface ReplicaReads {
  /** The replica's handle (its pool, closed with this). */
  readonly handle: DbHandle;
  /** Where a read for this session goes now, and why. */
  choose(sessionId: string): { target: ReadTarget; reason: ReadReason };
  /** The Db a read for this session uses (the primary's `primary` or the replica's), counted by `onRead`. */
  readerFor(sessionId: string, primary: Db): Db;
  /** A request of this session may have written (its commit is done): its next reads go to the primary until the replica has it. */
  wrote(sessionId: string): void;
  /** The replay lag at the last sample, ms; null while unknown (no sample yet, the replica down). */
  lagMs(): number | null;
  /** Takes one sample now (the timer does every sampleMs; tests call it to see a change at once). */
  sample(): Promise<void>;
  /** Every choice readerFor made: the metrics count them. */
  onRead(listener: (target: ReadTarget, reason: ReadReason) => void): () => void;
  close(): Promise<void>;
}

export function replicaReads(options: {
  primary: Db;
  replica: DbHandle;
  maxLagMs: number;
  sampleMs?: number;
  now?: () => number;
  onSampleError?: (err: unknown) => void;
}): ReplicaReads {
  const { primary, replica, maxLagMs } = options;
  const sampleMs = options.sampleMs ?? Math.min(500, Math.max(100, Math.floor(maxLagMs / 4)));
  const now = options.now ?? Date.now;
  let lag: number | null = null;
  let sampledAt = -Infinity;
  /** The start of the last sample that found the replica at or past the primary's position. */
  let caughtUpSince = -Infinity;
  let down = true;
  const writes = new Map<string, number>();
  const listeners = new Set<(target: ReadTarget, reason: ReadReason) => void>();
  let running: Promise<void> | null = null;

  async function sampleOnce(): Promise<void> {
    const started = now();
    try {
      // The insert position, not pg_current_wal_lsn() (the position written out): with synchronous_commit off a
      // committed transaction's record can sit in the WAL buffers past the written position, and a replica at
      // that position would count as caught up without the commit (a session's own write read back stale).
      const { rows: p } = await sql<{
        lsn: string;
      }>`select pg_current_wal_insert_lsn()::text as lsn`.execute(primary);
      const { rows: r } = await sql<{ behind: number | string | null; lagMs: number | string | null }>`
        select pg_wal_lsn_diff(${p[0].lsn}::pg_lsn, pg_last_wal_replay_lsn()) as behind,
               extract(epoch from now() - pg_last_xact_replay_timestamp()) * 1000 as lag_ms`.execute(replica.db);
      const caughtUp = r[0].behind !== null && replayedUpTo(Number(r[0].behind), p[0].lsn);
      lag = caughtUp ? 0 : r[0].lagMs === null ? null : Math.max(0, Number(r[0].lagMs));
      if (caughtUp) {
        caughtUpSince = started;
        for (const [session, at] of writes) if (at < started) writes.delete(session);
      }
      down = false;
      sampledAt = now();
    } catch (err) {
      down = true;
      lag = null;
      options.onSampleError?.(err);
    }
  }
  const tick = () => (running ??= sampleOnce().finally(() => (running = null)));
  const timer = setInterval(() => void tick(), sampleMs);
  timer.unref();
  void tick();

  function choose(sessionId: string): { target: ReadTarget; reason: ReadReason } {
    if (down || now() - sampledAt > maxLagMs + sampleMs) return { target: 'primary', reason: 'down' };
    const wrote = writes.get(sessionId);
    if (wrote !== undefined && wrote >= caughtUpSince) return { target: 'primary', reason: 'own-write' };
    if (lag === null || lag > maxLagMs) return { target: 'primary', reason: 'lag' };
    return { target: 'replica', reason: 'ok' };
  }

  return {
    handle: replica,
    choose,
    readerFor(sessionId, primaryDb) {
      const { target, reason } = choose(sessionId);
      for (const l of listeners) l(target, reason);
      return target === 'replica' ? replica.db : primaryDb;
    },
    wrote(sessionId) {
      writes.set(sessionId, now());
    },
    lagMs: () => lag,
    async sample() {
      // A sample that starts now: one already under way may have read the primary's position before.
      while (running) await running;
      await tick();
    },
    onRead(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    async close() {
      clearInterval(timer);
      await running?.catch(() => undefined);
      await replica.close();
    },
  };
}
