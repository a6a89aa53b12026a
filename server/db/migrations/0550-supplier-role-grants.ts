import { sql, type Kysely } from 'kysely';

/**
 * The supplier role holds only what supplier statements use (docs/security.md "Supplier isolation
 * in two layers"). Migration 0310 granted gpms_supplier every table, so a raw fragment on a supplier's
 * connection could read the signing keys, sessions, refresh tokens, menu grants, tender keys or the
 * access log. From here:
 *
 * - company-owned tables (a comp_no column; row-level security limits them to the company): read and write;
 * - reference data the supplier queries join, read only (REFERENCE);
 * - three shared tables a supplier's write touches, only as far as it does (WRITES);
 * - nothing else: every secret, session, authority and sealing table is refused. The server's own
 *   statements about a supplier (its menu grants, sessions, login counters, a tender's key, which
 *   documents hold a file) run as the owner (company-scope.ts `asOwner`).
 *
 * The list was taken from every statement supplier requests made in the API tests and the
 * authorization matrix; tests/api/security/rls.test.ts holds the same list and fails on any difference.
 * No default privileges: a new table is refused until its migration grants it (a company-owned one
 * gets its policy and grant together).
 *
 * Written out here, not imported: a migration must not change when the code does.
 */
const ROLE = 'gpms_supplier';

const REFERENCE = [
  'auction',
  'auction_line',
  'auth_group',
  'board_post',
  'business_section',
  'code',
  'code_group',
  'department',
  'employee',
  'eva_period',
  'file_entry',
  'item',
  'item_attribute',
  'item_attribute_value',
  'item_category',
  'po_change',
  'rfq_header',
  'rfq_line',
  'rfq_notice',
  'sat_question',
  'sat_survey',
  'sourcing_group',
  'stored_screen',
  'stored_screen_version',
  'tender',
  'tender_line',
  'unit',
  'unit_conversion',
];

const WRITES: ReadonlyArray<[table: string, privileges: string]> = [
  // A supplier's change history (document audit rows), written and read back, never changed.
  ['audit_log', 'select, insert'],
  // Document numbers a supplier's document takes (quotation, delivery, …).
  ['document_sequence', 'select, insert, update'],
  // A delivery advances its order lines' delivered quantity; nothing else of an order line.
  ['po_line', 'select, update (delivered_qty)'],
];

/**
 * Triggers on tables a supplier writes (an order acknowledged, a delivery's quantities, a user locked by
 * its company's administrator) that write a table of the staff side (the report's dirty months, the
 * authority version): they run as the owner, so the role needs no grant on that table. A fixed
 * search_path, as any SECURITY DEFINER function should have.
 */
const OWNER_TRIGGERS = [
  'bump_auth_version',
  'report_mark_header_insert',
  'report_mark_header_delete',
  'report_mark_header_update',
  'report_mark_line_insert',
  'report_mark_line_delete',
  'report_mark_line_update',
  'report_mark_item_update',
];

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function companyOwnedTables(db: Kysely<unknown>): Promise<string[]> {
  const { rows } = await sql<{ table: string }>`
    select c.relname as table
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attname = 'comp_no' and not a.attisdropped
     where n.nspname = current_schema() and c.relkind in ('r', 'p')
     order by c.relname`.execute(db);
  return rows.map((r) => r.table);
}

/** The sequences behind the serial and identity columns of these tables (an insert takes nextval). */
async function sequencesOf(db: Kysely<unknown>, tables: string[]): Promise<string[]> {
  if (tables.length === 0) return [];
  const { rows } = await sql<{ seq: string }>`
    select distinct s.relname as seq
      from pg_depend d
      join pg_class s on s.oid = d.objid and s.relkind = 'S'
      join pg_class t on t.oid = d.refobjid
      join pg_namespace n on n.oid = t.relnamespace
     where d.classid = 'pg_class'::regclass and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i')
       and n.nspname = current_schema() and t.relname in (${sql.join(tables)})
     order by 1`.execute(db);
  return rows.map((r) => r.seq);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const schema = quoteIdent(rows[0].schema);
  const statements = [
    `alter default privileges in schema ${schema} revoke all on tables from ${ROLE}`,
    `alter default privileges in schema ${schema} revoke all on sequences from ${ROLE}`,
    `revoke all on all tables in schema ${schema} from ${ROLE}`,
    `revoke all on all sequences in schema ${schema} from ${ROLE}`,
  ];
  const owned = await companyOwnedTables(db);
  for (const t of owned) statements.push(`grant select, insert, update, delete on ${quoteIdent(t)} to ${ROLE}`);
  for (const t of REFERENCE) statements.push(`grant select on ${quoteIdent(t)} to ${ROLE}`);
  for (const [t, privileges] of WRITES) statements.push(`grant ${privileges} on ${quoteIdent(t)} to ${ROLE}`);
  const inserted = [...owned, ...WRITES.filter(([, p]) => p.includes('insert')).map(([t]) => t)];
  for (const s of await sequencesOf(db, inserted))
    statements.push(`grant usage, select on sequence ${quoteIdent(s)} to ${ROLE}`);
  for (const f of OWNER_TRIGGERS)
    statements.push(`alter function ${quoteIdent(f)}() security definer set search_path = ${schema}, pg_temp`);
  for (const s of statements) await sql.raw(s).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const schema = quoteIdent(rows[0].schema);
  for (const s of [
    `grant select, insert, update, delete on all tables in schema ${schema} to ${ROLE}`,
    `grant usage, select, update on all sequences in schema ${schema} to ${ROLE}`,
    `alter default privileges in schema ${schema} grant select, insert, update, delete on tables to ${ROLE}`,
    `alter default privileges in schema ${schema} grant usage, select, update on sequences to ${ROLE}`,
    ...OWNER_TRIGGERS.map((f) => `alter function ${quoteIdent(f)}() security invoker reset search_path`),
  ]) {
    await sql.raw(s).execute(db);
  }
}
