import os from 'node:os';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/connect.js';
import type { Metrics } from '../metrics/registry.js';
import type { JobDefinition, JobRunner, JobServices } from './types.js';
import { createClock, type Clock } from '../clock.js';

export interface JobRunnerOptions {
  db: Db;
  log: FastifyBaseLogger;
  config: Config;
  jobs: readonly JobDefinition[];
  /** How often this server looks for due jobs, ms. */
  pollMs: number;
  /** A claim older than this is taken to be a dead server's and may be taken over, seconds. */
  leaseSeconds?: number;
  /** Names this process in job_state.running_by and job_run.server_id. */
  serverId?: string;
  /** Counts runs (gpms_job_runs_total) and is handed to the jobs. */
  metrics?: Metrics;
  /** The time jobs run in and are scheduled by (server/clock.ts); the real time by default. */
  clock?: Clock;
}

export interface RunningJobRunner extends JobRunner {
  readonly serverId: string;
  /** Writes a job_state row for each job not yet known to the database. */
  register(): Promise<void>;
  /** Registers the jobs and starts looking for due ones every pollMs. */
  start(): Promise<void>;
  /** Runs whatever is due now, once; answers the names this server ran (tests, and each poll). */
  runDue(now?: Date): Promise<string[]>;
  /** Looks for due jobs at once instead of at the next poll (when polling): after the clock moved. */
  wake(): void;
  /** Stops polling and waits for the runs in flight to finish. */
  stop(): Promise<void>;
}

const MAX_BACKOFF_SECONDS = 3600;
const ERROR_LENGTH = 2000;

/** Refuses two jobs of one name: a registry mistake should stop start-up, not run one of them. */
export function checkJobNames(jobs: readonly JobDefinition[]): void {
  const seen = new Set<string>();
  for (const job of jobs) {
    if (seen.has(job.name))
      throw new Error(`Two background jobs are named "${job.name}" (server/jobs/registry.ts): names must be unique`);
    if (!(job.everySeconds > 0))
      throw new Error(`Background job "${job.name}" must run every so many seconds (everySeconds > 0)`);
    seen.add(job.name);
  }
}

/**
 * Runs the background jobs on this server. Any number of servers may run one on the same database:
 * a due job is claimed by one conditional UPDATE of its job_state row, which only one of them can
 * win, and released with its next due time when the run ends — so each due run happens once. A run
 * that fails is retried with a backoff doubling from 30 s (at most the job's own period, and an hour).
 *
 * Written here rather than taken from a queue library (pg-boss and the like) because those need a
 * PostgreSQL connection pool of their own and LISTEN/NOTIFY, and the default database is the embedded,
 * single-connection PGlite: this runs on both through Kysely with the same SQL.
 */
