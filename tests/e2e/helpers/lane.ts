import fs from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';

/**
 * A browser file's lane: the real server it talks to, with that server's fake ERP and OpenID provider.
 * The browser projects run two files at a time (vitest.config.ts, `browserWorkers`); a journey owns its
 * server while it runs (the business clock and the fake ERP's failures are the server's), so the
 * journeys' global setup starts one lane per worker and each worker takes the lane of its pool slot.
 * The walks only read, and share one lane.
 */
export interface E2eLane {
  /** Where the server listens, e.g. http://127.0.0.1:41234 */
  baseUrl: string;
  /** The fake ERP the server posts to (helpers/fake-erp.ts). */
  erpBase: string;
  /** The OpenID provider the server's SSO uses (oidc-provider, in the global setup's process). */
  idpIssuer: string;
  /** The server's data directory: its lock file lives there. */
  dataDir: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The lanes the project's global setup started (tests/e2e/global-setup.ts). */
    e2eLanes: E2eLane[];
    /** True when the project's files only read and may share a lane at once (the walks). */
    e2eLanesShared: boolean;
  }
}

/**
 * vitest's pool slot of this worker, 1 to the group's maxWorkers: two files running at once never
 * share one (vitest frees a slot's id when its file ends).
 */
function poolSlot(): number {
  const id = Number(process.env.VITEST_POOL_ID ?? '1');
  if (!Number.isInteger(id) || id < 1)
    throw new Error(`VITEST_POOL_ID="${process.env.VITEST_POOL_ID}" is no pool slot`);
  return id;
}

/** This worker's lane. */
export function e2eLane(): E2eLane {
  const lanes = inject('e2eLanes');
  if (!lanes?.length) throw new Error('No browser lane was provided: the project needs tests/e2e/global-setup.ts');
  const slot = poolSlot();
  if (inject('e2eLanesShared')) return lanes[(slot - 1) % lanes.length];
  if (slot > lanes.length)
    throw new Error(
      `Pool slot ${slot} has no lane of its own (${lanes.length} started): the browser projects' maxWorkers and the lanes must be one number (vitest.config.ts)`,
    );
  return lanes[slot - 1];
}

const lockFile = (lane: E2eLane) => path.join(lane.dataDir, 'lane.lock');

/**
 * Takes this worker's lane for one file, failing (naming the holder) when another file holds it: what
 * keeps two journeys off one server is the slot-to-lane mapping above, and this checks it did. Shared
 * lanes take no lock. Returns the release.
 */
export function takeLane(file: string): () => void {
  if (inject('e2eLanesShared')) return () => {};
  const lane = e2eLane();
  const lock = lockFile(lane);
  let fd: number;
  try {
    fd = fs.openSync(lock, 'wx');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    throw new Error(
      `The server at ${lane.baseUrl} is in use by ${fs.readFileSync(lock, 'utf8')}: two journeys cannot share a server at once`,
    );
  }
  fs.writeSync(fd, file);
  fs.closeSync(fd);
  return () => fs.rmSync(lock, { force: true });
}
