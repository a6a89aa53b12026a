import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/connect.js';
import type { Portal } from '../../http/access.js';
import { OIDC_PATHS } from '../../auth/paths.js';
import { checkCredentials, findAccount } from '../../auth/login-service.js';
import { refuse, startSession, startSsoSession, type StartedSession } from '../../auth/login-flow.js';
import { checkOtp, checkOtpIn, decoyDestination, issueOtp, maskDestination, OTP_VALIDITY_SEC } from '../../auth/otp.js';
import { endSession, endUserSessions, extendSession, rotateRefreshToken } from '../../auth/sessions.js';
import { logoutHandle } from '../../auth/oidc/logout.js';
import { hashPassword } from '../../auth/password.js';
import { TokenError } from '../../auth/tokens.js';
import { passwordProblem, PASSWORD_LIFETIME_DAYS } from '../../auth/password-policy.js';
import { platformUsers, resetDestinations, sessionLoginMethod, setPassword, userStanding } from './queries.js';

/** The auth service (the spec's "auth server"); a refusal is an answer the route sends as the spec's login failure. */
const portalOf = (systemId: string): Portal | null => (systemId === 'OGPMS' ? 'X' : systemId === 'GPMS' ? 'I' : null);

function tokensAnswer(app: FastifyInstance, s: StartedSession) {
  return {
    code: 'OK' as const,
    accessToken: s.accessToken,
    refreshToken: s.refreshToken,
    tokenType: 'Bearer' as const,
    expiresIn: app.config.accessTokenTtlSec,
    tokenExpiredTimestamp: s.tokenExpiresAt.getTime(),
    sessionExpiredTimestamp: s.sessionExpiresAt.getTime(),
  };
}

/** Id/password login; the external portal also needs the one-time code. */
export async function loginWithPassword(
  app: FastifyInstance,
  request: FastifyRequest,
  form: { systemId: string; username: string; password: string; otpNum?: string },
) {
  const portal = portalOf(form.systemId);
  if (!portal) return refuse('AUTH006');
  const userId = form.username.trim();
  const outcome = await checkCredentials(app.dbh.db, app.auth.directory, {
    userId,
    password: form.password,
    portal,
    ip: request.ip,
  });
  // The company directory not answering is not the user's fault: 503 with its own code.
  if (!outcome.ok) return refuse(outcome.code, outcome.code === 'AUTH_DIRECTORY_DOWN' ? 503 : 401);
  if (portal === 'X') {
    // The external portal never opens on a password alone.
    if (!form.otpNum) return refuse('AUTH013');
    const otp = await checkOtp(app.dbh.db, { userId, purpose: 'LOGIN', code: form.otpNum });
    if (!otp.ok) return refuse('AUTH013');
  }
  return { ok: tokensAnswer(app, await startSession(app, request, { userId, portal, method: 'IDPW' })) };
}

/** Token (SSO) login: the configured provider's assertion names an internal account that may log in. */
export async function loginWithToken(
  app: FastifyInstance,
  request: FastifyRequest,
  form: Parameters<FastifyInstance['auth']['sso']['resolve']>[0],
) {
  const started = await startSsoSession(app, request, form);
  return 'ok' in started ? { ok: tokensAnswer(app, started.ok) } : started;
}

/** What the verify call was given: the tokens and the optional checks of the caller's headers. */
export interface VerifyInput {
  token: string | null;
  refresh: unknown;
  loginid: unknown;
  isCyberUrl: unknown;
  clientTime: number;
}

