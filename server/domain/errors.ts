import { HttpError, badRequest, conflict, forbidden, notFound } from '../http/errors.js';

/**
 * The error answers every module gives, with one set of codes (VALIDATION, VERSION_CONFLICT,
 * INVALID_STATE, NOT_ALLOWED) so that a screen handles them alike whichever module answers.
 */

/** A field error as the screens show it: `path` is where (body/lines/0/quantity), `message` why. */
export interface FieldError {
  path: string;
  message: string;
}

const MSG = {
  invalid: '입력 값을 확인하세요',
  stale: '다른 사용자가 먼저 변경했습니다. 다시 조회한 뒤 처리하세요',
  required: '필수 입력 항목입니다',
} as const;

/** 400 (VALIDATION unless named) with every field error at once; nothing is written. */
export function failIf(details: FieldError[], code = 'VALIDATION'): void {
  if (details.length > 0)
    throw new HttpError(400, code, details.length === 1 ? details[0].message : MSG.invalid, details);
}

/** 400 for one field. */
export const fieldError = (code: string, path: string, message: string) =>
  badRequest(code, message, [{ path, message }]);

export const invalid = (code: string, message: string, details?: FieldError[]) =>
  new HttpError(400, code, message, details);

export const staleVersion = (currentVersion: number) => conflict('VERSION_CONFLICT', MSG.stale, { currentVersion });

/** Checks the version the client read against the row's; a stale one is 409 and nothing changes. */
export function checkVersion(expected: number, actual: number): void {
  if (expected !== actual) throw staleVersion(actual);
}

/** The document is not in a state that allows the action (409, with the state it is in). */
export const wrongState = (message: string, status: string) => conflict('INVALID_STATE', message, { status });

/** 403; NOT_ALLOWED unless a more precise code is named (SELF_APPROVAL, NOT_REQUESTER …). */
export const notAllowed = (message: string, code = 'NOT_ALLOWED') => forbidden(code, message);

export const missing = (code: string, message: string) => notFound(code, message);

/** 409 for business conflicts other than state and version (already ordered, rule overlap …). */
export const refused = (code: string, message: string, details?: unknown) => conflict(code, message, details);
