/**
 * An order's 납품대금 조정협의 requests as its screens show them (staff's order detail and the supplier's order view;
 * docs/subcontracting.md "납품대금 조정협의"): newest first, each with its state and its two due dates. The days late
 * are the lists' (they count on the business day); the order's screens link there.
 */
import type { Db } from '../../../db/connect.js';
import { plusDays } from '../../../domain/subcontracting.js';
import { findOrderCoordinations } from './queries.js';
import { AGREEMENT_DAYS, TALKS_DAYS } from './workflow.js';

export async function coordinationsOfOrder(db: Db, poNo: string) {
  const rows = await findOrderCoordinations(db, poNo);
  return rows.map((r) => ({
    ...r,
    talksDue: plusDays(r.requestedOn, TALKS_DAYS),
    agreementDue: plusDays(r.requestedOn, AGREEMENT_DAYS),
  }));
}
