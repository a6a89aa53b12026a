import fs from 'node:fs';
import path from 'node:path';
import { isMainThread } from 'node:worker_threads';
import { lockDataDir } from './data-dir-lock.js';
import { PgliteWorkerClient } from './worker-client.js';

/**
 * PGlite's thread begun on a restart's data directory before the server's modules load (server/boot.ts):
 * the thread opens the database (≈ 1.5 s of CPU) on one core while the other loads the modules (≈ 1 s) and
 * builds the app, where it began after them. server/db/open.ts takes it over when the configuration names
 * the same directory with the same limit; else it is closed and the server opens its own.
 *
 * Only where nothing is to decide first: no DATABASE_URL, the data directory there (a first start restores
 * or makes it), DATA_DIR the server account's own and closed to others (else secureDataDir refuses or
 * closes it before anything opens it), the directory's lock free (else the server names the holder).
 */
interface Early {
  dir: string;
  transactionLimitMs: number | undefined;
  client: PgliteWorkerClient;
  opened: Promise<void>;
  release: () => void;
}

let early: Early | null = null;

export function beginEarlyPglite(env: NodeJS.ProcessEnv, cwd = process.cwd()): PgliteWorkerClient | null {
  if (env.DATABASE_URL) return null;
  const dataDir = path.resolve(cwd, env.DATA_DIR && env.DATA_DIR !== '' ? env.DATA_DIR : './data');
  const dir = path.join(dataDir, 'pgdata');
  try {
    const st = fs.statSync(dataDir);
    if (st.mode & 0o077 || (process.getuid && st.uid !== process.getuid())) return null;
    if (!fs.statSync(dir).isDirectory()) return null;
  } catch {
    return null;
  }
  const limit = env.PGLITE_TRANSACTION_LIMIT_MS;
  const transactionLimitMs = limit === undefined || limit === '' ? undefined : Number(limit);
  // An unusable value: the configuration's check stops the start with its message.
  if (transactionLimitMs !== undefined && !Number.isInteger(transactionLimitMs)) return null;
  let release: () => void;
  try {
    release = lockDataDir(dir);
  } catch {
    return null;
  }
  // As secureDataDir makes it before anything is written: what PGlite creates is the owner's alone.
  if (isMainThread) process.umask(0o077);
  const client = PgliteWorkerClient.unstarted();
  const opened = client.begin({ dataDir: dir, transactionLimitMs });
  // Told to whoever takes it over; a thread nobody takes is closed.
  opened.catch(() => undefined);
  early = { dir, transactionLimitMs, client, opened, release };
  return client;
}

/**
 * The thread begun early, handed over once when it is on `dir` with the limit the configuration gives (its
 * default 30 s is the thread's too): the caller then owns it and its lock. Any other is closed: `closed`
 * settles once it is, before which nothing may open a database (it may be this very directory).
 */
export function takeEarlyPglite(
  dir: string,
  transactionLimitMs: number | undefined,
): { early: Early | null; closed: Promise<void> } {
  const e = early;
  early = null;
  if (!e) return { early: null, closed: Promise.resolve() };
  const sameLimit = (e.transactionLimitMs ?? 30_000) === (transactionLimitMs ?? 30_000);
  if (e.dir === path.resolve(dir) && sameLimit) return { early: e, closed: Promise.resolve() };
  return { early: null, closed: e.client.close().finally(e.release) };
}

/** Closes a thread begun early that nobody took over (a start that opens no PGlite worker). */
export async function closeEarlyPglite(): Promise<void> {
  const e = early;
  early = null;
  if (e) await e.client.close().finally(e.release);
}
