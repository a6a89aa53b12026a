import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../../http/access.js';
import { commonErrors } from '../../../http/error-schema.js';
import { pageWindow } from '../../../http/list-query.js';
import { FileStore, contentDisposition } from '../../files/storage.js';
import { BUDGET_SCREENS } from '../screens.js';
import { BatchParams, Binary, BudgetUploadBatch, BudgetUploadBody, BudgetUploadRow, BudgetUploadRowQuery, FilesAnswer, YearParams } from './schemas.js';
import { XLSX_TYPE, batchRows, batchView, errorFiles, uploadFromFile, yearWorkbook, yearWorkbookFiles, type UploadDeps } from './service.js';

/** Excel download and upload of a year's budget on /budget/budgetManage (docs/budget.md › Excel upload). Staff only. */
export const budgetUploadRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(BudgetUploadBatch);
  app.addSchema(BudgetUploadRow);
  const tags = ['budget'];
  const read = { access: access.login([BUDGET_SCREENS.manage], 'read', ['I']) };
  const write = { access: access.login([BUDGET_SCREENS.manage], 'write', ['I']) };
  const deps: UploadDeps = { store: FileStore.of(app.config) };

  app.get('/api/v1/budget/years/:fiscalYear/workbook', {
    config: read,
    schema: { operationId: 'downloadBudgetWorkbook', tags, summary: 'A year’s budget as the upload template: sheet 예산, a row per department × account × month with its amount and version', params: YearParams, response: { 200: Binary, ...commonErrors } },
  }, async (request, reply) => {
    const d = await yearWorkbook(request.db, request.params.fiscalYear);
    reply.header('Content-Disposition', contentDisposition(d.fileName)).type(XLSX_TYPE);
    return reply.send(d.content);
  });

  app.get('/api/v1/budget/years/:fiscalYear/workbook/files', {
    config: read,
    schema: { operationId: 'getBudgetWorkbookFiles', tags, summary: 'The year’s budget workbook as an attachment list (the upload screen shows it as a download link)', params: YearParams, response: { 200: FilesAnswer, ...commonErrors } },
  }, async (request) => yearWorkbookFiles(deps, request.db, request.params.fiscalYear, request.caller!.userId));

  app.post('/api/v1/budget/uploads/from-file', {
    config: write,
    schema: {
      operationId: 'uploadBudgetFromFile', tags,
      summary: 'Upload a year’s budget workbook already sent to the file API: all or nothing — APPLIED (every row right, lines written) or REJECTED (per-row errors, nothing changed)',
      body: BudgetUploadBody, response: { 200: Type.Ref('BudgetUploadBatch'), 415: Type.Ref('ErrorBody'), 422: Type.Ref('ErrorBody'), ...commonErrors },
    },
  }, async (request) => uploadFromFile(deps, request.db, request.body.fiscalYear, request.body.fileId, request.caller!.userId));

  app.get('/api/v1/budget/uploads/:uploadId', {
    config: read,
    schema: { operationId: 'getBudgetUpload', tags, summary: 'One budget upload: its result and counts by row result', params: BatchParams, response: { 200: Type.Ref('BudgetUploadBatch'), ...commonErrors } },
  }, async (request) => batchView(request.db, request.params.uploadId));

  app.get('/api/v1/budget/uploads/:uploadId/rows', {
    config: read,
    schema: { operationId: 'listBudgetUploadRows', tags, summary: 'An upload’s rows, errors first, with their result and, for errors, the columns and reasons', params: BatchParams, querystring: BudgetUploadRowQuery, response: { 200: Type.Object({ rows: Type.Array(Type.Ref('BudgetUploadRow')), total: Type.Integer() }), ...commonErrors } },
  }, async (request) => batchRows(request.db, request.params.uploadId, request.query.result, pageWindow(request.query)));

  app.get('/api/v1/budget/uploads/:uploadId/error-files', {
    config: read,
    schema: { operationId: 'getBudgetUploadErrorFiles', tags, summary: 'The error rows as a workbook in the template’s columns with the reasons beside them (made once per upload)', params: BatchParams, response: { 200: FilesAnswer, ...commonErrors } },
  }, async (request) => errorFiles(deps, request.db, request.params.uploadId, request.caller!.userId));
};
