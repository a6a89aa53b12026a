import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../../http/access.js';
import { commonErrors } from '../../../http/error-schema.js';
import { supplierView, supplierViewOfOne } from '../../../http/supplier-view.js';
import {
  MySurveyAnswerBody,
  MySurveyDetail,
  MySurveyReadQuery,
  MySurveyListQuery,
  MySurveyRow,
  SurveyCreateBody,
  SurveyDetail,
  SurveyIdParams,
  SurveyListQuery,
  SurveyRow,
  SurveyUpdateBody,
  VersionOnly,
} from '../schemas.js';
import { SCREENS } from '../screens.js';
import {
  answerSurvey,
  changeSurvey,
  createSurvey,
  listSurveys,
  moveSurvey,
  mySurveyOf,
  mySurveys,
  surveyDetail,
} from './service.js';

/** Transaction-satisfaction surveys (/business/evaManage/transSatisMngList, transSatisMngDetail) and the suppliers' answers. */
export const surveyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['evaluation'];
  const read = { access: access.login([SCREENS.surveyList, SCREENS.surveyDetail], 'read', ['I']) };
  const write = { access: access.login([SCREENS.surveyDetail], 'write', ['I']), identityBound: false };

  app.get(
    '/api/v1/evaluation/surveys',
    {
      config: read,
      schema: {
        operationId: 'listSatSurveys',
        tags,
        summary: 'Transaction-satisfaction surveys with how many suppliers answered and the average score',
        querystring: SurveyListQuery,
        response: { 200: Type.Object({ rows: Type.Array(SurveyRow), total: Type.Integer() }), ...commonErrors },
      },
    },
    async (request) => listSurveys(request.db, request.query),
  );
  app.get(
    '/api/v1/evaluation/surveys/:surveyId',
    {
      config: read,
      schema: {
        operationId: 'getSatSurvey',
        tags,
        summary: 'One survey: questions with their average, who answered and their scores',
        params: SurveyIdParams,
        response: { 200: SurveyDetail, ...commonErrors },
      },
    },
    async (request) => surveyDetail(request.db, request.params.surveyId),
  );
  app.post(
    '/api/v1/evaluation/surveys',
    {
      config: write,
      schema: {
        operationId: 'createSatSurvey',
        tags,
        summary: 'Write a survey: questions and the suppliers asked',
        body: SurveyCreateBody,
        response: { 200: SurveyDetail, ...commonErrors },
      },
    },
    async (request) => createSurvey(request.db, request.caller, request.body),
  );
  app.put(
    '/api/v1/evaluation/surveys/:surveyId',
    {
      config: write,
      schema: {
        operationId: 'updateSatSurvey',
        tags,
        summary: 'Change a survey not yet opened (stale version: 409)',
        params: SurveyIdParams,
        body: SurveyUpdateBody,
        response: { 200: SurveyDetail, 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => changeSurvey(request.db, request.caller, request.params.surveyId, request.body),
  );
  for (const [action, op] of [
    ['open', 'openSatSurvey'],
    ['close', 'closeSatSurvey'],
  ] as const) {
    app.post(
      `/api/v1/evaluation/surveys/:surveyId/${action}`,
      {
        config: write,
        schema: {
          operationId: op,
          tags,
          summary: action === 'open' ? 'Open the survey to the suppliers asked' : 'Close the survey (no more answers)',
          params: SurveyIdParams,
          body: VersionOnly,
          response: { 200: SurveyDetail, 409: Type.Ref('ErrorBody'), ...commonErrors },
        },
      },
      async (request) => moveSurvey(request.db, request.caller, action, request.params.surveyId, request.body.version),
    );
  }

  // ── The supplier answers (OGPMS 회사정보 › 거래만족도 설문) ──
  // Staff read them too, from the internal address (their internal menu of these screens); answering stays the supplier's.
  const mineRead = { access: access.login([SCREENS.mySurveyList, SCREENS.mySurveyEdit], 'read') };
  app.get(
    '/api/v1/cyber/surveys',
    {
      config: mineRead,
      schema: {
        operationId: 'listMySurveys',
        tags,
        summary: 'Surveys my company is asked to answer (opened ones)',
        querystring: MySurveyListQuery,
        response: { 200: Type.Object({ rows: Type.Array(MySurveyRow), total: Type.Integer() }), ...commonErrors },
      },
    },
    async (request) => mySurveys(supplierView(request, request.query.compNo), request.query),
  );
  app.get(
    '/api/v1/cyber/surveys/:surveyId',
    {
      config: mineRead,
      schema: {
        operationId: 'getMySurvey',
        tags,
        summary:
          'One survey my company is asked to answer, with my answers; another company’s answers are never shown. Staff read compNo’s (required), with no actions',
        params: SurveyIdParams,
        querystring: MySurveyReadQuery,
        response: { 200: MySurveyDetail, ...commonErrors },
      },
    },
    async (request) => mySurveyOf(supplierViewOfOne(request, request.query.compNo), request.params.surveyId),
  );
  app.post(
    '/api/v1/cyber/surveys/:surveyId/answer',
    {
      config: { access: access.login([SCREENS.mySurveyEdit], 'write', ['X']), identityBound: true },
      schema: {
        operationId: 'answerMySurvey',
        tags,
        summary: 'Answer every question 1–5 (once, while the survey is open)',
        params: SurveyIdParams,
        body: MySurveyAnswerBody,
        response: { 200: MySurveyDetail, 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => answerSurvey(request.db, request.caller, request.params.surveyId, request.body, app.clock.now()),
  );
};
