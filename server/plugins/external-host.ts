import fp from 'fastify-plugin';

/**
 * What the external host serves (spec §2): the external portal, the entry page, the auth
 * service's login page (the partner-portal entry lands there), file download and the APIs.
 */
const EXTERNAL_PREFIXES = [
  '/cyber',
  '/integration',
  '/auth/login',
  '/assets/',
  '/api/',
  '/auth/api/',
  '/properties/',
  '/healthz',
  '/readyz',
  '/favicon',
];

function allowedOnExternalHost(path: string): boolean {
  return EXTERNAL_PREFIXES.some((p) => path === p || path.startsWith(p.endsWith('/') ? p : `${p}`));
}

/**
 * On EXTERNAL_HOST only the external portal is reachable; any other path redirects to /cyber.
 * API routes are then limited by their own access declarations (internal-only routes refuse
 * external tokens), so an internal API is not usable from there either.
 */
export const externalHost = fp<{ host: string | null }>(async function externalHost(app, { host }) {
  if (!host) return;
  app.addHook('onRequest', async (request, reply) => {
    const requestHost = String(request.headers.host ?? '').toLowerCase();
    if (requestHost !== host && requestHost.split(':')[0] !== host.split(':')[0]) return;
    const path = request.url.split('?')[0];
    if (!allowedOnExternalHost(path)) return reply.redirect('/cyber', 302);
    // Internal-portal API calls carry IsCyber N; they have no business on the external host.
    if (path.startsWith('/api/') && request.headers.iscyber === 'N') {
      return reply
        .status(403)
        .send({ statusCode: 403, code: 'GPMS006', msg: '외부 포털에서는 사용할 수 없는 요청입니다' });
    }
  });
});
