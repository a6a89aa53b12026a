import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { prependRouteHook } from '../../http/route-hooks.js';
import { groupHoldsScreen } from '../../auth/menu-authority.js';
import { maskedAnswer, personalRows, subjectsShown } from './mask-answers.js';
import { personalOperation, type PersonalOperation } from './registry.js';
import { recordAccess } from './service.js';
import { keepListAnswer } from './queries.js';

/** How many rows a list answer holds in all: its `total` where it pages, else the rows it carries. */
function listRowCount(op: PersonalOperation, answer: unknown): number {
  const total =
    answer !== null && typeof answer === 'object' && !Array.isArray(answer)
      ? (answer as { total?: unknown }).total
      : undefined;
  const n =
    typeof total === 'number' && Number.isInteger(total) && total >= 0 ? total : personalRows(op, answer).length;
  return Math.min(n, 2_147_483_647);
}

/**
 * Personal data leaves the server through one gate: every answer of an operation in the registry
 * passes here before it is serialised. A list is masked unless the caller's group holds write on one
 * of the screens whose duty needs the values; whatever is shown whole (an unmasked list, a detail) is
 * written to the access log with the subjects and fields shown. Only 200 answers to a caller carry
 * data; errors and anonymous answers pass untouched. The gate is each such operation's own hook (its
 * route's, added as the route is declared), so other routes' answers do not pass through it at all.
 */
export const personalDataGate = fp(async function personalDataGate(app) {
  // What this server has already written of each session's list answers (migration 0541): the row is
  // written only when a list answers a session more rows than before, not on every page.
  const kept = new Map<string, number>();
  async function keepAnswer(sessionId: string, operation: string, rowCount: number) {
    const key = `${sessionId} ${operation}`;
    if ((kept.get(key) ?? -1) >= rowCount) return;
    await keepListAnswer(app.dbh.db, sessionId, operation, rowCount);
    if (kept.size >= 10_000) kept.clear();
    kept.set(key, rowCount);
  }
  app.addHook('onRoute', (route) => {
    const operationId = route.schema?.operationId as string | undefined;
    const op = personalOperation(operationId);
    if (!op || !operationId) return;
    prependRouteHook(
      route,
      'preSerialization',
      async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
        if (reply.statusCode !== 200 || !request.caller) return payload;
        const caller = request.caller;
        // A download recorded later names at most the rows this list answered the session.
        if (op.kind === 'list') await keepAnswer(caller.sessionId, operationId, listRowCount(op, payload));
        const whole =
          op.kind === 'detail' ||
          (op.fullFor.length > 0 && (await groupHoldsScreen(app.dbh.db, caller.authGroupId, [...op.fullFor], 'write')));
        if (!whole) return maskedAnswer(op, payload);
        const shown = subjectsShown(op, payload);
        if (shown.keys.length > 0) {
          await recordAccess(
            app.dbh.db,
            {
              actorId: caller.userId,
              actorPortal: caller.portal,
              actorCompNo: caller.compNo,
              clientIp: request.ip,
              action: 'VIEW',
              operation: operationId,
              subjectKind: op.subjectKind,
              subjectKeys: shown.keys,
              fields: shown.fields,
            },
            app.config.accessLogAnchor,
          );
        }
        return payload;
      },
    );
  });
});
