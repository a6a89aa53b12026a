/**
 * The reports' monthly summaries (migration 0280, docs/reports.md "Summaries"): rebuilds the months
 * that writes have marked in report_summary_dirty. A report calls it for its own period before it
 * reads; the `reports.refreshSummary` job calls it for every month, so the log stays short and a
 * report seldom finds work to do.
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
import { keyedPrice, SPEND_STATUSES } from './sql.js';

const spend = sql.join(SPEND_STATUSES.map((s) => sql.lit(s)));

function monthRange(months: string[]): { from: string; to: string } {
  const first = months[0];
  const last = months[months.length - 1];
  const y = Number(last.slice(0, 4));
  const m = Number(last.slice(4, 6));
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  return { from: `${first.slice(0, 4)}-${first.slice(4, 6)}-01`, to: next };
}

/** The spend-state lines of the given months, joined to their order (`h`) and item (`i`). */
function linesOf(months: string[]): RawBuilder<unknown> {
  const { from, to } = monthRange(months);
  return sql`po_line l join po_header h on h.po_no = l.po_no left join item i on i.item_code = l.item_code
    where h.status in (${spend}) and h.po_date >= ${from}::date and h.po_date < ${to}::date
      and to_char(h.po_date, 'YYYYMM') in (${sql.join(months)})`;
}

const HEADER = sql.raw('month, currency, section, deptcd, comp_no, buyer_id, requester_id');

/** Orders, lines and amount per header grain (P), and per category (C) and sourcing group (S) within it. */
function insertSpend(months: string[]): RawBuilder<unknown> {
  return sql`
    insert into report_spend_month (month, currency, section, deptcd, comp_no, buyer_id, requester_id, dim, dim_key, po_count, line_count, amount)
    with p as (
      select to_char(h.po_date, 'YYYYMM') as month, h.po_no, h.currency, h.section, h.deptcd, h.comp_no, h.buyer_id, h.requester_id,
             coalesce(i.cat_code, '-') as cat, coalesce(l.sg_code, '-') as sg, count(*) as line_count, sum(l.amount) as amount
      from ${linesOf(months)}
      group by h.po_no, cat, sg
    ), po as (
      select ${HEADER}, po_no, sum(line_count) as line_count, sum(amount) as amount from p group by ${HEADER}, po_no
    ), pc as (
      select ${HEADER}, po_no, cat, sum(line_count) as line_count, sum(amount) as amount from p group by ${HEADER}, po_no, cat
    ), ps as (
      select ${HEADER}, po_no, sg, sum(line_count) as line_count, sum(amount) as amount from p group by ${HEADER}, po_no, sg
    )
    select ${HEADER}, 'P', '', count(*), sum(line_count), sum(amount) from po group by ${HEADER}
    union all
    select ${HEADER}, 'C', cat, count(*), sum(line_count), sum(amount) from pc group by ${HEADER}, cat
    union all
    select ${HEADER}, 'S', sg, count(*), sum(line_count), sum(amount) from ps group by ${HEADER}, sg`;
}

/** Prices per header grain, item and sourcing group; the reference-price columns count lines of the item's own currency with a reference price. */
function insertPrices(months: string[]): RawBuilder<unknown> {
  const ref = sql`i.currency = h.currency and i.ref_price > 0`;
  const above = sql`${ref} and l.unit_price > i.ref_price`;
  return sql`
    insert into report_price_month (month, currency, section, deptcd, comp_no, buyer_id, requester_id, item_code, sg_code, item_name,
      line_count, quantity, amount, min_price, max_price, first_key, last_key,
      ref_line_count, ref_line_amount, ref_amount, above_count, excess, max_over_pct)
    select to_char(h.po_date, 'YYYYMM'), h.currency, h.section, h.deptcd, h.comp_no, h.buyer_id, h.requester_id, l.item_code, l.sg_code, max(l.item_name),
           count(*), sum(l.quantity), sum(l.amount), min(l.unit_price), max(l.unit_price), min(${keyedPrice}), max(${keyedPrice}),
           count(*) filter (where ${ref}), coalesce(sum(l.amount) filter (where ${ref}), 0), coalesce(sum(round(l.quantity * i.ref_price)) filter (where ${ref}), 0),
           count(*) filter (where ${above}), coalesce(sum(round((l.unit_price - i.ref_price) * l.quantity)) filter (where ${above}), 0),
           max(round(100.0 * (l.unit_price - i.ref_price) / i.ref_price, 1)) filter (where ${above})
    from ${linesOf(months)}
    group by 1, 2, 3, 4, 5, 6, 7, 8, 9`;
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
    await insertSpend(months).execute(trx);
    await insertPrices(months).execute(trx);
    // A rebuild of more than the month being written (the first one, or after an item's category or
    // price changed) changes what the planner should expect; one month's does not, much.
    if (months.length > 1) await sql`analyze report_spend_month, report_price_month`.execute(trx);
    return months;
  });
}

export const reportJobs: JobDefinition[] = [
  {
    name: 'reports.refreshSummary',
    everySeconds: 60,
    run: async ({ db }) => ({ months: (await refreshReportSummary(db)).length }),
  },
];
