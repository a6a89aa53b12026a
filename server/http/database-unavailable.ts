/**
 * Whether an error means "the database cannot be reached" — a restart, a failover, a network cut,
 * a full pool — rather than a fault of the request or of our code. Such a request answers 503
 * DATABASE_UNAVAILABLE with Retry-After (server/plugins/error-handler.ts), which a load balancer
 * and the SPA treat as "try again shortly"; it answered 500 before (226 × 500 during a
 * PostgreSQL restart under traffic).
 */

/** Seconds a client is asked to wait (Retry-After) before trying again. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Socket-level failures (Node's errno codes) reaching the server. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENOTCONN',
]);

/**
 * SQLSTATEs of a server going away or not taking connections: class 08 (connection exception),
 * 57P01 admin_shutdown (a fast stop ends every session), 57P02 crash_shutdown, 57P03
 * cannot_connect_now (starting up or shutting down), 53300 too_many_connections; and the refusals
 * a connection meets when the database itself is closed to it — 3D000 (the database is gone, e.g.
 * during a restore), 28000/28P01 (the server's login no longer accepted, e.g. a rotated password).
 */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '3D000', '28000', '28P01']);

/**
 * 55000 (object_not_in_prerequisite_state) is also raised by ordinary statements; only its
 * connection-time form — an administrator closed the database (ALLOW_CONNECTIONS false) — means
 * the database is out of reach. Seen as 500s in the browser until this was added.
 */
const CLOSED_DATABASE = /is not currently accepting connections/;

/**
 * node-postgres reports a lost connection and a pool that could not connect in time by message
 * only (no code): these are its texts (pg 8, pg-pool 3).
 */
const PG_MESSAGES = [
  /^Connection terminated/, // "… unexpectedly", "… due to connection timeout"
  /^timeout exceeded when trying to connect$/,
  /^Client has encountered a connection error and is not queryable$/,
  /^Client was closed and is not queryable$/,
  /^Cannot use a pool after calling end on the pool$/,
];

function oneIsUnreachable(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as { code?: unknown; message?: unknown };
  if (typeof e.code === 'string') {
    if (NETWORK_CODES.has(e.code) || SQLSTATES.has(e.code) || /^08[0-9A-Z]{3}$/.test(e.code)) return true;
    if (e.code === '55000' && typeof e.message === 'string' && CLOSED_DATABASE.test(e.message)) return true;
    // The PGlite thread gone (server/db/pglite/worker-client.ts) is the same condition.
    if (e.code === 'DATABASE_UNAVAILABLE') return true;
  }
  const message = typeof e.message === 'string' ? e.message : '';
  return PG_MESSAGES.some((re) => re.test(message));
}

/** True when the error, or one it wraps (cause, AggregateError's errors), says the database is out of reach. */
export function isDatabaseUnreachable(err: unknown, depth = 0): boolean {
  if (depth > 4 || !err || typeof err !== 'object') return false;
  if (oneIsUnreachable(err)) return true;
  const e = err as { cause?: unknown; errors?: unknown };
  if (e.cause && isDatabaseUnreachable(e.cause, depth + 1)) return true;
  return Array.isArray(e.errors) && e.errors.length > 0 && e.errors.every((x) => isDatabaseUnreachable(x, depth + 1));
}
