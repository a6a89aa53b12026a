import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_GROUPS } from '../../../server/db/seed/authority.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { fastifyOptions, gpms } from '../../../server/app.js';
import { testConfig } from '../../../server/config.js';
import { createSeededTestDb, type TestDb } from '../../helpers/test-db.js';
import { testCompiles } from '../../helpers/app.js';
import { sessionAs } from '../../helpers/session.js';
import { testDbKind } from '../../helpers/test-db.js';
import { AUTHZ_MATRIX } from './authz-matrix.js';
import { ruleAllows, type CallerKind, type HeldMenu, type Portal } from './authz-rules.js';
import {
  foreignIn,
  loadForeignMarkers,
  loadHeldMenus,
  loadOperations,
  loadParamValues,
  otherCompanyDigest,
  OWN_COMPANY,
  type Operation,
  type ParamValue,
} from './authz-fixtures.js';

/**
 * Every operation of schemas/openapi.generated.json, called as every one of the 13
 * authority groups, anonymously, and as a supplier sending another company's ids, answers as the
 * authorization matrix (authz-matrix.ts) says; no answer to a supplier holds another company's
 * data; nothing another company owns changes. Runs on both databases in every run.
 *
 * Staff calls stop once authorization has passed: the authority layer (server/auth/plugin.ts, an
 * onRequest hook) is the only place that answers the refusal codes counted here, so a staff call's
 * verdict is known before validation, and the handler's work (lists and reports over the seeded
 * company: most of the run's time) is skipped by a preValidation hook this test adds for calls
 * marked `x-authz-probe`. Supplier and anonymous calls run whole: their answers are scanned for other
 * companies' data, and their writes must not touch another company.
 */

/** One account per seeded authority group; 51 and 34 have no demo account, so seeded staff of those groups get the demo password. */
const GROUP_ACCOUNTS: Record<string, string> = {
  '99': 'admin',
  '50': 'opadmin',
  '51': 'E000024',
  '10': 'tfadmin',
  '20': 'operator',
  '30': 'buyer',
  '31': 'uadmin1',
  '32': 'uadmin2',
  '33': 'uadmin3',
  '34': 'E000012',
  '40': 'monitor',
  '60': 'supplier1',
  '61': 'supplier1adm',
};
/** Answers of the authority layer (server/auth/plugin.ts): the caller was refused before the handler. */
const REFUSAL_CODES = new Set(['GPMS005', 'GPMS006', 'PORTAL_MISMATCH', 'AUTH008']);
/** Operations that end the caller's own session: called last. */
const ENDS_SESSION = new Set(['authLogout', 'oidcLogout']);

interface Caller extends CallerKind {
  name: string;
  headers: Record<string, string>;
}

