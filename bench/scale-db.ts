/**
 * The benchmark database at one seed scale, shared by the PostgreSQL benches (bench:reports,
 * bench:api, bench:export:rss): `gpms_bench_reports_s<N>` is created, migrated and seeded once and
 * reused by every later run (seeding scale 50 takes minutes). DATABASE_URL overrides it (then
 * nothing is created). The name keeps its historical `reports` part so a seeded database is reused.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app.js';
import { testConfig } from '../server/config.js';
import { DEMO_PASSWORD } from '../server/db/seed/accounts.js';
import { sql, type KyselyConfig } from 'kysely';
import { connect, type DbHandle } from '../server/db/connect.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { isSeeded, seedDemo } from '../server/db/seed/index.js';

export const ADMIN_URL = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** `--name value` from the command line, as a number. */
export function numberArg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

export function scaleDbName(scale: number): string {
  return `gpms_bench_reports_s${scale}`;
}

export function scaleDbUrl(scale: number): string {
  return process.env.DATABASE_URL ?? ADMIN_URL.replace(/\/[^/]*$/, `/${scaleDbName(scale)}`);
}

export interface ScaleDb {
  url: string;
  name: string;
  dbh: DbHandle;
  /** Order lines in the database (the scale's headline figure). */
  orderLines: number;
}

/**
 * Opens the scale-N database, creating, migrating and seeding it when it is not there yet.
 * `log` is passed to Kysely (the API bench records the statements an operation runs).
 */
export async function openScaleDb(scale: number, options: { log?: KyselyConfig['log'] } = {}): Promise<ScaleDb> {
  const name = scaleDbName(scale);
  const url = scaleDbUrl(scale);
  if (!process.env.DATABASE_URL) {
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await admin.query(`create database ${name}`);
    await admin.end();
  }
  const dbh = await connect({ databaseUrl: url, pgliteDir: null, log: options.log });
  await migrateToLatest(dbh.db);
  if (!(await isSeeded(dbh.db))) {
    console.log(`seeding ${name} at scale ${scale} …`);
    const t0 = performance.now();
    await seedDemo(dbh.db, { scale, log: (m) => console.log(`  ${m}`) });
    console.log(`seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    // Statistics and the visibility map of a freshly bulk-loaded database, as autovacuum would
    // leave them in a while: without them the planner guesses and index-only scans read the heap.
    await sql`vacuum analyze`.execute(dbh.db);
  }
  const orderLines = Number(
    (
      await dbh.db
        .selectFrom('poLine')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  return { url, name, dbh, orderLines };
}

/**
 * The whole app over a scale database, with `admin` logged in: what an operation costs through authentication,
 * authority, its statement and serialisation (bench:reports, bench:cube). Files go to a temporary DATA_DIR.
 */
export async function adminApp(
  url: string,
  dbh: DbHandle,
  name: string,
): Promise<{ app: FastifyInstance; dataDir: string; headers: Record<string, string> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `gpms-bench-${name}-`));
  const app = await buildApp({
    config: testConfig({ dataDir, distDir: path.join(dataDir, 'no-dist'), databaseUrl: url }),
    dbh,
  });
  const login = await app.inject({
    method: 'POST',
    url: '/auth/api/login/idpw',
    payload: new URLSearchParams({
      systemId: 'GPMS',
      grantType: 'idpw',
      username: 'admin',
      password: DEMO_PASSWORD,
    }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  return { app, dataDir, headers: { authorization: `Bearer ${login.json().accessToken}`, iscyber: 'N' } };
}
