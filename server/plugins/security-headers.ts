import Fastify from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';

/** The answers' security headers: helmet's defaults with our content security policy. */
export const HELMET_OPTIONS: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      frameAncestors: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
    },
  },
  referrerPolicy: { policy: 'same-origin' },
  crossOriginEmbedderPolicy: false,
};

type Header = [name: string, value: string | number | string[]];

/**
 * The headers @fastify/helmet sets with these options, in its order and its names' case, read off
 * one request to a throwaway server. They depend on the options only (no directive is a function
 * of the request), which is checked: a per-request directive would need helmet itself again.
 */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<Header[]> {
  const csp = options.contentSecurityPolicy;
  if (
    csp &&
    typeof csp === 'object' &&
    Object.values(csp.directives ?? {}).some(
      (v) => typeof v === 'function' || (Array.isArray(v) && v.some((x) => typeof x === 'function')),
    )
  ) {
    throw new Error('security-headers: a CSP directive computed per request cannot be set once');
  }
  const probe = Fastify();
  let headers: Header[] = [];
  try {
    await probe.register(helmet, options);
    probe.addHook('onRequest', (_request, reply, done) => {
      const raw = reply.raw;
      // The names as set (their case is what goes on the wire); Node has it, its types do not.
      const names = (raw as unknown as { getRawHeaderNames(): string[] }).getRawHeaderNames();
      headers = names.map((name): Header => [name, raw.getHeader(name) as Header[1]]);
      done();
    });
    probe.get('/', async () => ({}));
    await probe.inject({ method: 'GET', url: '/' });
  } finally {
    await probe.close();
  }
  if (headers.length === 0) throw new Error('security-headers: helmet set no header');
  return headers;
}

/**
 * helmet's headers on every answer, as @fastify/helmet set them (on the raw response, when the
 * request arrives, so errors, 404s and hijacked answers carry them too) — but worked out once per
 * server: @fastify/helmet builds helmet's middleware anew on every request (the
 * CSP directives parsed again, a dozen closures, and two hooks, one of them async, per request).
 * tests/api/security/response-headers.test.ts pins the headers on the wire.
 */
export const securityHeaders = fp<{ options: FastifyHelmetOptions }>(async function securityHeaders(app, { options }) {
  const headers = await helmetHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    const raw = reply.raw;
    for (let i = 0; i < headers.length; i++) raw.setHeader(headers[i][0], headers[i][1]);
    // As helmet's own x-powered-by middleware does.
    raw.removeHeader('X-Powered-By');
    done();
  });
});
