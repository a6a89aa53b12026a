#!/usr/bin/env node
// `npm run test:quick`: the inner loop, not the gate. Types (incremental), lint of the changed files,
// the unit files the change reaches, and the API files of the areas the change touches — on a PostgreSQL of the run's
// own (or TEST_PG_URL's), else on PGlite. `npm test` stays the whole check CI runs.
//
// The change is what differs from the base (`--base <rev>`; default: the merge base with main, or
// only what is not committed yet when on main itself), plus untracked files.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiFilesForChange } from './test-quick-areas.mjs';
import { startRunPostgres } from './test-postgres.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
const started = Date.now();

function baseRevision() {
  const i = process.argv.indexOf('--base');
  if (i >= 0 && process.argv[i + 1]) return process.argv[i + 1];
  for (const main of ['main', 'origin/main']) {
    try {
      // On main itself the merge base is HEAD: the change is then what is not committed yet.
      return git('merge-base', 'HEAD', main);
    } catch {
      // no such branch here
    }
  }
  return 'HEAD';
}

const base = baseRevision();
const changed = [
  ...new Set([
    ...git('diff', '--name-only', base).split('\n'),
    ...git('ls-files', '--others', '--exclude-standard').split('\n'),
  ]),
].filter((f) => f && fs.existsSync(path.join(root, f)));

const lintable = changed.filter((f) => /\.(ts|tsx|mts|mjs|js)$/.test(f));
const apiFiles = apiFilesForChange(changed, root);

function run(name, cmd, args, env = {}) {
  const t = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd: root,
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1', ...env },
    });
    const out = [];
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => out.push(d));
    child.on('close', (code) =>
      resolve({ name, ok: code === 0, secs: ((Date.now() - t) / 1000).toFixed(1), output: Buffer.concat(out) }),
    );
  });
}

function postgresAnswers(url) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 5432) });
    socket.setTimeout(1500);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
    socket.once('error', () => resolve(false));
  });
}

console.log(
  `test:quick against ${base.slice(0, 10)}: ${changed.length} changed files, ${apiFiles.length} API test files of the changed areas`,
);
fs.mkdirSync(path.join(root, 'node_modules/.cache/test-quick'), { recursive: true });
const checks = [
  // TypeScript 7 by path, as in npm test (scripts/test.mjs).
  run('types (incremental)', process.execPath, [
    path.join(root, 'node_modules/typescript-native/bin/tsc'),
    '--singleThreaded',
    '-p',
    'tsconfig.json',
    '--noEmit',
    '--incremental',
    '--tsBuildInfoFile',
    'node_modules/.cache/test-quick/tsbuildinfo',
  ]),
  lintable.length
    ? run('lint (changed files)', bin('eslint'), [
        '--max-warnings=0',
        '--cache',
        '--cache-location',
        'node_modules/.cache/test-quick/eslint',
        ...lintable,
      ])
    : null,
].filter(Boolean);

// The API files run on a PostgreSQL of this run's own (scripts/test-postgres.mjs: in memory, removed at the end), not on
// whatever answers at 127.0.0.1:5432, which other work may share; TEST_PG_URL names another one on purpose. Without
// PostgreSQL binaries they run on PGlite.
if (apiFiles.length > 0 && !process.env.TEST_PG_URL) {
  const own = await startRunPostgres();
  if (own) process.env.TEST_PG_URL = own.url('test');
}
const withPg = apiFiles.length > 0 && !!process.env.TEST_PG_URL && (await postgresAnswers(process.env.TEST_PG_URL));
const project = withPg ? 'api-postgres' : 'api-pglite';
// The unit files the change reaches (vitest's `--changed`: a changed file, and every test importing one, directly or
// not; a changed setup or config file runs them all). The whole unit project took 214 s of the 318 s a server change's
// quick run took; the unit project runs whole in npm test.
const tests = run('unit (the files the change reaches)', bin('vitest'), [
  'run',
  '--project',
  'unit',
  '--changed',
  base,
  '--passWithNoTests',
]).then(async (unit) =>
  apiFiles.length
    ? [
        unit,
        await run(
          `API files of the changed areas (${project})`,
          bin('vitest'),
          ['run', '--project', project, ...apiFiles],
          withPg ? {} : { API_PGLITE_ALL: '1' },
        ),
      ]
    : [unit],
);
const results = [...(await Promise.all(checks)), ...(await tests)];
for (const r of results) {
  console.log(`\n▶ ${r.name}`);
  process.stdout.write(r.output);
}
console.log('\n── test:quick ──');
for (const r of results) console.log(`${r.secs.padStart(8)} s  ${r.name}${r.ok ? '' : ' (failed)'}`);
const ok = results.every((r) => r.ok);
console.log(
  `test:quick ${ok ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(0)} s — npm test is the whole check`,
);
process.exit(ok ? 0 : 1);
