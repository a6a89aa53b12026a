import { sql } from 'kysely';
import { runCli, type NotRun } from '../ops/run-cli.js';
import type { Db } from './connect.js';
import { MAX_SCALE, seedDemo } from './seed/index.js';

/**
 * npm run seed -- [--scale N] [--reset]
 * Seeds the configured database (PGlite under DATA_DIR, or DATABASE_URL) with the demo company.
 * --scale multiplies the purchase orders for benchmarks (50 gives over a million order lines);
 * --reset empties every table first. Without --reset a database holding any data is left alone.
 */
const USAGE = `usage: npm run seed -- [--scale N] [--reset]
  --scale N   multiply purchase orders by N (1 to ${MAX_SCALE}; 50 gives over 1,000,000 order lines)
  --reset     delete all data (every table but the consent terms the migrations wrote) before seeding`;

interface Args {
  scale: number;
  reset: boolean;
}

function parseArgs(argv: string[]): Args | NotRun {
  const args: Args = { scale: 1, reset: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--reset') args.reset = true;
    else if (arg === '--help' || arg === '-h') return { usage: USAGE };
    else if (arg === '--scale' || arg.startsWith('--scale=')) {
      const raw = arg === '--scale' ? argv[++i] : arg.slice('--scale='.length);
      if (raw === undefined || !/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > MAX_SCALE) {
        return { wrong: `--scale needs a whole number from 1 to ${MAX_SCALE} (got ${raw ?? 'nothing'})\n${USAGE}` };
      }
      args.scale = Number(raw);
    } else return { wrong: `unknown argument ${arg}\n${USAGE}` };
  }
  return args;
}

/** Application tables of the current schema; Kysely's own migration bookkeeping is kept. */
async function appTables(db: Db): Promise<string[]> {
  const result = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name not like 'kysely\\_%'
    order by table_name
  `.execute(db);
  return result.rows.map((r) => r.name);
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Rows the migrations themselves write: the versioned consent terms (0140), the company-number
 * counter (0240) and the authority version (0380). A freshly migrated database holds them and nothing
 * else, so they do not make it "hold data"; --reset keeps the terms (configuration the application
 * needs, which only a migration writes) and the authority version (its one row must exist: servers
 * keep answers under its number), and empties the counter (the allocation starts again from the
 * table's highest number).
 */
const MIGRATION_DATA = new Set(['apply_terms', 'document_sequence', 'personal_data_access_log', 'auth_version']);
/**
 * The personal-data access log is append-only (migration 0350: the database refuses to empty it) and
 * outlives the data it records: a reset keeps it, and it does not make a database "hold data".
 */
const KEPT_ON_RESET = new Set(['apply_terms', 'personal_data_access_log', 'auth_version']);

async function nonEmptyTables(db: Db, tables: string[]): Promise<string[]> {
  const out: string[] = [];
  for (const t of tables) {
    const r = await sql<{ found: boolean }>`select exists (select 1 from ${sql.raw(quoteIdent(t))}) as found`.execute(
      db,
    );
    if (r.rows[0].found) out.push(t);
  }
  return out;
}

runCli<Args>({
  parse: parseArgs,
  database: {},
  failure: 'seed failed:',
  run: async ({ args, dbh }) => {
    const started = performance.now();
    console.log(`database: ${dbh.description}`);
    const tables = await appTables(dbh.db);
    const filled = (await nonEmptyTables(dbh.db, tables)).filter((t) => !MIGRATION_DATA.has(t));
    if (filled.length > 0) {
      if (!args.reset) {
        console.error(
          `the database already holds data (${filled.join(', ')}); run with --reset to delete it and seed again`,
        );
        return 1;
      }
      // One statement over every table needs no foreign-key ordering; cascade covers the rest.
      const emptied = tables.filter((t) => !KEPT_ON_RESET.has(t));
      // Evidence tables refuse TRUNCATE by trigger (the contracts' event log): that guards against the
      // application, not against the operator emptying the whole database on purpose. Those triggers are
      // switched off for this one statement, in one transaction, and on again before it commits.
      await dbh.db.transaction().execute(async (trx) => {
        const guarded = (
          await sql<{ table: string; trigger: string }>`
            select c.relname as "table", t.tgname as "trigger"
            from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
            where n.nspname = current_schema() and not t.tgisinternal and (t.tgtype & 32) <> 0`.execute(trx)
        ).rows.filter((r) => emptied.includes(r.table));
        for (const g of guarded)
          await sql`alter table ${sql.raw(quoteIdent(g.table))} disable trigger ${sql.raw(quoteIdent(g.trigger))}`.execute(
            trx,
          );
        await sql`truncate table ${sql.raw(emptied.map(quoteIdent).join(', '))} restart identity`.execute(trx);
        for (const g of guarded)
          await sql`alter table ${sql.raw(quoteIdent(g.table))} enable trigger ${sql.raw(quoteIdent(g.trigger))}`.execute(
            trx,
          );
      });
      console.log(`reset: emptied ${emptied.length} tables (kept: ${[...KEPT_ON_RESET].join(', ')})`);
    }
    const counts = await seedDemo(dbh.db, { scale: args.scale, log: (msg) => console.log(msg) });
    const width = Math.max(...Object.keys(counts).map((k) => k.length));
    console.log(`\nrows (scale ${args.scale}):`);
    for (const [table, n] of Object.entries(counts))
      console.log(`  ${table.padEnd(width)}  ${n.toLocaleString('en-US').padStart(11)}`);
    console.log(`\nseeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return 0;
  },
});
