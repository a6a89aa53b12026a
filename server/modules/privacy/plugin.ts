import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { prependRouteHook } from '../../http/route-hooks.js';
import { groupHoldsScreen } from '../../auth/menu-authority.js';
import { maskedAnswer, subjectsShown } from './mask-answers.js';
import { personalOperation } from './registry.js';
import { recordAccess } from './service.js';

/**
 * Personal data leaves the server through one gate: every answer of an operation in the registry
 * passes here before it is serialised. A list is masked unless the caller's group holds write on one
 * of the screens whose duty needs the values; whatever is shown whole (an unmasked list, a detail) is
 * written to the access log with the subjects and fields shown. Only 200 answers to a caller carry
 * data; errors and anonymous answers pass untouched. The gate is each such operation's own hook (its
 * route's, added as the route is declared), so other routes' answers do not pass through it at all.
 */
export const personalDataGate = fp(async (app) => {
  app.addHook('onRoute', (route) => {
    const operationId = route.schema?.operationId as string | undefined;
    const op = personalOperation(operationId);
    if (!op || !operationId) return;
    prependRouteHook(route, 'preSerialization', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      if (reply.statusCode !== 200 || !request.caller) return payload;
      const caller = request.caller;
      const whole = op.kind === 'detail' || (op.fullFor.length > 0 && (await groupHoldsScreen(app.dbh.db, caller.authGroupId, [...op.fullFor], 'write')));
      if (!whole) return maskedAnswer(op, payload);
      const shown = subjectsShown(op, payload);
      if (shown.keys.length > 0) {
        await recordAccess(app.dbh.db, {
          actorId: caller.userId,
          actorPortal: caller.portal,
          actorCompNo: caller.compNo,
          clientIp: request.ip,
          action: 'VIEW',
          operation: operationId,
          subjectKind: op.subjectKind,
          subjectKeys: shown.keys,
          fields: shown.fields,
        }, app.config.accessLogAnchor);
      }
      return payload;
    });
  });
});
