/**
 * How a contract's evidence reads to each side (docs/contracts.md "Evidence"). The chain keeps every
 * event's address, browser string and user id; staff see them. A supplier sees the buyer's people by
 * name and role only — never their address, browser or account id — and its own company's events
 * in full (they are its own).
 */
import type { ChainEvent } from './chain.js';

export type ActorRole = 'BUYER_SIGNER' | 'BUYER_STAFF' | 'SUPPLIER_USER' | 'SYSTEM';

/** An event of the chain as stored (its hash with it), read for one contract. */
type StoredEvent = Omit<ChainEvent, 'contractNo' | 'detail'> & {
  /** What the event records beyond its columns (a stamp, a revision): staff and the event's own company see it. */
  detail?: unknown;
  hash: string;
};

const SYSTEM_USER = 'system';

function actorRole(e: { userId: string | null; actorCompNo: string | null }, buyerSignerId: string): ActorRole {
  if (e.actorCompNo) return 'SUPPLIER_USER';
  if (!e.userId || e.userId === SYSTEM_USER) return 'SYSTEM';
  return e.userId === buyerSignerId ? 'BUYER_SIGNER' : 'BUYER_STAFF';
}

/** The user ids whose names the event list shows (the system's runs have none). */
export const eventActors = (events: ReadonlyArray<{ userId: string | null }>): string[] => [
  ...new Set(events.map((e) => e.userId).filter((u): u is string => !!u && u !== SYSTEM_USER)),
];

export function presentEvents(
  events: readonly StoredEvent[],
  nameOf: (userId: string) => string | null,
  c: { buyerSignerId: string },
  supplierViewer: boolean,
) {
  return events.map((e) => {
    const role = actorRole(e, c.buyerSignerId);
    const hidden = supplierViewer && e.actorCompNo === null;
    return {
      seq: e.seq,
      kind: e.kind,
      occurredAt: e.occurredAt,
      ip: hidden ? null : e.ip,
      userAgent: hidden ? null : e.userAgent,
      userId: hidden ? null : e.userId,
      actorName: role === 'SYSTEM' ? null : e.userId ? nameOf(e.userId) : null,
      actorRole: role,
      actorCompNo: e.actorCompNo,
      docSha: e.docSha,
      detail: hidden ? null : (e.detail ?? null),
      prevHash: e.prevHash,
      hash: e.hash,
    };
  });
}
