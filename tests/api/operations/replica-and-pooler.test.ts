import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.js';
import { testConfig } from '../../../server/config.js';
import { connect, type DbHandle } from '../../../server/db/connect.js';
import { sessionAs } from '../../helpers/session.js';
import { loginAs } from '../../helpers/login.js';
import { pgbouncerBin, startPgBouncer } from '../../helpers/pgbouncer.js';
import {
  postgresBinDir,
  startPrivatePostgres,
  startPrivateReplica,
  type PrivatePostgres,
} from '../../helpers/private-postgres.js';
import { createPgDatabase, dropPgDatabase, testDbKind } from '../../helpers/test-db.js';
import { testCompiles } from '../../helpers/app.js';
import { prBody } from '../purchase/helpers.js';

/**
 * A real streaming replica (DATABASE_REPLICA_URL, server/db/replica.ts): a primary cluster of the test's own with
 * the run's seeded demo company, a hot standby made from it by `pg_basebackup -R`, and apps over the pair. A staff
 * member's read-only list is answered by the replica (its replay paused, the list does not see a PR the primary
 * has), the writer's own list by the primary (read-your-writes), a lag past the bound and a stopped replica send
 * reads to the primary, and /metrics counts the reads by target. Then two servers over the same primary through
 * PgBouncer in transaction mode (DATABASE_PREPARED_STATEMENTS=off, LISTEN past it with DATABASE_LISTEN_URL): logins,
 * lists (a supplier's under its role), writes, read back by the other server. The cluster pair and its seeded
 * company are made once for the file. PostgreSQL project only; under CI the PostgreSQL binaries and PgBouncer must
 * be there (the test fails, never skips).
 */
const binaries = postgresBinDir() !== null;
const run = testDbKind() === 'postgres' && (binaries || process.env.CI === 'true');

/** On tmpfs where there is one, as the run's own cluster (scripts/test-postgres.mjs): nothing reaches a disk. */
const parent = fs.existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir();
const FAST = { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off', max_connections: 60 };

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<T>(text)).rows;
  } finally {
    await c.end();
  }
}

