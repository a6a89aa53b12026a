/**
 * The reports' SQL: one statement per report (docs/reports.md). Each report is a grouped
 * aggregation `r` over the order tables; the statement adds the total count and the totals row
 * with window functions over `r`, sorts and pages it — so a page, its count and its totals
 * come from one round trip and the browser never sums raw lines.
 *
 * Money (spec §5): amounts stay in their currency while lines are summed per group, month and
 * currency; a month's JPY sum is then converted to won at that month's rate (fx_rate, else
 * SYSTEM_CONST / JPY_RATE) — KRW per 100 yen: JPY × rate ÷ 100, rounded to whole won — and the
 * won amounts are added up. Settlement totals (monthlyReport08) take the settlement lines' own
 * KRW amounts, converted when the settlement was built.
 *
 * The spend reports (01–05), price variance (09) and the unit-price reports over a period read the
 * monthly summaries of ../summary.ts (report_spend_month, report_price_month) instead of the lines:
 * the same sums, grouped per month and every column they filter, scope or group by.
 */
import { sql, type RawBuilder } from 'kysely';
import type { ReportPeriod } from '../period.js';
import type { ReportScope } from '../scope.js';
import { scopeSql } from './scope.js';

/** Order states that count as spend: approved and everything after it, cancellations excluded. */
const SPEND_STATUSES = ['APPROVED', 'SENT', 'ACKNOWLEDGED', 'PARTLY_DELIVERED', 'DELIVERED', 'CLOSED'] as const;

interface ReportFilters {
  section?: string;
  deptcd?: string;
  compNo?: string;
  catCode?: string;
  sgCode?: string;
  itemCode?: string;
  buyerId?: string;
  /** Orders without a buyer (a cube cell's (미지정) buyer). */
  noBuyer?: boolean;
}

export interface ReportContext {
  period: ReportPeriod;
  scope: ReportScope;
  filters: ReportFilters;
}

export const spendStatuses = sql.join(SPEND_STATUSES.map((s) => sql.lit(s)));

/** The section / department / supplier filters, on the order columns of `h` (a PO header or a summary row). */
function orgFilters(ctx: ReportContext): RawBuilder<unknown>[] {
  const parts: RawBuilder<unknown>[] = [];
  if (ctx.filters.section) parts.push(sql`h.section = ${ctx.filters.section}`);
  if (ctx.filters.deptcd) parts.push(sql`h.deptcd = ${ctx.filters.deptcd}`);
  if (ctx.filters.compNo) parts.push(sql`h.comp_no = ${ctx.filters.compNo}`);
  if (ctx.filters.buyerId) parts.push(sql`h.buyer_id = ${ctx.filters.buyerId}`);
  if (ctx.filters.noBuyer) parts.push(sql`h.buyer_id is null`);
  return parts;
}

/** The PO header conditions every order-based report shares: spend states, scope, section / department / supplier. */
export function headerWhere(ctx: ReportContext, opts: { dated?: boolean } = { dated: true }): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [sql`h.status in (${spendStatuses})`, scopeSql(ctx.scope)];
  if (opts.dated !== false)
    parts.push(sql`h.po_date >= ${ctx.period.fromDate}::date and h.po_date < ${ctx.period.toDateExclusive}::date`);
  return sql.join([...parts, ...orgFilters(ctx)], sql` and `);
}

/** Line conditions (an item, a category, a sourcing group) on a PO line — or a price summary row — aliased `alias` (default `l`). */
export function lineWhere(ctx: ReportContext, alias: 'l' | 'h' = 'l'): RawBuilder<unknown> {
  const col = (c: string) => sql.raw(`${alias}.${c}`);
  const parts: RawBuilder<unknown>[] = [sql`true`];
  if (ctx.filters.itemCode) parts.push(sql`${col('item_code')} = ${ctx.filters.itemCode}`);
  if (ctx.filters.sgCode) parts.push(sql`${col('sg_code')} = ${ctx.filters.sgCode}`);
  if (ctx.filters.catCode)
    parts.push(
      sql`exists (select 1 from item ic where ic.item_code = ${col('item_code')} and ic.cat_code = ${ctx.filters.catCode})`,
    );
  return sql.join(parts, sql` and `);
}

/**
 * The conditions of headerWhere on a summary row aliased `h` (report_spend_month, report_price_month:
 * spend-state orders only, by month): the period's months, scope, section / department / supplier.
 */
