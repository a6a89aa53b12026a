import type { Static } from 'typebox';
import type { FastifyInstance } from 'fastify';
import { byteLength } from '../../../../lib/text.js';
import { badRequest, conflict, forbidden } from '../../../http/errors.js';
import { checkCredentials } from '../../../auth/login-service.js';
import { checkOtp, issueOtp, maskDestination, OTP_VALIDITY_SEC } from '../../../auth/otp.js';
import { hashPassword, verifyPassword } from '../../../auth/password.js';
import { passwordProblem, PASSWORD_LIFETIME_DAYS } from '../../../auth/password-policy.js';
import { writeAudit } from '../../../db/audit.js';
import type { Db } from '../../../db/connect.js';
import type { Caller } from '../../../auth/plugin.js';
import type { MyAccountUpdateBody } from './schemas.js';
import {
  accountOf,
  contactFields,
  endOtherSessions,
  latestPhoneCodeDestination,
  passwordHashOf,
  sessionReauthAt,
  setOwnPassword,
  stampReauth,
  updateContactFields,
} from './queries.js';

/**
 * My account (/userManagement/PersonInfoLogin and /userManagement/PersonInfo, on both portals:
 * a supplier's user or a staff member edits their own account, never another's). Opening it
 * takes the password again: a correct one stamps the caller's session (user_session.reauth_at),
 * and every call below checks that stamp on the server — a flag the browser could set proves nothing.
 */
const REAUTH_WINDOW_SEC = 10 * 60;
const PHONE = /^0\d{1,2}-?\d{3,4}-?\d{4}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const POLICY_TEXT: Record<string, string> = {
  length: '비밀번호는 8자 이상 64자 이하로 입력하세요',
  variety: '비밀번호는 영문 대문자, 소문자, 숫자, 특수문자 중 세 가지 이상을 섞어 쓰세요',
  containsId: '비밀번호에 아이디를 넣을 수 없습니다',
};

// Timestamps read from the database are already the API's text (db/pglite/parsers.mjs).
const iso = (d: Date | string | null | undefined) => (d ? (typeof d === 'string' ? d : d.toISOString()) : null);
const digits = (v: string | null) => (v ? v.replace(/\D/g, '') : null);

/** The session's proof, or 403 REAUTH_REQUIRED; answers when it lapses. */
async function requireReauth(db: Db, caller: Caller): Promise<Date> {
  const reauthAt = await sessionReauthAt(db, caller.sessionId, caller.userId);
  const until = reauthAt ? new Date(Date.parse(reauthAt) + REAUTH_WINDOW_SEC * 1000) : null;
  // real time: re-authentication windows and password lifetimes are security time
  if (!until || until.getTime() <= Date.now())
    throw forbidden('REAUTH_REQUIRED', '내 정보를 보려면 비밀번호를 다시 입력하세요 (내 정보 확인)');
  return until;
}

async function myAccount(db: Db, caller: Caller, until: Date) {
  const u = await accountOf(db, caller.userId);
  return {
    ...u,
    passwordChangedAt: iso(u.passwordChangedAt),
    passwordExpiresAt: iso(u.passwordExpiresAt),
    reauthUntil: until.toISOString(),
    phoneCode: null,
  };
}

/** The password again; a correct one lets this session open and edit the account for REAUTH_WINDOW_SEC. */
export async function reauthenticate(app: FastifyInstance, caller: Caller, password: string, ip: string) {
  const outcome = await checkCredentials(app.dbh.db, app.auth.directory, {
    userId: caller.userId,
    password,
    portal: caller.portal,
    ip,
  });
  if (!outcome.ok) {
    if (outcome.code === 'AUTH102')
      throw badRequest('AUTH102', '비밀번호를 여러 번 잘못 입력해 잠시 잠겼습니다. 잠시 후 다시 시도하세요');
    throw badRequest('AUTH011', '비밀번호가 올바르지 않습니다');
  }
  // real time: re-authentication windows and password lifetimes are security time
  const now = new Date();
  await stampReauth(app.dbh.db, caller.sessionId, now);
  return { code: 'OK' as const, reauthUntil: new Date(now.getTime() + REAUTH_WINDOW_SEC * 1000).toISOString() };
}