/** The real app on a copy of the seeded database, plus the probe hook (above) for staff calls. */
async function matrixApp(): Promise<{ app: FastifyInstance; db: TestDb; close(): Promise<void> }> {
  const db = await createSeededTestDb();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpms-authz-'));
  const config = testConfig({ dataDir, distDir: path.join(dataDir, 'no-dist'), databaseUrl: db.url });
  // Schemas compiled as calls first reach them, kept for the worker's later files (tests/helpers/app.ts): every schema
  // compiling at start is the production-start test's and every server's before /readyz (docs/testing.md).
  const app = Fastify(fastifyOptions(config, testCompiles.schemas, undefined, testCompiles.keptCompiles));
  app.addHook('preValidation', async (request, reply) => {
    if (request.headers['x-authz-probe'] === '1' && request.caller?.portal === 'I') return reply.code(204).send();
  });
  await app.register(gpms, { config, dbh: db, ...testCompiles });
  await app.ready();
  return {
    app,
    db,
    close: async () => {
      await app.close();
      await db.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describe('authorization matrix over every operation', () => {
  let t: Awaited<ReturnType<typeof matrixApp>>;
  let callers: Caller[];
  let held: HeldMenu[];
  let params: Record<string, ParamValue>;
  let markers: Set<string>;
  // AUTHZ_ONLY=opA,opB narrows the run to a few operations while working on them.
  const only = process.env.AUTHZ_ONLY?.split(',').filter(Boolean);
  const operations = loadOperations().filter((o) => !only || only.includes(o.operationId));

  beforeAll(async () => {
    t = await matrixApp();
    const db = t.db.db;
    await db
      .updateTable('appUser')
      .set({
        passwordHash: (eb) => eb.selectFrom('appUser as b').select('b.passwordHash').where('b.userId', '=', 'buyer'),
      })
      .where('userId', 'in', [GROUP_ACCOUNTS['51'], GROUP_ACCOUNTS['34']])
      .execute();
    callers = [{ name: 'anonymous', portal: null, authGroupId: null, headers: {} }];
    for (const group of AUTH_GROUPS) {
      const userId = GROUP_ACCOUNTS[group.authGroupId];
      if (!userId) throw new Error(`no account for authority group ${group.authGroupId}: add one to GROUP_ACCOUNTS`);
      const user = await db
        .selectFrom('appUser')
        .select(['authGroupId', 'portal', 'compNo'])
        .where('userId', '=', userId)
        .executeTakeFirstOrThrow();
      expect(user.authGroupId).toBe(group.authGroupId);
      if (user.portal === 'X') expect(user.compNo).toBe(OWN_COMPANY);
      const logged = await sessionAs(t.app, userId);
      const probe: Record<string, string> = user.portal === 'I' ? { 'x-authz-probe': '1' } : {};
      callers.push({
        name: `${group.authGroupId}:${userId}`,
        portal: user.portal as Portal,
        authGroupId: group.authGroupId,
        headers: { ...logged.headers, ...probe },
      });
    }
    held = await loadHeldMenus(db);
    params = await loadParamValues(db);
    markers = await loadForeignMarkers(db);
  }, 300_000);
  afterAll(() => t?.close());

  it('every operation has a row, and every row an operation', () => {
    const ids = loadOperations().map((o) => o.operationId);
    const missing = ids.filter((id) => !Object.hasOwn(AUTHZ_MATRIX, id));
    const stale = Object.keys(AUTHZ_MATRIX).filter((id) => !ids.includes(id));
    expect(
      missing,
      `operations without a row in tests/api/security/authz-matrix.ts (npm run authz:missing proposes them): ${missing.join(', ')}`,
    ).toEqual([]);
    expect(stale, `rows for operations that no longer exist: ${stale.join(', ')}`).toEqual([]);
  });

  it('every operation that writes declares whether it is bound to the caller (config.identityBound)', () => {
    // A stored screen may never call an operation whose rule is who calls (docs/studio.md); a new
    // writing operation must say which it is, true or false, beside its access.
    const undeclared = [...t.app.operations]
      .filter(([, o]) => o.method !== 'GET' && typeof o.identityBound !== 'boolean')
      .map(([id]) => id);
    expect(
      undeclared,
      `operations that write without config.identityBound (true when its rule is who calls: own account, a decision, a grant): ${undeclared.join(', ')}`,
    ).toEqual([]);
    const bound = (id: string) => t.app.operations.get(id)?.identityBound;
    for (const id of [
      'changeMyPassword',
      'reauthenticate',
      'updateMyAccount',
      'confirmTenderOpening',
      'approveApproval',
      'rejectApproval',
      'approveWarehousing',
      'approveAdjustment',
      'blockUser',
      'unlockUser',
      'endSession',
      'lockSupplierUser',
      'saveGroupMenuAuth',
      'createMenu',
      'publishStudioScreen',
    ]) {
      expect(bound(id), id).toBe(true);
    }
  });

  it('every operation × every caller answers as the matrix says, and no supplier sees or changes another company', async () => {
    const failures: string[] = [];
    let checks = 0;
    let unexpectedAllows = 0;
    let unexpectedDenials = 0;
    let leaks = 0;
    let scanned = 0;
    const started = Date.now();

    const urlFor = (op: Operation, side: 'own' | 'other'): string | null => {
      let url = op.path;
      for (const name of op.pathParams) {
        const value = params[name];
        if (!value)
          throw new Error(
            `${op.operationId}: no value for path parameter ${name}: add it to loadParamValues (authz-fixtures.ts)`,
          );
        if (side === 'other' && value.other === undefined) continue;
        url = url.replace(`{${name}}`, encodeURIComponent(side === 'other' ? value.other! : value.own));
      }
      if (
        side === 'other' &&
        url === op.path.replace(/\{(\w+)\}/g, (_, n: string) => encodeURIComponent(params[n].own))
      )
        return null;
      const query = new URLSearchParams();
      for (const q of op.requiredQuery) query.set(q.name, queryValue(q.name, q.schema));
      const qs = query.toString();
      return qs ? `${url}?${qs}` : url;
    };
    // A JSON body of `[]` fails every object schema: an allowed caller is stopped by validation
    // (400, after authorization) before the handler changes anything, so such calls can run side by side.
    const inert = (op: Operation) => op.method === 'GET' || op.bodyType === 'json';
    const call = (op: Operation, caller: Caller, url: string, body = '{}') =>
      t.app.inject({
        method: op.method as 'GET',
        url,
        headers: {
          ...caller.headers,
          ...(op.bodyType === 'form'
            ? { 'content-type': 'application/x-www-form-urlencoded' }
            : op.bodyType
              ? { 'content-type': 'application/json' }
              : {}),
        },
        payload: op.bodyType === 'form' ? '' : op.bodyType ? body : undefined,
      });
    const refused = (status: number, body: string) => {
      if (status !== 401 && status !== 403) return false;
      try {
        return REFUSAL_CODES.has((JSON.parse(body) as { code?: string }).code ?? '');
      } catch {
        return false;
      }
    };

    const order = (op: Operation) => (ENDS_SESSION.has(op.operationId) ? 2 : op.method === 'GET' ? 0 : 1);
    const ordered = [...operations].sort((a, b) => order(a) - order(b));
    type Check = { op: Operation; caller: Caller; allow: boolean; url: string };
    const spent = new Map<string, number>();
    const run = async ({ op, caller, allow, url }: Check) => {
      const t0 = performance.now();
      const res = await call(op, caller, url, op.bodyType === 'json' ? '[]' : '{}');
      spent.set(op.operationId, (spent.get(op.operationId) ?? 0) + performance.now() - t0);
      checks++;
      const denied = refused(res.statusCode, res.body);
      if (!allow && !denied) {
        unexpectedAllows++;
        failures.push(
          `ALLOWED ${op.operationId} (${op.method} ${url}) as ${caller.name}: ${res.statusCode} ${res.body.slice(0, 200)}`,
        );
      } else if (allow && denied) {
        unexpectedDenials++;
        failures.push(
          `DENIED ${op.operationId} (${op.method} ${url}) as ${caller.name}: ${res.statusCode} ${res.body.slice(0, 200)}`,
        );
      }
      if (caller.portal === 'X' && res.statusCode < 300) {
        scanned++;
        const found = foreignIn(res.body, markers);
        if (found.length > 0) {
          leaks++;
          failures.push(
            `LEAK ${op.operationId} (${op.method} ${url}) as ${caller.name}: another company's ${found.slice(0, 5).join(', ')}`,
          );
        }
      }
    };
    const all: Check[] = ordered.flatMap((op) => {
      const rule = AUTHZ_MATRIX[op.operationId];
      if (!rule) return []; // the first test names it
      const url = urlFor(op, 'own')!;
      return callers.map((caller) => ({ op, caller, allow: ruleAllows(rule, caller, held), url }));
    });
    // 1. Expected refusals, many at a time: the authority layer answers before any handler runs
    //    (one that does not is a failure whatever it changed). Session-ending operations excepted.
    await pool(
      all.filter((c) => !c.allow && order(c.op) < 2),
      16,
      run,
    );
    // 2. Allowed reads, inert writes and staff calls (stopped after authorization), many at a time;
    // 3. other allowed writes one after another (they change data).
    const sideBySide = (c: Check) => inert(c.op) || c.caller.portal === 'I';
    await pool(
      all.filter((c) => c.allow && order(c.op) < 2 && sideBySide(c)),
      16,
      run,
    );
    for (const c of all.filter((x) => x.allow && order(x.op) === 1 && !sideBySide(x))) await run(c);
    for (const c of all.filter((x) => order(x.op) === 2)) await run(c);

    // A supplier sending another company's ids: refused (or answered without that company's data), and nothing of it changes.
    const digestBefore = await otherCompanyDigest(t.db.db);
    let crossChecks = 0;
    const cross = ordered.flatMap((op) => {
      const url = urlFor(op, 'other');
      if (!url || !AUTHZ_MATRIX[op.operationId]) return [];
      const otherIds = op.pathParams.map((n) => params[n].other).filter((v): v is string => v !== undefined);
      return callers.filter((c) => c.portal === 'X').map((caller) => ({ op, caller, url, otherIds }));
    });
    const runCross = async ({ op, caller, url, otherIds }: (typeof cross)[number]) => {
      const res = await call(op, caller, url);
      checks++;
      crossChecks++;
      if (res.statusCode >= 300) return;
      scanned++;
      if (op.method !== 'GET') {
        leaks++;
        failures.push(
          `CROSS-COMPANY WRITE ${op.operationId} (${op.method} ${url}) as ${caller.name}: ${res.statusCode} ${res.body.slice(0, 200)}`,
        );
        return;
      }
      const found = foreignIn(res.body, new Set([...markers, ...otherIds]));
      if (found.length > 0) {
        leaks++;
        failures.push(
          `CROSS-COMPANY READ ${op.operationId} (${op.method} ${url}) as ${caller.name}: ${found.slice(0, 5).join(', ')}`,
        );
      }
    };
    await pool(
      cross.filter((c) => c.op.method === 'GET'),
      16,
      runCross,
    );
    for (const c of cross.filter((x) => x.op.method !== 'GET')) await runCross(c);
    const digestAfter = await otherCompanyDigest(t.db.db);
    if (digestBefore !== digestAfter) {
      const changed = digestAfter.split(',').filter((part) => !digestBefore.split(',').includes(part));
      failures.push(`another company's rows changed while its ids were sent by a supplier: ${changed.join(', ')}`);
    }
    // The run changed no authority (menus, groups): the expectations held throughout.
    expect(await loadHeldMenus(t.db.db)).toEqual(held);
    const summary =
      `authz matrix (${testDbKind()}): ${operations.length} operations × ${callers.length} caller kinds (anonymous + ${callers.length - 1} authority groups)` +
      ` + ${crossChecks} cross-company calls = ${checks} checks in ${((Date.now() - started) / 1000).toFixed(1)} s;` +
      ` ${scanned} answers to suppliers scanned for ${markers.size} other-company markers;` +
      ` unexpected allows ${unexpectedAllows}, unexpected denials ${unexpectedDenials}, cross-company leaks ${leaks}`;
    console.log(summary);
    if (process.env.AUTHZ_PROFILE === '1')
      console.log(
        [...spent]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 30)
          .map(([id, ms]) => `${ms.toFixed(0).padStart(7)} ms ${id}`)
          .join('\n'),
      );
    expect(failures, `${summary}\n${failures.join('\n')}`).toEqual([]);
    expect(checks).toBeGreaterThan(operations.length * callers.length - 1);
    expect(markers.size).toBeGreaterThan(1000);
  }, 900_000);
});

/** Runs `work` over `items`, at most `limit` at a time. */
async function pool<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: limit }, async () => {
      for (let next = queue.shift(); next !== undefined; next = queue.shift()) await work(next);
    }),
  );
}

/** A value for a required query parameter that passes its schema (wrong versions refuse deletes). */
function queryValue(name: string, schema: Record<string, unknown>): string {
  const fixed: Record<string, string> = {
    version: '999999',
    path: '/prList',
    systemId: 'GPMS',
    'loginUser.login': 'nobody-authz',
    loginId: 'c00001u3',
    userId: 'nobody-authz',
  };
  if (Object.hasOwn(fixed, name)) return fixed[name];
  const anyOf = schema.anyOf as Array<{ enum?: string[] }> | undefined;
  if (anyOf?.[0]?.enum) return String(anyOf[0].enum[0]);
  if (Array.isArray(schema.enum)) return String(schema.enum[0]);
  if (schema.type === 'integer' || schema.type === 'number') return String(schema.minimum ?? 1);
  return 'x';
}