export function summaryWhere(ctx: ReportContext): RawBuilder<unknown> {
  return sql.join(
    [
      sql`h.month >= ${ctx.period.fromMonth} and h.month <= ${ctx.period.toMonth}`,
      scopeSql(ctx.scope),
      ...orgFilters(ctx),
    ],
    sql` and `,
  );
}

/** KRW per 100 yen for a month column `m`: the month's rate, else the system constant. */
const rateOf = (monthCol: RawBuilder<unknown>) =>
  sql`coalesce((select fx.rate from fx_rate fx where fx.currency = 'JPY' and fx.period = ${monthCol}), (select case when trim(sc.attr_1) ~ '^[0-9]+(\\.[0-9]+)?$' then trim(sc.attr_1)::numeric end from code sc where sc.group_id = 'SYSTEM_CONST' and sc.code = 'JPY_RATE' and sc.use_yn = 'Y'))`;

/** Won of a currency's sum in a month: KRW rounded, JPY × rate ÷ 100 rounded (spec §5). */
export const wonOf = (amount: RawBuilder<unknown>, currencyCol: RawBuilder<unknown>, monthCol: RawBuilder<unknown>) =>
  sql`case when ${currencyCol} = 'JPY' then round(${amount} * ${rateOf(monthCol)} / 100) else round(${amount}) end`;

// ---------------------------------------------------------------------------------------------
// Spend by a dimension (monthlyReport01–05)

export type SpendDimension = 'section' | 'department' | 'supplier' | 'category' | 'sourcingGroup';

const DIMENSIONS: Record<
  SpendDimension,
  { dim: 'P' | 'C' | 'S'; key: RawBuilder<unknown>; name: RawBuilder<unknown>; nameJoin: RawBuilder<unknown> }
> = {
  section: {
    dim: 'P',
    key: sql`h.section`,
    name: sql`coalesce(n.section_name, s.key)`,
    nameJoin: sql`left join business_section n on n.top_dept = s.key`,
  },
  department: {
    dim: 'P',
    key: sql`h.deptcd`,
    name: sql`coalesce(n.deptnm, s.key)`,
    nameJoin: sql`left join department n on n.deptcd = s.key`,
  },
  supplier: {
    dim: 'P',
    key: sql`h.comp_no`,
    name: sql`coalesce(n.comp_name_kr, s.key)`,
    nameJoin: sql`left join company n on n.comp_no = s.key`,
  },
  category: {
    dim: 'C',
    key: sql`h.dim_key`,
    name: sql`coalesce(n.name_ko, '(미분류)')`,
    nameJoin: sql`left join item_category n on n.cat_code = s.key`,
  },
  sourcingGroup: {
    dim: 'S',
    key: sql`h.dim_key`,
    name: sql`coalesce(n.sg_name, '(미지정)')`,
    nameJoin: sql`left join sourcing_group n on n.sg_code = s.key`,
  },
};

/**
 * Rows: key, name, poCount, lineCount, krwAmount, jpyAmount, jpyKrwAmount, totalKrw, sharePct — read
 * from report_spend_month (summary.ts): orders, lines and amount per month, currency and the grain
 * that holds the key, summed per key, month and currency; then each month's JPY converted to won.
 * A category or sourcing-group filter selects that group's rows (the only line filter these
 * reports take).
 */
export function spendByDimension(ctx: ReportContext, dimension: SpendDimension): RawBuilder<unknown> {
  const d = DIMENSIONS[dimension];
  const { catCode, sgCode, itemCode } = ctx.filters;
  if (itemCode || (catCode && d.dim !== 'C') || (sgCode && d.dim !== 'S'))
    throw new Error(
      `spend by ${dimension}: the summary cannot filter by item, or by a category or sourcing group it does not group by`,
    );
  const group = catCode ?? sgCode;
  return sql`
    with b as (
      select ${d.key} as key, h.month, h.currency, sum(h.po_count) as po_count, sum(h.line_count) as line_count, sum(h.amount) as amount
      from report_spend_month h
      where h.dim = ${d.dim} and ${summaryWhere(ctx)}${group ? sql` and h.dim_key = ${group}` : sql``}
      group by 1, 2, 3
    ), s as (
      select key, sum(po_count) as po_count, sum(line_count) as line_count,
             sum(case when currency = 'KRW' then round(amount) else 0 end) as krw_amount,
             sum(case when currency = 'JPY' then amount else 0 end) as jpy_amount,
             sum(case when currency = 'JPY' then ${wonOf(sql`amount`, sql`currency`, sql`month`)} else 0 end) as jpy_krw_amount
      from b group by key
    )
    select s.key, ${d.name} as name, s.po_count, s.line_count, s.krw_amount, s.jpy_amount, s.jpy_krw_amount,
           s.krw_amount + s.jpy_krw_amount as total_krw
    from s ${d.nameJoin}`;
}

