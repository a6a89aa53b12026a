import { ConfigError, loadConfig, type Config } from '../config.js';
import type { DbHandle, PgliteThread } from '../db/connect.js';
import { openDatabase } from '../db/open.js';

/** What a tool's `parse` may answer instead of its arguments: print the usage (exit 0) or what is wrong (exit 2). */
export type NotRun = { usage: string } | { wrong: string };

export interface CliTool<A> {
  /** Reads the command line; without it the tool takes none. */
  parse?: (argv: string[]) => A | NotRun;
  /**
   * Opens the configured database (DATABASE_URL, or PGlite under DATA_DIR) before `run` and closes it
   * after, whatever happened: on which PGlite thread. Without it the tool opens what it needs itself.
   */
  database?: { pgliteThread?: PgliteThread };
  /** Errors that refuse the command (their message alone, exit 2) beside a bad configuration. */
  refusals?: ReadonlyArray<abstract new (...args: never[]) => Error>;
  /** The prefix of an unexpected failure's message (`seed failed:`). */
  failure?: string;
  /** The tool's work; answers the exit code. */
  run: (ctx: { args: A; config: Config; dbh: DbHandle }) => Promise<number>;
}

const isNotRun = (v: unknown): v is NotRun =>
  typeof v === 'object' && v !== null && ('usage' in v || 'wrong' in v) && Object.keys(v).length === 1;

/**
 * The command-line tools' one way to run (npm run seed, keys:rotate, audit:verify, backup/restore):
 * the arguments read, the configuration loaded as a tool's (a bad one refused with exit 2), the
 * database opened and closed around the work when the tool asks for it, and the process ended with
 * the work's exit code — 1 for an unexpected failure, 2 for a refusal.
 */
export async function cliExitCode<A>(tool: CliTool<A>, argv: string[]): Promise<number> {
  let dbh: DbHandle | null = null;
  try {
    const parsed = tool.parse ? tool.parse(argv) : (undefined as A);
    if (isNotRun(parsed)) {
      if ('usage' in parsed) {
        console.error(parsed.usage);
        return 0;
      }
      console.error(parsed.wrong);
      return 2;
    }
    const config = loadConfig(process.env, process.cwd(), 'tool');
    if (tool.database) dbh = (await openDatabase(config, { pgliteThread: tool.database.pgliteThread })).dbh;
    return await tool.run({ args: parsed, config, dbh: dbh as DbHandle });
  } catch (err) {
    if (err instanceof ConfigError || (tool.refusals ?? []).some((R) => err instanceof R)) {
      console.error((err as Error).message);
      return 2;
    }
    const message = err instanceof Error ? err.message : err;
    if (tool.failure) console.error(tool.failure, message);
    else console.error(message);
    return 1;
  } finally {
    await dbh?.close();
  }
}

export function runCli<A>(tool: CliTool<A>): void {
  cliExitCode(tool, process.argv.slice(2)).then(
    (code) => process.exit(code),
    // Only closing the database can fail here.
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
