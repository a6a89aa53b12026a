import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../http/access.js';
import { commonErrors } from '../../http/error-schema.js';
import { pageWindow, parseSort } from '../../http/list-query.js';
import {
  CodeGroupRow,
  CodeListQuery,
  CodeRow,
  GroupCreateBody,
  GroupListQuery,
  GroupParams,
  GroupUpdateBody,
  SaveCodesBody,
  VersionQuery,
} from './schemas.js';
import { listCodeGroups, listCodes } from './queries.js';
import { createCodeGroup, deleteCodeGroup, getCodeGroup, saveCodes, updateCodeGroup } from './service.js';

const SCREEN = '/portal/codeManage/cmmnCodeManage';

/** cmmnCodeManage: code groups (the tree) and their codes (the detail grid). */
export const codeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(CodeGroupRow);
  app.addSchema(CodeRow);
  const read = { access: access.login([SCREEN], 'read', ['I']) };
  const write = { access: access.login([SCREEN], 'write', ['I']), identityBound: false };

  app.get(
    '/api/v1/portal/code-groups',
    {
      config: read,
      schema: {
        operationId: 'listCodeGroups',
        tags: ['portal'],
        summary: 'Common code groups with their code counts',
        querystring: GroupListQuery,
        response: {
          200: Type.Object({ rows: Type.Array(Type.Ref('CodeGroupRow')), total: Type.Integer() }),
          ...commonErrors,
        },
      },
    },
    async (request) => {
      const q = request.query;
      return listCodeGroups(
        request.db,
        { q: q.q, useYn: q.useYn },
        parseSort(q.sort, { field: 'sortOrder', direction: 'asc' }),
        pageWindow(q),
      );
    },
  );

  app.get(
    '/api/v1/portal/code-groups/:groupId',
    {
      config: read,
      schema: {
        operationId: 'getCodeGroup',
        tags: ['portal'],
        summary: 'One code group',
        params: GroupParams,
        response: { 200: Type.Ref('CodeGroupRow'), ...commonErrors },
      },
    },
    async (request) => getCodeGroup(request.db, request.params.groupId),
  );

  app.post(
    '/api/v1/portal/code-groups',
    {
      config: write,
      schema: {
        operationId: 'createCodeGroup',
        tags: ['portal'],
        summary: 'Add a code group',
        body: GroupCreateBody,
        response: { 200: Type.Ref('CodeGroupRow'), 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => createCodeGroup(request.db, request.body, request.caller!.userId),
  );

  app.put(
    '/api/v1/portal/code-groups/:groupId',
    {
      config: write,
      schema: {
        operationId: 'updateCodeGroup',
        tags: ['portal'],
        summary: 'Change a code group (stale version: 409)',
        params: GroupParams,
        body: GroupUpdateBody,
        response: { 200: Type.Ref('CodeGroupRow'), 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => updateCodeGroup(request.db, request.params.groupId, request.body, request.caller!.userId),
  );

  app.delete(
    '/api/v1/portal/code-groups/:groupId',
    {
      config: write,
      schema: {
        operationId: 'deleteCodeGroup',
        tags: ['portal'],
        summary: 'Remove an empty code group (codes left: 409 CODE_GROUP_NOT_EMPTY; stale version: 409)',
        params: GroupParams,
        querystring: VersionQuery,
        response: { 200: Type.Ref('Ok'), 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) =>
      deleteCodeGroup(request.db, request.params.groupId, request.query.version, request.caller!.userId),
  );

  app.get(
    '/api/v1/portal/code-groups/:groupId/codes',
    {
      config: read,
      schema: {
        operationId: 'listCodes',
        tags: ['portal'],
        summary: 'The codes of one group',
        params: GroupParams,
        querystring: CodeListQuery,
        response: {
          200: Type.Object({ rows: Type.Array(Type.Ref('CodeRow')), total: Type.Integer() }),
          ...commonErrors,
        },
      },
    },
    async (request) => {
      const q = request.query;
      return listCodes(
        request.db,
        request.params.groupId,
        { useYn: q.useYn },
        parseSort(q.sort, { field: 'sortOrder', direction: 'asc' }),
        pageWindow(q),
      );
    },
  );

  app.put(
    '/api/v1/portal/code-groups/:groupId/codes',
    {
      config: write,
      schema: {
        operationId: 'saveCodes',
        tags: ['portal'],
        summary: 'Add, change and delete codes of one group in one transaction; answers the group’s codes',
        description:
          'Field errors come back at their rows: details[].path = body/rows/{index}/{field}. A stale version of any row answers 409 and nothing is saved.',
        params: GroupParams,
        body: SaveCodesBody,
        response: {
          200: Type.Object({ rows: Type.Array(Type.Ref('CodeRow')), total: Type.Integer() }),
          409: Type.Ref('ErrorBody'),
          ...commonErrors,
        },
      },
    },
    async (request) => saveCodes(request.db, request.params.groupId, request.body, request.caller!.userId),
  );
};
