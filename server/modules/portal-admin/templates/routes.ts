import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../../http/access.js';
import { commonErrors } from '../../../http/error-schema.js';
import { PagingQuery } from '../../../http/list-query.js';
import { Nullable, Str } from '../../../http/schema-helpers.js';
import { SampleBody, SampleLine, SampleListQuery, SampleRow } from './schemas.js';
import { checkSample, listSamples, sampleOf, sampleTree } from './service.js';

/** Sample data for the engine's page templates (service.ts): public, in memory, nothing stored. */
export const templateSampleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(SampleRow);
  app.addSchema(SampleLine);

  app.get(
    '/api/v1/template/samples',
    {
      config: { access: access.public() },
      schema: {
        operationId: 'listTemplateSamples',
        tags: ['template'],
        summary: 'Sample rows for the page templates (fixed, in memory): filter, sort and page like a real list',
        querystring: SampleListQuery,
        response: {
          200: Type.Object({ rows: Type.Array(Type.Ref('TemplateSampleRow')), total: Type.Integer() }),
          ...commonErrors,
        },
      },
    },
    async (request) => listSamples(request.query),
  );

  app.get(
    '/api/v1/template/samples/:sampleNo',
    {
      config: { access: access.public() },
      schema: {
        operationId: 'getTemplateSample',
        tags: ['template'],
        summary: 'One sample row with three lines (master-detail template)',
        params: Type.Object({ sampleNo: Str(10) }, { additionalProperties: false }),
        response: {
          200: Type.Object({ ...SampleRow.properties, lines: Type.Array(Type.Ref('TemplateSampleLine')) }),
          ...commonErrors,
        },
      },
    },
    async (request) => sampleOf(request.params.sampleNo),
  );

  app.get(
    '/api/v1/template/sample-tree',
    {
      config: { access: access.public() },
      schema: {
        operationId: 'listTemplateSampleTree',
        tags: ['template'],
        summary: 'The sample rows as a tree: category › row (tree template)',
        querystring: Type.Object({ ...PagingQuery }, { additionalProperties: false }),
        response: {
          200: Type.Object({
            rows: Type.Array(
              Type.Object({
                nodeId: Type.String(),
                parentId: Nullable(Type.String()),
                label: Type.String(),
                sampleNo: Nullable(Type.String()),
                itemName: Nullable(Type.String()),
                categoryCode: Type.String(),
                quantity: Nullable(Type.Integer()),
                dueDate: Nullable(Type.String()),
                remark: Nullable(Type.String()),
              }),
            ),
            total: Type.Integer(),
          }),
          ...commonErrors,
        },
      },
    },
    async () => sampleTree(),
  );

  app.post(
    '/api/v1/template/samples/check',
    {
      config: { access: access.public(), identityBound: false },
      schema: {
        operationId: 'checkTemplateSample',
        tags: ['template'],
        summary: 'Checks a template form like a save would and answers it back; nothing is stored',
        body: SampleBody,
        response: {
          200: Type.Object({
            sampleNo: Type.String(),
            itemName: Type.String(),
            categoryCode: Type.String(),
            quantity: Type.Integer(),
            warnings: Type.Array(Type.String()),
          }),
          ...commonErrors,
        },
      },
    },
    async (request) => checkSample(request.body),
  );
};
