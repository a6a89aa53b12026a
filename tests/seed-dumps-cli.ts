import { pgliteSeedDump, postgresSeedTemplate } from '../server/db/seed-dump.js';
import { PG_ADMIN_URL } from './helpers/test-db.js';

/**
 * `npm test` runs this among its checks (`--postgres` when PostgreSQL answers): the seeded demo company of these
 * sources, made if it is not cached yet (server/db/seed-dump.ts), so that the API run's global setup finds it
 * instead of seeding at its start while nothing else runs (42 s on a clean clone). The two seeds run side by side:
 * PGlite's in this process, PostgreSQL's mostly in its server.
 */
const log = (msg: string) => console.log(msg);
try {
  const made = await Promise.all([
    pgliteSeedDump(process.cwd(), log),
    ...(process.argv.includes('--postgres') ? [postgresSeedTemplate(process.cwd(), PG_ADMIN_URL, log)] : []),
  ]);
  for (const d of made) console.log(`${d.where}: ${d.made ? 'made' : 'cached'} in ${d.seconds.toFixed(1)} s`);
  // Exit rather than wait for the event loop: a PGlite's WebAssembly timer can outlive its close (PGlite 0.4.6).
  process.exit(0);
} catch (err) {
  console.error('seed dumps failed:', err);
  process.exit(1);
}
