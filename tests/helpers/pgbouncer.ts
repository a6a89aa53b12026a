import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../../scripts/free-port.mjs';

/** Debian's PgBouncer binary, or null when the package is not installed. */
export function pgbouncerBin(): string | null {
  for (const candidate of ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer']) if (fs.existsSync(candidate)) return candidate;
  return null;
}

async function accepting(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export interface PrivatePgBouncer {
  port: number;
  /** postgres://postgres@127.0.0.1:<port>/<database>: through the pooler. */
  url(database: string): string;
  /** Transactions it has passed to database `database` so far (its admin console's SHOW STATS). */
  transactions(database: string): Promise<number>;
  /** Stops it and removes its directory. */
  destroy(): void;
}

/**
 * PgBouncer of a test's own, in transaction mode on a free port of 127.0.0.1, in front of the cluster at
 * `targetPort` (a test's own, trust authentication): database `database` of the cluster. Servers' sessions are
 * given what the server's `options` startup parameter would have said (PgBouncer does not pass it on): the
 * authority notice (migration 0630), by `connect_query`, as docs/deployment.md's PgBouncer configuration does.
 * Run as the `postgres` OS user when the test runs as root (PgBouncer refuses root).
 */
export async function startPgBouncer(targetPort: number, database: string): Promise<PrivatePgBouncer> {
  const bin = pgbouncerBin();
  if (!bin) throw new Error('PgBouncer is not installed (apt-get install pgbouncer)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpms-pgbouncer-'));
  const port = await freePort();
  fs.writeFileSync(path.join(dir, 'userlist.txt'), '"postgres" ""\n');
  fs.writeFileSync(
    path.join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `${database} = host=127.0.0.1 port=${targetPort} dbname=${database} connect_query='set gpms.authority_notice = on'`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      'admin_users = postgres',
      `auth_file = ${path.join(dir, 'userlist.txt')}`,
      'pool_mode = transaction',
      'default_pool_size = 4',
      'max_client_conn = 200',
      'ignore_startup_parameters = extra_float_digits,options',
      `logfile = ${path.join(dir, 'log')}`,
      `pidfile = ${path.join(dir, 'pid')}`,
      '',
    ].join('\n'),
  );
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
  const ini = path.join(dir, 'pgbouncer.ini');
  const child = spawn(asRoot ? 'runuser' : bin, asRoot ? ['-u', 'postgres', '--', bin, ini] : [ini], {
    stdio: 'ignore',
  });
  const destroy = () => {
    // PgBouncer itself (under runuser as root): its own pid file names it.
    try {
      process.kill(Number(fs.readFileSync(path.join(dir, 'pid'), 'utf8')), 'SIGINT');
    } catch {
      // not running
    }
    child.kill('SIGINT');
    fs.rmSync(dir, { recursive: true, force: true });
  };
  for (let i = 0; i < 100 && !(await accepting(port)); i++) {
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  if (!(await accepting(port))) {
    const log = fs.existsSync(path.join(dir, 'log')) ? fs.readFileSync(path.join(dir, 'log'), 'utf8') : '';
    destroy();
    throw new Error(`PgBouncer did not start: ${log.slice(-2000)}`);
  }
  const url = (db: string) => `postgres://postgres@127.0.0.1:${port}/${db}`;
  const transactions = async (database: string) => {
    // The console speaks the simple protocol only.
    const c = new pg.Client({ connectionString: url('pgbouncer') });
    await c.connect();
    try {
      const { rows } = await c.query<{ database: string; total_xact_count: string }>('show stats');
      return Number(rows.find((r) => r.database === database)?.total_xact_count ?? 0);
    } finally {
      await c.end();
    }
  };
  return { port, url, transactions, destroy };
}
