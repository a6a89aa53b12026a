import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../http/access.js';
import { commonErrors } from '../../http/error-schema.js';
import { lookUpCompany } from './service.js';

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
    async (request) => lookUpCompany(request.db, request.params.code),
  );
};
