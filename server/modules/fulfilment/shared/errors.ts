import { HttpError, badRequest, conflict, forbidden, notFound } from '../../../http/errors.js';

/**
 * The error answers of the fulfilment documents, with the codes the purchasing documents use
 * too (VALIDATION, VERSION_CONFLICT, INVALID_STATE, NOT_ALLOWED): a screen handles them alike.
 */
export interface FieldError {
  /** Where, as the request names it: body/lines/0/quantity. */
  path: string;
  message: string;
}

export const MSG = {
  invalid: '입력 값을 확인하세요',
  stale: '다른 사용자가 먼저 변경했습니다. 다시 조회한 뒤 처리하세요',
  required: '필수 입력 항목입니다',
} as const;

/** 400 with every field error at once; nothing is written. */
export function failIf(details: FieldError[], code = 'VALIDATION'): void {
  if (details.length > 0) throw new HttpError(400, code, details.length === 1 ? details[0].message : MSG.invalid, details);
}

export const fieldError = (code: string, path: string, message: string) => badRequest(code, message, [{ path, message }]);

export const staleVersion = (currentVersion: number) => conflict('VERSION_CONFLICT', MSG.stale, { currentVersion });

/** Compares the version the client read with the row's: stale → 409, nothing changes. */
export function checkVersion(expected: number, actual: number): void {
  if (expected !== actual) throw staleVersion(actual);
}

/** The document is not in a state that allows the action (409 with the state it is in). */
export const wrongState = (message: string, status: string) => conflict('INVALID_STATE', message, { status });

/** Business conflicts other than state and version (already posted, pending adjustments …). */
export const refused = (code: string, message: string, details?: unknown) => conflict(code, message, details);

export const notAllowed = (code: string, message: string) => forbidden(code, message);

export const missing = (code: string, message: string) => notFound(code, message);
