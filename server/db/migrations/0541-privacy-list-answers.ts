import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * What each personal-data list answered a session (docs/privacy.md › Downloads ask why): the largest
 * row count (the list's `total`, or its rows) a list of the registry answered to that session. A
 * download the browser records (POST /api/v1/privacy/downloads) may name at most that many rows, so
 * the access log cannot be fed a download of rows the caller was never given. Every server on the
 * database sees the same rows; they go with their session.
 */
const up_sql = `
create table privacy_list_answer (
  session_id  varchar(40) not null references user_session(session_id) on delete cascade,
  operation   varchar(100) not null,
  row_count   integer not null check (row_count >= 0),
  answered_at timestamptz not null default now(),
  primary key (session_id, operation)
);
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}
