import fs from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';

/**
 * A browser file's lane: the real server it talks to, with that server's fake ERP and OpenID provider.
 * The browser projects run two files at a time (vitest.config.ts, `browserWorkers`); a journey owns its
 * server while it runs (the business clock and the fake ERP's failures are the server's), so the
 * journeys' global setup starts one lane per worker and each file takes a free one (`takeLane`).
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

/** The lane this worker's current file holds (the setup file takes it before the file is collected). */
let held: { lane: E2eLane; file: string } | undefined;

/** The lane of the file running in this worker. */
export function e2eLane(): E2eLane {
  if (!held) throw new Error('This file holds no browser lane: its project needs tests/e2e/setup-lane.ts');
  return held.lane;
}

const lockFile = (lane: E2eLane) => path.join(lane.dataDir, 'lane.lock');

/**
 * Takes a free lane for one file and returns its release. A lane is taken by creating its lock file (exclusively:
 * two workers cannot both create it), so two journeys never share a server whatever order vitest runs them in; with
 * as many lanes as the group's workers one is always free, and when none is, the file fails naming the holders. Not
 * vitest's pool slot (VITEST_POOL_ID): a slot's number can be handed out twice when one group's last worker is
 * released after the next group began (seen in a whole run: two journeys on one slot). The walks share their one
 * lane and take no lock.
 */
export function takeLane(file: string): () => void {
  const lanes = inject('e2eLanes');
  if (!lanes?.length) throw new Error('No browser lane was provided: the project needs tests/e2e/global-setup.ts');
  if (held) throw new Error(`${file} starts while ${held.file} still holds its lane`);
  if (inject('e2eLanesShared')) {
    held = { lane: lanes[0], file };
    return () => {
      held = undefined;
    };
  }
  for (const lane of lanes) {
    let fd: number;
    try {
      fd = fs.openSync(lockFile(lane), 'wx');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST') continue;
      throw err;
    }
    fs.writeSync(fd, file);
    fs.closeSync(fd);
    held = { lane, file };
    return () => {
      fs.rmSync(lockFile(lane), { force: true });
      held = undefined;
    };
  }
  const holders = lanes.map((l) => `${l.baseUrl}: ${fs.readFileSync(lockFile(l), 'utf8')}`).join('; ');
  throw new Error(
    `No browser lane is free for ${file} (${holders}): the browser projects' maxWorkers and the lanes must be one number (vitest.config.ts)`,
  );
}
