import type { Db } from '../../../db/connect.js';
import type { Caller } from '../../../auth/plugin.js';
import { supplierActor } from '../../../domain/actor.js';
import { msOf } from '../../../domain/dates.js';
import { byClock as auctionByClock } from '../auctions/workflow.js';
import { byClock as tenderByClock } from '../tenders/workflow.js';
import { findOpenAuctionInvitations, findOpenTenderInvitations } from './queries.js';

/** One invitation as the supplier home's card lists it. */
interface InvitationRow {
  kind: 'TENDER' | 'AUCTION';
  docNo: string;
  title: string;
  status: string;
  startAt: string;
  deadline: string;
  responded: boolean;
}

const iso = (v: string | Date) => new Date(msOf(v)).toISOString();

/**
 * The caller's company's open invitations — sealed-bid tenders and reverse auctions still ahead
 * of their close — nearest deadline first, with how many of each; only its own company's.
 */
export async function listOpenInvitations(db: Db, caller: Caller | null, size: number, now: Date) {
  const { compNo } = supplierActor(caller);
  const [tenders, auctions] = await Promise.all([
    findOpenTenderInvitations(db, compNo, now),
    findOpenAuctionInvitations(db, compNo, now),
  ]);
  const rows: InvitationRow[] = [
    ...tenders.map((t) => ({
      kind: 'TENDER' as const,
      docNo: t.tenderNo,
      title: t.title,
      status: tenderByClock(t, now),
      startAt: iso(t.openAt),
      deadline: iso(t.closeAt),
      responded: t.revision > 0,
    })),
    ...auctions.map((a) => ({
      kind: 'AUCTION' as const,
      docNo: a.auctionNo,
      title: a.title,
      status: auctionByClock(a, now),
      startAt: iso(a.startAt),
      deadline: iso(a.endAt),
      responded: a.bidCount > 0,
    })),
  ].sort((x, y) => x.deadline.localeCompare(y.deadline) || x.docNo.localeCompare(y.docNo));
  return { rows: rows.slice(0, size), total: rows.length, tenders: tenders.length, auctions: auctions.length };
}
