import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../http/access.js';
import { commonErrors } from '../../http/error-schema.js';
import { badRequest } from '../../http/errors.js';

const SgLevel = Type.Union([Type.Literal('001'), Type.Literal('002'), Type.Literal('003'), Type.Literal('004')], { description: 'Sourcing-group level, 001 (top) to 004' });
const SgQuery = Type.Object(
  { SG_LEVEL: SgLevel, UP_LEVEL: Type.Optional(Type.String({ maxLength: 20, description: 'Parent SG_CODE; required below level 001' })) },
  { additionalProperties: false },
);
const SgOption = Type.Object({ SG_CODE: Type.String(), SG_NAME: Type.String() }, { $id: 'SgOption', title: 'SgOption' });

export const sourcingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(SgOption);
  app.get(
    '/api/v1/item/comp/sourcingGroup/getSgCode',
    {
      config: { access: access.login() },
      schema: { operationId: 'getSgCode', tags: ['item'], summary: 'Options of one sourcing-group level under a parent', querystring: SgQuery, response: { 200: Type.Array(Type.Ref('SgOption')), ...commonErrors } },
    },
    async (request) => {
      const { SG_LEVEL: level, UP_LEVEL: parentRaw } = request.query;
      const parent = parentRaw?.trim() || undefined;
      if (level === '001' && parent) throw badRequest('SG_TOP_HAS_NO_PARENT', '1단계 소싱그룹에는 상위 코드(UP_LEVEL)를 줄 수 없습니다');
      if (level !== '001' && !parent) throw badRequest('SG_PARENT_REQUIRED', `${Number(level)}단계 소싱그룹을 조회하려면 상위 코드(UP_LEVEL)가 필요합니다`);
      let q = app.dbh.db
        .selectFrom('sourcingGroup')
        .select(['sgCode', 'sgName'])
        .where('sgLevel', '=', level)
        .where('useYn', '=', 'Y');
      q = parent ? q.where('upCode', '=', parent) : q.where('upCode', 'is', null);
      // Upper-case names are the spec's; they are mapped here because CamelCasePlugin would rename an alias.
      const rows = await q.orderBy('sortOrder').orderBy('sgCode').execute();
      return rows.map((r) => ({ SG_CODE: r.sgCode, SG_NAME: r.sgName }));
    },
  );
};
