#!/usr/bin/env node
// `npm test`: every check the project has: first, side by side, types, lint, generated-contract
// freshness, screen definitions, the web build and the Storybook build; then, if all passed, the
// test suites (unit; API on PGlite and, when it answers, on PostgreSQL; browser).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { requiredTestProblems } from './required-tests.mjs';
import { startRunPostgres } from './test-postgres.mjs';
import { durationLines } from './test-durations.mjs';
import { devWebBuildCommand, webBuildCommand } from './web-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
/** The type checker: TypeScript 7's launcher, by path (its `tsc` and 5.9's share one name in node_modules/.bin). */
const nativeTsc = path.join(root, 'node_modules/typescript-native/bin/tsc');
const started = Date.now();

/** Each step's seconds, printed again at the end: where the time of a run went. */
const timings = [];

/**
 * CPU seconds of this process's children that have ended (Linux: /proc/self/stat's cutime + cstime, counted
 * when a child is reaped, its own reaped children included), or null elsewhere. Read as each step ends, the
 * difference is that step's CPU: with two cores, CPU over wall time says how busy a step kept the machine.
 */
function childCpuSeconds() {
  try {
    const stat = fs.readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100; // USER_HZ is 100 on Linux
  } catch {
    return null;
  }
}
let cpuSeen = childCpuSeconds();

/**
 * The whole machine's busy CPU seconds so far (Linux: /proc/stat's first line, every state but idle, I/O wait and what the hypervisor gave to others),
 * or null elsewhere. Unlike the children's CPU above, it counts PostgreSQL's server processes, Chromium's and the
 * servers the tests start: on CI's two cores that is what a run's length depends on.
 */
function machineBusySeconds() {
  try {
    const [user, nice, system, , , irq, softirq] = fs
      .readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    return (user + nice + system + irq + softirq) / 100;
  } catch {
    return null;
  }
}
const machineAtStart = machineBusySeconds();
/** The CPU seconds reaped since the last call: the step that just ended. */
function cpuOfEnded() {
  const now = childCpuSeconds();
  if (now === null || cpuSeen === null) return '';
  const d = now - cpuSeen;
  cpuSeen = now;
  return d.toFixed(0);
}

/**
 * Runs one step in its own process group. With a deadline, a step still running at it is stopped
 * (the whole group: vitest's forks too) and the files then in flight are printed: CI stops a run at
 * 90 minutes and keeps only the end of its log, so a hang must name itself before that.
 */
function step(name, cmd, args, env = {}, deadlineMs = Infinity, inFlightFile = null) {
  const t = Date.now();
  console.log(`\n▶ ${name}`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env }, detached: true });
    let stopped = false;
    // Its own group does not get the terminal's Ctrl-C: pass it on.
    const forward = (signal) => {
      try {
        process.kill(-child.pid, signal);
      } catch {
        // already gone
      }
    };
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    const timer = Number.isFinite(deadlineMs)
      ? setTimeout(
          () => {
            stopped = true;
            console.error(
              `\n✖ ${name} still running at the run's deadline (${((Date.now() - started) / 60_000).toFixed(0)} min into npm test): stopped.`,
            );
            if (inFlightFile && fs.existsSync(inFlightFile))
              console.error(
                `  In flight (${path.relative(root, inFlightFile)}):\n${fs.readFileSync(inFlightFile, 'utf8').trimEnd().replace(/^/gm, '    ')}`,
              );
            try {
              process.kill(-child.pid, 'SIGKILL');
            } catch {
              // already gone
            }
          },
          Math.max(0, deadlineMs - Date.now()),
        )
      : null;
    child.on('close', (code) => {
      if (timer) clearTimeout(timer);
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      const secs = ((Date.now() - t) / 1000).toFixed(1);
      const okStep = code === 0 && !stopped;
      timings.push([name, secs, okStep ? '' : stopped ? ' (stopped at the deadline)' : ' (failed)', cpuOfEnded()]);
      if (okStep) console.log(`✔ ${name} (${secs} s)`);
      else console.error(`✖ ${name} failed after ${secs} s`);
      resolve(okStep);
    });
  });
}

