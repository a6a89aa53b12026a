import type { Caller } from '../../../auth/plugin.js';
import type { Db } from '../../../db/connect.js';
import { internalActor } from '../../../domain/actor.js';
import type { StaffBidEvent, SupplierBidEvent } from '../../../../schemas/auction-feed.js';
import type { FeedRow } from './live.js';
import { findAuction, findEvents, findOwnParticipant } from './queries.js';

import { auctionMissing } from './workflow.js';

/**
 * The live feed of a reverse auction: who may watch, and each event as the viewer may see it (a
 * supplier never another company's number, name or price). Split from service.ts by job; the routes
 * import it through service.ts.
 */

/* ------------------------------ the live feed ------------------------------ */

export type Viewer = { kind: 'staff' } | { kind: 'supplier'; compNo: string };

/**
 * One feed row as `viewer` may see it. Staff (the monitor) see it whole. A supplier sees its own
 * rank and best after each bid, whether the bid was its own, the end time and how many companies
 * bid — never another company's number, name or price.
 */
export function project(row: FeedRow, viewer: Viewer): { id: string; event: string; data: Record<string, unknown> } {
  const p = (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as Record<string, unknown>;
  const id = String(row.id);
  if (viewer.kind === 'staff') return { id, event: row.kind.toLowerCase(), data: { auctionNo: row.auctionNo, ...p } };
  if (row.kind === 'BID') {
    const bid = p as unknown as StaffBidEvent;
    const me = bid.ranking.find((r) => r.compNo === viewer.compNo);
    const data: SupplierBidEvent & { auctionNo: string } = {
      auctionNo: row.auctionNo,
      endAt: bid.endAt,
      extended: bid.extended,
      extensions: bid.extensions,
      mine: bid.compNo === viewer.compNo,
      myRank: me?.rank ?? null,
      myBest: me?.bestAmount ?? null,
      bidders: bid.ranking.length,
    };
    return { id, event: 'bid', data: { ...data } };
  }
  if (row.kind === 'AWARD')
    return {
      id,
      event: 'award',
      data: { auctionNo: row.auctionNo, status: 'AWARDED', result: p.winnerCompNo === viewer.compNo ? 'WON' : 'LOST' },
    };
  return {
    id,
    event: row.kind.toLowerCase(),
    data: { auctionNo: row.auctionNo, status: p.status, endAt: p.endAt ?? null },
  };
}

export async function readFeed(server: Db, auctionNo: string, afterId: number): Promise<FeedRow[]> {
  const rows = await findEvents(server, auctionNo, afterId);
  return rows.map((r) => ({ id: Number(r.id), auctionNo: r.auctionNo, kind: r.kind, payload: r.payload }));
}

/** Whether the caller may watch: staff on the monitor screens; a supplier only an auction it is invited to (404 otherwise). */
export async function checkWatcher(scoped: Db, server: Db, caller: Caller | null, auctionNo: string): Promise<Viewer> {
  if (caller?.portal === 'X') {
    const own = await findOwnParticipant(scoped, auctionNo);
    const a = own ? await findAuction(server, auctionNo) : undefined;
    if (!own || !a || a.status === 'DRAFT') throw auctionMissing();
    return { kind: 'supplier', compNo: own.compNo };
  }
  await internalActor(server, caller);
  if (!(await findAuction(server, auctionNo))) throw auctionMissing();
  return { kind: 'staff' };
}
