import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pgliteSeedDataDir, seedSourcesAt } from './seed-dump.js';

/**
 * `node dist-server/seed-dump.mjs`: makes the cached seeded data directory of the current sources if
 * it is not there (server/db/seed-dump.ts). `npm start` runs it beside the web build on a first start,
 * so the seed and the build share the machine's cores; the server then restores a copy.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
if (!seedSourcesAt(root)) {
  console.error(`seed dump: no seed sources under ${root}`);
  process.exit(1);
}
pgliteSeedDataDir(root, (msg) => console.log(`[start] ${msg}`)).then(
  (r) => console.log(`[start] seed dump ${r.hash} ${r.made ? 'made' : 'ready'} (${r.seconds.toFixed(1)} s)`),
  (err) => {
    console.error('seed dump failed:', err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
