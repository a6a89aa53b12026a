import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { formRequest, latestCode, loginAs } from '../../helpers/login.js';

/**
 * The password reset is one write: the code is used, the password set and the user's sessions
 * ended together, or none of it. A failure half-way (here: ending the sessions refused by a
 * trigger) leaves the old password, the old sessions and an unused code.
 */
describe('password reset in one transaction', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('a failure while ending the sessions keeps the old password and the code', async () => {
    const before = await loginAs(t.app, 'opadmin');
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/auth/api/password/reset-code?systemId=GPMS&loginUser.login=opadmin',
        })
      ).statusCode,
    ).toBe(200);
    const code = await latestCode(t.app);
    const hashBefore = (
      await t.db.db
        .selectFrom('appUser')
        .select('passwordHash')
        .where('userId', '=', 'opadmin')
        .executeTakeFirstOrThrow()
    ).passwordHash;
    const reset = () =>
      t.app.inject({
        method: 'POST',
        url: '/auth/api/password/reset',
        ...formRequest({
          systemId: 'GPMS',
          'loginUser.login': 'opadmin',
          token: code,
          password: 'Newpass!2026',
          passwordCheck: 'Newpass!2026',
        }),
      });

    await sql`create function refuse_session_end() returns trigger language plpgsql as $$ begin raise exception 'sessions cannot end now'; end $$`.execute(
      t.db.db,
    );
    await sql`create trigger refuse_session_end before update on user_session for each statement execute function refuse_session_end()`.execute(
      t.db.db,
    );
    let failed;
    try {
      failed = await reset();
    } finally {
      await sql`drop trigger refuse_session_end on user_session`.execute(t.db.db);
      await sql`drop function refuse_session_end()`.execute(t.db.db);
    }
    expect(failed.statusCode).toBe(500);
    const after = await t.db.db
      .selectFrom('appUser')
      .select('passwordHash')
      .where('userId', '=', 'opadmin')
      .executeTakeFirstOrThrow();
    expect(after.passwordHash).toBe(hashBefore);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/menus', headers: before.headers })).statusCode).toBe(200);

    // Nothing was written, so the same code still resets the password.
    expect((await reset()).json()).toEqual({ code: 'OK' });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/menus', headers: before.headers })).json().code).toBe(
      'GPMS005',
    );
    await expect(loginAs(t.app, 'opadmin', 'Newpass!2026')).resolves.toMatchObject({ userId: 'opadmin' });
  });
});
