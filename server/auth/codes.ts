import type { Db } from '../db/connect.js';

/**
 * Spec §8 authentication codes. The texts users see come from the message table (editable in
 * messageManage); these Korean defaults answer when a key is missing there.
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
  AUTH003: '등록된 사용자가 아닙니다',
  COM000010: '사용자를 찾을 수 없습니다',
  AUTH_DIRECTORY_DOWN: '디렉터리(AD) 서버가 응답하지 않습니다. 잠시 후 다시 시도하거나 관리자에게 문의하세요',
  AUTH_SSO_DOWN: 'SSO 인증 서버가 응답하지 않습니다. 잠시 후 다시 시도하거나 관리자에게 문의하세요',
  GPMS005: '로그인이 필요합니다',
  GPMS006: '접근 권한이 없습니다',
} as const;

export type AuthCode = keyof typeof AUTH_CODES;

export async function messageText(db: Db, key: AuthCode | string, lang: 'ko' | 'en' = 'ko'): Promise<string> {
  const row = await db.selectFrom('message').select(['textKo', 'textEn']).where('msgKey', '=', key).executeTakeFirst();
  if (row) return lang === 'en' ? row.textEn : row.textKo;
  return Object.hasOwn(AUTH_CODES, key) ? AUTH_CODES[key as AuthCode] : key;
}
