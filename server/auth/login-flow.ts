import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Portal } from '../http/access.js';
import { messageText, type AuthCode } from './codes.js';
import { createSession } from './sessions.js';
import { keepIdToken } from './oidc/logout.js';
import { findAccount } from './login-service.js';
import { ssoAccountBlocker } from './account-state.js';

export interface StartedSession {
  sessionId: string;
  accessToken: string;
  refreshToken: string;
  tokenExpiresAt: Date;
  sessionExpiresAt: Date;
}

/** A new session and its first pair of tokens. */
export async function startSession(
  app: FastifyInstance,
  request: FastifyRequest,
  input: { userId: string; portal: Portal; method: string; idToken?: string },
): Promise<StartedSession> {
  const user = await app.dbh.db
    .selectFrom('appUser')
    .select(['authGroupId', 'compNo'])
    .where('userId', '=', input.userId)
    .executeTakeFirstOrThrow();
  const session = await createSession(app.dbh.db, {
    userId: input.userId,
    portal: input.portal,
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    method: input.method,
    ttlSec: app.config.sessionTtlSec,
  });
  const tokens = await app.auth.tokens();
  // An OpenID Connect session keeps the provider's ID token (encrypted) for the logout's id_token_hint.
  if (input.idToken) await keepIdToken(app.dbh.db, tokens, session.sessionId, input.idToken);
  const access = await tokens.issue({
    userId: input.userId,
    sessionId: session.sessionId,
    portal: input.portal,
    authGroupId: user.authGroupId,
    compNo: user.compNo,
  });
  app.metrics.login(input.portal, 'success');
  return {
    sessionId: session.sessionId,
    accessToken: access.token,
    refreshToken: session.refreshToken,
    tokenExpiresAt: access.expiresAt,
    sessionExpiresAt: session.expiredDate,
  };
}

/** The portal a login request is for: the supplier portal's own routes, or systemId OGPMS on the auth service's. */
function loginPortalOf(request: FastifyRequest): Portal {
  if (request.url.startsWith('/api/v1/cyber')) return 'X';
  const body = request.body as { systemId?: unknown } | undefined;
  return body && typeof body === 'object' && body.systemId === 'OGPMS' ? 'X' : 'I';
}

export const langOf = (request: FastifyRequest): 'ko' | 'en' =>
  String(request.headers['accept-language'] ?? '')
    .toLowerCase()
    .startsWith('en')
    ? 'en'
    : 'ko';

/** Spec §8: a login failure answers code ERROR with the reason's code and message in the body. */
export async function loginFailure(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  errorCode: AuthCode | string,
  status = 401,
) {
  // AUTH102: the account (or this client on it) is locked — counted apart from a wrong password.
  app.metrics.login(loginPortalOf(request), errorCode === 'AUTH102' ? 'locked' : 'failure');
  const msg = await messageText(app.dbh.db, errorCode, langOf(request));
  request.log.info({ errorCode }, 'login refused');
  return reply.status(status).send({ statusCode: status, code: 'ERROR', errorCode, msg });
}

/**
 * A login step's answer, or its refusal: the route sends a refusal as the login failure above.
 * Services return refusals rather than throw them, because the failure's body is the spec's
 * (code ERROR, errorCode, msg), not the error handler's.
 */
export type Refusal = { refused: AuthCode | string; status?: number };
export type Answer<T> = { ok: T } | Refusal;

export const refuse = (code: AuthCode | string, status?: number): Refusal => ({ refused: code, status });

/** Sends an answer, or its refusal as a login failure. */
export function answerOrFailure<T>(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, a: Answer<T>) {
  return 'ok' in a ? a.ok : loginFailure(app, request, reply, a.refused, a.status);
}

/** SSO: the internal account the configured provider's assertion names, and a new session for it, or why not. */
export async function startSsoSession(
  app: FastifyInstance,
  request: FastifyRequest,
  form: Parameters<FastifyInstance['auth']['sso']['resolve']>[0],
): Promise<Answer<StartedSession & { userId: string }>> {
  const resolved = await app.auth.sso.resolve(form);
  if (!resolved.ok) return refuse(resolved.code);
  const account = await findAccount(app.dbh.db, resolved.userId);
  if (!account || account.portal !== 'I') return refuse('AUTH003');
  const blocker = ssoAccountBlocker(account);
  if (blocker) return refuse(blocker);
  return {
    ok: {
      userId: account.userId,
      ...(await startSession(app, request, {
        userId: account.userId,
        portal: 'I',
        method: 'SSO',
        idToken: resolved.idToken,
      })),
    },
  };
}
