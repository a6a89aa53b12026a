import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../http/access.js';
import { commonErrors } from '../../http/error-schema.js';
import { AUTH_PATHS, OIDC_PATHS } from '../../auth/paths.js';
import { bearerToken } from '../../auth/plugin.js';
import { checkCredentials, findAccount } from '../../auth/login-service.js';
import { ssoAccountBlocker } from '../../auth/account-state.js';
import { loginFailure, startSession } from '../../auth/login-flow.js';
import { checkOtp, decoyDestination, issueOtp, maskDestination, OTP_VALIDITY_SEC } from '../../auth/otp.js';
import { endSession, endUserSessions, extendSession, rotateRefreshToken } from '../../auth/sessions.js';
import { logoutHandle } from '../../auth/oidc/logout.js';
import { hashPassword } from '../../auth/password.js';
import { TokenError } from '../../auth/tokens.js';
import { passwordProblem, PASSWORD_LIFETIME_DAYS } from '../../auth/password-policy.js';
import { AUTH_CODES } from '../../auth/codes.js';
import { IdpwLoginForm, LogoutAnswer, LogoutForm, PlatformUser, ResetCodeQuery, ResetPasswordForm, SessionExtended, TokenLoginForm, Tokens, VerifyResult } from './schemas.js';

const portalOf = (systemId: string) => (systemId === 'OGPMS' ? 'X' : systemId === 'GPMS' ? 'I' : null);

/**
 * The auth service (the spec's "auth server"): id/password and token login, verify with
 * rotating refresh tokens, logout, password reset with a one-time code, platform user list.
 */
