import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../http/access.js';
import { commonErrors } from '../../http/error-schema.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { parseSort, pageWindow } from '../../http/list-query.js';
import { writeAudit } from '../../db/audit.js';
import { MessageCreateBody, MessageDeleteQuery, MessageKeyParams, MessageListQuery, MessageRow, MessageUpdateBody } from './schemas.js';
import { findMessage, listMessages, type MessageRecord } from './queries.js';

const SCREEN = '/portal/system/messageManage';
const REQUIRED = '필수 입력 항목입니다';

const toRow = (m: MessageRecord) => ({ ...m, updatedAt: m.updatedAt.toISOString() });

/** Blank texts are answered at their fields, the way the screen shows them. */
function requireTexts(body: { textKo: string; textEn: string }) {
  const details = (['textKo', 'textEn'] as const).filter((f) => body[f].trim() === '').map((f) => ({ path: `body/${f}`, message: REQUIRED }));
  if (details.length > 0) throw badRequest('VALIDATION', '필수 입력 항목을 확인하세요', details);
}

const versionConflict = (current: number) => conflict('VERSION_CONFLICT', '다른 사용자가 먼저 변경했습니다. 다시 조회한 뒤 처리하세요', { currentVersion: current });

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
        response: { 200: Type.Object({ rows: Type.Array(Type.Ref('MessageRow')), total: Type.Integer() }), ...commonErrors },
      },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await listMessages(request.db, { msgKey: q.msgKey, text: q.text, category: q.category }, parseSort(q.sort, { field: 'msgKey', direction: 'asc' }), pageWindow(q));
      return { rows: rows.map(toRow), total };
    },
  );

  app.get(
    '/api/v1/portal/messages/:msgKey',
    {
      config: { access: access.login([SCREEN], 'read', ['I']) },
      schema: { operationId: 'getMessage', tags: ['portal'], summary: 'One message', params: MessageKeyParams, response: { 200: Type.Ref('MessageRow'), ...commonErrors } },
    },
    async (request) => {
      const row = await findMessage(request.db, request.params.msgKey);
      if (!row) throw notFound('MESSAGE_NOT_FOUND', '메시지를 찾을 수 없습니다');
      return toRow(row);
    },
  );

  app.post(
    '/api/v1/portal/messages',
    {
      config: { access: access.login([SCREEN], 'write', ['I']) },
      schema: {
        operationId: 'createMessage',
        tags: ['portal'],
        summary: 'Add a message key with its Korean and English texts',
        body: MessageCreateBody,
        response: { 200: Type.Ref('MessageRow'), 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => {
      const b = request.body;
      requireTexts(b);
      const actor = request.caller!.userId;
      const created = await request.db.transaction().execute(async (trx) => {
        const exists = await trx.selectFrom('message').select('msgKey').where('msgKey', '=', b.msgKey).forUpdate().executeTakeFirst();
        if (exists) return null;
        const values = { msgKey: b.msgKey, category: b.category, textKo: b.textKo, textEn: b.textEn };
        await trx.insertInto('message').values(values).execute();
        await writeAudit(trx, { entity: 'message', entityKey: b.msgKey, action: 'CREATE', actor, after: values });
        return true;
      });
      if (!created) throw conflict('DUPLICATE_KEY', '이미 등록된 메시지 키입니다', [{ path: 'body/msgKey', message: '이미 등록된 메시지 키입니다' }]);
      return toRow((await findMessage(request.db, b.msgKey))!);
    },
  );

  app.put(
    '/api/v1/portal/messages/:msgKey',
    {
      config: { access: access.login([SCREEN], 'write', ['I']) },
      schema: {
        operationId: 'updateMessage',
        tags: ['portal'],
        summary: 'Change a message’s category and texts (stale version: 409)',
        params: MessageKeyParams,
        body: MessageUpdateBody,
        response: { 200: Type.Ref('MessageRow'), 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => {
      const { msgKey } = request.params;
      const b = request.body;
      requireTexts(b);
      const actor = request.caller!.userId;
      const result = await request.db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('message').select(['msgKey', 'category', 'textKo', 'textEn', 'version']).where('msgKey', '=', msgKey).forUpdate().executeTakeFirst();
        if (!before) return { missing: true as const };
        if (before.version !== b.version) return { stale: before.version };
        const after = { category: b.category, textKo: b.textKo, textEn: b.textEn };
        await trx.updateTable('message').set({ ...after, version: before.version + 1, updatedAt: new Date() }).where('msgKey', '=', msgKey).execute();
        await writeAudit(trx, { entity: 'message', entityKey: msgKey, action: 'UPDATE', actor, before, after });
        return { ok: true as const };
      });
      if ('missing' in result) throw notFound('MESSAGE_NOT_FOUND', '메시지를 찾을 수 없습니다');
      if ('stale' in result) throw versionConflict(result.stale as number);
      return toRow((await findMessage(request.db, msgKey))!);
    },
  );

  app.delete(
    '/api/v1/portal/messages/:msgKey',
    {
      config: { access: access.login([SCREEN], 'write', ['I']) },
      schema: {
        operationId: 'deleteMessage',
        tags: ['portal'],
        summary: 'Remove a message key (stale version: 409)',
        params: MessageKeyParams,
        querystring: MessageDeleteQuery,
        response: { 200: Type.Ref('Ok'), 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => {
      const { msgKey } = request.params;
      const actor = request.caller!.userId;
      const result = await request.db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('message').select(['msgKey', 'category', 'textKo', 'textEn', 'version']).where('msgKey', '=', msgKey).forUpdate().executeTakeFirst();
        if (!before) return { missing: true as const };
        if (before.version !== request.query.version) return { stale: before.version };
        await trx.deleteFrom('message').where('msgKey', '=', msgKey).execute();
        await writeAudit(trx, { entity: 'message', entityKey: msgKey, action: 'DELETE', actor, before });
        return { ok: true as const };
      });
      if ('missing' in result) throw notFound('MESSAGE_NOT_FOUND', '메시지를 찾을 수 없습니다');
      if ('stale' in result) throw versionConflict(result.stale as number);
      return { code: 'OK' as const };
    },
  );
};
