/**
 * The contract's evidence log: every event carries the hash of its own content and of the event
 * before it, so changing, removing or reordering a stored event breaks the chain from there on.
 * `verifyChain` recomputes both and names the first event that differs. Pure functions; the
 * database keeps the rows append-only (migration 0700's trigger).
 */
import crypto from 'node:crypto';

export const GENESIS = '0'.repeat(64);

export type EventKind =
  | 'CREATED'
  | 'LINKAGE_SET'
  | 'SUBMITTED'
  | 'APPROVED'
  | 'REJECTED'
  | 'SENT'
  | 'VIEWED'
  | 'CODE_SENT'
  | 'CODE_VERIFIED'
  | 'CONSENT'
  | 'SIGNED'
  | 'DECLINED'
  | 'STAMP_RECORDED'
  | 'EXPIRED'
  | 'REMINDED'
  | 'CANCELLED'
  | 'COMPLETED';

export interface ChainEvent {
  contractNo: string;
  seq: number;
  kind: string;
  occurredAt: string;
  ip: string | null;
  userAgent: string | null;
  userId: string | null;
  /** The actor's company: a supplier's comp_no, null for the buyer's staff. */
  actorCompNo: string | null;
  /** SHA-256 (hex) of the exact PDF bytes the actor was shown, where the event concerns one. */
  docSha: string | null;
  detail: unknown;
  prevHash: string;
}

/** JSON with object keys sorted at every level: the same value always gives the same text. */
function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object')
    return `{${Object.keys(value as object)
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

export const sha256Hex = (data: string | Uint8Array): string => crypto.createHash('sha256').update(data).digest('hex');

/** An instant as the chain writes it: UTC, milliseconds, whatever form the database answered in. */
export const instantText = (t: Date | string): string => new Date(t).toISOString();

/** The fields an event's hash covers, as the chain writes them (the export and the verifier read the same). */
export function hashedFields(e: ChainEvent) {
  return {
    contractNo: e.contractNo,
    seq: e.seq,
    kind: e.kind,
    occurredAt: instantText(e.occurredAt),
    ip: e.ip,
    userAgent: e.userAgent,
    userId: e.userId,
    actorCompNo: e.actorCompNo,
    docSha: e.docSha,
    detail: e.detail ?? null,
    prevHash: e.prevHash,
  };
}

export function eventHash(e: ChainEvent): string {
  return sha256Hex(canonicalJson(hashedFields(e)));
}

export type ChainVerdict =
  | { ok: true; events: number; lastHash: string }
  | { ok: false; events: number; firstBadSeq: number; reason: 'HASH_MISMATCH' | 'CHAIN_BROKEN' | 'SEQUENCE_GAP' };

/** Recomputes every event's hash and link, in sequence order; the first one that differs is named. */
export function verifyChain(events: ReadonlyArray<ChainEvent & { hash: string }>): ChainVerdict {
  let prev = GENESIS;
  let expectedSeq = 1;
  for (const e of events) {
    if (e.seq !== expectedSeq) return { ok: false, events: events.length, firstBadSeq: e.seq, reason: 'SEQUENCE_GAP' };
    if (e.prevHash !== prev) return { ok: false, events: events.length, firstBadSeq: e.seq, reason: 'CHAIN_BROKEN' };
    if (eventHash(e) !== e.hash)
      return { ok: false, events: events.length, firstBadSeq: e.seq, reason: 'HASH_MISMATCH' };
    prev = e.hash;
    expectedSeq++;
  }
  return { ok: true, events: events.length, lastHash: prev };
}
