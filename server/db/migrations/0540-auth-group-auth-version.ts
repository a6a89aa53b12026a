import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * A deactivated authority group (auth_group.use_yn = 'N') grants nothing: the caller check, the menu
 * tree and the screen checks read the group's flag (server/auth/sessions.ts, menu-authority.ts). An
 * answer kept while the authority version (0380) stands must therefore not outlive a change of the
 * flag: the version moves, at commit, when a group is switched on or off, changes portal or id, or is
 * removed, whichever server made the change. A change of name, description or order does not move it.
 */
const up_sql = `
create constraint trigger auth_group_auth_version after update on auth_group
  deferrable initially deferred for each row
  when (old.use_yn is distinct from new.use_yn or old.portal is distinct from new.portal
        or old.auth_group_id is distinct from new.auth_group_id)
  execute function bump_auth_version();
create constraint trigger auth_group_removed_auth_version after delete on auth_group
  deferrable initially deferred for each row
  execute function bump_auth_version();
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}
