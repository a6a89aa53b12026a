import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import { connect, type Db } from './connect.js';
import { migrateToLatest } from './migrate.js';
import { seedDemo } from './seed/index.js';
import { seedHash } from './seed-hash.mjs';
import { refreshReportSummary } from '../modules/reports/summary.js';

/**
 * The demo company seeded once and kept, keyed by a hash of what makes it (seed-hash.mjs: the
 * migrations, the seed and every module they import, the package lock). The seed hashes passwords
 * with argon2 and writes ≈ 100,000 rows; restoring its dump takes seconds. The tests' projects, the
 * browser tests' server and `npm start`'s first start all restore the same dump (docs/seed.md).
 *
 * - PGlite: the data directory as PGlite's own tar (dumpDataDir), in `.cache/seed/<hash>/` with a
 *   manifest holding the tar's sha256: a dump whose bytes do not match is made again, never used.
 *   Beside it, the same dump loaded once into a data directory: a file-backed database starts from a
 *   copy of that (a file copy; loading the tar into a directory took 34 s on the loaded machine).
 * - PostgreSQL: a database `gpms_seed_<hash>` on the server, cloned with `create database …
 *   template …`. It is made under another name and renamed once complete, so a half-made one never
 *   carries the name.
 *
 * Two processes making the same dump at once: one makes it under a lock (a lock file for the cache
 * directory, an advisory lock on PostgreSQL), the other waits and uses it; a dump is written beside
 * its place and renamed into it.
 */

export const SEED_CACHE_DIR = '.cache/seed';
const DUMP_FILE = 'pglite.tar';
/**
 * Beside the seeded dump, the same database migrated and not yet seeded: a test that wants an empty database loads it
 * (≈ 1 s of CPU) where a new PGlite's initdb and every migration took ≈ 9 s. Made in the same pass as the seeded one.
 */
const EMPTY_DUMP_FILE = 'pglite-empty.tar';
const MANIFEST_FILE = 'manifest.json';
/** The dump loaded into a data directory once, for copies on disk (a first start, the browser tests' server). */
const DATA_DIR = 'pgdata';
const DATA_DIR_MANIFEST = 'pgdata.json';

export interface SeedDump {
  hash: string;
  /** The PGlite tar (in the cache), or the PostgreSQL template database's name. */
  where: string;
  /** Whether this call made it (false: it was there already). */
  made: boolean;
  seconds: number;
}

interface Manifest {
  hash: string;
  sha256: string;
  bytes: number;
  /** The migrated, unseeded dump beside it (EMPTY_DUMP_FILE). */
  empty: { sha256: string; bytes: number };
  madeAt: string;
  seedSeconds: number;
}

type Log = (msg: string) => void;

/** The rows of a freshly migrated database become the demo company as the dump holds it. */
async function seedForDump(db: Db, log?: Log): Promise<void> {
  await seedDemo(db, { log });
  // The reports' summaries as the job leaves them after a start (a report GET only reads them).
  await refreshReportSummary(db);
}

/**
 * Everything the seed wrote is put in the data files before the dump: PGlite's dump is the files as
 * they are, so without it every database made from the dump (a first start, each API test file's
 * PGlite) first replays the seed's write-ahead log — crash recovery of a 100,000-row transaction.
 * The log's segments the checkpoint leaves behind are removed rather than kept for reuse
 * (`wal_recycle`, this session only): 16 MB files of nothing, in every copy and load of the dump.
 */
export async function checkpointForDump(db: Db): Promise<void> {
  await sql`set wal_recycle = off`.execute(db);
  await sql`checkpoint`.execute(db);
}

const sha256Of = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');

/** The cached PGlite dump of this hash when it is whole (its manifest's hash and bytes match), else null. */
export function validPgliteDump(root: string, hash = seedHash(root).hash): string | null {
  const dir = path.join(root, SEED_CACHE_DIR, hash);
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, MANIFEST_FILE), 'utf8')) as Manifest;
    const file = path.join(dir, DUMP_FILE);
    const empty = path.join(dir, EMPTY_DUMP_FILE);
    if (manifest.hash !== hash || fs.statSync(file).size !== manifest.bytes || sha256Of(file) !== manifest.sha256)
      return null;
    // A cache made before the empty dump was kept beside it has none: made again.
    if (
      !manifest.empty ||
      fs.statSync(empty).size !== manifest.empty.bytes ||
      sha256Of(empty) !== manifest.empty.sha256
    )
      return null;
    return file;
  } catch {
    return null;
  }
}

