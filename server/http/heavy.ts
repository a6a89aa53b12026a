import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { prependRouteHook } from './route-hooks.js';

/**
 * Heavy reads (exports, extracts, reports): at most `perUser` at a time per user;
 * one more answers 429 at once rather than queueing behind the others. A route is
 * heavy when it says so (`config: { heavy: true }`) or, by construction for routes written
 * later, when its path names an export (`/data-download/`, `/export`, `/excel`). The slot is
 * held until the answer has been sent in full (a streamed workbook included) or the client
 * went away.
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    heavy?: boolean;
  }
  interface FastifyRequest {
    heavySlot: string | null;
  }
}

export const HEAVY_PATH = /\/(data-download|exports?|excel)(\/|$|-)/i;

/** Whether a route is heavy, from its config's flag and its path. */
function heavyRoute(flag: boolean | undefined, url: string | undefined): boolean {
  return flag ?? HEAVY_PATH.test(url ?? '');
}

export function isHeavy(request: FastifyRequest): boolean {
  const options = request.routeOptions;
  return heavyRoute(options.config?.heavy, options.url);
}

export const heavyLimit = fp(async function heavyLimit(app, opts: { perUser: number }) {
  const running = new Map<string, number>();
  app.decorateRequest('heavySlot', null);
  const release = (request: FastifyRequest) => {
    const key = request.heavySlot;
    if (!key) return;
    request.heavySlot = null;
    const n = (running.get(key) ?? 1) - 1;
    if (n <= 0) running.delete(key);
    else running.set(key, n);
  };
  // After authentication (onRequest): the caller is known. On heavy routes only (their own hooks).
  const take = async (request: FastifyRequest, reply: FastifyReply) => {
    const key = request.caller?.userId ?? `ip:${request.ip}`;
    const n = running.get(key) ?? 0;
    if (n >= opts.perUser) {
      reply.header('retry-after', '5');
      return reply.status(429).send({
        statusCode: 429,
        code: 'HEAVY_BUSY',
        msg: `내려받기가 이미 ${n}건 진행 중입니다. 끝난 뒤 다시 시도하세요`,
      });
    }
    running.set(key, n + 1);
    request.heavySlot = key;
  };
  const releaseHook = async (request: FastifyRequest) => release(request);
  app.addHook('onRoute', (route) => {
    if (!heavyRoute(route.config?.heavy, route.url)) return;
    prependRouteHook(route, 'preHandler', take);
    for (const name of ['onResponse', 'onRequestAbort', 'onError'] as const) prependRouteHook(route, name, releaseHook);
  });
});
