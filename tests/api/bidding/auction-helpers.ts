/**
 * What the reverse-auction API tests share (auctions, auction-drafts, auction-notices,
 * auction-reminders): a small auction's terms, its draft, publish and bid calls, the window moved
 * in the database (the tests' clock), and each file's own trading companies with supplier users.
 */
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { TestApp } from '../../helpers/app.js';
import { sessionAs } from '../../helpers/session.js';
import { ok, type Flow, type Who } from '../purchase/helpers.js';

type Body = Record<string, unknown>;

/** `m` minutes from now, as the ISO text the API takes. */
export const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();

/**
 * A small auction on the buyer's own lines: one line, start price 20,000, decrement 100, opening
 * in an hour for an hour, no soft close, the evaluation warning confirmed. `over` replaces any of
 * it (the suppliers have no default: each file invites its own).
 */
export function auctionTerms(over: Body = {}): Body {
  return {
    title: '역경매 시험',
    lines: [{ itemName: '볼트 M8', unitCode: 'EA', quantity: '100', refUnitPrice: '100' }],
    startPrice: '20000',
    decrementKind: 'AMOUNT',
    decrementValue: '100',
    startAt: inMinutes(60),
    endAt: inMinutes(120),
    softCloseMinutes: 0,
    maxExtensions: 0,
    confirmEvaluationWarning: true,
    ...over,
  };
}

/** A draft made by `who` (the create's answer). */
export async function createDraft(f: Flow, who: Who, body: Body) {
  return ok(await f.post('/api/v1/bid/auctions', who, body));
}

/** The draft published at the version it has (the publish's answer). */
export async function publish(f: Flow, who: Who, draft: { auctionNo: string; version: number }) {
  return ok(await f.post(`/api/v1/bid/auctions/${draft.auctionNo}/publish`, who, { version: draft.version }));
}

/** A supplier's bid (the raw answer: refusals are what many tests look at). */
export const placeBid = (f: Flow, auctionNo: string, who: Who, amount: string) =>
  f.post(`/api/v1/cyber/bid/auctions/${auctionNo}/bids`, who, { amount });

/**
 * Moves an auction's clock by writing its window: a new end is the planned end too (no
 * extension), so `end_at >= planned_end_at` holds — pass one Date for both, never two.
 */
export function moveWindow(t: TestApp, auctionNo: string, v: { startAt?: Date; endAt?: Date; publishedAt?: Date }) {
  return t.db.db
    .updateTable('auction')
    .set({ ...v, ...(v.endAt ? { plannedEndAt: v.endAt } : {}) })
    .where('auctionNo', '=', auctionNo)
    .execute();
}

/**
 * Each file's own companies among those that trade (active, not C00001/C00002, no evaluation
 * grade action), in company-number order. Other files suspend the demo suppliers for a moment to
 * test refusals, which would refuse these bids when the files run at once on one database, so the
 * files take disjoint slices — all listed here, where a new one must not overlap them.
 */
export const OWN_COMPANIES = {
  auctions: { offset: 0, count: 8 },
  notices: { offset: 8, count: 2 },
  drafts: { offset: 10, count: 3 },
  reminders: { offset: 13, count: 2 },
} as const;

type Slice = (typeof OWN_COMPANIES)[keyof typeof OWN_COMPANIES];

/** The slice's company numbers (all of them, or the test stops here). */
export async function ownCompanies(t: TestApp, slice: Slice): Promise<string[]> {
  const rows = await sql<{ compNo: string }>`
    select c.comp_no from company c where c.status = 'ACTIVE' and c.comp_no not in ('C00001', 'C00002')
      and not exists (select 1 from eva_total e where e.comp_no = c.comp_no and e.status = 'FINAL' and e.grade_action <> 'NONE')
    order by c.comp_no offset ${slice.offset} limit ${slice.count}`.execute(t.db.db);
  const comps = rows.rows.map((r) => r.compNo);
  expect(comps).toHaveLength(slice.count);
  return comps;
}

/**
 * The slice's companies, each with a supplier user of its own (supplier2's account copied, with
 * an e-mail address of its own so each notice has one recipient), logged in. `userId(i)` names
 * the i-th (from 0): ids must differ between files.
 */
export async function ownSuppliers(
  t: TestApp,
  slice: Slice,
  userId: (i: number) => string,
): Promise<Array<{ compNo: string; who: Who }>> {
  const template = await t.db.db
    .selectFrom('appUser')
    .selectAll()
    .where('userId', '=', 'supplier2')
    .executeTakeFirstOrThrow();
  const { createdAt: _c, updatedAt: _u, ...rest } = template;
  const out: Array<{ compNo: string; who: Who }> = [];
  for (const [i, compNo] of (await ownCompanies(t, slice)).entries()) {
    const id = userId(i);
    await t.db.db
      .insertInto('appUser')
      .values({ ...rest, userId: id, compNo, email: `${id}@example.com`, version: 1 })
      .execute();
    out.push({ compNo, who: await sessionAs(t.app, id) });
  }
  return out;
}