export const authServiceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(Tokens);
  app.addSchema(VerifyResult);
  app.addSchema(PlatformUser);
  app.addSchema(SessionExtended);
  const limited = { rateLimit: { max: app.config.authRateLimitPerMinute, timeWindow: '1 minute' } };
  const failures = { ...commonErrors, 429: Type.Ref('ErrorBody'), 503: Type.Ref('ErrorBody') };

  const tokensAnswer = (s: Awaited<ReturnType<typeof startSession>>) => ({
    code: 'OK' as const,
    accessToken: s.accessToken,
    refreshToken: s.refreshToken,
    tokenType: 'Bearer' as const,
    expiresIn: app.config.accessTokenTtlSec,
    tokenExpiredTimestamp: s.tokenExpiresAt.getTime(),
    sessionExpiredTimestamp: s.sessionExpiresAt.getTime(),
  });

  app.post(
    AUTH_PATHS.loginIdpw,
    {
      config: { access: access.public(), ...limited, accountLimit: { from: 'body', field: 'username' } },
      schema: { operationId: 'authLoginIdpw', tags: ['auth'], summary: 'Id/password login (external users also give their one-time code)', consumes: ['application/x-www-form-urlencoded'], body: IdpwLoginForm, response: { 200: Type.Ref('Tokens'), ...failures } },
    },
    async (request, reply) => {
      const form = request.body;
      const portal = portalOf(form.systemId);
      if (!portal) return loginFailure(app, request, reply, 'AUTH006');
      const userId = form.username.trim();
      const outcome = await checkCredentials(app.dbh.db, app.auth.directory, { userId, password: form.password, portal, ip: request.ip });
      // The company directory not answering is not the user's fault: 503 with its own code.
      if (!outcome.ok) return loginFailure(app, request, reply, outcome.code, outcome.code === 'AUTH_DIRECTORY_DOWN' ? 503 : 401);
      if (portal === 'X') {
        // The external portal never opens on a password alone.
        if (!form.otpNum) return loginFailure(app, request, reply, 'AUTH013');
        const otp = await checkOtp(app.dbh.db, { userId, purpose: 'LOGIN', code: form.otpNum });
        if (!otp.ok) return loginFailure(app, request, reply, 'AUTH013');
      }
      return tokensAnswer(await startSession(app, request, { userId, portal, method: 'IDPW' }));
    },
  );

  app.post(
    AUTH_PATHS.loginToken,
    {
      config: { access: access.public(), ...limited },
      schema: { operationId: 'authLoginToken', tags: ['auth'], summary: 'Token (SSO) login: an assertion of the configured SSO provider', consumes: ['application/x-www-form-urlencoded'], body: TokenLoginForm, response: { 200: Type.Ref('Tokens'), ...failures } },
    },
    async (request, reply) => {
      const resolved = await app.auth.sso.resolve(request.body);
      if (!resolved.ok) return loginFailure(app, request, reply, resolved.code);
      const account = await findAccount(app.dbh.db, resolved.userId);
      if (!account || account.portal !== 'I') return loginFailure(app, request, reply, 'AUTH003');
      const blocker = ssoAccountBlocker(account);
      if (blocker) return loginFailure(app, request, reply, blocker);
      return tokensAnswer(await startSession(app, request, { userId: account.userId, portal: 'I', method: 'SSO', idToken: resolved.idToken }));
    },
  );

  app.get(
    AUTH_PATHS.verify,
    {
      config: { access: access.public(), ...limited },
      schema: {
        operationId: 'authVerify',
        tags: ['auth'],
        summary: 'Verify and refresh: headers AccessToken (or Authorization), RefreshToken, loginid, isCyberUrl; rotates the refresh token',
        response: { 200: Type.Ref('VerifyResult'), ...failures },
      },
    },
    async (request, reply) => {
      const expiredAnswer = () => loginFailure(app, request, reply, 'AUTH008');
      const token = bearerToken(request);
      const refresh = request.headers.refreshtoken;
      if (!token || typeof refresh !== 'string' || refresh.length === 0) return expiredAnswer();
      let claims;
      try {
        claims = await (await app.auth.tokens()).verify(token, { allowExpired: true });
      } catch (err) {
        if (err instanceof TokenError) return expiredAnswer();
        throw err;
      }
      const loginid = request.headers.loginid;
      if (typeof loginid === 'string' && loginid !== '' && loginid !== claims.userId) return loginFailure(app, request, reply, 'COM000010');
      const isCyberUrl = request.headers.iscyberurl;
      if ((isCyberUrl === 'Y' && claims.portal !== 'X') || (isCyberUrl === 'N' && claims.portal !== 'I')) return loginFailure(app, request, reply, 'AUTH006');
      const rotated = await rotateRefreshToken(app.dbh.db, refresh);
      if (!rotated.ok || rotated.session.sessionId !== claims.sessionId) {
        if (rotated.ok) await endSession(app.dbh.db, rotated.session.sessionId, 'REFRESH_REUSE');
        request.log.warn({ reason: rotated.ok ? 'session mismatch' : rotated.reason, userId: claims.userId }, 'refresh refused');
        return expiredAnswer();
      }
      const user = await app.dbh.db.selectFrom('appUser').select(['authGroupId', 'compNo', 'useFlag', 'lockedAt']).where('userId', '=', claims.userId).executeTakeFirstOrThrow();
      if (user.useFlag !== 'Y' || user.lockedAt) {
        await endSession(app.dbh.db, claims.sessionId, 'BLOCKED');
        return loginFailure(app, request, reply, user.lockedAt ? 'AUTH102' : 'AUTH100');
      }
      const access2 = await (await app.auth.tokens()).issue({ userId: claims.userId, sessionId: claims.sessionId, portal: claims.portal, authGroupId: user.authGroupId, compNo: user.compNo });
      const now = Date.now();
      const clientTime = Number(request.headers['client-time']);
      return {
        code: 'OK' as const,
        accessToken: access2.token,
        refreshToken: rotated.refreshToken,
        tokenExpiredTimestamp: access2.expiresAt.getTime(),
        currentTimestamp: now,
        timeDifference: Number.isFinite(clientTime) && clientTime > 0 ? now - clientTime : 0,
      };
    },
  );

  app.post(
    AUTH_PATHS.logout,
    {
      config: { access: access.public() },
      schema: {
        operationId: 'authLogout',
        tags: ['auth'],
        summary: 'Logout (form AccessToken, or the Authorization header): ends the session at once; a session from OpenID Connect SSO also answers where the provider’s logout starts',
        consumes: ['application/x-www-form-urlencoded'],
        body: Type.Optional(LogoutForm),
        response: { 200: LogoutAnswer, ...commonErrors },
      },
    },
    async (request) => {
      const token = request.body?.AccessToken || bearerToken(request);
      let fromSso = false;
      let handle: string | null = null;
      if (token) {
        try {
          // An expired token still names the session the user wants ended.
          const claims = await (await app.auth.tokens()).verify(token, { allowExpired: true });
          const session = await app.dbh.db.selectFrom('userSession').select(['loginMethod', 'endedAt']).where('sessionId', '=', claims.sessionId).executeTakeFirst();
          fromSso = session?.loginMethod === 'SSO';
          await endSession(app.dbh.db, claims.sessionId, 'LOGOUT');
          // The provider's logout gets the session's ID token as id_token_hint, through a one-time handle.
          if (fromSso && app.auth.oidc && session && !session.endedAt) handle = await logoutHandle(app.dbh.db, claims.sessionId);
        } catch (err) {
          if (!(err instanceof TokenError)) throw err;
        }
      }
      // Ending only our session would leave the provider's open: the next /login would sign the
      // same person straight back in. So an SSO session's logout continues at the provider
      // (RP-initiated logout); without OpenID Connect configured there is no provider to tell.
      if (!fromSso || !app.auth.oidc) return { code: 'OK' as const };
      return { code: 'OK' as const, ssoLogoutUri: handle ? `${OIDC_PATHS.logout}?${new URLSearchParams({ handle }).toString()}` : OIDC_PATHS.logout };
    },
  );

  app.post(
    AUTH_PATHS.sessionExtend,
    {
      // Any logged-in user, either portal: the caller's own session, named by its access token.
      config: { access: access.login() },
      schema: {
        operationId: 'extendSession',
        tags: ['auth'],
        summary: 'Extend the caller’s session by SESSION_TTL from now, never beyond SESSION_MAX_TTL from its login (KWCAG 6.2.1 / WCAG 2.2.1 timing adjustable)',
        response: { 200: Type.Ref('SessionExtended'), ...commonErrors },
      },
    },
    async (request, reply) => {
      const caller = request.caller!;
      const r = await extendSession(app.dbh.db, { sessionId: caller.sessionId, userId: caller.userId, ttlSec: app.config.sessionTtlSec, maxTtlSec: app.config.sessionMaxTtlSec });
      // Ended between the access check and the lock (a logout, a force logout): as the check would answer.
      if (!r.ok) return reply.status(401).send({ statusCode: 401, code: 'GPMS005', msg: AUTH_CODES.GPMS005 });
      return { code: 'OK' as const, sessionExpiresAt: r.expiredDate.toISOString(), sessionLimitAt: r.limit.toISOString(), extended: r.expiredDate.getTime() > r.before.getTime() };
    },
  );

  app.get(
    AUTH_PATHS.sendResetCode,
    {
      config: { access: access.public(), ...limited, accountLimit: { from: 'query', field: 'loginUser.login' } },
      schema: { operationId: 'authSendResetCode', tags: ['auth'], summary: 'Send a password-reset code to the user’s e-mail (or cell phone)', querystring: ResetCodeQuery, response: { 200: Type.Ref('CodeSent'), ...failures, 404: Type.Ref('ErrorBody') } },
    },
    async (request, reply) => {
      const portal = portalOf(request.query.systemId);
      if (!portal) return loginFailure(app, request, reply, 'AUTH006');
      const userId = request.query['loginUser.login'].trim();
      const user = await app.dbh.db.selectFrom('appUser').select(['userId', 'portal', 'email', 'cellPhoneNo']).where('userId', '=', userId).executeTakeFirst();
      if (!user || user.portal !== portal) {
        // An unknown id is answered like a known one (a made-up masked destination), so the
        // answer does not tell which ids exist; no code is made or sent.
        const channel = request.query.channel ?? 'EMAIL';
        const secret = (await app.auth.tokens()).derivedSecret('reset-decoy');
        return { code: 'OK' as const, channel, destination: decoyDestination(channel, userId, secret), expiresIn: OTP_VALIDITY_SEC };
      }
      const channel = request.query.channel ?? (user.email ? 'EMAIL' : 'SMS');
      const destination = channel === 'EMAIL' ? user.email : user.cellPhoneNo;
      if (!destination) return loginFailure(app, request, reply, channel === 'EMAIL' ? 'OTP_NO_EMAIL' : 'OTP_NO_CELL_PHONE', 400);
      const otp = await issueOtp(app.dbh.db, { userId, purpose: 'RESET', channel, destination });
      await app.auth.sender.send(app.dbh.db, { to: destination, channel, code: otp.code, text: `[GPMS] 비밀번호 재설정 인증번호는 ${otp.code} 입니다. ${OTP_VALIDITY_SEC / 60}분 안에 입력하세요.` });
      return { code: 'OK' as const, channel, destination: maskDestination(channel, destination), expiresIn: OTP_VALIDITY_SEC };
    },
  );

  app.post(
    AUTH_PATHS.resetPassword,
    {
      config: { access: access.public(), ...limited, accountLimit: { from: 'body', field: 'loginUser.login' } },
      schema: { operationId: 'authResetPassword', tags: ['auth'], summary: 'Set a new password with the reset code; ends every session of the user', consumes: ['application/x-www-form-urlencoded'], body: ResetPasswordForm, response: { 200: Type.Ref('Ok'), ...failures } },
    },
    async (request, reply) => {
      const form = request.body;
      const portal = portalOf(form.systemId);
      if (!portal) return loginFailure(app, request, reply, 'AUTH006');
      const userId = form['loginUser.login'].trim();
      const account = await findAccount(app.dbh.db, userId);
      // An unknown id answers as a wrong code would (no reset code can match it).
      if (!account || account.portal !== portal) return loginFailure(app, request, reply, 'AUTH013');
      // The new password is checked first, so a typo does not use up the code.
      if (form.password !== form.passwordCheck || passwordProblem(form.password, userId)) return loginFailure(app, request, reply, 'AUTH014', 400);
      const otp = await checkOtp(app.dbh.db, { userId, purpose: 'RESET', code: form.token });
      if (!otp.ok) return loginFailure(app, request, reply, 'AUTH013');
      const passwordHash = await hashPassword(form.password);
      const now = new Date();
      await app.dbh.db
        .updateTable('appUser')
        .set({ passwordHash, passwordChangedAt: now, passwordExpiresAt: new Date(now.getTime() + PASSWORD_LIFETIME_DAYS * 86400_000), failedLoginCount: 0, updatedAt: now })
        .where('userId', '=', userId)
        .execute();
      await endUserSessions(app.dbh.db, userId, 'PASSWORD_RESET');
      return { code: 'OK' as const };
    },
  );

  app.get(
    AUTH_PATHS.platformUsers,
    {
      config: { access: access.login(['/portal/author/authUserManage', '/portal/author/userSessionManage', '/portal/ogpmsManage/compUserManage'], 'read') },
      schema: {
        operationId: 'authPlatformUsers',
        tags: ['auth'],
        summary: 'Platform user list: accounts whose login id starts with loginId',
        querystring: Type.Object({ loginId: Type.String({ minLength: 1, maxLength: 50 }) }, { additionalProperties: false }),
        response: { 200: Type.Array(Type.Ref('PlatformUser')), ...commonErrors },
      },
    },
    async (request) => {
      const rows = await request.db
        .selectFrom('appUser')
        .select(['userId', 'hname', 'portal', 'compNo', 'singleid', 'authGroupId', 'useFlag', 'status', 'lockedAt'])
        .where('userId', 'like', `${request.query.loginId.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
        .orderBy('userId')
        .limit(100)
        .execute();
      return rows.map(({ userId, lockedAt, ...r }) => ({ loginId: userId, ...r, locked: lockedAt !== null }));
    },
  );
};
