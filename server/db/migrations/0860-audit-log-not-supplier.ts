import { sql, type Kysely } from 'kysely';

/**
 * audit_log is no longer the supplier role's (docs/security.md "Supplier isolation in two layers").
 * Migration 0550 let gpms_supplier read and insert it so that a supplier's change wrote its audit
 * row on the supplier's connection — but the log has no company column and no policy, so a raw
 * fragment on that connection could read every company's history (and the staff's) or write rows
 * naming anyone. The server now writes (`writeAudit`) and reads (`loadHistory`) the log as the owner
 * in the same transaction, after loading the document through the caller's scope.
 */
const ROLE = 'gpms_supplier';

async function auditSequences(db: Kysely<unknown>): Promise<string[]> {
  const { rows } = await sql<{ seq: string }>`
    select s.relname as seq
      from pg_depend d
      join pg_class s on s.oid = d.objid and s.relkind = 'S'
      join pg_class t on t.oid = d.refobjid
      join pg_namespace n on n.oid = t.relnamespace
     where d.classid = 'pg_class'::regclass and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i')
       and n.nspname = current_schema() and t.relname = 'audit_log'`.execute(db);
  return rows.map((r) => r.seq);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`revoke all on audit_log from ${ROLE}`).execute(db);
  for (const s of await auditSequences(db)) await sql.raw(`revoke all on sequence "${s}" from ${ROLE}`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`grant select, insert on audit_log to ${ROLE}`).execute(db);
  for (const s of await auditSequences(db))
    await sql.raw(`grant usage, select on sequence "${s}" to ${ROLE}`).execute(db);
}
