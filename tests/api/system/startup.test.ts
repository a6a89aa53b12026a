import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { connect } from '../../../server/db/connect.js';
import { migrateToLatest } from '../../../server/db/migrate.js';
import { secureDataDir } from '../../../server/storage/data-dir.js';
import { checkpointForDump, dataDirFromDump } from '../../../server/db/seed-dump.js';
import { DEMO_PASSWORD } from '../../../server/db/seed/accounts.js';
import { buildServer } from '../../../scripts/build-server.mjs';
import { freePort } from '../../../scripts/free-port.mjs';

const root = path.resolve(import.meta.dirname, '../../..');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'gpms-startup-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

// The compiled server, as `npm start` runs it (scripts/build-server.mjs): npm test builds it once before the tests
// (SERVER_BUILT=1); alone, this file builds it (below). Through tsx each start cost two more seconds of CPU.
function runServer(env: Record<string, string>, preload: string[] = []) {
  const child = spawn(process.execPath, [...preload.flatMap((p) => ['--import', p]), 'dist-server/main.mjs'], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/** Every directory and file under `dir` (itself included) that another account could read, enter or write. */
function openToOthers(dir: string): string[] {
  const open: string[] = [];
  const walk = (p: string) => {
    const st = fs.lstatSync(p);
    if (st.isSymbolicLink()) return;
    if (st.mode & 0o077) open.push(`${path.relative(dir, p) || '.'} ${(st.mode & 0o777).toString(8)}`);
    if (st.isDirectory()) for (const name of fs.readdirSync(p)) walk(path.join(p, name));
  };
  walk(dir);
  return open;
}

// Process- and file-level behaviour: the same on either database, so it runs in the PGlite project only.
const once = describe.skipIf(process.env.TEST_DB === 'postgres');

once('start-up and shutdown of the real server process', () => {
  beforeAll(async () => {
    if (process.env.SERVER_BUILT !== '1') await buildServer();
  }, 120_000);

  it('PORT=abc stops start-up naming PORT, with every other bad variable in the same message', async () => {
    const run = runServer({ PORT: 'abc', LOGIN_MODE: 'LDAP', DATA_DIR: path.join(tmp, 'never') });
    expect(await run.exited).toBe(2);
    expect(run.output()).toContain('PORT="abc"');
    expect(run.output()).toContain('LOGIN_MODE="LDAP"');
    expect(fs.existsSync(path.join(tmp, 'never'))).toBe(false);
  });

  it('serves, then shuts down cleanly on SIGTERM', async () => {
    const port = await freePort();
    const run = runServer({
      PORT: String(port),
      DATA_DIR: path.join(tmp, 'serve'),
      SEED: 'none',
      NODE_ENV: 'development',
    });
    let ready = false;
    const before: unknown[] = [];
    // A hang guard, not a timing: the server starts beside the browser runs' servers in npm test.
    // A server that exited (a port taken, a bad start) is not waited for: the assertion below prints its output.
    for (let i = 0; i < 2400 && !ready && run.child.exitCode === null; i++) {
      await new Promise((r) => setTimeout(r, 100));
      ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        async (r) => {
          if (!r.ok) before.push({ status: r.status, body: await r.json() });
          return r.ok;
        },
        () => false,
      );
    }
    expect(ready, run.output()).toBe(true);
    // Listening before its schemas are compiled, the server is not ready for traffic until they are.
    expect(
      before.filter((b) => JSON.stringify(b) !== '{"status":503,"body":{"status":"warming","database":"pglite"}}'),
    ).toEqual([]);
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(await health.json()).toEqual({ status: 'ok' });
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    // DATA_DIR holds the database (with the signing keys), the bid key and the uploads: owner-only.
    expect(openToOthers(path.join(tmp, 'serve'))).toEqual([]);
  }, 300_000);

  it('a route schema a compiler refuses stops the server before /readyz ever answers 200', async () => {
    const port = await freePort();
    const run = runServer(
      // The demo seed's data directory is a file copy of the cached dump: a start with an empty one (initdb and
      // every migration, ≈ 9 s of CPU) is the test above's.
      { PORT: String(port), DATA_DIR: path.join(tmp, 'refused'), SEED: 'demo', NODE_ENV: 'development' },
      [pathToFileURL(path.join(root, 'tests/helpers/refused-schema-preload.mjs')).href],
    );
    const ready: number[] = [];
    let code: number | null | undefined;
    void run.exited.then((c) => (code = c));
    // The server listens before it compiles its schemas (server/http/schema-compile.ts): whatever
    // /readyz answered meanwhile, never 200. A hang guard, not a timing.
    for (let i = 0; i < 1200 && code === undefined && !ready.includes(200); i++) {
      await new Promise((r) => setTimeout(r, 250));
      const status = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (r) => r.status,
        () => 0,
      );
      if (status !== 0) ready.push(status);
    }
    // A server that became ready instead is stopped here, and fails below.
    if (code === undefined) run.child.kill('SIGKILL');
    expect(await run.exited, run.output()).toBe(1);
    expect(ready.filter((s) => s === 200)).toEqual([]);
    expect(run.output()).toContain('a route schema does not compile: stopping');
    expect(run.output()).toMatch(/the schema of GET \/refused-schema \(querystring\) does not compile: .*minimum/);
  }, 300_000);

  it('a first start with the demo seed restores the seeded company from the seed dump; the demo password logs in', async () => {
    const port = await freePort();
    const dataDir = path.join(tmp, 'demo');
    const run = runServer({
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED: 'demo',
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
    });
    let ready = false;
    for (let i = 0; i < 480 && !ready; i++) {
      await new Promise((r) => setTimeout(r, 500));
      ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
    }
    expect(ready, run.output()).toBe(true);
    expect(run.output()).toContain('demo company restored from the seed dump');
    expect(run.output()).not.toContain('demo seed done');
    const login = await fetch(`http://127.0.0.1:${port}/auth/api/login/idpw`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        systemId: 'GPMS',
        grantType: 'idpw',
        username: 'buyer',
        password: DEMO_PASSWORD,
      }).toString(),
    });
    expect(login.status, await login.clone().text()).toBe(200);
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    expect(openToOthers(dataDir)).toEqual([]);
    // The rows of the seed (docs/seed.md's table at scale 1), in the server's own data directory.
    const h = await connect({ databaseUrl: null, pgliteDir: path.join(dataDir, 'pgdata'), pgliteThread: 'main' });
    try {
      const count = async (table: 'appUser' | 'poLine' | 'employee') =>
        Number(
          (
            await h.db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      expect({
        appUser: await count('appUser'),
        poLine: await count('poLine'),
        employee: await count('employee'),
      }).toEqual({ appUser: 1065, poLine: 22603, employee: 800 });
    } finally {
      await h.close();
    }
  }, 300_000);

  it('refuses a DATA_DIR others can write, saying so; closes one others can read', async () => {
    const open = path.join(tmp, 'writable');
    fs.mkdirSync(open);
    fs.chmodSync(open, 0o777);
    const run = runServer({ DATA_DIR: open, SEED: 'none', NODE_ENV: 'development' });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain(`DATA_DIR ${open} is writable by its group and every account (mode 777)`);
    expect(fs.readdirSync(open)).toEqual([]);

    const readable = path.join(tmp, 'readable');
    fs.mkdirSync(readable);
    fs.chmodSync(readable, 0o755);
    const umask = process.umask(0o022);
    try {
      secureDataDir(readable);
    } finally {
      process.umask(umask);
    }
    expect(fs.statSync(readable).mode & 0o777).toBe(0o700);
    // Hang guards, not timings: a server process's start-up, and two migrations of an empty PGlite below, took
    // over a minute each when this file ran beside both browser runs' start-up.
  }, 300_000);
});

