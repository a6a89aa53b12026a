import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'kysely';
import tar from 'tar-stream';
import { PGlite } from '@electric-sql/pglite';
import type { Config } from '../config.js';
import { connect } from '../db/connect.js';
import { lockDataDir } from '../db/pglite/data-dir-lock.js';
import { tarForPglite } from '../db/pglite/tar-bytes.mjs';
import { up as grantSupplierRole } from '../db/migrations/0550-supplier-role-grants.js';
import { secureDataDir } from '../storage/data-dir.js';
import { objectStoreFor, STORE_PREFIXES } from '../storage/open.js';
import { BACKUP_FORMAT, databaseFacts, type BackupManifest } from './backup-manifest.js';
import { MANIFEST_PATH } from './backup.js';
import { findPgTool, libpqEnv, runTool } from './pg-tools.js';

export class RestoreRefused extends Error {}

/** Every entry of the archive, read once: the manifest, and each entry's size and SHA-256 as found. */
async function readArchive(
  file: string,
): Promise<{ manifest: BackupManifest; found: Map<string, { size: number; sha256: string }> }> {
  const found = new Map<string, { size: number; sha256: string }>();
  let manifestText: string | null = null;
  const extract = tar.extract();
  const reading = pipeline(fs.createReadStream(file), extract);
  for await (const entry of extract) {
    const hash = crypto.createHash('sha256');
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of entry) {
      hash.update(chunk as Buffer);
      size += (chunk as Buffer).length;
      if (entry.header.name === MANIFEST_PATH) chunks.push(chunk as Buffer);
    }
    if (entry.header.name === MANIFEST_PATH) manifestText = Buffer.concat(chunks).toString('utf8');
    else found.set(entry.header.name, { size, sha256: hash.digest('hex') });
  }
  await reading;
  if (!manifestText) throw new RestoreRefused(`${file} has no ${MANIFEST_PATH}: not a GPMS backup, or cut short`);
  const manifest = JSON.parse(manifestText) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT)
    throw new RestoreRefused(`${file} is ${String(manifest.format)}, this version reads ${BACKUP_FORMAT}`);
  return { manifest, found };
}

/** Checks every entry against the manifest before anything is touched. */
async function verifyArchive(file: string): Promise<BackupManifest> {
  const { manifest, found } = await readArchive(file);
  const problems: string[] = [];
  for (const e of manifest.entries) {
    const f = found.get(e.path);
    if (!f) problems.push(`${e.path}: missing`);
    else if (f.size !== e.size || f.sha256 !== e.sha256) problems.push(`${e.path}: checksum does not match`);
  }
  for (const name of found.keys())
    if (!manifest.entries.some((e) => e.path === name)) problems.push(`${name}: not in the manifest`);
  if (problems.length > 0)
    throw new RestoreRefused(`the backup is damaged:\n  - ${problems.slice(0, 20).join('\n  - ')}`);
  return manifest;
}

async function storeIsEmpty(config: Config): Promise<boolean> {
  const store = objectStoreFor(config);
  for (const prefix of STORE_PREFIXES) for await (const _ of store.list(prefix)) return false;
  return true;
}

async function clearStore(config: Config): Promise<void> {
  const store = objectStoreFor(config);
  for (const prefix of STORE_PREFIXES) {
    const keys: string[] = [];
    for await (const o of store.list(prefix)) keys.push(o.key);
    for (const key of keys) await store.delete(key);
  }
}

/**
 * `npm run restore -- --from <file> [--force]`: verifies the whole archive against its manifest,
 * refuses a target that holds anything (a database with tables, a PGlite data directory, objects
 * in the file store) unless --force, then restores the database (pg_restore into DATABASE_URL, or
 * PGlite's data directory under DATA_DIR) and the files into the configured store — which may be
 * another kind than the backup's (disk → S3 moves a system to object storage). Ends by comparing
 * the migration level and row counts with the manifest. Run it with the servers stopped.
 */
export async function restore(
  config: Config,
  from: string,
  options: { force?: boolean; log?: (line: string) => void } = {},
): Promise<BackupManifest> {
  // PGlite: the data directory is ours alone while it is replaced (refused while a server holds it).
  const release = config.databaseUrl ? () => undefined : lockDataDir(path.join(config.dataDir, 'pgdata'));
  try {
    return await restoreHeld(config, from, options);
  } finally {
    release();
  }
}

