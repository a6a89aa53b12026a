import type { Readable } from 'node:stream';

/**
 * Where the server keeps the files it writes (uploads, ERP vouchers and vendor records, server-side
 * exports, item-upload workbooks): a directory under DATA_DIR by default, or an S3-compatible bucket
 * (FILE_STORE=s3://bucket/prefix). Keys are relative paths such as `files/ab/ab12…` or
 * `exports/<id>.xlsx`; both stores keep the same layout, so a backup or a move between them copies
 * keys as they are. Content streams both ways: no operation holds a whole file in memory.
 */
export interface ObjectStore {
  readonly kind: 'disk' | 's3';
  /** Where it is, for logs and the backup manifest (never credentials). */
  readonly location: string;
  /** Writes the stream under the key; a reader never sees half of it (temporary name + rename / multipart complete). */
  put(key: string, body: Readable | Buffer | string): Promise<{ size: number }>;
  /** The content as a stream, or null when the key holds nothing. */
  get(key: string): Promise<Readable | null>;
  /** Bytes [start, start + length) of an object (content checks read a head and a zip's directory). */
  getRange(key: string, start: number, length: number): Promise<Buffer>;
  head(key: string): Promise<{ size: number } | null>;
  /** Removes the key; a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Every key under the prefix (a folder such as `files/`), in no promised order. */
  list(prefix: string): AsyncIterable<{ key: string; size: number }>;
}

const KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

/** Keys are made by the server; anything else (`..`, absolute paths, odd characters) is a bug, refused loudly. */
export function checkKey(key: string): string {
  if (!KEY.test(key) || key.split('/').some((p) => p === '..' || p === '.'))
    throw new Error(`not an object key: ${key}`);
  return key;
}

/** Collects a stream that is known to be small (a voucher's JSON); files are never read this way. */
export async function readSmall(stream: Readable, limit = 16 * 1048576): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > limit) {
      stream.destroy();
      throw new Error(`object larger than ${limit} bytes read whole`);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