once('the embedded database keeps its data', () => {
  it('a restart keeps rows and applies no migration twice; another DATA_DIR starts clean', async () => {
    const dir = path.join(tmp, 'pgdata');
    const first = await connect({ databaseUrl: null, pgliteDir: dir });
    expect((await migrateToLatest(first.db)).length).toBeGreaterThan(0);
    await first.db.insertInto('unit').values({ unitCode: 'EA', nameKo: '개', nameEn: 'each' }).execute();
    await first.close();

    const again = await connect({ databaseUrl: null, pgliteDir: dir });
    expect(await migrateToLatest(again.db)).toEqual([]);
    expect(await again.db.selectFrom('unit').select('unitCode').execute()).toEqual([{ unitCode: 'EA' }]);
    await again.close();

    // Not a table of the first one's: migrating it too (≈ 6 s of CPU) would only show the unit table empty.
    const other = await connect({ databaseUrl: null, pgliteDir: path.join(tmp, 'other') });
    const tables = await sql<{
      n: number;
    }>`select count(*)::int as n from pg_tables where schemaname = 'public'`.execute(other.db);
    expect(tables.rows).toEqual([{ n: 0 }]);
    await other.close();
  }, 300_000);

  it('a checkpointed dump written out as files (as a first start makes its data directory) opens with its rows', async () => {
    const mem = await connect({ databaseUrl: null, pgliteDir: null, pgliteThread: 'main' });
    await sql`create table kept (n int primary key, label text)`.execute(mem.db);
    await sql`insert into kept select g, 'row ' || g from generate_series(1, 5000) g`.execute(mem.db);
    await checkpointForDump(mem.db);
    const tar = path.join(tmp, 'dump.tar');
    fs.writeFileSync(tar, await mem.dumpDataDir!());
    await mem.close();
    const dir = path.join(tmp, 'from-dump');
    dataDirFromDump(tar, dir);
    const opened = await connect({ databaseUrl: null, pgliteDir: dir, pgliteThread: 'main' });
    try {
      const r = await sql<{ n: number; last: string }>`select count(*)::int as n, max(label) as last from kept`.execute(
        opened.db,
      );
      expect(r.rows).toEqual([{ n: 5000, last: 'row 999' }]);
    } finally {
      await opened.close();
    }

    // A name leading out of the directory is refused before anything is written there.
    const header = Buffer.alloc(512);
    header.write('/../escaped', 0);
    header.write('0000600\0', 100);
    header.write('00000000001\0', 124);
    header.write('0', 156);
    header.write('ustar\u000000', 257);
    const evil = path.join(tmp, 'evil.tar');
    fs.writeFileSync(evil, Buffer.concat([header, Buffer.alloc(512 * 3)]));
    expect(() => dataDirFromDump(evil, path.join(tmp, 'evil'))).toThrow(/outside the data directory/);
    expect(fs.existsSync(path.join(tmp, 'escaped'))).toBe(false);
  }, 300_000);
});
