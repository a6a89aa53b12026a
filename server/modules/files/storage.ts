import crypto from 'node:crypto';
import { PassThrough, Transform, type Readable } from 'node:stream';
import { Zip, ZipDeflate } from 'fflate';
import type { Config } from '../../config.js';
import { objectStoreFor } from '../../storage/open.js';
import type { ObjectStore } from '../../storage/object-store.js';

/**
 * Uploaded files live under `files/` of the configured store (DATA_DIR/files or the bucket), never
 * under the web root, with names we generate (the user's file name is only metadata), fanned out
 * over 256 folders.
 */
export class FileStore {
  constructor(readonly objects: ObjectStore) {}

  static of(config: Pick<Config, 'fileStore' | 'dataDir'>): FileStore {
    return new FileStore(objectStoreFor(config));
  }

  keyOf(storedName: string): string {
    if (!/^[a-f0-9]{32}$/.test(storedName)) throw new Error(`not a stored file name: ${storedName}`);
    return `files/${storedName.slice(0, 2)}/${storedName}`;
  }

  /** Streams an upload to the store; returns its size and SHA-256. A failed write leaves nothing. */
  async write(source: Readable): Promise<{ storedName: string; size: number; sha256: string }> {
    const storedName = crypto.randomBytes(16).toString('hex');
    const hash = crypto.createHash('sha256');
    let size = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        hash.update(chunk);
        done(null, chunk);
      },
    });
    source.on('error', (err) => meter.destroy(err));
    try {
      await this.objects.put(this.keyOf(storedName), source.pipe(meter));
    } catch (err) {
      // As pipeline() did: a failed write also stops the request's stream (nothing waits on it).
      source.destroy();
      throw err;
    }
    return { storedName, size, sha256: hash.digest('hex') };
  }

  async remove(storedName: string): Promise<void> {
    await this.objects.delete(this.keyOf(storedName));
  }

  async exists(storedName: string): Promise<boolean> {
    return (await this.objects.head(this.keyOf(storedName))) !== null;
  }

  /** The content as a stream, or null when it is gone. */
  read(storedName: string): Promise<Readable | null> {
    return this.objects.get(this.keyOf(storedName));
  }

  /** Random access for the content checks (a head, a zip's central directory). */
  reader(storedName: string): {
    size: () => Promise<number>;
    read: (start: number, length: number) => Promise<Buffer>;
  } {
    const key = this.keyOf(storedName);
    return {
      size: async () => (await this.objects.head(key))?.size ?? 0,
      read: (start, length) => this.objects.getRange(key, start, length),
    };
  }

  /**
   * The whole content in memory: only for an item-upload workbook, which the spreadsheet reader
   * needs whole anyway (a zip is read from its end) and the upload limit bounds.
   */
  async readAll(storedName: string): Promise<Buffer | null> {
    const stream = await this.read(storedName);
    if (!stream) return null;
    const chunks: Buffer[] = [];
    for await (const c of stream) chunks.push(c as Buffer);
    return Buffer.concat(chunks);
  }

  /**
   * Several files as one zip, streamed: each file is read and deflated a chunk at a time, and
   * the zip waits while the client is slower than the store.
   */
  zip(entries: Array<{ name: string; storedName: string }>): Readable {
    const out = new PassThrough();
    const zip = new Zip((err, chunk, final) => {
      if (err) out.destroy(err);
      else {
        out.write(chunk);
        if (final) out.end();
      }
    });
    const drained = () =>
      out.writableNeedDrain
        ? new Promise<void>((resolve) => {
            out.once('drain', resolve);
            out.once('close', resolve);
          })
        : Promise.resolve();
    void (async () => {
      for (const e of entries) {
        const entry = new ZipDeflate(e.name, { level: 6 });
        zip.add(entry);
        const content = await this.read(e.storedName);
        if (content) {
          for await (const c of content) {
            if (out.destroyed) {
              content.destroy();
              return;
            }
            entry.push(c as Uint8Array);
            await drained();
          }
        }
        entry.push(new Uint8Array(0), true);
      }
      zip.end();
    })().catch((err: unknown) => out.destroy(err as Error));
    return out;
  }
}

/**
 * RFC 6266 / 5987: an ASCII fallback plus the exact UTF-8 name, so Korean names arrive intact
 * in every current browser.
 */
export function contentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
