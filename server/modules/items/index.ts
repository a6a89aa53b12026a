import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { catalogueRoutes } from './catalogue.js';
import { itemRoutes } from './items.js';
import { applyDuePricesJob, proposalRoutes } from './proposals.js';
import type { JobDefinition } from '../../jobs/types.js';
import { recoverUploadsJob, uploadRoutes } from './upload/routes.js';

/** Items and catalogue (docs/items.md): masters, the item master, uploads and suppliers' proposals. */
export const itemsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(catalogueRoutes);
  await app.register(itemRoutes);
  await app.register(proposalRoutes);
  await app.register(uploadRoutes);
};

/** Background work of the catalogue (server/jobs/registry.ts). */
export const itemsJobs: JobDefinition[] = [applyDuePricesJob, recoverUploadsJob];
