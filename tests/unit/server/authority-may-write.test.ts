// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { mayWrite } from '../../../server/db/authority-watch.js';

/**
 * On the embedded database a statement that may write makes the authority version unknown until a
 * request reads it again (authority-watch.ts): a read taken for a write costs that one read, a write
 * taken for a read would keep a revoked caller's answers, so only what surely reads passes.
 */
describe('which statements may move the authority version (PGlite)', () => {
  it('plain reads and WITH queries that only read do not', () => {
    expect(mayWrite('select "version" from "auth_version" where "id" = $1')).toBe(false);
    expect(
      mayWrite(
        'with "k" as (select "l"."wh_req_no" from "wh_receipt" as "r" order by "r"."updated_at" desc limit 10) select "r"."wh_req_no" from "k" inner join "wh_receipt" as "r" on "r"."wh_req_no" = "k"."wh_req_no"',
      ),
    ).toBe(false);
    expect(mayWrite('  WITH recursive t(n) as (select 1) select n from t')).toBe(false);
  });

  it('writes, locks, transaction control and WITH queries with a writing part do', () => {
    expect(mayWrite('insert into "menu_auth" ("pgm_id") values ($1)')).toBe(true);
    expect(mayWrite('update "auth_group" set "use_yn" = $1')).toBe(true);
    expect(mayWrite('delete from "user_session" where "session_id" = $1')).toBe(true);
    expect(mayWrite('begin')).toBe(true);
    expect(mayWrite('commit')).toBe(true);
    expect(mayWrite('select "user_id" from "app_user" where "user_id" = $1 for update')).toBe(true);
    expect(mayWrite('with d as (delete from "menu_auth" where "pgm_id" = $1 returning 1) select count(*) from d')).toBe(
      true,
    );
    expect(mayWrite('with u as (update "app_user" set "locked" = true returning 1) select 1')).toBe(true);
    expect(mayWrite('with x as (select 1) insert into "menu" select * from x')).toBe(true);
    expect(mayWrite('with x as (select 1) merge into "menu" m using x on false when not matched then do nothing')).toBe(
      true,
    );
    expect(mayWrite('with x as (select 1 from "app_user" for share) select 1 from x')).toBe(true);
  });
});
