import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Portal } from '../http/access.js';
import { messageText, type AuthCode } from './codes.js';
import { createSession } from './sessions.js';

export interface StartedSession {
  sessionId: string;
  accessToken: string;
  refreshToken: string;
  tokenExpiresAt: Date;
  sessionExpiresAt: Date;
}

/** A new session and its first pair of tokens. */
export async function startSession(app: FastifyInstance, request: FastifyRequest, input: { userId: string; portal: Portal; method: string }): Promise<StartedSession> {
  const user = await app.dbh.db.selectFrom('appUser').select(['authGroupId', 'compNo']).where('userId', '=', input.userId).executeTakeFirstOrThrow();
  const session = await createSession(app.dbh.db, { userId: input.userId, portal: input.portal, ip: request.ip, userAgent: request.headers['user-agent'], method: input.method, ttlSec: app.config.sessionTtlSec });
  const tokens = await app.auth.tokens();
  const access = await tokens.issue({ userId: input.userId, sessionId: session.sessionId, portal: input.portal, authGroupId: user.authGroupId, compNo: user.compNo });
  return { sessionId: session.sessionId, accessToken: access.token, refreshToken: session.refreshToken, tokenExpiresAt: access.expiresAt, sessionExpiresAt: session.expiredDate };
}

export const langOf = (request: FastifyRequest): 'ko' | 'en' => (String(request.headers['accept-language'] ?? '').toLowerCase().startsWith('en') ? 'en' : 'ko');

/** Spec §8: a login failure answers code ERROR with the reason's code and message in the body. */
export async function loginFailure(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, errorCode: AuthCode | string, status = 401) {
  const msg = await messageText(app.dbh.db, errorCode, langOf(request));
  request.log.info({ errorCode }, 'login refused');
  return reply.status(status).send({ statusCode: status, code: 'ERROR', errorCode, msg });
}
