import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../../../http/access.js';
import { commonErrors } from '../../../../http/error-schema.js';
import { writeAudit } from '../../../../db/audit.js';
import { internalActor } from '../../../../domain/actor.js';
import { PoNoParams, PoPdfAnswer } from '../schemas.js';
import { PO_SCREENS, SIMPLE_SCREENS, poMissing } from '../service.js';
import { poPrintModel } from './model.js';
import { renderPoPdf } from './pdf.js';
import { poPrintSource } from './source.js';

/**
 * The printed purchase order (발주서) as a PDF, from /OrderRequestEdit and /SimpleOrderEdit:
 * whoever may read the order may print it. Printing is audited (a printed order is a document
 * that left the system).
 */
export const poPrintRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/v1/pos/:poNo/pdf',
    {
      config: {
        access: access.login([PO_SCREENS.list, PO_SCREENS.edit, SIMPLE_SCREENS.list, SIMPLE_SCREENS.edit], 'read', [
          'I',
        ]),
        // The print (a copy that left the system) is audited, naming who printed it.
        effects: ['audit'],
      },
      schema: {
        operationId: 'printPo',
        tags: ['purchase-order'],
        summary: 'The purchase order as a printable PDF (letterhead, parties, lines, total, approval stamps)',
        params: PoNoParams,
        response: { 200: PoPdfAnswer, ...commonErrors },
      },
    },
    async (request, reply) => {
      const { poNo } = request.params;
      const actor = await internalActor(request.db, request.caller);
      const source = await poPrintSource(request.db, poNo, app.clock.now());
      if (!source) throw poMissing();
      const pdf = await renderPoPdf(poPrintModel(source));
      await writeAudit(request.db, {
        entity: 'po_header',
        entityKey: poNo,
        action: 'PRINT',
        actor: actor.userId,
        after: { format: 'pdf', bytes: pdf.length },
      });
      // An ASCII name for old clients and the Korean one (RFC 5987) for the others.
      const name = `inline; filename="${poNo}.pdf"; filename*=UTF-8''${encodeURIComponent(`발주서_${poNo}.pdf`)}`;
      return reply.type('application/pdf').header('Content-Disposition', name).send(pdf);
    },
  );
};
