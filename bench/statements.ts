/**
 * npm run bench:statements — the database statements each common request of the company-day mix
 * (bench/scenario.ts) sends, counted by the server's own counter (server/db/statement-count.ts), on
 * the PostgreSQL bench database at scale 1 (bench/scale-db.ts). Each request is sent twice as the same
 * person and the second is counted (the caller's answer kept, as for everyone after their first
 * request). "before": the same server reading the authority version on each request, as it did before
 * the version came by notification (the handle's watch replaced by one that never knows it).
 * Prints a table and each request's statements (the text's kind and first table, bench/api-statements.ts).
 */
import path from 'node:path';
import os from 'node:os';
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { LogEvent } from 'kysely';
import { buildApp } from '../server/app.js';
import { testConfig } from '../server/config.js';
import type { DbHandle } from '../server/db/connect.js';
import { loginAs } from '../tests/helpers/login.js';
import { openScaleDb } from './scale-db';
import { statementLabel } from './api-statements';
import { queryString, screenCase, SCREENS } from './api-cases';
import poList from '../screens/purchase-order/orderRequestList.screen';
import warehousingItems from '../screens/fulfilment-delivery/warehousingItemList.screen';
import supplierPoList from '../screens/cyber-purchase/orderList.screen';
import type { ListScreenDef } from '../engine/definition/types';
import { writeResult } from './harness';

let recorded: string[] | null = null;
const log = (e: LogEvent) => void recorded?.push(e.query.sql);
const scale = await openScaleDb(1, { log });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpms-bench-statements-'));
const config = testConfig({
  dataDir,
  distDir: path.join(dataDir, 'no-dist'),
  databaseUrl: scale.url,
  authRateLimitPerMinute: 100_000,
});
const blind: DbHandle['authority'] = {
  known: () => null,
  epoch: () => 0,
  learned: () => undefined,
  close: async () => undefined,
};
const after = await buildApp({ config, dbh: { ...scale.dbh, close: async () => undefined } });
const before = await buildApp({ config, dbh: { ...scale.dbh, authority: blind, close: async () => undefined } });

const openapi = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, '../schemas/openapi.generated.json'), 'utf8'),
) as { paths: Record<string, Record<string, { operationId?: string }>> };
const pathOf = (id: string) =>
  Object.entries(openapi.paths).find(([, ms]) => Object.values(ms).some((op) => op.operationId === id))![0];
const list = (name: string, def: ListScreenDef) => {
  const c = screenCase(name, def);
  return `${pathOf(c.operation)}?${queryString(c.query, 1, c.pageSize)}`;
};
const def = (name: string) => SCREENS.find((s) => s.name === name)!.def;

