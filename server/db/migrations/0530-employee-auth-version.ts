import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * The caller's employee row in the kept authentication answer (server/auth/caller-cache.ts):
 * an internal caller's name, section and department (what `internalActor` gives a handler, and what a
 * PR list's department or section scope filters by) are read with the session and kept while the
 * authority version (0380) stands. So the version also moves, at commit, when an employee row is
 * removed, when its name, section or department changes, and when a user is linked to another
 * employee: a server never scopes a list by a department its caller has left. An employee row added
 * does not move it: a kept answer without an employee row is not used for one (`internalActor` reads
 * it then), and a seed that adds employees and then alters a table referring to them in one
 * transaction could not (PostgreSQL refuses ALTER TABLE with trigger events pending).
 */
const up_sql = `
create constraint trigger employee_auth_version after update on employee
  deferrable initially deferred for each row
  when (old.singleid is distinct from new.singleid or old.hname is distinct from new.hname
        or old.section is distinct from new.section or old.deptcd is distinct from new.deptcd)
  execute function bump_auth_version();
create constraint trigger employee_removed_auth_version after delete on employee
  deferrable initially deferred for each row
  execute function bump_auth_version();
create constraint trigger app_user_employee_auth_version after update on app_user
  deferrable initially deferred for each row
  when (old.singleid is distinct from new.singleid)
  execute function bump_auth_version();
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(db, up_sql);
}
