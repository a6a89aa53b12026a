import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../../http/access.js';
import { commonErrors } from '../../../http/error-schema.js';
import { SupplierUserActionBody, SupplierUserParams, SupplierUserQuery, SupplierUserRow } from './schemas.js';
import { changeSupplierUser, searchSupplierUsers } from './service.js';

/** Supplier users per company: list, lock, unlock and reset (service.ts). */
const SCREENS = ['/portal/ogpmsManage/compUserManage', '/compUserManageList'];
const tags = ['portal'];

const ACTIONS = {
  lock: {
    operationId: 'lockSupplierUser',
    summary: 'Lock a supplier user: no login until unlocked; its sessions end at once',
  },
  unlock: {
    operationId: 'unlockSupplierUser',
    summary: 'Unlock a supplier user (an administrator’s lock and the temporary locks after wrong passwords)',
  },
  reset: {
    operationId: 'resetSupplierUserPassword',
    summary:
      'Reset a supplier user’s password: the old one stops working, sessions end, and the user is told by e-mail to set a new one with a reset code',
  },
} as const;

export const supplierUserRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/v1/supplier-users',
    {
      config: { access: access.login(SCREENS, 'read') },
      schema: {
        operationId: 'listSupplierUsers',
        tags,
        summary:
          'Supplier portal users with company, lock and password state; staff see every company, a supplier admin its own',
        querystring: SupplierUserQuery,
        response: { 200: Type.Object({ rows: Type.Array(SupplierUserRow), total: Type.Integer() }), ...commonErrors },
      },
    },
    async (request) => searchSupplierUsers(request.db, request.query),
  );

  for (const action of ['lock', 'unlock', 'reset'] as const) {
    app.post(
      `/api/v1/supplier-users/:userId/${action}`,
      {
        config: { access: access.login(SCREENS, 'write'), identityBound: true },
        schema: {
          ...ACTIONS[action],
          tags,
          params: SupplierUserParams,
          body: SupplierUserActionBody,
          response: { 200: SupplierUserRow, 409: Type.Ref('ErrorBody'), ...commonErrors },
        },
      },
      async (request) =>
        changeSupplierUser(app, request.db, request.caller!, request.params.userId, action, request.body),
    );
  }
};
