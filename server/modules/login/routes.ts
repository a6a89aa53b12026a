import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../http/access.js';
import { commonErrors } from '../../http/error-schema.js';
import { notFound } from '../../http/errors.js';
import { bearerToken } from '../../auth/plugin.js';
import { checkCredentials, findAccount } from '../../auth/login-service.js';
import { ssoAccountBlocker } from '../../auth/account-state.js';
import { langOf, loginFailure, startSession } from '../../auth/login-flow.js';
import { loginPayload, sessionUser } from '../../auth/login-payload.js';
import { checkOtp, issueOtp, maskDestination, OTP_VALIDITY_SEC } from '../../auth/otp.js';
import { codeListsFor, devPagesServed, groupHoldsScreen, menuPathOf, menuTreeFor } from '../../auth/menu-authority.js';
import { findCallerSession, endUserSessions } from '../../auth/sessions.js';
import { messageText } from '../../auth/codes.js';
import { TokenError } from '../../auth/tokens.js';
import {
  CodeLists,
  CyberAdLoginAnswer,
  CyberAdLoginForm,
  CyberCheckOtpForm,
  CyberLoginForm,
  CyberUserListForm,
  CyberUserSyncForm,
  ExternalUser,
  GpmsVerifyAnswer,
  LoginCheckAnswer,
  LoginCheckQuery,
  LoginPayload,
  MenuNode,
  SessionUser,
  SsoLoginForm,
} from './schemas.js';

const COMP_USER_SCREENS = ['/portal/ogpmsManage/compUserManage', '/compUserManageList'];

