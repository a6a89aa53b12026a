import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { adminAuthorityRoutes } from './authority/routes.js';
import { boardRoutes } from './boards/routes.js';
import { adminMenuRoutes } from './menus/routes.js';
import { templateSampleRoutes } from './templates/routes.js';

/** Portal administration (issue 17): menus, authority groups, menu authority, the change log and the boards. */
export const portalAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(adminMenuRoutes);
  await app.register(adminAuthorityRoutes);
  await app.register(boardRoutes);
  await app.register(templateSampleRoutes);
};
