/**
 * Computing an evaluation period for every supplier at benchmark scale, on PostgreSQL
 * (120 suppliers over the demo data in under 5 s; scale 50 ≈ 1 M order lines).
 *
 *   npm run bench:evaluation -- --scale 2 [--keep] [--reuse] [--suppliers 120]
 *
 * Seeds a database of its own (`gpms_bench_eval_<scale>`, on TEST_PG_URL or 127.0.0.1:5432) at the
 * scale (--reuse: a database kept by an earlier --keep run is used as it is), then computes the
 * newest finished period three times, each in a transaction rolled back, and prints the times with
 * the row counts they ran over. Untimed, inside each transaction first: the period's totals are
 * removed (the seed finalized them, and computing never touches a final total, so a run over them
 * would skip writing totals), and companies are added to its scope until it holds --suppliers of
 * them (the demo has fewer trading suppliers), so every run computes every measure and writes a
 * draft total with its lines for every one. The database is dropped afterwards unless --keep.
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { sql } from 'kysely';
import { connect, type Db } from '../server/db/connect.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { seedDemo } from '../server/db/seed/index.js';
import { computePeriod } from '../server/modules/evaluation/compute.js';

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: '1' },
    keep: { type: 'boolean', default: false },
    reuse: { type: 'boolean', default: false },
    suppliers: { type: 'string', default: '120' },
  },
});
const wanted = Number(values.suppliers);
const scale = Number(values.scale);
const admin = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `gpms_bench_eval_${scale}`;

async function adminQuery(text: string, params: unknown[] = []) {
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  try {
    return (await c.query(text, params)).rows;
  } finally {
    await c.end();
  }
}

class Rollback extends Error {}

/** Untimed: removes the period's totals and widens its scope to `wanted` companies (see the header). */
async function prepare(trx: Db, periodId: number) {
  const totals = trx.selectFrom('evaTotal').select('totalId').where('periodId', '=', periodId);
  await trx.deleteFrom('evaWarnConfirm').where('totalId', 'in', totals).execute();
  await trx.deleteFrom('evaTotalLine').where('totalId', 'in', totals).execute();
  await trx.deleteFrom('evaTotal').where('periodId', '=', periodId).execute();
  const inScope = await trx.selectFrom('evaTarget').select('compNo').where('periodId', '=', periodId).execute();
  const missing = wanted - inScope.length;
  if (missing <= 0) return;
  const more = await trx
    .selectFrom('company')
    .select('compNo')
    .where(
      'compNo',
      'not in',
      inScope.map((t) => t.compNo),
    )
    .orderBy('compNo')
    .limit(missing)
    .execute();
  if (more.length)
    await trx
      .insertInto('evaTarget')
      .values(more.map((c) => ({ periodId, compNo: c.compNo, spendKrw: '0' })))
      .execute();
}

async function main() {
  const reuse = values.reuse && (await adminQuery('select 1 from pg_database where datname = $1', [name])).length > 0;
  if (!reuse) {
    await adminQuery(`drop database if exists ${name} with (force)`);
    await adminQuery(`create database ${name}`);
  }
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const h = await connect({ databaseUrl: url.toString(), pgliteDir: null });
  try {
    await migrateToLatest(h.db);
    if (reuse) console.log(`reusing ${name}`);
    else {
      const t0 = performance.now();
      const counts = await seedDemo(h.db, { scale, log: (m) => console.log(m) });
      console.log(
        `seeded scale ${scale} in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${counts.poLine} order lines, ${counts.deliveryLine} delivery lines, ${counts.whReceiptLine} receipt lines, ${counts.quotationLine} quotation lines`,
      );
    }
    const all = await sql<{ n: number }>`select count(*)::int as n from po_line`.execute(h.db);
    const period = await h.db
      .selectFrom('evaPeriod')
      .select(['periodId', 'periodName'])
      .where('status', '=', 'CLOSED')
      .orderBy('endDate', 'desc')
      .executeTakeFirstOrThrow();
    const lines = await sql<{
      n: number;
    }>`select count(*) as n from po_line pl join po_header ph on ph.po_no = pl.po_no where coalesce(pl.delivery_date, ph.due_date, ph.po_date) between '2026-01-01' and '2026-06-30'`.execute(
      h.db,
    );
    const times: number[] = [];
    let suppliers = 0;
    let drafts = 0;
    for (let i = 0; i < 3; i++) {
      try {
        await h.db.transaction().execute(async (trx) => {
          await prepare(trx, period.periodId);
          const started = performance.now();
          const r = await computePeriod(trx, period.periodId, new Date());
          times.push(performance.now() - started);
          suppliers = r.suppliers;
          drafts = r.drafts;
          throw new Rollback();
        });
      } catch (e) {
        if (!(e instanceof Rollback)) throw e;
      }
    }
    const best = Math.min(...times);
    console.log(
      `computed "${period.periodName}" for ${suppliers} suppliers, ${drafts} draft totals written (${all.rows[0].n} order lines, ${lines.rows[0].n} due in the period): ${times.map((t) => (t / 1000).toFixed(2)).join(' s, ')} s; best ${(best / 1000).toFixed(2)} s`,
    );
  } finally {
    await h.close();
    if (!values.keep) await adminQuery(`drop database if exists ${name} with (force)`);
  }
}

await main();