/** Verify and refresh: a new access token and a rotated refresh token for a session still open. */
export async function verifyAndRefresh(app: FastifyInstance, request: FastifyRequest, input: VerifyInput) {
  const expired = refuse('AUTH008');
  const { token, refresh } = input;
  if (!token || typeof refresh !== 'string' || refresh.length === 0) return expired;
  let claims;
  try {
    claims = await (await app.auth.tokens()).verify(token, { allowExpired: true });
  } catch (err) {
    if (err instanceof TokenError) return expired;
    throw err;
  }
  if (typeof input.loginid === 'string' && input.loginid !== '' && input.loginid !== claims.userId)
    return refuse('COM000010');
  if ((input.isCyberUrl === 'Y' && claims.portal !== 'X') || (input.isCyberUrl === 'N' && claims.portal !== 'I'))
    return refuse('AUTH006');
  const rotated = await rotateRefreshToken(app.dbh.db, refresh);
  if (!rotated.ok || rotated.session.sessionId !== claims.sessionId) {
    if (rotated.ok) await endSession(app.dbh.db, rotated.session.sessionId, 'REFRESH_REUSE');
    request.log.warn(
      { reason: rotated.ok ? 'session mismatch' : rotated.reason, userId: claims.userId },
      'refresh refused',
    );
    return expired;
  }
  const user = await userStanding(app.dbh.db, claims.userId);
  if (user.useFlag !== 'Y' || user.lockedAt || user.groupUseYn !== 'Y') {
    await endSession(app.dbh.db, claims.sessionId, 'BLOCKED');
    return refuse(user.lockedAt ? 'AUTH102' : 'AUTH100');
  }
  const access = await (
    await app.auth.tokens()
  ).issue({
    userId: claims.userId,
    sessionId: claims.sessionId,
    portal: claims.portal,
    authGroupId: user.authGroupId,
    compNo: user.compNo,
  });
  // real time: token and password-lifetime stamps are security time, as in server/auth
  const now = Date.now();
  return {
    ok: {
      code: 'OK' as const,
      accessToken: access.token,
      refreshToken: rotated.refreshToken,
      tokenExpiredTimestamp: access.expiresAt.getTime(),
      currentTimestamp: now,
      timeDifference: Number.isFinite(input.clientTime) && input.clientTime > 0 ? now - input.clientTime : 0,
    },
  };
}

/** Ends the session the token names (an expired token still names it); an SSO session goes on to the provider's logout. */
export async function logout(app: FastifyInstance, token: string | null | undefined) {
  let fromSso = false;
  let handle: string | null = null;
  if (token) {
    try {
      const claims = await (await app.auth.tokens()).verify(token, { allowExpired: true });
      const session = await sessionLoginMethod(app.dbh.db, claims.sessionId);
      fromSso = session?.loginMethod === 'SSO';
      await endSession(app.dbh.db, claims.sessionId, 'LOGOUT');
      // The provider's logout gets the session's ID token as id_token_hint, through a one-time handle.
      if (fromSso && app.auth.oidc && session && !session.endedAt)
        handle = await logoutHandle(app.dbh.db, claims.sessionId);
    } catch (err) {
      if (!(err instanceof TokenError)) throw err;
    }
  }
  // Ending only our session would leave the provider's open: the next /login would sign the
  // same person straight back in. So an SSO session's logout continues at the provider
  // (RP-initiated logout); without OpenID Connect configured there is no provider to tell.
  if (!fromSso || !app.auth.oidc) return { code: 'OK' as const };
  return {
    code: 'OK' as const,
    ssoLogoutUri: handle ? `${OIDC_PATHS.logout}?${new URLSearchParams({ handle }).toString()}` : OIDC_PATHS.logout,
  };
}

/** The caller's session extended by SESSION_TTL, never beyond SESSION_MAX_TTL from its login; null if it ended meanwhile. */
export async function extendCallerSession(app: FastifyInstance, caller: { sessionId: string; userId: string }) {
  const r = await extendSession(app.dbh.db, {
    sessionId: caller.sessionId,
    userId: caller.userId,
    ttlSec: app.config.sessionTtlSec,
    maxTtlSec: app.config.sessionMaxTtlSec,
  });
  if (!r.ok) return null;
  return {
    code: 'OK' as const,
    sessionExpiresAt: r.expiredDate.toISOString(),
    sessionLimitAt: r.limit.toISOString(),
    extended: r.expiredDate.getTime() > r.before.getTime(),
  };
}

