import type { FastifyInstance } from 'fastify';
import { DEMO_PASSWORD } from '../../server/db/seed/accounts.js';

export interface LoggedIn {
  userId: string;
  accessToken: string;
  refreshToken: string;
  /** Headers an authenticated request of this user's portal carries. */
  headers: Record<string, string>;
}

const form = (fields: Record<string, string>) => ({
  payload: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

export function formRequest(fields: Record<string, string>) {
  return form(fields);
}

/** Logs a demo account in the way its portal does: id/password, plus the one-time code for suppliers. */
export async function loginAs(app: FastifyInstance, userId: string, password = DEMO_PASSWORD): Promise<LoggedIn> {
  const user = await app.dbh.db
    .selectFrom('appUser')
    .select(['portal'])
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();
  if (user.portal === 'I') {
    const res = await app.inject({
      method: 'POST',
      url: '/auth/api/login/idpw',
      ...form({ systemId: 'GPMS', grantType: 'idpw', username: userId, password }),
    });
    if (res.statusCode !== 200) throw new Error(`login ${userId} failed: ${res.statusCode} ${res.body}`);
    const body = res.json();
    return {
      userId,
      accessToken: body.accessToken,
      refreshToken: body.refreshToken,
      headers: { authorization: `Bearer ${body.accessToken}`, iscyber: 'N' },
    };
  }
  const first = await app.inject({
    method: 'POST',
    url: '/api/v1/cyberLogin',
    ...form({ userId, userPw: password, optGubun: 'SMS' }),
  });
  if (first.statusCode !== 200) throw new Error(`cyberLogin ${userId} failed: ${first.statusCode} ${first.body}`);
  const code = await latestCode(app);
  const second = await app.inject({
    method: 'POST',
    url: '/api/v1/cyberCheckOtp',
    ...form({ userId, userPw: password, otpNum: code }),
  });
  if (second.statusCode !== 200) throw new Error(`cyberCheckOtp ${userId} failed: ${second.statusCode} ${second.body}`);
  const body = second.json();
  return {
    userId,
    accessToken: body.user.accessToken,
    refreshToken: body.user.refreshToken,
    headers: { authorization: `Bearer ${body.user.accessToken}`, iscyber: 'Y' },
  };
}

/** The newest one-time code the development sender wrote. */
export async function latestCode(app: FastifyInstance): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/api/dev/outbox?limit=1' });
  const [entry] = res.json();
  if (!entry?.code) throw new Error('no code in the dev outbox');
  return entry.code;
}
