import { Readable, Transform } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { checkKey, type ObjectStore } from './object-store.js';

// The SDK is loaded with the first S3 operation: a server on the disk store never loads it (memory,
// and the SDK's start-up notice about Node versions).
type Sdk = typeof import('@aws-sdk/client-s3') & { Upload: typeof import('@aws-sdk/lib-storage').Upload };
const loadSdk = async (): Promise<Sdk> => ({
  ...(await import('@aws-sdk/client-s3')),
  Upload: (await import('@aws-sdk/lib-storage')).Upload,
});

export interface S3StoreOptions {
  bucket: string;
  /** Folder inside the bucket, without slashes at either end; '' for the bucket's root. */
  prefix: string;
  endpoint: string | null;
  region: string;
  accessKeyId: string | null;
  secretAccessKey: string | null;
  forcePathStyle: boolean;
}

/** 5 MiB, S3's smallest part: memory holds at most PART_BYTES × QUEUE per upload in flight. */
const PART_BYTES = 5 * 1048576;
const QUEUE = 2;

const missing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

/**
 * An S3-compatible bucket (AWS S3, MinIO, Ceph RGW, a cloud's): objects under `prefix/`. The
 * server streams every byte itself (no presigned URLs), so the file routes' owner checks stay the
 * only way in. Uploads go through lib-storage's multipart Upload: the stream is cut into parts and
 * nothing is visible until the upload completes; a failed one is aborted.
 */
export class S3Store implements ObjectStore {
  readonly kind = 's3' as const;
  private ready: Promise<{ sdk: Sdk; client: S3Client }> | null = null;

  constructor(private readonly options: S3StoreOptions) {}

  private connect(): Promise<{ sdk: Sdk; client: S3Client }> {
    this.ready ??= loadSdk().then((sdk) => ({ sdk, client: this.newClient(sdk) }));
    return this.ready;
  }

  private newClient(sdk: Sdk): S3Client {
    const options = this.options;
    return new sdk.S3Client({
      region: options.region,
      endpoint: options.endpoint ?? undefined,
      forcePathStyle: options.forcePathStyle,
      // Unset: the SDK's own chain (AWS_* variables, the instance's or pod's role).
      credentials:
        options.accessKeyId && options.secretAccessKey
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
      // Checksums only where S3 demands them: several S3-compatible servers refuse the SDK's
      // default CRC32 trailers on streamed parts; TLS and our own SHA-256 of uploads cover integrity.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  get location(): string {
    return `s3://${this.options.bucket}${this.options.prefix ? `/${this.options.prefix}` : ''}`;
  }

  private objectKey(key: string): string {
    checkKey(key);
    return this.options.prefix ? `${this.options.prefix}/${key}` : key;
  }

  async put(key: string, body: Readable | Buffer | string): Promise<{ size: number }> {
    let size = 0;
    const source = typeof body === 'string' || Buffer.isBuffer(body) ? Readable.from([Buffer.from(body)]) : body;
    const meter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        done(null, chunk);
      },
    });
    // A source that fails (a truncated upload, a failed export) fails the upload, which aborts itself.
    source.on('error', (err) => meter.destroy(err));
    const { sdk, client } = await this.connect();
    const upload = new sdk.Upload({
      client,
      params: { Bucket: this.options.bucket, Key: this.objectKey(key), Body: source.pipe(meter) },
      partSize: PART_BYTES,
      queueSize: QUEUE,
      leavePartsOnError: false,
    });
    await upload.done();
    return { size };
  }

  async get(key: string): Promise<Readable | null> {
    const { sdk, client } = await this.connect();
    try {
      const res = await client.send(
        new sdk.GetObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) }),
      );
      return res.Body as Readable;
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
  }

  async getRange(key: string, start: number, length: number): Promise<Buffer> {
    if (length <= 0) return Buffer.alloc(0);
    const { sdk, client } = await this.connect();
    const res = await client.send(
      new sdk.GetObjectCommand({
        Bucket: this.options.bucket,
        Key: this.objectKey(key),
        Range: `bytes=${start}-${start + length - 1}`,
      }),
    );
    return Buffer.from(await res.Body!.transformToByteArray());
  }

  async head(key: string): Promise<{ size: number } | null> {
    const { sdk, client } = await this.connect();
    try {
      const res = await client.send(
        new sdk.HeadObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) }),
      );
      return { size: Number(res.ContentLength ?? 0) };
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    const { sdk, client } = await this.connect();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) }));
  }

  async *list(prefix: string): AsyncIterable<{ key: string; size: number }> {
    const base = this.options.prefix ? `${this.options.prefix}/` : '';
    const { sdk, client } = await this.connect();
    let token: string | undefined;
    do {
      const page = await client.send(
        new sdk.ListObjectsV2Command({
          Bucket: this.options.bucket,
          Prefix: `${base}${prefix}`,
          ContinuationToken: token,
        }),
      );
      for (const o of page.Contents ?? [])
        if (o.Key) yield { key: o.Key.slice(base.length), size: Number(o.Size ?? 0) };
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async close(): Promise<void> {
    if (this.ready) (await this.ready).client.destroy();
  }
}
