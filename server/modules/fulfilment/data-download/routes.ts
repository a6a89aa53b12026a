import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { access } from '../../../http/access.js';
import { commonErrors } from '../../../http/error-schema.js';
import { MAX_EXPORT_ROWS, ReceiptExtractQuery, SettlementExtractQuery, XlsxAnswer } from './schemas.js';
import { receiptsExtract, settlementsExtract, type ExtractAnswer } from './service.js';

const SCREEN = '/dataDownload';
const TAG = ['fulfilment: data download'];
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Bulk Excel extracts of receipts and settlements (dataDownload), bounded and streamed. */
export const dataDownloadRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/v1/data-download/receipts',
    {
      config: { access: access.login([SCREEN], 'read', ['I']) },
      schema: {
        operationId: 'downloadReceipts',
        tags: TAG,
        summary: `Goods receipt lines as .xlsx, filtered by the warehousing filter of spec §3 (at most ${MAX_EXPORT_ROWS} rows)`,
        querystring: ReceiptExtractQuery,
        response: { 200: XlsxAnswer, ...commonErrors },
      },
    },
    async (request, reply) =>
      send(
        reply,
        await receiptsExtract(request.db, app, request.query, app.clock.now(), (err) =>
          request.log.error({ err }, 'receipt extract failed'),
        ),
      ),
  );

  app.get(
    '/api/v1/data-download/settlements',
    {
      config: { access: access.login([SCREEN], 'read', ['I']) },
      schema: {
        operationId: 'downloadSettlements',
        tags: TAG,
        summary: `Settlements (level=header) or their lines (level=line, default) as .xlsx (at most ${MAX_EXPORT_ROWS} rows)`,
        querystring: SettlementExtractQuery,
        response: { 200: XlsxAnswer, ...commonErrors },
      },
    },
    async (request, reply) =>
      send(
        reply,
        await settlementsExtract(request.db, app, request.query, app.clock.now(), (err) =>
          request.log.error({ err }, 'settlement extract failed'),
        ),
      ),
  );
};

/** The workbook as an attachment, with its row count. */
function send(reply: FastifyReply, answer: ExtractAnswer) {
  return reply
    .type(XLSX_TYPE)
    .header('Content-Disposition', answer.disposition)
    .header('X-Total-Count', String(answer.total))
    .send(answer.body);
}
