import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accountBlocker, findAccount, passwordExpired } from '../../server/auth/account-state.js';
import { startSession } from '../../server/auth/login-flow.js';
import type { LoggedIn } from './login.js';

/**
 * A signed-in demo account for a test that is not about logging in: the session the server's own
 * login code opens (startSession: the same session row, refresh token and access-token claims as a
 * real login), without the password check — argon2's verify is most of a login's cost, and a
 * supplier's login checks it twice. It refuses what a login would refuse (a locked, dormant or
 * disabled account, one without a password or with an expired one), so no test gets a session a
 * person could not. Tests of login itself (tests/api/auth, login, directory, password changes) keep
 * `loginAs` (login.ts). Test-only: it calls the server's internals in the test's process and is no route.
 */
export async function sessionAs(app: FastifyInstance, userId: string): Promise<LoggedIn> {
  const account = await findAccount(app.dbh.db, userId);
  if (!account) throw new Error(`session ${userId}: no such account`);
  const blocker = accountBlocker(account) ?? (passwordExpired(account, new Date()) ? 'AUTH103' : null);
  if (blocker) throw new Error(`session ${userId}: a login would be refused (${blocker})`);
  // What app.inject's requests carry: the session row reads as one opened by the tests' client.
  const request = { ip: '127.0.0.1', headers: { 'user-agent': 'lightMyRequest' } } as unknown as FastifyRequest;
  const portal = account.portal;
  const s = await startSession(app, request, { userId, portal, method: portal === 'I' ? 'IDPW' : 'OTP' });
  return {
    userId,
    accessToken: s.accessToken,
    refreshToken: s.refreshToken,
    headers: { authorization: `Bearer ${s.accessToken}`, iscyber: portal === 'I' ? 'N' : 'Y' },
  };
}