// ---------------------------------------------------------------------------------------------
// The spend cube (docs/reports.md "The spend cube"): one or two dimensions, the period and the
// previous period beside it, one statement over report_spend_month.

export const CUBE_DIMENSIONS = [
  'supplier',
  'category',
  'sourcingGroup',
  'department',
  'section',
  'buyer',
  'month',
  'quarter',
] as const;
export type CubeDimension = (typeof CUBE_DIMENSIONS)[number];

/** The grain a dimension needs (P: the order; C / S: within the category / sourcing group) — never both C and S. */
export const cubeGrain = (d: CubeDimension): 'P' | 'C' | 'S' =>
  d === 'category' ? 'C' : d === 'sourcingGroup' ? 'S' : 'P';

/** A dimension's key over a summary row `h` whose month, for the previous period, is shifted (`m`). */
function cubeKey(d: CubeDimension, m: RawBuilder<unknown>): RawBuilder<unknown> {
  switch (d) {
    case 'supplier':
      return sql`h.comp_no`;
    case 'department':
      return sql`h.deptcd`;
    case 'section':
      return sql`h.section`;
    case 'buyer':
      // '-' as the category's: a key a link can carry (an empty one is dropped from an address).
      return sql`coalesce(h.buyer_id, '-')`;
    case 'category':
    case 'sourcingGroup':
      return sql`h.dim_key`;
    case 'month':
      return m;
    case 'quarter':
      return sql`substr(${m}, 1, 4) || 'Q' || ((substr(${m}, 5, 2)::int + 2) / 3)::text`;
  }
}

/** A dimension's name for its key column `k` (a correlated look-up; months and quarters are their own names). */
function cubeName(d: CubeDimension, k: RawBuilder<unknown>): RawBuilder<unknown> {
  switch (d) {
    case 'supplier':
      return sql`coalesce((select n.comp_name_kr from company n where n.comp_no = ${k}), ${k})`;
    case 'department':
      return sql`coalesce((select n.deptnm from department n where n.deptcd = ${k}), ${k})`;
    case 'section':
      return sql`coalesce((select n.section_name from business_section n where n.top_dept = ${k}), ${k})`;
    case 'buyer':
      return sql`coalesce((select n.hname from employee n where n.singleid = ${k}), nullif(${k}, '-'), '(미지정)')`;
    case 'category':
      return sql`coalesce((select n.name_ko from item_category n where n.cat_code = ${k}), '(미분류)')`;
    case 'sourcingGroup':
      return sql`coalesce((select n.sg_name from sourcing_group n where n.sg_code = ${k}), '(미지정)')`;
    case 'month':
    case 'quarter':
      return k;
  }
}

/**
 * The cube's rows: the ordered figures (report_spend_month, by order month) beside the received and
 * settled ones (report_flow_month, by receipt and settlement month), each with zeros for the other's
 * measures. A subquery, not a CTE, so the month / scope / grain conditions reach both tables' indexes.
 */
const CUBE_SOURCE = sql`
  select month, currency, section, deptcd, comp_no, buyer_id, requester_id, dim, dim_key, po_count, line_count, amount,
         0 as received_lines, 0 as received_amount, 0 as settled_lines, 0 as settled_krw
  from report_spend_month
  union all
  select month, currency, section, deptcd, comp_no, buyer_id, requester_id, dim, dim_key, 0, 0, 0,
         received_lines, received_amount, settled_lines, settled_krw
  from report_flow_month`;

/**
 * Rows: key1, name1, key2, name2 (empty without a second dimension), poCount, lineCount, totalKrw of
 * the period and prevPoCount, prevLineCount, prevTotalKrw of the previous period: the same number of
 * months immediately before (shift = the period's months). A previous-period row's month is shifted
 * forward by the shift before it is grouped, so on a month or quarter dimension the previous figure
 * stands beside the month it precedes by the period's length. Sums per key, month and currency
 * first, then each month's JPY converted (spec §5): the same won as the spend reports.
 */
