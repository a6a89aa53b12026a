import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { contractRoutes } from './contracts.js';
import { settingRoutes } from './setting.js';
import { surveyRoutes } from './surveys.js';
import { totalRoutes } from './totals.js';
import { workRoutes } from './work.js';

/** Supplier evaluation (issue #10, docs/evaluation.md). */
export const evaluationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(settingRoutes);
  await app.register(workRoutes);
  await app.register(totalRoutes);
  await app.register(contractRoutes);
  await app.register(surveyRoutes);
};
