// Loaded before server/main.ts by tests/api/system/startup.test.ts (`node --import`): gives the
// server's app one route whose querystring schema ajv refuses, as a mistake in a route's schema
// would, through the channel fastify announces each new instance on.
import diagnostics from 'node:diagnostics_channel';

diagnostics.subscribe('fastify.initialization', ({ fastify }) => {
  fastify.get(
    '/refused-schema',
    { schema: { querystring: { type: 'object', properties: { n: { type: 'integer', minimum: 'one' } } } } },
    async () => ({}),
  );
});
