import { sql } from 'kysely';
import type { Db } from '../../../server/db/connect.js';

/** The role supplier statements run as, and the policy migration 0310 gives each company-owned table. */
export const SUPPLIER_ROLE = 'gpms_supplier';
export const POLICY = 'company_isolation';
/** Tables without comp_no whose company is their order's (migration 0565): isolated through po_header. */
export const THROUGH_ORDER = ['po_change', 'po_line'];
export const ORDER_POLICY = 'company_isolation_via_order';

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
 * What the supplier role may do, table by table (migration 0550), as `privilegesOf` writes it: the
 * company-owned tables in full, under row-level security; the reference data supplier queries join,
 * read only; three shared tables as far as a supplier's write touches them. Every other table is
 * refused — none of the secrets, sessions, authority or sealing tables may appear here. Taken from
 * the statements supplier requests made in the API tests (tests/api/supplier-view, purchase,
 * fulfilment, bidding, suppliers, portal-users, …) and the authorization matrix.
 */
export const SUPPLIER_REFERENCE = [
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
  // The 기준 지표 a supplier's agreement names in its 납품대금 연동 clause (migration 1121).
  'linkage_index',
  'linkage_index_value',
  'po_change',
  // The holiday calendar a supplier's invoice answers its deadline by (migration 0941).
  'public_holiday',
  'public_holiday_year',
  'rfq_header',
  'rfq_line',
  'rfq_notice',
  'sat_question',
  'sat_survey',
  'sourcing_group',
  'stored_screen',
  // The FTC's dated rates a supplier's settlement detail computes its 지연이자 and 어음 fee by (migration 1120).
  'subcon_rate',
  'stored_screen_version',
  'tender',
  'tender_line',
  'unit',
  'unit_conversion',
];
export const SUPPLIER_WRITES: Readonly<Record<string, string>> = {
  document_sequence: 'select, insert, update',
  po_line: 'select, update (delivered_qty)',
};
export function supplierGrants(companyOwned: readonly string[]): Record<string, string> {
  const grants: Record<string, string> = {};
  for (const t of companyOwned) grants[t] = 'select, insert, update, delete';
  for (const t of SUPPLIER_REFERENCE) grants[t] = 'select';
  Object.assign(grants, SUPPLIER_WRITES);
  return Object.fromEntries(Object.entries(grants).sort(([a], [b]) => a.localeCompare(b)));
}

/** Tables that hold secrets, sessions, authority or sealing: the supplier role must never reach them. */
export const REFUSED_TO_SUPPLIER = [
  'signing_key',
  'server_secret',
  'setup_code',
  'otp_code',
  'oidc_login',
  'user_session',
  'refresh_token',
  'login_throttle',
  'rate_limit_counter',
  'auth_version',
  'menu',
  'menu_auth',
  'menu_log',
  'tender_key',
  'tender_opening',
  'personal_data_access_log',
  'dev_outbox',
  'job_state',
  'job_run',
  'export_job',
  // Written as the owner since the release before migration 0970, which revoked the supplier's grant.
  'audit_log',
];

const PRIVILEGES = ['select', 'insert', 'update', 'delete', 'truncate', 'references', 'trigger'] as const;

/** What gpms_supplier may do on each table of the schema that it may do anything on: `select, update (col)`. */
export async function privilegesOf(db: Db): Promise<Record<string, string>> {
  const { rows } = await sql<{
    name: string;
    held: string[];
    columns: Array<{ privilege: string; column: string }> | null;
  }>`
    select c.relname as name,
           array(select p from unnest(${sql.val([...PRIVILEGES])}::text[]) with ordinality u(p, i)
                  where has_table_privilege(${SUPPLIER_ROLE}, c.oid, p) order by i) as held,
           (select json_agg(json_build_object('privilege', p, 'column', a.attname) order by p, a.attnum)
              from pg_attribute a, unnest(array['select', 'insert', 'update']) p
             where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
               and has_column_privilege(${SUPPLIER_ROLE}, c.oid, a.attnum, p)
               and not has_table_privilege(${SUPPLIER_ROLE}, c.oid, p)) as columns
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = current_schema() and c.relkind in ('r', 'p')
     order by c.relname`.execute(db);
  const out: Record<string, string> = {};
  for (const t of rows) {
    const parts: string[] = [...t.held];
    for (const p of ['select', 'insert', 'update']) {
      const cols = (t.columns ?? []).filter((c) => c.privilege === p).map((c) => c.column);
      if (cols.length) parts.push(`${p} (${cols.join(', ')})`);
    }
    if (parts.length) out[t.name] = parts.join(', ');
  }
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
}

