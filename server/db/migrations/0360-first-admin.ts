import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * A production start with no known password: the first administrator of an empty
 * production database signs in with a one-time setup code printed to the server's console, then
 * chooses a password (server/modules/first-start). Only the code's SHA-256 is kept; it is spent by the
 * password change and expires (a restart prints a new one while the administrator has no password).
 */
const up_sql = `
create table setup_code (
  user_id    varchar(50) primary key references app_user(user_id) on delete cascade,
  code_hash  char(64) not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at    timestamptz
);
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}