export function spendCube(ctx: ReportContext, dims: [CubeDimension, CubeDimension?]): RawBuilder<unknown> {
  const [d1, d2] = dims;
  const grain = d2 && cubeGrain(d2) !== 'P' ? cubeGrain(d2) : cubeGrain(d1);
  const shift = ctx.period.months;
  const prevFrom = sql`to_char(to_date(${ctx.period.fromMonth}, 'YYYYMM') - make_interval(months => ${shift}::int), 'YYYYMM')`;
  const m = sql`case when h.month >= ${ctx.period.fromMonth} then h.month else to_char(to_date(h.month, 'YYYYMM') + make_interval(months => ${shift}::int), 'YYYYMM') end`;
  const k2 = d2 ? cubeKey(d2, m) : sql`''`;
  const where = sql.join(
    [
      sql`h.month >= ${prevFrom} and h.month <= ${ctx.period.toMonth}`,
      scopeSql(ctx.scope),
      ...orgFilters(ctx),
      ...(ctx.filters.catCode && grain === 'C' ? [sql`h.dim_key = ${ctx.filters.catCode}`] : []),
      ...(ctx.filters.sgCode && grain === 'S' ? [sql`h.dim_key = ${ctx.filters.sgCode}`] : []),
    ],
    sql` and `,
  );
  return sql`
    with b as (
      select ${cubeKey(d1, m)} as k1, ${k2} as k2, h.month, h.currency, h.month >= ${ctx.period.fromMonth} as cur,
             sum(h.po_count) as po_count, sum(h.line_count) as line_count, sum(h.amount) as amount,
             sum(h.received_lines) as received_lines, sum(h.received_amount) as received_amount,
             sum(h.settled_lines) as settled_lines, sum(h.settled_krw) as settled_krw
      from (${CUBE_SOURCE}) h
      where h.dim = ${grain} and ${where}
      group by 1, 2, 3, 4, 5
    ), w as (
      select k1, k2, cur, po_count, line_count, ${wonOf(sql`amount`, sql`currency`, sql`month`)} as won,
             received_lines, ${wonOf(sql`received_amount`, sql`currency`, sql`month`)} as received_won, settled_lines, settled_krw
      from b
    ), s as (
      select k1, k2,
             coalesce(sum(po_count) filter (where cur), 0) as po_count,
             coalesce(sum(line_count) filter (where cur), 0) as line_count,
             coalesce(sum(won) filter (where cur), 0) as total_krw,
             coalesce(sum(po_count) filter (where not cur), 0) as prev_po_count,
             coalesce(sum(line_count) filter (where not cur), 0) as prev_line_count,
             coalesce(sum(won) filter (where not cur), 0) as prev_total_krw,
             coalesce(sum(received_lines) filter (where cur), 0) as received_line_count,
             coalesce(sum(received_won) filter (where cur), 0) as received_krw,
             coalesce(sum(received_won) filter (where not cur), 0) as prev_received_krw,
             coalesce(sum(settled_lines) filter (where cur), 0) as settled_line_count,
             coalesce(sum(settled_krw) filter (where cur), 0) as settled_krw,
             coalesce(sum(settled_krw) filter (where not cur), 0) as prev_settled_krw
      from w group by k1, k2
    )
    select s.k1 as key1, ${cubeName(d1, sql`s.k1`)} as name1, s.k2 as key2, ${d2 ? cubeName(d2, sql`s.k2`) : sql`''`} as name2,
           s.po_count, s.line_count, s.total_krw, s.prev_po_count, s.prev_line_count, s.prev_total_krw,
           s.received_line_count, s.received_krw, s.prev_received_krw, s.settled_line_count, s.settled_krw, s.prev_settled_krw
    from s`;
}

// ---------------------------------------------------------------------------------------------
// monthlyReport06: PR → PO lead time, per order month

export function prLeadTime(ctx: ReportContext): RawBuilder<unknown> {
  return sql`
    select to_char(h.po_date, 'YYYYMM') as month, count(*) as po_count,
           sum(h.po_date - p.pr_date) as total_days,
           round(avg(h.po_date - p.pr_date), 1) as avg_days,
           min(h.po_date - p.pr_date) as min_days, max(h.po_date - p.pr_date) as max_days,
           sum(case when h.po_date - p.pr_date <= 14 then 1 else 0 end) as within14_count
    from po_header h join pr_header p on p.pr_no = h.pr_no
    where ${headerWhere(ctx)}
    group by 1`;
}

