import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCli } from '../ops/run-cli.js';
import { pgliteSeedDataDir, seedSourcesAt } from './seed-dump.js';

/**
 * `node dist-server/seed-dump.mjs`: makes the cached seeded data directory of the current sources if
 * it is not there (server/db/seed-dump.ts). `npm start` runs it beside the web build on a first start,
 * so the seed and the build share the machine's cores; the server then restores a copy. It ends through
 * runCli's exit: a PGlite opened on a data directory and closed before any statement leaves its
 * WebAssembly's interval timer re-arming (PGlite 0.4.6), and a first `npm start` waited on it forever.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
runCli({
  failure: 'seed dump failed:',
  run: async () => {
    if (!seedSourcesAt(root)) {
      console.error(`seed dump: no seed sources under ${root}`);
      return 1;
    }
    const r = await pgliteSeedDataDir(root, (msg) => console.log(`[start] ${msg}`));
    console.log(`[start] seed dump ${r.hash} ${r.made ? 'made' : 'ready'} (${r.seconds.toFixed(1)} s)`);
    return 0;
  },
});
