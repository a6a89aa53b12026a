import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../../http/access.js';
import { commonErrors } from '../../../http/error-schema.js';
import { pageWindow } from '../../../http/list-query.js';
import { FileStore, contentDisposition } from '../../files/storage.js';
import { BUDGET_SCREENS } from '../screens.js';
import {
  BatchParams,
  Binary,
  BudgetImportAnswer,
  BudgetImportBody,
  BudgetUploadListQuery,
  BudgetUploadBatch,
  BudgetUploadBody,
  BudgetUploadRow,
  BudgetUploadRowQuery,
  FilesAnswer,
  YearParams,
} from './schemas.js';
import { importBudget } from '../erp-import/service.js';
import {
  XLSX_TYPE,
  batchList,
  batchRows,
  batchView,
  errorFiles,
  uploadFromFile,
  yearWorkbook,
  yearWorkbookFiles,
  type UploadDeps,
} from './service.js';

/** Excel download and upload of a year's budget on /budget/budgetManage (docs/budget.md › Excel upload). Staff only. */
export const budgetUploadRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(BudgetUploadBatch);
  app.addSchema(BudgetUploadRow);
  const tags = ['budget'];
  const read = { access: access.login([BUDGET_SCREENS.manage], 'read', ['I']) };
  // An upload or import is read from budgetManage's dialog or from the list of imports (/budget/budgetImport).
  const readBatch = { access: access.login([BUDGET_SCREENS.manage, BUDGET_SCREENS.imports], 'read', ['I']) };
  // The ERP's push: write on /budget/budgetImport, which the seed gives the system administrators only.
  const erpImport = { access: access.login([BUDGET_SCREENS.imports], 'write', ['I']), identityBound: false };
  const write = { access: access.login([BUDGET_SCREENS.manage], 'write', ['I']), identityBound: false };
  const deps: UploadDeps = { store: FileStore.of(app.config) };

  app.get(
    '/api/v1/budget/years/:fiscalYear/workbook',
    {
      config: read,
      schema: {
        operationId: 'downloadBudgetWorkbook',
        tags,
        summary:
          'A year’s budget as the upload template: sheet 예산, a row per department × account × month with its amount and version',
        params: YearParams,
        response: { 200: Binary, ...commonErrors },
      },
    },
    async (request, reply) => {
      const d = await yearWorkbook(request.db, request.params.fiscalYear);
      reply.header('Content-Disposition', contentDisposition(d.fileName)).type(XLSX_TYPE);
      return reply.send(d.content);
    },
  );

  app.get(
    '/api/v1/budget/years/:fiscalYear/workbook/files',
    {
      // Stores the year's workbook as the caller's attachment group on each call.
      config: { ...read, effects: ['writes'] },
      schema: {
        operationId: 'getBudgetWorkbookFiles',
        tags,
        summary: 'The year’s budget workbook as an attachment list (the upload screen shows it as a download link)',
        params: YearParams,
        response: { 200: FilesAnswer, ...commonErrors },
      },
    },
    async (request) => yearWorkbookFiles(deps, request.db, request.params.fiscalYear, request.caller!.userId),
  );

  app.post(
    '/api/v1/budget/uploads/from-file',
    {
      config: write,
      schema: {
        operationId: 'uploadBudgetFromFile',
        tags,
        summary:
          'Upload a year’s budget workbook already sent to the file API: all or nothing — APPLIED (every row right, lines written) or REJECTED (per-row errors, nothing changed)',
        body: BudgetUploadBody,
        response: {
          200: Type.Ref('BudgetUploadBatch'),
          415: Type.Ref('ErrorBody'),
          422: Type.Ref('ErrorBody'),
          ...commonErrors,
        },
      },
    },
    async (request) =>
      uploadFromFile(
        deps,
        request.db,
        request.body.fiscalYear,
        request.body.fileId,
        request.caller!.userId,
        app.clock.now(),
      ),
  );

  app.get(
    '/api/v1/budget/uploads',
    {
      config: readBatch,
      schema: {
        operationId: 'listBudgetUploads',
        tags,
        summary:
          'The budget uploads and ERP imports, newest first: who, when, the year, the source, the rows and the outcome',
        querystring: BudgetUploadListQuery,
        response: {
          200: Type.Object({ rows: Type.Array(Type.Ref('BudgetUploadBatch')), total: Type.Integer() }),
          ...commonErrors,
        },
      },
    },
    async (request) => {
      const { fiscalYear, source, status } = request.query;
      return batchList(
        request.db,
        { fiscalYear, source: source as 'EXCEL' | undefined, status: status as 'APPLIED' | undefined },
        pageWindow(request.query),
      );
    },
  );

  app.post(
    '/api/v1/budget/imports',
    {
      config: erpImport,
      schema: {
        operationId: 'importBudget',
        tags,
        summary:
          'The ERP pushes a year’s budget under its import key: all or nothing (APPLIED, or REJECTED with per-row errors), once per key — the same key again changes nothing and answers the first import (replayed)',
        body: BudgetImportBody,
        response: { 200: BudgetImportAnswer, ...commonErrors },
      },
    },
    async (request) =>
      importBudget(
        request.db,
        request.body,
        'ERP_HTTP',
        `ERP ${request.body.importKey}`.slice(0, 300),
        request.caller!.userId,
        app.clock.now(),
      ),
  );

  app.get(
    '/api/v1/budget/uploads/:uploadId',
    {
      config: readBatch,
      schema: {
        operationId: 'getBudgetUpload',
        tags,
        summary: 'One budget upload: its result and counts by row result',
        params: BatchParams,
        response: { 200: Type.Ref('BudgetUploadBatch'), ...commonErrors },
      },
    },
    async (request) => batchView(request.db, request.params.uploadId),
  );

  app.get(
    '/api/v1/budget/uploads/:uploadId/rows',
    {
      config: readBatch,
      schema: {
        operationId: 'listBudgetUploadRows',
        tags,
        summary: 'An upload’s rows, errors first, with their result and, for errors, the columns and reasons',
        params: BatchParams,
        querystring: BudgetUploadRowQuery,
        response: {
          200: Type.Object({ rows: Type.Array(Type.Ref('BudgetUploadRow')), total: Type.Integer() }),
          ...commonErrors,
        },
      },
    },
    async (request) => batchRows(request.db, request.params.uploadId, request.query.result, pageWindow(request.query)),
  );

  app.get(
    '/api/v1/budget/uploads/:uploadId/error-files',
    {
      config: readBatch,
      schema: {
        operationId: 'getBudgetUploadErrorFiles',
        tags,
        summary:
          'The error rows as a workbook in the template’s columns with the reasons beside them (made once per upload)',
        params: BatchParams,
        response: { 200: FilesAnswer, ...commonErrors },
      },
    },
    async (request) => errorFiles(deps, request.db, request.params.uploadId, request.caller!.userId),
  );
};
