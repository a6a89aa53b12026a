/**
 * What the server does with the marks a stored screen's calls carry (docs/studio.md "What a stored
 * screen can and cannot do"). The app's engine adds them to every call a stored screen makes —
 * the definition has no say in headers:
 *
 * - `X-Studio-Screen: studio.<name>@v<N>` — a published screen and its version. An operation whose
 *   rule is who calls (`config.identityBound`) is refused: whoever opened the screen would be doing
 *   it. The mark is kept for the request, so the audit row of any write records it beside the user
 *   (server/db/audit.ts, column `via_screen`).
 * - `X-Studio-Preview: studio.<name>` — a draft shown in the studio's preview: it only reads, so any
 *   other method is refused, and so is an identity-bound operation.
 *
 * The browser refuses the same calls before they leave it (engine/runtime/stored-calls.tsx); these
 * refusals hold for a definition stored before that check existed and for any other client.
 */
import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

export const SCREEN_MARK_HEADER = 'x-studio-screen';
export const PREVIEW_MARK_HEADER = 'x-studio-preview';

const SCREEN_MARK = /^studio\.[a-z][A-Za-z0-9]{1,37}@v[1-9][0-9]{0,8}$/;
const PREVIEW_MARK = /^studio\.[a-z][A-Za-z0-9]{1,37}$/;

const marks = new AsyncLocalStorage<{ screen: string }>();

/** The stored screen (and version) the current request came from, for the audit row; null otherwise. */
export function currentScreenMark(): string | null {
  return marks.getStore()?.screen ?? null;
}

const resourceOf = new WeakMap<FastifyRequest, AsyncResource>();

function header(request: FastifyRequest, name: string): string | undefined {
  const v = request.headers[name];
  return Array.isArray(v) ? v.join(',') : v;
}

function refuse(reply: import('fastify').FastifyReply, status: number, code: string, msg: string) {
  return reply.code(status).type('application/json; charset=utf-8').send({ statusCode: status, code, msg });
}

export const studioMarks = fp(async function studioMarks(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    const screen = header(request, SCREEN_MARK_HEADER);
    const preview = header(request, PREVIEW_MARK_HEADER);
    if (screen === undefined && preview === undefined) return done();
    if (!request.routeOptions.config?.access) return done();
    if ((screen !== undefined && !SCREEN_MARK.test(screen)) || (preview !== undefined && !PREVIEW_MARK.test(preview))) {
      refuse(reply, 400, 'STUDIO_MARK_INVALID', '저장된 화면 표시가 올바르지 않습니다');
      return;
    }
    if (preview !== undefined && request.method !== 'GET' && request.method !== 'HEAD') {
      refuse(
        reply,
        403,
        'STUDIO_PREVIEW_READ_ONLY',
        '미리보기에서는 조회만 할 수 있습니다. 저장·변경은 게시된 화면에서 하세요',
      );
      return;
    }
    if (request.routeOptions.config.identityBound === true) {
      refuse(
        reply,
        403,
        'IDENTITY_BOUND',
        '본인만 할 수 있는 작업은 저장된 화면에서 호출할 수 없습니다. 해당 기능의 화면에서 직접 하세요',
      );
      return;
    }
    if (screen === undefined) return done();
    // The handler runs after the body is read, in another async context: the request keeps this
    // one and the preValidation hook below enters it again (as @fastify/request-context does).
    marks.run({ screen }, () => {
      const resource = new AsyncResource('studio-mark');
      resourceOf.set(request, resource);
      resource.runInAsyncScope(done, request.raw);
    });
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const resource = resourceOf.get(request);
    if (resource) resource.runInAsyncScope(done, request.raw);
    else done();
  });
});
