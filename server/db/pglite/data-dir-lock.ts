import fs from 'node:fs';
import path from 'node:path';

/**
 * One process at a time in a PGlite data directory. PGlite is PostgreSQL in this process: two
 * processes opening the same directory (a server and `npm run keys:rotate`, `audit:verify`,
 * `backup`, `seed`, `restore`, or a second server) would each write its files as if alone and
 * corrupt them. Opening takes `<dir>.lock` (beside the directory: a restore replaces the directory
 * itself), a file holding the process id; a second process is refused with the holder's id. A lock
 * whose process no longer runs (killed, the machine restarted) is taken over. Within a process the
 * lock is counted: the server opens the directory twice at start (migrations, then the worker).
 */
export class DataDirLocked extends Error {
  constructor(
    readonly dataDir: string,
    readonly holderPid: number,
    readonly lockFile: string,
  ) {
    super(
      `the PGlite data directory ${dataDir} is in use by process ${holderPid} (${lockFile}): stop that process ` +
        `(a GPMS server or another npm run tool) first, or use DATABASE_URL; if no such process runs, remove ${lockFile}`,
    );
    this.name = 'DataDirLocked';
  }
}

/** The lock file of a data directory. */
export function lockFileOf(dataDir: string): string {
  return `${path.resolve(dataDir)}.lock`;
}

/** lock file → how many times this process holds it */
const held = new Map<string, number>();
let exitHook = false;

function readPid(file: string): number | null {
  try {
    const text = fs.readFileSync(file, 'utf8').trim();
    return /^\d+$/.test(text) ? Number(text) : null;
  } catch {
    return null;
  }
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

function unlinkIfOurs(file: string): void {
  if (readPid(file) === process.pid) fs.rmSync(file, { force: true });
}

/**
 * Takes the data directory's lock for this process, or throws DataDirLocked naming the process
 * that holds it. Answers the release (idempotent); the last release removes the file, and so does
 * the process's exit.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = lockFileOf(dataDir);
  const count = held.get(file);
  if (count === undefined) acquire(dataDir, file);
  held.set(file, (count ?? 0) + 1);
  if (!exitHook) {
    exitHook = true;
    process.once('exit', () => {
      for (const f of held.keys()) unlinkIfOurs(f);
    });
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const n = (held.get(file) ?? 1) - 1;
    if (n > 0) held.set(file, n);
    else {
      held.delete(file);
      unlinkIfOurs(file);
    }
  };
}

function acquire(dataDir: string, file: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // The id is written to a file of our own first and linked into place: the lock file appears whole
  // or not at all, so nobody reads it empty and takes it for stale.
  const mine = `${file}.${process.pid}.${Date.now()}`;
  fs.writeFileSync(mine, `${process.pid}\n`, { mode: 0o600 });
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        fs.linkSync(mine, file);
        return;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 3) throw err;
      }
      const holder = readPid(file);
      // Our own id in a file this process does not hold: left by an earlier process that had our
      // id (a container's server is often process 1 at every start).
      if (holder !== null && holder !== process.pid && running(holder)) throw new DataDirLocked(dataDir, holder, file);
      // Stale: removed only if it still names the dead holder (another process may have taken it over meanwhile).
      if (readPid(file) === holder) fs.rmSync(file, { force: true });
    }
  } finally {
    fs.rmSync(mine, { force: true });
  }
}