/**
 * What is wrong with row-level security in this database, one line per table: a company-owned
 * table without row-level security, without the company_isolation policy (for gpms_supplier, all
 * commands, `comp_no = current_setting('app.comp_no', true)` both ways), with another policy that
 * could widen it; and any table where gpms_supplier holds more or less than `supplierGrants` says.
 */
export async function rlsGaps(db: Db): Promise<string[]> {
  const { rows } = await sql<{
    name: string;
    hasCompNo: boolean;
    rls: boolean;
    policies: Array<{
      name: string;
      cmd: string;
      permissive: boolean;
      roles: string[];
      qual: string | null;
      check: string | null;
    }> | null;
  }>`
    select c.relname as name,
           exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'comp_no' and not a.attisdropped) as has_comp_no,
           c.relrowsecurity as rls,
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
  const expected = supplierGrants(rows.filter((t) => t.hasCompNo).map((t) => t.name));
  const held = await privilegesOf(db);
  for (const t of rows) {
    if ((held[t.name] ?? '') !== (expected[t.name] ?? ''))
      gaps.push(
        `${t.name}: ${SUPPLIER_ROLE} holds "${held[t.name] ?? 'nothing'}", should hold "${expected[t.name] ?? 'nothing'}"`,
      );
    if (THROUGH_ORDER.includes(t.name)) {
      if (!t.rls) gaps.push(`${t.name}: row-level security is not enabled`);
      if (!(t.policies ?? []).some((p) => p.name === ORDER_POLICY && p.cmd === '*' && p.roles.includes(SUPPLIER_ROLE)))
        gaps.push(`${t.name}: no ${ORDER_POLICY} policy`);
    }
    if (!t.hasCompNo) continue;
    if (!t.rls) gaps.push(`${t.name}: row-level security is not enabled`);
    const policies = t.policies ?? [];
    const ours = policies.find((p) => p.name === POLICY);
    if (!ours) gaps.push(`${t.name}: no ${POLICY} policy`);
    else if (
      ours.cmd !== '*' ||
      !ours.permissive ||
      !ours.roles.includes(SUPPLIER_ROLE) ||
      normal(ours.qual) !== EXPECTED ||
      normal(ours.check) !== EXPECTED
    ) {
      gaps.push(
        `${t.name}: ${POLICY} is not "for all to ${SUPPLIER_ROLE} using/with check (comp_no = current_setting('app.comp_no', true))"`,
      );
    }
    for (const p of policies) {
      if (p.name !== POLICY && p.permissive && (p.roles.includes(SUPPLIER_ROLE) || p.roles.includes('public')))
        gaps.push(`${t.name}: policy ${p.name} may widen what ${SUPPLIER_ROLE} sees`);
    }
  }
  for (const name of Object.keys(expected))
    if (!rows.some((t) => t.name === name))
      gaps.push(`${name}: granted to ${SUPPLIER_ROLE} by the list, but no such table`);
  // A trigger runs as whoever wrote the row: on a table the role writes, one that writes elsewhere
  // (the report's dirty months, the authority version) must run as the owner.
  const { rows: triggers } = await sql<{ table: string; trigger: string; fn: string; definer: boolean }>`
    select c.relname as table, t.tgname as trigger, p.proname as fn, p.prosecdef as definer
      from pg_trigger t
      join pg_class c on c.oid = t.tgrelid
      join pg_namespace n on n.oid = c.relnamespace
      join pg_proc p on p.oid = t.tgfoid
     where n.nspname = current_schema() and not t.tgisinternal
     order by 1, 2`.execute(db);
  for (const t of triggers) {
    if (/insert|update|delete/.test(held[t.table] ?? '') && !t.definer)
      gaps.push(`${t.table}: trigger ${t.trigger} runs ${t.fn}() as ${SUPPLIER_ROLE} (not SECURITY DEFINER)`);
  }
  return gaps;
}
