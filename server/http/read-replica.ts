import fp from 'fastify-plugin';
import type { FastifyRequest, RouteOptions } from 'fastify';
import { connect, type Db } from '../db/connect.js';
import { replicaReads, type ReplicaReads } from '../db/replica.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The read replica's choice (server/db/replica.ts); null without DATABASE_REPLICA_URL. */
    replica: ReplicaReads | null;
  }
  interface FastifyContextConfig {
    /**
     * A GET that only reads and may be answered from the read replica within its lag bound (the reports).
     * A read-only list (readOnlyList, auth/check-beside.ts) may be too without saying so; nothing that writes.
     */
    readReplica?: boolean;
  }
}

/** Whether a request of this route may read the replica: a GET declared to, or a read-only list answered beside its check. */
function replicaRoute(config: RouteOptions['config'] | undefined): boolean {
  return config?.readReplica === true || config?.authBeside === true;
}

/**
 * The Db a staff member's read of such a route uses: the replica's, or the primary's `primary` when the lag,
 * the replica's state or the session's own recent write says so. A supplier's request stays on the primary (its
 * one connection under the supplier role and its company's scope, auth/plugin.ts).
 */
export function readerFor(request: FastifyRequest, primary: Db): Db {
  const replica = request.server.replica;
  const caller = request.caller;
  if (!replica || !caller || caller.portal !== 'I' || request.method !== 'GET') return primary;
  if (!replicaRoute(request.routeOptions.config)) return primary;
  return replica.readerFor(caller.sessionId, primary);
}

/**
 * With DATABASE_REPLICA_URL (PostgreSQL only, config.ts): the replica's pool and its lag sampler, every
 * request that may have written remembered for its session (read-your-writes), and on /metrics the reads
 * by target and the lag.
 */
export const readReplica = fp(async function readReplica(app) {
  const config = app.config;
  if (!config.databaseReplicaUrl || app.dbh.kind !== 'postgres') {
    app.decorate('replica', null);
    return;
  }
  const handle = await connect({
    databaseUrl: config.databaseReplicaUrl,
    pgliteDir: null,
    standby: true,
    preparedStatements: config.databasePreparedStatements,
  });
  let warned = false;
  const replica = replicaReads({
    primary: app.dbh.db,
    replica: handle,
    maxLagMs: config.databaseReplicaMaxLagMs,
    onSampleError: (err) => {
      // Once per outage: the reads went to the primary meanwhile (gpms_db_reads_total says how many).
      if (warned) return;
      warned = true;
      app.log.warn({ err, replica: handle.description }, 'read replica unreachable: its reads go to the primary');
    },
  });
  app.decorate('replica', replica);
  app.addHook('onClose', async () => replica.close());
  app.addHook('onResponse', async (request) => {
    // Any request but a GET may have written, whatever it answered: its session's reads follow it to the primary.
    if (request.caller && request.method !== 'GET' && request.method !== 'HEAD')
      replica.wrote(request.caller.sessionId);
  });
  const reads = app.metrics.counter(
    'gpms_db_reads_total',
    'Reads that may use the read replica (reports, read-only lists, export pages), by target (replica, primary) and reason (ok; lag, down, own-write: why the primary)',
    ['target', 'reason'],
  );
  const stop = replica.onRead((target, reason) => {
    if (reason === 'ok') warned = false;
    reads.inc({ target, reason });
  });
  app.addHook('onClose', async () => stop());
  const url = new URL(config.databaseReplicaUrl);
  const named = { replica: `${url.hostname}:${url.port || 5432}${url.pathname}` };
  app.metrics.gauge(
    'gpms_db_replica_lag_seconds',
    "The read replica's replay lag at its last sample (0: it has replayed the primary's position), by replica (host:port/database); absent while unknown",
    ['replica'],
    (g) => {
      const lag = replica.lagMs();
      g.reset();
      if (lag !== null) g.set(named, lag / 1000);
    },
  );
});