/**
 * Checks that need no test server (types, lint, contract, screen definitions, build) run side by
 * side: each is mostly one thread, and CI has two cores. Output is held and printed per step, in
 * order, when all have finished; the first failure in that order is reported as the run's.
 */
async function parallelSteps(list) {
  const runs = list.map(([name, cmd, args, env = {}]) => {
    const t = Date.now();
    return new Promise((resolve) => {
      const child = spawn(cmd, args, {
        cwd: root,
        env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1', ...env },
      });
      const out = [];
      child.stdout.on('data', (d) => out.push(d));
      child.stderr.on('data', (d) => out.push(d));
      child.on('error', (e) => out.push(Buffer.from(String(e))));
      child.on('close', (code) =>
        resolve({
          name,
          code,
          secs: ((Date.now() - t) / 1000).toFixed(1),
          cpu: cpuOfEnded(),
          output: Buffer.concat(out),
        }),
      );
    });
  });
  let allOk = true;
  for (const r of await Promise.all(runs)) {
    console.log(`\n▶ ${r.name}`);
    process.stdout.write(r.output);
    timings.push([r.name, r.secs, r.code === 0 ? '' : ' (failed)', r.cpu]);
    if (r.code !== 0) {
      console.error(`✖ ${r.name} failed after ${r.secs} s`);
      allOk = false;
    } else console.log(`✔ ${r.name} (${r.secs} s)`);
  }
  return allOk;
}

// Without a TEST_PG_URL of the caller's, the run starts a PostgreSQL of its own in memory (scripts/test-postgres.mjs)
// where the machine has PostgreSQL's binaries and tmpfs; otherwise, or if it cannot start, the machine's cluster.
if (!process.env.TEST_PG_URL && process.env.SKIP_POSTGRES !== '1' && !process.argv.includes('--postgres-check')) {
  const own = await startRunPostgres();
  if (own) process.env.TEST_PG_URL = own.url('test');
}

