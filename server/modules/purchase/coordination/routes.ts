import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../../http/access.js';
import { commonErrors } from '../../../http/error-schema.js';
import { pageWindow } from '../../../http/list-query.js';
import { supplierView } from '../../../http/supplier-view.js';
import { VersionBody } from '../../../domain/schemas.js';
import {
  AgreeBody,
  CoordinationList,
  CoordinationListQuery,
  CoordinationNoParams,
  CoordinationRequestBody,
  CoordinationRow,
  FailBody,
  MyCoordinationListQuery,
  StartTalksBody,
} from './schemas.js';
import {
  agreePriceCoordination,
  failPriceCoordination,
  listMyPriceCoordinations,
  listPriceCoordinations,
  requestPriceCoordination,
  startCoordinationTalks,
  withdrawPriceCoordination,
} from './service.js';

const COORDINATION_SCREEN = '/priceCoordinationList';
const MY_COORDINATION_SCREEN = '/myCoordinationList';

/**
 * 납품대금 조정협의 (상생협력법 §22의2, 하도급법 §16의2; docs/subcontracting.md): the supplier's requests on its 하도급
 * agreements and orders with their 10- and 30-day clocks, and the buyer's answers.
 */
export const coordinationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(CoordinationRow);
  const tags = ['agreement'];
  const row = { 200: Type.Ref('PriceCoordinationRow'), 409: Type.Ref('ErrorBody'), ...commonErrors };
  const buyerWrite = { access: access.login([COORDINATION_SCREEN], 'write', ['I']), identityBound: false };
  const supplierWrite = { access: access.login([MY_COORDINATION_SCREEN], 'write', ['X']), identityBound: false };
  // A request is also asked from the agreement's own screen, from the order's own view and from the order's written
  // contract (its e-contract).
  const requestWrite = {
    access: access.login(
      [MY_COORDINATION_SCREEN, '/CyberAgreementEdit', '/CyberOrderRequestEdit', '/contract/contractSign'],
      'write',
      ['X'],
    ),
    identityBound: false,
  };

  app.get(
    '/api/v1/price-coordinations',
    {
      config: { access: access.login([COORDINATION_SCREEN], 'read', ['I']) },
      schema: {
        operationId: 'listPriceCoordinations',
        tags,
        summary:
          'Suppliers’ 납품대금 조정협의 requests on agreements and orders (with the order’s written contract), newest first, with the talks (request + 10 days) and outcome (+ 30 days) due dates on the business day',
        querystring: CoordinationListQuery,
        response: { 200: CoordinationList, ...commonErrors },
      },
    },
    async (request) => listPriceCoordinations(request.db, request.query, pageWindow(request.query), app.clock.now()),
  );

  app.post(
    '/api/v1/price-coordinations/:coordinationNo/start-talks',
    {
      config: buyerWrite,
      schema: {
        operationId: 'startCoordinationTalks',
        tags,
        summary:
          '협의 개시: the day talks started (default the business day; not before the request, not in the future), by the agreement’s or order’s buyer or a purchasing manager with the version read',
        params: CoordinationNoParams,
        body: StartTalksBody,
        response: row,
      },
    },
    async (request) =>
      startCoordinationTalks(request.db, request.caller, request.params.coordinationNo, request.body, app.clock.now()),
  );

  app.post(
    '/api/v1/price-coordinations/:coordinationNo/agree',
    {
      config: buyerWrite,
      schema: {
        operationId: 'agreePriceCoordination',
        tags,
        summary:
          '합의: what was agreed, after talks started (new prices are written with the agreement’s changeAgreementPrices or the order’s change order), with the version read',
        params: CoordinationNoParams,
        body: AgreeBody,
        response: row,
      },
    },
    async (request) =>
      agreePriceCoordination(request.db, request.caller, request.params.coordinationNo, request.body, app.clock.now()),
  );

  app.post(
    '/api/v1/price-coordinations/:coordinationNo/fail',
    {
      config: buyerWrite,
      schema: {
        operationId: 'failPriceCoordination',
        tags,
        summary: '결렬 / 분쟁조정: why talks failed or were not held, with the version read',
        params: CoordinationNoParams,
        body: FailBody,
        response: row,
      },
    },
    async (request) =>
      failPriceCoordination(request.db, request.caller, request.params.coordinationNo, request.body, app.clock.now()),
  );

  /* ------------------------------ the supplier's side ------------------------------ */

  app.get(
    '/api/v1/cyber/price-coordinations',
    {
      config: { access: access.login([MY_COORDINATION_SCREEN], 'read') },
      schema: {
        operationId: 'listMyPriceCoordinations',
        tags,
        summary:
          'My company’s 납품대금 조정협의 requests with their due dates; staff: every supplier’s, or compNo’s, as the supplier sees them',
        querystring: MyCoordinationListQuery,
        response: { 200: CoordinationList, ...commonErrors },
      },
    },
    async (request) =>
      listMyPriceCoordinations(
        supplierView(request, request.query.compNo),
        request.query,
        pageWindow(request.query),
        app.clock.now(),
      ),
  );

  app.post(
    '/api/v1/cyber/price-coordinations',
    {
      config: requestWrite,
      schema: {
        operationId: 'requestPriceCoordination',
        tags,
        summary:
          'Ask for 납품대금 조정협의 on my active 하도급 agreement or on a running 하도급 order sent to me (another company’s: 404; cancelled or closed: 409 INVALID_STATE; not 하도급: 409 SUBCON_NOT_APPLICABLE; one open already: 409 COORDINATION_OPEN)',
        body: CoordinationRequestBody,
        response: row,
      },
    },
    async (request) => requestPriceCoordination(request.db, request.caller, request.body, app.clock.now()),
  );

  app.post(
    '/api/v1/cyber/price-coordinations/:coordinationNo/withdraw',
    {
      config: supplierWrite,
      schema: {
        operationId: 'withdrawPriceCoordination',
        tags,
        summary: 'Withdraw my open 납품대금 조정협의 request, with the version read',
        params: CoordinationNoParams,
        body: VersionBody,
        response: row,
      },
    },
    async (request) =>
      withdrawPriceCoordination(
        request.db,
        request.caller,
        request.params.coordinationNo,
        request.body.version,
        app.clock.now(),
      ),
  );
};
