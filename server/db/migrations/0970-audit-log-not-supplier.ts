import { sql, type Kysely } from 'kysely';

/**
 * The contracting half of the audit log's move off the supplier's connection (docs/operations.md "Upgrades"):
 * since the previous release the server writes and reads `audit_log` as the owner in the caller's transaction
 * (server/db/audit.ts), so no server of that release or later touches it as `gpms_supplier`. The log has no
 * company column and no policy: a supplier's raw SQL must not reach it at all.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`revoke all on audit_log from gpms_supplier`.execute(db);
  await sql`revoke all on sequence audit_log_id_seq from gpms_supplier`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`grant select, insert on audit_log to gpms_supplier`.execute(db);
  await sql`grant usage, select on sequence audit_log_id_seq to gpms_supplier`.execute(db);
}
