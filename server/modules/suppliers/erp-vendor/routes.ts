import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../../http/access.js';
import { commonErrors } from '../../../http/error-schema.js';
import { VersionBody } from '../../../domain/schemas.js';
import { postingWindowMs } from '../../fulfilment/posting/connector.js';
import { createVendorConnector, type VendorConnector } from '../erp-vendor-connector.js';
import { ERP_SCREENS } from '../screens.js';
import { AppNoParams, ErpAppCreateBody, ErpAppDetail, ErpAppList, ErpAppListQuery } from '../schemas.js';
import {
  createErpVendorApp,
  erpVendorApp,
  searchErpVendorApps,
  sendErpVendorApp,
  type ErpVendorDeps,
} from './service.js';

const SCREENS = Object.values(ERP_SCREENS);
const tags = ['suppliers'];

/**
 * ERP vendor applications (/compGerpAppList, /compGerpAppEdit): a trading supplier is created in
 * the ERP's vendor master exactly once (service.ts sendErpVendorApp says how).
 */
export const erpVendorRoutes: FastifyPluginAsyncTypebox<{ connector?: VendorConnector }> = async (app, opts) => {
  const deps: ErpVendorDeps = {
    connector: opts.connector ?? createVendorConnector(app.config),
    windowMs: postingWindowMs(app.config),
  };

  app.get(
    '/api/v1/erp-vendor-apps',
    {
      config: { access: access.login(SCREENS, 'read', ['I']) },
      schema: {
        operationId: 'listErpVendorApps',
        tags,
        summary: 'ERP vendor applications (compGerpAppList): state, ERP vendor number, last failure',
        querystring: ErpAppListQuery,
        response: { 200: ErpAppList, ...commonErrors },
      },
    },
    async (request) => searchErpVendorApps(request.db, deps, request.query, request.caller!),
  );

  app.get(
    '/api/v1/erp-vendor-apps/:appNo',
    {
      config: { access: access.login(SCREENS, 'read', ['I']) },
      schema: {
        operationId: 'getErpVendorApp',
        tags,
        summary: 'One ERP vendor application (compGerpAppEdit)',
        params: AppNoParams,
        response: { 200: ErpAppDetail, ...commonErrors },
      },
    },
    async (request) => erpVendorApp(request.db, deps, request.params.appNo, request.caller!),
  );

  app.post(
    '/api/v1/erp-vendor-apps',
    {
      config: { access: access.login([ERP_SCREENS.edit], 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'createErpVendorApp',
        tags,
        summary: 'Apply to create a trading supplier in the ERP vendor master (one application per supplier)',
        body: ErpAppCreateBody,
        response: { 200: ErpAppDetail, 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => createErpVendorApp(request.db, deps, request.body, request.caller!, app.clock.now()),
  );

  app.post(
    '/api/v1/erp-vendor-apps/:appNo/send',
    {
      config: { access: access.login([ERP_SCREENS.edit, ERP_SCREENS.list], 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'sendErpVendorApp',
        tags,
        summary:
          'Send the application to the ERP (once; a failed one again, with the same Idempotency-Key); failure: 424 ERP_VENDOR_FAILED with the ERP’s message, recorded',
        params: AppNoParams,
        body: VersionBody,
        response: { 200: ErpAppDetail, 409: Type.Ref('ErrorBody'), 424: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => sendErpVendorApp(request.db, deps, request.params.appNo, request.body.version, request.caller!),
  );
};
