import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { loginAs, type LoggedIn } from '../../helpers/login.js';
import { sessionAs } from '../../helpers/session.js';

/** The tests' session helper (tests/helpers/session.ts) stands for a login only if it opens what a login opens. */
describe('sessionAs: the session a real login opens, without the password check', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const sessionRow = async (who: LoggedIn) => {
    const claims = await (await t.app.auth.tokens()).verify(who.accessToken);
    const row = await t.db.db
      .selectFrom('userSession')
      .select(['userId', 'portal', 'ip', 'userAgent', 'loginMethod', 'endedAt'])
      .where('sessionId', '=', claims.sessionId)
      .executeTakeFirstOrThrow();
    const { sessionId: _sessionId, expiresAt: _expiresAt, ...rest } = claims;
    return { claims: rest, row };
  };

  it.each([
    ['buyer', 'N', 'GET', '/api/v1/login'],
    ['supplier1adm', 'Y', 'POST', '/api/v1/getCyberUserList'],
  ] as const)(
    '%s: the same claims, session row and headers as a login of that portal',
    async (userId, iscyber, method, url) => {
      const real = await loginAs(t.app, userId);
      const helped = await sessionAs(t.app, userId);
      expect(helped.headers.iscyber).toBe(iscyber);
      expect(await sessionRow(helped)).toEqual(await sessionRow(real));
      // Two sessions of their own, each answered by the server.
      expect(helped.accessToken).not.toBe(real.accessToken);
      const me = await t.app.inject({
        method,
        url,
        headers: helped.headers,
        ...(method === 'POST' ? { payload: {} } : {}),
      });
      expect(me.statusCode, me.body).toBe(200);
    },
  );

  it('its refresh token rotates as a login’s does', async () => {
    const who = await sessionAs(t.app, 'buyer');
    const res = await t.app.inject({
      method: 'GET',
      url: '/auth/api/verify',
      headers: {
        authorization: `Bearer ${who.accessToken}`,
        refreshtoken: who.refreshToken,
        loginid: 'buyer',
        iscyberurl: 'N',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().refreshToken).not.toBe(who.refreshToken);
  });

  it('refuses an account a login would refuse', async () => {
    await t.db.db.updateTable('appUser').set({ lockedAt: new Date() }).where('userId', '=', 'monitor').execute();
    await expect(sessionAs(t.app, 'monitor')).rejects.toThrow(/AUTH102/);
    await expect(sessionAs(t.app, 'nobody-here')).rejects.toThrow(/no such account/);
  });
});