export async function getMyAccount(db: Db, caller: Caller) {
  return myAccount(db, caller, await requireReauth(db, caller));
}

/** Name, phones and e-mail; a new cell phone needs the code sent to it. */
export async function updateMyAccount(db: Db, caller: Caller, b: Static<typeof MyAccountUpdateBody>) {
  const until = await requireReauth(db, caller);
  const t = (v: string | null | undefined) => (v === undefined ? undefined : v?.trim() || null);
  const hname = b.hname.trim();
  const errors: Array<{ path: string; message: string }> = [];
  if (!hname) errors.push({ path: 'body/hname', message: '이름을 입력하세요' });
  else if (byteLength(hname) > 50) errors.push({ path: 'body/hname', message: '이름은 50바이트를 넘을 수 없습니다' });
  const email = t(b.email);
  if (email && !EMAIL.test(email)) errors.push({ path: 'body/email', message: '이메일 형식이 올바르지 않습니다' });
  const cell = t(b.cellPhoneNo);
  if (cell && !PHONE.test(cell.replace(/\s/g, '')))
    errors.push({ path: 'body/cellPhoneNo', message: '휴대폰 번호 형식이 올바르지 않습니다' });
  const phone = t(b.phoneNo);
  if (phone && !/^[0-9-]{7,20}$/.test(phone.replace(/\s/g, '')))
    errors.push({ path: 'body/phoneNo', message: '전화번호 형식이 올바르지 않습니다' });
  if (errors.length)
    throw badRequest('VALIDATION', errors.length === 1 ? errors[0].message : '입력 값을 확인하세요', errors);
  const before = await contactFields(db, caller.userId);
  if (before.version !== b.version)
    throw conflict('VERSION_CONFLICT', '다른 사용자가 먼저 변경했습니다. 다시 조회한 뒤 처리하세요', {
      currentVersion: before.version,
    });
  const phoneChanged = cell !== undefined && digits(cell) !== digits(before.cellPhoneNo);
  // A supplier logs in with a code sent to this phone: it may not be left empty.
  if (phoneChanged && !cell && before.portal === 'X')
    throw badRequest('VALIDATION', '휴대폰 번호는 비울 수 없습니다 (로그인 인증번호를 받는 번호입니다)', [
      { path: 'body/cellPhoneNo', message: '휴대폰 번호를 입력하세요' },
    ]);
  if (phoneChanged && cell) {
    const code = t(b.phoneCode);
    if (!code)
      throw badRequest('PHONE_CODE_REQUIRED', '새 휴대폰 번호로 받은 인증번호를 입력하세요', [
        { path: 'body/phoneCode', message: '인증번호를 입력하세요' },
      ]);
    const sent = await latestPhoneCodeDestination(db, caller.userId);
    if (!sent || digits(sent.destination) !== digits(cell))
      throw badRequest('AUTH013', '이 번호로 보낸 인증번호가 없습니다. 인증번호를 먼저 받으세요', [
        { path: 'body/phoneCode', message: '인증번호를 먼저 받으세요' },
      ]);
    const otp = await checkOtp(db, { userId: caller.userId, purpose: 'PHONE', code });
    if (!otp.ok)
      throw badRequest(
        'AUTH013',
        otp.reason === 'expired' ? '인증번호의 유효시간이 지났습니다. 다시 받으세요' : '인증번호가 올바르지 않습니다',
        [{ path: 'body/phoneCode', message: '인증번호가 올바르지 않습니다' }],
      );
  }
  const after = {
    hname,
    ename: t(b.ename) ?? before.ename,
    email: email === undefined ? before.email : email,
    cellPhoneNo: cell === undefined ? before.cellPhoneNo : cell,
    phoneNo: phone === undefined ? before.phoneNo : phone,
  };
  await db.transaction().execute(async (trx) => {
    if (!(await updateContactFields(trx, caller.userId, before.version, after)))
      throw conflict('VERSION_CONFLICT', '다른 사용자가 먼저 변경했습니다. 다시 조회한 뒤 처리하세요');
    const { portal: _p, version: _v, ...was } = before;
    await writeAudit(trx, {
      entity: 'app_user',
      entityKey: caller.userId,
      action: 'SELF_UPDATE',
      actor: caller.userId,
      before: was,
      after: { ...after, phoneVerified: phoneChanged && !!cell },
    });
  });
  return myAccount(db, caller, until);
}

