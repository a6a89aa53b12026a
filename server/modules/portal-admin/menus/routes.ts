import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../../http/access.js';
import { commonErrors } from '../../../http/error-schema.js';
import {
  AdminMenuRow,
  AdminMenuSaved,
  MenuCreateBody,
  MenuListQuery,
  MenuMoveBody,
  MenuParams,
  MenuUpdateBody,
  VersionQuery,
} from '../schemas.js';
import { MENU_SCREEN } from '../rules.js';
import { changeMenu, createMenu, deleteMenu, listAdminMenus, reorderMenu } from './service.js';
import { asOwner } from '../../../db/company-scope.js';

/**
 * menuManage: the menu tree of both portals (a supplier's administrator: its portal's, as the owner —
 * the supplier role is refused the menu tables). Every change is one transaction with an audit row,
 * and is read by the next login check, menu load and API call (nothing caches menus: see
 * server/auth/menu-authority.ts).
 */
export const adminMenuRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(AdminMenuRow);
  app.addSchema(AdminMenuSaved);
  const saved = { 200: Type.Ref('AdminMenuSaved'), 409: Type.Ref('ErrorBody'), ...commonErrors };

  app.get(
    '/api/v1/portal/admin/menus',
    {
      config: { access: access.login([MENU_SCREEN], 'read') },
      schema: {
        operationId: 'listAdminMenus',
        tags: ['portal-admin'],
        summary: 'Every menu (inactive too) of the portals the caller manages, in tree order',
        querystring: MenuListQuery,
        response: {
          200: Type.Object({ rows: Type.Array(Type.Ref('AdminMenuRow')), total: Type.Integer() }),
          ...commonErrors,
        },
      },
    },
    async (request) => listAdminMenus(request.db, request.caller!, request.query),
  );

  app.post(
    '/api/v1/portal/admin/menus',
    {
      config: { access: access.login([MENU_SCREEN], 'write'), identityBound: true },
      schema: {
        operationId: 'createMenu',
        tags: ['portal-admin'],
        summary: 'Add a menu (duplicate pgmId: 409; a cycle, a URL with a scheme: 400; an unknown route: a warning)',
        body: MenuCreateBody,
        response: saved,
      },
    },
    async (request) => createMenu(asOwner(request.db), request.caller!, request.body),
  );

  app.put(
    '/api/v1/portal/admin/menus/:pgmId',
    {
      config: { access: access.login([MENU_SCREEN], 'write'), identityBound: true },
      schema: {
        operationId: 'updateMenu',
        tags: ['portal-admin'],
        summary: 'Change, move (parentId) or deactivate a menu (stale version: 409; a cycle: 400)',
        params: MenuParams,
        body: MenuUpdateBody,
        response: saved,
      },
    },
    async (request) => changeMenu(asOwner(request.db), request.caller!, request.params.pgmId, request.body),
  );

  app.post(
    '/api/v1/portal/admin/menus/:pgmId/move',
    {
      config: { access: access.login([MENU_SCREEN], 'write'), identityBound: true },
      schema: {
        operationId: 'reorderMenu',
        tags: ['portal-admin'],
        summary: 'Move a menu one place up or down among its siblings (stale version: 409)',
        params: MenuParams,
        body: MenuMoveBody,
        response: saved,
      },
    },
    async (request) => reorderMenu(asOwner(request.db), request.caller!, request.params.pgmId, request.body),
  );

  app.delete(
    '/api/v1/portal/admin/menus/:pgmId',
    {
      config: { access: access.login([MENU_SCREEN], 'write'), identityBound: true },
      schema: {
        operationId: 'deleteMenu',
        tags: ['portal-admin'],
        summary: 'Remove a menu without children, with its grants (stale version: 409)',
        params: MenuParams,
        querystring: VersionQuery,
        response: { 200: Type.Ref('Ok'), 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => deleteMenu(asOwner(request.db), request.caller!, request.params.pgmId, request.query.version),
  );
};
