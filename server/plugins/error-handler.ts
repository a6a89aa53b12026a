import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { HttpError } from '../http/errors.js';
import { validationAnswer } from '../http/validation-words.js';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnreachable } from '../http/database-unavailable.js';

const KO = {
  validation: '요청 값이 올바르지 않습니다',
  notFound: '요청한 경로가 없습니다',
  tooLarge: '요청 크기가 허용 한도를 넘었습니다',
  internal: '서버 내부 오류가 발생했습니다',
  badBody: '요청 본문을 읽을 수 없습니다',
  badValue: '요청 값이 올바르지 않습니다(형식 또는 범위)',
  badReference: '참조하는 항목이 없습니다',
  inUse: '다른 데이터가 참조하고 있어 변경하거나 삭제할 수 없습니다',
  duplicate: '이미 등록된 값입니다',
  required: '필수 값이 없습니다',
  databaseUnavailable: '잠시 후 다시 시도하세요 (데이터베이스에 연결할 수 없습니다)',
  transactionConflict:
    '다른 작업과 동시에 처리되어 완료하지 못했습니다. 잠시 후 다시 시도하세요 (변경된 내용은 없습니다)',
  unauthorized: '로그인이 필요합니다',
  forbidden: '권한이 없습니다',
  method: '허용되지 않는 요청 방식입니다',
  mediaType: '지원하지 않는 요청 본문 형식입니다',
  tooMany: '요청이 너무 많습니다. 잠시 후 다시 시도하세요',
  refused: '요청을 처리할 수 없습니다',
};

/** Seconds a client is asked to wait before repeating a request the database rolled back for a conflict. */
const CONFLICT_RETRY_AFTER_SECONDS = 1;

/**
 * Whether the database rolled the request's transaction back because it met another one: a
 * deadlock (40P01: each held a row the other waited for) or a serialization failure (40001).
 * Nothing of it was written and the same request may well pass a moment later, so it answers 503
 * with Retry-After — never 500, which says "our bug". Looked for through `cause` too.
 */
export function isTransactionConflict(error: unknown, depth = 0): boolean {
  if (depth > 4 || !error || typeof error !== 'object') return false;
  const e = error as { code?: unknown; severity?: unknown; routine?: unknown; name?: unknown; cause?: unknown };
  if (
    (e.code === '40P01' || e.code === '40001') &&
    (typeof e.severity === 'string' || typeof e.routine === 'string' || e.name === 'error')
  )
    return true;
  return isTransactionConflict(e.cause, depth + 1);
}

/**
 * Our own words for an error below 500 that no route raised on purpose (a library's: the body
 * parser, multipart, the rate limiter…). Its message is the library's, in English and sometimes
 * quoting the input: it goes to the log, never to the client.
 */
function ownMessage(status: number, code: string | undefined): string {
  if (status === 400) return code?.startsWith('FST_ERR_CTP') ? KO.badBody : KO.validation;
  const byStatus: Record<number, string> = {
    401: KO.unauthorized,
    403: KO.forbidden,
    404: KO.notFound,
    405: KO.method,
    413: KO.tooLarge,
    415: KO.mediaType,
    429: KO.tooMany,
  };
  return byStatus[status] ?? KO.refused;
}

/**
 * The SQLSTATE of a database "data exception" (class 22), from node-postgres or PGlite (both
 * carry it as `code`), else null.
 */
function databaseDataError(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !/^22[0-9A-Z]{3}$/.test(code)) return null;
  const e = error as { severity?: unknown; routine?: unknown; name?: unknown };
  // Only database errors: both drivers set severity (ERROR) on them.
  return typeof e.severity === 'string' || typeof e.routine === 'string' || e.name === 'error' ? code : null;
}

/**
 * A database integrity error (SQLSTATE class 23) as the caller's mistake: a reference to a row
 * that does not exist (a made-up file id, say), a duplicate key, a missing value, a failed check.
 * Found by the fuzzer: these answered 500. Null for anything else.
 */