/** GPMS's own login endpoints (spec §7): what the portals call around the auth service. */
export const loginRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(MenuNode);
  app.addSchema(SessionUser);
  app.addSchema(CodeLists);
  app.addSchema(LoginPayload);
  app.addSchema(LoginCheckAnswer);
  app.addSchema(ExternalUser);
  const limited = { rateLimit: { max: app.config.authRateLimitPerMinute, timeWindow: '1 minute' } };
  const failures = { ...commonErrors, 429: Type.Ref('ErrorBody') };

  app.get(
    '/api/v1/login',
    {
      config: { access: access.login([], 'read', ['I']) },
      schema: { operationId: 'login', tags: ['login'], summary: 'AD mode: after the auth service login, the user, menus and codes for the bearer token', response: { 200: Type.Ref('LoginPayload'), ...failures } },
    },
    async (request) => {
      const caller = request.caller!;
      const claims = await (await app.auth.tokens()).verify(bearerToken(request)!);
      return loginPayload(app.dbh.db, { userId: caller.userId, sessionId: caller.sessionId, accessToken: bearerToken(request), refreshToken: null, tokenExpiresAt: claims.expiresAt, lang: langOf(request) }, devPagesServed(app.config));
    },
  );

  app.post(
    '/api/v1/login',
    {
      config: { access: access.public(), ...limited },
      schema: { operationId: 'loginSso', tags: ['login'], summary: 'SSO mode: the SSO assertion as form data; answers the user (with tokens), menus and codes', consumes: ['application/x-www-form-urlencoded'], body: SsoLoginForm, response: { 200: Type.Ref('LoginPayload'), ...failures } },
    },
    async (request, reply) => {
      const resolved = await app.auth.sso.resolve(request.body);
      if (!resolved.ok) return loginFailure(app, request, reply, resolved.code);
      const account = await findAccount(app.dbh.db, resolved.userId);
      if (!account || account.portal !== 'I') return loginFailure(app, request, reply, 'AUTH003');
      const blocker = ssoAccountBlocker(account);
      if (blocker) return loginFailure(app, request, reply, blocker);
      const s = await startSession(app, request, { userId: account.userId, portal: 'I', method: 'SSO', idToken: resolved.idToken });
      return loginPayload(app.dbh.db, { userId: account.userId, sessionId: s.sessionId, accessToken: s.accessToken, refreshToken: s.refreshToken, tokenExpiresAt: s.tokenExpiresAt, lang: langOf(request) }, devPagesServed(app.config));
    },
  );

  app.post(
    '/api/v1/cyberLogin',
    {
      config: { access: access.public(), ...limited, accountLimit: { from: 'body', field: 'userId' } },
      schema: { operationId: 'cyberLogin', tags: ['login'], summary: 'External login, step 1: id and password; sends a one-time code by SMS or e-mail (optGubun)', consumes: ['application/x-www-form-urlencoded'], body: CyberLoginForm, response: { 200: Type.Ref('CodeSent'), ...failures } },
    },
    async (request, reply) => {
      const { userId: rawId, userPw, optGubun } = request.body;
      const userId = rawId.trim();
      const outcome = await checkCredentials(app.dbh.db, app.auth.directory, { userId, password: userPw, portal: 'X', ip: request.ip });
      if (!outcome.ok) return loginFailure(app, request, reply, outcome.code);
      const user = await app.dbh.db.selectFrom('appUser').select(['email', 'cellPhoneNo']).where('userId', '=', userId).executeTakeFirstOrThrow();
      const destination = optGubun === 'EMAIL' ? user.email : user.cellPhoneNo;
      if (!destination) return loginFailure(app, request, reply, optGubun === 'EMAIL' ? 'OTP_NO_EMAIL' : 'OTP_NO_CELL_PHONE', 400);
      const otp = await issueOtp(app.dbh.db, { userId, purpose: 'LOGIN', channel: optGubun, destination });
      await app.auth.sender.send(app.dbh.db, { to: destination, channel: optGubun, code: otp.code, text: `[OGPMS] 로그인 인증번호는 ${otp.code} 입니다. ${OTP_VALIDITY_SEC / 60}분 안에 입력하세요.` });
      return { code: 'OK' as const, channel: optGubun, destination: maskDestination(optGubun, destination), expiresIn: OTP_VALIDITY_SEC };
    },
  );

  app.post(
    '/api/v1/cyberCheckOtp',
    {
      config: { access: access.public(), ...limited, accountLimit: { from: 'body', field: 'userId' } },
      schema: { operationId: 'cyberCheckOtp', tags: ['login'], summary: 'External login, step 2: id, password and the one-time code; answers the user (with noCellPhone/noPhone), menus, codes and tokens', consumes: ['application/x-www-form-urlencoded'], body: CyberCheckOtpForm, response: { 200: Type.Ref('LoginPayload'), ...failures } },
    },
    async (request, reply) => {
      const { userId: rawId, userPw, otpNum } = request.body;
      const userId = rawId.trim();
      // The code is bound to the login that asked for it: the same id and password again.
      const outcome = await checkCredentials(app.dbh.db, app.auth.directory, { userId, password: userPw, portal: 'X', ip: request.ip });
      if (!outcome.ok) return loginFailure(app, request, reply, outcome.code);
      const otp = await checkOtp(app.dbh.db, { userId, purpose: 'LOGIN', code: otpNum });
      if (!otp.ok) return loginFailure(app, request, reply, 'AUTH013');
      const s = await startSession(app, request, { userId, portal: 'X', method: 'OTP' });
      return loginPayload(app.dbh.db, { userId, sessionId: s.sessionId, accessToken: s.accessToken, refreshToken: s.refreshToken, tokenExpiresAt: s.tokenExpiresAt, lang: langOf(request) }, devPagesServed(app.config));
    },
  );

  app.post(
    '/api/v1/cyberAdLogin',
    {
      config: { access: access.public(), ...limited },
      schema: {
        operationId: 'cyberAdLogin',
        tags: ['login'],
        summary: 'External AD entry: the tokens the auth service put in the URL (Authorization header) for userId; errCode AUTH008 asks for a new login',
        consumes: ['application/x-www-form-urlencoded'],
        body: CyberAdLoginForm,
        response: { 200: CyberAdLoginAnswer, ...failures },
      },
    },
    async (request, reply) => {
      const token = bearerToken(request);
      const errAnswer = async (errCode: string) => ({ errCode, msg: await messageText(app.dbh.db, errCode, langOf(request)) });
      if (!token) return errAnswer('AUTH008');
      let claims;
      try {
        claims = await (await app.auth.tokens()).verify(token);
      } catch (err) {
        if (err instanceof TokenError) return errAnswer('AUTH008');
        throw err;
      }
      if (claims.portal !== 'X' || claims.userId !== request.body.userId.trim()) return loginFailure(app, request, reply, 'AUTH006');
      const session = await findCallerSession(app.dbh.db, claims.sessionId);
      if (!session) return errAnswer('AUTH008');
      return loginPayload(app.dbh.db, { userId: claims.userId, sessionId: claims.sessionId, accessToken: token, refreshToken: null, tokenExpiresAt: claims.expiresAt, lang: langOf(request) }, devPagesServed(app.config));
    },
  );

  app.get(
    '/api/v1/loginCheck',
    {
      config: { access: access.public() },
      schema: {
        operationId: 'loginCheck',
        tags: ['login'],
        summary: 'May the caller open this path? OK, GPMS005 (log in) or GPMS006 (no right); with store=Y also the user, menus and codes',
        querystring: LoginCheckQuery,
        response: { 200: Type.Ref('LoginCheckAnswer'), ...commonErrors },
      },
    },
    async (request) => {
      const { path, store } = request.query;
      const target = menuPathOf(path);
      const portal = request.headers.iscyber === 'Y' ? 'X' : target.portal;
      const caller = request.caller;
      if (!caller || caller.portal !== portal) return { code: 'GPMS005' as const, path };
      // Home pages and pages that no menu opens need only a login; a screen needs its menu.
      const homes = ['/', ''];
      if (!homes.includes(target.path)) {
        const screenKnown = await app.dbh.db
          .selectFrom('menu')
          .select('pgmId')
          .where('portal', '=', portal)
          .where((eb) => eb.or([eb('sspUrl', '=', target.path), eb('sspSubUrls', '&&', eb.val([target.path]))]))
          .limit(1)
          .executeTakeFirst();
        if (screenKnown && !(await groupHoldsScreen(app.dbh.db, caller.authGroupId, [target.path], 'read'))) return { code: 'GPMS006' as const, path };
      }
      if (store !== 'Y') return { code: 'OK' as const, path };
      const lang = langOf(request);
      const [user, menus, codes] = await Promise.all([
        sessionUser(app.dbh.db, { userId: caller.userId, sessionId: caller.sessionId, accessToken: null, refreshToken: null, tokenExpiresAt: null, lang }),
        menuTreeFor(app.dbh.db, caller.authGroupId, caller.portal, lang, devPagesServed(app.config)),
        codeListsFor(app.dbh.db, lang),
      ]);
      return { code: 'OK' as const, path, user, menus, codes };
    },
  );

  app.post(
    '/api/v1/adLoginInfo',
    {
      config: { access: access.login() },
      schema: { operationId: 'adLoginInfo', tags: ['login'], summary: 'The logged-in user (userInfo)', response: { 200: Type.Object({ userInfo: Type.Ref('SessionUser') }), ...commonErrors } },
    },
    async (request) => {
      const c = request.caller!;
      return { userInfo: await sessionUser(app.dbh.db, { userId: c.userId, sessionId: c.sessionId, accessToken: null, refreshToken: null, tokenExpiresAt: null, lang: langOf(request) }) };
    },
  );

  app.get(
    '/api/v1/getExistCheck',
    {
      config: { access: access.public(), ...limited },
      schema: {
        operationId: 'getExistCheck',
        tags: ['login'],
        summary: 'Is a login id taken? (supplier user application)',
        querystring: Type.Object({ userId: Type.String({ minLength: 1, maxLength: 50 }) }, { additionalProperties: false }),
        response: { 200: Type.Object({ userId: Type.String(), exist: Type.Boolean() }), ...failures },
      },
    },
    async (request) => {
      const userId = request.query.userId.trim();
      const row = await app.dbh.db.selectFrom('appUser').select('userId').where((eb) => eb(eb.fn('lower', ['userId']), '=', userId.toLowerCase())).executeTakeFirst();
      return { userId, exist: row !== undefined };
    },
  );

  app.post(
    '/api/v1/getCyberUserList',
    {
      config: { access: access.login(COMP_USER_SCREENS, 'read') },
      schema: { operationId: 'getCyberUserList', tags: ['login'], summary: 'Supplier users (a supplier admin sees only its own company)', consumes: ['application/x-www-form-urlencoded', 'application/json'], body: CyberUserListForm, response: { 200: Type.Object({ userInfo: Type.Array(Type.Ref('ExternalUser')) }), ...commonErrors } },
    },
    async (request) => {
      const f = request.body;
      let q = request.db
        .selectFrom('appUser as u')
        .innerJoin('company as c', 'c.compNo', 'u.compNo')
        .select(['u.userId', 'u.hname', 'u.ename', 'u.compNo', 'c.compNameKr', 'u.email', 'u.cellPhoneNo', 'u.phoneNo', 'u.authGroupId', 'u.useFlag', 'u.status', 'u.lockedAt', 'u.lastLoginAt'])
        .where('u.portal', '=', 'X');
      if (f.compNo?.trim()) q = q.where('u.compNo', '=', f.compNo.trim());
      if (f.userName?.trim()) q = q.where('u.hname', 'like', `%${f.userName.trim()}%`);
      if (f.dsadId?.trim()) q = q.where('u.userId', 'like', `${f.dsadId.trim()}%`);
      const rows = await q.orderBy('u.compNo').orderBy('u.userId').limit(1000).execute();
      return {
        userInfo: rows.map(({ lockedAt, lastLoginAt, compNo, ...r }) => ({ ...r, compNo: compNo!, locked: lockedAt !== null, lastLoginAt: lastLoginAt ? lastLoginAt.toISOString() : null })),
      };
    },
  );

  app.post(
    '/api/v1/cyberUserSync',
    {
      config: { access: access.login(COMP_USER_SCREENS, 'write') },
      schema: {
        operationId: 'cyberUserSync',
        tags: ['login'],
        summary: 'Align the selected supplier users with their company: users of a suspended or closed company are disabled and logged out',
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: CyberUserSyncForm,
        response: { 200: Type.Object({ code: Type.Literal('OK'), checked: Type.Integer(), disabled: Type.Array(Type.String()) }), ...commonErrors },
      },
    },
    async (request) => {
      const ids = [...new Set(request.body.selUser.split(',').map((s) => s.trim()).filter(Boolean))];
      const rows = await request.db
        .selectFrom('appUser as u')
        .innerJoin('company as c', 'c.compNo', 'u.compNo')
        .select(['u.userId', 'u.useFlag', 'c.status'])
        .where('u.portal', '=', 'X')
        .where('u.userId', 'in', ids)
        .execute();
      if (rows.length === 0) throw notFound('COM000010', await messageText(app.dbh.db, 'COM000010', langOf(request)));
      const disable = rows.filter((r) => r.status !== 'ACTIVE' && r.useFlag === 'Y').map((r) => r.userId);
      if (disable.length > 0) {
        await request.db.transaction().execute(async (trx) => {
          await trx.updateTable('appUser').set({ useFlag: 'N', updatedAt: new Date() }).where('userId', 'in', disable).execute();
          for (const id of disable) await endUserSessions(trx, id, 'BLOCKED');
        });
      }
      return { code: 'OK' as const, checked: rows.length, disabled: disable };
    },
  );

  app.get(
    '/api/v2/verify',
    {
      config: { access: access.public() },
      schema: { operationId: 'verifyV2', tags: ['login'], summary: 'Is the access token still good? tokenExpiredTimestamp and timeDifference, or errCode (not redirected by the client)', response: { 200: GpmsVerifyAnswer, ...commonErrors } },
    },
    async (request) => {
      const token = bearerToken(request);
      const lang = langOf(request);
      if (!token) return { errCode: 'GPMS005', msg: await messageText(app.dbh.db, 'GPMS005', lang) };
      try {
        const claims = await (await app.auth.tokens()).verify(token);
        if (!(await findCallerSession(app.dbh.db, claims.sessionId))) return { errCode: 'GPMS005', msg: await messageText(app.dbh.db, 'GPMS005', lang) };
        const now = Date.now();
        const clientTime = Number(request.headers['client-time']);
        return { code: 'OK' as const, tokenExpiredTimestamp: claims.expiresAt.getTime(), currentTimestamp: now, timeDifference: Number.isFinite(clientTime) && clientTime > 0 ? now - clientTime : 0 };
      } catch (err) {
        if (!(err instanceof TokenError)) throw err;
        return { errCode: err.reason === 'expired' ? 'AUTH008' : 'GPMS005', msg: await messageText(app.dbh.db, err.reason === 'expired' ? 'AUTH008' : 'GPMS005', lang) };
      }
    },
  );

  app.get(
    '/api/v1/menus',
    {
      config: { access: access.login() },
      schema: { operationId: 'listMenus', tags: ['login'], summary: 'The menu tree of the caller’s group in the caller’s portal', response: { 200: Type.Array(Type.Ref('MenuNode')), ...commonErrors } },
    },
    async (request) => menuTreeFor(app.dbh.db, request.caller!.authGroupId, request.caller!.portal, langOf(request), devPagesServed(app.config)),
  );
};
