import { createHash } from 'node:crypto';
import type { Db } from '../../db/connect.js';
import { accessLogAfter, lastPurge } from './queries.js';

/** The hash a chain starts from: no previous row. */
export const GENESIS_HASH = '0'.repeat(64);

export interface ChainRow {
  seq: number;
  /** A Date, or the database's ISO text (server/db/pglite/parsers.mjs): the same text is hashed. */
  occurredAt: Date | string;
  actorId: string;
  actorPortal: string;
  actorCompNo: string | null;
  clientIp: string | null;
  action: string;
  operation: string;
  subjectKind: string;
  subjectKeys: string;
  fields: string;
  rowCount: number;
  reasonCode: string | null;
  reasonText: string | null;
  prevHash: string;
  hash: string;
}

/**
 * The row's hash as the insert trigger computes it (migration 0350): sha256 over the text of a jsonb
 * array of the values. jsonb writes `[a, b]` with ", " between elements and JSON string escapes,
 * which JSON.stringify of each element reproduces. Recomputed here, in Node, so a verification does
 * not trust a database function that whoever altered a row could have altered too.
 */
export function rowHash(r: Omit<ChainRow, 'hash'>): string {
  const values = [
    r.prevHash,
    r.seq,
    typeof r.occurredAt === 'string' ? r.occurredAt : r.occurredAt.toISOString(),
    r.actorId,
    r.actorPortal,
    r.actorCompNo,
    r.clientIp,
    r.action,
    r.operation,
    r.subjectKind,
    r.subjectKeys,
    r.fields,
    r.rowCount,
    r.reasonCode,
    r.reasonText,
  ];
  const text = `[${values.map((v) => JSON.stringify(v)).join(', ')}]`;
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

export interface ChainVerdict {
  intact: boolean;
  /** Rows read. */
  checked: number;
  firstSeq: number | null;
  lastSeq: number | null;
  /** The newest row's hash: written down outside the database, it also proves nothing was cut from the end. */
  headHash: string | null;
  /**
   * The first row that does not fit, and why. END_CUT: the row ACCESS_LOG_ANCHOR names (the newest
   * the server wrote there) is gone — the end of the log was removed; ANCHOR_MISMATCH: it is there
   * with another hash — the log was rewritten up to it.
   */
  broken: {
    seq: number;
    reason: 'HASH_MISMATCH' | 'CHAIN_BREAK' | 'START_MISSING' | 'END_CUT' | 'ANCHOR_MISMATCH';
  } | null;
}

const PURGE_KEY = /^through:(\d+)$/;

/**
 * Reads the whole log in sequence order, a batch at a time, and checks that every row's hash is its
 * own values' hash and that it names the previous row's hash. The first row either starts the chain
 * or follows rows the retention purge removed (a PURGE row records up to which sequence number).
 * With the head written outside the database (`anchor`, server/modules/privacy/anchor.ts), the row
 * it names must be there with that hash: the chain then fixes every row up to it, and a cut end shows.
 */
export async function verifyChain(
  db: Db,
  batchSize = 5000,
  anchor: { seq: number; hash: string } | null = null,
): Promise<ChainVerdict> {
  const purgedThrough = await lastPurge(db);
  const purgeLimit = purgedThrough ? Number(PURGE_KEY.exec(purgedThrough.subjectKeys)?.[1] ?? 0) : 0;

  let checked = 0;
  let previous: ChainRow | null = null;
  let firstSeq: number | null = null;
  let after = -1;
  let anchorMet = false;
  for (;;) {
    const rows = (await accessLogAfter(db, after, batchSize)) as ChainRow[];
    if (rows.length === 0) break;
    for (const row of rows) {
      const seq = Number(row.seq);
      if (firstSeq === null) firstSeq = seq;
      const expectedPrev = previous ? previous.hash : row.prevHash === GENESIS_HASH ? GENESIS_HASH : null;
      if (previous === null && expectedPrev === null && !(purgeLimit > 0 && seq > purgeLimit)) {
        return {
          intact: false,
          checked,
          firstSeq,
          lastSeq: seq,
          headHash: null,
          broken: { seq, reason: 'START_MISSING' },
        };
      }
      if (previous !== null && row.prevHash !== previous.hash) {
        return {
          intact: false,
          checked,
          firstSeq,
          lastSeq: seq,
          headHash: null,
          broken: { seq, reason: 'CHAIN_BREAK' },
        };
      }
      if (rowHash({ ...row, seq, rowCount: Number(row.rowCount) }) !== row.hash) {
        return {
          intact: false,
          checked,
          firstSeq,
          lastSeq: seq,
          headHash: null,
          broken: { seq, reason: 'HASH_MISMATCH' },
        };
      }
      if (anchor && seq === anchor.seq) {
        if (row.hash !== anchor.hash)
          return {
            intact: false,
            checked,
            firstSeq,
            lastSeq: seq,
            headHash: null,
            broken: { seq, reason: 'ANCHOR_MISMATCH' },
          };
        anchorMet = true;
      }
      previous = row;
      checked++;
    }
    after = Number(rows[rows.length - 1].seq);
  }
  const lastSeq = previous ? Number(previous.seq) : null;
  // The anchored row must have been met, unless the purge removed it (no append for two years).
  if (anchor && !anchorMet && anchor.seq > purgeLimit) {
    return {
      intact: false,
      checked,
      firstSeq,
      lastSeq,
      headHash: null,
      broken: { seq: anchor.seq, reason: 'END_CUT' },
    };
  }
  return { intact: true, checked, firstSeq, lastSeq, headHash: previous?.hash ?? null, broken: null };
}
