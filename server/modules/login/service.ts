import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/connect.js';
import { notFound } from '../../http/errors.js';
import type { Caller } from '../../auth/plugin.js';
import { checkCredentials } from '../../auth/login-service.js';
import { refuse, startSession, startSsoSession } from '../../auth/login-flow.js';
import { loginPayload, sessionUser } from '../../auth/login-payload.js';
import { checkOtp, issueOtp, maskDestination, OTP_VALIDITY_SEC } from '../../auth/otp.js';
import { codeListsFor, devPagesServed, groupHoldsScreen, menuPathOf, menuTreeFor } from '../../auth/menu-authority.js';
import { findCallerSession, endUserSessions } from '../../auth/sessions.js';
import { messageText } from '../../auth/codes.js';
import { TokenError } from '../../auth/tokens.js';
import {
  contactsOf,
  disableUsers,
  externalUsers,
  externalUsersWithCompanyStatus,
  loginIdTaken,
  menuOpens,
} from './queries.js';

/** GPMS's own login steps (spec §7). A refusal is an answer the route sends as the spec's login failure. */

type Lang = 'ko' | 'en';

/** AD mode: the user, menus and codes for the bearer token the auth service issued. */
export async function loginForToken(app: FastifyInstance, caller: Caller, token: string, lang: Lang) {
  const claims = await (await app.auth.tokens()).verify(token);
  return loginPayload(
    app.dbh.db,
    {
      userId: caller.userId,
      sessionId: caller.sessionId,
      accessToken: token,
      refreshToken: null,
      tokenExpiresAt: claims.expiresAt,
      lang,
    },
    devPagesServed(app.config),
  );
}

/** SSO mode: the assertion logs the user in; the answer carries the tokens, menus and codes. */
export async function loginSso(
  app: FastifyInstance,
  request: FastifyRequest,
  form: Parameters<FastifyInstance['auth']['sso']['resolve']>[0],
  lang: Lang,
) {
  const started = await startSsoSession(app, request, form);
  if (!('ok' in started)) return started;
  const s = started.ok;
  return {
    ok: await loginPayload(
      app.dbh.db,
      {
        userId: s.userId,
        sessionId: s.sessionId,
        accessToken: s.accessToken,
        refreshToken: s.refreshToken,
        tokenExpiresAt: s.tokenExpiresAt,
        lang,
      },
      devPagesServed(app.config),
    ),
  };
}

/** External login, step 1: the id and password are right, so a one-time code goes out by SMS or e-mail. */
export async function cyberLogin(
  app: FastifyInstance,
  ip: string,
  form: { userId: string; userPw: string; optGubun: 'EMAIL' | 'SMS' },
) {
  const { userPw, optGubun } = form;
  const userId = form.userId.trim();
  const outcome = await checkCredentials(app.dbh.db, app.auth.directory, { userId, password: userPw, portal: 'X', ip });
  if (!outcome.ok) return refuse(outcome.code);
  const user = await contactsOf(app.dbh.db, userId);
  const destination = optGubun === 'EMAIL' ? user.email : user.cellPhoneNo;
  if (!destination) return refuse(optGubun === 'EMAIL' ? 'OTP_NO_EMAIL' : 'OTP_NO_CELL_PHONE', 400);
  const otp = await issueOtp(app.dbh.db, { userId, purpose: 'LOGIN', channel: optGubun, destination });
  await app.auth.sender.send(app.dbh.db, {
    to: destination,
    channel: optGubun,
    code: otp.code,
    text: `[OGPMS] 로그인 인증번호는 ${otp.code} 입니다. ${OTP_VALIDITY_SEC / 60}분 안에 입력하세요.`,
  });
  return {
    ok: {
      code: 'OK' as const,
      channel: optGubun,
      destination: maskDestination(optGubun, destination),
      expiresIn: OTP_VALIDITY_SEC,
    },
  };
}

/** External login, step 2: the same id and password again with the code; the answer is the login payload. */
export async function cyberCheckOtp(
  app: FastifyInstance,
  request: FastifyRequest,
  form: { userId: string; userPw: string; otpNum: string },
  lang: Lang,
) {
  const userId = form.userId.trim();
  // The code is bound to the login that asked for it: the same id and password again.
  const outcome = await checkCredentials(app.dbh.db, app.auth.directory, {
    userId,
    password: form.userPw,
    portal: 'X',
    ip: request.ip,
  });
  if (!outcome.ok) return refuse(outcome.code);
  const otp = await checkOtp(app.dbh.db, { userId, purpose: 'LOGIN', code: form.otpNum });
  if (!otp.ok) return refuse('AUTH013');
  const s = await startSession(app, request, { userId, portal: 'X', method: 'OTP' });
  return {
    ok: await loginPayload(
      app.dbh.db,
      {
        userId,
        sessionId: s.sessionId,
        accessToken: s.accessToken,
        refreshToken: s.refreshToken,
        tokenExpiresAt: s.tokenExpiresAt,
        lang,
      },
      devPagesServed(app.config),
    ),
  };
}

/** External AD entry: the tokens the auth service put in the URL, for the user they name; errCode AUTH008 asks for a new login. */
export async function cyberAdLogin(app: FastifyInstance, token: string | null, userId: string, lang: Lang) {
  const errAnswer = async (errCode: string) => ({ ok: { errCode, msg: await messageText(app.dbh.db, errCode, lang) } });
  if (!token) return errAnswer('AUTH008');
  let claims;
  try {
    claims = await (await app.auth.tokens()).verify(token);
  } catch (err) {
    if (err instanceof TokenError) return errAnswer('AUTH008');
    throw err;
  }
  if (claims.portal !== 'X' || claims.userId !== userId.trim()) return refuse('AUTH006');
  const session = await findCallerSession(app.dbh.db, claims.sessionId);
  if (!session) return errAnswer('AUTH008');
  return {
    ok: await loginPayload(
      app.dbh.db,
      {
        userId: claims.userId,
        sessionId: claims.sessionId,
        accessToken: token,
        refreshToken: null,
        tokenExpiresAt: claims.expiresAt,
        lang,
      },
      devPagesServed(app.config),
    ),
  };
}

