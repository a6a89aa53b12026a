import { sql } from 'kysely';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '../db/connect.js';
import type { JobDefinition } from '../jobs/types.js';

/**
 * A @fastify/rate-limit store in the database: every server on the same database counts the same
 * client together (an in-memory store would give each of N servers its own allowance). One upsert
 * per limited request — the limits guard login, one-time codes and resets, which are rare. A window
 * that has ended starts again at 1.
 */
/** Counts one hit of `key` in its current window (a new window when the last has ended). */
export async function countHit(db: Db, key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
  const fullKey = key.slice(0, 300);
  const r = await sql<{ hits: number; ttl: number }>`
    insert into rate_limit_counter as c (key, hits, expires_at)
    values (${fullKey}, 1, now() + make_interval(secs => ${Math.max(1, Math.round(windowMs)) / 1000}))
    on conflict (key) do update set
      hits = case when c.expires_at <= now() then 1 else c.hits + 1 end,
      expires_at = case when c.expires_at <= now() then excluded.expires_at else c.expires_at end
    returning hits, greatest(0, ceil(extract(epoch from (expires_at - now())) * 1000))::integer as ttl`.execute(db);
  const row = r.rows[0];
  return { current: Number(row.hits), ttl: Number(row.ttl) };
}

export function databaseRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  class DatabaseStore {
    constructor(
      _options: unknown,
      private readonly prefix = '',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      countHit(db, `${this.prefix}${key}`, timeWindow)
        .then((result) => callback(null, result))
        .catch((err: unknown) => callback(err instanceof Error ? err : new Error(String(err))));
    }

    /**
     * A route's own counters (as the library's memory store keeps them): keys are prefixed with its
     * groupId or method and URL. The library passes the route's merged limit options here (its typings
     * say route options), with the route under `routeInfo`.
     */
    child(given: unknown): DatabaseStore {
      const params = given as { groupId?: string; routeInfo?: { method?: string | string[]; url?: string } };
      const info = params.routeInfo ?? {};
      const method = Array.isArray(info.method) ? info.method.join(',') : (info.method ?? '');
      return new DatabaseStore(undefined, `${params.groupId ?? `${method} ${info.url ?? ''}`}|`);
    }
  }
  return DatabaseStore as unknown as FastifyRateLimitStoreCtor;
}

/** Ended windows are of no use: removed every ten minutes. */
export const rateLimitJobs: JobDefinition[] = [
  {
    name: 'rateLimit.purgeExpired',
    everySeconds: 600,
    run: async ({ db }) => {
      const r = await db
        .deleteFrom('rateLimitCounter')
        .where('expiresAt', '<', sql<string>`now()`)
        .executeTakeFirst();
      return { removed: Number(r.numDeletedRows) };
    },
  },
];