async function restoreHeld(
  config: Config,
  from: string,
  options: { force?: boolean; log?: (line: string) => void },
): Promise<BackupManifest> {
  const log = options.log ?? (() => undefined);
  if (!fs.existsSync(from)) throw new RestoreRefused(`${from}: no such file`);
  const manifest = await verifyArchive(from);
  log(
    `backup of ${manifest.createdAt}: ${manifest.database.kind}, migration ${manifest.database.migration}, ${manifest.store.objects} files; checksums verified`,
  );
  if (manifest.database.kind === 'postgres' && !config.databaseUrl)
    throw new RestoreRefused('this is a PostgreSQL backup: set DATABASE_URL to the (empty) database to restore into');
  if (manifest.database.kind === 'pglite' && config.databaseUrl)
    throw new RestoreRefused('this is a PGlite backup: unset DATABASE_URL and set DATA_DIR to an empty directory');
  secureDataDir(config.dataDir, log);
  const pgdata = path.join(config.dataDir, 'pgdata');
  const nonEmpty: string[] = [];
  let pgMajor = 0;
  if (config.databaseUrl) {
    const dbh = await connect({ databaseUrl: config.databaseUrl, pgliteDir: null });
    try {
      const tables = await sql<{
        n: string;
      }>`select count(*) as n from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')`.execute(
        dbh.db,
      );
      if (Number(tables.rows[0].n) > 0)
        nonEmpty.push(`the database ${new URL(config.databaseUrl).pathname.slice(1)} has ${tables.rows[0].n} tables`);
      pgMajor = Math.floor(
        Number(
          (await sql<{ v: string }>`select current_setting('server_version_num') as v`.execute(dbh.db)).rows[0].v,
        ) / 10000,
      );
    } finally {
      await dbh.close();
    }
  } else if (fs.existsSync(pgdata) && fs.readdirSync(pgdata).length > 0) nonEmpty.push(`${pgdata} is not empty`);
  if (!(await storeIsEmpty(config))) nonEmpty.push(`the file store ${objectStoreFor(config).location} holds files`);
  if (nonEmpty.length > 0 && !options.force)
    throw new RestoreRefused(
      `the target is not empty (${nonEmpty.join('; ')}): restore into an empty one, or add --force to replace what is there`,
    );

  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'gpms-restore-'));
  try {
    if (nonEmpty.length > 0) {
      log(`--force: replacing ${nonEmpty.join('; ')}`);
      await clearStore(config);
      if (!config.databaseUrl) fs.rmSync(pgdata, { recursive: true, force: true });
    }
    // One pass: the database entry to a work file, every file straight into the store.
    const store = objectStoreFor(config);
    const dbFile = path.join(work, 'database');
    const extract = tar.extract();
    const reading = pipeline(fs.createReadStream(from), extract);
    for await (const entry of extract) {
      const name = entry.header.name;
      if (name === manifest.database.file) await pipeline(entry, fs.createWriteStream(dbFile));
      else if (name.startsWith('store/')) await store.put(name.slice('store/'.length), Readable.from(entry));
      else entry.resume();
    }
    await reading;
    if (config.databaseUrl) {
      if (nonEmpty.length > 0) {
        const dbh = await connect({ databaseUrl: config.databaseUrl, pgliteDir: null });
        await sql`drop schema if exists public cascade; create schema public`
          .execute(dbh.db)
          .finally(() => dbh.close());
      }
      const env = libpqEnv(config.databaseUrl);
      await runTool(
        await findPgTool('pg_restore', pgMajor),
        ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', '-d', env.PGDATABASE!, dbFile],
        env,
      );
    } else {
      fs.mkdirSync(config.dataDir, { recursive: true });
      const pg = await PGlite.create({ dataDir: pgdata, loadDataDir: tarForPglite(fs.readFileSync(dbFile)) });
      await pg.close();
    }
    // What came back must be what was saved.
    const dbh = await connect({
      databaseUrl: config.databaseUrl,
      pgliteDir: config.databaseUrl ? null : pgdata,
      pgliteThread: 'main',
    });
    try {
      // pg_restore --no-privileges leaves the supplier role without its grants: given again as the migration gave them.
      if (
        config.databaseUrl &&
        (await sql`select 1 from kysely_migration where name = '0550-supplier-role-grants'`.execute(dbh.db)).rows
          .length > 0
      ) {
        await grantSupplierRole(dbh.db as never);
      }
      const facts = await databaseFacts(dbh.db);
      const wrong = Object.entries(manifest.database.counts)
        .filter(([t, n]) => facts.counts[t] !== n)
        .map(([t, n]) => `${t}: ${facts.counts[t]} rows, the backup had ${n}`);
      if (facts.migration !== manifest.database.migration)
        wrong.push(`migration ${facts.migration}, the backup had ${manifest.database.migration}`);
      if (wrong.length > 0) throw new Error(`the restored database differs from the backup: ${wrong.join('; ')}`);
      log(
        `restored: migration ${facts.migration}, ${Object.entries(facts.counts)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')}; ${manifest.store.objects} files into ${store.location}`,
      );
    } finally {
      await dbh.close();
    }
    return manifest;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