// ---------------------------------------------------------------------------------------------
// monthlyReport07: on-time delivery, per receipt month (a receipt line is on time when it was
// requested for warehousing on or before the order line's delivery date, else the order's due date)

export function onTimeDelivery(ctx: ReportContext): RawBuilder<unknown> {
  return sql`
    select to_char(r.wh_req_date, 'YYYYMM') as month, count(*) as line_count,
           sum(case when r.wh_req_date <= coalesce(pl.delivery_date, h.due_date, r.wh_req_date) then 1 else 0 end) as on_time_count,
           sum(case when r.wh_req_date > coalesce(pl.delivery_date, h.due_date, r.wh_req_date) then 1 else 0 end) as late_count,
           round(100.0 * sum(case when r.wh_req_date <= coalesce(pl.delivery_date, h.due_date, r.wh_req_date) then 1 else 0 end) / count(*), 1) as on_time_rate,
           coalesce(round(avg(case when r.wh_req_date > coalesce(pl.delivery_date, h.due_date) then r.wh_req_date - coalesce(pl.delivery_date, h.due_date) end), 1), 0) as avg_delay_days
    from wh_receipt_line rl
    join wh_receipt r on r.wh_req_no = rl.wh_req_no
    join po_line pl on pl.po_no = rl.po_no and pl.line_no = rl.po_line_no
    join po_header h on h.po_no = rl.po_no
    where r.status <> 'CANCELLED'
      and r.wh_req_date >= ${ctx.period.fromDate}::date and r.wh_req_date < ${ctx.period.toDateExclusive}::date
      and ${headerWhere(ctx, { dated: false })}
    group by 1`;
}

// ---------------------------------------------------------------------------------------------
// monthlyReport08: settlement totals, per settlement month (goods in won as settled)

export function settlementTotals(ctx: ReportContext): RawBuilder<unknown> {
  return sql`
    select st.period as month, count(distinct st.settle_no) as settlement_count, count(distinct st.comp_no) as supplier_count,
           count(*) as line_count,
           sum(case when sl.currency = 'KRW' then sl.krw_amount else 0 end) as krw_amount,
           sum(case when sl.currency = 'JPY' then sl.amount else 0 end) as jpy_amount,
           sum(case when sl.currency = 'JPY' then sl.krw_amount else 0 end) as jpy_krw_amount,
           sum(sl.krw_amount) as total_krw,
           sum(case when st.status = 'POSTED' then sl.krw_amount else 0 end) as posted_krw
    from settlement_line sl
    join settlement st on st.settle_no = sl.settle_no
    join po_header h on h.po_no = sl.po_no
    where st.period >= ${ctx.period.fromMonth} and st.period <= ${ctx.period.toMonth}
      and ${scopeSql(ctx.scope)}
      ${ctx.filters.section ? sql`and h.section = ${ctx.filters.section}` : sql``}
      ${ctx.filters.deptcd ? sql`and h.deptcd = ${ctx.filters.deptcd}` : sql``}
      ${ctx.filters.compNo ? sql`and h.comp_no = ${ctx.filters.compNo}` : sql``}
    group by 1`;
}

// ---------------------------------------------------------------------------------------------
// monthlyReport09: price variance against the item master's reference price, per order month
// (lines of items bought in the item's own currency)

export function priceVariance(ctx: ReportContext): RawBuilder<unknown> {
  return sql`
    with b as (
      select h.month, h.currency, sum(h.ref_line_count) as line_count, sum(h.above_count) as above_count,
             sum(h.ref_line_amount) as actual, sum(h.ref_amount) as reference
      from report_price_month h
      where ${summaryWhere(ctx)} and ${lineWhere(ctx, 'h')} and h.ref_line_count > 0
      group by 1, 2
    )
    select month, sum(line_count) as line_count, sum(above_count) as above_count,
           sum(${wonOf(sql`reference`, sql`currency`, sql`month`)}) as reference_krw,
           sum(${wonOf(sql`actual`, sql`currency`, sql`month`)}) as actual_krw,
           sum(${wonOf(sql`actual`, sql`currency`, sql`month`)}) - sum(${wonOf(sql`reference`, sql`currency`, sql`month`)}) as variance_krw
    from b group by month`;
}

