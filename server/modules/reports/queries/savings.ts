/**
 * Savings four ways (docs/reports.md "Savings"): what each awarded order line cost against the prices the
 * company had in hand when it bought — by buyer or by item category.
 *
 * For every order line (order approved or later, dated in the period, in the caller's scope) each
 * reference below is looked up in the order's own currency; where it exists, savings = (reference −
 * awarded unit price) × quantity. A line without the reference counts for none of that basis (the
 * screen says so):
 *
 * - firstQuote — the quotation request the order came from (`po_header.rfq_no`): the first offer received
 *   for the line (the quotation submitted earliest, then the lowest company number). A quotation keeps
 *   only its latest revision, so a resubmitted offer counts as submitted then.
 * - avgQuote — the same request: the average of every submitted offer for the line.
 * - secondPrice — a sealed tender the order was awarded from (`tender_award`): the lowest price another
 *   bidder opened for the line; a reverse auction (`auction.po_no`): the lowest final bid of another
 *   bidder, spread over the order's lines in proportion to the winning bid (line price × second ÷ winning).
 * - agreement — a framework agreement in force on the order date for the item (any supplier; approved,
 *   within its validity, not yet terminated): the lowest agreed unit price.
 * - estimate — the purchase request line the order line came from: its estimated unit price (above 0).
 *
 * Money (spec §5): per key, month, currency and basis the sums are taken in the order's currency, then a
 * month's JPY is converted at its rate and rounded to the won: `savingsKrw` so, `awardedKrw` (Σ unit price
 * × quantity) so, and `referenceKrw` = awarded + savings, so the three agree to the won.
 */
import { sql, type RawBuilder } from 'kysely';
import { headerWhere, lineWhere, wonOf, type ReportContext } from './statements.js';

export const SAVINGS_BASES = ['firstQuote', 'avgQuote', 'secondPrice', 'agreement', 'estimate'] as const;
export const SAVINGS_BY = ['buyer', 'category'] as const;
export type SavingsBy = (typeof SAVINGS_BY)[number];

const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

const KEYS: Record<SavingsBy, { key: RawBuilder<unknown>; name: RawBuilder<unknown> }> = {
  buyer: {
    key: sql`coalesce(h.buyer_id, '-')`,
    name: sql`coalesce((select n.hname from employee n where n.singleid = t.key), nullif(t.key, '-'), '(미지정)')`,
  },
  category: {
    key: sql`coalesce((select i.cat_code from item i where i.item_code = l.item_code), '-')`,
    name: sql`coalesce((select n.name_ko from item_category n where n.cat_code = t.key), '(미분류)')`,
  },
};

/** The agreement in force on the order date: approved, within its validity, not terminated before it. */
const agreementInForce = sql`a.status in ('ACTIVE', 'EXPIRED', 'TERMINATED')
  and a.valid_from <= h.po_date and a.valid_to >= h.po_date
  and (a.approved_at is null or a.approved_at::date <= h.po_date)
  and (a.terminated_at is null or a.terminated_at::date > h.po_date)`;

/**
 * Rows: key, name, lineCount, orderedKrw (every line of the key, as the spend cube's totalKrw), and per
 * basis `<basis>Lines`, `<basis>AwardedKrw`, `<basis>ReferenceKrw`, `<basis>SavingsKrw`, `<basis>Pct`
 * (savings ÷ reference, %).
 */
