import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../../http/access.js';
import { commonErrors } from '../../../http/error-schema.js';
import { pageWindow } from '../../../http/list-query.js';
import { FileStore } from '../../files/storage.js';
import { AGREEMENT_SCREENS } from '../agreement/workflow.js';
import { importLinkageIndexValues, templateFiles } from './import.js';
import { MAX_ROWS } from './import-file.js';
import { createLinkageIndex, listIndexValues, setLinkageIndexValue } from './service.js';
import {
  IndexBody,
  IndexImportAnswer,
  IndexImportBody,
  IndexRow,
  IndexValueBody,
  IndexValueList,
  IndexValueQuery,
  IndexValueRow,
  TemplateFiles,
} from './schemas.js';

/** The screen that keeps the indexes and their values; whoever keeps agreements may enter values too. */
export const LINKAGE_INDEX_SCREEN = '/linkageIndexManage';

/** 납품대금 연동's 기준 지표 and their values (docs/subcontracting.md "납품대금 연동"). */
export const linkageIndexRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(IndexValueRow);
  const tags = ['purchase-order'];
  const screens = [LINKAGE_INDEX_SCREEN, AGREEMENT_SCREENS.edit];
  const read = { access: access.login([...screens, AGREEMENT_SCREENS.list], 'read', ['I']) };
  const write = { access: access.login(screens, 'write', ['I']), identityBound: false };
  const deps = { store: FileStore.of(app.config) };

  app.get(
    '/api/v1/subcon/linkage-index-values',
    {
      config: read,
      schema: {
        operationId: 'listLinkageIndexValues',
        tags,
        summary: 'The values of the 납품대금 연동 indexes (one, or all), newest first per index',
        querystring: IndexValueQuery,
        response: { 200: IndexValueList, ...commonErrors },
      },
    },
    async (request) => listIndexValues(request.db, request.query, pageWindow(request.query)),
  );

  app.post(
    '/api/v1/subcon/linkage-indexes',
    {
      config: write,
      schema: {
        operationId: 'createLinkageIndex',
        tags,
        summary: 'Add a 기준 지표 a 연동 clause may name (code, name, unit, source); 409 LINKAGE_INDEX_DUPLICATE',
        body: IndexBody,
        response: { 200: IndexRow, 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => createLinkageIndex(request.db, request.caller, request.body, app.clock.now()),
  );

  app.put(
    '/api/v1/subcon/linkage-index-values',
    {
      config: write,
      schema: {
        operationId: 'setLinkageIndexValue',
        tags,
        summary: 'Enter an index’s value on a day (not after the business day); a day entered again is replaced',
        body: IndexValueBody,
        response: { 200: Type.Ref('LinkageIndexValueRow'), ...commonErrors },
      },
    },
    async (request) => setLinkageIndexValue(request.db, request.caller, request.body, app.clock.now()),
  );

  app.get(
    '/api/v1/subcon/linkage-index-values/template/files',
    {
      // Stores the template as the caller's attachment group on each call (it lists the indexes in use).
      config: { ...write, effects: ['writes'] },
      schema: {
        operationId: 'getLinkageIndexTemplateFiles',
        tags,
        summary:
          'The index-value upload template (지표 코드, 기준일, 지표값; the indexes in use) as an attachment list',
        response: { 200: TemplateFiles, ...commonErrors },
      },
    },
    async (request) => templateFiles(deps, request.db, request.caller),
  );

  app.post(
    '/api/v1/subcon/linkage-index-values/from-file',
    {
      config: write,
      schema: {
        operationId: 'importLinkageIndexValues',
        tags,
        summary: `Index values from an .xlsx or .csv already sent to the file API (at most ${MAX_ROWS} rows): all or nothing — every row written (a day again replaces it) or 400 LINKAGE_INDEX_FILE_INVALID with every row’s errors`,
        body: IndexImportBody,
        response: {
          200: IndexImportAnswer,
          415: Type.Ref('ErrorBody'),
          422: Type.Ref('ErrorBody'),
          ...commonErrors,
        },
      },
    },
    async (request) => importLinkageIndexValues(deps, request.db, request.caller, request.body.fileId, app.clock.now()),
  );
};
