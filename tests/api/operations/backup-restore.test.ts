import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../../server/app.js';
import { testConfig, type Config } from '../../../server/config.js';
import { connect, type DbHandle } from '../../../server/db/connect.js';
import { backup } from '../../../server/ops/backup.js';
import { restore, RestoreRefused } from '../../../server/ops/restore.js';
import { FILE_STORES, fileStoreConfig, storedKeys, type FileStoreKind } from '../../helpers/file-stores.js';
import { sessionAs } from '../../helpers/session.js';
import { multipart } from '../../helpers/multipart.js';
import { dataDirFromDump } from '../../../server/db/seed-dump.js';
import { createPgDatabase, createSeededTestDb, dropPgDatabase, testDbKind } from '../../helpers/test-db.js';
import { testCompiles } from '../../helpers/app.js';

/**
 * A backup of a seeded system restores into an empty target, and a server
 * started on the restored database and file store serves a logged-in user an order with its
 * attachment, byte for byte. On the run's database kind, with each file store.
 */
const kind = testDbKind();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'gpms-backup-test-'));
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** A system as an operator runs it: its database (PGlite on disk under DATA_DIR, or a PostgreSQL database) and its file store. */
async function system(
  name: string,
  store: FileStoreKind,
  seeded: boolean,
): Promise<{ config: Config; open: () => Promise<DbHandle> }> {
  const dataDir = path.join(tmp, name);
  fs.mkdirSync(dataDir, { recursive: true });
  const fileStore = await fileStoreConfig(store);
  if (kind === 'postgres') {
    let url: string;
    if (seeded) {
      const db = await createSeededTestDb('postgres');
      await db.close();
      url = db.url!;
      cleanups.push(() => db.drop());
    } else {
      const dbName = `gpms_r_${crypto.randomBytes(5).toString('hex')}`;
      url = await createPgDatabase(dbName);
      cleanups.push(() => dropPgDatabase(dbName));
    }
    return {
      config: testConfig({ dataDir, databaseUrl: url, fileStore }),
      open: () => connect({ databaseUrl: url, pgliteDir: null }),
    };
  }
  const pgdata = path.join(dataDir, 'pgdata');
  if (seeded) {
    // As a first start makes its data directory: the dump's files written out (no PostgreSQL started to load them).
    dataDirFromDump(inject('seededPgliteDump' as never) as string, pgdata);
  }
  return {
    config: testConfig({ dataDir, databaseUrl: null, fileStore }),
    open: () => connect({ databaseUrl: null, pgliteDir: pgdata, pgliteThread: 'main' }),
  };
}

async function serve<T>(
  sys: { config: Config; open: () => Promise<DbHandle> },
  work: (app: Awaited<ReturnType<typeof buildApp>>) => Promise<T>,
): Promise<T> {
  const dbh = await sys.open();
  // Schemas compiled when a route is first called, as in buildTestApp: this file is about the backup, and
  // the start-up and production-start tests still compile every schema at start.
  const app = await buildApp({
    config: { ...sys.config, distDir: path.join(sys.config.dataDir, 'no-dist') },
    dbh,
    ...testCompiles,
  });
  try {
    return await work(app);
  } finally {
    await app.close();
    await dbh.close();
  }
}

/**
 * The file store's half of a backup is the same whatever the database: on PostgreSQL both stores run, on PGlite (here
 * for its own dump and restore of the data directory) the disk store alone — the S3 variant repeated the whole
 * seeded cycle there, 30 s of CPU.
 */
const stores = kind === 'pglite' ? FILE_STORES.filter((s) => s === 'disk') : FILE_STORES;

describe.each(stores)(`backup and restore (${kind}, %s store)`, (store) => {
  it(
    'a seeded system with an attached order is backed up, restored into an empty target and served again; a non-empty target is refused',
    { timeout: 600_000 },
    async () => {
      const source = await system(`source-${store}`, store, true);
      const content = crypto.randomBytes(300_000);
      content.set(Buffer.from('%PDF-1.7\n'));
      const { poNo, fileId } = await serve(source, async (app) => {
        const operator = await sessionAs(app, 'operator');
        const po = await app.dbh.db.selectFrom('poHeader').select('poNo').orderBy('poNo').executeTakeFirstOrThrow();
        const body = await multipart([
          { name: '발주 첨부.pdf', content: new Uint8Array(content), type: 'application/pdf' },
        ]);
        const up = await app.inject({
          method: 'POST',
          url: '/api/v1/cmmn/file/upload',
          payload: body.payload,
          headers: { ...operator.headers, ...body.headers },
        });
        expect(up.statusCode, up.body).toBe(200);
        const id = up.json().fileId as string;
        await app.dbh.db.updateTable('poHeader').set({ fileId: id }).where('poNo', '=', po.poNo).execute();
        await app.dbh.db
          .updateTable('fileGroup')
          .set({ docType: 'PO', docNo: po.poNo, boundAt: new Date() })
          .where('fileId', '=', id)
          .execute();
        return { poNo: po.poNo, fileId: id };
      });

      const archive = path.join(tmp, `backup-${store}.tar`);
      const manifest = await backup(source.config, archive);
      expect(manifest.database).toMatchObject({ kind });
      expect(manifest.database.migration).toMatch(/^\d{4}/);
      expect(manifest.database.counts.poHeader).toBeGreaterThan(0);
      expect(manifest.store.objects).toBeGreaterThanOrEqual(1);
      expect(manifest.entries.find((e) => e.path.startsWith('store/files/'))).toBeDefined();

      const target = await system(`target-${store}`, store, false);
      await restore(target.config, archive);
      expect(await storedKeys(target.config, 'files/')).toEqual(await storedKeys(source.config, 'files/'));

      await serve(target, async (app) => {
        const operator = await sessionAs(app, 'operator');
        const po = await app.inject({ method: 'GET', url: `/api/v1/pos/${poNo}`, headers: operator.headers });
        expect(po.statusCode, po.body).toBe(200);
        expect(po.json().fileId).toBe(fileId);
        const dl = await app.inject({
          method: 'GET',
          url: `/api/v1/cmmn/file/${fileId}/1/wsdownload`,
          headers: operator.headers,
        });
        expect(dl.statusCode).toBe(200);
        expect(Buffer.compare(dl.rawPayload, content)).toBe(0);
        // The supplier role's grants came back too (pg_restore --no-privileges leaves them out).
        const supplier = await sessionAs(app, 'supplier1');
        const own = await app.inject({
          method: 'GET',
          url: '/api/v1/cyber/pos?page=1&size=5',
          headers: supplier.headers,
        });
        expect(own.statusCode, own.body).toBe(200);
      });

      // Restoring again over what is now there is refused, and says what it found.
      await expect(restore(target.config, archive)).rejects.toThrow(RestoreRefused);
      await expect(restore(target.config, archive)).rejects.toThrow(/not empty.*--force/);
      // A damaged archive is refused before anything is touched.
      const damaged = path.join(tmp, `damaged-${store}.tar`);
      const bytes = fs.readFileSync(archive);
      bytes[1024 + 600] ^= 0xff;
      fs.writeFileSync(damaged, bytes);
      await expect(restore(target.config, damaged, { force: true })).rejects.toThrow(/damaged|checksum/);
    },
  );
});
