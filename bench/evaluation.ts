/**
 * Computing an evaluation period for every supplier at benchmark scale, on PostgreSQL
 * (issue #10: 120 suppliers over the demo data in under 5 s; scale 50 ≈ 1 M order lines).
 *
 *   npm run bench:evaluation -- --scale 2 [--keep]
 *
 * Seeds a database of its own (`gpms_bench_eval_<scale>`, on TEST_PG_URL or 127.0.0.1:5432) at the
 * scale, then computes the newest finished period (every measure in SQL, every total) three times,
 * each in a transaction rolled back, and prints the times with the row counts they ran over. The
 * database is dropped afterwards unless --keep.
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { sql } from 'kysely';
import { connect } from '../server/db/connect.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { seedDemo } from '../server/db/seed/index.js';
import { computePeriod } from '../server/modules/evaluation/compute.js';

const { values } = parseArgs({ options: { scale: { type: 'string', default: '1' }, keep: { type: 'boolean', default: false } } });
const scale = Number(values.scale);
const admin = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `gpms_bench_eval_${scale}`;

async function adminQuery(text: string) {
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

class Rollback extends Error {}

async function main() {
  await adminQuery(`drop database if exists ${name} with (force)`);
  await adminQuery(`create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const h = await connect({ databaseUrl: url.toString(), pgliteDir: null });
  try {
    await migrateToLatest(h.db);
    const t0 = performance.now();
    const counts = await seedDemo(h.db, { scale, log: (m) => console.log(m) });
    console.log(`seeded scale ${scale} in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${counts.poLine} order lines, ${counts.deliveryLine} delivery lines, ${counts.whReceiptLine} receipt lines, ${counts.quotationLine} quotation lines`);
    const period = await h.db.selectFrom('evaPeriod').select(['periodId', 'periodName']).where('status', '=', 'CLOSED').orderBy('endDate', 'desc').executeTakeFirstOrThrow();
    const lines = await sql<{ n: number }>`select count(*) as n from po_line pl join po_header ph on ph.po_no = pl.po_no where coalesce(pl.delivery_date, ph.due_date, ph.po_date) between '2026-01-01' and '2026-06-30'`.execute(h.db);
    const times: number[] = [];
    let suppliers = 0;
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      try {
        await h.db.transaction().execute(async (trx) => {
          suppliers = (await computePeriod(trx, period.periodId, new Date())).suppliers;
          throw new Rollback();
        });
      } catch (e) {
        if (!(e instanceof Rollback)) throw e;
      }
      times.push(performance.now() - started);
    }
    const best = Math.min(...times);
    console.log(`computed "${period.periodName}" for ${suppliers} suppliers (${lines.rows[0].n} order lines due in the period): ${times.map((t) => (t / 1000).toFixed(2)).join(' s, ')} s; best ${(best / 1000).toFixed(2)} s`);
  } finally {
    await h.close();
    if (!values.keep) await adminQuery(`drop database if exists ${name} with (force)`);
  }
}

await main();