/** May the caller open the path? OK, GPMS005 (log in) or GPMS006 (no right); with store=Y also the user, menus and codes. */
export async function loginCheck(
  app: FastifyInstance,
  caller: Caller | null,
  q: { path: string; store?: string; cyber: boolean },
  lang: Lang,
) {
  const { path, store } = q;
  const target = menuPathOf(path);
  const portal = q.cyber ? 'X' : target.portal;
  if (!caller || caller.portal !== portal) return { code: 'GPMS005' as const, path };
  // Home pages and pages that no menu opens need only a login; a screen needs its menu.
  const homes = ['/', ''];
  if (!homes.includes(target.path)) {
    if (
      (await menuOpens(app.dbh.db, portal, target.path)) &&
      !(await groupHoldsScreen(app.dbh.db, caller.authGroupId, [target.path], 'read'))
    )
      return { code: 'GPMS006' as const, path };
  }
  if (store !== 'Y') return { code: 'OK' as const, path };
  const [user, menus, codes] = await Promise.all([
    sessionUser(app.dbh.db, {
      userId: caller.userId,
      sessionId: caller.sessionId,
      accessToken: null,
      refreshToken: null,
      tokenExpiresAt: null,
      lang,
    }),
    menuTreeFor(app.dbh.db, caller.authGroupId, caller.portal, lang, devPagesServed(app.config)),
    codeListsFor(app.dbh.db, lang),
  ]);
  return { code: 'OK' as const, path, user, menus, codes };
}

/** The logged-in user. */
export async function loggedInUser(db: Db, c: Caller, lang: Lang) {
  return {
    userInfo: await sessionUser(db, {
      userId: c.userId,
      sessionId: c.sessionId,
      accessToken: null,
      refreshToken: null,
      tokenExpiresAt: null,
      lang,
    }),
  };
}

/**
 * Is a login id taken? (supplier user application). Public, so in production it tells nothing: every
 * id answers `exist: false`, a taken one as an unknown one (docs/security.md 6.3.x) — an anonymous
 * caller cannot learn which accounts exist. The application's own step still refuses a taken id
 * (400 on the step, 409 DUPLICATE_USER_ID at submission), under its own per-address limit.
 * Development answers the truth, for the legacy screens' id check.
 */
export async function existCheck(db: Db, rawId: string, production: boolean) {
  const userId = rawId.trim();
  return { userId, exist: production ? false : await loginIdTaken(db, userId) };
}

/** Supplier users; the company scope of the caller's database narrows a supplier admin to its own company. */
export async function cyberUserList(db: Db, f: { compNo?: string; userName?: string; dsadId?: string }) {
  const rows = await externalUsers(db, {
    compNo: f.compNo?.trim(),
    userName: f.userName?.trim(),
    idPrefix: f.dsadId?.trim(),
  });
  return {
    userInfo: rows.map(({ lockedAt, lastLoginAt, compNo, ...r }) => ({
      ...r,
      compNo: compNo!,
      locked: lockedAt !== null,
      lastLoginAt: lastLoginAt ? lastLoginAt : null,
    })),
  };
}

/** Users of a suspended or closed company are disabled and logged out, in one transaction. */
export async function cyberUserSync(app: FastifyInstance, db: Db, selUser: string, lang: Lang) {
  const ids = [
    ...new Set(
      selUser
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  const rows = await externalUsersWithCompanyStatus(db, ids);
  if (rows.length === 0) throw notFound('COM000010', await messageText(app.dbh.db, 'COM000010', lang));
  const disable = rows.filter((r) => r.status !== 'ACTIVE' && r.useFlag === 'Y').map((r) => r.userId);
  if (disable.length > 0) {
    await db.transaction().execute(async (trx) => {
      await disableUsers(trx, disable);
      for (const id of disable) await endUserSessions(trx, id, 'BLOCKED');
    });
  }
  return { code: 'OK' as const, checked: rows.length, disabled: disable };
}

/** Is the access token still good? tokenExpiredTimestamp and timeDifference, or errCode. */
export async function verifyToken(app: FastifyInstance, token: string | null, clientTime: number, lang: Lang) {
  if (!token) return { errCode: 'GPMS005', msg: await messageText(app.dbh.db, 'GPMS005', lang) };
  try {
    const claims = await (await app.auth.tokens()).verify(token);
    if (!(await findCallerSession(app.dbh.db, claims.sessionId)))
      return { errCode: 'GPMS005', msg: await messageText(app.dbh.db, 'GPMS005', lang) };
    // real time: the client measures its clock skew for token timing against the real time
    const now = Date.now();
    return {
      code: 'OK' as const,
      tokenExpiredTimestamp: claims.expiresAt.getTime(),
      currentTimestamp: now,
      timeDifference: Number.isFinite(clientTime) && clientTime > 0 ? now - clientTime : 0,
    };
  } catch (err) {
    if (!(err instanceof TokenError)) throw err;
    return {
      errCode: err.reason === 'expired' ? 'AUTH008' : 'GPMS005',
      msg: await messageText(app.dbh.db, err.reason === 'expired' ? 'AUTH008' : 'GPMS005', lang),
    };
  }
}
