import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../http/access.js';
import { commonErrors } from '../../http/error-schema.js';
import { badRequest, notFound } from '../../http/errors.js';

const CompanyLookup = Type.Object(
  {
    gpsCompMaster: Type.Object({
      compNo: Type.String(),
      compNameKr: Type.String(),
      taxNo2: Type.String({ description: 'Business registration number, formatted 123-45-67890' }),
      status: Type.String(),
    }),
  },
  { $id: 'CompanyLookup', title: 'CompanyLookup' },
);

/** The comp mask looks a company up by its number or by its business registration number. */
export const companyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/v1/cmmn/company/:code',
    {
      config: { access: access.login() },
      schema: {
        operationId: 'getCompanyName',
        tags: ['popup'],
        summary: 'Company name for a company number (C00001) or business registration number',
        params: Type.Object({ code: Type.String({ minLength: 1, maxLength: 20 }) }, { additionalProperties: false }),
        response: { 200: CompanyLookup, ...commonErrors },
      },
    },
    async (request) => {
      const raw = request.params.code.trim();
      const digits = raw.replace(/-/g, '');
      if (!/^[A-Za-z0-9-]+$/.test(raw)) throw badRequest('COMPANY_CODE_INVALID', '업체 코드는 영문, 숫자, 하이픈만 쓸 수 있습니다');
      // request.db: a supplier user finds only its own company; any other answers as unknown.
      const row = await request.db
        .selectFrom('company')
        .select(['compNo', 'compNameKr', 'taxNo2', 'status'])
        .where((eb) => (/^\d{10}$/.test(digits) ? eb('taxNo', '=', digits) : eb('compNo', '=', raw.toUpperCase())))
        .executeTakeFirst();
      if (!row) throw notFound('COMPANY_NOT_FOUND', `등록되지 않은 업체입니다: ${raw}`);
      return { gpsCompMaster: row };
    },
  );
};
