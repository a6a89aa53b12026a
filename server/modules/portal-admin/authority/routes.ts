import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../../http/access.js';
import { commonErrors } from '../../../http/error-schema.js';
import { CursorAnswer } from '../../../http/list-query.js';
import {
  AdminAuditQuery,
  AdminAuditRow,
  AdminGroupRow,
  GroupCreateBody,
  GroupListQuery,
  GroupParams,
  GroupUpdateBody,
  MenuAuthCopyBody,
  MenuAuthListQuery,
  MenuAuthRow,
  MenuAuthSaveBody,
  MenuAuthSaved,
  VersionQuery,
} from '../schemas.js';
import { AUDIT_SCREEN, AUTHORITY_SCREEN, GROUP_SCREEN } from '../rules.js';
import {
  adminAudit,
  changeGroup,
  copyGroupMenuAuth,
  createGroup,
  deleteGroup,
  groupMenuAuth,
  listGroups,
  saveGroupMenuAuth,
} from './service.js';
import { asOwner } from '../../../db/company-scope.js';

/**
 * authorGroupManage, authMenuManage and the administration change log. A supplier's administrator
 * manages its portal's groups and grants, tables the supplier role is refused: those operations run as
 * the owner (`asOwner`), the service keeping them to the caller's portals.
 */
export const adminAuthorityRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(AdminGroupRow);
  app.addSchema(MenuAuthRow);
  app.addSchema(MenuAuthSaved);
  app.addSchema(AdminAuditRow);
  const groupScreens = [GROUP_SCREEN, AUTHORITY_SCREEN];

  app.get(
    '/api/v1/portal/admin/auth-groups',
    {
      config: { access: access.login(groupScreens, 'read') },
      schema: {
        operationId: 'listAdminAuthGroups',
        tags: ['portal-admin'],
        summary: 'Authority groups (inactive too) of the portals the caller manages, with their user counts',
        querystring: GroupListQuery,
        response: {
          200: Type.Object({ rows: Type.Array(Type.Ref('AdminGroupRow')), total: Type.Integer() }),
          ...commonErrors,
        },
      },
    },
    async (request) => listGroups(request.db, request.caller!, request.query),
  );

  app.post(
    '/api/v1/portal/admin/auth-groups',
    {
      config: { access: access.login([GROUP_SCREEN], 'write'), identityBound: true },
      schema: {
        operationId: 'createAuthGroup',
        tags: ['portal-admin'],
        summary: 'Add an authority group (duplicate code: 409)',
        body: GroupCreateBody,
        response: { 200: Type.Ref('AdminGroupRow'), 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => createGroup(asOwner(request.db), request.caller!, request.body),
  );

  app.put(
    '/api/v1/portal/admin/auth-groups/:authGroupId',
    {
      config: { access: access.login([GROUP_SCREEN], 'write'), identityBound: true },
      schema: {
        operationId: 'updateAuthGroup',
        tags: ['portal-admin'],
        summary: 'Change or deactivate an authority group (the system group stays active; stale version: 409)',
        params: GroupParams,
        body: GroupUpdateBody,
        response: { 200: Type.Ref('AdminGroupRow'), 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => changeGroup(asOwner(request.db), request.caller!, request.params.authGroupId, request.body),
  );

  app.delete(
    '/api/v1/portal/admin/auth-groups/:authGroupId',
    {
      config: { access: access.login([GROUP_SCREEN], 'write'), identityBound: true },
      schema: {
        operationId: 'deleteAuthGroup',
        tags: ['portal-admin'],
        summary: 'Remove an authority group no user belongs to (never the system group; stale version: 409)',
        params: GroupParams,
        querystring: VersionQuery,
        response: { 200: Type.Ref('Ok'), 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) =>
      deleteGroup(asOwner(request.db), request.caller!, request.params.authGroupId, request.query.version),
  );

  app.get(
    '/api/v1/portal/admin/auth-groups/:authGroupId/menus',
    {
      config: { access: access.login([AUTHORITY_SCREEN], 'read') },
      schema: {
        operationId: 'listGroupMenuAuth',
        tags: ['portal-admin'],
        summary:
          'Every screen menu (leaf) of the group’s portal, in tree order and named by its path, with the group’s read and write',
        params: GroupParams,
        querystring: MenuAuthListQuery,
        response: {
          200: Type.Object({ rows: Type.Array(Type.Ref('MenuAuthRow')), total: Type.Integer() }),
          ...commonErrors,
        },
      },
    },
    async (request) => groupMenuAuth(asOwner(request.db), request.caller!, request.params.authGroupId, request.query),
  );

  app.put(
    '/api/v1/portal/admin/auth-groups/:authGroupId/menus',
    {
      config: { access: access.login([AUTHORITY_SCREEN], 'write'), identityBound: true },
      schema: {
        operationId: 'saveGroupMenuAuth',
        tags: ['portal-admin'],
        summary:
          'Save a group’s read and write on the leaves sent, as one change (stale group version: 409; leaving no authority administrator: 409)',
        params: GroupParams,
        body: MenuAuthSaveBody,
        response: { 200: Type.Ref('MenuAuthSaved'), 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) =>
      saveGroupMenuAuth(asOwner(request.db), request.caller!, request.params.authGroupId, request.body),
  );

  app.post(
    '/api/v1/portal/admin/auth-groups/:authGroupId/menus/copy',
    {
      config: { access: access.login([AUTHORITY_SCREEN], 'write'), identityBound: true },
      schema: {
        operationId: 'copyGroupMenuAuth',
        tags: ['portal-admin'],
        summary: 'Replace a group’s grants with another group’s of the same portal, as one change (stale version: 409)',
        params: GroupParams,
        body: MenuAuthCopyBody,
        response: { 200: Type.Ref('MenuAuthSaved'), 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) =>
      copyGroupMenuAuth(asOwner(request.db), request.caller!, request.params.authGroupId, request.body),
  );

  app.get(
    '/api/v1/portal/admin/audit',
    {
      config: { readOnlyList: true, access: access.login([AUDIT_SCREEN], 'read', ['I']) },
      schema: {
        operationId: 'listAdminAudit',
        tags: ['portal-admin'],
        summary:
          'Administrative changes (menus, authority groups, menu authority, board posts): who, when, before, after',
        querystring: AdminAuditQuery,
        response: {
          200: Type.Object({ rows: Type.Array(Type.Ref('AdminAuditRow')), total: Type.Integer(), ...CursorAnswer }),
          ...commonErrors,
        },
      },
    },
    async (request) => adminAudit(request.db, request.query),
  );
};
