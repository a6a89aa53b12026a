import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../http/access.js';
import { commonErrors } from '../../http/error-schema.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { pageWindow, parseSort } from '../../http/list-query.js';
import { writeAudit } from '../../db/audit.js';
import { CodeGroupRow, CodeListQuery, CodeRow, GroupCreateBody, GroupListQuery, GroupParams, GroupUpdateBody, SaveCodesBody, VersionQuery } from './schemas.js';
import { findCodeGroup, listCodeGroups, listCodes } from './queries.js';

const SCREEN = '/portal/codeManage/cmmnCodeManage';
const REQUIRED = '필수 입력 항목입니다';
const STALE = '다른 사용자가 먼저 변경했습니다. 다시 조회한 뒤 처리하세요';

interface FieldError {
  path: string;
  message: string;
}

function failIf(details: FieldError[]) {
  if (details.length > 0) throw badRequest('VALIDATION', '입력 값을 확인하세요', details);
}

const blank = (v: string | null | undefined) => v === undefined || v === null || v.trim() === '';
const PAGE_ALL = { limit: 5000, offset: 0 };

/** cmmnCodeManage: code groups (the tree) and their codes (the detail grid). */
export const codeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(CodeGroupRow);
  app.addSchema(CodeRow);
  const read = { access: access.login([SCREEN], 'read', ['I']) };
  const write = { access: access.login([SCREEN], 'write', ['I']) };

  app.get(
    '/api/v1/portal/code-groups',
    {
      config: read,
      schema: {
        operationId: 'listCodeGroups',
        tags: ['portal'],
        summary: 'Common code groups with their code counts',
        querystring: GroupListQuery,
        response: { 200: Type.Object({ rows: Type.Array(Type.Ref('CodeGroupRow')), total: Type.Integer() }), ...commonErrors },
      },
    },
    async (request) => {
      const q = request.query;
      return listCodeGroups(request.db, { q: q.q, useYn: q.useYn }, parseSort(q.sort, { field: 'sortOrder', direction: 'asc' }), pageWindow(q));
    },
  );

  app.get(
    '/api/v1/portal/code-groups/:groupId',
    { config: read, schema: { operationId: 'getCodeGroup', tags: ['portal'], summary: 'One code group', params: GroupParams, response: { 200: Type.Ref('CodeGroupRow'), ...commonErrors } } },
    async (request) => {
      const group = await findCodeGroup(request.db, request.params.groupId);
      if (!group) throw notFound('CODE_GROUP_NOT_FOUND', '코드 그룹을 찾을 수 없습니다');
      return group;
    },
  );

  app.post(
    '/api/v1/portal/code-groups',
    {
      config: write,
      schema: { operationId: 'createCodeGroup', tags: ['portal'], summary: 'Add a code group', body: GroupCreateBody, response: { 200: Type.Ref('CodeGroupRow'), 409: Type.Ref('ErrorBody'), ...commonErrors } },
    },
    async (request) => {
      const b = request.body;
      failIf((['nameKo', 'nameEn'] as const).filter((f) => blank(b[f])).map((f) => ({ path: `body/${f}`, message: REQUIRED })));
      const actor = request.caller!.userId;
      const created = await request.db.transaction().execute(async (trx) => {
        if (await trx.selectFrom('codeGroup').select('groupId').where('groupId', '=', b.groupId).forUpdate().executeTakeFirst()) return false;
        const values = { groupId: b.groupId, nameKo: b.nameKo.trim(), nameEn: b.nameEn.trim(), description: b.description ?? null, sortOrder: b.sortOrder ?? 0, useYn: b.useYn ?? 'Y' };
        await trx.insertInto('codeGroup').values(values).execute();
        await writeAudit(trx, { entity: 'code_group', entityKey: b.groupId, action: 'CREATE', actor, after: values });
        return true;
      });
      if (!created) throw conflict('DUPLICATE_KEY', '이미 등록된 코드 그룹입니다', [{ path: 'body/groupId', message: '이미 등록된 코드 그룹입니다' }]);
      return (await findCodeGroup(request.db, b.groupId))!;
    },
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
    async (request) => {
      const { groupId } = request.params;
      const b = request.body;
      failIf((['nameKo', 'nameEn'] as const).filter((f) => blank(b[f])).map((f) => ({ path: `body/${f}`, message: REQUIRED })));
      const actor = request.caller!.userId;
      const outcome = await request.db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('codeGroup').selectAll().where('groupId', '=', groupId).forUpdate().executeTakeFirst();
        if (!before) return 'missing' as const;
        if (before.version !== b.version) return before.version;
        const after = {
          nameKo: b.nameKo.trim(),
          nameEn: b.nameEn.trim(),
          description: b.description === undefined ? before.description : b.description,
          sortOrder: b.sortOrder ?? before.sortOrder,
          useYn: b.useYn ?? before.useYn,
        };
        await trx.updateTable('codeGroup').set({ ...after, version: before.version + 1 }).where('groupId', '=', groupId).execute();
        await writeAudit(trx, { entity: 'code_group', entityKey: groupId, action: 'UPDATE', actor, before, after });
        return 'ok' as const;
      });
      if (outcome === 'missing') throw notFound('CODE_GROUP_NOT_FOUND', '코드 그룹을 찾을 수 없습니다');
      if (outcome !== 'ok') throw conflict('VERSION_CONFLICT', STALE, { currentVersion: outcome });
      return (await findCodeGroup(request.db, groupId))!;
    },
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
    async (request) => {
      const { groupId } = request.params;
      const actor = request.caller!.userId;
      const outcome = await request.db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('codeGroup').selectAll().where('groupId', '=', groupId).forUpdate().executeTakeFirst();
        if (!before) return 'missing' as const;
        if (before.version !== request.query.version) return 'stale' as const;
        const codes = await trx.selectFrom('code').select((eb) => eb.fn.countAll<number>().as('n')).where('groupId', '=', groupId).executeTakeFirstOrThrow();
        if (Number(codes.n) > 0) return 'notEmpty' as const;
        await trx.deleteFrom('codeGroup').where('groupId', '=', groupId).execute();
        await writeAudit(trx, { entity: 'code_group', entityKey: groupId, action: 'DELETE', actor, before });
        return 'ok' as const;
      });
      if (outcome === 'missing') throw notFound('CODE_GROUP_NOT_FOUND', '코드 그룹을 찾을 수 없습니다');
      if (outcome === 'stale') throw conflict('VERSION_CONFLICT', STALE);
      if (outcome === 'notEmpty') throw conflict('CODE_GROUP_NOT_EMPTY', '코드가 남아 있는 그룹은 삭제할 수 없습니다. 코드를 먼저 삭제하세요');
      return { code: 'OK' as const };
    },
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
        response: { 200: Type.Object({ rows: Type.Array(Type.Ref('CodeRow')), total: Type.Integer() }), ...commonErrors },
      },
    },
    async (request) => {
      const q = request.query;
      return listCodes(request.db, request.params.groupId, { useYn: q.useYn }, parseSort(q.sort, { field: 'sortOrder', direction: 'asc' }), pageWindow(q));
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
        description: 'Field errors come back at their rows: details[].path = body/rows/{index}/{field}. A stale version of any row answers 409 and nothing is saved.',
        params: GroupParams,
        body: SaveCodesBody,
        response: { 200: Type.Object({ rows: Type.Array(Type.Ref('CodeRow')), total: Type.Integer() }), 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => {
      const { groupId } = request.params;
      const { rows, deleted = [] } = request.body;
      const problems: FieldError[] = [];
      const seen = new Map<string, number>();
      rows.forEach((r, i) => {
        for (const f of ['textKo', 'textEn'] as const) if (blank(r[f])) problems.push({ path: `body/rows/${i}/${f}`, message: REQUIRED });
        if (seen.has(r.code)) problems.push({ path: `body/rows/${i}/code`, message: `${seen.get(r.code)! + 1}행과 코드가 같습니다` });
        else seen.set(r.code, i);
      });
      deleted.forEach((d, i) => {
        if (seen.has(d.code)) problems.push({ path: `body/deleted/${i}/code`, message: '저장과 삭제에 같은 코드가 있습니다' });
      });
      failIf(problems);
      const actor = request.caller!.userId;

      const outcome = await request.db.transaction().execute(async (trx) => {
        const group = await trx.selectFrom('codeGroup').select(['groupId']).where('groupId', '=', groupId).forUpdate().executeTakeFirst();
        if (!group) return { kind: 'missing' as const };
        const existing = new Map((await trx.selectFrom('code').selectAll().where('groupId', '=', groupId).forUpdate().execute()).map((c) => [c.code, c]));
        const conflicts: FieldError[] = [];
        const duplicates: FieldError[] = [];
        rows.forEach((r, i) => {
          const before = existing.get(r.code);
          if (r.version === undefined && before) duplicates.push({ path: `body/rows/${i}/code`, message: '이미 등록된 코드입니다' });
          if (r.version !== undefined && (!before || before.version !== r.version)) conflicts.push({ path: `body/rows/${i}/code`, message: STALE });
        });
        deleted.forEach((d, i) => {
          const before = existing.get(d.code);
          if (!before || before.version !== d.version) conflicts.push({ path: `body/deleted/${i}/code`, message: STALE });
        });
        if (duplicates.length > 0) return { kind: 'duplicate' as const, details: duplicates };
        if (conflicts.length > 0) return { kind: 'stale' as const, details: conflicts };

        for (const r of rows) {
          const values = {
            textKo: r.textKo.trim(),
            textEn: r.textEn.trim(),
            attr1: blank(r.attr1) ? null : r.attr1!.trim(),
            attr2: blank(r.attr2) ? null : r.attr2!.trim(),
            sortOrder: r.sortOrder ?? 0,
            useYn: r.useYn ?? 'Y',
          };
          const before = existing.get(r.code);
          if (!before) {
            await trx.insertInto('code').values({ groupId, code: r.code, ...values }).execute();
            await writeAudit(trx, { entity: 'code', entityKey: `${groupId}/${r.code}`, action: 'CREATE', actor, after: values });
            continue;
          }
          const changed = (Object.keys(values) as Array<keyof typeof values>).some((k) => values[k] !== before[k]);
          if (!changed) continue;
          await trx.updateTable('code').set({ ...values, version: before.version + 1 }).where('groupId', '=', groupId).where('code', '=', r.code).execute();
          await writeAudit(trx, { entity: 'code', entityKey: `${groupId}/${r.code}`, action: 'UPDATE', actor, before, after: values });
        }
        for (const d of deleted) {
          await trx.deleteFrom('code').where('groupId', '=', groupId).where('code', '=', d.code).execute();
          await writeAudit(trx, { entity: 'code', entityKey: `${groupId}/${d.code}`, action: 'DELETE', actor, before: existing.get(d.code) });
        }
        return { kind: 'ok' as const };
      });
      if (outcome.kind === 'missing') throw notFound('CODE_GROUP_NOT_FOUND', '코드 그룹을 찾을 수 없습니다');
      if (outcome.kind === 'duplicate') throw conflict('DUPLICATE_KEY', '이미 등록된 코드가 있습니다', outcome.details);
      if (outcome.kind === 'stale') throw conflict('VERSION_CONFLICT', STALE, outcome.details);
      return listCodes(request.db, groupId, {}, { field: 'sortOrder', direction: 'asc' }, PAGE_ALL);
    },
  );
};
