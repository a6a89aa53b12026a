import { sql } from 'kysely';
import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { byteLength } from '../../../lib/text.js';
import { access } from '../../http/access.js';
import { commonErrors } from '../../http/error-schema.js';
import { badRequest, conflict, forbidden } from '../../http/errors.js';
import { Nullable } from '../../http/schema-helpers.js';
import { checkCredentials } from '../../auth/login-service.js';
import { checkOtp, issueOtp, maskDestination, OTP_VALIDITY_SEC } from '../../auth/otp.js';
import { hashPassword, verifyPassword } from '../../auth/password.js';
import { passwordProblem, PASSWORD_LIFETIME_DAYS } from '../../auth/password-policy.js';
import { writeAudit } from '../../db/audit.js';
import type { Db } from '../../db/connect.js';
import type { Caller } from '../../auth/plugin.js';

/**
 * My account (/userManagement/PersonInfoLogin and /userManagement/PersonInfo, on both portals:
 * a supplier's user or a staff member edits their own account, never another's). Opening it
 * takes the password again: a correct one stamps the caller's session (user_session.reauth_at),
 * and every call below checks that stamp on the server — a flag the browser could set proves nothing.
 */
export const REAUTH_WINDOW_SEC = 10 * 60;
const tags = ['portal'];
const PHONE = /^0\d{1,2}-?\d{3,4}-?\d{4}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const POLICY_TEXT: Record<string, string> = {
  length: '비밀번호는 8자 이상 64자 이하로 입력하세요',
  variety: '비밀번호는 영문 대문자, 소문자, 숫자, 특수문자 중 세 가지 이상을 섞어 쓰세요',
  containsId: '비밀번호에 아이디를 넣을 수 없습니다',
};

const MyAccount = Type.Object({
  userId: Type.String(),
  portal: Type.String(),
  hname: Type.String(),
  ename: Nullable(Type.String()),
  email: Nullable(Type.String()),
  cellPhoneNo: Nullable(Type.String()),
  phoneNo: Nullable(Type.String()),
  compNo: Nullable(Type.String()),
  compNameKr: Nullable(Type.String()),
  deptnm: Nullable(Type.String()),
  authGroupName: Type.String(),
  passwordChangedAt: Nullable(Type.String({ format: 'date-time' })),
  passwordExpiresAt: Nullable(Type.String({ format: 'date-time' })),
  reauthUntil: Type.String({ format: 'date-time', description: 'Until when this session may edit the account without the password again' }),
  phoneCode: Nullable(Type.String({ description: 'Always empty: the code sent to a new cell phone' })),
  version: Type.Integer(),
});

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** The session's proof, or 403 REAUTH_REQUIRED; answers when it lapses. */
export async function requireReauth(db: Db, caller: Caller): Promise<Date> {
  const s = await db.selectFrom('userSession').select('reauthAt').where('sessionId', '=', caller.sessionId).where('userId', '=', caller.userId).executeTakeFirst();
  const until = s?.reauthAt ? new Date(s.reauthAt.getTime() + REAUTH_WINDOW_SEC * 1000) : null;
  if (!until || until.getTime() <= Date.now()) throw forbidden('REAUTH_REQUIRED', '내 정보를 보려면 비밀번호를 다시 입력하세요 (내 정보 확인)');
  return until;
}

async function myAccount(db: Db, caller: Caller, until: Date) {
  const u = await db
    .selectFrom('appUser as u')
    .innerJoin('authGroup as g', 'g.authGroupId', 'u.authGroupId')
    .leftJoin('company as c', 'c.compNo', 'u.compNo')
    .leftJoin('employee as e', 'e.singleid', 'u.singleid')
    .leftJoin('department as d', 'd.deptcd', 'e.deptcd')
    .select(['u.userId', 'u.portal', 'u.hname', 'u.ename', 'u.email', 'u.cellPhoneNo', 'u.phoneNo', 'u.compNo', 'c.compNameKr', 'd.deptnm', 'g.nameKo as authGroupName', 'u.passwordChangedAt', 'u.passwordExpiresAt', 'u.version'])
    .where('u.userId', '=', caller.userId)
    .executeTakeFirstOrThrow();
  return { ...u, passwordChangedAt: iso(u.passwordChangedAt), passwordExpiresAt: iso(u.passwordExpiresAt), reauthUntil: until.toISOString(), phoneCode: null };
}

