import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.generated.js';
import { HISTORY_DAYS } from './orders.js';
import { anchorDate } from './rng.js';

/**
 * Benchmark volume: copies every seeded order (scale − 1) times in set-based SQL, which is
 * minutes for a million lines where row-by-row inserts from JS would be hours. Copy k of an
 * order keeps supplier, items and status, moves up to four whole weeks inside the two-year
 * window (so weekdays stay weekdays), and multiplies each line's quantity by 1–3, so amounts
 * stay exactly quantity × unit price. Small orders keep their quantities so they stay under
 * the simple-order limit.
 */
export const MAX_SCALE = 100;

export async function multiplyOrders(db: Kysely<Database>, scale: number): Promise<void> {
  if (scale <= 1) return;
  if (!Number.isInteger(scale) || scale > MAX_SCALE)
    throw new Error(`scale must be a whole number from 1 to ${MAX_SCALE}`);
  const minDate = anchorDate(-HISTORY_DAYS);
  const maxDate = anchorDate(-1);

  // Numbers continue each year's sequence after the base orders, in date order.
  await sql`
    create temporary table seed_po_copy on commit drop as
    with c as (
      select base_no, simple, k, base_date,
             case when base_date + weeks * 7 between ${minDate}::date and ${maxDate}::date
                  then base_date + weeks * 7 else base_date - weeks * 7 end as new_date
      from (
        select b.po_no as base_no, b.po_type = 'SIMPLE' as simple, k, b.po_date as base_date,
               (k * 7919 + substr(b.po_no, 8)::int * 104729) % 9 - 4 as weeks
        from po_header b cross join generate_series(2, ${scale}::int) as k
      ) s
    ),
    base_max as (
      select substr(po_no, 3, 4) as yr, max(substr(po_no, 8)::int) as mx from po_header group by 1
    )
    select c.base_no, c.simple, c.k, c.new_date, c.new_date - c.base_date as shift,
           'PO' || to_char(c.new_date, 'YYYY') || '-' ||
             lpad((coalesce(m.mx, 0) + row_number() over (partition by to_char(c.new_date, 'YYYY')
                                                          order by c.new_date, c.base_no, c.k))::text, 6, '0') as new_no
    from c left join base_max m on m.yr = to_char(c.new_date, 'YYYY')
  `.execute(db);

  const tooLong = await sql<{
    n: number;
  }>`select count(*)::int as n from seed_po_copy where length(new_no) <> 13`.execute(db);
  if (tooLong.rows[0].n > 0) throw new Error('order numbers overflowed six digits; lower the scale');

  await sql`
    insert into po_header (po_no, po_type, comp_no, section, deptcd, buyer_id, requester_id, pr_no, title, currency,
                           total_amount, status, po_date, due_date, forwarded_at, acknowledged_at, cancel_reason,
                           created_at, updated_at, approval_status, approved_amount, created_by, sent_by, acknowledged_by)
    select c.new_no, b.po_type, b.comp_no, b.section, b.deptcd, b.buyer_id, b.requester_id, null, b.title, b.currency,
           t.total, b.status, c.new_date, b.due_date + c.shift,
           b.forwarded_at + c.shift * interval '1 day', b.acknowledged_at + c.shift * interval '1 day', b.cancel_reason,
           b.created_at + c.shift * interval '1 day', b.updated_at + c.shift * interval '1 day',
           -- Copies are not linked to the base order's PR, quotation, LOI or approval rows.
           case when b.approval_status in ('PENDING', 'IN_PROGRESS') then 'NONE' else b.approval_status end,
           case when b.approved_amount is null then null else t.total end, b.created_by, b.sent_by, b.acknowledged_by
    from seed_po_copy c
    join po_header b on b.po_no = c.base_no
    join (
      select c2.new_no, sum(l.amount * (case when c2.simple then 1 else 1 + (c2.k + l.line_no) % 3 end)) as total
      from seed_po_copy c2 join po_line l on l.po_no = c2.base_no
      group by c2.new_no
    ) t on t.new_no = c.new_no
  `.execute(db);

  await sql`
    insert into po_line (po_no, line_no, item_code, item_name, spec, unit_code, sg_code, quantity, unit_price, amount,
                         delivery_date, delivered_qty, received_qty)
    select c.new_no, l.line_no, l.item_code, l.item_name, l.spec, l.unit_code, l.sg_code, l.quantity * m.f, l.unit_price,
           l.amount * m.f, l.delivery_date + c.shift, l.delivered_qty * m.f, l.received_qty * m.f
    from seed_po_copy c
    join po_line l on l.po_no = c.base_no
    cross join lateral (select case when c.simple then 1 else 1 + (c.k + l.line_no) % 3 end as f) m
  `.execute(db);
}

/** document_sequence continues after the highest seeded number of each year. */
export async function syncOrderSequences(db: Kysely<Database>): Promise<void> {
  await sql`
    insert into document_sequence (prefix, period, last_value)
    select 'PO', substr(po_no, 3, 4), max(substr(po_no, 8)::int) from po_header group by 2
    on conflict (prefix, period) do update set last_value = excluded.last_value
  `.execute(db);
}
