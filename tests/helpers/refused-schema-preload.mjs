// Loaded before server/main.ts by tests/api/system/startup.test.ts (`node --import`): gives the
// server's app one route whose querystring schema ajv refuses, as a mistake in a route's schema
// would, through the channel fastify announces each new instance on.
import diagnostics from 'node:diagnostics_channel';

// The server's app is the first instance; plugins may make throwaway ones of their own (security-headers.ts).
let first = true;
diagnostics.subscribe('fastify.initialization', ({ fastify }) => {
  if (!first) return;
  first = false;
  fastify.get(
    '/refused-schema',
    { schema: { querystring: { type: 'object', properties: { n: { type: 'integer', minimum: 'one' } } } } },
    async () => ({}),
  );
});
