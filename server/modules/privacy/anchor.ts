import fs from 'node:fs';
import type { Db } from '../../db/connect.js';
import { accessLogHead } from './queries.js';

/**
 * The access log's head, written outside the database (docs/privacy.md "The chain's end"). The chain
 * shows any row changed, removed or inserted before the newest one, but whoever holds the table
 * owner's rights can remove the newest rows and leave a chain that still verifies. So the newest
 * row's sequence number and hash go, after each append, to a file the operator names
 * (ACCESS_LOG_ANCHOR) on storage the database's account cannot write; `audit:verify` then requires
 * that row to be there with that hash. One line per append (`<seq> <hash>`), appended, so several
 * servers may share one file; only its newest lines are read.
 */
export interface Anchor {
  seq: number;
  hash: string;
}

const LINE = /^(\d+) ([0-9a-f]{64})$/;
/** The newest lines are at the end: appends of several servers interleave only a little. */
const TAIL_BYTES = 64 * 1024;

export async function writeAnchor(file: string, head: Anchor): Promise<void> {
  await fs.promises.appendFile(file, `${head.seq} ${head.hash}\n`, { mode: 0o600 });
}

/** The highest anchored row in the file's last lines; null when the file is missing or holds none. */
export async function readAnchor(file: string): Promise<Anchor | null> {
  let handle: fs.promises.FileHandle;
  try {
    handle = await fs.promises.open(file, 'r');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  try {
    const { size } = await handle.stat();
    const length = Math.min(size, TAIL_BYTES);
    const buf = Buffer.alloc(length);
    await handle.read(buf, 0, length, size - length);
    let best: Anchor | null = null;
    for (const line of buf.toString('utf8').split('\n')) {
      const m = LINE.exec(line.trim());
      if (m && (!best || Number(m[1]) > best.seq)) best = { seq: Number(m[1]), hash: m[2] };
    }
    return best;
  } finally {
    await handle.close();
  }
}

/** Appends the log's current head to the file unless it is there already (the scheduled job). */
export async function anchorHead(db: Db, file: string): Promise<Anchor | null> {
  const head = await accessLogHead(db);
  if (!head) return null;
  const anchor = { seq: Number(head.seq), hash: head.hash };
  const last = await readAnchor(file);
  if (!last || last.seq < anchor.seq) await writeAnchor(file, anchor);
  return anchor;
}
