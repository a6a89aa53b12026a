import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { contractRoutes } from './contracts/routes.js';
import { settingRoutes } from './setting/routes.js';
import { surveyRoutes } from './surveys/routes.js';
import { totalRoutes } from './totals/routes.js';
import { workRoutes } from './work/routes.js';

/** Supplier evaluation (docs/evaluation.md). */
export const evaluationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(settingRoutes);
  await app.register(workRoutes);
  await app.register(totalRoutes);
  await app.register(contractRoutes);
  await app.register(surveyRoutes);
};
