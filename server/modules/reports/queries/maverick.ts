/**
 * Maverick spend (docs/reports.md "Maverick spend"): purchases made around the company's channels, one
 * row per document so each opens where it lives. Three kinds, in one statement:
 *
 * - NO_PO — a delivery registered without an order (`delivery.no_po = 'Y'`, not cancelled), dated in the
 *   period. A delivery has no department, so only a whole-company scope without a section or department
 *   filter sees these (a requester's scope holds orders, and this is none).
 * - OFF_AGREEMENT — an order line (order approved or later, dated in the period) of an item for which the
 *   same supplier held an active framework agreement on the order date, in the order's currency, at
 *   another unit price (no agreement line of that supplier and item at the line's price). The deviation
 *   is (line price − agreed price) × quantity, in won.
 * - SPLIT — orders split under an approval threshold: orders of the same supplier, the same item and the
 *   same document type (PO or SIMPLE, the approval's) dated within `days` days of the first, each under a
 *   threshold of the approval tiers (an active rule's lower bound above zero, `approval_rule`) while
 *   together they reach it. One row per order of such a group; the group is named by its first order.
 */
import { sql, type RawBuilder } from 'kysely';
import { headerWhere, lineWhere, wonOf, type ReportContext } from './statements.js';

export const MAVERICK_KINDS = ['NO_PO', 'OFF_AGREEMENT', 'SPLIT'] as const;
export type MaverickKind = (typeof MAVERICK_KINDS)[number];

const monthOf = (date: RawBuilder<unknown>) => sql`to_char(${date}, 'YYYYMM')`;

/** Deliveries without an order: outside any requester's scope, and outside a section or department filter. */
function noPoDeliveries(ctx: ReportContext): RawBuilder<unknown> {
  const whole = ctx.scope.kind === 'all' && !ctx.filters.section && !ctx.filters.deptcd && !ctx.filters.buyerId;
  return sql`
    select 'NO_PO' as kind, d.delivery_no as doc_no, 0 as line_no, d.delivery_date::text as doc_date, d.comp_no,
           null::text as item_code, coalesce((select min(dl.item_name) from delivery_line dl where dl.delivery_no = d.delivery_no), '') as item_name,
           d.currency, d.total_amount as amount,
           ${wonOf(sql`d.total_amount`, sql`d.currency`, monthOf(sql`d.delivery_date`))} as amount_krw,
           null::numeric as unit_price, null::numeric as ref_price, null::numeric as deviation_krw, null::text as ref_no,
           0 as group_count, null::numeric as group_krw, null::numeric as threshold_krw, null::text as deptcd, null::text as buyer_id
    from delivery d
    where ${whole ? sql`true` : sql`false`} and d.no_po = 'Y' and d.status <> 'CANCELLED'
      and d.delivery_date >= ${ctx.period.fromDate}::date and d.delivery_date < ${ctx.period.toDateExclusive}::date
      ${ctx.filters.compNo ? sql`and d.comp_no = ${ctx.filters.compNo}` : sql``}
      ${ctx.filters.itemCode ? sql`and exists (select 1 from delivery_line dl where dl.delivery_no = d.delivery_no and dl.item_code = ${ctx.filters.itemCode})` : sql``}`;
}

/**
 * Order lines at a price other than the supplier's active agreement for the item. The agreement counts
 * when it was in force on the order date: approved (ACTIVE, or since EXPIRED / TERMINATED) and the date
 * within its validity, a terminated one only before its termination day. An agreement line at the
 * line's own price clears the line, whichever other agreements exist.
 */
function offAgreementLines(ctx: ReportContext): RawBuilder<unknown> {
  const month = monthOf(sql`h.po_date`);
  return sql`
    select 'OFF_AGREEMENT' as kind, h.po_no as doc_no, l.line_no, h.po_date::text as doc_date, h.comp_no,
           l.item_code, l.item_name, h.currency, l.amount, ${wonOf(sql`l.amount`, sql`h.currency`, month)} as amount_krw,
           l.unit_price, ag.unit_price as ref_price,
           ${wonOf(sql`(l.unit_price - ag.unit_price) * l.quantity`, sql`h.currency`, month)} as deviation_krw,
           ag.agreement_no as ref_no, 0 as group_count, null::numeric as group_krw, null::numeric as threshold_krw,
           h.deptcd, h.buyer_id
    from po_line l
    join po_header h on h.po_no = l.po_no
    join lateral (
      select al.agreement_no, al.unit_price
      from agreement_line al join agreement a on a.agreement_no = al.agreement_no
      where al.comp_no = h.comp_no and al.item_code = l.item_code and a.currency = h.currency
        and a.status in ('ACTIVE', 'EXPIRED', 'TERMINATED')
        and a.valid_from <= h.po_date and a.valid_to >= h.po_date
        and (a.approved_at is null or a.approved_at::date <= h.po_date)
        and (a.terminated_at is null or a.terminated_at::date > h.po_date)
      order by (al.unit_price = l.unit_price) desc, a.valid_from desc, al.agreement_no, al.line_no
      limit 1
    ) ag on true
    where ${headerWhere(ctx)} and ${lineWhere(ctx)} and l.item_code is not null and ag.unit_price <> l.unit_price`;
}

