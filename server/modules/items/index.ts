import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { catalogueRoutes } from './catalogue/routes.js';
import { itemRoutes } from './master/routes.js';
import { proposalRoutes } from './proposals/routes.js';
import { applyDuePricesJob } from './proposals/jobs.js';
import type { JobDefinition } from '../../jobs/types.js';
import { uploadRoutes } from './upload/routes.js';
import { recoverUploadsJob } from './upload/jobs.js';

/** Items and catalogue (docs/items.md): masters, the item master, uploads and suppliers' proposals. */
export const itemsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(catalogueRoutes);
  await app.register(itemRoutes);
  await app.register(proposalRoutes);
  await app.register(uploadRoutes);
};

/** Background work of the catalogue (server/jobs/registry.ts). */
export const itemsJobs: JobDefinition[] = [applyDuePricesJob, recoverUploadsJob];