/** The migrated, unseeded PGlite dump made with the seeded dump `dumpFile` (validPgliteDump checks both). */
export function emptyPgliteDumpBeside(dumpFile: string): string {
  return path.join(path.dirname(dumpFile), EMPTY_DUMP_FILE);
}

/** Whether a process of that id runs (EPERM: it runs as another user). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * An exclusive lock file (`<pid> <token>`), per call rather than per process: two callers in one
 * process (vitest's global setups) wait for each other too. A lock whose process is gone is taken over.
 */
async function withLockFile<T>(file: string, what: () => Promise<T>): Promise<T> {
  const token = `${process.pid} ${randomBytes(8).toString('hex')}\n`;
  for (;;) {
    try {
      fs.writeFileSync(file, token, { flag: 'wx', mode: 0o600 });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    let holder: number | null = null;
    try {
      const m = /^(\d+) /.exec(fs.readFileSync(file, 'utf8'));
      holder = m ? Number(m[1]) : null;
    } catch {
      continue;
    }
    if (holder !== null && !running(holder)) {
      fs.rmSync(file, { force: true });
      continue;
    }
    // Someone is making it (a seed takes seconds to a minute): look again shortly.
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  try {
    return await what();
  } finally {
    try {
      if (fs.readFileSync(file, 'utf8') === token) fs.rmSync(file, { force: true });
    } catch {
      // already gone
    }
  }
}

/**
 * The seeded PGlite dump of the current sources: the cached one when whole, else made now (a PGlite
 * in memory in this thread, migrated, seeded, dumped) and cached. Older hashes' dumps are removed.
 */
export async function pgliteSeedDump(root: string, log: Log = () => {}): Promise<SeedDump> {
  const started = performance.now();
  const { hash } = seedHash(root);
  const cached = validPgliteDump(root, hash);
  const seconds = () => (performance.now() - started) / 1000;
  if (cached) return { hash, where: cached, made: false, seconds: seconds() };
  const base = path.join(root, SEED_CACHE_DIR);
  fs.mkdirSync(base, { recursive: true });
  return withLockFile(path.join(base, `${hash}.lock`), async () => {
    const again = validPgliteDump(root, hash);
    if (again) return { hash, where: again, made: false, seconds: seconds() };
    const made = await makePgliteSeedDump(root, hash, log, started);
    return { hash, where: made.where, made: true, seconds: seconds() };
  });
}

/** Makes and caches the dump of `hash` (the caller holds its lock); answers its tar and bytes. */
async function makePgliteSeedDump(
  root: string,
  hash: string,
  log: Log,
  started: number,
): Promise<{ where: string; bytes: Uint8Array }> {
  const seconds = () => (performance.now() - started) / 1000;
  const base = path.join(root, SEED_CACHE_DIR);
  log(`seed dump: seeding the demo company for ${hash} (PGlite) …`);
  const h = await connect({ databaseUrl: null, pgliteDir: null, pgliteThread: 'main' });
  let bytes: Uint8Array;
  let emptyBytes: Uint8Array;
  try {
    await migrateToLatest(h.db);
    await checkpointForDump(h.db);
    emptyBytes = await h.dumpDataDir!();
    await seedForDump(h.db);
    await checkpointForDump(h.db);
    bytes = await h.dumpDataDir!();
  } finally {
    await h.close();
  }
  const tmp = path.join(base, `${hash}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`);
  fs.mkdirSync(tmp, { recursive: true });
  fs.writeFileSync(path.join(tmp, DUMP_FILE), bytes);
  fs.writeFileSync(path.join(tmp, EMPTY_DUMP_FILE), emptyBytes);
  const manifest: Manifest = {
    hash,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    bytes: bytes.byteLength,
    empty: { sha256: createHash('sha256').update(emptyBytes).digest('hex'), bytes: emptyBytes.byteLength },
    // real time: when this dump file was made (a file stamp)
    madeAt: new Date().toISOString(),
    seedSeconds: Number(seconds().toFixed(1)),
  };
  fs.writeFileSync(path.join(tmp, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  const dir = path.join(base, hash);
  // A corrupt dump of this hash (it failed the check above) is replaced.
  fs.rmSync(dir, { recursive: true, force: true });
  fs.renameSync(tmp, dir);
  for (const name of fs.readdirSync(base)) {
    if (name !== hash && /^[0-9a-f]{24}$/.test(name))
      fs.rmSync(path.join(base, name), { recursive: true, force: true });
  }
  log(`seed dump: ${hash} made in ${seconds().toFixed(1)} s (${(bytes.byteLength / 1e6).toFixed(0)} MB)`);
  return { where: path.join(dir, DUMP_FILE), bytes };
}

/** Every file under dir with its size, in path order. */
function filesWithSizes(dir: string): Array<[string, number]> {
  const out: Array<[string, number]> = [];
  const walk = (rel: string) => {
    for (const e of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(r);
      else out.push([r, fs.statSync(path.join(dir, r)).size]);
    }
  };
  walk('');
  return out.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * A data directory holding the files of PGlite's dump (a tar of the data directory, ustar, names
 * from its root), as PGlite's own `loadDataDir` writes them — without starting PostgreSQL on them
 * and stopping it again, which is most of that (the dump was checkpointed: checkpointForDump).
 */
export function dataDirFromDump(tarFile: string, dir: string): void {
  dataDirFromTar(fs.readFileSync(tarFile), tarFile, dir);
}

/** dataDirFromDump of the tar's bytes in memory (`tarFile` names it in errors). */
function dataDirFromTar(bytes: Uint8Array, tarFile: string, dir: string): void {
  const tar = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = (from: number, length: number) => {
    const field = tar.subarray(from, from + length);
    const end = field.indexOf(0);
    return field.subarray(0, end < 0 ? length : end).toString('utf8');
  };
  const octal = (from: number, length: number) => Number.parseInt(text(from, length).trim() || '0', 8);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const inside = path.resolve(dir);
  let at = 0;
  while (at + 512 <= tar.length) {
    const name = text(at, 100);
    if (name === '') break; // the two empty blocks that end the archive
    if (text(at + 257, 5) !== 'ustar') throw new Error(`seed dump ${tarFile}: no tar header at byte ${at}`);
    const prefix = text(at + 345, 155);
    const size = octal(at + 124, 12);
    const type = text(at + 156, 1);
    const target = path.resolve(inside, `.${prefix ? `/${prefix}` : ''}/${name}`);
    if (target !== inside && !target.startsWith(`${inside}${path.sep}`))
      throw new Error(`seed dump ${tarFile}: ${prefix}${name} lies outside the data directory`);
    const data = at + 512;
    if (type === '5') fs.mkdirSync(target, { recursive: true, mode: 0o700 });
    else if (type === '0' || type === '') {
      if (data + size > tar.length) throw new Error(`seed dump ${tarFile}: ${name} is cut short`);
      fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
      fs.writeFileSync(target, tar.subarray(data, data + size), { mode: 0o600 });
      const mtime = octal(at + 136, 12);
      fs.utimesSync(target, mtime, mtime);
    } else throw new Error(`seed dump ${tarFile}: ${name} is of tar type '${type}', not a file or a directory`);
    at = data + Math.ceil(size / 512) * 512;
  }
}

/**
 * The cached dump as a PGlite data directory, made from the tar once per hash: its files and sizes
 * are kept beside it and checked before each use (a missing or cut file makes it again). A whole one
 * is used without reading the tar (checked by its sha256 when the directory is made from it).
 *
 * The dump and its data directory are made under one hold of the hash's lock: a process that waits for
 * another's (a first start's server for `npm start`'s seed, scripts/start.mjs) then finds the directory
 * whole and uses it without hashing the tar.
 */
export async function pgliteSeedDataDir(root: string, log: Log = () => {}): Promise<SeedDump> {
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  const { hash } = seedHash(root);
  const base = path.join(root, SEED_CACHE_DIR);
  const hashDir = path.join(base, hash);
  const dir = path.join(hashDir, DATA_DIR);
  const whole = () => {
    try {
      return (
        JSON.stringify(JSON.parse(fs.readFileSync(path.join(hashDir, DATA_DIR_MANIFEST), 'utf8'))) ===
        JSON.stringify(filesWithSizes(dir))
      );
    } catch {
      return false;
    }
  };
  if (whole()) return { hash, where: dir, made: false, seconds: seconds() };
  fs.mkdirSync(base, { recursive: true });
  return withLockFile(path.join(base, `${hash}.lock`), async () => {
    if (whole()) return { hash, where: dir, made: false, seconds: seconds() };
    const cached = validPgliteDump(root, hash);
    const tar = cached
      ? { where: cached, bytes: fs.readFileSync(cached) }
      : await makePgliteSeedDump(root, hash, log, started);
    log(`seed dump: loading ${hash} into a data directory …`);
    const tmp = path.join(hashDir, `${DATA_DIR}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`);
    dataDirFromTar(tar.bytes, tar.where, tmp);
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(path.join(hashDir, DATA_DIR_MANIFEST), { force: true });
    fs.renameSync(tmp, dir);
    fs.writeFileSync(path.join(hashDir, DATA_DIR_MANIFEST), `${JSON.stringify(filesWithSizes(dir))}\n`);
    log(`seed dump: data directory of ${hash} made in ${seconds().toFixed(1)} s`);
    return { hash, where: dir, made: true, seconds: seconds() };
  });
}

/** A new PGlite data directory holding the seeded demo company: a copy of the cached one. */
export async function restoreSeededDataDir(root: string, target: string, log: Log = () => {}): Promise<SeedDump> {
  const source = await pgliteSeedDataDir(root, log);
  const started = performance.now();
  // A copy-on-write clone where the file system offers one, else a plain copy.
  fs.cpSync(source.where, target, { recursive: true, mode: fs.constants.COPYFILE_FICLONE });
  // PGlite's files are owner-only (storage/data-dir.ts), whoever made the cache.
  const restrict = (p: string) => {
    const dir = fs.statSync(p).isDirectory();
    fs.chmodSync(p, dir ? 0o700 : 0o600);
    if (dir) for (const name of fs.readdirSync(p)) restrict(path.join(p, name));
  };
  restrict(target);
  return { ...source, seconds: source.seconds + (performance.now() - started) / 1000 };
}

/** Whether the seed's sources are beside the running code (a deployment may ship the compiled server alone). */
export function seedSourcesAt(root: string): boolean {
  return fs.existsSync(path.join(root, 'server/db/seed/index.ts'));
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** PostgreSQL's template of the current sources' seed, made on that server once per hash. */
/**
 * A template is copied, never opened: a session on it makes every copy fail while it lasts ("source database … is
 * being accessed by other users"), so it allows none. Also for one made before this rule (the hash does not cover
 * this file).
 */
async function closeTemplate(admin: pg.Client, name: string): Promise<void> {
  await admin.query(`alter database "${name}" with is_template true allow_connections false`);
}

export async function postgresSeedTemplate(root: string, adminUrl: string, log: Log = () => {}): Promise<SeedDump> {
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  const { hash } = seedHash(root);
  const name = `gpms_seed_${hash}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const exists = async () =>
      (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
    if (await exists()) {
      await closeTemplate(admin, name);
      return { hash, where: name, made: false, seconds: seconds() };
    }
    // One maker per hash on this server; the others wait here, then find it made.
    const key = BigInt(`0x${hash.slice(0, 15)}`).toString();
    await admin.query('select pg_advisory_lock($1::bigint)', [key]);
    try {
      if (await exists()) return { hash, where: name, made: false, seconds: seconds() };
      // Left by a maker that died (its session's lock is gone, or we would not hold it).
      const left = await admin.query<{ datname: string }>('select datname from pg_database where datname like $1', [
        `${name}\\_m%`,
      ]);
      for (const r of left.rows) await admin.query(`drop database if exists "${r.datname}" with (force)`);
      const making = `${name}_m${process.pid}`;
      log(`seed dump: seeding the demo company for ${hash} (PostgreSQL) …`);
      await admin.query(`create database "${making}"`);
      try {
        const h = await connect({ databaseUrl: withDatabase(adminUrl, making), pgliteDir: null });
        try {
          await migrateToLatest(h.db);
          await seedForDump(h.db);
        } finally {
          await h.close();
        }
        await admin.query(`alter database "${making}" rename to "${name}"`);
        await closeTemplate(admin, name);
      } catch (err) {
        await admin.query(`drop database if exists "${making}" with (force)`);
        throw err;
      }
      log(`seed dump: template ${name} made in ${seconds().toFixed(1)} s`);
      return { hash, where: name, made: true, seconds: seconds() };
    } finally {
      await admin.query('select pg_advisory_unlock($1::bigint)', [key]);
    }
  } finally {
    await admin.end();
  }
}