/** Sends a password-reset code; an unknown id is answered like a known one, with a made-up destination. */
export async function sendResetCode(
  app: FastifyInstance,
  query: { systemId: string; 'loginUser.login': string; channel?: 'EMAIL' | 'SMS' },
) {
  const portal = portalOf(query.systemId);
  if (!portal) return refuse('AUTH006');
  const userId = query['loginUser.login'].trim();
  const user = await resetDestinations(app.dbh.db, userId);
  if (!user || user.portal !== portal) {
    // An unknown id is answered like a known one (a made-up masked destination), so the
    // answer does not tell which ids exist; no code is made or sent.
    const channel = query.channel ?? 'EMAIL';
    const secret = (await app.auth.tokens()).derivedSecret('reset-decoy');
    return {
      ok: {
        code: 'OK' as const,
        channel,
        destination: decoyDestination(channel, userId, secret),
        expiresIn: OTP_VALIDITY_SEC,
      },
    };
  }
  const channel = query.channel ?? (user.email ? 'EMAIL' : 'SMS');
  const destination = channel === 'EMAIL' ? user.email : user.cellPhoneNo;
  if (!destination) return refuse(channel === 'EMAIL' ? 'OTP_NO_EMAIL' : 'OTP_NO_CELL_PHONE', 400);
  const otp = await issueOtp(app.dbh.db, { userId, purpose: 'RESET', channel, destination });
  await app.auth.sender.send(app.dbh.db, {
    to: destination,
    channel,
    code: otp.code,
    text: `[GPMS] 비밀번호 재설정 인증번호는 ${otp.code} 입니다. ${OTP_VALIDITY_SEC / 60}분 안에 입력하세요.`,
  });
  return {
    ok: {
      code: 'OK' as const,
      channel,
      destination: maskDestination(channel, destination),
      expiresIn: OTP_VALIDITY_SEC,
    },
  };
}

/**
 * A new password with the reset code; every session of the user ends. Using the code, setting the
 * password and ending the sessions are one transaction: all of them happen or none (a failure
 * half-way must not leave the new password set with the old sessions open, or the code used up).
 */
export async function resetPassword(
  app: FastifyInstance,
  form: { systemId: string; 'loginUser.login': string; token: string; password: string; passwordCheck: string },
) {
  const portal = portalOf(form.systemId);
  if (!portal) return refuse('AUTH006');
  const userId = form['loginUser.login'].trim();
  const account = await findAccount(app.dbh.db, userId);
  // An unknown id answers as a wrong code would (no reset code can match it).
  if (!account || account.portal !== portal) return refuse('AUTH013');
  // The new password is checked first, so a typo does not use up the code.
  if (form.password !== form.passwordCheck || passwordProblem(form.password, userId)) return refuse('AUTH014', 400);
  const passwordHash = await hashPassword(form.password);
  return app.dbh.db.transaction().execute(async (trx) => {
    // A wrong code's counted attempt commits with the refusal.
    const otp = await checkOtpIn(trx, { userId, purpose: 'RESET', code: form.token });
    if (!otp.ok) return refuse('AUTH013');
    // real time: token and password-lifetime stamps are security time, as in server/auth
    const now = new Date();
    await setPassword(trx, userId, passwordHash, now, new Date(now.getTime() + PASSWORD_LIFETIME_DAYS * 86400_000));
    await endUserSessions(trx, userId, 'PASSWORD_RESET');
    return { ok: { code: 'OK' as const } };
  });
}

/** Accounts whose login id starts with the given prefix, for the platform's user pickers. */
export async function listPlatformUsers(db: Db, loginIdPrefix: string) {
  const rows = await platformUsers(db, loginIdPrefix);
  return rows.map(({ userId, lockedAt, ...r }) => ({ loginId: userId, ...r, locked: lockedAt !== null }));
}
