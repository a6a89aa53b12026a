import { sql } from 'kysely';
import type { Db } from '../../../server/db/connect.js';

/** The role supplier statements run as, and the policy migration 0310 gives each company-owned table. */
export const SUPPLIER_ROLE = 'gpms_supplier';
export const POLICY = 'company_isolation';

/** Every base table of the current schema with a comp_no column: what the database calls company-owned. */
export async function tablesWithCompNo(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select c.relname as name
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attname = 'comp_no' and not a.attisdropped
     where n.nspname = current_schema() and c.relkind in ('r', 'p')
     order by c.relname`.execute(db);
  return rows.map((r) => r.name);
}

// pg_get_expr writes `((comp_no)::text = current_setting('app.comp_no'::text, true))` for a varchar
// column and without the cast for a text one: compared without casts, brackets and spaces.
const normal = (expr: string | null) => (expr ?? '').replace(/::[a-z ]+/g, '').replace(/[()\s]/g, '');
const EXPECTED = normal("comp_no = current_setting('app.comp_no', true)");

/**
 * What is wrong with row-level security in this database, one line per table: a company-owned
 * table without row-level security, without the company_isolation policy (for gpms_supplier, all
 * commands, `comp_no = current_setting('app.comp_no', true)` both ways), with another policy that
 * could widen it; and any table gpms_supplier may not read and write (supplier operations would fail).
 */
export async function rlsGaps(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string; hasCompNo: boolean; rls: boolean; privileges: boolean; policies: Array<{ name: string; cmd: string; permissive: boolean; roles: string[]; qual: string | null; check: string | null }> | null }>`
    select c.relname as name,
           exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'comp_no' and not a.attisdropped) as has_comp_no,
           c.relrowsecurity as rls,
           -- one by one: with a list, has_table_privilege answers whether any of them is held
           (has_table_privilege(${SUPPLIER_ROLE}, c.oid, 'SELECT') and has_table_privilege(${SUPPLIER_ROLE}, c.oid, 'INSERT')
             and has_table_privilege(${SUPPLIER_ROLE}, c.oid, 'UPDATE') and has_table_privilege(${SUPPLIER_ROLE}, c.oid, 'DELETE')) as privileges,
           (select json_agg(json_build_object(
                     'name', p.polname, 'cmd', p.polcmd, 'permissive', p.polpermissive,
                     'roles', (select coalesce(json_agg(case when r = 0 then 'public' else r::regrole::text end), '[]'::json) from unnest(p.polroles) r),
                     'qual', pg_get_expr(p.polqual, p.polrelid), 'check', pg_get_expr(p.polwithcheck, p.polrelid)))
              from pg_policy p where p.polrelid = c.oid) as policies
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = current_schema() and c.relkind in ('r', 'p')
     order by c.relname`.execute(db);
  const gaps: string[] = [];
  for (const t of rows) {
    if (!t.privileges) gaps.push(`${t.name}: ${SUPPLIER_ROLE} may not select, insert, update and delete`);
    if (!t.hasCompNo) continue;
    if (!t.rls) gaps.push(`${t.name}: row-level security is not enabled`);
    const policies = t.policies ?? [];
    const ours = policies.find((p) => p.name === POLICY);
    if (!ours) gaps.push(`${t.name}: no ${POLICY} policy`);
    else if (ours.cmd !== '*' || !ours.permissive || !ours.roles.includes(SUPPLIER_ROLE) || normal(ours.qual) !== EXPECTED || normal(ours.check) !== EXPECTED) {
      gaps.push(`${t.name}: ${POLICY} is not "for all to ${SUPPLIER_ROLE} using/with check (comp_no = current_setting('app.comp_no', true))"`);
    }
    for (const p of policies) {
      if (p.name !== POLICY && p.permissive && (p.roles.includes(SUPPLIER_ROLE) || p.roles.includes('public'))) gaps.push(`${t.name}: policy ${p.name} may widen what ${SUPPLIER_ROLE} sees`);
    }
  }
  return gaps;
}
