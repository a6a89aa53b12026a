import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * The stored screen a write came from (`studio.<name>@v<N>`, the request's X-Studio-Screen mark,
 * server/http/studio-marks.ts): an audit row then says which screen and version the user pressed,
 * beside who they are (docs/studio.md "Authority and audit"). Null for every other write.
 */
const up_sql = `
alter table audit_log add column via_screen varchar(60);
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}
