import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import type { Db } from '../../../db/connect.js';
import { access } from '../../../http/access.js';
import { commonErrors } from '../../../http/error-schema.js';
import { supplierView } from '../../../http/supplier-view.js';
import { missing } from '../../../domain/errors.js';
import { SettleNoParams } from '../settlement/schemas.js';
import { SUPPLIER_VISIBLE } from '../settlement/workflow.js';
import { renderStatementHtml } from './html.js';
import { renderStatementPdf } from './pdf.js';
import { statementSource } from './queries.js';
import { StatementAnswer, StatementQuery } from './schemas.js';
import { statementModel } from './workflow.js';

const TAG = ['fulfilment: statement'];

async function answer(
  db: Db,
  reply: FastifyReply,
  settleNo: string,
  format: 'html' | 'pdf' | undefined,
  visible: readonly string[] | undefined,
  now: Date,
) {
  const source = await statementSource(db, settleNo, visible, now);
  if (!source) throw missing('SETTLEMENT_NOT_FOUND', '정산을 찾을 수 없습니다');
  const model = statementModel(source);
  if (format === 'pdf') {
    // An ASCII name for old clients and the Korean one (RFC 5987) for the others.
    const name = `inline; filename="statement-${settleNo}.pdf"; filename*=UTF-8''${encodeURIComponent(`거래명세서_${settleNo}.pdf`)}`;
    return reply.type('application/pdf').header('Content-Disposition', name).send(renderStatementPdf(model));
  }
  return reply.type('text/html; charset=utf-8').send(renderStatementHtml(model));
}

/**
 * Transaction statements (거래명세서) per supplier and month, from the settlement: a printable
 * HTML page (print stylesheet, A4 landscape) or a PDF. Staff print any; a supplier its own
 * settlements that were put to it.
 */
export const statementRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/v1/statements/:settleNo',
    {
      config: { access: access.login(['/statement', '/monthlyCalcAdmin', '/monthlyCalcADetail'], 'read', ['I']) },
      schema: {
        operationId: 'printStatement',
        tags: TAG,
        summary: 'The statement of a supplier-month as a printable page (format=html) or PDF',
        params: SettleNoParams,
        querystring: StatementQuery,
        response: { 200: StatementAnswer, ...commonErrors },
      },
    },
    async (request, reply) =>
      answer(request.db, reply, request.params.settleNo, request.query.format, undefined, app.clock.now()),
  );

  app.get(
    '/api/v1/cyber/statements/:settleNo',
    {
      config: { access: access.login(['/monthlyCalculate', '/monthlyCalcDetail'], 'read') },
      schema: {
        operationId: 'printMyStatement',
        tags: TAG,
        summary: 'My statement of a month (format=html or pdf); another company’s answers 404',
        params: SettleNoParams,
        querystring: StatementQuery,
        response: { 200: StatementAnswer, ...commonErrors },
      },
    },
    async (request, reply) =>
      answer(
        supplierView(request).db,
        reply,
        request.params.settleNo,
        request.query.format,
        SUPPLIER_VISIBLE,
        app.clock.now(),
      ),
  );
};
