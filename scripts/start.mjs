#!/usr/bin/env node
// `npm start`: installs and builds whatever is missing (a build whose inputs did not change is kept),
// then runs the server (which migrates, restores the seeded demo company on a first start and serves
// both portals on one port).
// Uses only Node built-ins so it works before `npm ci` has run.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { webBuildCommand } from './web-build.mjs';
import { hashFiles, listFiles, statFingerprint } from '../server/db/seed-hash.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** The web build without blocking this process: the seed dump's child runs meanwhile. */
function runWebBuildAsync() {
  const c = webBuildCommand();
  return new Promise((resolve) => {
    const child = spawn(c.cmd, c.args, {
      cwd: root,
      stdio: 'inherit',
      env: c.env,
      shell: process.platform === 'win32',
    });
    child.on('exit', (code) => resolve(code ?? 1));
    child.on('error', () => resolve(1));
  });
}

function run(cmd, args, what) {
  console.log(`[start] ${what}…`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (r.status !== 0) {
    console.error(`[start] ${what} failed (exit ${r.status ?? r.signal})`);
    process.exit(r.status ?? 1);
  }
}

function mtime(file) {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

const installed = path.join(root, 'node_modules/.package-lock.json');
if (!fs.existsSync(installed) || mtime(path.join(root, 'package-lock.json')) > mtime(installed)) {
  run(npm, ['ci', '--no-audit', '--no-fund'], 'installing dependencies (npm ci)');
}

/**
 * Whether a build's output is current: its inputs' fingerprint is kept in .cache/build/<name>.json
 * once it is built. Paths, sizes and modification times first (a restart reads no file); when they
 * moved, the contents' hash decides, so a checkout that touched files without changing them
 * rebuilds nothing.
 */
function buildState(name, output, entries, skip) {
  const stampFile = path.join(root, '.cache/build', `${name}.json`);
  const files = listFiles(root, entries, skip);
  const stat = statFingerprint(root, files);
  let stamp = null;
  try {
    stamp = JSON.parse(fs.readFileSync(stampFile, 'utf8'));
  } catch {
    // no stamp: built by hand or never
  }
  const write = (content) => {
    fs.mkdirSync(path.dirname(stampFile), { recursive: true });
    fs.writeFileSync(stampFile, `${JSON.stringify({ stat, content })}\n`);
  };
  if (fs.existsSync(output) && stamp?.stat === stat) return { current: true, done: () => {} };
  const content = hashFiles(root, files);
  if (fs.existsSync(output) && stamp?.content === content) {
    write(content);
    return { current: true, done: () => {} };
  }
  return { current: false, done: () => write(content) };
}

const tests = /\.(test|stories)\.tsx?$/;
const server = buildState(
  'server',
  path.join(root, 'dist-server/main.mjs'),
  ['server', 'schemas', 'lib', 'package-lock.json'],
  tests,
);
if (!server.current) {
  run(process.execPath, [path.join(root, 'scripts/build-server.mjs')], 'building the server (esbuild)');
  server.done();
}

// A first start of the embedded database with the demo company (server/main.ts restores a copy of
// the cached seeded data directory): the seed, if its dump is not cached yet, runs beside the web
// build, each on a core of its own, and the server starts once the web app is built without waiting
// for it: the server loads, builds its app and compiles its schemas on the core the build left, and
// its restore waits for the dump (the dump's lock, server/db/seed-dump.ts). A seed that fails leaves
// its lock to the server, which then seeds on its own as before.
const nodeEnv = process.env.NODE_ENV ?? 'development';
const seed = process.env.SEED || (nodeEnv === 'production' ? 'none' : 'demo');
const dataDir = path.resolve(root, process.env.DATA_DIR || './data');
const firstDemoStart =
  !process.env.DATABASE_URL &&
  seed === 'demo' &&
  nodeEnv !== 'production' &&
  !fs.existsSync(path.join(dataDir, 'pgdata'));
if (firstDemoStart) {
  const seeding = spawn(process.execPath, [path.join(root, 'dist-server/seed-dump.mjs')], {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
  });
  // A failure here is not the start's: the server seeds on its own as before.
  seeding.on('error', () => undefined);
}

const web = buildState(
  'web',
  path.join(root, 'dist/index.html'),
  [
    'index.html',
    'vite.config.ts',
    'public',
    'app',
    'engine',
    'widgets',
    'screens',
    'lib',
    'schemas',
    'package-lock.json',
  ],
  tests,
);
if (!web.current) {
  // Always the production bundle, whatever NODE_ENV says (scripts/web-build.mjs).
  console.log('[start] building the web app (vite build)…');
  const status = await runWebBuildAsync();
  if (status !== 0) {
    console.error(`[start] building the web app (vite build) failed (exit ${status})`);
    process.exit(status);
  }
  web.done();
}

// Compiled JavaScript, not tsx: less memory and a faster start (scripts/build-server.mjs).
const child = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'dist-server/main.mjs')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
