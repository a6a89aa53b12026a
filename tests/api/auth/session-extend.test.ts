import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { formRequest, loginAs, type LoggedIn } from '../../helpers/login.js';

/**
 * KWCAG 6.2.1 (WCAG 2.2.1 timing adjustable): a session is extended by SESSION_TTL from now,
 * never beyond SESSION_MAX_TTL from its login. Here one hour and two hours; time passing is
 * played by moving the session's dates in the database.
 */
const TTL = 3600;
const MAX_TTL = 7200;

describe('POST /auth/api/session/extend', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { sessionTtlSec: TTL, sessionMaxTtlSec: MAX_TTL } });
  });
  afterAll(() => t.close());

  const extend = (who: { headers: Record<string, string> }) =>
    t.app.inject({ method: 'POST', url: '/auth/api/session/extend', headers: who.headers });
  const verify = (access: string, refresh: string) =>
    t.app.inject({
      method: 'GET',
      url: '/auth/api/verify',
      headers: { authorization: `Bearer ${access}`, refreshtoken: refresh, iscyberurl: 'N' },
    });
  const sessionOf = async (who: LoggedIn) => {
    const claims = await (await t.app.auth.tokens()).verify(who.accessToken, { allowExpired: true });
    return t.db.db
      .selectFrom('userSession')
      .select(['sessionId', 'createdDate', 'expiredDate'])
      .where('sessionId', '=', claims.sessionId)
      .executeTakeFirstOrThrow();
  };
  /** As if the login happened `agoSec` ago and the session ends in `leftSec`: the session and its refresh tokens. */
  const moveDates = async (sessionId: string, agoSec: number, leftSec: number) => {
    const expiredDate = new Date(Date.now() + leftSec * 1000);
    await t.db.db
      .updateTable('userSession')
      .set({ createdDate: new Date(Date.now() - agoSec * 1000), expiredDate })
      .where('sessionId', '=', sessionId)
      .execute();
    await t.db.db
      .updateTable('refreshToken')
      .set({ expiresAt: expiredDate })
      .where('sessionId', '=', sessionId)
      .execute();
  };
  const near = (actual: number, expected: number) => expect(Math.abs(actual - expected)).toBeLessThan(5_000);

  it('extends the caller’s session SESSION_TTL from now, moves its refresh token along and audits it', async () => {
    const who = await loginAs(t.app, 'buyer');
    const { sessionId } = await sessionOf(who);
    await moveDates(sessionId, 3000, 600);
    const res = await extend(who);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ code: 'OK', extended: true });
    near(Date.parse(body.sessionExpiresAt), Date.now() + TTL * 1000);
    near(Date.parse(body.sessionLimitAt), Date.now() - 3000_000 + MAX_TTL * 1000);
    const row = await sessionOf(who);
    expect(row.expiredDate).toBe(body.sessionExpiresAt);
    const refresh = await t.db.db
      .selectFrom('refreshToken')
      .select('expiresAt')
      .where('sessionId', '=', sessionId)
      .where('usedAt', 'is', null)
      .executeTakeFirstOrThrow();
    expect(refresh.expiresAt).toBe(body.sessionExpiresAt);
    const audit = await t.db.db
      .selectFrom('auditLog')
      .select(['action', 'actor', 'afterData'])
      .where('entityKey', '=', sessionId)
      .where('action', '=', 'SESSION_EXTEND')
      .executeTakeFirstOrThrow();
    expect(audit.actor).toBe('buyer');
    expect(JSON.stringify(audit.afterData)).toContain(body.sessionExpiresAt);
  });

  it('stops at the absolute limit from login, and says when nothing more can be given', async () => {
    const who = await loginAs(t.app, 'operator');
    const { sessionId } = await sessionOf(who);
    await moveDates(sessionId, 6000, 60);
    const first = (await extend(who)).json();
    const limit = Date.parse((await sessionOf(who)).createdDate) + MAX_TTL * 1000;
    expect(first).toMatchObject({ code: 'OK', extended: true });
    expect(Date.parse(first.sessionExpiresAt)).toBe(limit);
    expect(Date.parse(first.sessionLimitAt)).toBe(limit);
    const again = await extend(who);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ extended: false, sessionExpiresAt: first.sessionExpiresAt });
    expect(Date.parse((await sessionOf(who)).expiredDate)).toBe(limit);
  });

  it('refuses a logged-out session and an expired one', async () => {
    const out = await loginAs(t.app, 'monitor');
    await t.app.inject({ method: 'POST', url: '/auth/api/logout', ...formRequest({ AccessToken: out.accessToken }) });
    const afterLogout = await extend(out);
    expect(afterLogout.statusCode).toBe(401);
    expect(afterLogout.json().code).toBe('GPMS005');

    const late = await loginAs(t.app, 'tfadmin');
    const { sessionId } = await sessionOf(late);
    await moveDates(sessionId, 4000, -1);
    const expired = await extend(late);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('GPMS005');
    expect(Date.parse((await sessionOf(late)).expiredDate)).toBeLessThan(Date.now());
  });

  it('extends only the caller’s own session: a token naming another user’s session is refused', async () => {
    const victim = await loginAs(t.app, 'uadmin3');
    const other = await loginAs(t.app, 'admin');
    const victimSession = await sessionOf(victim);
    expect((await extend(other)).statusCode).toBe(200);
    expect(Date.parse((await sessionOf(victim)).expiredDate)).toBe(Date.parse(victimSession.expiredDate));

    const user = await t.db.db
      .selectFrom('appUser')
      .select(['authGroupId', 'compNo'])
      .where('userId', '=', 'admin')
      .executeTakeFirstOrThrow();
    const forged = await (
      await t.app.auth.tokens()
    ).issue({
      userId: 'admin',
      sessionId: victimSession.sessionId,
      portal: 'I',
      authGroupId: user.authGroupId,
      compNo: user.compNo,
    });
    const res = await extend({ headers: { authorization: `Bearer ${forged.token}`, iscyber: 'N' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('GPMS005');
    expect(Date.parse((await sessionOf(victim)).expiredDate)).toBe(Date.parse(victimSession.expiredDate));
  });

  it('an extended session still refreshes its access token after its original end', async () => {
    const who = await loginAs(t.app, 'buyer');
    const { sessionId } = await sessionOf(who);
    await moveDates(sessionId, 3000, 1);
    expect((await extend(who)).json().extended).toBe(true);
    // 1.5 s pass, as the stored instants see it: the original end (1 s from the extension) is over.
    await t.db.db
      .updateTable('userSession')
      .set((eb) => ({ expiredDate: sql<string>`${eb.ref('expiredDate')} - interval '1500 milliseconds'` }))
      .where('sessionId', '=', sessionId)
      .execute();
    await t.db.db
      .updateTable('refreshToken')
      .set((eb) => ({ expiresAt: sql<string>`${eb.ref('expiresAt')} - interval '1500 milliseconds'` }))
      .where('sessionId', '=', sessionId)
      .execute();
    const res = await verify(who.accessToken, who.refreshToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 'OK', accessToken: expect.any(String) });
  });

  it('a refresh token past its own expiry is refused (what the extension moves along)', async () => {
    const who = await loginAs(t.app, 'buyer');
    const { sessionId } = await sessionOf(who);
    await t.db.db
      .updateTable('refreshToken')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('sessionId', '=', sessionId)
      .execute();
    const res = await verify(who.accessToken, who.refreshToken);
    expect(res.statusCode).toBe(401);
    expect(res.json().errorCode).toBe('AUTH008');
  });
});
