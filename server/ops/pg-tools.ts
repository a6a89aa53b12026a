import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * pg_dump / pg_restore of the installed PostgreSQL, found robustly: PG_BIN_DIR when set, else the
 * major version's own folder where distributions put it (Debian /usr/lib/postgresql/N/bin, Red Hat
 * /usr/pgsql-N/bin, the source build's /usr/local/pgsql/bin), else PATH — and only a tool at least
 * as new as the server (an older pg_dump refuses a newer server; a newer one reads every older).
 */
export async function findPgTool(
  tool: 'pg_dump' | 'pg_restore',
  serverMajor: number,
  env: NodeJS.ProcessEnv = process.env,
): Promise<string> {
  const candidates: string[] = [];
  if (env.PG_BIN_DIR) candidates.push(path.join(env.PG_BIN_DIR, tool));
  const majors = new Set<number>([serverMajor]);
  for (const [dir, pattern] of [
    ['/usr/lib/postgresql', /^(\d+)$/],
    ['/usr', /^pgsql-(\d+)$/],
  ] as const) {
    try {
      for (const d of fs.readdirSync(dir)) {
        const m = pattern.exec(d);
        if (m) majors.add(Number(m[1]));
      }
    } catch {
      // not this distribution's layout
    }
  }
  for (const major of [...majors].filter((m) => m >= serverMajor).sort((a, b) => b - a)) {
    candidates.push(`/usr/lib/postgresql/${major}/bin/${tool}`, `/usr/pgsql-${major}/bin/${tool}`);
  }
  candidates.push(
    `/usr/local/pgsql/bin/${tool}`,
    ...(env.PATH ?? '')
      .split(path.delimiter)
      .filter(Boolean)
      .map((d) => path.join(d, tool)),
  );
  const tried: string[] = [];
  for (const file of candidates) {
    if (!fs.existsSync(file)) continue;
    const major = await toolMajor(file).catch(() => null);
    tried.push(`${file} (${major ?? 'unreadable'})`);
    if (major !== null && major >= serverMajor) return file;
  }
  throw new Error(
    `${tool} ${serverMajor} or newer not found${tried.length ? `; found ${tried.join(', ')}` : ''}. Install the PostgreSQL client (Debian: postgresql-client-${serverMajor}) or set PG_BIN_DIR`,
  );
}

async function toolMajor(file: string): Promise<number> {
  const { stdout } = await run(file, ['--version']);
  const m = /(\d+)(?:\.\d+)?/.exec(stdout.replace(/^[^)]*\)/, ''));
  if (!m) throw new Error(`no version in: ${stdout}`);
  return Number(m[1]);
}

/** libpq variables for a DATABASE_URL, so no password appears in a process list. */
export function libpqEnv(databaseUrl: string): NodeJS.ProcessEnv {
  const u = new URL(databaseUrl);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PGHOST: u.hostname,
    PGPORT: u.port || '5432',
    PGDATABASE: decodeURIComponent(u.pathname.slice(1)),
  };
  if (u.username) env.PGUSER = decodeURIComponent(u.username);
  if (u.password) env.PGPASSWORD = decodeURIComponent(u.password);
  const ssl = u.searchParams.get('sslmode');
  if (ssl) env.PGSSLMODE = ssl;
  return env;
}

/** Runs a tool to completion; its error output becomes the error. */
export function runTool(file: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${path.basename(file)} exited with ${code}: ${stderr.trim().slice(0, 2000)}`)),
    );
  });
}
