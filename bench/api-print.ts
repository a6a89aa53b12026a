/**
 * Prints bench/results/api*.json as the tables bench/results/log.md quotes:
 *   npx tsx bench/api-print.ts [bench/results/api.json]
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export interface Latency {
  p50: number;
  p95: number;
}

export interface ApiCaseResult {
  list: string;
  operation: string;
  page: number;
  size: number;
  total: number;
  rows: number;
  bytes: number;
  url: string;
  statements: Array<{ label: string; group: number; rawMs: Latency }>;
  operationMs: Latency;
  rawSqlMs: Latency;
  bareMs: Latency;
  /** The recorded statements on the raw pool behind the bare server, answering the same body (bench/api.ts). */
  floorMs?: Latency;
  p50Ratio: number;
  throughput?: {
    connections: number;
    seconds: number;
    operationRps: number;
    bareRps: number;
    floorRps?: number;
    floorCpuMsPerRequest?: number;
    rawSqlRps: number;
    ratio: number;
    errors: number;
    cpuMsPerRequest?: number;
  };
}

export interface ApiResult {
  scale: number;
  orderLines: number;
  rounds: number;
  warmup: number;
  load: number[];
  cases: ApiCaseResult[];
}

const f1 = (n: number) => n.toFixed(1);

/** The "app's own cost": operation p50 − its SQL's p50 − bare Fastify's p50 (what the app adds). */
function ownCost(c: { operationMs: Latency; rawSqlMs: Latency; bareMs: Latency }): string {
  const own = c.operationMs.p50 - c.rawSqlMs.p50 - c.bareMs.p50;
  return `${f1(own)} ms${own <= 1 ? '' : ' ✗'}`;
}

export function apiTables(result: ApiResult): string {
  const out: string[] = [];
  out.push(
    '| list | page | rows / total | bytes | operation p50 / p95 (ms) | raw SQL p50 / p95 (ms) | bare Fastify p50 / p95 (ms) | floor (SQL behind bare) p50 (ms) | p50 ÷ SQL (≤ 1.3) | own p50 (op − SQL − bare, ≤ 1 ms) | op − floor p50 |',
  );
  out.push('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const c of result.cases) {
    const mark = c.p50Ratio <= 1.3 ? '' : ' ✗';
    const floor = c.floorMs ? f1(c.floorMs.p50) : '–';
    const overFloor = c.floorMs ? `${f1(c.operationMs.p50 - c.floorMs.p50)} ms` : '–';
    out.push(
      `| ${c.list} | ${c.page} | ${c.rows} / ${c.total.toLocaleString('en')} | ${c.bytes.toLocaleString('en')} | ${f1(c.operationMs.p50)} / ${f1(c.operationMs.p95)} | ${f1(c.rawSqlMs.p50)} / ${f1(c.rawSqlMs.p95)} | ${f1(c.bareMs.p50)} / ${f1(c.bareMs.p95)} | ${floor} | ${c.p50Ratio.toFixed(2)}${mark} | ${ownCost(c)} | ${overFloor} |`,
    );
  }
  const withTp = result.cases.filter((c) => c.throughput);
  if (withTp.length) {
    const t0 = withTp[0].throughput!;
    out.push('', `Throughput, ${t0.connections} concurrent clients, ${t0.seconds} s each:`, '');
    out.push(
      '| list | page | operation (req/s) | raw SQL alone (statements/s as groups) | bare Fastify (req/s) | floor (req/s) | operation ÷ raw SQL (≥ 80 %) | floor ÷ raw SQL (the most any server reaches) | operation ÷ floor | CPU ms a request, operation / floor |',
    );
    out.push('|---|---|---|---|---|---|---|---|---|---|');
    for (const c of withTp) {
      const t = c.throughput!;
      const pct = (a: number, b: number) => `${((a / b) * 100).toFixed(0)} %`;
      const ofRaw = t.operationRps / t.rawSqlRps;
      const floor = t.floorRps === undefined ? null : t.floorRps;
      out.push(
        `| ${c.list} | ${c.page} | ${f1(t.operationRps)}${t.errors ? ` (${t.errors} errors)` : ''} | ${f1(t.rawSqlRps)} | ${f1(t.bareRps)} | ${floor === null ? '–' : f1(floor)} | ${pct(t.operationRps, t.rawSqlRps)}${ofRaw >= 0.8 ? '' : ' ✗'} | ${floor === null ? '–' : pct(floor, t.rawSqlRps)} | ${floor === null ? '–' : pct(t.operationRps, floor)} | ${t.cpuMsPerRequest ?? '–'} / ${t.floorCpuMsPerRequest ?? '–'} |`,
      );
    }
  }
  out.push('', 'Statements (raw p50 ms; one group runs at once):', '');
  for (const c of result.cases) {
    out.push(
      `- ${c.list} p${c.page}: ${c.statements.map((s) => `[${s.group}] ${s.label} ${f1(s.rawMs.p50)}`).join(', ')}`,
    );
  }
  out.push(
    '',
    `scale ${result.scale}: ${result.orderLines.toLocaleString('en')} order lines; ${result.rounds} rounds after ${result.warmup} warm-up; load average ${result.load.join(' / ')}`,
  );
  return out.join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const file = process.argv[2] ?? path.join(import.meta.dirname, 'results/api.json');
  console.log(apiTables(JSON.parse(fs.readFileSync(file, 'utf8')) as ApiResult));
}
