import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';

/**
 * Rate limit per account, beside @fastify/rate-limit's per client address: a route declares
 * `config: { accountLimit: { from: 'body' | 'query', field } }` and at most `max` requests per
 * minute name the same account, whatever address they come from (many addresses cannot flood one
 * user with codes or guesses). In memory, per process, like the per-address limit.
 */
export interface AccountLimit {
  from: 'body' | 'query';
  field: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    accountLimit?: AccountLimit;
  }
}

const WINDOW_MS = 60_000;

export function accountOf(request: FastifyRequest, limit: AccountLimit): string | null {
  const source = (limit.from === 'body' ? request.body : request.query) as Record<string, unknown> | undefined;
  const value = source?.[limit.field];
  return typeof value === 'string' && value.trim() !== '' ? value.trim().toLowerCase() : null;
}

export const accountRateLimit = fp(async (app, opts: { max: number }) => {
  const hits = new Map<string, number[]>();
  const sweep = setInterval(() => {
    const cutoff = Date.now() - WINDOW_MS;
    for (const [k, times] of hits) if (times[times.length - 1] < cutoff) hits.delete(k);
  }, WINDOW_MS);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  app.addHook('preHandler', async (request, reply) => {
    const limit = request.routeOptions.config?.accountLimit;
    if (!limit) return;
    const account = accountOf(request, limit);
    if (!account) return;
    const key = `${request.routeOptions.url}|${account}`;
    const now = Date.now();
    const times = (hits.get(key) ?? []).filter((t) => t > now - WINDOW_MS);
    times.push(now);
    hits.set(key, times);
    if (times.length > opts.max) {
      const retry = Math.ceil((times[0] + WINDOW_MS - now) / 1000);
      reply.header('retry-after', String(retry));
      return reply.status(429).send({ statusCode: 429, code: 'RATE_LIMITED', msg: `요청이 너무 많습니다. ${retry}초 후에 다시 시도하세요` });
    }
  });
});
