/**
 * An order's 납품대금 조정협의 requests as its screens show them (staff's order detail and the supplier's order view;
 * docs/subcontracting.md "납품대금 조정협의"): each with its state and its two due dates. The rows come with the order's
 * detail, in its one statement (`orderCoordinationRows`); the days late are the lists' (they count on the business
 * day), which the order's screens link to.
 */
import { plusDays } from '../../../domain/subcontracting.js';
import { AGREEMENT_DAYS, TALKS_DAYS } from './workflow.js';

export function withDueDates<R extends { requestedOn: string }>(rows: readonly R[]) {
  return rows.map((r) => ({
    ...r,
    talksDue: plusDays(r.requestedOn, TALKS_DAYS),
    agreementDue: plusDays(r.requestedOn, AGREEMENT_DAYS),
  }));
}
