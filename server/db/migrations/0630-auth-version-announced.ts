import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * The authority version (0380) announces itself (server/db/authority-watch.ts): a transaction that
 * changes the counter sends a notification on the channel gpms_authority, delivered by PostgreSQL to
 * every listening server at commit (one per transaction however many rows moved it: the payload is
 * the same, and PostgreSQL folds identical notifications of one transaction), so a server learns that
 * its kept caller answers are stale without reading the counter on each request; it reads the new
 * number then. The session that made the change is also told, by one notice per transaction, when it
 * asked for it (the setting gpms.authority_notice, set by the server's own connections): its server
 * then waits for every listening server to acknowledge the new number before the change is reported
 * done, so no server answers from the old authority after that.
 * An update of the counter itself (an operator's, a test's) announces too: the trigger is on it.
 */
const up_sql = `
-- One line: runSqlScript splits statements at a semicolon that ends a line.
create function announce_auth_version() returns trigger language plpgsql as $$ begin perform pg_notify('gpms_authority', ''); if current_setting('gpms.authority_notice', true) = 'on' and current_setting('gpms.authority_noticed', true) is distinct from 'on' then perform set_config('gpms.authority_noticed', 'on', true); raise notice 'gpms_authority'; end if; return null; end $$;

create trigger auth_version_announced after update on auth_version
  for each row when (new.version is distinct from old.version)
  execute function announce_auth_version();
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}
