import { parseArgs } from 'node:util';
import { loadConfig, ConfigError } from '../config.js';
import { backup } from './backup.js';
import { restore, RestoreRefused } from './restore.js';
import { DataDirLocked } from '../db/pglite/data-dir-lock.js';

/**
 * `npm run backup -- --out <file>` and `npm run restore -- --from <file> [--force]`, with the
 * server's own configuration (DATABASE_URL or DATA_DIR, FILE_STORE). docs/operations.md.
 */
async function main(): Promise<number> {
  const [command, ...rest] = process.argv.slice(2);
  const { values } = parseArgs({ args: rest, options: { out: { type: 'string' }, from: { type: 'string' }, force: { type: 'boolean', default: false } } });
  const config = loadConfig(process.env, process.cwd(), 'tool');
  const log = (line: string) => console.log(line);
  const started = Date.now();
  if (command === 'backup') {
    if (!values.out) throw new RestoreRefused('usage: npm run backup -- --out <file.tar>');
    const m = await backup(config, values.out, log);
    log(`backup written to ${values.out}: ${m.entries.length} entries in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return 0;
  }
  if (command === 'restore') {
    if (!values.from) throw new RestoreRefused('usage: npm run restore -- --from <file.tar> [--force]');
    await restore(config, values.from, { force: values.force, log });
    log(`restore finished in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return 0;
  }
  throw new RestoreRefused('usage: backup-cli backup --out <file> | restore --from <file> [--force]');
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    // Refused (2): bad configuration or arguments, a target not empty, a data directory in use.
    const refused = err instanceof RestoreRefused || err instanceof ConfigError || err instanceof DataDirLocked;
    console.error(refused ? err.message : err);
    process.exit(refused ? 2 : 1);
  },
);
