#!/usr/bin/env node
// `npm start`: installs and builds whatever is missing, then runs the server (which migrates,
// seeds the demo company on first start and serves both portals on one port).
// Uses only Node built-ins so it works before `npm ci` has run.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runWebBuild } from './web-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

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

function newestIn(entries) {
  let newest = 0;
  const walk = (p) => {
    let st;
    try {
      st = fs.statSync(p);
    } catch {
      return;
    }
    if (st.isDirectory()) {
      for (const name of fs.readdirSync(p)) if (name !== 'node_modules') walk(path.join(p, name));
    } else if (!/\.(test|stories)\.tsx?$/.test(p)) {
      newest = Math.max(newest, st.mtimeMs);
    }
  };
  for (const e of entries) walk(path.join(root, e));
  return newest;
}

const installed = path.join(root, 'node_modules/.package-lock.json');
if (!fs.existsSync(installed) || mtime(path.join(root, 'package-lock.json')) > mtime(installed)) {
  run(npm, ['ci', '--no-audit', '--no-fund'], 'installing dependencies (npm ci)');
}

const builtIndex = path.join(root, 'dist/index.html');
const sources = ['index.html', 'vite.config.ts', 'public', 'app', 'engine', 'widgets', 'screens', 'lib', 'schemas'];
if (!fs.existsSync(builtIndex) || newestIn(sources) > mtime(builtIndex)) {
  // Always the production bundle, whatever NODE_ENV says (scripts/web-build.mjs).
  console.log('[start] building the web app (vite build)…');
  const status = runWebBuild();
  if (status !== 0) {
    console.error(`[start] building the web app (vite build) failed (exit ${status})`);
    process.exit(status);
  }
}

const builtServer = path.join(root, 'dist-server/main.mjs');
if (!fs.existsSync(builtServer) || newestIn(['server', 'schemas', 'lib', 'package-lock.json']) > mtime(builtServer)) {
  run(process.execPath, [path.join(root, 'scripts/build-server.mjs')], 'building the server (esbuild)');
}

// Compiled JavaScript, not tsx: less memory and a faster start (scripts/build-server.mjs).
const server = spawn(process.execPath, ['--enable-source-maps', builtServer], { cwd: root, stdio: 'inherit', env: process.env });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
