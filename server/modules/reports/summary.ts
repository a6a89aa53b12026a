/**
 * The reports' monthly summaries (migration 0280, docs/reports.md "Summaries"): rebuilds the months
 * that writes have marked in report_summary_dirty. The `reports.refreshSummary` job calls it for
 * every month each minute, and `POST /api/v1/reports/summary/rebuild` on demand; a report only reads
 * (a GET writes nothing) and says which months of its period still wait (`summaryState`).
 *
 * Correct under concurrent writes without locking them: in one transaction (read committed) the
 * marks of the months are deleted first and the months rebuilt after, each statement seeing every
 * write committed before it began. A write that commits later has its own mark, which survives, so
 * its month is rebuilt again next time. Two rebuilds never run at once (an advisory lock, per
 * schema): the second waits, then finds the marks gone.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/connect.js';
import type { JobDefinition } from '../../jobs/types.js';
import { reportSession } from './run.js';
import { reportPeriod } from './period.js';
import { keyedPrice, spendStatuses } from './sql.js';

const HEADER = sql.raw('currency, section, deptcd, comp_no, buyer_id, requester_id');

/**
 * One month of both summaries in one statement: the month's spend-state lines, joined to their order
 * and item once (`x`; a date range, so the planner knows how many orders the month holds), then
 * - report_spend_month: orders, lines and amount per header grain (P), and per category (C) and
 *   sourcing group (S) within it — lines are first summed per order, so each order counts once per group;
 * - report_price_month: prices per header grain, item and sourcing group; the reference-price columns
 *   count lines of the item's own currency that have a reference price.
 */
function rebuildMonth(month: string): RawBuilder<unknown> {
  const { fromDate, toDateExclusive } = reportPeriod(month, month);
  const above = sql`ref_ok and unit_price > ref_price`;
  return sql`
    with x as materialized (
      select h.po_no, h.currency, h.section, h.deptcd, h.comp_no, h.buyer_id, h.requester_id, l.item_code, l.sg_code,
             coalesce(i.cat_code, '-') as cat, coalesce(l.sg_code, '-') as sg, l.item_name, l.quantity, l.unit_price, l.amount,
             ${keyedPrice} as k, i.ref_price, coalesce(i.currency = h.currency and i.ref_price > 0, false) as ref_ok
      from po_line l join po_header h on h.po_no = l.po_no left join item i on i.item_code = l.item_code
      where h.status in (${spendStatuses}) and h.po_date >= ${fromDate}::date and h.po_date < ${toDateExclusive}::date
    ), p as (
      select po_no, ${HEADER}, cat, sg, count(*) as line_count, sum(amount) as amount from x group by po_no, ${HEADER}, cat, sg
    ), po as (
      select ${HEADER}, po_no, sum(line_count) as line_count, sum(amount) as amount from p group by ${HEADER}, po_no
    ), pc as (
      select ${HEADER}, po_no, cat, sum(line_count) as line_count, sum(amount) as amount from p group by ${HEADER}, po_no, cat
    ), ps as (
      select ${HEADER}, po_no, sg, sum(line_count) as line_count, sum(amount) as amount from p group by ${HEADER}, po_no, sg
    ), spend as (
      insert into report_spend_month (month, ${HEADER}, dim, dim_key, po_count, line_count, amount)
      select ${month}, ${HEADER}, 'P', '', count(*), sum(line_count), sum(amount) from po group by ${HEADER}
      union all
      select ${month}, ${HEADER}, 'C', cat, count(*), sum(line_count), sum(amount) from pc group by ${HEADER}, cat
      union all
      select ${month}, ${HEADER}, 'S', sg, count(*), sum(line_count), sum(amount) from ps group by ${HEADER}, sg
    )
    insert into report_price_month (month, ${HEADER}, item_code, sg_code, item_name,
      line_count, quantity, amount, min_price, max_price, first_key, last_key,
      ref_line_count, ref_line_amount, ref_amount, above_count, excess, max_over_pct)
    select ${month}, ${HEADER}, item_code, sg_code, max(item_name),
           count(*), sum(quantity), sum(amount), min(unit_price), max(unit_price), min(k), max(k),
           count(*) filter (where ref_ok), coalesce(sum(amount) filter (where ref_ok), 0), coalesce(sum(round(quantity * ref_price)) filter (where ref_ok), 0),
           count(*) filter (where ${above}), coalesce(sum(round((unit_price - ref_price) * quantity)) filter (where ${above}), 0),
           max(round(100.0 * (unit_price - ref_price) / ref_price, 1)) filter (where ${above})
    from x
    group by ${HEADER}, item_code, sg_code`;
}

/**
 * Rebuilds the dirty months within [fromMonth, toMonth] (every dirty month when no range is given);
 * answers the months rebuilt. Costs one indexed look-up when nothing is dirty.
 */
export async function refreshReportSummary(db: Db, range?: { fromMonth: string; toMonth: string }): Promise<string[]> {
  const within = range ? sql`month >= ${range.fromMonth} and month <= ${range.toMonth}` : sql`true`;
  const pending = await sql`select 1 from report_summary_dirty where ${within} limit 1`.execute(db);
  if (pending.rows.length === 0) return [];
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(current_schema() || '.report_summary'))`.execute(trx);
    const taken = await sql<{ month: string }>`delete from report_summary_dirty where ${within} returning month`.execute(trx);
    const months = [...new Set(taken.rows.map((r) => r.month))].sort();
    if (months.length === 0) return months;
    await reportSession.execute(trx);
    await sql`delete from report_spend_month where month in (${sql.join(months)})`.execute(trx);
    await sql`delete from report_price_month where month in (${sql.join(months)})`.execute(trx);
    // A month's orders are a few percent of the table: reached by the line's primary key from each
    // order, not by reading every line (the default cost of a random read, 4, assumes spinning disks;
    // measured at scale 50: the join 205 → 82 ms).
    await sql`set local random_page_cost = 1.1`.execute(trx);
    for (const month of months) await rebuildMonth(month).execute(trx);
    // A rebuild of more than the month being written (the first one, or after an item's category or
    // price changed) changes what the planner should expect; one month's does not, much.
    if (months.length > 1) await sql`analyze report_spend_month, report_price_month`.execute(trx);
    return months;
  });
}

/** What a report read from the summaries is complete up to: its period's months still marked, and since when. */
export async function summaryState(db: Db, range: { fromMonth: string; toMonth: string }): Promise<{ asOf: string; pendingMonths: string[] }> {
  const within = sql`month >= ${range.fromMonth} and month <= ${range.toMonth}`;
  const { rows } = await sql<{ now: string; oldest: string | null; months: string[] | null }>`
    select now() as now,
           (select min(marked_at) from report_summary_dirty where ${within}) as oldest,
           array(select distinct month from report_summary_dirty where ${within} order by month) as months`.execute(db);
  const r = rows[0];
  return { asOf: new Date(r.oldest ?? r.now).toISOString(), pendingMonths: r.months ?? [] };
}

export const reportJobs: JobDefinition[] = [
  {
    name: 'reports.refreshSummary',
    everySeconds: 60,
    run: async ({ db }) => ({ months: (await refreshReportSummary(db)).length }),
  },
];
