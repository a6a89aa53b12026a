/**
 * What the server does with the marks a stored screen's calls carry (docs/studio.md "What a stored
 * screen can and cannot do"). The app's engine adds them to every call a stored screen makes — its
 * operations and its file widgets alike; the definition has no say in headers:
 *
 * - `X-Studio-Screen: studio.<name>@v<N>;<seal>` — a published screen and its version, sealed by the
 *   server for the session it was served to (`GET /api/v1/studio/published/{name}` answers the mark):
 *   a browser cannot name a screen it was not served, nor another session's. Checked here:
 *   - any mark: well formed (else 400), and an operation whose rule is who calls
 *     (`config.identityBound`) is refused: whoever opened the screen would be doing it;
 *   - once the caller is known: the seal is this session's for that screen and version (else 403
 *     `STUDIO_MARK_UNVERIFIED`), so an unknown or made-up screen is never recorded;
 *   - a call that leaves something behind (any method but GET, or a GET declaring effects): the version
 *     is the one published now (else 409 `STUDIO_SCREEN_CHANGED`) and its definition names this
 *     operation in an action a person presses — or, for the file services, has a file field (else 403
 *     `STUDIO_OPERATION_UNDECLARED`). Such a call is then written to `audit_log` with the screen
 *     (entity `stored_screen_call`), beside any audit row of the operation itself, which carries the
 *     screen too (server/db/audit.ts, column `via_screen`).
 * - `X-Studio-Preview: studio.<name>` — a draft shown in the studio's preview: it only reads, so any
 *   call that leaves something behind is refused, and so is an identity-bound operation.
 *
 * The browser refuses the same calls before they leave it (engine/runtime/stored-calls.tsx); these
 * refusals hold for a definition stored before that check existed and for any other client.
 */
import crypto from 'node:crypto';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { calledOnClick, operationsOf } from '../../lib/screen-check/check.js';
import type { Db } from '../db/connect.js';
import type { OperationInfo } from './access.js';

const SCREEN_MARK_HEADER = 'x-studio-screen';
const PREVIEW_MARK_HEADER = 'x-studio-preview';

const SCREEN_MARK = /^(studio\.([a-z][A-Za-z0-9]{1,37})@v([1-9][0-9]{0,8}));([A-Za-z0-9_-]{43})$/;
const PREVIEW_MARK = /^studio\.[a-z][A-Za-z0-9]{1,37}$/;

/** The operations of the file widgets (widgets/services.tsx): declared by a definition's file field. */
const FILE_OPERATIONS = new Set(['uploadFiles', 'deleteFile']);
/** A list's server-side export (the engine's exportExcel action): declared by that action. */
const EXPORT_OPERATIONS = new Set(['startExport', 'cancelExport']);

const marks = new AsyncLocalStorage<{ screen: string }>();

/** The stored screen (and version) the current request came from, verified, for the audit row; null otherwise. */
export function currentScreenMark(): string | null {
  return marks.getStore()?.screen ?? null;
}

interface ScreenMark {
  /** `studio.<name>@v<N>`, as the audit row records it. */
  screen: string;
  name: string;
  version: number;
  seal: string;
}
const markOf = new WeakMap<FastifyRequest, ScreenMark>();

/** The seal of a mark: the server's own secret over the session, the screen and its version. */
function sealOf(secret: string, sessionId: string, name: string, version: number): string {
  return crypto.createHmac('sha256', secret).update(`${sessionId}\n${name}\n${version}`).digest('base64url');
}

/** What the runtime answers a viewer: the header value its engine sends with every call of the screen. */
export async function screenMarkFor(app: FastifyInstance, sessionId: string, name: string, version: number) {
  const secret = (await app.auth.tokens()).derivedSecret(SEAL_LABEL);
  return `studio.${name}@v${version};${sealOf(secret, sessionId, name, version)}`;
}
const SEAL_LABEL = 'studio-screen-mark';

/** What a published version lets a person do: the operations its actions call, its file field, its export. */
interface Declared {
  onClick: Set<string>;
  automatic: Set<string>;
  files: boolean;
  exports: boolean;
}

function declaredBy(source: string): Declared {
  let def: unknown;
  try {
    def = JSON.parse(source);
  } catch {
    return { onClick: new Set(), automatic: new Set(), files: false, exports: false };
  }
  const onClick = new Set<string>();
  const automatic = new Set<string>();
  for (const { operation, pointer } of operationsOf(def)) (calledOnClick(pointer) ? onClick : automatic).add(operation);
  let files = false;
  let exports = false;
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      const o = node as Record<string, unknown>;
      if (o.widget === 'files' || (o.attachments && typeof o.attachments === 'object')) files = true;
      if (o.kind === 'exportExcel') exports = true;
      Object.values(o).forEach(walk);
    } else if (node === 'exportExcel') exports = true;
  };
  walk(def);
  return { onClick, automatic, files, exports };
}

/** Every version's declarations, once per server (name@version): a published version's text never changes. */
type DeclaredCache = Map<string, Declared>;

async function publishedVersion(db: Db, name: string, portal: 'I' | 'X') {
  return db
    .selectFrom('storedScreen as s')
    .innerJoin('storedScreenVersion as v', (j) =>
      j.onRef('v.name', '=', 's.name').onRef('v.versionNo', '=', 's.publishedVersion'),
    )
    .select(['v.versionNo', 'v.source'])
    .where('s.name', '=', name)
    .where('s.portal', '=', portal)
    .executeTakeFirst();
}

function header(request: FastifyRequest, name: string): string | undefined {
  const v = request.headers[name];
  return Array.isArray(v) ? v.join(',') : v;
}

function refuse(reply: FastifyReply, status: number, code: string, msg: string) {
  return reply.code(status).type('application/json; charset=utf-8').send({ statusCode: status, code, msg });
}

