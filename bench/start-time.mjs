#!/usr/bin/env node
/**
 * node bench/start-time.mjs <checkout> [--port 18080] [--data-dir <dir>]
 *
 * How long `npm start` in <checkout> takes to its first page and to `/readyz` 200, and the CPU the whole
 * process group spent by then (every process's utime + stime from /proc, with the children it has reaped:
 * npm, scripts/start.mjs, the web build, the seed dump, the server and its threads). `GET /` and `/readyz` are
 * polled every 20 ms; then the group gets SIGTERM. Plain Node: it runs before anything is built.
 *
 * A fresh clone (bench/README.md "Start-up"): `git clone -q --branch <branch> <repo> /tmp/freshX && cp -al
 * <repo>/node_modules /tmp/freshX/ && cp --remove-destination <repo>/node_modules/.package-lock.json
 * /tmp/freshX/node_modules/` (the copy is newer than package-lock.json, so `npm start` runs no `npm ci`), then
 * this on /tmp/freshX: the first start; again on the same checkout: a restart.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const checkout = path.resolve(args[0] ?? '.');
const port = Number(option('port', '18080'));
const dataDir = option('data-dir');
const ticks = 100; // USER_HZ on Linux

/** utime + stime + cutime + cstime (s) of every process in the group. */
function groupCpu(pgid) {
  let total = 0;
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    let stat;
    try {
      stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue;
    }
    // Fields after the command name's closing parenthesis: state is field 3, pgrp 5, utime 14 … cstime 17.
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(f[2]) !== pgid) continue;
    total += (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / ticks;
  }
  return total;
}

const load = () => fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const loadAtStart = load();
const started = performance.now();
const child = spawn('npm', ['start'], {
  cwd: checkout,
  detached: true,
  stdio: ['ignore', 'pipe', 'pipe'],
  env: { ...process.env, PORT: String(port), ...(dataDir ? { DATA_DIR: dataDir } : {}) },
});
let output = '';
child.stdout.on('data', (d) => (output += d));
child.stderr.on('data', (d) => (output += d));
let exited = false;
child.on('exit', () => (exited = true));

const ok = (url) =>
  fetch(url, { signal: AbortSignal.timeout(2000) }).then(
    (r) => r.status === 200,
    () => false,
  );
const seconds = () => (performance.now() - started) / 1000;
let page = null;
let ready = null;
let cpuAtPage = null;
while (!exited && ready === null && seconds() < 300) {
  const [p, r] = await Promise.all([
    page === null ? ok(`http://127.0.0.1:${port}/`) : true,
    ok(`http://127.0.0.1:${port}/readyz`),
  ]);
  if (p && page === null) {
    page = seconds();
    cpuAtPage = groupCpu(child.pid);
  }
  if (r) ready = seconds();
  else await new Promise((resolve) => setTimeout(resolve, 20));
}
const cpuAtReady = ready === null ? null : groupCpu(child.pid);
try {
  process.kill(-child.pid, 'SIGTERM');
} catch {
  // gone already
}
await new Promise((resolve) => (exited ? resolve() : child.on('exit', resolve)));
const fmt = (x) => (x === null ? '—' : x.toFixed(2));
console.log(
  `first page ${fmt(page)} s (CPU ${fmt(cpuAtPage)} s), /readyz ${fmt(ready)} s (CPU ${fmt(cpuAtReady)} s); load at the start ${loadAtStart}`,
);
if (ready === null) {
  console.log(output);
  process.exit(1);
}
const lines = output.split('\n').filter((l) => /seed dump|serving in|schemas compiled|restored|\[start\]/.test(l));
for (const l of lines) console.log(`  ${l.slice(0, 240)}`);