function databaseIntegrityError(error: unknown): { status: number; code: string; msg: string } | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !/^23[0-9A-Z]{3}$/.test(code)) return null;
  const e = error as { severity?: unknown; routine?: unknown; name?: unknown; message?: unknown; detail?: unknown };
  if (!(typeof e.severity === 'string' || typeof e.routine === 'string' || e.name === 'error')) return null;
  // "Key (file_id)=(…) is not present…": name the field as the API spells it.
  const column = /Key \(([a-z_, ]+)\)/.exec(String(e.detail ?? ''))?.[1];
  const field = column
    ? ` (${column
        .split(', ')
        .map((c) => c.replace(/_([a-z])/g, (_, ch: string) => ch.toUpperCase()))
        .join(', ')})`
    : '';
  if (code === '23503') {
    return String(e.message ?? '').startsWith('update or delete')
      ? { status: 409, code: 'IN_USE', msg: KO.inUse }
      : { status: 400, code: 'INVALID_REFERENCE', msg: `${KO.badReference}${field}` };
  }
  if (code === '23505') return { status: 409, code: 'DUPLICATE', msg: `${KO.duplicate}${field}` };
  if (code === '23502') return { status: 400, code: 'REQUIRED_VALUE', msg: KO.required };
  return { status: 400, code: 'INVALID_VALUE', msg: `${KO.badValue} (${code})` };
}

/**
 * One error shape for the whole API. Messages are exposed below 500 and for a deliberate 503;
 * another 5xx answers a generic message and the details go to the log.
 */
export const errorHandler = fp(async function errorHandler(app) {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    // Checked first: whatever the route was doing, a database out of reach is "try again shortly".
    if (isDatabaseUnreachable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      request.server.metrics?.dbUnavailable.inc();
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ statusCode: 503, code: 'DATABASE_UNAVAILABLE', msg: KO.databaseUnavailable });
    }
    if (isTransactionConflict(error)) {
      request.log.warn({ err: error }, 'transaction rolled back by a conflict (deadlock or serialization)');
      return reply
        .status(503)
        .header('retry-after', String(CONFLICT_RETRY_AFTER_SECONDS))
        .send({ statusCode: 503, code: 'TRANSACTION_CONFLICT', msg: KO.transactionConflict });
    }
    if (error instanceof HttpError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, 'server error');
      // A 503 is a deliberate "a service is away, try again" whose message says which (written for the user);
      // other 5xx messages may carry internals and stay in the log.
      const exposed = error.statusCode < 500 || error.statusCode === 503;
      return reply.status(error.statusCode).send({
        statusCode: error.statusCode,
        code: error.code,
        msg: exposed ? error.message : KO.internal,
        ...(exposed && error.details !== undefined ? { details: error.details } : {}),
      });
    }
    const fe = error as FastifyError;
    if (fe.validation) {
      // In Korean, the path naming the field (a screen names it by its label): never ajv's English.
      const { msg, details } = validationAnswer(fe.validationContext ?? 'request', fe.validation);
      return reply.status(400).send({ statusCode: 400, code: 'VALIDATION', msg, details });
    }
    const sqlState = databaseDataError(error);
    if (sqlState) {
      // A value the database cannot take (SQLSTATE class 22: invalid date, out of range, bad
      // encoding…) is the caller's bad input: 400, never 500. The detail goes to the log only.
      request.log.info({ sqlState, err: error }, 'database refused a value');
      return reply.status(400).send({ statusCode: 400, code: 'INVALID_VALUE', msg: `${KO.badValue} (${sqlState})` });
    }
    // A multipart body the parser cannot read (no boundary, a broken part header, cut short):
    // busboy throws plain errors, which answered 500 (found by the fuzzer).
    if (/^(Multipart: |Malformed part header|Unexpected end of (form|multipart data))/.test(String(fe.message ?? ''))) {
      request.log.info({ err: error }, 'unreadable multipart body');
      return reply.status(400).send({ statusCode: 400, code: 'BAD_BODY', msg: KO.badBody });
    }
    const integrity = databaseIntegrityError(error);
    if (integrity) {
      request.log.info({ err: error }, 'database refused a change');
      return reply
        .status(integrity.status)
        .send({ statusCode: integrity.status, code: integrity.code, msg: integrity.msg });
    }
    const status = typeof fe.statusCode === 'number' && fe.statusCode >= 400 ? fe.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(status).send({ statusCode: status, code: 'INTERNAL', msg: KO.internal });
    }
    request.log.info({ err: error }, 'request refused by a library');
    return reply
      .status(status)
      .send({ statusCode: status, code: fe.code ?? `HTTP_${status}`, msg: ownMessage(status, fe.code) });
  });
});