export function savings(ctx: ReportContext, by: SavingsBy): RawBuilder<unknown> {
  const k = KEYS[by];
  const perBasis = SAVINGS_BASES.map((b) => {
    const f = (m: string) => sql.raw(`${snake(b)}_${m}`);
    const is = sql`gw.basis = ${sql.lit(b)}`;
    return sql`coalesce(sum(gw.lines) filter (where ${is}), 0) as ${f('lines')},
      coalesce(sum(gw.awarded_krw) filter (where ${is}), 0) as ${f('awarded_krw')},
      coalesce(sum(gw.awarded_krw + gw.savings_krw) filter (where ${is}), 0) as ${f('reference_krw')},
      coalesce(sum(gw.savings_krw) filter (where ${is}), 0) as ${f('savings_krw')},
      round(100.0 * sum(gw.savings_krw) filter (where ${is}) / nullif(sum(gw.awarded_krw + gw.savings_krw) filter (where ${is}), 0), 1) as ${f('pct')}`;
  });
  return sql`
    with ln as (
      select ${k.key} as key, to_char(h.po_date, 'YYYYMM') as month, h.currency, l.amount, l.quantity, l.unit_price,
             q.first_quote, q.avg_quote, coalesce(tb.second_price, au.second_price) as second_price,
             (select min(al.unit_price) from agreement_line al join agreement a on a.agreement_no = al.agreement_no
               where al.item_code = l.item_code and a.currency = h.currency and ${agreementInForce}) as agreement_price,
             (select pl.est_unit_price from pr_line pl join pr_header p on p.pr_no = pl.pr_no
               where pl.pr_no = h.pr_no and pl.line_no = l.pr_line_no and p.currency = h.currency and pl.est_unit_price > 0) as estimate
      from po_line l
      join po_header h on h.po_no = l.po_no
      left join lateral (
        select (array_agg(ql.unit_price order by qt.submitted_at, qt.comp_no))[1] as first_quote, avg(ql.unit_price) as avg_quote
        from rfq_line rl
        join rfq_header rh on rh.rfq_no = rl.rfq_no
        join quotation qt on qt.rfq_no = rl.rfq_no and qt.submitted_at is not null and qt.status in ('SUBMITTED', 'SELECTED', 'NOT_SELECTED')
        join quotation_line ql on ql.rfq_no = qt.rfq_no and ql.comp_no = qt.comp_no and ql.line_no = rl.line_no
        where rl.rfq_no = h.rfq_no and rl.pr_line_no = l.pr_line_no and rh.currency = h.currency
      ) q on true
      left join lateral (
        select min(bl.unit_price) as second_price
        from tender_award ta
        join tender tn on tn.tender_no = ta.tender_no
        join tender_line tl on tl.tender_no = ta.tender_no
          and (tl.pr_line_no = l.pr_line_no or (tl.pr_line_no is null and l.pr_line_no is null and tl.item_name = l.item_name and tl.quantity = l.quantity))
        join tender_bid_line bl on bl.tender_no = ta.tender_no and bl.line_no = tl.line_no and bl.comp_no <> ta.comp_no
        join tender_bid b on b.tender_no = bl.tender_no and b.comp_no = bl.comp_no and b.status in ('SUBMITTED', 'WON', 'LOST')
        where ta.po_no = h.po_no and tn.currency = h.currency
      ) tb on true
      left join lateral (
        select l.unit_price * min(ab.amount) / nullif(max(au.winning_amount), 0) as second_price
        from auction au join auction_bid ab on ab.auction_no = au.auction_no and ab.comp_no <> au.winner_comp_no
        where au.po_no = h.po_no and au.currency = h.currency and au.status = 'AWARDED'
      ) au on true
      where ${headerWhere(ctx)} and ${lineWhere(ctx)}
    ), v as (
      select ln.key, ln.month, ln.currency, b.basis, ln.quantity, ln.unit_price, b.ref
      from ln cross join lateral (values ('firstQuote', ln.first_quote), ('avgQuote', ln.avg_quote),
        ('secondPrice', ln.second_price), ('agreement', ln.agreement_price), ('estimate', ln.estimate)) b(basis, ref)
      where b.ref is not null
    ), g as (
      select key, month, currency, basis, count(*) as lines, sum(unit_price * quantity) as awarded, sum((ref - unit_price) * quantity) as saved
      from v group by 1, 2, 3, 4
    ), gw as (
      select key, basis, sum(lines) as lines, sum(${wonOf(sql`awarded`, sql`currency`, sql`month`)}) as awarded_krw,
             sum(${wonOf(sql`saved`, sql`currency`, sql`month`)}) as savings_krw
      from g group by 1, 2
    ), t as (
      select key, sum(lines) as line_count, sum(${wonOf(sql`amount`, sql`currency`, sql`month`)}) as ordered_krw
      from (select key, month, currency, count(*) as lines, sum(amount) as amount from ln group by 1, 2, 3) m
      group by key
    )
    select t.key, ${k.name} as name, t.line_count, t.ordered_krw, ${sql.join(perBasis)}
    from t left join gw on gw.key = t.key
    group by t.key, t.line_count, t.ordered_krw`;
}
