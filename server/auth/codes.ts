import type { Db } from '../db/connect.js';

/**
 * Spec §8 authentication codes. The texts users see come from the message table (editable in
 * messageManage); these Korean defaults (and the English ones below) answer when a key is
 * missing there — a database set up without the demo seed, or seeded before a code was added.
 */
export const AUTH_CODES = {
  AUTH006: '인증된 시스템이 아닙니다',
  AUTH019: '아이디가 올바르지 않습니다',
  // Unknown ids answer this too (no account discovery): the text names both.
  AUTH011: '아이디 또는 비밀번호가 올바르지 않습니다',
  AUTH015: '비밀번호가 설정되지 않았습니다',
  AUTH100: '비정상 계정입니다',
  AUTH101: '휴면 계정입니다',
  AUTH102: '잠긴 계정입니다. 관리자에게 문의하세요',
  AUTH103: '비밀번호가 만료되었습니다. 비밀번호를 재설정하세요',
  AUTH008: '토큰이 만료되었습니다',
  AUTH013: '인증번호가 올바르지 않습니다',
  AUTH014: '재설정할 비밀번호가 올바르지 않습니다',
  PASSWORD_NOT_EXPIRED: '만료되지 않은 비밀번호입니다. 내 정보에서 변경하세요',
  AUTH003: '등록된 사용자가 아닙니다',
  COM000010: '사용자를 찾을 수 없습니다',
  AUTH_DIRECTORY_DOWN: '디렉터리(AD) 서버가 응답하지 않습니다. 잠시 후 다시 시도하거나 관리자에게 문의하세요',
  AUTH_SSO_DOWN: 'SSO 인증 서버가 응답하지 않습니다. 잠시 후 다시 시도하거나 관리자에게 문의하세요',
  GPMS005: '로그인이 필요합니다',
  GPMS006: '접근 권한이 없습니다',
} as const;

export type AuthCode = keyof typeof AUTH_CODES;

/** English defaults; typed so a new code cannot be added without its English text. */
const AUTH_CODES_EN: Readonly<Record<AuthCode, string>> = {
  AUTH006: 'This system is not authorised',
  AUTH019: 'The user ID is invalid',
  AUTH011: 'The user ID or password is incorrect',
  AUTH015: 'No password has been set for this account',
  AUTH100: 'This account is abnormal',
  AUTH101: 'This account is dormant',
  AUTH102: 'This account is locked. Please contact the administrator',
  AUTH103: 'Your password has expired. Please reset it',
  AUTH008: 'The token has expired',
  AUTH013: 'The verification code is incorrect',
  AUTH014: 'The new password is not valid',
  PASSWORD_NOT_EXPIRED: 'This password has not expired. Change it under My account',
  AUTH003: 'You are not a registered user',
  COM000010: 'User not found',
  AUTH_DIRECTORY_DOWN:
    'The directory (AD) server is not answering. Please try again shortly or contact the administrator',
  AUTH_SSO_DOWN:
    'The single sign-on (SSO) server is not answering. Please try again shortly or contact the administrator',
  GPMS005: 'You need to log in',
  GPMS006: 'You do not have access to this page',
};

export async function messageText(db: Db, key: AuthCode | string, lang: 'ko' | 'en' = 'ko'): Promise<string> {
  const row = await db.selectFrom('message').select(['textKo', 'textEn']).where('msgKey', '=', key).executeTakeFirst();
  if (row) return lang === 'en' ? row.textEn : row.textKo;
  if (!Object.hasOwn(AUTH_CODES, key)) return key;
  return lang === 'en' ? AUTH_CODES_EN[key as AuthCode] : AUTH_CODES[key as AuthCode];
}
