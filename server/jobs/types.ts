import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/connect.js';
import type { Metrics } from '../metrics/registry.js';

/**
 * Background and scheduled work. A module exports its jobs as plain data (`JobDefinition[]`) and
 * lists them in `server/jobs/registry.ts`; the job runner runs each at most once at a time across
 * every server process on the same database, records each run, and retries a failed run with backoff.
 *
 * A job does the work that is due, found in its own tables (an outbox, documents past a date), so a
 * run that is repeated or arrives late does no harm: it must be idempotent.
 */
export interface JobContext {
  db: Db;
  log: FastifyBaseLogger;
  config: Config;
  /** The run's clock; tests pass a fixed one. */
  now: Date;
  /** This server's metrics (a job counts what it does: notification deliveries…); absent in tools. */
  metrics?: Metrics;
  /** What route modules lend their jobs (JobRunner.services); absent in tools and unit tests. */
  services?: JobServices;
}

/**
 * Work a job needs from a route module that owns it at run time (the running exports live in the
 * exports routes): the module sets it on `app.jobs.services` when it is registered.
 */
export interface JobServices {
  /** Starts waiting server-side exports on this server; answers how many it took up. */
  resumeExports?: (now: Date) => Promise<number>;
}

export interface JobDefinition {
  /** Unique and dotted by module: `loi.expireOverdue`, `notify.deliver`. */
  name: string;
  /** Seconds between runs (a run is also started at once by `JobRunner.poke`). */
  everySeconds: number;
  /** Does the due work; answers a short summary (counts) that is stored with the run. */
  run: (ctx: JobContext) => Promise<Record<string, unknown> | void>;
}

/** What routes see as `app.jobs`: ask for a job to run soon (after the caller's transaction committed). */
export interface JobRunner {
  poke(name: string): void;
  /** Per server (per runner), never module state: tests build several apps in one process. */
  readonly services: JobServices;
}
