import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform, type Readable } from 'node:stream';

/**
 * Uploaded files live under DATA_DIR/files, never under the web root, with names we generate
 * (the user's file name is only metadata), fanned out over 256 folders.
 */
export class FileStore {
  constructor(private readonly root: string) {}

  static forDataDir(dataDir: string): FileStore {
    return new FileStore(path.join(dataDir, 'files'));
  }

  pathOf(storedName: string): string {
    if (!/^[a-f0-9]{32}$/.test(storedName)) throw new Error(`not a stored file name: ${storedName}`);
    return path.join(this.root, storedName.slice(0, 2), storedName);
  }

  /** Streams an upload to disk; returns its size and SHA-256. Removes the partial file on any error. */
  async write(source: Readable): Promise<{ storedName: string; size: number; sha256: string }> {
    const storedName = crypto.randomBytes(16).toString('hex');
    const target = this.pathOf(storedName);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    const hash = crypto.createHash('sha256');
    let size = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        hash.update(chunk);
        done(null, chunk);
      },
    });
    try {
      await pipeline(source, meter, fs.createWriteStream(target, { flags: 'wx' }));
    } catch (err) {
      await fs.promises.rm(target, { force: true });
      throw err;
    }
    return { storedName, size, sha256: hash.digest('hex') };
  }

  async remove(storedName: string): Promise<void> {
    await fs.promises.rm(this.pathOf(storedName), { force: true });
  }

  exists(storedName: string): boolean {
    return fs.existsSync(this.pathOf(storedName));
  }

  read(storedName: string): fs.ReadStream {
    return fs.createReadStream(this.pathOf(storedName));
  }

  readAll(storedName: string): Promise<Buffer> {
    return fs.promises.readFile(this.pathOf(storedName));
  }
}

/**
 * RFC 6266 / 5987: an ASCII fallback plus the exact UTF-8 name, so Korean names arrive intact
 * in every current browser.
 */
export function contentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
