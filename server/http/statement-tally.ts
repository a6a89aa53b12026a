import { AsyncResource } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { StatementTally } from '../db/statement-count.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The statements this request has sent to the database so far (server/db/statement-count.ts). */
    statementTally: StatementTally | null;
  }
}

const resourceOf = new WeakMap<FastifyRequest, AsyncResource>();

/**
 * Every request runs in a statement tally of its own: the database handle counts each statement it
 * sends to the tally of the context that sent it, and the answer's statements go into
 * `gpms_db_statements_per_request` by route pattern (bounded: the route as declared, never the URL).
 * Registered first, so the hooks before the handler (the caller check) count too.
 */
export const statementTally = fp(async function statementTally(app: FastifyInstance) {
  const counter = app.dbh.statements;
  app.decorateRequest('statementTally', null);
  app.addHook('onRequest', (request, _reply, done) => {
    const tally: StatementTally = { n: 0 };
    request.statementTally = tally;
    // The handler runs after the body is read, in another async context: the request keeps this
    // one and the preValidation hook below enters it again (as studio-marks.ts does).
    counter.run(tally, () => {
      const resource = new AsyncResource('statement-tally');
      resourceOf.set(request, resource);
      resource.runInAsyncScope(done, request.raw);
    });
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const resource = resourceOf.get(request);
    if (resource) resource.runInAsyncScope(done, request.raw);
    else done();
  });
  // A request that held one connection (a supplier's on PostgreSQL, supplier-role.ts) gives it back
  // as its answer goes out — or once its client went away — counting the commit to the request.
  // Statements sent after that (a streamed answer's) take connections of their own.
  const giveBack = (request: FastifyRequest) => {
    const tally = request.statementTally;
    if (!tally?.held) return Promise.resolve();
    const held = tally.held;
    return counter.run(tally, () => held.end());
  };
  app.addHook('onSend', async (request) => {
    await giveBack(request);
  });
  app.addHook('onRequestAbort', async (request) => {
    await giveBack(request);
  });
  app.addHook('onResponse', async (request) => {
    await giveBack(request);
    const tally = request.statementTally;
    const route = request.routeOptions?.url;
    if (!tally || !route) return;
    app.metrics.dbStatements.observe({ route, method: request.method }, tally.n);
  });
});