/**
 * Orders split under an approval threshold. `split_o`: the period's orders in scope, one row per (order,
 * item), with the order's total in won. A window starts at each order (its anchor) and holds the orders of the
 * same supplier, item and type dated up to `days` days after it that are under the threshold; it counts
 * when it holds two or more and their sum reaches the threshold (a tier's lower bound is inclusive):
 * `split_w`. Of the thresholds a window reaches, the highest is reported; a window starting within
 * `days` days of an earlier counted window of the same supplier, item and type is that group again and
 * is left out.
 */
function splitOrders(days: number): RawBuilder<unknown> {
  return sql`
    select 'SPLIT' as kind, m.po_no as doc_no, 0 as line_no, m.po_date::text as doc_date, m.comp_no,
           m.item_code, (select min(l.item_name) from po_line l where l.po_no = m.po_no and l.item_code = m.item_code) as item_name,
           m.currency, m.total_amount as amount, m.krw as amount_krw,
           null::numeric as unit_price, null::numeric as ref_price, null::numeric as deviation_krw,
           g.anchor as ref_no, g.n as group_count, g.total as group_krw, g.threshold as threshold_krw, m.deptcd, m.buyer_id
    from (
      select w.*, row_number() over (partition by w.anchor, w.item_code order by w.threshold desc) as pick
      from split_w w
      where not exists (
        select 1 from split_w e
        where e.comp_no = w.comp_no and e.item_code = w.item_code and e.po_type = w.po_type
          and (e.anchor_date < w.anchor_date or (e.anchor_date = w.anchor_date and e.anchor < w.anchor))
          and w.anchor_date <= e.anchor_date + ${days}::int
      )
    ) g
    join split_o m on m.comp_no = g.comp_no and m.item_code = g.item_code and m.po_type = g.po_type
      and m.krw < g.threshold and m.po_date <= g.anchor_date + ${days}::int
      and (m.po_date > g.anchor_date or (m.po_date = g.anchor_date and m.po_no >= g.anchor))
    where g.pick = 1`;
}

/** The CTEs the split rule reads: the period's orders per item (in won) and the approval thresholds. */
function splitInputs(ctx: ReportContext, days: number): RawBuilder<unknown> {
  return sql`
    split_o as (
      select h.po_no, h.po_type, h.po_date, h.comp_no, h.currency, h.total_amount, h.deptcd, h.buyer_id, i.item_code,
             ${wonOf(sql`h.total_amount`, sql`h.currency`, monthOf(sql`h.po_date`))} as krw
      from po_header h
      join (select distinct l.po_no, l.item_code from po_line l where l.item_code is not null and ${lineWhere(ctx)}) i on i.po_no = h.po_no
      where ${headerWhere(ctx)}
    ),
    split_t as (
      select distinct r.doc_type, r.min_amount as threshold from approval_rule r
      where r.use_yn = 'Y' and r.doc_type in ('PO', 'SIMPLE') and r.min_amount > 0
    ),
    split_w as (
      select a.po_no as anchor, a.po_date as anchor_date, a.comp_no, a.item_code, a.po_type, t.threshold,
             count(*) as n, sum(m.krw) as total
      from split_o a
      join split_t t on t.doc_type = a.po_type and a.krw < t.threshold
      join split_o m on m.comp_no = a.comp_no and m.item_code = a.item_code and m.po_type = a.po_type
        and m.krw < t.threshold and m.po_date <= a.po_date + ${days}::int
        and (m.po_date > a.po_date or (m.po_date = a.po_date and m.po_no >= a.po_no))
      group by a.po_no, a.po_date, a.comp_no, a.item_code, a.po_type, t.threshold
      having count(*) >= 2 and sum(m.krw) >= t.threshold
    )`;
}

/**
 * Rows: rowKey (unique), kind, docNo — also as deliveryNo or poNo, so each opens its own screen —,
 * agreementNo, lineNo, docDate, compNo, compNameKr, itemCode, itemName, currency, amount, amountKrw,
 * unitPrice, refPrice, deviationKrw, refNo, groupCount, groupKrw, thresholdKrw, deptnm, buyerName.
 * `kind` narrows to one rule.
 */
export function maverickSpend(ctx: ReportContext, kind: MaverickKind | undefined, days: number): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [];
  if (!kind || kind === 'NO_PO') parts.push(noPoDeliveries(ctx));
  if (!kind || kind === 'OFF_AGREEMENT') parts.push(offAgreementLines(ctx));
  if (!kind || kind === 'SPLIT') parts.push(splitOrders(days));
  return sql`
    with ${splitInputs(ctx, days)}
    select x.kind || ':' || x.doc_no || ':' || x.line_no || ':' || coalesce(x.item_code, '') as row_key,
           x.kind, x.doc_no, case when x.kind = 'NO_PO' then x.doc_no end as delivery_no,
           case when x.kind <> 'NO_PO' then x.doc_no end as po_no,
           case when x.kind = 'OFF_AGREEMENT' then x.ref_no end as agreement_no,
           case when x.kind = 'OFF_AGREEMENT' then x.line_no end as line_no, x.doc_date, x.comp_no, coalesce(c.comp_name_kr, x.comp_no) as comp_name_kr,
           x.item_code, x.item_name, x.currency, x.amount, x.amount_krw, x.unit_price, x.ref_price, x.deviation_krw,
           x.ref_no, x.group_count, x.group_krw, x.threshold_krw,
           coalesce(d.deptnm, x.deptcd) as deptnm, coalesce(e.hname, x.buyer_id) as buyer_name
    from (${sql.join(parts, sql` union all `)}) x
    left join company c on c.comp_no = x.comp_no
    left join department d on d.deptcd = x.deptcd
    left join employee e on e.singleid = x.buyer_id`;
}