export function createJobRunner(options: JobRunnerOptions): RunningJobRunner {
  const { db, log, config, jobs, pollMs } = options;
  checkJobNames(jobs);
  const leaseSeconds = options.leaseSeconds ?? 600;
  const serverId = options.serverId ?? `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const byName = new Map(jobs.map((j) => [j.name, j]));
  const services: JobServices = {};
  const metrics = options.metrics;
  const clock = options.clock ?? createClock();
  const inFlight = new Set<Promise<unknown>>();
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  let polling: Promise<string[]> | null = null;

  async function register(): Promise<void> {
    if (jobs.length === 0) return;
    // A new job is due now by this server's clock, the one runDue compares with: the column's default
    // (the database's now(), in microseconds) could fall after a Date taken in the same millisecond,
    // and a runDue right after register would find nothing due (metrics.test.ts once did on PostgreSQL).
    const now = clock.now();
    await db
      .insertInto('jobState')
      .values(jobs.map((j) => ({ name: j.name, everySeconds: j.everySeconds, nextRunAt: now })))
      .onConflict((oc) => oc.column('name').doUpdateSet((eb) => ({ everySeconds: eb.ref('excluded.everySeconds') })))
      .execute();
  }

  /** Takes the job if it is due and nobody (alive) runs it; true when this server won it. */
  async function claim(name: string, now: Date): Promise<boolean> {
    const won = await db
      .updateTable('jobState')
      .set({ runningBy: serverId, runningSince: now })
      .where('name', '=', name)
      .where('nextRunAt', '<=', now.toISOString())
      .where((eb) =>
        eb.or([
          eb('runningBy', 'is', null),
          eb('runningSince', '<', new Date(now.getTime() - leaseSeconds * 1000).toISOString()),
        ]),
      )
      .returning('name')
      .executeTakeFirst();
    return won !== undefined;
  }

  async function runOne(job: JobDefinition, now: Date): Promise<void> {
    const startedAt = clock.now();
    let status: 'OK' | 'FAILED' = 'OK';
    let summary: Record<string, unknown> | void = undefined;
    let error: string | null = null;
    try {
      summary = await job.run({ db, log: log.child({ job: job.name }), config, now, metrics, services });
    } catch (err) {
      status = 'FAILED';
      error = (err instanceof Error ? err.message : String(err)).slice(0, ERROR_LENGTH);
      log.error({ err, job: job.name }, 'background job failed');
    }
    const finishedAt = clock.now();
    metrics?.jobRun(job.name, status, (finishedAt.getTime() - startedAt.getTime()) / 1000);
    await db.transaction().execute(async (trx) => {
      const state = await trx
        .selectFrom('jobState')
        .select('failures')
        .where('name', '=', job.name)
        .executeTakeFirstOrThrow();
      const failures = status === 'OK' ? 0 : state.failures + 1;
      const delaySeconds =
        status === 'OK' ? job.everySeconds : Math.min(job.everySeconds, MAX_BACKOFF_SECONDS, 30 * 2 ** (failures - 1));
      await trx
        .updateTable('jobState')
        .set({
          runningBy: null,
          runningSince: null,
          failures,
          nextRunAt: new Date(finishedAt.getTime() + delaySeconds * 1000),
          lastStartedAt: startedAt,
          lastFinishedAt: finishedAt,
          lastStatus: status,
          lastError: error,
        })
        .where('name', '=', job.name)
        .where('runningBy', '=', serverId)
        .execute();
      await trx
        .insertInto('jobRun')
        .values({
          name: job.name,
          serverId,
          startedAt,
          finishedAt,
          status,
          summary: summary ? JSON.stringify(summary) : null,
          error,
        })
        .execute();
    });
    if (status === 'OK')
      log.debug({ job: job.name, summary, ms: finishedAt.getTime() - now.getTime() }, 'background job done');
  }

  async function runDue(now = clock.now()): Promise<string[]> {
    const due = await db
      .selectFrom('jobState')
      .select('name')
      .where('nextRunAt', '<=', now.toISOString())
      .where((eb) =>
        eb.or([
          eb('runningBy', 'is', null),
          eb('runningSince', '<', new Date(now.getTime() - leaseSeconds * 1000).toISOString()),
        ]),
      )
      .orderBy('nextRunAt')
      .execute();
    const ran: string[] = [];
    for (const { name } of due) {
      const job = byName.get(name);
      // A job another version of the server knows: not ours to run.
      if (!job || stopped) continue;
      if (!(await claim(name, now))) continue;
      const run = runOne(job, now);
      inFlight.add(run);
      try {
        await run;
      } finally {
        inFlight.delete(run);
      }
      ran.push(name);
    }
    return ran;
  }

  function schedule(delay: number): void {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(tick, delay);
    timer.unref();
  }

  function tick(): void {
    timer = null;
    if (stopped || polling) return;
    polling = runDue()
      .catch((err: unknown) => {
        log.error({ err }, 'looking for due background jobs failed');
        return [];
      })
      .finally(() => {
        polling = null;
        schedule(pollMs);
      });
  }

  return {
    serverId,
    services,
    register,
    async start() {
      await register();
      stopped = false;
      schedule(0);
      log.info({ jobs: jobs.map((j) => j.name), serverId }, 'background jobs started');
    },
    runDue,
    wake() {
      if (timer) schedule(0);
    },
    poke(name: string) {
      if (!byName.has(name)) throw new Error(`No background job is named "${name}" (server/jobs/registry.ts)`);
      void db
        .updateTable('jobState')
        .set({ nextRunAt: sql<Date>`now()` })
        .where('name', '=', name)
        .execute()
        .then(() => {
          if (timer) schedule(0);
        })
        .catch((err: unknown) => log.error({ err, job: name }, 'could not ask for a background job to run'));
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      if (polling) await polling;
      await Promise.all([...inFlight]);
    },
  };
}
