#!/usr/bin/env node
// `npm run build:server`: the server as plain JavaScript in dist-server/ (esbuild; packages stay in
// node_modules). `npm start` and the browser tests run it with node: tsx compiled every module at
// start-up and kept its transform machinery in memory (at rest on PostgreSQL: 337 MB with tsx, 272 MB
// compiled, docs/deployment.md). The worker threads are entries of their own, beside main.mjs, where
// the server looks for them (new URL('./worker.mjs', import.meta.url)).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function buildServer() {
  await build({
    absWorkingDir: root,
    entryPoints: {
      main: 'server/main.ts',
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
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildServer();
}
