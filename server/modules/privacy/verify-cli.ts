import { runCli } from '../../ops/run-cli.js';
import { readAnchor } from './anchor.js';
import { verifyChain } from './chain.js';

/**
 * npm run audit:verify — recomputes the personal-data access log's hash chain on the configured
 * database (PGlite under DATA_DIR, or DATABASE_URL) and, with ACCESS_LOG_ANCHOR, requires the head
 * the servers wrote there (server/modules/privacy/anchor.ts): a log whose end was removed fails.
 * Exit 0: intact; 1: the first row that does not fit, or the anchored row gone; 2: bad configuration.
 */
runCli({
  database: { pgliteThread: 'main' },
  failure: 'audit:verify failed:',
  run: async ({ config, dbh }) => {
    const started = performance.now();
    const anchor = config.accessLogAnchor ? await readAnchor(config.accessLogAnchor) : null;
    const v = await verifyChain(dbh.db, undefined, anchor);
    const secs = ((performance.now() - started) / 1000).toFixed(1);
    if (v.intact) {
      console.log(`access log intact: ${v.checked} rows (seq ${v.firstSeq ?? '-'}…${v.lastSeq ?? '-'}) in ${secs} s`);
      console.log(`head hash: ${v.headHash ?? '(empty log)'}`);
      if (!config.accessLogAnchor)
        console.log(
          'ACCESS_LOG_ANCHOR is not set: rows removed from the end would not show; keep the head hash above outside the system',
        );
      else
        console.log(
          anchor
            ? `anchored head: seq ${anchor.seq} in ${config.accessLogAnchor}, present`
            : `anchor file ${config.accessLogAnchor} holds no head yet`,
        );
      return 0;
    }
    if (v.broken!.reason === 'END_CUT') {
      console.error(
        `access log CUT: seq ${v.broken!.seq}, the head anchored in ${config.accessLogAnchor}, is missing (the log ends at seq ${v.lastSeq ?? '-'}): rows were removed from the end`,
      );
      return 1;
    }
    console.error(
      `access log BROKEN at seq ${v.broken!.seq}: ${v.broken!.reason} (${v.checked} rows before it are intact)`,
    );
    return 1;
  },
});
