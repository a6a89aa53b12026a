import { Type } from 'typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../../http/access.js';
import { commonErrors } from '../../../http/error-schema.js';
import { FileStore, contentDisposition } from '../../files/storage.js';
import { ListOfRows } from '../../../domain/schemas.js';
import { ROUTES, VersionBody } from '../shared.js';
import { SHEET_NAME } from './columns.js';
import { XLSX_TYPE } from './workbooks.js';
import {
  AttachmentSchema,
  Batch,
  BatchParams,
  Binary,
  FromFileBody,
  ListQuery,
  RowQuery,
  UploadQuery,
  UploadRow,
} from './schemas.js';
import {
  applyBatch,
  batchList,
  batchView,
  errorDownload,
  errorFiles,
  templateDownload,
  templateFiles,
  uploadFromFile,
  uploadRows,
  uploadSpreadsheet,
  type Download,
  type UploadDeps,
  type Uploader,
} from './service.js';

/** A workbook as the download answers it: its name in Content-Disposition, then its bytes. */
async function sendXlsx(reply: FastifyReply, download: Download | Promise<Download>) {
  const { fileName, build } = await download;
  reply.header('Content-Disposition', contentDisposition(fileName)).type(XLSX_TYPE);
  return reply.send(await build());
}

const uploader = (request: FastifyRequest): Uploader => ({
  db: request.db,
  userId: request.caller!.userId,
  log: request.log,
});

/**
 * Excel upload of items (docs/items.md): template, upload (answered at once with a batch id;
 * a worker reads the file), progress and per-row results, the error workbook, re-upload, and
 * apply (once, in one transaction).
 */
export const uploadRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['item-upload'];
  const read = { access: access.login([ROUTES.uploadList, ROUTES.uploadDetail], 'read', ['I']) };
  const write = {
    access: access.login([ROUTES.uploadList, ROUTES.uploadDetail], 'write', ['I']),
    identityBound: false,
  };
  const limitMb = app.config.uploadLimitMb;
  const running = new Set<Promise<unknown>>();
  const track = (p: Promise<unknown>) => {
    running.add(p);
    void p.finally(() => running.delete(p));
  };
  // Shutdown waits for work started by requests.
  app.addHook('onClose', async () => {
    await Promise.allSettled([...running]);
  });
  const store = FileStore.of(app.config);
  const template = { fileId: null as string | null };
  const deps = (): UploadDeps => ({ db: app.dbh.db, store, limitMb, track, template });

  app.get(
    '/api/v1/item/uploads/template',
    {
      config: read,
      schema: {
        operationId: 'downloadItemUploadTemplate',
        tags,
        summary: `The upload template: sheet '${SHEET_NAME}' with the 15 columns and an example row, and a sheet of notes`,
        response: { 200: Binary, ...commonErrors },
      },
    },
    async (_request, reply) => sendXlsx(reply, templateDownload),
  );

  app.get(
    '/api/v1/item/uploads',
    {
      config: read,
      schema: {
        operationId: 'listItemUploads',
        tags,
        summary: 'Upload batches, newest first',
        querystring: ListQuery,
        response: { 200: ListOfRows(Batch), ...commonErrors },
      },
    },
    async (request) => batchList(request.db, request.query),
  );

  app.get(
    '/api/v1/item/uploads/:batchId',
    {
      config: read,
      schema: {
        operationId: 'getItemUpload',
        tags,
        summary: 'One batch: state, progress (rows read / checked) and counts by result',
        params: BatchParams,
        response: { 200: Batch, ...commonErrors },
      },
    },
    async (request) => batchView(request.db, request.params.batchId),
  );

  app.get(
    '/api/v1/item/uploads/:batchId/rows',
    {
      config: read,
      schema: {
        operationId: 'listItemUploadRows',
        tags,
        summary: "A batch's rows with their result and, for errors, the column and the reason",
        params: BatchParams,
        querystring: RowQuery,
        response: { 200: ListOfRows(UploadRow), ...commonErrors },
      },
    },
    async (request) => uploadRows(request.db, request.params.batchId, request.query),
  );

  app.get(
    '/api/v1/item/uploads/:batchId/errors',
    {
      config: read,
      schema: {
        operationId: 'downloadItemUploadErrors',
        tags,
        summary:
          "The error rows as a workbook in the template's columns with the reasons beside them, to fix and upload again",
        params: BatchParams,
        response: { 200: Binary, ...commonErrors },
      },
    },
    async (request, reply) => sendXlsx(reply, errorDownload(request.db, request.params.batchId)),
  );

  app.get(
    '/api/v1/item/uploads/template/files',
    {
      // Stores the template as the caller's attachment group on each call.
      config: { ...read, effects: ['writes'] },
      schema: {
        operationId: 'getItemUploadTemplateFiles',
        tags,
        summary: 'The template as an attachment list (the screens show it as a download link)',
        response: { 200: Type.Object({ files: Type.Array(AttachmentSchema) }), ...commonErrors },
      },
    },
    async (request) => templateFiles(deps(), request.db, request.caller!.userId),
  );

  app.get(
    '/api/v1/item/uploads/:batchId/error-files',
    {
      config: read,
      schema: {
        operationId: 'getItemUploadErrorFiles',
        tags,
        summary: 'The error workbook as an attachment list (made once per batch)',
        params: BatchParams,
        response: { 200: Type.Object({ files: Type.Array(AttachmentSchema) }), ...commonErrors },
      },
    },
    async (request) => errorFiles(deps(), request.db, request.params.batchId, request.caller!.userId),
  );

  app.post(
    '/api/v1/item/uploads/from-file',
    {
      config: write,
      schema: {
        operationId: 'uploadItemsFromFile',
        tags,
        summary:
          'Upload a filled template already sent to the file API (its newest file), with the same checks as uploadItems',
        body: FromFileBody,
        response: {
          200: Batch,
          415: Type.Ref('ErrorBody'),
          422: Type.Ref('ErrorBody'),
          409: Type.Ref('ErrorBody'),
          ...commonErrors,
        },
      },
    },
    async (request) =>
      uploadFromFile(
        deps(),
        uploader(request),
        request.body.fileId,
        request.body.replaces?.trim() || null,
        app.clock.now(),
      ),
  );

  app.post(
    '/api/v1/item/uploads',
    {
      config: write,
      schema: {
        operationId: 'uploadItems',
        tags,
        consumes: ['multipart/form-data'],
        summary: `Upload a filled template (multipart field "file", .xlsx only, ${limitMb} MB at most, 1 MB = 1048576 bytes); answers at once with the batch, which a worker reads and checks`,
        querystring: UploadQuery,
        response: {
          200: Batch,
          413: Type.Ref('ErrorBody'),
          415: Type.Ref('ErrorBody'),
          422: Type.Ref('ErrorBody'),
          409: Type.Ref('ErrorBody'),
          ...commonErrors,
        },
      },
    },
    async (request) =>
      uploadSpreadsheet(
        deps(),
        uploader(request),
        async () => (request.isMultipart() ? request.file() : null),
        request.query.replaces?.trim() || null,
        app.clock.now(),
      ),
  );

  app.post(
    '/api/v1/item/uploads/:batchId/apply',
    {
      config: write,
      schema: {
        operationId: 'applyItemUpload',
        tags,
        summary:
          "Apply the batch's new and changed rows (error and unchanged rows are skipped), once, in one transaction; answers at once with APPLYING",
        params: BatchParams,
        body: Type.Object(VersionBody, { additionalProperties: false }),
        response: { 200: Batch, 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => applyBatch(deps(), uploader(request), request.params.batchId, request.body.version),
  );
};
