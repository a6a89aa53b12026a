import { ConfigError, loadConfig } from '../../config.js';
import { openDatabase } from '../../db/open.js';
import { verifyChain } from './chain.js';

/**
 * npm run audit:verify — recomputes the personal-data access log's hash chain on the configured
 * database (PGlite under DATA_DIR, or DATABASE_URL). Exit 0: intact, and the head hash to write down
 * outside the system (it also proves later that nothing was cut from the end); 1: the first row that
 * does not fit; 2: bad configuration.
 */
async function main(): Promise<number> {
  let config;
  try {
    config = loadConfig(process.env, process.cwd(), 'tool');
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      return 2;
    }
    throw err;
  }
  const { dbh } = await openDatabase(config, { pgliteThread: 'main' });
  try {
    const started = performance.now();
    const v = await verifyChain(dbh.db);
    const secs = ((performance.now() - started) / 1000).toFixed(1);
    if (v.intact) {
      console.log(`access log intact: ${v.checked} rows (seq ${v.firstSeq ?? '-'}…${v.lastSeq ?? '-'}) in ${secs} s`);
      console.log(`head hash: ${v.headHash ?? '(empty log)'}`);
      return 0;
    }
    console.error(`access log BROKEN at seq ${v.broken!.seq}: ${v.broken!.reason} (${v.checked} rows before it are intact)`);
    return 1;
  } finally {
    await dbh.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error('audit:verify failed:', err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
