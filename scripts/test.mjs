#!/usr/bin/env node
// `npm test`: every check the project has, in order, stopping at the first failure:
// types, lint, generated-contract freshness, screen definitions, the web build, the test
// suites (unit; API on PGlite and, when it answers, on PostgreSQL; browser), and Storybook.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const started = Date.now();

/** Each step's seconds, printed again at the end: where the time of a run went. */
const timings = [];

function step(name, cmd, args, env = {}) {
  const t = Date.now();
  console.log(`\n▶ ${name}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const secs = ((Date.now() - t) / 1000).toFixed(1);
  timings.push([name, secs, r.status === 0 ? '' : ' (failed)']);
  if (r.status !== 0) {
    console.error(`✖ ${name} failed after ${secs} s`);
    return false;
  }
  console.log(`✔ ${name} (${secs} s)`);
  return true;
}

function postgresAnswers() {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port: 5432 });
    socket.setTimeout(1500);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
    socket.once('error', () => resolve(false));
  });
}

const withPg = process.env.SKIP_POSTGRES !== '1' && (await postgresAnswers());
const projects = ['unit', 'api-pglite', ...(withPg ? ['api-postgres'] : []), 'e2e'];
if (!withPg) console.log('PostgreSQL does not answer at 127.0.0.1:5432: the API suite runs on PGlite only.');

const resultsFile = path.join(root, 'test-results/vitest.json');
fs.mkdirSync(path.dirname(resultsFile), { recursive: true });
fs.rmSync(resultsFile, { force: true });
const summaryFile = path.join(root, 'test-results/failure-summary.txt');
fs.rmSync(summaryFile, { force: true });

const steps = [
  ['type check', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']],
  ['lint', bin('eslint'), ['.', '--max-warnings=0']],
  ['generated API contract is current', bin('tsx'), ['codegen/openapi.ts', '--check']],
  ...(fs.existsSync(path.join(root, 'codegen/screens-check.ts')) ? [['screen definitions', bin('tsx'), ['codegen/screens-check.ts', '--no-write']]] : []),
  ['web build', bin('vite'), ['build', '--logLevel', 'warn']],
  ['tests', bin('vitest'), ['run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', '--reporter=./tests/reporters/failure-summary.ts', `--outputFile.json=${resultsFile}`]],
  ...(fs.existsSync(path.join(root, '.storybook')) ? [['storybook build', bin('storybook'), ['build', '-o', 'storybook-static', '--quiet', '--disable-telemetry']]] : []),
];

let ok = true;
for (const [name, cmd, args, env] of steps) {
  if (!step(name, cmd, args, env)) {
    ok = false;
    break;
  }
}

let passed = 0;
let failed = 0;
let skipped = 0;
if (fs.existsSync(resultsFile)) {
  const json = JSON.parse(fs.readFileSync(resultsFile, 'utf8'));
  passed = json.numPassedTests ?? 0;
  failed = json.numFailedTests ?? 0;
  skipped = (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0);
}
// The end of a CI log is often all that is kept: repeat what failed, and every unhandled error.
if (fs.existsSync(summaryFile) && fs.statSync(summaryFile).size > 0) {
  console.log('\n── what failed ──');
  console.log(fs.readFileSync(summaryFile, 'utf8').trimEnd());
}
console.log('\n── step times ──');
for (const [name, secs, failedMark] of timings) console.log(`${secs.padStart(8)} s  ${name}${failedMark}`);
if (fs.existsSync(resultsFile)) {
  // The slowest test files, from vitest's own report: where to look when the run grows.
  const json = JSON.parse(fs.readFileSync(resultsFile, 'utf8'));
  const files = (json.testResults ?? []).map((f) => [path.relative(root, f.name), (f.endTime - f.startTime) / 1000]).sort((a, b) => b[1] - a[1]).slice(0, 10);
  if (files.length) {
    console.log('── slowest test files ──');
    for (const [file, secs] of files) console.log(`${secs.toFixed(1).padStart(8)} s  ${file}`);
  }
}
console.log(`\nnpm test ${ok ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(0)} s (projects: ${projects.join(', ')})`);
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(ok && failed === 0 ? 0 : 1);
