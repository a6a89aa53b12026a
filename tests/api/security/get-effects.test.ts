import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { LogEvent } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.js';
import { testConfig } from '../../../server/config.js';
import { createSeededTestDb, type TestDb } from '../../helpers/test-db.js';
import { testCompiles } from '../../helpers/app.js';
import { sessionAs } from '../../helpers/session.js';
import { loadOperations, loadParamValues, type ParamValue } from './authz-fixtures.js';
import { OPERATION_WORDS, operationWords } from '../../../server/http/operation-words.js';

/**
 * Effects are declared, not guessed from the method: every GET of the contract is called with real
 * ids (an internal administrator, or a supplier administrator for supplier-only operations) while
 * every statement is recorded, and a GET whose call changes data must declare what it leaves behind
 * (`config.effects`: evidence, an audit row, a personal-data view…). The studio's check, the engine
 * and the server hold such a GET to a person's click from a stored screen (docs/studio.md "Effects").
 */

/** A statement that changes data or takes a row lock. */
const WRITES =
  /\b(insert\s+into|update\s+"?\w+"?(\s+as\s+\w+)?\s+set|delete\s+from|merge\s+into|truncate|nextval|setval|for\s+(no\s+key\s+)?update|for\s+(key\s+)?share)\b/i;
/**
 * What the server keeps about a request rather than a change the request makes: rate-limit counts
 * (the database-backed limiter), the one-time-code and session bookkeeping of the caller itself.
 */
const BOOKKEEPING = /^\s*insert into "?rate_limit_counter"?/i;

describe('every GET that writes declares its effects', () => {
  let t: TestDb;
  let app: FastifyInstance;
  let recorded: string[] | null = null;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpms-effects-'));
  const log = (event: LogEvent) => void recorded?.push(event.query.sql);

  beforeAll(async () => {
    t = await createSeededTestDb(undefined, undefined, log);
    // No background job may write while a GET's statements are recorded.
    const config = testConfig({ dataDir, distDir: path.join(dataDir, 'no-dist'), databaseUrl: t.url, jobsPollMs: 0 });
    app = await buildApp({ config, dbh: t, ...testCompiles });
  });
  afterAll(async () => {
    await app?.close();
    await t?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('no GET changes data without declaring it (config.effects)', async () => {
    const params = await loadParamValues(t.db);
    const staff = (await sessionAs(app, 'admin')).headers;
    const supplier = (await sessionAs(app, 'supplier1adm')).headers;
    const gets = loadOperations().filter((o) => o.method === 'GET');
    expect(gets.length).toBeGreaterThan(200);
    const undeclared: string[] = [];
    const declaredWriting: string[] = [];
    for (const op of gets) {
      const info = app.operations.get(op.operationId);
      if (!info) throw new Error(`${op.operationId} is in the contract but not registered`);
      const access = info.access;
      const internal = access?.kind !== 'login' || !access.portals || access.portals.includes('I');
      let url = op.path.replace(/\{(\w+)\}/g, (_, n: string) =>
        encodeURIComponent((params[n] as ParamValue | undefined)?.own ?? 'x'),
      );
      const query = new URLSearchParams();
      for (const q of op.requiredQuery) query.set(q.name, queryValue(q.name, q.schema));
      if (query.size) url = `${url}?${query}`;
      recorded = [];
      const res = await app.inject({ method: 'GET', url, headers: internal ? staff : supplier });
      const statements = recorded;
      recorded = null;
      const writes = statements.filter((s) => WRITES.test(s) && !BOOKKEEPING.test(s));
      if (writes.length === 0) continue;
      if (info.effects.length === 0)
        undeclared.push(`${op.operationId} (${res.statusCode}): ${writes.map((s) => s.slice(0, 80)).join(' | ')}`);
      else declaredWriting.push(op.operationId);
    }
    expect(undeclared, `GETs that write without config.effects:\n${undeclared.join('\n')}`).toEqual([]);
    // The known ones are among those seen writing, declared: the contract download's evidence, the bids' audit row.
    expect(declaredWriting.length).toBeGreaterThan(0);
  }, 600_000);

  it('the contract says which GETs leave something behind, as the server declares them', () => {
    const doc = JSON.parse(
      fs.readFileSync(path.resolve(import.meta.dirname, '../../../schemas/openapi.generated.json'), 'utf8'),
    ) as { paths: Record<string, Record<string, { operationId: string; 'x-effects'?: string[] }>> };
    for (const item of Object.values(doc.paths))
      for (const o of Object.values(item))
        expect(o['x-effects'] ?? [], o.operationId).toEqual([...(app.operations.get(o.operationId)?.effects ?? [])]);
    expect(app.operations.get('getTenderBids')?.effects).toContain('audit');
    expect(app.operations.get('printPo')?.effects).toContain('audit');
    // A contract's signing copy downloaded writes nothing: its 열람 (a POST) is the signer's evidence.
    expect(app.operations.get('downloadContractDocument')?.effects).toEqual([]);
    expect(app.operations.get('viewContractDocument')?.effects).toContain('writes');
  });

  it('every operation that leaves something behind has its own Korean words, and no words name a missing operation', () => {
    const effectful = [...app.operations].filter(([, o]) => o.effects.length > 0).map(([id]) => id);
    expect(effectful.length).toBeGreaterThan(250);
    const wordless = effectful.filter((id) => !Object.hasOwn(OPERATION_WORDS, id));
    expect(
      wordless,
      `operations with effects and no words in server/http/operation-words.ts: ${wordless.join(', ')}`,
    ).toEqual([]);
    const stale = Object.keys(OPERATION_WORDS).filter((id) => !app.operations.get(id)?.effects.length);
    expect(stale, `words for operations that do not exist or leave nothing behind: ${stale.join(', ')}`).toEqual([]);
    // An act is a verbal noun taking 하다; the particle follows the object's last sound.
    for (const [object, act] of Object.values(OPERATION_WORDS)) {
      expect(object.trim(), object).toBe(object);
      expect(act, act).toMatch(/^[가-힣A-Z][가-힣 A-Z]*[가-힣]$/);
    }
    expect(operationWords('cancelContract')).toEqual({
      name: '계약 취소',
      confirm: '계약을 취소합니다. 계속하시겠습니까?',
    });
    expect(operationWords('createPr')?.confirm).toBe('구매요청을 작성합니다. 계속하시겠습니까?');
    expect(operationWords('getTenderBids')?.confirm).toBe('개찰된 입찰서를 열람합니다. 계속하시겠습니까?');
    expect(operationWords('listPos')).toBeNull();
  });
});

/** A value for a required query parameter that passes its schema. */
function queryValue(name: string, schema: Record<string, unknown>): string {
  const fixed: Record<string, string> = {
    version: '999999',
    path: '/prList',
    systemId: 'GPMS',
    'loginUser.login': 'nobody-effects',
    loginId: 'c00001u3',
    userId: 'nobody-effects',
  };
  if (Object.hasOwn(fixed, name)) return fixed[name];
  const anyOf = schema.anyOf as Array<{ enum?: string[] }> | undefined;
  if (anyOf?.[0]?.enum) return String(anyOf[0].enum[0]);
  if (Array.isArray(schema.enum)) return String(schema.enum[0]);
  if (schema.type === 'integer' || schema.type === 'number') return String(schema.minimum ?? 1);
  return 'x';
}
