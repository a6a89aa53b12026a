import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../http/access.js';
import { commonErrors } from '../../http/error-schema.js';
import { parseSort, pageWindow } from '../../http/list-query.js';
import {
  MessageCreateBody,
  MessageDeleteQuery,
  MessageKeyParams,
  MessageListQuery,
  MessageRow,
  MessageUpdateBody,
} from './schemas.js';
import { listMessages } from './queries.js';
import { createMessage, deleteMessage, getMessage, messageRow, updateMessage } from './service.js';

const SCREEN = '/portal/system/messageManage';

/**
 * messageManage: the UI and server messages in Korean and English. `GET /api/v1/common/message`
 * and `/common/resources` read the same table, so an edit here reaches the portals' texts at once.
 */
export const messageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(MessageRow);

  app.get(
    '/api/v1/portal/messages',
    {
      config: { access: access.login([SCREEN], 'read', ['I']) },
      schema: {
        operationId: 'listMessages',
        tags: ['portal'],
        summary: 'Messages, filtered, sorted and paged',
        querystring: MessageListQuery,
        response: {
          200: Type.Object({ rows: Type.Array(Type.Ref('MessageRow')), total: Type.Integer() }),
          ...commonErrors,
        },
      },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await listMessages(
        request.db,
        { msgKey: q.msgKey, text: q.text, category: q.category },
        parseSort(q.sort, { field: 'msgKey', direction: 'asc' }),
        pageWindow(q),
      );
      return { rows: rows.map(messageRow), total };
    },
  );

  app.get(
    '/api/v1/portal/messages/:msgKey',
    {
      config: { access: access.login([SCREEN], 'read', ['I']) },
      schema: {
        operationId: 'getMessage',
        tags: ['portal'],
        summary: 'One message',
        params: MessageKeyParams,
        response: { 200: Type.Ref('MessageRow'), ...commonErrors },
      },
    },
    async (request) => getMessage(request.db, request.params.msgKey),
  );

  app.post(
    '/api/v1/portal/messages',
    {
      config: { access: access.login([SCREEN], 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'createMessage',
        tags: ['portal'],
        summary: 'Add a message key with its Korean and English texts',
        body: MessageCreateBody,
        response: { 200: Type.Ref('MessageRow'), 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => createMessage(request.db, request.body, request.caller!.userId),
  );

  app.put(
    '/api/v1/portal/messages/:msgKey',
    {
      config: { access: access.login([SCREEN], 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'updateMessage',
        tags: ['portal'],
        summary: 'Change a message’s category and texts (stale version: 409)',
        params: MessageKeyParams,
        body: MessageUpdateBody,
        response: { 200: Type.Ref('MessageRow'), 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => updateMessage(request.db, request.params.msgKey, request.body, request.caller!.userId),
  );

  app.delete(
    '/api/v1/portal/messages/:msgKey',
    {
      config: { access: access.login([SCREEN], 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'deleteMessage',
        tags: ['portal'],
        summary: 'Remove a message key (stale version: 409)',
        params: MessageKeyParams,
        querystring: MessageDeleteQuery,
        response: { 200: Type.Ref('Ok'), 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => deleteMessage(request.db, request.params.msgKey, request.query.version, request.caller!.userId),
  );
};
