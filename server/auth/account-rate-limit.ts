import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { countHit } from '../plugins/rate-limit-store.js';

/**
 * Rate limit per account, beside @fastify/rate-limit's per client address: a route declares
 * `config: { accountLimit: { from: 'body' | 'query', field } }` and at most `max` requests per
 * minute name the same account, whatever address they come from (many addresses cannot flood one
 * user with codes or guesses). Counted in the database like the per-address limit
 * (server/plugins/rate-limit-store.ts), so every server on it counts an account together.
 */
interface AccountLimit {
  from: 'body' | 'query';
  field: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    accountLimit?: AccountLimit;
  }
}

const WINDOW_MS = 60_000;

function accountOf(request: FastifyRequest, limit: AccountLimit): string | null {
  const source = (limit.from === 'body' ? request.body : request.query) as Record<string, unknown> | undefined;
  const value = source?.[limit.field];
  return typeof value === 'string' && value.trim() !== '' ? value.trim().toLowerCase() : null;
}

export const accountRateLimit = fp(async function accountRateLimit(app, opts: { max: number }) {
  app.addHook('preHandler', async (request, reply) => {
    const limit = request.routeOptions.config?.accountLimit;
    if (!limit) return;
    const account = accountOf(request, limit);
    if (!account) return;
    const { current, ttl } = await countHit(app.dbh.db, `account|${request.routeOptions.url}|${account}`, WINDOW_MS);
    if (current > opts.max) {
      const retry = Math.max(1, Math.ceil(ttl / 1000));
      reply.header('retry-after', String(retry));
      return reply
        .status(429)
        .send({ statusCode: 429, code: 'RATE_LIMITED', msg: `요청이 너무 많습니다. ${retry}초 후에 다시 시도하세요` });
    }
  });
});