const digits = (v: string | null) => (v ? v.replace(/\D/g, '') : null);

export const myAccountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const limited = { rateLimit: { max: app.config.authRateLimitPerMinute, timeWindow: '1 minute' } };

  app.post(
    '/api/v1/my-account/reauth',
    {
      config: { access: access.login([], 'read'), ...limited },
      schema: {
        operationId: 'reauthenticate',
        tags,
        summary: 'PersonInfoLogin: the password again; a correct one lets this session open and edit my account for 10 minutes (wrong ones count toward the login lock)',
        body: Type.Object({ password: Type.String({ minLength: 1, maxLength: 128 }) }, { additionalProperties: false }),
        response: { 200: Type.Object({ code: Type.Literal('OK'), reauthUntil: Type.String({ format: 'date-time' }) }), ...commonErrors, 429: Type.Ref('ErrorBody') },
      },
    },
    async (request) => {
      const caller = request.caller!;
      const outcome = await checkCredentials(app.dbh.db, app.auth.directory, { userId: caller.userId, password: request.body.password, portal: caller.portal, ip: request.ip });
      if (!outcome.ok) {
        if (outcome.code === 'AUTH102') throw badRequest('AUTH102', '비밀번호를 여러 번 잘못 입력해 잠시 잠겼습니다. 잠시 후 다시 시도하세요');
        throw badRequest('AUTH011', '비밀번호가 올바르지 않습니다');
      }
      const now = new Date();
      await app.dbh.db.updateTable('userSession').set({ reauthAt: now }).where('sessionId', '=', caller.sessionId).execute();
      return { code: 'OK' as const, reauthUntil: new Date(now.getTime() + REAUTH_WINDOW_SEC * 1000).toISOString() };
    },
  );

  app.get(
    '/api/v1/my-account',
    {
      config: { access: access.login([], 'read') },
      schema: { operationId: 'getMyAccount', tags, summary: 'My account (PersonInfo): name, phones, e-mail, password dates; needs the password re-entered in this session', response: { 200: MyAccount, ...commonErrors } },
    },
    async (request) => {
      const caller = request.caller!;
      return myAccount(app.dbh.db, caller, await requireReauth(app.dbh.db, caller));
    },
  );

  app.put(
    '/api/v1/my-account',
    {
      config: { access: access.login([], 'read') },
      schema: {
        operationId: 'updateMyAccount',
        tags,
        summary: 'Change my name, phones and e-mail; a new cell phone needs the code sent to it (sendMyPhoneCode)',
        body: Type.Object(
          {
            hname: Type.String({ minLength: 1, maxLength: 50 }),
            ename: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
            email: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
            cellPhoneNo: Type.Optional(Nullable(Type.String({ maxLength: 20 }))),
            phoneNo: Type.Optional(Nullable(Type.String({ maxLength: 20 }))),
            phoneCode: Type.Optional(Nullable(Type.String({ maxLength: 10 }))),
            version: Type.Integer({ minimum: 1 }),
          },
          { additionalProperties: false },
        ),
        response: { 200: MyAccount, 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => {
      const caller = request.caller!;
      const db = app.dbh.db;
      const until = await requireReauth(db, caller);
      const b = request.body;
      const t = (v: string | null | undefined) => (v === undefined ? undefined : v?.trim() || null);
      const hname = b.hname.trim();
      const errors: Array<{ path: string; message: string }> = [];
      if (!hname) errors.push({ path: 'body/hname', message: '이름을 입력하세요' });
      else if (byteLength(hname) > 50) errors.push({ path: 'body/hname', message: '이름은 50바이트를 넘을 수 없습니다' });
      const email = t(b.email);
      if (email && !EMAIL.test(email)) errors.push({ path: 'body/email', message: '이메일 형식이 올바르지 않습니다' });
      const cell = t(b.cellPhoneNo);
      if (cell && !PHONE.test(cell.replace(/\s/g, ''))) errors.push({ path: 'body/cellPhoneNo', message: '휴대폰 번호 형식이 올바르지 않습니다' });
      const phone = t(b.phoneNo);
      if (phone && !/^[0-9-]{7,20}$/.test(phone.replace(/\s/g, ''))) errors.push({ path: 'body/phoneNo', message: '전화번호 형식이 올바르지 않습니다' });
      if (errors.length) throw badRequest('VALIDATION', errors.length === 1 ? errors[0].message : '입력 값을 확인하세요', errors);
      const before = await db.selectFrom('appUser').select(['hname', 'ename', 'email', 'cellPhoneNo', 'phoneNo', 'version', 'portal']).where('userId', '=', caller.userId).executeTakeFirstOrThrow();
      if (before.version !== b.version) throw conflict('VERSION_CONFLICT', '다른 사용자가 먼저 변경했습니다. 다시 조회한 뒤 처리하세요', { currentVersion: before.version });
      const phoneChanged = cell !== undefined && digits(cell) !== digits(before.cellPhoneNo);
      // A supplier logs in with a code sent to this phone: it may not be left empty.
      if (phoneChanged && !cell && before.portal === 'X') throw badRequest('VALIDATION', '휴대폰 번호는 비울 수 없습니다 (로그인 인증번호를 받는 번호입니다)', [{ path: 'body/cellPhoneNo', message: '휴대폰 번호를 입력하세요' }]);
      if (phoneChanged && cell) {
        const code = t(b.phoneCode);
        if (!code) throw badRequest('PHONE_CODE_REQUIRED', '새 휴대폰 번호로 받은 인증번호를 입력하세요', [{ path: 'body/phoneCode', message: '인증번호를 입력하세요' }]);
        const sent = await db.selectFrom('otpCode').select('destination').where('userId', '=', caller.userId).where('purpose', '=', 'PHONE').where('usedAt', 'is', null).orderBy('createdAt', 'desc').limit(1).executeTakeFirst();
        if (!sent || digits(sent.destination) !== digits(cell)) throw badRequest('AUTH013', '이 번호로 보낸 인증번호가 없습니다. 인증번호를 먼저 받으세요', [{ path: 'body/phoneCode', message: '인증번호를 먼저 받으세요' }]);
        const otp = await checkOtp(db, { userId: caller.userId, purpose: 'PHONE', code });
        if (!otp.ok) throw badRequest('AUTH013', otp.reason === 'expired' ? '인증번호의 유효시간이 지났습니다. 다시 받으세요' : '인증번호가 올바르지 않습니다', [{ path: 'body/phoneCode', message: '인증번호가 올바르지 않습니다' }]);
      }
      const after = { hname, ename: t(b.ename) ?? before.ename, email: email === undefined ? before.email : email, cellPhoneNo: cell === undefined ? before.cellPhoneNo : cell, phoneNo: phone === undefined ? before.phoneNo : phone };
      await db.transaction().execute(async (trx) => {
        const res = await trx
          .updateTable('appUser')
          .set({ ...after, version: before.version + 1, updatedAt: new Date() })
          .where('userId', '=', caller.userId)
          .where('version', '=', before.version)
          .executeTakeFirst();
        if (Number(res.numUpdatedRows) !== 1) throw conflict('VERSION_CONFLICT', '다른 사용자가 먼저 변경했습니다. 다시 조회한 뒤 처리하세요');
        const { portal: _p, version: _v, ...was } = before;
        await writeAudit(trx, { entity: 'app_user', entityKey: caller.userId, action: 'SELF_UPDATE', actor: caller.userId, before: was, after: { ...after, phoneVerified: phoneChanged && !!cell } });
      });
      return myAccount(db, caller, until);
    },
  );

  app.post(
    '/api/v1/my-account/phone-code',
    {
      config: { access: access.login([], 'read'), ...limited },
      schema: {
        operationId: 'sendMyPhoneCode',
        tags,
        summary: 'Send a one-time code to a new cell phone number (valid 3 minutes)',
        body: Type.Object({ cellPhoneNo: Type.String({ minLength: 1, maxLength: 20 }) }, { additionalProperties: false }),
        response: { 200: Type.Object({ code: Type.Literal('OK'), destination: Type.String(), expiresIn: Type.Integer() }), ...commonErrors, 429: Type.Ref('ErrorBody') },
      },
    },
    async (request) => {
      const caller = request.caller!;
      await requireReauth(app.dbh.db, caller);
      const cell = request.body.cellPhoneNo.trim();
      if (!PHONE.test(cell.replace(/\s/g, ''))) throw badRequest('VALIDATION', '휴대폰 번호 형식이 올바르지 않습니다', [{ path: 'body/cellPhoneNo', message: '휴대폰 번호 형식이 올바르지 않습니다' }]);
      const otp = await issueOtp(app.dbh.db, { userId: caller.userId, purpose: 'PHONE', channel: 'SMS', destination: cell });
      await app.auth.sender.send(app.dbh.db, { to: cell, channel: 'SMS', code: otp.code, text: `[GPMS] 휴대폰 번호 확인 인증번호는 ${otp.code} 입니다. ${OTP_VALIDITY_SEC / 60}분 안에 입력하세요.` });
      return { code: 'OK' as const, destination: maskDestination('SMS', cell), expiresIn: OTP_VALIDITY_SEC };
    },
  );

  app.post(
    '/api/v1/my-account/password',
    {
      config: { access: access.login([], 'read'), ...limited },
      schema: {
        operationId: 'changeMyPassword',
        tags,
        summary: 'Change my password under the policy (8–64 characters, three kinds, not the id, not the current one); my other sessions end',
        body: Type.Object({ newPassword: Type.String({ minLength: 1, maxLength: 128 }), newPasswordCheck: Type.String({ minLength: 1, maxLength: 128 }) }, { additionalProperties: false }),
        response: { 200: Type.Object({ code: Type.Literal('OK'), passwordExpiresAt: Type.String({ format: 'date-time' }) }), ...commonErrors, 429: Type.Ref('ErrorBody') },
      },
    },
    async (request) => {
      const caller = request.caller!;
      const db = app.dbh.db;
      await requireReauth(db, caller);
      const { newPassword, newPasswordCheck } = request.body;
      if (newPassword !== newPasswordCheck) throw badRequest('VALIDATION', '새 비밀번호와 확인이 다릅니다', [{ path: 'body/newPasswordCheck', message: '새 비밀번호와 확인이 다릅니다' }]);
      const problem = passwordProblem(newPassword, caller.userId);
      if (problem) throw badRequest('VALIDATION', POLICY_TEXT[problem] ?? '비밀번호 규칙에 맞지 않습니다', [{ path: 'body/newPassword', message: POLICY_TEXT[problem] ?? problem }]);
      const user = await db.selectFrom('appUser').select(['passwordHash']).where('userId', '=', caller.userId).executeTakeFirstOrThrow();
      if (user.passwordHash && (await verifyPassword(user.passwordHash, newPassword))) throw badRequest('VALIDATION', '지금 쓰는 비밀번호와 다른 비밀번호를 쓰세요', [{ path: 'body/newPassword', message: '지금 쓰는 비밀번호와 같습니다' }]);
      const passwordHash = await hashPassword(newPassword);
      const now = new Date();
      const passwordExpiresAt = new Date(now.getTime() + PASSWORD_LIFETIME_DAYS * 86400_000);
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('appUser').set((eb) => ({ passwordHash, passwordChangedAt: now, passwordExpiresAt, updatedAt: now, version: eb('version', '+', 1) })).where('userId', '=', caller.userId).execute();
        // Other browsers signed in with the old password are signed out; this one stays.
        await trx.updateTable('userSession').set({ endedAt: sql<Date>`now()`, endReason: 'PASSWORD_RESET' }).where('userId', '=', caller.userId).where('sessionId', '<>', caller.sessionId).where('endedAt', 'is', null).execute();
        await writeAudit(trx, { entity: 'app_user', entityKey: caller.userId, action: 'PASSWORD_CHANGE', actor: caller.userId });
      });
      return { code: 'OK' as const, passwordExpiresAt: passwordExpiresAt.toISOString() };
    },
  );
};
