import fp from 'fastify-plugin';

/**
 * Headers that only a document (or a worker, whose script's CSP is its policy) acts on, dropped from
 * the build's scripts and styles. helmet sets them on every answer; on the login page's 16 files they
 * were ≈ 550 bytes each of ≈ 1 kB of headers — 8.6 kB of its 131 kB on the wire (bench/wire.ts,
 * the rule of "no regression of the login page's bytes"). Kept: nosniff (it is what stops a script
 * served with the wrong type), Cross-Origin-Resource-Policy (a subresource's own), HSTS and the
 * referrer policy (a stylesheet's own requests follow it).
 */
const DOCUMENT_ONLY = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;

/** A fingerprinted script or style of the build, not a worker's script (`export.worker-<hash>.js`). */
const isSubresourceAsset = (url: string): boolean => {
  const file = url.split('?')[0];
  return file.startsWith('/assets/') && /\.(js|css)$/.test(file) && !/\.worker-[^/]*\.js$/.test(file);
};

export const assetHeaders = fp(async function assetHeaders(app) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (isSubresourceAsset(request.url)) for (const name of DOCUMENT_ONLY) reply.removeHeader(name);
    return payload;
  });
});
