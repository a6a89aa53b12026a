import { sql, type Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * Received and settled amounts for the spend cube (docs/reports.md "The spend cube", measures):
 * report_flow_month holds, per month of the receipt or of the settlement, the same header grain as
 * report_spend_month (currency, section, department, supplier, buyer, requester of the order) and
 * its category (C) and sourcing-group (S) splits:
 * - receipts not cancelled: receipt lines and their amount in the order's currency, by receipt date
 *   (the lines monthlyReport07 counts);
 * - settlement lines by settlement month: their won as settled (the figure monthlyReport08 adds).
 *
 * Kept like the other summaries: statement-level triggers append the months a write touches to
 * report_summary_dirty and the rebuild of a month (server/modules/reports/queries/summary.ts)
 * writes its flow rows too. The months a write marks:
 * - a receipt inserted, deleted, cancelled or redated (old and new month); a receipt line inserted,
 *   deleted or its quantity / amount changed (its receipt's month);
 * - a settlement inserted, deleted or moved to another month; a settlement line inserted, deleted or
 *   its amount changed (its settlement's month);
 * - an order's section, department, supplier, buyer, requester or currency changed, or a line's item
 *   or sourcing group: the months of its receipts and settlements;
 * - an item's category changed: the months holding its receipt or settlement lines.
 */
const tables_sql = `
create table report_flow_month (
  month           text not null,
  currency        text not null,
  section         text not null,
  deptcd          text not null,
  comp_no         text not null,
  buyer_id        text not null,
  requester_id    text,
  dim             text not null check (dim in ('P','C','S')),
  dim_key         text not null,
  received_lines  integer not null,
  received_amount numeric not null,
  settled_lines   integer not null,
  settled_krw     numeric not null
);
create index report_flow_month_dim on report_flow_month(dim, month);
`;

const mark = (select: string) => `insert into report_summary_dirty (month) ${select};`;
const receiptMonths = (poNos: string) =>
  `select distinct to_char(r.wh_req_date, 'YYYYMM') from wh_receipt_line rl join wh_receipt r on r.wh_req_no = rl.wh_req_no where rl.po_no in (${poNos})
   union select distinct st.period from settlement_line sl join settlement st on st.settle_no = sl.settle_no where sl.po_no in (${poNos})`;

const fn = (name: string, body: string) =>
  sql`create function ${sql.raw(name)}() returns trigger language plpgsql as $$
begin
  ${sql.raw(body)}
  return null;
end $$`;

const functions = [
  fn(
    'report_flow_receipt_insert',
    mark(`select distinct to_char(n.wh_req_date, 'YYYYMM') from new_rows n where n.status <> 'CANCELLED'`),
  ),
  fn(
    'report_flow_receipt_delete',
    mark(`select distinct to_char(o.wh_req_date, 'YYYYMM') from old_rows o where o.status <> 'CANCELLED'`),
  ),
  fn(
    'report_flow_receipt_update',
    mark(`select distinct to_char(x.d, 'YYYYMM') from old_rows o join new_rows n on n.wh_req_no = o.wh_req_no
   cross join lateral (values (o.wh_req_date), (n.wh_req_date)) as x(d)
   where (o.status = 'CANCELLED', o.wh_req_date, o.po_no) is distinct from (n.status = 'CANCELLED', n.wh_req_date, n.po_no)`),
  ),
  fn(
    'report_flow_receipt_line_insert',
    mark(
      `select distinct to_char(r.wh_req_date, 'YYYYMM') from (select distinct wh_req_no from new_rows) n join wh_receipt r on r.wh_req_no = n.wh_req_no`,
    ),
  ),
  fn(
    'report_flow_receipt_line_delete',
    mark(
      `select distinct to_char(r.wh_req_date, 'YYYYMM') from (select distinct wh_req_no from old_rows) o join wh_receipt r on r.wh_req_no = o.wh_req_no`,
    ),
  ),
  fn(
    'report_flow_receipt_line_update',
    mark(`select distinct to_char(r.wh_req_date, 'YYYYMM') from old_rows o join new_rows n on n.wh_req_no = o.wh_req_no and n.line_no = o.line_no
   join wh_receipt r on r.wh_req_no = n.wh_req_no
   where (o.quantity, o.amount, o.po_no, o.po_line_no) is distinct from (n.quantity, n.amount, n.po_no, n.po_line_no)`),
  ),
  fn('report_flow_settlement_insert', mark(`select distinct n.period from new_rows n`)),
  fn('report_flow_settlement_delete', mark(`select distinct o.period from old_rows o`)),
  fn(
    'report_flow_settlement_update',
    mark(`select distinct x.period from old_rows o join new_rows n on n.settle_no = o.settle_no
   cross join lateral (values (o.period), (n.period)) as x(period) where o.period is distinct from n.period`),
  ),
  fn(
    'report_flow_settlement_line_insert',
    mark(
      `select distinct st.period from (select distinct settle_no from new_rows) n join settlement st on st.settle_no = n.settle_no`,
    ),
  ),
  fn(
    'report_flow_settlement_line_delete',
    mark(
      `select distinct st.period from (select distinct settle_no from old_rows) o join settlement st on st.settle_no = o.settle_no`,
    ),
  ),
  fn(
    'report_flow_settlement_line_update',
    mark(`select distinct st.period from old_rows o join new_rows n on n.settle_no = o.settle_no and n.line_no = o.line_no
   join settlement st on st.settle_no = n.settle_no
   where (o.krw_amount, o.po_no, o.po_line_no) is distinct from (n.krw_amount, n.po_no, n.po_line_no)`),
  ),
  fn(
    'report_flow_header_update',
    mark(
      `${receiptMonths(`select n.po_no from old_rows o join new_rows n on n.po_no = o.po_no
     where (o.currency, o.section, o.deptcd, o.comp_no, o.buyer_id, o.requester_id)
           is distinct from (n.currency, n.section, n.deptcd, n.comp_no, n.buyer_id, n.requester_id)`)}`,
    ),
  ),
  fn(
    'report_flow_line_update',
    mark(
      `${receiptMonths(`select n.po_no from old_rows o join new_rows n on n.po_no = o.po_no and n.line_no = o.line_no
     where (o.item_code, o.sg_code) is distinct from (n.item_code, n.sg_code)`)}`,
    ),
  ),
  fn(
    'report_flow_item_update',
    mark(`select distinct f.month from old_rows o join new_rows n on n.item_code = o.item_code
   join report_flow_month f on f.dim = 'C' and f.dim_key = coalesce(o.cat_code, '-')
   where o.cat_code is distinct from n.cat_code`),
  ),
];

const triggers_sql = `
create trigger report_flow_insert after insert on wh_receipt referencing new table as new_rows for each statement execute function report_flow_receipt_insert();
create trigger report_flow_delete after delete on wh_receipt referencing old table as old_rows for each statement execute function report_flow_receipt_delete();
create trigger report_flow_update after update on wh_receipt referencing old table as old_rows new table as new_rows for each statement execute function report_flow_receipt_update();
create trigger report_flow_insert after insert on wh_receipt_line referencing new table as new_rows for each statement execute function report_flow_receipt_line_insert();
create trigger report_flow_delete after delete on wh_receipt_line referencing old table as old_rows for each statement execute function report_flow_receipt_line_delete();
create trigger report_flow_update after update on wh_receipt_line referencing old table as old_rows new table as new_rows for each statement execute function report_flow_receipt_line_update();
create trigger report_flow_insert after insert on settlement referencing new table as new_rows for each statement execute function report_flow_settlement_insert();
create trigger report_flow_delete after delete on settlement referencing old table as old_rows for each statement execute function report_flow_settlement_delete();
create trigger report_flow_update after update on settlement referencing old table as old_rows new table as new_rows for each statement execute function report_flow_settlement_update();
create trigger report_flow_insert after insert on settlement_line referencing new table as new_rows for each statement execute function report_flow_settlement_line_insert();
create trigger report_flow_delete after delete on settlement_line referencing old table as old_rows for each statement execute function report_flow_settlement_line_delete();
create trigger report_flow_update after update on settlement_line referencing old table as old_rows new table as new_rows for each statement execute function report_flow_settlement_line_update();
create trigger report_flow_update after update on po_header referencing old table as old_rows new table as new_rows for each statement execute function report_flow_header_update();
create trigger report_flow_update after update on po_line referencing old table as old_rows new table as new_rows for each statement execute function report_flow_line_update();
create trigger report_flow_update after update on item referencing old table as old_rows new table as new_rows for each statement execute function report_flow_item_update();

insert into report_summary_dirty (month)
select distinct to_char(wh_req_date, 'YYYYMM') from wh_receipt where status <> 'CANCELLED'
union select distinct period from settlement;
`;

/**
 * As the other summaries' triggers (0550-supplier-role-grants.ts): a supplier's own writes (an order acknowledged, a
 * delivery's quantities, a settlement confirmed) fire them, and they write the staff side's dirty months, so they run
 * as the owner with a fixed search_path; and the summary, having a comp_no, is a company-owned table with its
 * policy (tests/api/security/rls.test.ts holds both).
 */
const ROLE = 'gpms_supplier';
const FLOW_FUNCTIONS = [
  'report_flow_receipt_insert',
  'report_flow_receipt_delete',
  'report_flow_receipt_update',
  'report_flow_receipt_line_insert',
  'report_flow_receipt_line_delete',
  'report_flow_receipt_line_update',
  'report_flow_settlement_insert',
  'report_flow_settlement_delete',
  'report_flow_settlement_update',
  'report_flow_settlement_line_insert',
  'report_flow_settlement_line_delete',
  'report_flow_settlement_line_update',
  'report_flow_header_update',
  'report_flow_line_update',
  'report_flow_item_update',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, tables_sql);
  for (const f of functions) await f.execute(db);
  await runSqlScript(db, triggers_sql);
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const schema = `"${rows[0].schema.replace(/"/g, '""')}"`;
  for (const f of FLOW_FUNCTIONS)
    await sql.raw(`alter function ${f}() security definer set search_path = ${schema}, pg_temp`).execute(db);
  await runSqlScript(
    db,
    `alter table report_flow_month enable row level security;
create policy company_isolation on report_flow_month to ${ROLE}
  using (comp_no = current_setting('app.comp_no', true)) with check (comp_no = current_setting('app.comp_no', true));
grant select, insert, update, delete on report_flow_month to ${ROLE};`,
  );
}
