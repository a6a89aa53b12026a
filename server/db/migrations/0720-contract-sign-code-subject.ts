import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * A one-time code may name what it was asked for (`subject`): a contract's signing code names the
 * contract, so it signs that contract only (docs/contracts.md). Null for the login, reset and
 * phone codes, which stay bound to the user and purpose alone.
 */
const up_sql = `
alter table otp_code add column subject varchar(40);
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}
