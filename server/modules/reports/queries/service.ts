/**
 * Supplier service (docs/reports.md "Supplier service"): how each supplier served the period's orders —
 * days to confirm, service level, days to receive, on-time deliveries, its share of the spend and whether
 * it is tail spend —, the category dependency on one supplier, and the latest receipts.
 *
 * Bases, chosen so each figure reconciles with the report that already counts it:
 * - orders: approved or later, dated in the period (as the spend reports; `orderedKrw` per supplier is
 *   monthlyReport03's `totalKrw`);
 * - receipts: lines of receipts not cancelled, dated in the period (as monthlyReport07: on time when
 *   requested on or before the order line's delivery date, else the order's due date).
 */
import { sql, type RawBuilder } from 'kysely';
import { headerWhere, summaryWhere, wonOf, type ReportContext } from './statements.js';

/** Share of the spend above which the remaining suppliers are tail spend (the Pareto cut, %). */
const TAIL_CUT_PCT = 80;

const receiptPeriod = (ctx: ReportContext) =>
  sql`r.status <> 'CANCELLED' and r.wh_req_date >= ${ctx.period.fromDate}::date and r.wh_req_date < ${ctx.period.toDateExclusive}::date`;

/** A receipt line's due date: the order line's delivery date, else the order's due date (monthlyReport07's rule). */
const dueOf = sql`coalesce(pl.delivery_date, h.due_date)`;

/**
 * Rows per supplier: poCount, sentCount, ackCount, avgConfirmDays (forwarded → acknowledged, days with
 * one decimal, orders sent and acknowledged), orderedKrw, receivedValueKrw (the ordered lines' received
 * quantity — receipts not cancelled, any date, at most the line's quantity — at the order price),
 * serviceLevelPct (received ÷ ordered), receiptLineCount, avgReceiveDays (receipt date − order date),
 * onTimeCount, lateCount, onTimePct, sharePct (of orderedKrw), cumulativePct (suppliers by orderedKrw,
 * largest first), tail ('Y' when the suppliers before it already hold TAIL_CUT_PCT % of the spend).
 */
export function supplierService(ctx: ReportContext): RawBuilder<unknown> {
  return sql`
    with o as (
      select h.po_no, h.comp_no, h.currency, to_char(h.po_date, 'YYYYMM') as month, h.forwarded_at, h.acknowledged_at
      from po_header h where ${headerWhere(ctx)}
    ), ln as (
      select o.comp_no, o.currency, o.month, l.amount,
             least(coalesce((select sum(rl.quantity) from wh_receipt_line rl join wh_receipt r on r.wh_req_no = rl.wh_req_no
                             where rl.po_no = l.po_no and rl.po_line_no = l.line_no and r.status <> 'CANCELLED'), 0), l.quantity) * l.unit_price as received_value
      from po_line l join o on o.po_no = l.po_no
    ), money as (
      select comp_no, sum(${wonOf(sql`amount`, sql`currency`, sql`month`)}) as ordered_krw,
             sum(${wonOf(sql`received_value`, sql`currency`, sql`month`)}) as received_value_krw
      from (select comp_no, currency, month, sum(amount) as amount, sum(received_value) as received_value from ln group by 1, 2, 3) m
      group by comp_no
    ), conf as (
      select comp_no, count(*) as po_count, count(forwarded_at) as sent_count,
             count(*) filter (where forwarded_at is not null and acknowledged_at is not null) as ack_count,
             round(avg(extract(epoch from acknowledged_at - forwarded_at) / 86400.0)
                   filter (where forwarded_at is not null and acknowledged_at is not null), 1) as avg_confirm_days
      from o group by comp_no
    ), rec as (
      select h.comp_no, count(*) as receipt_line_count,
             round(avg(r.wh_req_date - h.po_date), 1) as avg_receive_days,
             count(*) filter (where r.wh_req_date <= coalesce(${dueOf}, r.wh_req_date)) as on_time_count,
             count(*) filter (where r.wh_req_date > coalesce(${dueOf}, r.wh_req_date)) as late_count
      from wh_receipt_line rl
      join wh_receipt r on r.wh_req_no = rl.wh_req_no
      join po_line pl on pl.po_no = rl.po_no and pl.line_no = rl.po_line_no
      join po_header h on h.po_no = rl.po_no
      where ${receiptPeriod(ctx)} and ${headerWhere(ctx, { dated: false })}
      group by h.comp_no
    ), s as (
      select k.comp_no, coalesce(conf.po_count, 0) as po_count, coalesce(conf.sent_count, 0) as sent_count,
             coalesce(conf.ack_count, 0) as ack_count, conf.avg_confirm_days,
             coalesce(money.ordered_krw, 0) as ordered_krw, coalesce(money.received_value_krw, 0) as received_value_krw,
             coalesce(rec.receipt_line_count, 0) as receipt_line_count, rec.avg_receive_days,
             coalesce(rec.on_time_count, 0) as on_time_count, coalesce(rec.late_count, 0) as late_count
      from (select comp_no from conf union select comp_no from rec) k
      left join conf on conf.comp_no = k.comp_no
      left join money on money.comp_no = k.comp_no
      left join rec on rec.comp_no = k.comp_no
    ), c as (
      select s.*,
             sum(ordered_krw) over () as all_krw,
             sum(ordered_krw) over (order by ordered_krw desc, comp_no rows between unbounded preceding and current row) as cum_krw
      from s
    )
    select c.comp_no, coalesce(n.comp_name_kr, c.comp_no) as comp_name_kr, c.po_count, c.sent_count, c.ack_count,
           c.avg_confirm_days, c.ordered_krw, c.received_value_krw,
           round(100.0 * c.received_value_krw / nullif(c.ordered_krw, 0), 1) as service_level_pct,
           c.receipt_line_count, c.avg_receive_days, c.on_time_count, c.late_count,
           round(100.0 * c.on_time_count / nullif(c.receipt_line_count, 0), 1) as on_time_pct,
           round(100.0 * c.ordered_krw / nullif(c.all_krw, 0), 1) as share_pct,
           round(100.0 * c.cum_krw / nullif(c.all_krw, 0), 1) as cumulative_pct,
           case when c.ordered_krw > 0 and 100.0 * (c.cum_krw - c.ordered_krw) >= ${TAIL_CUT_PCT} * c.all_krw then 'Y' else 'N' end as tail
    from c left join company n on n.comp_no = c.comp_no`;
}