/** Waits until the replica has replayed what the primary has written so far. */
async function caughtUp(primary: string, replica: string): Promise<void> {
  const [{ lsn }] = await query<{ lsn: string }>(primary, 'select pg_current_wal_insert_lsn()::text as lsn');
  for (let i = 0; i < 600; i++) {
    const [{ ok }] = await query<{ ok: boolean }>(replica, `select pg_last_wal_replay_lsn() >= '${lsn}' as ok`);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the replica did not catch up within 30 s');
}

describe.runIf(run)('a streaming read replica, and PgBouncer', () => {
  let primary: PrivatePostgres;
  let replica: PrivatePostgres;
  let dbh: DbHandle;
  const apps: FastifyInstance[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpms-replica-'));

  const appWith = async (maxLagMs: number) => {
    const app = await buildApp({
      config: testConfig({
        dataDir,
        distDir: path.join(dataDir, 'no-dist'),
        databaseUrl: primary.url('gpms'),
        databaseReplicaUrl: replica.url('gpms'),
        databaseReplicaMaxLagMs: maxLagMs,
      }),
      dbh,
      ...testCompiles,
    });
    apps.push(app);
    await app.replica!.sample();
    return app;
  };
  const listTotal = async (app: FastifyInstance, headers: Record<string, string>) => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/prs?size=1', headers });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { total: number }).total;
  };
  const reads = async (app: FastifyInstance) => {
    const text = (await app.inject({ method: 'GET', url: '/metrics' })).body;
    const out: Record<string, number> = {};
    for (const m of text.matchAll(/^gpms_db_reads_total\{target="(\w+)",reason="([\w-]+)"\} (\d+)/gm))
      out[`${m[1]}/${m[2]}`] = Number(m[3]);
    return { out, lag: /^gpms_db_replica_lag_seconds\{replica="[^"]+"\} (\S+)/m.exec(text)?.[1] ?? null };
  };
  const replay = (what: 'pause' | 'resume') => query(replica.url('gpms'), `select pg_wal_replay_${what}()`);

  beforeAll(async () => {
    if (!binaries) throw new Error('PostgreSQL server binaries (initdb, pg_basebackup) are missing: CI must have them');
    primary = await startPrivatePostgres({ parent, prefix: 'gpms-primary-', settings: FAST });
    // The standby first (a tiny copy of the new cluster), then the seeded company restored on the primary streams to it.
    replica = await startPrivateReplica(primary, { parent, settings: FAST });
    const { inject } = await import('vitest');
    const template = inject('seededPgTemplate' as never) as string;
    const bin = postgresBinDir()!;
    const dump = path.join(dataDir, 'seed.dump');
    // A copy of the shared template of our own to dump (a session on the template would fail other files' copies).
    const copy = `gpms_replica_${process.pid}_${Date.now()}`;
    const source = await createPgDatabase(copy, template);
    try {
      execFileSync(path.join(bin, 'pg_dump'), ['--format=custom', '--no-owner', `--file=${dump}`, source], {
        stdio: 'pipe',
      });
    } finally {
      await dropPgDatabase(copy);
    }
    await query(primary.url('postgres'), 'create database gpms');
    await query(primary.url('gpms'), 'create role gpms_supplier nologin');
    execFileSync(path.join(bin, 'pg_restore'), ['--no-owner', `--dbname=${primary.url('gpms')}`, dump], {
      stdio: 'pipe',
    });
    await caughtUp(primary.url('gpms'), replica.url('gpms'));
    dbh = await connect({ databaseUrl: primary.url('gpms'), pgliteDir: null });
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await dbh?.close();
    replica?.destroy();
    primary?.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers a staff list from the replica, and the writer's own list from the primary", async () => {
    // A bound no pause here reaches: this test is about where reads go while the replica is close enough.
    const app = await appWith(3_600_000);
    const buyer = await sessionAs(app, 'buyer');
    const operator = await sessionAs(app, 'operator');
    await caughtUp(primary.url('gpms'), replica.url('gpms'));
    await app.replica!.sample();
    // The buyer lists its own PRs (scope 30), the operator every PR.
    const before = await listTotal(app, operator.headers);
    const own = await listTotal(app, buyer.headers);
    expect((await reads(app)).out['replica/ok']).toBe(2);

    await replay('pause');
    try {
      const created = await app.inject({
        method: 'POST',
        url: '/api/v1/prs',
        headers: buyer.headers,
        payload: prBody(),
      });
      expect(created.statusCode, created.body).toBe(200);
      // The writer reads its own PR at once: from the primary, the replica has not replayed it.
      expect(await listTotal(app, buyer.headers)).toBe(own + 1);
      // Another member of staff reads the replica, which has not: the list does not have it yet.
      expect(await listTotal(app, operator.headers)).toBe(before);
      const { out } = await reads(app);
      expect(out['primary/own-write']).toBe(1);
      expect(out['replica/ok']).toBe(3);
      // The primary has the PR; the replica is behind it.
      const [onPrimary] = await query<{ n: string }>(primary.url('gpms'), 'select count(*) as n from pr_header');
      const [onReplica] = await query<{ n: string }>(replica.url('gpms'), 'select count(*) as n from pr_header');
      expect(Number(onPrimary.n)).toBe(Number(onReplica.n) + 1);
    } finally {
      await replay('resume');
    }
    await caughtUp(primary.url('gpms'), replica.url('gpms'));
    await app.replica!.sample();
    // Caught up: the writer's reads go back to the replica, which now has the PR.
    expect(await listTotal(app, buyer.headers)).toBe(own + 1);
    expect(await listTotal(app, operator.headers)).toBe(before + 1);
    const { out, lag } = await reads(app);
    expect(out['replica/ok']).toBe(5);
    expect(lag).toBe('0');
    // A report reads the replica too (its queries run on a hot standby).
    const admin = await sessionAs(app, 'admin');
    const report = await app.inject({
      method: 'GET',
      url: '/api/v1/reports/monthly/01?fromMonth=201901&toMonth=201903',
      headers: admin.headers,
    });
    expect(report.statusCode, report.body).toBe(200);
    expect((await reads(app)).out['replica/ok']).toBe(6);
  });

  it('sends reads to the primary while the replay lag is past the bound, and back once it is within', async () => {
    const app = await appWith(1000);
    const operator = await sessionAs(app, 'operator');
    const buyer = await sessionAs(app, 'buyer');
    await caughtUp(primary.url('gpms'), replica.url('gpms'));
    await app.replica!.sample();
    const before = await listTotal(app, operator.headers);
    expect((await reads(app)).out['replica/ok']).toBe(1);

    await replay('pause');
    try {
      const created = await app.inject({
        method: 'POST',
        url: '/api/v1/prs',
        headers: buyer.headers,
        payload: prBody(),
      });
      expect(created.statusCode, created.body).toBe(200);
      // The replica stays behind the primary; its lag (the age of what it last replayed) passes 1 s.
      await new Promise((r) => setTimeout(r, 1200));
      await app.replica!.sample();
      expect(app.replica!.lagMs()).toBeGreaterThan(1000);
      expect(await listTotal(app, operator.headers)).toBe(before + 1);
      const { out, lag } = await reads(app);
      expect(out['primary/lag']).toBe(1);
      expect(Number(lag)).toBeGreaterThan(1);
    } finally {
      await replay('resume');
    }
    await caughtUp(primary.url('gpms'), replica.url('gpms'));
    await app.replica!.sample();
    expect(await listTotal(app, operator.headers)).toBe(before + 1);
    expect((await reads(app)).out['replica/ok']).toBe(2);
  });

  it.runIf(pgbouncerBin() !== null || process.env.CI === 'true')(
    'serves logins, lists and writes through PgBouncer in transaction mode, on two servers',
    async () => {
      const bouncer = await startPgBouncer(primary.port, 'gpms');
      const handles: DbHandle[] = [];
      try {
        const server = async () => {
          const h = await connect({
            databaseUrl: bouncer.url('gpms'),
            listenUrl: primary.url('gpms'),
            pgliteDir: null,
            preparedStatements: false,
          });
          handles.push(h);
          const app = await buildApp({
            config: testConfig({
              dataDir,
              distDir: path.join(dataDir, 'no-dist'),
              databaseUrl: bouncer.url('gpms'),
              databaseListenUrl: primary.url('gpms'),
              databasePreparedStatements: false,
            }),
            dbh: h,
            ...testCompiles,
          });
          apps.push(app);
          return app;
        };
        const [one, two] = [await server(), await server()];
        // Real logins (a password check; a supplier's one-time code), on either server.
        const buyer = await loginAs(one, 'buyer');
        const operator = await loginAs(two, 'operator');
        const supplier = await loginAs(two, 'supplier1');
        const list = async (app: FastifyInstance, url: string, headers: Record<string, string>) => {
          const res = await app.inject({ method: 'GET', url, headers });
          expect(res.statusCode, res.body).toBe(200);
          return (res.json() as { total: number }).total;
        };
        const before = await list(two, '/api/v1/prs?size=5', operator.headers);
        // Many at once on four server connections: each transaction has one while it runs, no more.
        const many = await Promise.all(
          Array.from({ length: 12 }, (_, i) =>
            i % 3 === 0
              ? list(one, '/api/v1/cyber/pos?size=5', supplier.headers)
              : list(i % 2 ? one : two, '/api/v1/prs?size=5', operator.headers),
          ),
        );
        expect(many.filter((_, i) => i % 3 !== 0)).toEqual(Array(8).fill(before));
        const created = await one.inject({
          method: 'POST',
          url: '/api/v1/prs',
          headers: buyer.headers,
          payload: prBody(),
        });
        expect(created.statusCode, created.body).toBe(200);
        const pr = created.json() as { prNo: string; version: number };
        // The other server reads it at once; an edit with the version it read goes through, a stale one is refused.
        expect(await list(two, '/api/v1/prs?size=5', operator.headers)).toBe(before + 1);
        const read = await two.inject({ method: 'GET', url: `/api/v1/prs/${pr.prNo}`, headers: buyer.headers });
        expect(read.statusCode, read.body).toBe(200);
        expect((read.json() as { version: number }).version).toBe(pr.version);
        // All of it went through the pooler.
        expect(await bouncer.transactions('gpms')).toBeGreaterThan(20);
      } finally {
        for (const app of apps.splice(0)) await app.close();
        for (const h of handles) await h.close();
        bouncer.destroy();
      }
    },
  );

  it('answers from the primary while the replica is down', async () => {
    // The tests before wrote on the primary: within the bound the replica may not have them yet, and the total read
    // before the stop would then be the replica's older one.
    await caughtUp(primary.url('gpms'), replica.url('gpms'));
    const app = await appWith(1000);
    const operator = await sessionAs(app, 'operator');
    const before = await listTotal(app, operator.headers);
    replica.stop();
    await app.replica!.sample();
    expect(app.replica!.lagMs()).toBeNull();
    expect(await listTotal(app, operator.headers)).toBe(before);
    const { out, lag } = await reads(app);
    expect(out['primary/down']).toBe(1);
    expect(lag).toBeNull();
  });
});
