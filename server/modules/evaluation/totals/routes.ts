import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../../http/access.js';
import { commonErrors } from '../../../http/error-schema.js';
import { supplierView } from '../../../http/supplier-view.js';
import {
  AdjustBody,
  CorrectBody,
  MyTotalDetail,
  MyTotalListQuery,
  MyTotalRow,
  TotalDetail,
  TotalIdParams,
  TotalListQuery,
  TotalRow,
  VersionOnly,
} from '../schemas.js';
import { SCREENS } from '../screens.js';
import {
  adjustTotal,
  correctTotal,
  finalizeTotal,
  listTotals,
  myTotal,
  myTotals,
  publishTotal,
  totalDetail,
} from './service.js';

/** Evaluation totals (/compEvaTotalList, /compEvaTotalEdit) and the supplier's own published results. */
export const totalRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['evaluation'];
  const read = { access: access.login([SCREENS.totalList, SCREENS.totalEdit], 'read', ['I']) };
  const write = { access: access.login([SCREENS.totalEdit], 'write', ['I']), identityBound: false };

  app.get(
    '/api/v1/evaluation/totals',
    {
      config: read,
      schema: {
        operationId: 'listEvaTotals',
        tags,
        summary:
          'Totals per supplier and period: weighted score, adjustment, grade, rank, trend against the previous period, finalized and published',
        querystring: TotalListQuery,
        response: { 200: Type.Object({ rows: Type.Array(TotalRow), total: Type.Integer() }), ...commonErrors },
      },
    },
    async (request) => listTotals(request.db, request.query),
  );

  app.get(
    '/api/v1/evaluation/totals/:totalId',
    {
      config: read,
      schema: {
        operationId: 'getEvaTotal',
        tags,
        summary: 'One total, explained line by line (figures, band score, weight, weighted), its revisions and trend',
        params: TotalIdParams,
        response: { 200: TotalDetail, ...commonErrors },
      },
    },
    async (request) => totalDetail(request.db, request.params.totalId),
  );

  app.post(
    '/api/v1/evaluation/totals/:totalId/adjust',
    {
      config: write,
      schema: {
        operationId: 'adjustEvaTotal',
        tags,
        summary: 'Add points to a draft total with a reason (the grade follows)',
        params: TotalIdParams,
        body: AdjustBody,
        response: { 200: TotalDetail, 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => adjustTotal(request.db, request.caller, request.params.totalId, request.body),
  );

  app.post(
    '/api/v1/evaluation/totals/:totalId/finalize',
    {
      config: write,
      schema: {
        operationId: 'finalizeEvaTotal',
        tags,
        summary:
          'Finalize a draft total of a closed period: from then on it never changes (a correction is a new revision)',
        params: TotalIdParams,
        body: VersionOnly,
        response: { 200: TotalDetail, 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) =>
      finalizeTotal(request.db, request.caller, request.params.totalId, request.body.version, app.clock.now()),
  );

  app.post(
    '/api/v1/evaluation/totals/:totalId/publish',
    {
      config: write,
      schema: {
        operationId: 'publishEvaTotal',
        tags,
        summary: 'Publish a finalized total to its supplier (once)',
        params: TotalIdParams,
        body: VersionOnly,
        response: { 200: TotalDetail, 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) =>
      publishTotal(request.db, request.caller, request.params.totalId, request.body.version, app.clock.now()),
  );

  app.post(
    '/api/v1/evaluation/totals/:totalId/correct',
    {
      config: write,
      schema: {
        operationId: 'correctEvaTotal',
        tags,
        summary:
          'Correct a finalized total: it is kept as superseded and a new draft revision (with the reason) takes its place; publish again after finalizing',
        params: TotalIdParams,
        body: CorrectBody,
        response: { 200: TotalDetail, 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => correctTotal(request.db, request.caller, request.params.totalId, request.body),
  );

  // ── The supplier's own results (OGPMS /compInfo/evaTotalList, evaTotalView) ──
  // Staff read them too, from the internal address (their internal menu of these screens): every supplier's, or compNo's.
  const mine = { access: access.login([SCREENS.myTotalList, SCREENS.myTotalView], 'read') };
  app.get(
    '/api/v1/cyber/evaluation/totals',
    {
      config: mine,
      schema: {
        operationId: 'listMyEvaTotals',
        tags,
        summary: 'My company’s published evaluation results (nothing unpublished, nothing of other suppliers)',
        querystring: MyTotalListQuery,
        response: { 200: Type.Object({ rows: Type.Array(MyTotalRow), total: Type.Integer() }), ...commonErrors },
      },
    },
    async (request) => myTotals(supplierView(request, request.query.compNo), request.query),
  );

  app.get(
    '/api/v1/cyber/evaluation/totals/:totalId',
    {
      config: mine,
      schema: {
        operationId: 'getMyEvaTotal',
        tags,
        summary:
          'One published result of my company: total, grade, each criterion’s score and comments, trend; any other id answers 404',
        params: TotalIdParams,
        response: { 200: MyTotalDetail, ...commonErrors },
      },
    },
    async (request) => myTotal(supplierView(request), request.params.totalId),
  );
};
