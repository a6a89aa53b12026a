import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../../db/connect.js';
import { reportPeriod } from '../period.js';
import { keyedPrice, spendStatuses } from './statements.js';

type MonthRange = { fromMonth: string; toMonth: string };
const within = (range?: MonthRange) =>
  range ? sql`month >= ${range.fromMonth} and month <= ${range.toMonth}` : sql`true`;

const HEADER = sql.raw('currency, section, deptcd, comp_no, buyer_id, requester_id');
const ORDER_HEADER = sql.raw('h.currency, h.section, h.deptcd, h.comp_no, h.buyer_id, h.requester_id');

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
 * One month of report_flow_month (migration 1010): the month's receipt lines (receipts not
 * cancelled, orders of a spend state: monthlyReport07's lines) and settlement lines (settlements of
 * the month: monthlyReport08's), each with its order's header grain and its order line's category and
 * sourcing group, summed per grain as report_spend_month is.
 */
function rebuildFlowMonth(month: string): RawBuilder<unknown> {
  const { fromDate, toDateExclusive } = reportPeriod(month, month);
  const line = sql`coalesce(i.cat_code, '-') as cat, coalesce(pl.sg_code, '-') as sg`;
  return sql`
    with f as materialized (
      select ${ORDER_HEADER}, ${line}, 1 as received_lines, rl.amount as received_amount, 0 as settled_lines, 0 as settled_krw
      from wh_receipt_line rl join wh_receipt r on r.wh_req_no = rl.wh_req_no
      join po_line pl on pl.po_no = rl.po_no and pl.line_no = rl.po_line_no
      join po_header h on h.po_no = rl.po_no left join item i on i.item_code = pl.item_code
      where r.status <> 'CANCELLED' and h.status in (${spendStatuses})
        and r.wh_req_date >= ${fromDate}::date and r.wh_req_date < ${toDateExclusive}::date
      union all
      select ${ORDER_HEADER}, ${line}, 0, 0, 1, sl.krw_amount
      from settlement_line sl join settlement st on st.settle_no = sl.settle_no
      join po_line pl on pl.po_no = sl.po_no and pl.line_no = sl.po_line_no
      join po_header h on h.po_no = sl.po_no left join item i on i.item_code = pl.item_code
      where st.period = ${month}
    )
    insert into report_flow_month (month, ${HEADER}, dim, dim_key, received_lines, received_amount, settled_lines, settled_krw)
    select ${month}, ${HEADER}, 'P', '', sum(received_lines), sum(received_amount), sum(settled_lines), sum(settled_krw) from f group by ${HEADER}
    union all
    select ${month}, ${HEADER}, 'C', cat, sum(received_lines), sum(received_amount), sum(settled_lines), sum(settled_krw) from f group by ${HEADER}, cat
    union all
    select ${month}, ${HEADER}, 'S', sg, sum(received_lines), sum(received_amount), sum(settled_lines), sum(settled_krw) from f group by ${HEADER}, sg`;
}

export async function rebuildSummaryMonth(trx: Db, month: string): Promise<void> {
  await rebuildMonth(month).execute(trx);
  await rebuildFlowMonth(month).execute(trx);
}

/** Whether a month within the range (any month without one) is marked dirty: one indexed look-up. */
export async function anyDirtyMonth(db: Db, range?: MonthRange): Promise<boolean> {
  const pending = await sql`select 1 from report_summary_dirty where ${within(range)} limit 1`.execute(db);
  return pending.rows.length > 0;
}

/** Two rebuilds never run at once (per schema): the second waits here. */
export async function lockSummaries(trx: Db): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(current_schema() || '.report_summary'))`.execute(trx);
}

/** Deletes the marks within the range; answers their months (repeated when marked more than once). */
export async function takeDirtyMonths(trx: Db, range?: MonthRange): Promise<string[]> {
  const taken = await sql<{
    month: string;
  }>`delete from report_summary_dirty where ${within(range)} returning month`.execute(trx);
  return taken.rows.map((r) => r.month);
}

export async function clearSummaryMonths(trx: Db, months: string[]): Promise<void> {
  await sql`delete from report_spend_month where month in (${sql.join(months)})`.execute(trx);
  await sql`delete from report_price_month where month in (${sql.join(months)})`.execute(trx);
  await sql`delete from report_flow_month where month in (${sql.join(months)})`.execute(trx);
}

/**
 * A month's orders are a few percent of the table: reached by the line's primary key from each
 * order, not by reading every line (the default cost of a random read, 4, assumes spinning disks;
 * measured at scale 50: the join 205 → 82 ms).
 */
export async function preferIndexedReads(trx: Db): Promise<void> {
  await sql`set local random_page_cost = 1.1`.execute(trx);
}

export async function analyzeSummaries(trx: Db): Promise<void> {
  await sql`analyze report_spend_month, report_price_month, report_flow_month`.execute(trx);
}

/** The database's now, the oldest mark within the range and its marked months, in order. */
export async function dirtyState(db: Db, range: MonthRange) {
  const { rows } = await sql<{ now: string; oldest: string | null; months: string[] | null }>`
    select now() as now,
           (select min(marked_at) from report_summary_dirty where ${within(range)}) as oldest,
           array(select distinct month from report_summary_dirty where ${within(range)} order by month) as months`.execute(
    db,
  );
  return rows[0];
}
