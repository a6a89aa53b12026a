import { sql, type Kysely } from 'kysely';

/**
 * Row-level security for supplier requests (docs/security.md "Supplier isolation
 * in two layers"). The Kysely plugin (server/db/company-scope.ts) rewrites what it can read; a raw
 * `sql` fragment passes it by. From here a supplier's statements run as the role gpms_supplier
 * with `app.comp_no` set (server/db/supplier-role.ts), and every company-owned table lets that role
 * see and write only rows whose comp_no is that company.
 *
 * Company-owned = every base table of this schema with a comp_no column, read from the catalogue
 * when this migration runs (40 tables; tests/api/security/rls.test.ts checks the list against the
 * plugin's COMPANY_OWNED_TABLES and fails naming a table without its policy). A later migration
 * adding such a table writes the two statements of `policyFor` itself (docs/security.md).
 *
 * Written out here, not imported: a migration must not change when the code does.
 */
const ROLE = 'gpms_supplier';

// Roles belong to the cluster, not the database: every database (and every test database) of a
// cluster shares one. Concurrent migrations of two databases may both try to create it.
const createRole = `
do $$
begin
  if not exists (select 1 from pg_roles where rolname = '${ROLE}') then
    begin
      create role ${ROLE} nologin;
    exception when duplicate_object or unique_violation then null;
    end;
  end if;
  -- SET ROLE needs membership (a superuser needs none). A deployment whose user may not create
  -- or grant roles has its administrator create the role and grant it first (docs/deployment.md).
  if not pg_has_role(current_user, '${ROLE}', 'MEMBER') then
    execute format('grant ${ROLE} to %I', current_user);
  end if;
end $$`;

// What supplier operations need: reading and writing rows. The role owns nothing, so it cannot
// alter or drop a table, and gets no TRUNCATE (which row-level security does not cover).
const grants = (schema: string) => [
  `grant usage on schema ${schema} to ${ROLE}`,
  `grant select, insert, update, delete on all tables in schema ${schema} to ${ROLE}`,
  `grant usage, select, update on all sequences in schema ${schema} to ${ROLE}`,
  `alter default privileges in schema ${schema} grant select, insert, update, delete on tables to ${ROLE}`,
  `alter default privileges in schema ${schema} grant usage, select, update on sequences to ${ROLE}`,
];

const policyFor = (table: string) => [
  `alter table ${table} enable row level security`,
  `create policy company_isolation on ${table} to ${ROLE}
     using (comp_no = current_setting('app.comp_no', true))
     with check (comp_no = current_setting('app.comp_no', true))`,
];

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

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(createRole).execute(db);
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  for (const statement of grants(quoteIdent(rows[0].schema))) await sql.raw(statement).execute(db);
  for (const table of await companyOwnedTables(db)) {
    for (const statement of policyFor(quoteIdent(table))) await sql.raw(statement).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of await companyOwnedTables(db)) {
    await sql.raw(`drop policy if exists company_isolation on ${quoteIdent(table)}`).execute(db);
    await sql.raw(`alter table ${quoteIdent(table)} disable row level security`).execute(db);
  }
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const schema = quoteIdent(rows[0].schema);
  await sql.raw(`alter default privileges in schema ${schema} revoke all on tables from ${ROLE}`).execute(db);
  await sql.raw(`alter default privileges in schema ${schema} revoke all on sequences from ${ROLE}`).execute(db);
  await sql.raw(`revoke all on all tables in schema ${schema} from ${ROLE}`).execute(db);
  await sql.raw(`revoke all on all sequences in schema ${schema} from ${ROLE}`).execute(db);
  await sql.raw(`revoke usage on schema ${schema} from ${ROLE}`).execute(db);
  // The role stays: it belongs to the cluster, where other databases may use it.
}
