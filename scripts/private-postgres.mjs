// A PostgreSQL cluster of one's own: `npm test` runs its API suite on one (scripts/test.mjs), and the tests that
// stop and start their database use one each (tests/api/operations/database-outage.test.ts).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.mjs';

/** The newest PostgreSQL server binaries Debian's packages installed, or null. */
export function postgresBinDir() {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length > 0 ? path.join(root, versions[0], 'bin') : null;
}

/** Runs a server binary, as the `postgres` OS user when we are root (the server refuses root). */
function runner(bin, cwd) {
  const asRoot = process.getuid?.() === 0;
  return (cmd, args) => {
    const file = path.join(bin, cmd);
    execFileSync(asRoot ? 'runuser' : file, asRoot ? ['-u', 'postgres', '--', file, ...args] : args, {
      stdio: 'pipe',
      cwd,
    });
  };
}

/**
 * initdb into a new directory under `parent` (default the system's temporary directory), then start it on a free
 * port of 127.0.0.1 with trust authentication for `postgres`. `settings` are server settings (`-c name=value`).
 */
export async function startPrivatePostgres({ parent = os.tmpdir(), prefix = 'gpms-pg-', settings = {} } = {}) {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL binaries not found under /usr/lib/postgresql');
  const root = fs.mkdtempSync(path.join(parent, prefix));
  const data = path.join(root, 'data');
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres:postgres', root]);
  const run = runner(bin, root);
  const port = await freePort();
  const all = { listen_addresses: '127.0.0.1', max_connections: 40, shared_buffers: '16MB', ...settings };
  const opts = [`-p ${port}`, `-k ${root}`, ...Object.entries(all).map(([k, v]) => `-c ${k}=${v}`)].join(' ');
  const start = () => run('pg_ctl', ['-D', data, '-o', opts, '-l', path.join(root, 'log'), '-w', '-t', '30', 'start']);
  const destroy = () => destroyCluster(bin, root);
  try {
    run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
    start();
  } catch (err) {
    destroy();
    throw err;
  }
  return {
    port,
    dir: root,
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    start,
    stop: () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
    destroy,
  };
}

/**
 * A streaming replica of `primary` (a cluster startPrivatePostgres started): `pg_basebackup -R` into a new directory,
 * started as a hot standby on another free port (tests/api/operations/read-replica.test.ts). The primary's trust
 * authentication allows replication from 127.0.0.1 (initdb's default pg_hba.conf).
 */
export async function startPrivateReplica(
  primary,
  { parent = os.tmpdir(), prefix = 'gpms-replica-', settings = {} } = {},
) {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL binaries not found under /usr/lib/postgresql');
  const root = fs.mkdtempSync(path.join(parent, prefix));
  const data = path.join(root, 'data');
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres:postgres', root]);
  const run = runner(bin, root);
  const port = await freePort();
  const all = {
    listen_addresses: '127.0.0.1',
    max_connections: 40,
    shared_buffers: '16MB',
    hot_standby: 'on',
    ...settings,
  };
  const opts = [`-p ${port}`, `-k ${root}`, ...Object.entries(all).map(([k, v]) => `-c ${k}=${v}`)].join(' ');
  const start = () => run('pg_ctl', ['-D', data, '-o', opts, '-l', path.join(root, 'log'), '-w', '-t', '30', 'start']);
  const destroy = () => destroyCluster(bin, root);
  try {
    run('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(primary.port),
      '-U',
      'postgres',
      '-D',
      data,
      '-R',
      '-X',
      'stream',
      '--no-sync',
      '-c',
      'fast',
    ]);
    start();
  } catch (err) {
    destroy();
    throw err;
  }
  return {
    port,
    dir: root,
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    start,
    stop: () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
    destroy,
  };
}

/** Stops a cluster made by startPrivatePostgres at once, if it runs, and removes its directory. */
export function destroyCluster(bin, root) {
  try {
    runner(bin, root)('pg_ctl', ['-D', path.join(root, 'data'), '-m', 'immediate', '-w', 'stop']);
  } catch {
    // not running
  }
  fs.rmSync(root, { recursive: true, force: true });
}
