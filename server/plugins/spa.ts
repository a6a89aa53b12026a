import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

/** Paths that belong to the server; anything else that is not a file gets the SPA (history fallback). */
const SERVER_PREFIXES = ['/api/', '/auth/api/', '/properties/', '/healthz', '/readyz', '/docs'];

export interface SpaOptions {
  distDir: string;
}

export const spa = fp<SpaOptions>(async function spa(app, { distDir }) {
  const indexFile = path.join(distDir, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  if (hasBuild) {
    // preCompressed: a request accepting br or gzip gets the .br / .gz copy the build wrote beside the file.
    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      wildcard: false,
      decorateReply: true,
      preCompressed: true,
    });
    // Register each built file explicitly (wildcard: false) so unknown paths reach the fallback.
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    const isServerPath = SERVER_PREFIXES.some((p) => url === p.replace(/\/$/, '') || url.startsWith(p));
    const accept = request.headers.accept ?? '*/*';
    const wantsHtml = accept.includes('text/html') || accept.includes('*/*');
    if (request.method === 'GET' && !isServerPath && wantsHtml && hasBuild && !path.extname(url)) {
      return reply.type('text/html; charset=utf-8').sendFile('index.html');
    }
    return reply
      .status(404)
      .send({ statusCode: 404, code: 'NOT_FOUND', msg: `요청한 경로가 없습니다: ${request.method} ${url}` });
  });
});
