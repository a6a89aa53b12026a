import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * An order's lines and change history have no comp_no of their own: the company is their order's.
 * The supplier role reads both and advances a line's delivered quantity, so without a policy a
 * supplier statement that named another company's order number reached its lines at the database,
 * whatever the server's own checks did. Each gets a policy through its order (the primary key
 * lookup of po_header), the same isolation as the company-owned tables' (0310), for every command.
 */
const through_order = (table: string) => `
alter table ${table} enable row level security;
create policy company_isolation_via_order on ${table} to gpms_supplier
  using (exists (select 1 from po_header h where h.po_no = ${table}.po_no and h.comp_no = current_setting('app.comp_no', true)))
  with check (exists (select 1 from po_header h where h.po_no = ${table}.po_no and h.comp_no = current_setting('app.comp_no', true)));
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, through_order('po_line') + through_order('po_change'));
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(
    db,
    ['po_line', 'po_change']
      .map(
        (t) =>
          `drop policy if exists company_isolation_via_order on ${t};\nalter table ${t} disable row level security;\n`,
      )
      .join(''),
  );
}
