import { parseArgs } from 'node:util';
import { runCli } from './run-cli.js';
import { backup } from './backup.js';
import { restore, RestoreRefused } from './restore.js';
import { DataDirLocked } from '../db/pglite/data-dir-lock.js';

/**
 * `npm run backup -- --out <file>` and `npm run restore -- --from <file> [--force]`, with the
 * server's own configuration (DATABASE_URL or DATA_DIR, FILE_STORE). docs/operations.md.
 */
runCli<{ command: string | undefined; out?: string; from?: string; force: boolean }>({
  parse: (argv) => {
    const [command, ...rest] = argv;
    const { values } = parseArgs({
      args: rest,
      options: { out: { type: 'string' }, from: { type: 'string' }, force: { type: 'boolean', default: false } },
    });
    return { command, out: values.out, from: values.from, force: values.force ?? false };
  },
  // Refused (2): bad configuration or arguments, a target not empty, a data directory in use.
  refusals: [RestoreRefused, DataDirLocked],
  run: async ({ args, config }) => {
    const log = (line: string) => console.log(line);
    const started = Date.now();
    if (args.command === 'backup') {
      if (!args.out) throw new RestoreRefused('usage: npm run backup -- --out <file.tar>');
      const m = await backup(config, args.out, log);
      log(
        `backup written to ${args.out}: ${m.entries.length} entries in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
      return 0;
    }
    if (args.command === 'restore') {
      if (!args.from) throw new RestoreRefused('usage: npm run restore -- --from <file.tar> [--force]');
      await restore(config, args.from, { force: args.force, log });
      log(`restore finished in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      return 0;
    }
    throw new RestoreRefused('usage: backup-cli backup --out <file> | restore --from <file> [--force]');
  },
});
