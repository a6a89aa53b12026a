import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set when the server starts stopping: /readyz answers 503 so a load balancer stops sending. */
    lifecycle: { draining: boolean };
  }
}

/**
 * While draining, answers ask the client to close its connection (`Connection: close`), so a
 * browser's or a proxy's kept-alive connection moves to another server instead of meeting this one
 * closed.
 */
export const lifecyclePlugin = fp(async function lifecyclePlugin(app) {
  app.decorate('lifecycle', { draining: false });
  app.addHook('onSend', async (_request, reply) => {
    if (app.lifecycle.draining) reply.header('connection', 'close');
  });
});

/**
 * How a server stops (SIGTERM/SIGINT in server/main.ts; tests call it the same way):
 * 1. draining: /readyz answers 503 while everything else is still served, for `drainMs` — long
 *    enough for the load balancer's readiness probe to see it (SHUTDOWN_DRAIN_MS);
 * 2. `app.close()`: the listener stops accepting, requests in flight finish, the background-job
 *    runner waits for its run, running exports give their lease back for another server (exports
 *    routes' onClose);
 * 3. the database is closed.
 */
export async function gracefulShutdown(
  app: FastifyInstance,
  options: { drainMs: number; closeDatabase?: () => Promise<void> },
): Promise<void> {
  app.lifecycle.draining = true;
  app.log.info({ drainMs: options.drainMs }, 'draining: readiness answers 503');
  if (options.drainMs > 0) await new Promise((r) => setTimeout(r, options.drainMs));
  await app.close();
  await options.closeDatabase?.();
}
