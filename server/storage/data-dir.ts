import fs from 'node:fs';
import { isMainThread } from 'node:worker_threads';

/**
 * DATA_DIR holds the embedded database (with the token signing keys), the bid master key and every
 * uploaded document: the server's account alone may read it. Called before anything is written
 * there (openDatabase, restore).
 *
 * - The process's umask becomes 077, so every directory and file the server — PGlite included —
 *   creates from here on is 0700 / 0600, whatever the service manager's umask was.
 * - A missing DATA_DIR is created 0700.
 * - An existing one that others can write is refused: someone may already have replaced a file in it,
 *   and a server that fixed the mode silently would hide that. One others can only read or enter
 *   (an older install, created under umask 022) is closed to 0700: its contents then cannot be reached
 *   by other accounts, whatever their own modes.
 */
class DataDirRefused extends Error {}

export function secureDataDir(dir: string, log: (message: string) => void = () => undefined): void {
  // umask is per process and cannot be set from a worker thread (Node refuses): the main thread sets it for all.
  if (isMainThread) process.umask(0o077);
  let st: fs.Stats;
  try {
    st = fs.statSync(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    fs.chmodSync(dir, 0o700);
    return;
  }
  if (!st.isDirectory()) throw new DataDirRefused(`DATA_DIR ${dir} is not a directory`);
  const mode = st.mode & 0o777;
  const octal = mode.toString(8).padStart(3, '0');
  if (mode & 0o022) {
    const who = [mode & 0o020 ? 'its group' : '', mode & 0o002 ? 'every account' : ''].filter(Boolean).join(' and ');
    throw new DataDirRefused(
      `DATA_DIR ${dir} is writable by ${who} (mode ${octal}): another account could have replaced the database, keys or files in it. ` +
        `Check its contents, then make it the server account's alone (chmod 700 ${dir}) and start again.`,
    );
  }
  const uid = process.getuid?.();
  if (uid !== undefined && uid !== 0 && st.uid !== uid) {
    throw new DataDirRefused(
      `DATA_DIR ${dir} belongs to another account (uid ${st.uid}, this process runs as ${uid}): it must be the server account's own.`,
    );
  }
  if (mode & 0o055) {
    fs.chmodSync(dir, 0o700);
    log(`DATA_DIR ${dir} was open to other accounts (mode ${octal}); now 0700`);
  }
}
