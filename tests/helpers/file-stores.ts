import { randomBytes } from 'node:crypto';
import type { Config } from '../../server/config.js';
import { objectStoreFor } from '../../server/storage/open.js';
import { TEST_BUCKET, TEST_S3_KEY } from './s3-server.js';

/**
 * The file stores the file tests run on: `describe.each(FILE_STORES)` runs the
 * same tests on DATA_DIR and on the run's S3 server. FILE_STORES=disk narrows a run while working.
 */
export type FileStoreKind = 'disk' | 's3';
export const FILE_STORES: FileStoreKind[] = process.env.FILE_STORES === 'disk' ? ['disk'] : ['disk', 's3'];

/** The configuration of a store of that kind: S3 under a prefix of this app's own, so apps never meet. */
export async function fileStoreConfig(kind: FileStoreKind): Promise<Config['fileStore']> {
  if (kind === 'disk') return { kind: 'disk' };
  const { inject } = await import('vitest');
  const endpoint = inject('s3Endpoint' as never) as string;
  return {
    kind: 's3',
    bucket: TEST_BUCKET,
    prefix: `t-${randomBytes(6).toString('hex')}`,
    endpoint,
    region: 'us-east-1',
    accessKeyId: TEST_S3_KEY,
    secretAccessKey: TEST_S3_KEY,
    forcePathStyle: true,
  };
}

/** Keys under a folder of the app's store (`files/`, `exports/`), read through the store itself. */
export async function storedKeys(config: Pick<Config, 'fileStore' | 'dataDir'>, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const o of objectStoreFor(config).list(prefix)) keys.push(o.key);
  return keys.sort();
}

/** One stored object's content, or null. */
export async function storedObject(config: Pick<Config, 'fileStore' | 'dataDir'>, key: string): Promise<Buffer | null> {
  const stream = await objectStoreFor(config).get(key);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}
