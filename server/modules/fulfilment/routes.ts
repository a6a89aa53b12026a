import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { dataDownloadRoutes } from './data-download/routes.js';
import { DeliverySchemas } from './delivery/schemas.js';
import { deliveryRoutes } from './delivery/routes.js';
import { PostingSchemas } from './posting/schemas.js';
import { postingRoutes } from './posting/routes.js';
import { SettlementSchemas } from './settlement/schemas.js';
import { settlementRoutes } from './settlement/routes.js';
import { statementRoutes } from './statement/routes.js';
import { WarehousingSchemas } from './warehousing/schemas.js';
import { warehousingRoutes } from './warehousing/routes.js';

/**
 * Procure-to-pay after the order (docs/fulfilment.md): deliveries, goods receipts, monthly
 * settlements and adjustments, ERP posting, statements and extracts. The shared row schemas
 * are registered here once, so every sub-module can refer to them.
 */
export const fulfilmentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  for (const schema of [...DeliverySchemas, ...WarehousingSchemas, ...SettlementSchemas, ...PostingSchemas])
    app.addSchema(schema);
  await app.register(deliveryRoutes);
  await app.register(warehousingRoutes);
  await app.register(settlementRoutes);
  await app.register(postingRoutes);
  await app.register(statementRoutes);
  await app.register(dataDownloadRoutes);
};
