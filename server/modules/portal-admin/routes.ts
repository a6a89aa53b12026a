import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { adminAuthorityRoutes } from './authority.js';
import { boardRoutes } from './boards.js';
import { adminMenuRoutes } from './menus.js';
import { templateSampleRoutes } from './templates.js';

/** Portal administration (issue 17): menus, authority groups, menu authority, the change log and the boards. */
export const portalAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(adminMenuRoutes);
  await app.register(adminAuthorityRoutes);
  await app.register(boardRoutes);
  await app.register(templateSampleRoutes);
};
