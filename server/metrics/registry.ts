import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Portals as the spec names them: I (GPMS, staff), X (OGPMS, suppliers). */
export type LoginPortal = 'I' | 'X';
export type LoginOutcome = 'success' | 'failure' | 'locked';
export type DeliveryOutcome = 'sent' | 'retried' | 'failed';

/** Latency buckets, seconds: a list answers in tens of ms, an export page or a report in seconds. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const DB_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10];
/** Statements a request sends: a kept caller and a list's page and count are a handful, a write a dozen or more. */
const STATEMENT_BUCKETS = [0, 1, 2, 3, 4, 5, 6, 8, 10, 15, 20, 30, 50, 100];
/** The PGlite thread: a statement waits and holds it for ms; a transaction may hold it up to its 30 s limit. */
const WORKER_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const JOB_BUCKETS = [0.01, 0.1, 0.5, 1, 5, 15, 60, 300, 900];

/**
 * Every metric family one server exposes at GET /metrics, in a registry of its own: each app
 * instance (tests build several in one process) owns one, so nothing is module-level state.
 * Names follow Prometheus's conventions (`_total` counters, `_seconds` histograms), prefixed `gpms_`;
 * docs/operations.md and docs/grafana-dashboard.json query exactly these.
 */
export class Metrics {
  readonly registry = new Registry();

  readonly httpRequests = new Counter({
    name: 'gpms_http_requests_total',
    help: 'HTTP requests answered, by operation (the route schema operationId; "static" for the SPA, "unmatched" for no route), method and status',
    labelNames: ['operation', 'method', 'status'] as const,
    registers: [this.registry],
  });

  readonly httpDuration = new Histogram({
    name: 'gpms_http_request_duration_seconds',
    help: 'Time from request received to answer sent, by operation and status class',
    labelNames: ['operation', 'status_class'] as const,
    buckets: HTTP_BUCKETS,
    registers: [this.registry],
  });

  readonly httpInFlight = new Gauge({
    name: 'gpms_http_requests_in_flight',
    help: 'Requests received and not yet answered',
    registers: [this.registry],
  });

  readonly dbQueryDuration = new Histogram({
    name: 'gpms_db_query_duration_seconds',
    help: 'Database statement time as the driver saw it (queue wait included on PGlite), by outcome',
    labelNames: ['outcome'] as const,
    buckets: DB_BUCKETS,
    registers: [this.registry],
  });

  readonly dbStatements = new Histogram({
    name: 'gpms_db_statements_per_request',
    help: "Database statements one request sent (transaction control and a supplier's role setting included), by route pattern and method",
    labelNames: ['route', 'method'] as const,
    buckets: STATEMENT_BUCKETS,
    registers: [this.registry],
  });

  readonly pgliteWait = new Histogram({
    name: 'gpms_pglite_wait_seconds',
    help: "How long a statement waited for the PGlite worker thread (sent to started), by path: staff (a staff request's), supplier (a supplier request's), job (outside a request)",
    labelNames: ['path'] as const,
    buckets: WORKER_BUCKETS,
    registers: [this.registry],
  });

  readonly pgliteHold = new Histogram({
    name: 'gpms_pglite_hold_seconds',
    help: 'How long the PGlite worker thread was held by one owner — a statement alone, or a transaction from its first statement to its end — by path (staff, supplier, job)',
    labelNames: ['path'] as const,
    buckets: WORKER_BUCKETS,
    registers: [this.registry],
  });

  readonly dbUnavailable = new Counter({
    name: 'gpms_db_unavailable_total',
    help: 'Requests answered 503 DATABASE_UNAVAILABLE because the database could not be reached',
    registers: [this.registry],
  });

  readonly jobRuns = new Counter({
    name: 'gpms_job_runs_total',
    help: 'Background job runs on this server, by job name and status (OK, FAILED)',
    labelNames: ['job', 'status'] as const,
    registers: [this.registry],
  });

  readonly jobDuration = new Histogram({
    name: 'gpms_job_duration_seconds',
    help: 'Background job run time, by job name',
    labelNames: ['job'] as const,
    buckets: JOB_BUCKETS,
    registers: [this.registry],
  });

  readonly logins = new Counter({
    name: 'gpms_logins_total',
    help: 'Login attempts by portal (I internal, X external) and outcome (success, failure, locked)',
    labelNames: ['portal', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly notifications = new Counter({
    name: 'gpms_notification_deliveries_total',
    help: 'Notification delivery attempts by channel (EMAIL, SMS…) and outcome (sent, retried, failed: the last attempt)',
    labelNames: ['channel', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly authChecksBeside = new Counter({
    name: 'gpms_auth_checks_beside_total',
    help: 'Read-only lists answered beside the authority check, by outcome: confirmed (version unchanged), rechecked (version moved, same authority), refused (the answer withheld)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  readonly taxInvoiceFollow = new Counter({
    name: 'gpms_tax_invoice_follow_total',
    help: 'Tax invoices the follow-up job looked at, by outcome: checked (the provider answered), moved (its state changed), failed (the provider did not answer; backoff), gave_up (evidence still missing after the last try), late (a transmission to the NTS later than the day after issue)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  constructor() {
    // process_* and nodejs_* (CPU, memory, event-loop lag, GC, handles), into this registry only.
    collectDefaultMetrics({ register: this.registry });
  }

  /**
   * Lets go of every metric when the app closes. prom-client's GC metric keeps a process-wide
   * PerformanceObserver that it never disconnects, and through its histogram this registry; the
   * registry held the scrape-time gauges, whose closures hold the app's database. Without this, every
   * app built in one process stayed alive with its whole database: 370 MB per API test file on
   * PGlite, and the test workers were killed for memory (17 GB) — the CI run of 56d2edf.
   */
  close(): void {
    this.registry.clear();
  }

  login(portal: LoginPortal, outcome: LoginOutcome): void {
    this.logins.inc({ portal, outcome });
  }

  authCheckBeside(outcome: 'confirmed' | 'rechecked' | 'refused'): void {
    this.authChecksBeside.inc({ outcome });
  }

  notification(channel: string, outcome: DeliveryOutcome): void {
    this.notifications.inc({ channel, outcome });
  }

  jobRun(job: string, status: 'OK' | 'FAILED', seconds: number): void {
    this.jobRuns.inc({ job, status });
    this.jobDuration.observe({ job }, seconds);
  }

  /** A counter of a family one plugin owns (the read replica's reads). */
  counter(name: string, help: string, labelNames: readonly string[]): Counter<string> {
    return new Counter({ name, help, labelNames, registers: [this.registry] });
  }

  /** A gauge read when scraped (pool sizes, queue lengths, export counts). */
  gauge(
    name: string,
    help: string,
    labelNames: readonly string[],
    collect: (g: Gauge<string>) => void | Promise<void>,
  ): Gauge<string> {
    return new Gauge({
      name,
      help,
      labelNames,
      registers: [this.registry],
      async collect() {
        await collect(this);
      },
    });
  }
}
