#!/usr/bin/env node
// `npm run build:server`: the server as plain JavaScript in dist-server/ (esbuild; packages stay in
// node_modules). `npm start` and the browser tests run it with node: tsx compiled every module at
// start-up and kept its transform machinery in memory (at rest on PostgreSQL: 337 MB with tsx, 272 MB
// compiled, docs/deployment.md). The worker threads are entries of their own, beside main.mjs, where
// the server looks for them (new URL('./worker.mjs', import.meta.url)).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function buildServer() {
  const result = await build({
    absWorkingDir: root,
    entryPoints: {
      // server/boot.ts begins a restart's PGlite thread, then loads server/main.ts (a chunk of its own:
      // `splitting`, so the thread begins before the server's modules load and shares their one copy).
      main: 'server/boot.ts',
      // server/db/pglite/worker-client.ts starts it as ./worker.mjs.
      worker: 'server/db/pglite/worker.mjs',
      // server/modules/items/upload/process.ts starts it as ./parse-worker.mjs.
      'parse-worker': 'server/modules/items/upload/parse-worker.ts',
      // scripts/start.mjs makes the seeded demo company's dump with it beside the web build.
      'seed-dump': 'server/db/seed-dump-cli.ts',
    },
    outdir: 'dist-server',
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    // Beside the entries: code finds its files relative to itself (import.meta.url, '..' the repository).
    chunkNames: 'chunk-[hash]',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
    metafile: true,
  });
  // Chunks of earlier builds (their names carry their content's hash) are of no further use.
  const current = new Set(Object.keys(result.metafile.outputs).map((f) => path.resolve(root, f)));
  const out = path.join(root, 'dist-server');
  for (const name of fs.readdirSync(out)) {
    const file = path.join(out, name);
    if (/^chunk-\w+\.mjs(\.map)?$/.test(name) && !current.has(file)) fs.rmSync(file, { force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildServer();
}
