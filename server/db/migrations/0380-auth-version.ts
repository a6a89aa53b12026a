import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * The authority version (server/auth/caller-cache.ts): one counter that every
 * change able to alter a request's authentication answer raises in the same transaction — a session
 * ended or shortened or removed; a user disabled, locked, moved to another group or company, or
 * removed; any change to menus or to a group's menu authority. A server may then keep that answer
 * and reuse it while the counter has not moved: reading one row instead of joining session, user,
 * menu and menu authority on every request, and still never serving a revoked session or a removed
 * menu, whichever server made the change.
 *
 * The counter moves at commit (deferred constraint triggers), with the change itself: a reader never
 * sees the new number before the new rows, so it cannot keep old rows under the new number. Taking
 * the counter's row lock last, at commit, also keeps it out of lock cycles with the rows a
 * transaction changed before it. A token refresh (which only lengthens a session) does not move it.
 */
const up_sql = `
create table auth_version (
  id      smallint primary key default 1 check (id = 1),
  version bigint not null default 0
);
insert into auth_version (id, version) values (1, 0);

-- One line: runSqlScript splits statements at a semicolon that ends a line.
create function bump_auth_version() returns trigger language plpgsql as $$ begin update auth_version set version = version + 1 where id = 1; return null; end $$;

create constraint trigger user_session_ended_auth_version after update on user_session
  deferrable initially deferred for each row
  when (old.ended_at is null and (new.ended_at is not null or new.expired_date < old.expired_date or new.user_id <> old.user_id or new.portal <> old.portal))
  execute function bump_auth_version();
create constraint trigger user_session_removed_auth_version after delete on user_session
  deferrable initially deferred for each row
  when (old.ended_at is null)
  execute function bump_auth_version();

create constraint trigger app_user_auth_version after update on app_user
  deferrable initially deferred for each row
  when (old.use_flag is distinct from new.use_flag or old.locked_at is distinct from new.locked_at
        or old.auth_group_id is distinct from new.auth_group_id or old.comp_no is distinct from new.comp_no
        or old.user_id is distinct from new.user_id)
  execute function bump_auth_version();
create constraint trigger app_user_removed_auth_version after delete on app_user
  deferrable initially deferred for each row
  execute function bump_auth_version();

create constraint trigger menu_auth_version after insert or update or delete on menu
  deferrable initially deferred for each row
  execute function bump_auth_version();

create constraint trigger menu_auth_auth_version after insert or update or delete on menu_auth
  deferrable initially deferred for each row
  execute function bump_auth_version();
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}
