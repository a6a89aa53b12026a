import { AsyncLocalStorage } from 'node:async_hooks';
import type { RequestConnection } from './supplier-role.js';

/** The statements one unit of work (a request) sent to the database. */
export interface StatementTally {
  n: number;
  /** When set, the unit's statements share this one connection (supplier-role.ts; PostgreSQL). */
  held?: RequestConnection;
  /** A supplier's request (auth/plugin.ts, once its caller is known): the PGlite worker's figures label its statements so. */
  supplier?: boolean;
}

/**
 * Counts every statement sent through one database handle to the unit of work that sent it: the driver calls `count` for each statement it sends — transaction control, a
 * supplier's role setting and prepared-statement upkeep included — and the tally in the current
 * async context (a request's, see server/http/statement-tally.ts) goes up. Statements sent outside
 * any tally (jobs, start-up, tests' own set-up) are counted nowhere. One per handle, so apps that
 * share a handle (tests) each run their requests in their own tallies.
 */
export class StatementCounter {
  private readonly context = new AsyncLocalStorage<StatementTally>();

  /** Runs `fn` with `tally` counting every statement sent from it and from what it starts. */
  run<T>(tally: StatementTally, fn: () => T): T {
    return this.context.run(tally, fn);
  }

  count(statements = 1): void {
    const tally = this.context.getStore();
    if (tally) tally.n += statements;
  }

  /** The tally of the current context, if any. */
  current(): StatementTally | undefined {
    return this.context.getStore();
  }
}
