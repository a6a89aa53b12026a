import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * po_line.pr_line_no: the line of the order's PR (po_header.pr_no) that an order line orders, on
 * every path that orders a PR — from a quotation request (the request line's PR line), a call-off
 * (the order's line numbers are the PR's), a tender's or an auction's award (the bid line's PR
 * line). Each path numbers its order lines its own way (a tender's award with several winners
 * renumbers them), so only this column says which PR line an order line orders: what a PR line
 * has been ordered so far (docs/agreements.md, the call-off dialog from a PR) is the sum over the
 * PR's live orders.
 *
 * Existing orders get it from where they came from; lines added by a change order have none.
 */
const up_sql = `
alter table po_line add column pr_line_no integer check (pr_line_no > 0);
update po_line l set pr_line_no = r.pr_line_no
  from po_header h join rfq_line r on r.rfq_no = h.rfq_no
  where h.po_no = l.po_no and r.line_no = l.line_no;
update po_line l set pr_line_no = al.pr_line_no
  from auction a join auction_line al on al.auction_no = a.auction_no
  where a.po_no = l.po_no and al.line_no = l.line_no;
update po_line l set pr_line_no = w.pr_line_no
  from (
    select a.po_no, tl.pr_line_no, row_number() over (partition by a.po_no order by tl.line_no) as n
      from tender_award a
      join tender t on t.tender_no = a.tender_no
      join tender_line tl on tl.tender_no = a.tender_no
      join tender_bid_line b on b.tender_no = a.tender_no and b.comp_no = a.comp_no and b.line_no = tl.line_no
      where t.award_rule = 'LOWEST_TOTAL' or b.line_rank = 1
  ) w
  where w.po_no = l.po_no and w.n = l.line_no;
update po_line l set pr_line_no = l.line_no
  from po_header h
  where h.po_no = l.po_no and h.pr_no is not null and h.rfq_no is null and l.agreement_no is not null
    and l.pr_line_no is null;
`;

const down_sql = `
alter table po_line drop column if exists pr_line_no;
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, down_sql);
}
