/**
 * npx tsx bench/api-ab.ts <other checkout> [--scale 5] [--rounds 4] [--requests 200] [--connections 8] [--only deliveries,settlements]
 *
 * Two versions of the server, this checkout's ("this") and another's ("other": a `git archive` of
 * an older commit with node_modules linked), in ONE process on the bench database, measured in
 * alternation: for each list's first page, `--requests` requests by autocannon (a process of its own,
 * bench/cannon.ts, 8 connections) to one app, then to the other, `--rounds` times. Reported: this
 * process's CPU per request, requests/s and the mean latency for each (autocannon's percentiles are whole
 * milliseconds) (only the app under load does work
 * then; with `--connections 1` the latency is a single user's), after one block each
 * not counted. On a shared machine
 * whose load moves from minute to minute, paired blocks compare the two under the same load, which
 * two bench:api runs one after the other do not.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { DEMO_PASSWORD } from '../server/db/seed/accounts.js';
import { listOperations } from '../server/modules/exports/list-operations.js';
import { SCREENS, queryString, screenCase } from './api-cases';
import { numberArg as arg, scaleDbUrl } from './scale-db';
import { autocannonApart } from './cannon-apart';

const other = process.argv[2];
if (!other || other.startsWith('--'))
  throw new Error('usage: tsx bench/api-ab.ts <other checkout> [--rounds R] [--requests N]');
const scale = arg('scale', 5);
const rounds = arg('rounds', 4);
const requests = arg('requests', 200);
const connections = arg('connections', 8);
const onlyAt = process.argv.indexOf('--only');
const only = (onlyAt >= 0 ? process.argv[onlyAt + 1] : 'deliveries,settlements').toLowerCase().split(',');
const url = scaleDbUrl(scale);

async function start(root: string): Promise<{ app: FastifyInstance; base: string; close(): Promise<void> }> {
  const from = (p: string) => import(pathToFileURL(path.join(root, p)).href);
  const { buildApp } = await from('server/app.ts');
  const { testConfig } = await from('server/config.ts');
  const { connect } = await from('server/db/connect.ts');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpms-bench-ab-'));
  const dbh = await connect({ databaseUrl: url, pgliteDir: null });
  const app: FastifyInstance = await buildApp({
    config: testConfig({ dataDir, distDir: path.join(dataDir, 'no-dist'), databaseUrl: url, jobsPollMs: 0 }),
    dbh,
  });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    app,
    base,
    close: async () => {
      await app.close();
      await dbh.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function login(app: FastifyInstance): Promise<Record<string, string>> {
  const res = await app.inject({
    method: 'POST',
    url: '/auth/api/login/idpw',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      systemId: 'GPMS',
      grantType: 'idpw',
      username: 'admin',
      password: DEMO_PASSWORD,
    }).toString(),
  });
  return { authorization: `Bearer ${(res.json() as { accessToken: string }).accessToken}`, iscyber: 'N' };
}

const here = path.resolve(import.meta.dirname, '..');
const apps = { this: await start(here), other: await start(path.resolve(other)) };
try {
  for (const { name, def } of SCREENS) {
    if (!only.some((o) => name.toLowerCase().includes(o))) continue;
    const c = screenCase(name, def);
    const op = listOperations(apps.this.app).get(c.operation)!;
    const target = `${op.path}?${queryString(c.query, 1, c.pageSize)}`;
    const cpu: Record<'this' | 'other', number[]> = { this: [], other: [] };
    const rps: Record<'this' | 'other', number[]> = { this: [], other: [] };
    const meanLatency: Record<'this' | 'other', number[]> = { this: [], other: [] };
    const headers = { this: await login(apps.this.app), other: await login(apps.other.app) };
    // One block each first, not counted: JIT and the statements' first plans.
    for (const which of ['this', 'other'] as const)
      await autocannonApart({
        url: `${apps[which].base}${target}`,
        connections,
        amount: requests / 2,
        headers: headers[which],
      });
    for (let r = 0; r < rounds; r++) {
      // Alternating which goes first, so neither always follows the other's garbage.
      for (const which of (r % 2 ? ['other', 'this'] : ['this', 'other']) as Array<'this' | 'other'>) {
        const before = process.cpuUsage();
        const res = await autocannonApart({
          url: `${apps[which].base}${target}`,
          connections,
          amount: requests,
          headers: headers[which],
        });
        const used = process.cpuUsage(before);
        if (res.non2xx || res.errors) throw new Error(`${name} ${which}: ${res.non2xx} non-2xx, ${res.errors} errors`);
        cpu[which].push((used.user + used.system) / 1000 / res.requests.total);
        rps[which].push(res.requests.total / (res.duration || 1));
        meanLatency[which].push(res.latency.mean);
      }
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    console.log(
      `${name} p1 (${c.pageSize} a page): CPU ms a request — this ${median(cpu.this).toFixed(2)} [${cpu.this.map((x) => x.toFixed(2)).join(' ')}], other ${median(cpu.other).toFixed(2)} [${cpu.other.map((x) => x.toFixed(2)).join(' ')}]; req/s this ${median(rps.this).toFixed(0)}, other ${median(rps.other).toFixed(0)}; mean latency ms this ${median(meanLatency.this).toFixed(2)} [${meanLatency.this.map((x) => x.toFixed(2)).join(' ')}], other ${median(meanLatency.other).toFixed(2)} [${meanLatency.other.map((x) => x.toFixed(2)).join(' ')}]`,
    );
  }
} finally {
  await apps.this.close();
  await apps.other.close();
}
console.log(
  `load average ${os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' / ')}`,
);