interface Case {
  name: string;
  user: string;
  method?: 'GET' | 'POST';
  url: string | ((app: FastifyInstance, headers: Record<string, string>) => Promise<string>);
  body?: () => Record<string, unknown>;
}
const firstOf =
  (listUrl: string, key: string, detail: string) => async (app: FastifyInstance, headers: Record<string, string>) => {
    const rows = (await app.inject({ method: 'GET', url: listUrl, headers })).json().rows as Array<
      Record<string, string>
    >;
    return pathOf(detail).replace(`{${key}}`, rows[0][key]);
  };
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const CASES: Case[] = [
  { name: 'PR list', user: 'buyer', url: list('PR list', def('PR list')) },
  { name: 'open a PR', user: 'buyer', url: firstOf(list('PR list', def('PR list')), 'prNo', 'getPr') },
  {
    name: 'new PR',
    user: 'buyer',
    method: 'POST',
    url: pathOf('createPr'),
    body: () => ({
      title: '문장 수 측정',
      desiredDate: day(30),
      purpose: 'bench',
      currency: 'KRW',
      lines: [{ itemCode: 'MRO0101-0001', quantity: '1', estUnitPrice: '1500' }],
    }),
  },
  { name: 'PO list', user: 'operator', url: list('PO list', poList as ListScreenDef) },
  { name: 'open a PO', user: 'operator', url: firstOf(list('PO list', poList as ListScreenDef), 'poNo', 'getPo') },
  { name: 'warehousing items', user: 'operator', url: list('warehousing items', warehousingItems as ListScreenDef) },
  { name: 'deliveries', user: 'operator', url: list('deliveries', def('deliveries')) },
  { name: 'pending approvals', user: 'uadmin1', url: pathOf('listMyPendingApprovals') },
  { name: 'PRs in approval', user: 'uadmin1', url: `${pathOf('listPrs')}?page=1&size=100&status=IN_APPROVAL` },
  { name: 'supplier: their POs', user: 'supplier1', url: list('supplier PO list', supplierPoList as ListScreenDef) },
  {
    name: 'supplier: open a PO',
    user: 'supplier1',
    url: firstOf(list('supplier PO list', supplierPoList as ListScreenDef), 'poNo', 'getSupplierPo'),
  },
  { name: 'supplier: their RFQs', user: 'supplier1', url: `${pathOf('listSupplierRfqs')}?page=1&size=100` },
  { name: 'settlements', user: 'monitor', url: list('settlements', def('settlements')) },
  { name: 'sent POs', user: 'monitor', url: `${pathOf('listPos')}?page=1&size=100&status=SENT` },
];

async function count(app: FastifyInstance, c: Case, headers: Record<string, string>) {
  const url = typeof c.url === 'string' ? c.url : await c.url(app, headers);
  const send = () => app.inject({ method: c.method ?? 'GET', url, headers, ...(c.body ? { payload: c.body() } : {}) });
  // The answer's statements are observed once it has been sent (the onResponse hook, after a
  // supplier's held connection is given back): let that hook finish before reading the sums.
  const settled = () => new Promise((r) => setTimeout(r, 50));
  const first = await send();
  await settled();
  if (first.statusCode >= 300) throw new Error(`${c.name}: ${first.statusCode} ${first.body.slice(0, 200)}`);
  const tallyOf = async () => {
    recorded = [];
    const res = await send();
    await settled();
    const texts = recorded;
    recorded = null;
    // The server's own count for that request: its route's histogram sum moved by it.
    return { status: res.statusCode, texts };
  };
  const s0 = await sums(app);
  const r = await tallyOf();
  const s1 = await sums(app);
  return { status: r.status, statements: s1 - s0, texts: r.texts.map(statementLabel) };
}

async function sums(app: FastifyInstance): Promise<number> {
  const v = await app.metrics.dbStatements.get();
  return v.values.filter((x) => x.metricName === 'gpms_db_statements_per_request_sum').reduce((n, x) => n + x.value, 0);
}

const rows = [];
const sessions = new Map<string, Record<string, string>>();
for (const c of CASES) {
  for (const [when, app] of [
    ['before', before],
    ['after', after],
  ] as const) {
    const key = `${when}:${c.user}`;
    if (!sessions.has(key)) sessions.set(key, (await loginAs(app, c.user)).headers);
    const r = await count(app, c, sessions.get(key)!);
    rows.push({ request: c.name, when, ...r });
    console.log(`${c.name} (${when}): ${r.statements} statements — ${r.texts.join(', ')}`);
  }
}
console.log(
  "\n| request | statements before | after | the statements after (Kysely's log; a supplier's statement also begins, sets its role and commits) |",
);
console.log('|---|---|---|---|');
for (const c of CASES) {
  const b = rows.find((r) => r.request === c.name && r.when === 'before')!;
  const a = rows.find((r) => r.request === c.name && r.when === 'after')!;
  console.log(`| ${c.name} | ${b.statements} | ${a.statements} | ${a.texts.join(', ')} |`);
}
console.log(`\n${writeResult('statements', { database: scale.name, rows })}`);
await after.close();
await before.close();
await scale.dbh.close();
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