/** Where the API tests' PostgreSQL is (tests/helpers/test-db.ts reads the same TEST_PG_URL). */
const pgUrl = new URL(process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
const pgHost = pgUrl.hostname || '127.0.0.1';
const pgPort = Number(pgUrl.port || 5432);

function postgresAnswers() {
  return new Promise((resolve) => {
    const socket = net.connect({ host: pgHost, port: pgPort });
    socket.setTimeout(1500);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
    socket.once('error', () => resolve(false));
  });
}

// On a developer's machine without PostgreSQL the API suite runs on PGlite only. Under CI=true that
// would make a green run that never ran the PostgreSQL suite (nor the seed command's test, which
// runs there): CI fails instead, loudly, and SKIP_POSTGRES=1 is refused.
const ci = process.env.CI === 'true' || process.env.CI === '1';
const pgAnswers = process.env.SKIP_POSTGRES === '1' ? false : await postgresAnswers();
if (ci && process.env.SKIP_POSTGRES === '1') {
  console.error('✖ CI=true with SKIP_POSTGRES=1: the PostgreSQL suite cannot be skipped in CI.');
  process.exit(1);
}
if (ci && !pgAnswers) {
  console.error(
    `✖ CI=true and PostgreSQL does not answer at ${pgHost}:${pgPort} (TEST_PG_URL): the API suite on PostgreSQL cannot run, so the test run fails.`,
  );
  console.error('  Start PostgreSQL first (.ci/run does, and waits until it answers).');
  process.exit(1);
}
const withPg = pgAnswers;
if (!withPg)
  console.log(
    `PostgreSQL does not answer at ${pgHost}:${pgPort}: the API suite runs on PGlite only (not allowed with CI=true).`,
  );
// `--postgres-check`: only the decision above (tests/unit/test-script.test.ts runs it against a closed port).
if (process.argv.includes('--postgres-check')) process.exit(0);
// The tests run as one vitest, the projects in their group order: unit, both API projects, the browser projects one
// file at a time. Runs side by side were measured and removed (docs/testing.md): the machine's two cores are busy
// through the checks and the API files, and 65–85 % busy through the browser files one at a time, so a second run
// beside them only slowed both (a four-run layout: 1,511 s against 1,431 s, and a journey failed its waits).
const apiProjects = ['api-pglite', ...(withPg ? ['api-postgres'] : [])];
const projects = ['unit', ...apiProjects, 'e2e', 'stories', 'e2e-walks'];
// Without PostgreSQL every API file runs on PGlite instead (vitest.config.ts), not only the database-sensitive ones.
const apiEnv = withPg ? {} : { API_PGLITE_ALL: '1' };

// The reports stay after the run (test-results/ is not in git): per-file times to compare runs by.
const resultsDir = path.join(root, 'test-results');
const results = {
  json: path.join(resultsDir, 'vitest.json'),
  durations: path.join(resultsDir, 'durations.json'),
  summary: path.join(resultsDir, 'failure-summary.txt'),
  inFlight: path.join(resultsDir, 'in-flight.txt'),
};
for (const f of Object.values(results)) fs.rmSync(f, { force: true });
fs.mkdirSync(resultsDir, { recursive: true });
// CI stops everything at 90 minutes, install included: the tests stop first, saying what ran.
const deadline = started + Number(process.env.TEST_DEADLINE_MIN ?? 78) * 60_000;

const checks = [
  // TypeScript 7 (the native compiler) checks the same tsconfig with a fifth of 5.9's CPU (docs/testing.md);
  // TypeScript 5.9 stays for the tools that load its API (typescript-eslint, the editor).
  ['type check', process.execPath, [nativeTsc, '-p', 'tsconfig.json', '--noEmit', '--singleThreaded']],
  ['lint', bin('eslint'), ['.', '--max-warnings=0']],
  // One format (.prettierrc.json; what it leaves out and why: .prettierignore). Its plugin @prettier/plugin-oxc parses
  // JavaScript and TypeScript with oxc's native parser: the same output, 37 → 25 s of CPU (docs/testing.md).
  ['format', bin('prettier'), ['--check', '--log-level=warn', '.']],
  // Dead code: a file, export or exported type nothing uses (knip.jsonc; docs/contributing.md "Dead code"). 12 s of CPU
  // on a clean clone, 2.5 s with its cache (node_modules/.cache/knip) on a later run.
  ['dead code', bin('knip'), ['--no-progress', '--cache', '--reporter', 'compact']],
  ['generated API contract is current', bin('tsx'), ['codegen/openapi.ts', '--check']],
  ['migration index is current', bin('tsx'), ['codegen/migrations.ts', '--check']],
  ['database types are current', bin('tsx'), ['codegen/db-schema.ts', '--check']],
  ['screen language files are current', bin('tsx'), ['codegen/screen-language.ts', '--check']],
  ['screen field labels are current', bin('tsx'), ['codegen/screen-field-labels.ts', '--check']],
  ...(fs.existsSync(path.join(root, 'codegen/screens-check.ts'))
    ? [['screen definitions', bin('tsx'), ['codegen/screens-check.ts', '--no-write']]]
    : []),
  // The browser tests serve this build: the production bundle whatever NODE_ENV says (scripts/web-build.mjs).
  (({ cmd, args, env }) => ['web build', cmd, args, { NODE_ENV: env.NODE_ENV }])(webBuildCommand()),
  // React's development bundle, where alone React warns: the browser test opening every route on it fails on a warning.
  (({ cmd, args, env }) => [
    'web build (development, React warnings)',
    cmd,
    args,
    { NODE_ENV: env.NODE_ENV, VITE_NO_COMPRESSION: env.VITE_NO_COMPRESSION },
  ])(devWebBuildCommand()),
  // The seeded demo company the API and browser runs restore, made here if not cached, beside the other checks.
  ['seed dumps', bin('tsx'), ['tests/seed-dumps-cli.ts', ...(withPg ? ['--postgres'] : [])]],
  // The server the browser runs start, built once here (they run side by side: tests/e2e/helpers/server.ts).
  ['server build', process.execPath, ['scripts/build-server.mjs']],
  ...(fs.existsSync(path.join(root, '.storybook'))
    ? [['storybook build', bin('storybook'), ['build', '-o', 'storybook-static', '--quiet', '--disable-telemetry']]]
    : []),
];
const testRun = [
  'tests',
  bin('vitest'),
  [
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    '--reporter=./tests/reporters/failure-summary.ts',
    '--reporter=./tests/reporters/watchdog.ts',
    '--reporter=./tests/reporters/durations.ts',
    `--outputFile.json=${results.json}`,
  ],
  {
    ...apiEnv,
    SERVER_BUILT: '1',
    DURATIONS_FILE: results.durations,
    FAILURE_SUMMARY_FILE: results.summary,
    IN_FLIGHT_FILE: results.inFlight,
  },
  deadline,
  results.inFlight,
];

let ok = await parallelSteps(checks);
const machineAtTests = machineBusySeconds();
const testsStarted = Date.now();
if (ok) ok = await step(...testRun);

let passed = 0;
let failed = 0;
let skipped = 0;
const report = fs.existsSync(results.json) ? JSON.parse(fs.readFileSync(results.json, 'utf8')) : null;
if (report) {
  passed = report.numPassedTests ?? 0;
  failed = report.numFailedTests ?? 0;
  skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}
// Under CI the checks that must not be skipped must also have run (scripts/required-tests.mjs).
if (ci && ok && report) {
  const problems = requiredTestProblems({ testResults: report.testResults ?? [] }, root);
  if (problems.length > 0) {
    ok = false;
    console.error(`\n✖ CI=true: required tests did not run:\n  - ${problems.join('\n  - ')}`);
  }
}
// The end of a CI log is often all that is kept: repeat what failed, and every unhandled error.
if (fs.existsSync(results.summary) && fs.statSync(results.summary).size > 0) {
  console.log('\n── what failed ──');
  console.log(fs.readFileSync(results.summary, 'utf8').trimEnd());
}
console.log("\n── step times (wall; CPU of the step's processes) ──");
for (const [name, secs, failedMark, cpu] of timings)
  console.log(`${secs.padStart(8)} s  ${cpu ? `${cpu.padStart(6)} s CPU  ` : ''}${name}${failedMark}`);
const totalCpu = childCpuSeconds();
if (totalCpu !== null) {
  const wall = (Date.now() - started) / 1000;
  console.log(
    `CPU of the whole run: ${totalCpu.toFixed(0)} s in ${wall.toFixed(0)} s (${(totalCpu / wall).toFixed(2)} cores busy on average)`,
  );
}
const machineAtEnd = machineBusySeconds();
if (machineAtStart !== null && machineAtEnd !== null && machineAtTests !== null) {
  const wall = (Date.now() - started) / 1000;
  const testsWall = (Date.now() - testsStarted) / 1000;
  const busy = machineAtEnd - machineAtStart;
  const testsBusy = machineAtEnd - machineAtTests;
  console.log(
    `The machine's busy CPU (PostgreSQL, Chromium and every other process too): ${busy.toFixed(0)} s in ${wall.toFixed(0)} s (${(busy / wall).toFixed(2)} cores), of it the checks ${(busy - testsBusy).toFixed(0)} s and the tests ${testsBusy.toFixed(0)} s in ${testsWall.toFixed(0)} s (${(testsBusy / Math.max(testsWall, 1)).toFixed(2)} cores)`,
  );
}
const durationRows = fs.existsSync(results.durations) ? JSON.parse(fs.readFileSync(results.durations, 'utf8')) : [];
// Where the tests' time went (tests/reporters/durations.ts): per project, and the slowest files.
if (durationRows.length > 0) console.log(durationLines(durationRows).join('\n'));
console.log(
  `\nnpm test ${ok ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(0)} s (projects: ${projects.join(', ')})`,
);
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(ok && failed === 0 ? 0 : 1);
