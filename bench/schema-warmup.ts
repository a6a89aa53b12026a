/**
 * npx tsx bench/schema-warmup.ts [--code-cache <dir>]
 *
 * What a restart's warm-up costs (server/http/schema-compile.ts): the server's app built with its schemas
 * left for after listening (as server/main.ts builds it), then every deferred compile run. Prints the
 * compiles, the distinct functions they made and the CPU time of each part (the wall clock on the shared
 * machine mostly measures the others). An in-memory PGlite, not migrated: building the app reads nothing.
 * `--code-cache <dir>`: with the compiled schemas kept as code in <dir> (http/schema-code-cache.ts), as the
 * server keeps them in .cache/schemas: the first run writes the file, the next ones load it.
 */
import { buildApp } from '../server/app.js';
import { testConfig } from '../server/config.js';
import { connect } from '../server/db/connect.js';

const at = process.argv.indexOf('--code-cache');
const codeCache = at > 0 ? process.argv[at + 1] : undefined;
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};
const dbh = await connect({ databaseUrl: null, pgliteDir: null, pgliteThread: 'main' });
let c = cpu();
let t = performance.now();
const app = await buildApp({
  config: testConfig({ logLevel: 'silent' }),
  dbh,
  schemas: 'after-listen',
  schemaCodeCache: codeCache,
});
console.log(`app built: wall ${((performance.now() - t) / 1000).toFixed(2)} s, CPU ${(cpu() - c).toFixed(2)} s`);
c = cpu();
t = performance.now();
const r = await app.schemaWarmUp!.run();
console.log(
  `warm-up: ${r.schemas} compiles, ${r.compiled} distinct: wall ${((performance.now() - t) / 1000).toFixed(2)} s, CPU ${(cpu() - c).toFixed(2)} s${r.cache ? ` (code cache: ${JSON.stringify(r.cache)})` : ''}`,
);
await app.close();
await dbh.close();