// ---------------------------------------------------------------------------------------------
// monthlyReport10: new suppliers — companies whose first order (in the caller's scope) falls in
// the month, with what was ordered from them that month

export function newSuppliers(ctx: ReportContext): RawBuilder<unknown> {
  return sql`
    with f as (
      select h.comp_no, to_char(min(h.po_date), 'YYYYMM') as month
      from po_header h where ${headerWhere(ctx, { dated: false })}
      group by h.comp_no
    ), b as (
      select f.month, h.currency, count(distinct h.po_no) as po_count, sum(h.total_amount) as amount
      from f join po_header h on h.comp_no = f.comp_no and to_char(h.po_date, 'YYYYMM') = f.month
      where f.month >= ${ctx.period.fromMonth} and f.month <= ${ctx.period.toMonth} and ${headerWhere(ctx, { dated: false })}
      group by 1, 2
    ), c as (
      select month, count(*) as supplier_count from f where month >= ${ctx.period.fromMonth} and month <= ${ctx.period.toMonth} group by month
    )
    select c.month, c.supplier_count, coalesce(sum(b.po_count), 0) as po_count,
           coalesce(sum(${wonOf(sql`b.amount`, sql`b.currency`, sql`b.month`)}), 0) as total_krw
    from c left join b on b.month = c.month
    group by c.month, c.supplier_count`;
}

// ---------------------------------------------------------------------------------------------
// Unit prices

/**
 * A line's place in time as sortable text — order date, order number (padded, so a shorter number
 * sorts first as in `order by`), line number — followed by its unit price: `min()` of it is the
 * first price and `max()` the last, in one hash aggregation instead of sorting every group's lines
 * as `array_agg(… order by …)[1]` does. Compared byte by byte (`collate "C"`): a locale's rules would
 * cost a library call per comparison. `priceAfterKey` reads the price back.
 */
export const keyedPrice = sql`(to_char(h.po_date, 'YYYYMMDD') || rpad(h.po_no, 20) || lpad(l.line_no::text, 6, '0') || l.unit_price::text) collate "C"`;
const priceAfterKey = (keyed: RawBuilder<unknown>) => sql`substr(${keyed}, 35)::numeric`;

/**
 * costUnitDifference: per item and currency, the spread of unit prices between suppliers and from
 * first to last purchase — from report_price_month (its first and last keys are keyedPrice's).
 */
export function costUnitDifference(ctx: ReportContext, minSuppliers: number): RawBuilder<unknown> {
  return sql`
    select h.item_code, max(h.item_name) as item_name, h.currency,
           count(distinct h.comp_no) as supplier_count, sum(h.line_count) as line_count,
           min(h.min_price) as min_price, max(h.max_price) as max_price,
           round(sum(h.amount) / nullif(sum(h.quantity), 0), 2) as avg_price,
           max(h.max_price) - min(h.min_price) as spread,
           round(100.0 * (max(h.max_price) - min(h.min_price)) / nullif(min(h.min_price), 0), 1) as spread_pct,
           ${priceAfterKey(sql`min(h.first_key)`)} as first_price,
           ${priceAfterKey(sql`max(h.last_key)`)} as last_price
    from report_price_month h
    where ${summaryWhere(ctx)} and ${lineWhere(ctx, 'h')} and h.item_code is not null
    group by h.item_code, h.currency
    having count(distinct h.comp_no) >= ${minSuppliers}`;
}

/**
 * highCostUnit: per item, lines bought above the item's reference price (same currency): how often,
 * by how much (each month's excess converted at that month's rate), the highest excess, and who —
 * the buyer with most such lines in the period (the lowest id on a tie) and how many buyers had any.
 */
