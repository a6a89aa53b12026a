import { sql, type Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * The reports' monthly summaries of spend-state order lines (docs/reports.md "Summaries").
 *
 * A year at benchmark scale 50 is 519,096 order lines; the reports that group them by a line-level
 * key (category, sourcing group, item) read and join every one (1–2.5 s). The summaries hold the
 * same lines grouped per month and every column a report filters, scopes or groups by — about
 * 29,000 rows for that year — so those reports read tens of thousands of rows instead:
 *
 * - report_spend_month: orders, lines and amount per month, currency, section, department, supplier,
 *   buyer and requester (dim 'P'), and the same split per item category ('C') or sourcing group ('S')
 *   — a separate grain each, because an order counts once per group it has lines in;
 * - report_price_month: per month, those columns, item and sourcing group: quantity, amount, lowest and
 *   highest unit price, the first and last price (as sortable keys), and the lines measured against
 *   the item master's reference price (same currency, price > 0).
 *
 * Kept by writes, refreshed on read: statement-level triggers on po_header, po_line and item append
 * the months a write touches to report_summary_dirty (an append-only log: no row is updated, so
 * writers never wait on one another); a report first rebuilds the dirty months of its period
 * (server/modules/reports/summary.ts), and a background job does the same every minute. Only writes
 * that change what the summaries hold mark a month: spend-state orders, the summarised columns.
 *
 * The order states that count as spend are the reports' SPEND_STATUSES (server/modules/reports/sql.ts),
 * written out here because a migration must not change when the code does.
 */
const SPEND = `('APPROVED','SENT','ACKNOWLEDGED','PARTLY_DELIVERED','DELIVERED','CLOSED')`;

const tables_sql = `
create table report_summary_dirty (
  id     bigint generated always as identity primary key,
  month  text not null
);
create index report_summary_dirty_month on report_summary_dirty(month);

create table report_spend_month (
  month         text not null,
  currency      text not null,
  section       text not null,
  deptcd        text not null,
  comp_no       text not null,
  buyer_id      text not null,
  requester_id  text,
  dim           text not null check (dim in ('P','C','S')),
  dim_key       text not null,
  po_count      integer not null,
  line_count    integer not null,
  amount        numeric not null
);
create index report_spend_month_dim on report_spend_month(dim, month);

create table report_price_month (
  month            text not null,
  currency         text not null,
  section          text not null,
  deptcd           text not null,
  comp_no          text not null,
  buyer_id         text not null,
  requester_id     text,
  item_code        text,
  sg_code          text,
  item_name        text not null,
  line_count       integer not null,
  quantity         numeric not null,
  amount           numeric not null,
  min_price        numeric not null,
  max_price        numeric not null,
  first_key        text collate "C" not null,
  last_key         text collate "C" not null,
  ref_line_count   integer not null,
  ref_line_amount  numeric not null,
  ref_amount       numeric not null,
  above_count      integer not null,
  excess           numeric not null,
  max_over_pct     numeric
);
create index report_price_month_month on report_price_month(month);
create index report_price_month_item on report_price_month(item_code, month);
`;

// Each function is one statement of its own (runSqlScript splits on semicolons).
const functions = [
  sql`create function report_mark_header_insert() returns trigger language plpgsql as $$
begin
  insert into report_summary_dirty (month)
  select distinct to_char(n.po_date, 'YYYYMM') from new_rows n where n.status in ${sql.raw(SPEND)};
  return null;
end $$`,
  sql`create function report_mark_header_delete() returns trigger language plpgsql as $$
begin
  insert into report_summary_dirty (month)
  select distinct to_char(o.po_date, 'YYYYMM') from old_rows o where o.status in ${sql.raw(SPEND)};
  return null;
end $$`,
  sql`create function report_mark_header_update() returns trigger language plpgsql as $$
begin
  insert into report_summary_dirty (month)
  select distinct to_char(x.po_date, 'YYYYMM')
  from old_rows o join new_rows n on n.po_no = o.po_no
  cross join lateral (values (o.po_date, o.status), (n.po_date, n.status)) as x(po_date, status)
  where (o.status, o.po_date, o.currency, o.section, o.deptcd, o.comp_no, o.buyer_id, o.requester_id)
        is distinct from (n.status, n.po_date, n.currency, n.section, n.deptcd, n.comp_no, n.buyer_id, n.requester_id)
    and x.status in ${sql.raw(SPEND)};
  return null;
end $$`,
  sql`create function report_mark_line_insert() returns trigger language plpgsql as $$
begin
  insert into report_summary_dirty (month)
  select distinct to_char(h.po_date, 'YYYYMM') from (select distinct po_no from new_rows) n join po_header h on h.po_no = n.po_no
  where h.status in ${sql.raw(SPEND)};
  return null;
end $$`,
  sql`create function report_mark_line_delete() returns trigger language plpgsql as $$
begin
  insert into report_summary_dirty (month)
  select distinct to_char(h.po_date, 'YYYYMM') from (select distinct po_no from old_rows) o join po_header h on h.po_no = o.po_no
  where h.status in ${sql.raw(SPEND)};
  return null;
end $$`,
  // Receiving and delivering update po_line's quantities done: they change no summary.
  sql`create function report_mark_line_update() returns trigger language plpgsql as $$
begin
  insert into report_summary_dirty (month)
  select distinct to_char(h.po_date, 'YYYYMM')
  from old_rows o join new_rows n on n.po_no = o.po_no and n.line_no = o.line_no
  cross join lateral (values (o.po_no), (n.po_no)) as x(po_no)
  join po_header h on h.po_no = x.po_no
  where (o.item_code, o.item_name, o.sg_code, o.quantity, o.unit_price, o.amount)
        is distinct from (n.item_code, n.item_name, n.sg_code, n.quantity, n.unit_price, n.amount)
    and h.status in ${sql.raw(SPEND)};
  return null;
end $$`,
  // An item's category, reference price or currency changes what its lines count as.
  sql`create function report_mark_item_update() returns trigger language plpgsql as $$
begin
  insert into report_summary_dirty (month)
  select distinct s.month
  from old_rows o join new_rows n on n.item_code = o.item_code
  join report_price_month s on s.item_code = n.item_code
  where (o.cat_code, o.ref_price, o.currency) is distinct from (n.cat_code, n.ref_price, n.currency);
  return null;
end $$`,
];

const triggers_sql = `
create trigger report_mark_insert after insert on po_header referencing new table as new_rows for each statement execute function report_mark_header_insert();
create trigger report_mark_delete after delete on po_header referencing old table as old_rows for each statement execute function report_mark_header_delete();
create trigger report_mark_update after update on po_header referencing old table as old_rows new table as new_rows for each statement execute function report_mark_header_update();
create trigger report_mark_insert after insert on po_line referencing new table as new_rows for each statement execute function report_mark_line_insert();
create trigger report_mark_delete after delete on po_line referencing old table as old_rows for each statement execute function report_mark_line_delete();
create trigger report_mark_update after update on po_line referencing old table as old_rows new table as new_rows for each statement execute function report_mark_line_update();
create trigger report_mark_update after update on item referencing old table as old_rows new table as new_rows for each statement execute function report_mark_item_update();

insert into report_summary_dirty (month)
select distinct to_char(po_date, 'YYYYMM') from po_header where status in ${SPEND};
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, tables_sql);
  for (const f of functions) await f.execute(db);
  await runSqlScript(db, triggers_sql);
}
