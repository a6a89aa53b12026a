import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { checkKey, type ObjectStore } from './object-store.js';

/** Temporary names end so; list() leaves them out (a write in progress, or one a crash left). */
const TMP = /\.[0-9a-f]{12}\.tmp$/;

/** The default store: files under DATA_DIR, each key a relative path (today's layout, unchanged). */
export class DiskStore implements ObjectStore {
  readonly kind = 'disk' as const;
  constructor(readonly root: string) {}

  get location(): string {
    return this.root;
  }

  pathOf(key: string): string {
    return path.join(this.root, checkKey(key));
  }

  async put(key: string, body: Readable | Buffer | string): Promise<{ size: number }> {
    const target = this.pathOf(key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    const tmp = `${target}.${crypto.randomBytes(6).toString('hex')}.tmp`;
    try {
      await pipeline(
        typeof body === 'string' || Buffer.isBuffer(body) ? Readable.from([Buffer.from(body)]) : body,
        fs.createWriteStream(tmp, { flags: 'wx' }),
      );
      await fs.promises.rename(tmp, target);
    } catch (err) {
      await fs.promises.rm(tmp, { force: true });
      throw err;
    }
    return { size: (await fs.promises.stat(target)).size };
  }

  async get(key: string): Promise<Readable | null> {
    // Opened before answering, so a missing file is null here rather than an error mid-response.
    const handle = await fs.promises.open(this.pathOf(key), 'r').catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return null;
      throw err;
    });
    return handle ? handle.createReadStream() : null;
  }

  async getRange(key: string, start: number, length: number): Promise<Buffer> {
    const handle = await fs.promises.open(this.pathOf(key), 'r');
    try {
      const buf = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buf, 0, length, start);
      return buf.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  async head(key: string): Promise<{ size: number } | null> {
    try {
      const st = await fs.promises.stat(this.pathOf(key));
      return st.isFile() ? { size: st.size } : null;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.promises.rm(this.pathOf(key), { force: true });
  }

  async *list(prefix: string): AsyncIterable<{ key: string; size: number }> {
    const start = path.join(this.root, prefix);
    const walk = async function* (dir: string): AsyncGenerator<string> {
      let entries: fs.Dirent[];
      try {
        entries = await fs.promises.readdir(dir, { withFileTypes: true });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw err;
      }
      for (const e of entries) {
        const full = path.join(dir, e.name);
        if (e.isDirectory()) yield* walk(full);
        else if (e.isFile() && !TMP.test(e.name)) yield full;
      }
    };
    for await (const full of walk(start.endsWith(path.sep) || prefix === '' ? start : path.dirname(start))) {
      const key = path.relative(this.root, full).split(path.sep).join('/');
      if (!key.startsWith(prefix)) continue;
      yield { key, size: (await fs.promises.stat(full)).size };
    }
  }
}
