import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.js';
import { testConfig } from '../../../server/config.js';
import { connect, type DbHandle } from '../../../server/db/connect.js';
import { loginAs } from '../../helpers/login.js';
import { postgresBinDir, startPrivatePostgres, type PrivatePostgres } from '../../helpers/private-postgres.js';
import { createPgDatabase, dropPgDatabase, testDbKind } from '../../helpers/test-db.js';
import { testCompiles } from '../../helpers/app.js';

/**
 * A PostgreSQL restart under traffic, on a cluster of the test's own (the
 * machine's is shared and never stopped): readers of the PO list and a writer saving preferences
 * over real HTTP, the cluster stopped fast and started 3 s later. While it is gone every request
 * answers 503 DATABASE_UNAVAILABLE with Retry-After (never 500) and /readyz 503; within 5 s of its
 * return everything answers 200 again; every write answered 200 before the stop is still there.
 * PostgreSQL project only (PGlite has no server to lose).
 */
const run = testDbKind() === 'postgres' && postgresBinDir() !== null;

interface Answer {
  status: number;
  code?: string;
  retryAfter: string | null;
  at: number;
  kind: 'read' | 'write' | 'ready';
}

describe.runIf(run)('database outage on PostgreSQL', () => {
  let pgc: PrivatePostgres;
  let dbh: DbHandle;
  let app: FastifyInstance;
  let base: string;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpms-outage-'));

  beforeAll(async () => {
    pgc = await startPrivatePostgres();
    // The run's seeded demo company, copied from the shared cluster's template into ours.
    const { inject } = await import('vitest');
    const template = inject('seededPgTemplate' as never) as string;
    const bin = postgresBinDir()!;
    const dump = path.join(dataDir, 'seed.dump');
    // pg_dump reads a copy of its own: a session on the shared template makes every other file's copy of it fail
    // ("source database … is being accessed by other users") while the dump runs.
    const copy = `gpms_outage_${process.pid}_${Date.now()}`;
    const source = await createPgDatabase(copy, template);
    try {
      execFileSync(path.join(bin, 'pg_dump'), ['--format=custom', '--no-owner', `--file=${dump}`, source], {
        stdio: 'pipe',
      });
    } finally {
      await dropPgDatabase(copy);
    }
    execFileSync(path.join(bin, 'createdb'), ['-h', '127.0.0.1', '-p', String(pgc.port), '-U', 'postgres', 'gpms'], {
      stdio: 'pipe',
    });
    // Roles belong to the cluster, not the dump: the supplier role of row-level security (migration 0310) first.
    execFileSync(
      path.join(bin, 'psql'),
      [
        '-h',
        '127.0.0.1',
        '-p',
        String(pgc.port),
        '-U',
        'postgres',
        '-d',
        'gpms',
        '-c',
        'create role gpms_supplier nologin',
      ],
      { stdio: 'pipe' },
    );
    execFileSync(path.join(bin, 'pg_restore'), ['--no-owner', `--dbname=${pgc.url('gpms')}`, dump], { stdio: 'pipe' });
    dbh = await connect({ databaseUrl: pgc.url('gpms'), pgliteDir: null });
    app = await buildApp({
      config: testConfig({ dataDir, distDir: path.join(dataDir, 'no-dist'), databaseUrl: pgc.url('gpms') }),
      dbh,
      ...testCompiles,
    });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app?.close();
    await dbh?.close();
    pgc?.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 503 while the database is gone, 200 within 5 s of its return, and loses no acknowledged write', async () => {
    const buyer = await loginAs(app, 'operator');
    const headers = { ...buyer.headers, 'content-type': 'application/json' };
    const answers: Answer[] = [];
    const acknowledged: string[] = [];
    let stopTraffic = false;
    const t0 = Date.now();
    const call = async (kind: Answer['kind'], url: string, init: RequestInit = {}) => {
      const at = Date.now() - t0;
      try {
        const res = await fetch(`${base}${url}`, {
          ...init,
          headers: kind === 'ready' ? {} : headers,
          signal: AbortSignal.timeout(10_000),
        });
        const text = await res.text();
        let code: string | undefined;
        try {
          code = (JSON.parse(text) as { code?: string }).code;
        } catch {
          code = undefined;
        }
        answers.push({ status: res.status, code, retryAfter: res.headers.get('retry-after'), at, kind });
        return res.status;
      } catch {
        answers.push({ status: 0, retryAfter: null, at, kind });
        return 0;
      }
    };
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const reader = async () => {
      while (!stopTraffic) {
        await call('read', '/api/v1/pos?page=1&size=20');
        await sleep(50);
      }
    };
    let n = 0;
    const writer = async () => {
      while (!stopTraffic) {
        const key = `outage.w${n++}`;
        const status = await call('write', `/api/v1/userPrefs/${key}`, {
          method: 'PUT',
          body: JSON.stringify({ value: { n }, version: 0 }),
        });
        if (status === 200) acknowledged.push(key);
        await sleep(80);
      }
    };
    const prober = async () => {
      while (!stopTraffic) {
        await call('ready', '/readyz');
        await sleep(250);
      }
    };
    const clients = [reader(), reader(), reader(), writer(), prober()];

    /** Waits, checking every 50 ms, until `done` holds; fails naming `what` after `ms`. */
    const until = async (what: string, done: () => boolean, ms = 15_000) => {
      const deadline = Date.now() + ms;
      while (!done()) {
        if (Date.now() > deadline) throw new Error(`database outage: still waiting, after ${ms} ms, for ${what}`);
        await sleep(50);
      }
    };
    const kinds = ['read', 'write', 'ready'] as const;
    const answeredSince = (from: number, kind: Answer['kind'], ok: boolean) =>
      answers.some((a) => a.at >= from && a.kind === kind && (a.status === 200) === ok);

    // Traffic under way: every kind has answered 200 and a write was acknowledged.
    await until(
      'a first 200 of every kind',
      () => kinds.every((k) => answeredSince(0, k, true)) && acknowledged.length > 0,
    );
    const ackedBeforeStop = acknowledged.length;
    const stopAt = Date.now() - t0;
    pgc.stop();
    const stoppedAt = Date.now() - t0;
    const keysBeforeStop = acknowledged.slice(0, ackedBeforeStop);
    // Down until every kind has been refused.
    await until('a refusal of every kind while the database is down', () =>
      kinds.every((k) => answeredSince(stoppedAt, k, false)),
    );
    pgc.start();
    const backAt = Date.now() - t0;
    // Traffic until every kind of request has answered 200 after the return, then until each has answered twice more.
    await until('a 200 of every kind after the return', () => kinds.every((k) => answeredSince(backAt, k, true)));
    const allBackAt = Date.now() - t0;
    await until('two more answers of every kind', () =>
      kinds.every((k) => answers.filter((a) => a.at >= allBackAt && a.kind === k).length >= 2),
    );
    stopTraffic = true;
    await Promise.all(clients);

    const statuses = (kind?: Answer['kind']) =>
      answers
        .filter((a) => !kind || a.kind === kind)
        .reduce<Record<number, number>>((m, a) => ({ ...m, [a.status]: (m[a.status] ?? 0) + 1 }), {});
    const firstOk = Math.max(
      ...(['read', 'write', 'ready'] as const)
        .map((k) => answers.filter((a) => a.at >= backAt && a.kind === k && a.status === 200).map((a) => a.at))
        .map((ats) => (ats.length ? Math.min(...ats) : Infinity)),
    );
    const allOkFrom = Math.max(...answers.filter((a) => a.status !== 200).map((a) => a.at), backAt);
    // The figures of docs/operations.md.
    console.log(
      `database outage: ${answers.length} requests; all ${JSON.stringify(statuses())}; reads ${JSON.stringify(statuses('read'))}; writes ${JSON.stringify(statuses('write'))}; readyz ${JSON.stringify(statuses('ready'))}; stop took ${stoppedAt - stopAt} ms; first 200 of every kind ${firstOk === Infinity ? 'never' : firstOk - backAt} ms and only 200 from ${allOkFrom - backAt} ms after the database returned; ${acknowledged.length} writes acknowledged`,
    );

    expect(answers.filter((a) => a.status >= 500 && a.status !== 503)).toEqual([]);
    expect(answers.filter((a) => a.status !== 200 && a.status !== 503)).toEqual([]);
    const unavailable = answers.filter((a) => a.status === 503 && a.kind !== 'ready');
    expect(unavailable.length).toBeGreaterThan(0);
    for (const a of unavailable) {
      expect(a.code).toBe('DATABASE_UNAVAILABLE');
      expect(Number(a.retryAfter)).toBeGreaterThan(0);
    }
    expect(answers.some((a) => a.kind === 'ready' && a.status === 503 && a.at > stoppedAt && a.at < backAt)).toBe(true);
    // Back within 5 s of the database's return, and nothing but 200 from then on.
    expect(firstOk - backAt).toBeLessThan(5000);
    expect(answers.filter((a) => a.at >= backAt + 5000 && a.status !== 200)).toEqual([]);
    // Every write acknowledged before the stop is there (and every one after it).
    expect(keysBeforeStop.length).toBeGreaterThan(0);
    const saved = await dbh.db
      .selectFrom('userPref')
      .select('prefKey')
      .where('userId', '=', 'operator')
      .where('prefKey', 'like', 'outage.w%')
      .execute();
    const savedKeys = new Set(saved.map((r) => r.prefKey));
    expect(acknowledged.filter((k) => !savedKeys.has(k))).toEqual([]);
  }, 90_000);
});
