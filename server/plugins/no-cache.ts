import fp from 'fastify-plugin';

/**
 * Spec §7: GET answers must not be cached. API and HTML answers get no-store; only
 * fingerprinted build assets (/assets/*, whose URL changes with their content) may be cached.
 */
export const noCache = fp(async function noCache(app) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return payload;
    if (request.url.startsWith('/assets/') && reply.statusCode === 200) {
      reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      return payload;
    }
    reply.header('Cache-Control', 'no-cache, no-store, must-revalidate');
    reply.header('Pragma', 'no-cache');
    reply.header('Expires', '0');
    return payload;
  });
});