/**
 * Dependency: per item category, the spend (orders approved or later, won, from report_spend_month's
 * category grain — monthlyReport04's `totalKrw`), how many suppliers hold it and the share of the
 * largest (the lowest company number on a tie).
 */
export function supplierDependency(ctx: ReportContext): RawBuilder<unknown> {
  return sql`
    with b as (
      select h.dim_key as cat_code, h.comp_no, h.month, h.currency, sum(h.amount) as amount
      from report_spend_month h
      where h.dim = 'C' and ${summaryWhere(ctx)}${ctx.filters.catCode ? sql` and h.dim_key = ${ctx.filters.catCode}` : sql``}
      group by 1, 2, 3, 4
    ), s as (
      select cat_code, comp_no, sum(${wonOf(sql`amount`, sql`currency`, sql`month`)}) as krw from b group by 1, 2
    ), m as (
      select cat_code, month, currency, sum(amount) as amount from b group by 1, 2, 3
    ), t as (
      -- The category's won as monthlyReport04 reads it: each month's foreign amount converted once for the whole
      -- category, not once per supplier (their rounded sums can differ from it by a won or two).
      select cat_code, sum(${wonOf(sql`amount`, sql`currency`, sql`month`)}) as category_krw from m group by 1
    ), r as (
      select s.*, t.category_krw, count(*) over (partition by s.cat_code) as supplier_count,
             row_number() over (partition by s.cat_code order by s.krw desc, s.comp_no) as rn
      from s join t on t.cat_code = s.cat_code
    )
    select r.cat_code, coalesce(ic.name_ko, '(미분류)') as cat_name, r.category_krw, r.supplier_count,
           r.comp_no as top_comp_no, coalesce(c.comp_name_kr, r.comp_no) as top_comp_name, r.krw as top_krw,
           round(100.0 * r.krw / nullif(r.category_krw, 0), 1) as top_share_pct
    from r
    left join item_category ic on ic.cat_code = r.cat_code
    left join company c on c.comp_no = r.comp_no
    where r.rn = 1`;
}

/**
 * Late receipts: receipt lines of the period (receipts not cancelled) requested after their due date
 * (monthlyReport07's late lines), with the days late, the order and the supplier.
 */
export function lateReceipts(ctx: ReportContext): RawBuilder<unknown> {
  return sql`
    select rl.wh_req_no || ':' || rl.line_no as row_key, rl.wh_req_no, rl.line_no, r.wh_req_date::text as wh_req_date,
           rl.po_no, rl.po_line_no, ${dueOf}::text as due_date, r.wh_req_date - ${dueOf} as days_late,
           h.comp_no, coalesce(c.comp_name_kr, h.comp_no) as comp_name_kr, rl.item_code, rl.item_name, rl.quantity,
           h.currency, rl.amount,
           ${wonOf(sql`rl.amount`, sql`h.currency`, sql`to_char(r.wh_req_date, 'YYYYMM')`)} as amount_krw
    from wh_receipt_line rl
    join wh_receipt r on r.wh_req_no = rl.wh_req_no
    join po_line pl on pl.po_no = rl.po_no and pl.line_no = rl.po_line_no
    join po_header h on h.po_no = rl.po_no
    left join company c on c.comp_no = h.comp_no
    where ${receiptPeriod(ctx)} and ${headerWhere(ctx, { dated: false })} and r.wh_req_date > ${dueOf}`;
}
