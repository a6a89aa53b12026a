import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { testConfig } from '../../../server/config.js';
import { openDatabase } from '../../../server/db/open.js';
import { lockFileOf } from '../../../server/db/pglite/data-dir-lock.js';
import { beginEarlyPglite, closeEarlyPglite } from '../../../server/db/pglite/early-open.js';
import { dataDirFromDump, emptyPgliteDumpBeside } from '../../../server/db/seed-dump.js';

// The PGlite worker's open: the PGlite project only.
const pgliteOnly = describe.skipIf(process.env.TEST_DB === 'postgres');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'gpms-open-beside-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** The run's migrated, unseeded dump (tests/global-setup.ts), as a first start restores its copy. */
const emptyDump = () => emptyPgliteDumpBeside(inject('seededPgliteDump' as never) as string);

pgliteOnly('the server’s app built while the database thread opens (server/db/open.ts `beside`)', () => {
  it('gets the handle before the data directory exists; a statement sent then is answered once the thread has opened it', async () => {
    const dataDir = path.join(tmp, 'restored');
    const order: string[] = [];
    let worker: { queueLength: number } | undefined;
    const { dbh, beside } = await openDatabase(testConfig({ dataDir, databaseUrl: null }), {
      restoreNew: async (dir) => {
        // The statement reaches the client a few turns after it is sent (Kysely's connection): a hang guard.
        while (worker!.queueLength === 0) await new Promise((resolve) => setImmediate(resolve));
        order.push(`restore (waiting: ${worker!.queueLength}, the directory there: ${fs.existsSync(dir)})`);
        dataDirFromDump(emptyDump(), dir);
        return true;
      },
      beside: async (handle) => {
        worker = handle.pgliteWorker;
        const answer = sql<{ n: number }>`select count(*)::int as n from app_user`.execute(handle.db);
        order.push('sent');
        return (await answer).rows[0]!.n;
      },
    });
    try {
      expect(order).toEqual(['sent', 'restore (waiting: 1, the directory there: false)']);
      // The migrated, unseeded database: the table is there, empty.
      expect(beside).toBe(0);
      expect((await sql<{ one: number }>`select 1 as one`.execute(dbh.db)).rows).toEqual([{ one: 1 }]);
    } finally {
      await dbh.close();
    }
    expect(fs.existsSync(lockFileOf(path.join(dataDir, 'pgdata')))).toBe(false);
  }, 120_000);

  it('a start that fails before the thread opens answers what waited as the database unavailable, and keeps no lock', async () => {
    const dataDir = path.join(tmp, 'failed');
    let waited: Promise<unknown> | undefined;
    const opening = openDatabase(testConfig({ dataDir, databaseUrl: null }), {
      restoreNew: async () => {
        throw new Error('no seeded copy today');
      },
      beside: async (handle) => {
        waited = sql`select 1`.execute(handle.db);
        waited.catch(() => undefined);
        return null;
      },
    });
    await expect(opening).rejects.toThrow('no seeded copy today');
    await expect(waited).rejects.toMatchObject({ statusCode: 503, code: 'DATABASE_UNAVAILABLE' });
    expect(fs.existsSync(lockFileOf(path.join(dataDir, 'pgdata')))).toBe(false);
  }, 120_000);

  /** A DATA_DIR as a restart finds it: the server account's own, its data directory there. */
  function restartDir(name: string): string {
    const dataDir = path.join(tmp, name);
    fs.mkdirSync(dataDir, { mode: 0o700 });
    dataDirFromDump(emptyDump(), path.join(dataDir, 'pgdata'));
    return dataDir;
  }

  it('a restart’s thread begun before the modules load (server/boot.ts) is the one the server takes over', async () => {
    const dataDir = restartDir('early');
    const early = beginEarlyPglite({ DATA_DIR: dataDir });
    expect(early).not.toBeNull();
    const { dbh } = await openDatabase(testConfig({ dataDir, databaseUrl: null }));
    try {
      expect(dbh.pgliteWorker).toBe(early);
      expect((await sql<{ n: number }>`select count(*)::int as n from app_user`.execute(dbh.db)).rows).toEqual([
        { n: 0 },
      ]);
    } finally {
      await dbh.close();
    }
    expect(fs.existsSync(lockFileOf(path.join(dataDir, 'pgdata')))).toBe(false);
  }, 120_000);

  it('a thread begun early on another directory, or with another limit, is closed and the server opens its own', async () => {
    const other = restartDir('early-other');
    const dataDir = restartDir('early-mine');
    const early = beginEarlyPglite({ DATA_DIR: other });
    const { dbh } = await openDatabase(testConfig({ dataDir, databaseUrl: null }));
    try {
      expect(dbh.pgliteWorker).not.toBe(early);
      await expect(early!.query('select 1')).rejects.toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
    } finally {
      await dbh.close();
    }
    expect(fs.existsSync(lockFileOf(path.join(other, 'pgdata')))).toBe(false);

    const limited = beginEarlyPglite({ DATA_DIR: dataDir, PGLITE_TRANSACTION_LIMIT_MS: '5000' });
    const again = await openDatabase(testConfig({ dataDir, databaseUrl: null }));
    try {
      expect(again.dbh.pgliteWorker).not.toBe(limited);
      expect((await sql<{ one: number }>`select 1 as one`.execute(again.dbh.db)).rows).toEqual([{ one: 1 }]);
    } finally {
      await again.dbh.close();
    }
  }, 120_000);

  it('nothing begins early on a first start, on PostgreSQL, or on a DATA_DIR others may enter', async () => {
    expect(beginEarlyPglite({ DATA_DIR: path.join(tmp, 'never-made') })).toBeNull();
    const ready = restartDir('postgres-named');
    expect(beginEarlyPglite({ DATA_DIR: ready, DATABASE_URL: 'postgres://x@127.0.0.1/db' })).toBeNull();
    // …where without DATABASE_URL it would.
    expect(beginEarlyPglite({ DATA_DIR: ready })).not.toBeNull();
    await closeEarlyPglite();
    expect(fs.existsSync(lockFileOf(path.join(ready, 'pgdata')))).toBe(false);
    const open = path.join(tmp, 'open-to-others');
    fs.mkdirSync(path.join(open, 'pgdata'), { recursive: true });
    fs.chmodSync(open, 0o755);
    expect(beginEarlyPglite({ DATA_DIR: open })).toBeNull();
  });
});
