import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyPgliteDumpBeside, SEED_CACHE_DIR, validPgliteDump } from '../../../server/db/seed-dump.js';

/**
 * The seed cache is used only when whole: the seeded dump and the migrated, unseeded one beside it, each matching
 * the bytes and sha256 its manifest holds (a cache from before the empty dump, or a cut file, is made again).
 */
describe('the seed cache is used only when both dumps are whole', () => {
  const roots: string[] = [];
  afterEach(() => {
    for (const r of roots.splice(0)) fs.rmSync(r, { recursive: true, force: true });
  });

  const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

  function cache(o: { withEmpty: boolean }) {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'gpms-seed-cache-'));
    roots.push(root);
    const hash = 'a'.repeat(24);
    const dir = path.join(root, SEED_CACHE_DIR, hash);
    fs.mkdirSync(dir, { recursive: true });
    const seeded = Buffer.from('seeded dump bytes');
    const empty = Buffer.from('empty dump bytes');
    fs.writeFileSync(path.join(dir, 'pglite.tar'), seeded);
    fs.writeFileSync(path.join(dir, 'pglite-empty.tar'), empty);
    fs.writeFileSync(
      path.join(dir, 'manifest.json'),
      JSON.stringify({
        hash,
        sha256: sha(seeded),
        bytes: seeded.length,
        ...(o.withEmpty ? { empty: { sha256: sha(empty), bytes: empty.length } } : {}),
        madeAt: new Date().toISOString(),
        seedSeconds: 1,
      }),
    );
    return { root, hash, dir };
  }

  it('a whole cache answers the seeded dump, and the empty one lies beside it', () => {
    const { root, hash, dir } = cache({ withEmpty: true });
    const found = validPgliteDump(root, hash);
    expect(found).toBe(path.join(dir, 'pglite.tar'));
    expect(fs.readFileSync(emptyPgliteDumpBeside(found!), 'utf8')).toBe('empty dump bytes');
  });

  it('a manifest naming no empty dump (a cache made before it) is not used', () => {
    const { root, hash } = cache({ withEmpty: false });
    expect(validPgliteDump(root, hash)).toBeNull();
  });

  it('an empty dump whose bytes changed, or that is gone, is not used', () => {
    const { root, hash, dir } = cache({ withEmpty: true });
    fs.writeFileSync(path.join(dir, 'pglite-empty.tar'), 'empty dump bytez');
    expect(validPgliteDump(root, hash)).toBeNull();
    fs.rmSync(path.join(dir, 'pglite-empty.tar'));
    expect(validPgliteDump(root, hash)).toBeNull();
  });
});
