import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { access } from '../../http/access.js';
import { commonErrors } from '../../http/error-schema.js';
import { HttpError } from '../../http/errors.js';
import { attachment } from '../fulfilment/data-download/workflow.js';
import { ExportIdParams, ExportStatus, StartExportBody } from './schemas.js';
import { exportService, RUNNING_PER_USER } from './service.js';

const TAG = ['exports'];
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Server-side exports (service.ts): the whole filtered result of a list operation
 * written on the server as a streamed .xlsx, as a job with progress and cancel; the screen asks for
 * one when the result is too large for the browser (lib/constants SERVER_EXPORT_ROWS).
 */
export const exportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const exports = exportService(app);

  // On the way down each running export gives its lease back (run.ts) for another server to take up.
  // Told before the server closes (preClose): a page read through app.inject once closing has begun
  // fails, and that failure must be seen as the stop, not as the export's own.
  app.addHook('preClose', async () => exports.stopAll());
  app.addHook('onClose', async () => exports.drain());

  // exports.resume (jobs.ts) takes waiting exports up on this server.
  app.jobs.services.resumeExports = (now) => exports.resume(now);

  app.post(
    '/api/v1/exports',
    {
      config: { access: access.login(), heavy: false, identityBound: false },
      schema: {
        operationId: 'startExport',
        tags: TAG,
        summary: 'Starts writing the whole filtered result of a list operation as an .xlsx on the server',
        body: StartExportBody,
        response: { 202: ExportStatus, 409: Type.Ref('ErrorBody'), 429: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request, reply) => {
      const started = await exports.start(request.caller!, request.body, request.ip);
      if (started) return reply.status(202).send(started);
      reply.header('retry-after', '10');
      throw new HttpError(
        429,
        'EXPORT_BUSY',
        `내려받기 파일을 이미 ${RUNNING_PER_USER}건 만들고 있습니다. 끝난 뒤 다시 시도하세요`,
      );
    },
  );

  app.get(
    '/api/v1/exports/:exportId',
    {
      config: { access: access.login(), heavy: false },
      schema: {
        operationId: 'getExport',
        tags: TAG,
        summary: 'An export’s state and progress (its owner only)',
        params: ExportIdParams,
        response: { 200: ExportStatus, ...commonErrors },
      },
    },
    async (request) => exports.status(request.params.exportId, request.caller!.userId),
  );

  app.post(
    '/api/v1/exports/:exportId/cancel',
    {
      config: { access: access.login(), heavy: false, identityBound: false },
      schema: {
        operationId: 'cancelExport',
        tags: TAG,
        summary: 'Cancels a running export (seen by the server that runs it after the current page)',
        params: ExportIdParams,
        response: { 200: ExportStatus, ...commonErrors },
      },
    },
    async (request) => exports.cancel(request.params.exportId, request.caller!.userId),
  );

  app.get(
    '/api/v1/exports/:exportId/file',
    {
      config: { access: access.login(), heavy: true },
      schema: {
        operationId: 'downloadExport',
        tags: TAG,
        summary: 'The finished export’s .xlsx (its owner only)',
        params: ExportIdParams,
        response: {
          200: {
            description: 'An .xlsx workbook',
            content: { [XLSX_TYPE]: { schema: { type: 'string', format: 'binary' } } },
          },
          409: Type.Ref('ErrorBody'),
          ...commonErrors,
        },
      },
    },
    async (request, reply) => {
      const { file, exportId, name } = await exports.file(request.params.exportId, request.caller!.userId);
      reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', attachment(`export-${exportId.slice(0, 8)}.xlsx`, name))
        .header('x-content-type-options', 'nosniff');
      return reply.send(file);
    },
  );
};
