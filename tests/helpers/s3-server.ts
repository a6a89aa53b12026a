import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';

/** The bucket every S3-store test writes to; each app gets a prefix of its own. */
export const TEST_BUCKET = 'gpms-test';
export const TEST_S3_KEY = 'S3RVER';

interface Running {
  endpoint: string;
  users: number;
  stop: () => Promise<void>;
}

// One S3-compatible server per test run: the API projects' global setups run in one process
// one after the other and share it (the last one to finish stops it).
const slot = globalThis as { __gpmsS3?: Promise<Running> };

/**
 * Starts (or joins) the run's S3 server: s3rver from npm, the S3 protocol over loopback, objects
 * in a temporary directory. Its signature check disagrees with the current SDK's canonical
 * request, so it accepts any signature: credentials are not what these tests prove.
 */
export async function startS3Server(): Promise<{ endpoint: string; release: () => Promise<void> }> {
  slot.__gpmsS3 ??= (async () => {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'gpms-s3-'));
    const server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory,
      allowMismatchedSignatures: true,
      configureBuckets: [{ name: TEST_BUCKET }],
    });
    const { port } = (await server.run()) as { port: number };
    return {
      endpoint: `http://127.0.0.1:${port}`,
      users: 0,
      stop: async () => {
        await server.close();
        fs.rmSync(directory, { recursive: true, force: true });
      },
    };
  })();
  const running = await slot.__gpmsS3;
  running.users++;
  return {
    endpoint: running.endpoint,
    release: async () => {
      if (--running.users > 0) return;
      slot.__gpmsS3 = undefined;
      await running.stop();
    },
  };
}
