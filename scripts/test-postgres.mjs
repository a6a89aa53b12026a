// The PostgreSQL `npm test` runs its API suite on: a cluster of the run's own, in memory, without durability.
import fs from 'node:fs';
import path from 'node:path';
import { destroyCluster, postgresBinDir, startPrivatePostgres } from './private-postgres.mjs';

const PREFIX = 'gpms-test-run-pg-';

/**
 * Server settings of the run's cluster. Durability is not what the suite tests (the outage and shutdown tests stop
 * clusters of their own, with the defaults), and each test file copies the ≈ 80 MB seeded template and drops it
 * again: on the machine's cluster those copies were fsynced, checkpointed and written back to disk, half of the
 * API files' kernel time (docs/testing.md). The engine, its locks, row-level security and plans are the same.
 */
export const RUN_SETTINGS = {
  fsync: 'off',
  synchronous_commit: 'off',
  full_page_writes: 'off',
  max_connections: 200,
  shared_buffers: '128MB',
  max_wal_size: '512MB',
};

/** tmpfs where Linux has one: the copies never reach a disk. */
function parentDir() {
  try {
    fs.accessSync('/dev/shm', fs.constants.W_OK);
    return '/dev/shm';
  } catch {
    return null;
  }
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

/** Clusters of runs that were killed before they could remove theirs (a kill -9, a lost machine session). */
export function removeLeftovers(bin, parent) {
  for (const name of fs.readdirSync(parent)) {
    if (!name.startsWith(PREFIX)) continue;
    const dir = path.join(parent, name);
    let owner = NaN;
    try {
      owner = Number(fs.readFileSync(path.join(dir, 'owner.pid'), 'utf8'));
    } catch {
      // a run between its initdb and writing its owner, or one that died there: only an old one is left over
      if (Date.now() - fs.statSync(dir).mtimeMs < 10 * 60_000) continue;
    }
    if (!alive(owner)) destroyCluster(bin, dir);
  }
}

/**
 * Starts the run's cluster with a database `test`, removed when this process exits or is interrupted; null when
 * this machine has no PostgreSQL binaries or no tmpfs, or the start failed (the reason is printed): the run then
 * uses the machine's cluster as before.
 */
export async function startRunPostgres(log = console.log) {
  const bin = postgresBinDir();
  const parent = parentDir();
  if (!bin || !parent) return null;
  try {
    removeLeftovers(bin, parent);
    const pg = await startPrivatePostgres({ parent, prefix: PREFIX, settings: RUN_SETTINGS });
    fs.writeFileSync(path.join(pg.dir, 'owner.pid'), String(process.pid));
    process.on('exit', pg.destroy);
    // While a step runs, its own listener passes the signal on to the step's process group and the run ends
    // through process.exit (the cluster goes with it); with no other listener, the signal ends the run here.
    for (const [signal, code] of [
      ['SIGINT', 130],
      ['SIGTERM', 143],
      ['SIGHUP', 129],
    ])
      process.on(signal, () => {
        if (process.listenerCount(signal) === 1) process.exit(code);
      });
    const { default: pgClient } = await import('pg');
    const admin = new pgClient.Client({ connectionString: pg.url('postgres') });
    await admin.connect();
    try {
      await admin.query('create database test');
    } finally {
      await admin.end();
    }
    log(`PostgreSQL for this run: its own cluster at 127.0.0.1:${pg.port} in ${pg.dir} (no fsync; removed at the end)`);
    return pg;
  } catch (err) {
    log(`The run's own PostgreSQL did not start (${err instanceof Error ? err.message : String(err)}).`);
    return null;
  }
}