function operationOf(app: FastifyInstance, request: FastifyRequest): [string, OperationInfo] | null {
  const id = (request.routeOptions.schema as { operationId?: unknown } | undefined)?.operationId;
  const info = typeof id === 'string' ? app.operations.get(id) : undefined;
  return info && typeof id === 'string' ? [id, info] : null;
}

/** A call that leaves something behind: any method but GET, or a GET declaring effects. */
const leavesEffects = (request: FastifyRequest, info: OperationInfo | undefined) =>
  (request.method !== 'GET' && request.method !== 'HEAD') || (info?.effects.length ?? 0) > 0;

export const studioMarks = fp(async function studioMarks(app: FastifyInstance) {
  const declaredCache: DeclaredCache = new Map();
  app.addHook('onRequest', (request, reply, done) => {
    const screen = header(request, SCREEN_MARK_HEADER);
    const preview = header(request, PREVIEW_MARK_HEADER);
    if (screen === undefined && preview === undefined) return done();
    if (!request.routeOptions.config?.access) return done();
    const parsed = screen === undefined ? null : SCREEN_MARK.exec(screen);
    if ((screen !== undefined && !parsed) || (preview !== undefined && !PREVIEW_MARK.test(preview))) {
      refuse(reply, 400, 'STUDIO_MARK_INVALID', '저장된 화면 표시가 올바르지 않습니다');
      return;
    }
    const info = operationOf(app, request)?.[1];
    if (preview !== undefined && leavesEffects(request, info)) {
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
    if (parsed)
      markOf.set(request, { screen: parsed[1], name: parsed[2], version: Number(parsed[3]), seal: parsed[4] });
    done();
  });

  // After the caller is known (the authority layer's onRequest hook) and the body is read: the seal, the
  // version served and the operation declared. The handler runs from this hook's callback, so the mark
  // it sets is the one the audit rows of its writes read.
  app.addHook('preValidation', (request, reply, done) => {
    const mark = markOf.get(request);
    if (!mark) return done();
    verify(app, request, mark, declaredCache).then(
      (refusal) => {
        if (refusal) refuse(reply, ...refusal);
        else if (markOf.has(request)) marks.run({ screen: mark.screen }, done);
        else done();
      },
      (err: Error) => done(err),
    );
  });

  // Every call that left something behind from a stored screen is in the audit log with the screen, also
  // when its operation writes no audit row of its own (a contract cancelled from a stored screen).
  app.addHook('onSend', async (request, reply, payload) => {
    const mark = markOf.get(request);
    if (!mark || !verified.has(request) || reply.statusCode >= 400) return payload;
    const [operationId] = operationOf(app, request) ?? ['unknown'];
    try {
      await app.dbh.db
        .insertInto('auditLog')
        .values({
          entity: 'stored_screen_call',
          entityKey: operationId,
          action: request.method,
          actor: request.caller?.userId ?? null,
          beforeData: null,
          afterData: JSON.stringify({
            operation: operationId,
            path: request.url.split('?')[0],
            status: reply.statusCode,
          }),
          reason: null,
          viaScreen: mark.screen,
        })
        .execute();
    } catch (err) {
      // The operation's own transaction has committed: say so loudly rather than answer a failure for a done change.
      request.log.error({ err, operationId, screen: mark.screen }, 'stored screen call not audited');
    }
    return payload;
  });
});

/** Requests whose mark was verified and that leave something behind: audited when they succeed. */
const verified = new WeakSet<FastifyRequest>();

async function verify(
  app: FastifyInstance,
  request: FastifyRequest,
  mark: ScreenMark,
  declaredCache: DeclaredCache,
): Promise<[number, string, string] | null> {
  const caller = request.caller;
  // A public operation (codes, texts) runs without a session: nothing to seal against. It may read; a
  // public write (a login) is bound to its caller and was refused at onRequest.
  if (!caller) {
    markOf.delete(request);
    return leavesEffects(request, operationOf(app, request)?.[1])
      ? [403, 'STUDIO_MARK_UNVERIFIED', '저장된 화면 표시를 확인할 수 없습니다. 화면을 다시 여세요']
      : null;
  }
  const secret = (await app.auth.tokens()).derivedSecret(SEAL_LABEL);
  const expected = Buffer.from(sealOf(secret, caller.sessionId, mark.name, mark.version));
  const given = Buffer.from(mark.seal);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given))
    return [403, 'STUDIO_MARK_UNVERIFIED', '저장된 화면 표시를 확인할 수 없습니다. 화면을 다시 여세요'];
  const op = operationOf(app, request);
  if (!leavesEffects(request, op?.[1])) return null;
  const published = await publishedVersion(app.dbh.db, mark.name, caller.portal);
  if (!published || published.versionNo !== mark.version)
    return [
      409,
      'STUDIO_SCREEN_CHANGED',
      '이 화면은 그 사이 새 버전이 게시되었거나 게시가 취소되었습니다. 화면을 다시 열고 하세요',
    ];
  const key = `${mark.name}@${mark.version}`;
  let declared = declaredCache.get(key);
  if (!declared) declaredCache.set(key, (declared = declaredBy(published.source)));
  const id = op?.[0] ?? '';
  const allowed =
    (declared.onClick.has(id) && !declared.automatic.has(id)) ||
    (FILE_OPERATIONS.has(id) && declared.files) ||
    (EXPORT_OPERATIONS.has(id) && declared.exports);
  if (!allowed)
    return [
      403,
      'STUDIO_OPERATION_UNDECLARED',
      '이 화면에 사람이 누르는 동작으로 정의되지 않은 작업은 저장된 화면에서 실행할 수 없습니다',
    ];
  verified.add(request);
  return null;
}
