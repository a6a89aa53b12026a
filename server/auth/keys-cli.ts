import { runCli } from '../ops/run-cli.js';
import { readSigningKeys, rotateSigningKey } from './signing-keys.js';

/**
 * npm run keys:rotate -- [--retire-now] [--list]
 * Rotates the access-token signing key of the configured database (DATABASE_URL, or PGlite under
 * DATA_DIR — PGlite only while the server is stopped: its data directory has one user at a time).
 * The new key signs at once on every server (each reads the keys again within TOKEN_KEY_CACHE_SEC);
 * the previous keys verify until the tokens they signed have expired (ACCESS_TOKEN_TTL +
 * TOKEN_KEY_CACHE_SEC), or not at all with --retire-now (a key thought stolen: everyone logs in again).
 */
const USAGE = `usage: npm run keys:rotate -- [--retire-now] [--list]
  --retire-now  the previous keys stop verifying at once (every access token signed with them is refused)
  --list        only list the keys`;

runCli<{ retireNow: boolean; list: boolean }>({
  parse: (argv) => {
    const unknown = argv.filter((a) => a !== '--retire-now' && a !== '--list');
    if (unknown.length > 0 || argv.includes('--help'))
      return { wrong: unknown.length ? `unknown argument ${unknown[0]}\n${USAGE}` : USAGE };
    return { retireNow: argv.includes('--retire-now'), list: argv.includes('--list') };
  },
  database: { pgliteThread: 'main' },
  run: async ({ args, config, dbh }) => {
    if (!args.list) {
      const retireAfter = args.retireNow ? 0 : config.accessTokenTtlSec + config.tokenKeyCacheSec;
      const rotation = await rotateSigningKey(dbh.db, retireAfter);
      console.log(`new signing key ${rotation.kid}`);
      for (const r of rotation.retired) console.log(`key ${r.kid} verifies until ${r.retiresAt.toISOString()}`);
    }
    for (const k of await readSigningKeys(dbh.db)) {
      console.log(
        `  ${k.kid.padEnd(20)} created ${k.createdAt.toISOString()}  ${k.retiresAt ? `retires ${k.retiresAt.toISOString()}` : 'signs'}`,
      );
    }
    return 0;
  },
});