export function highCostUnit(ctx: ReportContext): RawBuilder<unknown> {
  // One pass over the item × month × buyer sums: windows give each month's excess (converted once per
  // month) and each buyer's lines over the period, so no two aggregates need joining.
  return sql`
    with a as (
      select h.item_code, h.currency, h.month, h.buyer_id, sum(h.above_count) as above_count, sum(h.excess) as excess, max(h.max_over_pct) as max_over_pct
      from report_price_month h
      where ${summaryWhere(ctx)} and ${lineWhere(ctx, 'h')} and h.above_count > 0
      group by 1, 2, 3, 4
    ), w as (
      select a.*,
             sum(excess) over (partition by item_code, currency, month) as month_excess,
             row_number() over (partition by item_code, currency, month order by buyer_id) as month_row,
             sum(above_count) over (partition by item_code, currency, buyer_id) as buyer_above
      from a
    ), s as (
      select item_code, currency, sum(above_count) as above_count, sum(excess) as excess_amount,
             sum(case when month_row = 1 then ${wonOf(sql`month_excess`, sql`currency`, sql`month`)} else 0 end) as excess_krw,
             max(max_over_pct) as max_over_pct, count(distinct buyer_id) as buyer_count,
             (array_agg(buyer_id order by buyer_above desc, buyer_id))[1] as buyer_id
      from w group by item_code, currency
    )
    select s.item_code, i.item_name, s.currency, i.ref_price, s.above_count, s.excess_amount, s.excess_krw, s.max_over_pct,
           s.buyer_count, coalesce(e.hname, s.buyer_id) as buyer_name
    from s
    join item i on i.item_code = s.item_code
    left join employee e on e.singleid = s.buyer_id`;
}

/** highCostUnitDetail: one item's prices per month (min, average, max) beside its reference price. */
export function highCostUnitDetail(ctx: ReportContext): RawBuilder<unknown> {
  return sql`
    select to_char(h.po_date, 'YYYYMM') as month, h.currency, count(*) as line_count, count(distinct h.comp_no) as supplier_count,
           min(l.unit_price) as min_price, round(sum(l.amount) / nullif(sum(l.quantity), 0), 2) as avg_price, max(l.unit_price) as max_price,
           max(i.ref_price) as ref_price
    from po_line l join po_header h on h.po_no = l.po_no left join item i on i.item_code = l.item_code
    where ${headerWhere(ctx)} and ${lineWhere(ctx)}
    group by 1, 2`;
}

/** itemMasterCostNew: per item bought in the period (in its own currency): reference, last and average price. */
export function itemMasterCost(ctx: ReportContext): RawBuilder<unknown> {
  return sql`
    select item_code, item_name, currency, ref_price, line_count, last_price, avg_price,
           round(100.0 * (last_price - ref_price) / nullif(ref_price, 0), 1) as last_vs_ref_pct,
           round(100.0 * (avg_price_exact - ref_price) / nullif(ref_price, 0), 1) as avg_vs_ref_pct
    from (
      select i.item_code, i.item_name, i.currency, i.ref_price, sum(h.line_count) as line_count,
             ${priceAfterKey(sql`max(h.last_key)`)} as last_price,
             sum(h.amount) / nullif(sum(h.quantity), 0) as avg_price_exact,
             round(sum(h.amount) / nullif(sum(h.quantity), 0), 2) as avg_price
      from report_price_month h join item i on i.item_code = h.item_code
      where ${summaryWhere(ctx)} and ${lineWhere(ctx, 'h')} and i.currency = h.currency
      group by i.item_code, i.item_name, i.currency, i.ref_price
    ) m`;
}

// ---------------------------------------------------------------------------------------------
// Drill-down: the orders behind a bar or a row

export type DrillBasis = 'po' | 'receipt' | 'settlement' | 'newSupplier';

/** The orders behind a figure, with the matching lines' amount (in the order's currency and in won). */
export function drillOrders(ctx: ReportContext, basis: DrillBasis): RawBuilder<unknown> {
  const period =
    basis === 'receipt'
      ? sql`exists (select 1 from wh_receipt_line rl join wh_receipt r on r.wh_req_no = rl.wh_req_no where rl.po_no = h.po_no and r.status <> 'CANCELLED' and r.wh_req_date >= ${ctx.period.fromDate}::date and r.wh_req_date < ${ctx.period.toDateExclusive}::date)`
      : basis === 'settlement'
        ? sql`exists (select 1 from settlement_line sl join settlement st on st.settle_no = sl.settle_no where sl.po_no = h.po_no and st.period >= ${ctx.period.fromMonth} and st.period <= ${ctx.period.toMonth})`
        : basis === 'newSupplier'
          ? sql`h.po_date >= ${ctx.period.fromDate}::date and h.po_date < ${ctx.period.toDateExclusive}::date and not exists (select 1 from po_header h0 where h0.comp_no = h.comp_no and h0.status in (${spendStatuses}) and h0.po_date < date_trunc('month', h.po_date) and ${scopeSql(ctx.scope, 'h0')})`
          : sql`h.po_date >= ${ctx.period.fromDate}::date and h.po_date < ${ctx.period.toDateExclusive}::date`;
  return sql`
    select h.po_no, h.po_type, h.po_date::text as po_date, h.title, h.status, h.comp_no, coalesce(c.comp_name_kr, h.comp_no) as comp_name_kr,
           coalesce(d.deptnm, h.deptcd) as deptnm, coalesce(e.hname, h.buyer_id) as buyer_name, h.currency,
           x.line_count, x.amount, ${wonOf(sql`x.amount`, sql`h.currency`, sql`to_char(h.po_date, 'YYYYMM')`)} as krw_amount
    from po_header h
    join lateral (select count(*) as line_count, sum(l.amount) as amount from po_line l where l.po_no = h.po_no and ${lineWhere(ctx)}) x on x.line_count > 0
    left join company c on c.comp_no = h.comp_no
    left join department d on d.deptcd = h.deptcd
    left join employee e on e.singleid = h.buyer_id
    where ${headerWhere(ctx, { dated: false })} and ${period}`;
}

