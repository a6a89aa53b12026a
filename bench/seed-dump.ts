/**
 * npx tsx bench/seed-dump.ts [--cpu-prof] [--as-before]
 *
 * Where a first start's seed dump goes (server/db/seed-dump.ts, bench/results/log.md "Start-up and the seed
 * dump"): PGlite in memory started, migrated, seeded step by step, the report summaries built, the
 * data directory dumped; then the dump made into a data directory as `pgliteSeedDataDir` does, and
 * a copy of that as a first start's server makes it. Everything under a temporary directory: the
 * repository's .cache/seed is not touched. `--cpu-prof` writes the seed's profile there too (read it
 * with `npx tsx bench/profile-top.ts <file>`). `--as-before`: no checkpoint before the dump, and the
 * data directory made by PGlite's `loadDataDir` (a PGlite started on it and closed), as before.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Session } from 'node:inspector/promises';
import { connect } from '../server/db/connect';
import { migrateToLatest } from '../server/db/migrate';
import { seedDemo } from '../server/db/seed/index';
import { refreshReportSummary } from '../server/modules/reports/summary';
import { checkpointForDump, dataDirFromDump } from '../server/db/seed-dump';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'gpms-seed-bench-'));
const profile = process.argv.includes('--cpu-prof');
const asBefore = process.argv.includes('--as-before');
// CPU time beside the wall clock: on the shared machine the wall clock mostly measures the others.
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};
let last = { wall: performance.now(), cpu: cpu() };
const t0 = last;
const lap = (what: string) => {
  const now = { wall: performance.now(), cpu: cpu() };
  const s = (x: number) => x.toFixed(2).padStart(6);
  console.log(
    `${what.padEnd(44)} wall ${s((now.wall - last.wall) / 1000)} s, CPU ${s(now.cpu - last.cpu)} s  (total wall ${s((now.wall - t0.wall) / 1000)} s, CPU ${s(now.cpu - t0.cpu)} s)`,
  );
  last = now;
};
lap('tsx and the modules loaded');

const session = profile ? new Session() : null;
if (session) {
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
}
try {
  const h = await connect({ databaseUrl: null, pgliteDir: null, pgliteThread: 'main' });
  lap('PGlite in memory started');
  await migrateToLatest(h.db);
  lap('migrated');
  await seedDemo(h.db, { log: (m) => lap(`  ${m.replace(/ \(.*/, '')}`) });
  lap('seeded');
  await refreshReportSummary(h.db);
  lap('report summaries');
  if (!asBefore) {
    await checkpointForDump(h.db);
    lap('checkpoint');
  }
  const bytes = await h.dumpDataDir!();
  lap(`dumped (${(bytes.byteLength / 1e6).toFixed(0)} MB)`);
  await h.close();
  lap('closed');
  const tar = path.join(tmp, 'pglite.tar');
  fs.writeFileSync(tar, bytes);
  lap('tar written');
  if (asBefore) {
    const loaded = await connect({
      databaseUrl: null,
      pgliteDir: path.join(tmp, 'pgdata'),
      pgliteThread: 'main',
      loadDataDir: fs.readFileSync(tar),
    });
    await loaded.close();
  } else dataDirFromDump(tar, path.join(tmp, 'pgdata'));
  lap('data directory from the tar');
  fs.cpSync(path.join(tmp, 'pgdata'), path.join(tmp, 'copy'), { recursive: true, mode: fs.constants.COPYFILE_FICLONE });
  lap('copied');
  const again = await connect({ databaseUrl: null, pgliteDir: path.join(tmp, 'copy'), pgliteThread: 'main' });
  const users = await again.db
    .selectFrom('appUser')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  await again.close();
  lap(`the copy opened (${users.n} accounts) and closed`);
} finally {
  if (session) {
    const { profile: p } = await session.post('Profiler.stop');
    const file = path.join(os.tmpdir(), `seed-${process.pid}.cpuprofile`);
    fs.writeFileSync(file, JSON.stringify(p));
    console.log(`profile: ${file}`);
  }
  fs.rmSync(tmp, { recursive: true, force: true });
}
process.exit(0);
