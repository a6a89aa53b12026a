import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../http/access.js';
import { commonErrors } from '../../http/error-schema.js';
import { sourcingGroupOptions } from './service.js';

const SgLevel = Type.Union([Type.Literal('001'), Type.Literal('002'), Type.Literal('003'), Type.Literal('004')], {
  description: 'Sourcing-group level, 001 (top) to 004',
});
const SgQuery = Type.Object(
  {
    SG_LEVEL: SgLevel,
    UP_LEVEL: Type.Optional(Type.String({ maxLength: 20, description: 'Parent SG_CODE; required below level 001' })),
  },
  { additionalProperties: false },
);
const SgOption = Type.Object(
  { SG_CODE: Type.String(), SG_NAME: Type.String() },
  { $id: 'SgOption', title: 'SgOption' },
);

export const sourcingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(SgOption);
  app.get(
    '/api/v1/item/comp/sourcingGroup/getSgCode',
    {
      config: { access: access.login() },
      schema: {
        operationId: 'getSgCode',
        tags: ['item'],
        summary: 'Options of one sourcing-group level under a parent',
        querystring: SgQuery,
        response: { 200: Type.Array(Type.Ref('SgOption')), ...commonErrors },
      },
    },
    async (request) => sourcingGroupOptions(app.dbh.db, request.query.SG_LEVEL, request.query.UP_LEVEL),
  );
};