// ---------------------------------------------------------------------------------------------
// monthlyReport11: evaluation summary — per evaluation period overlapping the month range, the
// suppliers' current totals (the revision not superseded: final, or a draft while the period is
// being scored): how many, average score, how many in each grade, warned, blocked, published.
// Scope (spec §6): a supplier counts for a scoped user, or under a section / department filter,
// when it had an order of that scope (approved or later) dated in the evaluation period.

/** The condition that the total `t` of period `p` belongs to the caller's scope and filters. */
function evaluationScope(ctx: ReportContext): RawBuilder<unknown> {
  if (ctx.scope.kind === 'all' && !ctx.filters.section && !ctx.filters.deptcd) return sql`true`;
  return sql`exists (select 1 from po_header h where h.comp_no = t.comp_no and h.po_date >= p.start_date and h.po_date <= p.end_date and ${headerWhere(ctx, { dated: false })})`;
}

/** Periods overlapping the month range (a period in progress shows in this year's report). */
const evaluationPeriods = (ctx: ReportContext) =>
  sql`p.end_date >= ${ctx.period.fromDate}::date and p.start_date < ${ctx.period.toDateExclusive}::date`;

export function evaluationSummary(ctx: ReportContext): RawBuilder<unknown> {
  return sql`
    select p.period_id, p.period_name, p.start_date::text as start_date, p.end_date::text as end_date, p.status as period_status,
           count(*) as supplier_count,
           sum(case when t.status = 'FINAL' then 1 else 0 end) as final_count,
           sum(case when t.published_at is not null then 1 else 0 end) as published_count,
           round(avg(t.total_score), 2) as avg_score, sum(t.total_score) as score_sum,
           sum(case when t.grade = 'A' then 1 else 0 end) as grade_a,
           sum(case when t.grade = 'B' then 1 else 0 end) as grade_b,
           sum(case when t.grade = 'C' then 1 else 0 end) as grade_c,
           sum(case when t.grade = 'D' then 1 else 0 end) as grade_d,
           sum(case when t.grade_action = 'WARN' then 1 else 0 end) as warn_count,
           sum(case when t.grade_action = 'BLOCK' then 1 else 0 end) as block_count
    from eva_total t join eva_period p on p.period_id = t.period_id
    where t.status <> 'SUPERSEDED' and ${evaluationPeriods(ctx)} and ${evaluationScope(ctx)}
    group by p.period_id, p.period_name, p.start_date, p.end_date, p.status`;
}

/** The totals behind an evaluation-summary figure: one period's current totals (a grade's, when given), same scope. */
export function evaluationDrill(
  ctx: ReportContext,
  periodId: number | undefined,
  grade: string | undefined,
): RawBuilder<unknown> {
  return sql`
    select t.total_id, p.period_name, t.comp_no, coalesce(c.comp_name_kr, t.comp_no) as comp_name_kr, t.status, t.total_score, t.grade,
           t.grade_action, t.rank_no, t.prev_score, case when t.published_at is null then 'N' else 'Y' end as published
    from eva_total t join eva_period p on p.period_id = t.period_id left join company c on c.comp_no = t.comp_no
    where t.status <> 'SUPERSEDED' and ${evaluationPeriods(ctx)} and ${evaluationScope(ctx)}
      ${periodId !== undefined ? sql`and t.period_id = ${periodId}` : sql``}
      ${grade ? sql`and t.grade = ${grade}` : sql``}`;
}
