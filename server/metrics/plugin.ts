import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { exportQueueCounts } from '../modules/exports/queries.js';
import { metricsAccess } from './access.js';
import type { Metrics } from './registry.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This server's metric families (GET /metrics); one registry per app instance. */
    metrics: Metrics;
  }
}

/**
 * The operation a request is counted under: its route's schema operationId (bounded: one per
 * operation, never the raw URL with its ids), "static" for routes without one (the SPA, assets,
 * /docs), "unmatched" when no route matched (404s of made-up paths).
 */
function operationOf(request: FastifyRequest): string {
  const opts = request.routeOptions;
  if (!opts?.url) return 'unmatched';
  const id = (opts.schema as { operationId?: unknown } | undefined)?.operationId;
  return typeof id === 'string' ? id : 'static';
}

const KO_FORBIDDEN = '지표는 허용된 주소나 토큰으로만 볼 수 있습니다';

/**
 * Request counting and latency for every route, the scrape-time gauges (database pool, PGlite
 * queue, export queue), and GET /metrics in Prometheus's text format. Registered before the routes
 * so its hooks see them all. The route is not part of the API contract (hidden, like /healthz).
 */
export const metricsPlugin = fp<{ metrics: Metrics }>(async function metricsPlugin(app, { metrics }) {
  const counted = new WeakSet<FastifyRequest>();
  app.addHook('onRequest', async (request) => {
    counted.add(request);
    metrics.httpInFlight.inc();
  });
  const done = (request: FastifyRequest) => {
    if (counted.delete(request)) metrics.httpInFlight.dec();
  };
  app.addHook('onResponse', async (request, reply) => {
    done(request);
    const operation = operationOf(request);
    const status = reply.statusCode;
    metrics.httpRequests.inc({ operation, method: request.method, status: String(status) });
    metrics.httpDuration.observe(
      { operation, status_class: `${Math.floor(status / 100)}xx` },
      reply.elapsedTime / 1000,
    );
  });
  app.addHook('onRequestAbort', async (request) => done(request));

  const dbh = app.dbh;
  const stop = dbh.onQuery(({ ms, ok }) =>
    metrics.dbQueryDuration.observe({ outcome: ok ? 'ok' : 'error' }, ms / 1000),
  );
  app.addHook('onClose', async () => stop());
  const pool = dbh.pgPool;
  if (pool) {
    metrics.gauge(
      'gpms_db_pool_connections',
      'PostgreSQL pool connections by state: total (open), idle, waiting (requests queued for one)',
      ['state'],
      (g) => {
        g.set({ state: 'total' }, pool.totalCount);
        g.set({ state: 'idle' }, pool.idleCount);
        g.set({ state: 'waiting' }, pool.waitingCount);
      },
    );
  }
  const worker = dbh.pgliteWorker;
  if (worker) {
    const stopTiming = worker.onTiming((path, waitMs, heldMs) => {
      if (waitMs !== null) metrics.pgliteWait.observe({ path }, waitMs / 1000);
      if (heldMs !== null) metrics.pgliteHold.observe({ path }, heldMs / 1000);
    });
    app.addHook('onClose', async () => stopTiming());
    metrics.gauge(
      'gpms_pglite_queue_length',
      'Statements sent to the PGlite worker thread and not yet answered (the running one included)',
      [],
      (g) => {
        g.set(worker.queueLength);
      },
    );
  }
  metrics.gauge(
    'gpms_export_jobs',
    'Server-side exports by state across every server: running (a server holds its lease), queued (waiting for a server to take it up)',
    ['state'],
    async (g) => {
      try {
        const counts = await exportQueueCounts(dbh.db);
        g.set({ state: 'running' }, counts.running);
        g.set({ state: 'queued' }, counts.queued);
      } catch {
        // The database out of reach: the series go missing for this scrape (gpms_db_unavailable_total tells why).
        g.reset();
      }
    },
  );

  const allowed = metricsAccess(app.config.metricsAllow, app.config.metricsToken);
  const externalHost = app.config.externalHost?.split(':')[0].toLowerCase() ?? null;
  app.get(
    '/metrics',
    { schema: { operationId: 'getMetrics', tags: ['system'], hide: true } },
    async (request, reply) => {
      // Never on the supplier-facing host, whoever asks (the external-host plugin redirects first; this holds without it).
      const host = String(request.headers.host ?? '')
        .split(':')[0]
        .toLowerCase();
      if (externalHost && host === externalHost)
        return reply.status(404).send({ statusCode: 404, code: 'FST_ERR_NOT_FOUND', msg: '요청한 경로가 없습니다' });
      if (!allowed(request.ip, request.headers.authorization)) {
        request.log.warn({ ip: request.ip }, 'metrics refused');
        return reply.status(403).send({ statusCode: 403, code: 'METRICS_FORBIDDEN', msg: KO_FORBIDDEN });
      }
      const text = await metrics.registry.metrics();
      return reply.header('content-type', metrics.registry.contentType).send(text);
    },
  );
});
