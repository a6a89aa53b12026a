import { HttpError, badRequest, conflict, forbidden, notFound } from '../../../http/errors.js';

/** A field error as the screens show it: `path` is where (body/lines/0/quantity), `message` why. */
export interface FieldError {
  path: string;
  message: string;
}

export const MSG = {
  invalid: '입력 값을 확인하세요',
  stale: '다른 사용자가 먼저 변경했습니다. 다시 조회한 뒤 처리하세요',
  required: '필수 입력 항목입니다',
} as const;

/** 400 VALIDATION with every field error at once; nothing is written. */
export function failIf(details: FieldError[]): void {
  if (details.length > 0) throw badRequest('VALIDATION', details.length === 1 ? details[0].message : MSG.invalid, details);
}

export const staleVersion = (currentVersion: number) => conflict('VERSION_CONFLICT', MSG.stale, { currentVersion });

/** The document is not in a state that allows the action (409, with the state it is in). */
export const wrongState = (message: string, status: string) => conflict('INVALID_STATE', message, { status });

export const notAllowed = (message: string) => forbidden('NOT_ALLOWED', message);

export const missing = (code: string, message: string) => notFound(code, message);

/** 409 for business conflicts other than state and version (already ordered, rule overlap …). */
export const refused = (code: string, message: string, details?: unknown) => conflict(code, message, details);

export const invalid = (code: string, message: string, details?: FieldError[]) => new HttpError(400, code, message, details);

/** Checks the version the client read against the row's; a stale one is 409 and nothing changes. */
export function checkVersion(expected: number, actual: number): void {
  if (expected !== actual) throw staleVersion(actual);
}