/** A one-time code to a new cell phone number. */
export async function sendMyPhoneCode(app: FastifyInstance, caller: Caller, cellPhoneNo: string) {
  await requireReauth(app.dbh.db, caller);
  const cell = cellPhoneNo.trim();
  if (!PHONE.test(cell.replace(/\s/g, '')))
    throw badRequest('VALIDATION', '휴대폰 번호 형식이 올바르지 않습니다', [
      { path: 'body/cellPhoneNo', message: '휴대폰 번호 형식이 올바르지 않습니다' },
    ]);
  const otp = await issueOtp(app.dbh.db, {
    userId: caller.userId,
    purpose: 'PHONE',
    channel: 'SMS',
    destination: cell,
  });
  await app.auth.sender.send(app.dbh.db, {
    to: cell,
    channel: 'SMS',
    code: otp.code,
    text: `[GPMS] 휴대폰 번호 확인 인증번호는 ${otp.code} 입니다. ${OTP_VALIDITY_SEC / 60}분 안에 입력하세요.`,
  });
  return { code: 'OK' as const, destination: maskDestination('SMS', cell), expiresIn: OTP_VALIDITY_SEC };
}

/** A new password under the policy; the user's other sessions end, this one stays. */
export async function changeMyPassword(db: Db, caller: Caller, newPassword: string, newPasswordCheck: string) {
  await requireReauth(db, caller);
  if (newPassword !== newPasswordCheck)
    throw badRequest('VALIDATION', '새 비밀번호와 확인이 다릅니다', [
      { path: 'body/newPasswordCheck', message: '새 비밀번호와 확인이 다릅니다' },
    ]);
  const problem = passwordProblem(newPassword, caller.userId);
  if (problem)
    throw badRequest('VALIDATION', POLICY_TEXT[problem] ?? '비밀번호 규칙에 맞지 않습니다', [
      { path: 'body/newPassword', message: POLICY_TEXT[problem] ?? problem },
    ]);
  const user = await passwordHashOf(db, caller.userId);
  if (user.passwordHash && (await verifyPassword(user.passwordHash, newPassword)))
    throw badRequest('VALIDATION', '지금 쓰는 비밀번호와 다른 비밀번호를 쓰세요', [
      { path: 'body/newPassword', message: '지금 쓰는 비밀번호와 같습니다' },
    ]);
  const passwordHash = await hashPassword(newPassword);
  // real time: re-authentication windows and password lifetimes are security time
  const now = new Date();
  const passwordExpiresAt = new Date(now.getTime() + PASSWORD_LIFETIME_DAYS * 86400_000);
  await db.transaction().execute(async (trx) => {
    await setOwnPassword(trx, caller.userId, passwordHash, now, passwordExpiresAt);
    // Other browsers signed in with the old password are signed out; this one stays.
    await endOtherSessions(trx, caller.userId, caller.sessionId);
    await writeAudit(trx, {
      entity: 'app_user',
      entityKey: caller.userId,
      action: 'PASSWORD_CHANGE',
      actor: caller.userId,
    });
  });
  return { code: 'OK' as const, passwordExpiresAt: passwordExpiresAt.toISOString() };
}
