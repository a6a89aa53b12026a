/** What every job of the contracts module shares: who acted, the deps, the evidence chain's append, visibility. */
import type { Config } from '../../config.js';
import type { Db } from '../../db/connect.js';
import type { Sender } from '../../auth/sender.js';
import { missing } from '../../domain/errors.js';
import { eventHash, GENESIS, instantText, type ChainEvent, type EventKind } from './chain.js';
import * as q from './queries.js';
import { SUPPLIER_VISIBLE } from './workflow.js';

export interface ContractDeps {
  config: Config;
  now: () => Date;
  sender: Sender;
  /** The owner's database, for what runs after a commit (sending a code). */
  ownerDb: Db;
}

/** Who acted and from where: every evidence event records it. */
export interface EventContext {
  userId: string;
  /** The actor's company: a supplier's comp_no; null for the buyer's staff. */
  actorCompNo: string | null;
  ip: string | null;
  userAgent: string | null;
  now: Date;
}

export const notFound = () => missing('CONTRACT_NOT_FOUND', '전자계약을 찾을 수 없습니다');

/* ------------------------------ evidence ------------------------------ */

/** Appends one event to the contract's chain; the caller holds the contract's row lock. */
export async function appendEvent(
  trx: Db,
  c: { contractNo: string; compNo: string },
  ctx: EventContext,
  kind: EventKind,
  docSha: string | null = null,
  detail: Record<string, unknown> = {},
): Promise<void> {
  const last = await q.lastEvent(trx, c.contractNo);
  const e: ChainEvent = {
    contractNo: c.contractNo,
    seq: (last?.seq ?? 0) + 1,
    kind,
    occurredAt: instantText(ctx.now),
    ip: ctx.ip?.slice(0, 64) ?? null,
    userAgent: ctx.userAgent?.slice(0, 500) ?? null,
    userId: ctx.userId,
    actorCompNo: ctx.actorCompNo,
    docSha,
    detail,
    prevHash: last?.hash ?? GENESIS,
  };
  await q.insertEvent(trx, {
    ...e,
    compNo: c.compNo,
    detail: JSON.stringify(detail),
    hash: eventHash(e),
  });
}

export function visibleTo(c: q.ContractRow, supplier: boolean): boolean {
  return !supplier || (SUPPLIER_VISIBLE as readonly string[]).includes(c.status);
}
