import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'kysely';
import tar from 'tar-stream';
import type { Config } from '../config.js';
import { connect } from '../db/connect.js';
import { objectStoreFor, STORE_PREFIXES } from '../storage/open.js';
import { BACKUP_FORMAT, databaseFacts, type BackupManifest, type ManifestEntry } from './backup-manifest.js';
import { findPgTool, libpqEnv, runTool } from './pg-tools.js';

export const MANIFEST_PATH = 'manifest.json';

function appVersion(): { version: string; commit: string | null } {
  const pkg = JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  let commit: string | null = null;
  try {
    commit = execFileSync('git', ['rev-parse', 'HEAD'], {
      cwd: path.dirname(new URL('../../package.json', import.meta.url).pathname),
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .toString()
      .trim();
  } catch {
    // an installation without its git history
  }
  return { version: pkg.version, commit };
}

/** Adds one entry, hashing the bytes as they go in; the size must be known (a tar header comes first). */
function addEntry(pack: tar.Pack, name: string, size: number, source: Readable): Promise<ManifestEntry> {
  const hash = crypto.createHash('sha256');
  const meter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  return new Promise((resolve, reject) => {
    const sink = pack.entry({ name, size, mode: 0o600, mtime: new Date() }, (err) =>
      err ? reject(err) : resolve({ path: name, size, sha256: hash.digest('hex') }),
    );
    pipeline(source, meter, sink).catch(reject);
  });
}

/**
 * `npm run backup -- --out <file>`: one tar holding the database (PostgreSQL: `pg_dump -Fc`; PGlite:
 * its data directory as PGlite dumps it), every object of the file store (`store/<key>`, streamed
 * from the disk or the bucket) and, last, `manifest.json` (version, migration level, row counts,
 * each entry's size and SHA-256). PostgreSQL is dumped from a running system (one consistent
 * snapshot); PGlite is embedded, so the server using DATA_DIR must be stopped first.
 */
export async function backup(
  config: Config,
  out: string,
  log: (line: string) => void = () => undefined,
): Promise<BackupManifest> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'gpms-backup-'));
  const partial = `${out}.${crypto.randomBytes(4).toString('hex')}.part`;
  const pack = tar.pack();
  const written = pipeline(pack, fs.createWriteStream(partial, { flags: 'wx' }));
  written.catch(() => undefined);
  try {
    const entries: ManifestEntry[] = [];
    let database: BackupManifest['database'];
    if (config.databaseUrl) {
      const dbh = await connect({ databaseUrl: config.databaseUrl, pgliteDir: null });
      try {
        const facts = await databaseFacts(dbh.db);
        const major = Math.floor(
          Number(
            (await sql<{ v: string }>`select current_setting('server_version_num') as v`.execute(dbh.db)).rows[0].v,
          ) / 10000,
        );
        const dumpFile = path.join(work, 'postgres.dump');
        await runTool(
          await findPgTool('pg_dump', major),
          ['-Fc', '--no-owner', '--no-privileges', '-f', dumpFile],
          libpqEnv(config.databaseUrl),
        );
        entries.push(
          await addEntry(pack, 'database/postgres.dump', fs.statSync(dumpFile).size, fs.createReadStream(dumpFile)),
        );
        database = { kind: 'postgres', file: 'database/postgres.dump', ...facts };
      } finally {
        await dbh.close();
      }
    } else {
      const pgdata = path.join(config.dataDir, 'pgdata');
      if (!fs.existsSync(path.join(pgdata, 'PG_VERSION'))) throw new Error(`no PGlite database at ${pgdata}`);
      const dbh = await connect({ databaseUrl: null, pgliteDir: pgdata, pgliteThread: 'main' });
      try {
        const facts = await databaseFacts(dbh.db);
        const dumpFile = path.join(work, 'pgdata.tar');
        fs.writeFileSync(dumpFile, await dbh.dumpDataDir!());
        entries.push(
          await addEntry(pack, 'database/pgdata.tar', fs.statSync(dumpFile).size, fs.createReadStream(dumpFile)),
        );
        database = { kind: 'pglite', file: 'database/pgdata.tar', ...facts };
      } finally {
        await dbh.close();
      }
    }
    log(
      `database: ${database.kind}, migration ${database.migration}, ${Object.entries(database.counts)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}`,
    );
    const store = objectStoreFor(config);
    let bytes = 0;
    for (const prefix of STORE_PREFIXES) {
      for await (const o of store.list(prefix)) {
        const content = await store.get(o.key);
        if (!content) continue; // removed since it was listed (an expired export)
        entries.push(await addEntry(pack, `store/${o.key}`, o.size, content));
        bytes += o.size;
      }
    }
    const objects = entries.length - 1;
    log(`files: ${objects} objects, ${bytes} bytes from ${store.location}`);
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      createdAt: new Date().toISOString(),
      app: appVersion(),
      database,
      store: { kind: store.kind, location: store.location, objects, bytes },
      entries,
    };
    const text = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    pack.entry({ name: MANIFEST_PATH, size: text.length, mode: 0o600 }, text);
    pack.finalize();
    await written;
    fs.renameSync(partial, out);
    return manifest;
  } catch (err) {
    pack.destroy(err as Error);
    await written.catch(() => undefined);
    fs.rmSync(partial, { force: true });
    throw err;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
