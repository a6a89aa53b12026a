// @vitest-environment node
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { errorHandler, isTransactionConflict } from '../../../server/plugins/error-handler.js';

/** A database error as node-postgres and PGlite hand it over: a SQLSTATE code and a severity. */
const dbError = (code: string, message: string) =>
  Object.assign(new Error(message), { code, severity: 'ERROR', routine: 'DeadLockReport' });

describe('a transaction the database rolled back for a conflict', () => {
  const probe = Fastify();
  afterAll(() => probe.close());

  it('deadlock (40P01) and serialization failure (40001) are conflicts; other errors are not', () => {
    expect(isTransactionConflict(dbError('40P01', 'deadlock detected'))).toBe(true);
    expect(isTransactionConflict(dbError('40001', 'could not serialize access'))).toBe(true);
    expect(isTransactionConflict(new Error('wrapped', { cause: dbError('40P01', 'deadlock detected') }))).toBe(true);
    expect(isTransactionConflict(dbError('23505', 'duplicate key'))).toBe(false);
    // A code alone (no database severity) is not the database's.
    expect(isTransactionConflict(Object.assign(new Error('x'), { code: '40P01' }))).toBe(false);
    expect(isTransactionConflict(null)).toBe(false);
  });

  it('answers 503 with Retry-After and a Korean message, never 500', async () => {
    await probe.register(errorHandler);
    probe.get('/deadlock', async () => {
      throw dbError('40P01', 'deadlock detected');
    });
    probe.get('/serialization', async () => {
      throw dbError('40001', 'could not serialize access due to concurrent update');
    });
    for (const url of ['/deadlock', '/serialization']) {
      const res = await probe.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(503);
      expect(res.headers['retry-after']).toBe('1');
      expect(res.json()).toEqual({
        statusCode: 503,
        code: 'TRANSACTION_CONFLICT',
        msg: '다른 작업과 동시에 처리되어 완료하지 못했습니다. 잠시 후 다시 시도하세요 (변경된 내용은 없습니다)',
      });
      expect(res.body).not.toContain('deadlock');
    }
  });
});
