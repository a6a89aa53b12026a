// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isDatabaseUnreachable } from '../../../server/http/database-unavailable.js';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDatabaseUnreachable', () => {
  it('knows a database out of reach by socket code, SQLSTATE or node-postgres message', () => {
    for (const code of [
      'ECONNREFUSED',
      'ECONNRESET',
      'ETIMEDOUT',
      'EPIPE',
      '57P01',
      '57P02',
      '57P03',
      '53300',
      '08006',
      '08001',
      '3D000',
      '28P01',
      'DATABASE_UNAVAILABLE',
    ]) {
      expect(isDatabaseUnreachable(withCode(code)), code).toBe(true);
    }
    for (const message of [
      'Connection terminated unexpectedly',
      'Connection terminated due to connection timeout',
      'timeout exceeded when trying to connect',
      'Client has encountered a connection error and is not queryable',
    ]) {
      expect(isDatabaseUnreachable(new Error(message)), message).toBe(true);
    }
  });

  it('knows a database an administrator closed (ALLOW_CONNECTIONS false), not other 55000s', () => {
    expect(isDatabaseUnreachable(withCode('55000', 'database "gpms" is not currently accepting connections'))).toBe(
      true,
    );
    expect(isDatabaseUnreachable(withCode('55000', 'currval of sequence "s" is not yet defined in this session'))).toBe(
      false,
    );
  });

  it('looks through cause and AggregateError (localhost tried on IPv4 and IPv6)', () => {
    expect(isDatabaseUnreachable(new Error('wrapped', { cause: withCode('ECONNREFUSED') }))).toBe(true);
    expect(isDatabaseUnreachable(new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], ''))).toBe(
      true,
    );
  });

  it('leaves the request’s own faults and our bugs alone', () => {
    for (const code of ['23505', '22P02', '42P01', '40001', '57014'])
      expect(isDatabaseUnreachable(withCode(code)), code).toBe(false);
    expect(isDatabaseUnreachable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnreachable(null)).toBe(false);
    expect(isDatabaseUnreachable(new AggregateError([withCode('ECONNREFUSED'), new Error('other')], ''))).toBe(false);
  });
});
