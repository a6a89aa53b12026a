import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../http/access.js';
import { commonErrors } from '../../http/error-schema.js';
import {
  AccountActionBody,
  AuthGroupChoices,
  SessionIdParams,
  SessionListQuery,
  SessionRow,
  UserIdParams,
  UserListQuery,
  UserRow,
} from './schemas.js';
import { authGroupChoices, changeAccountState, forceLogout, searchSessions, searchUsers } from './service.js';

const SESSION_SCREEN = '/portal/author/userSessionManage';
const USER_SCREEN = '/portal/author/authUserManage';
const BLOCK_SCREENS = ['/portal/ogpmsManage/userBlock', USER_SCREEN];

/** Live sessions and accounts: force logout, unlock, block and unblock (DESIGN §5). */
export const portalUserRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(SessionRow);
  app.addSchema(UserRow);

  app.get(
    '/api/v1/portal/sessions',
    {
      config: { access: access.login([SESSION_SCREEN], 'read', ['I']) },
      schema: {
        operationId: 'listSessions',
        tags: ['portal'],
        summary: 'Sessions, open ones first',
        querystring: SessionListQuery,
        response: {
          200: Type.Object({ rows: Type.Array(Type.Ref('SessionRow')), total: Type.Integer() }),
          ...commonErrors,
        },
      },
    },
    async (request) => searchSessions(app.dbh.db, request.query),
  );

  app.post(
    '/api/v1/portal/sessions/:sessionId/end',
    {
      config: { access: access.login([SESSION_SCREEN], 'write', ['I']), identityBound: true },
      schema: {
        operationId: 'endSession',
        tags: ['portal'],
        summary: 'Force logout: the session ends at once',
        params: SessionIdParams,
        response: { 200: Type.Ref('Ok'), ...commonErrors },
      },
    },
    async (request) => forceLogout(app.dbh.db, request.caller!, request.params.sessionId),
  );

  app.get(
    '/api/v1/users',
    {
      config: { access: access.login([USER_SCREEN, ...BLOCK_SCREENS], 'read') },
      schema: {
        operationId: 'listUsers',
        tags: ['portal'],
        summary:
          'Accounts of both portals with their authority group, use flag and state (a supplier admin sees its own company)',
        querystring: UserListQuery,
        response: {
          200: Type.Object({ rows: Type.Array(Type.Ref('UserRow')), total: Type.Integer() }),
          ...commonErrors,
        },
      },
    },
    async (request) => searchUsers(request.db, request.query),
  );

  app.get(
    '/api/v1/portal/auth-groups',
    {
      config: { access: access.login([USER_SCREEN, ...BLOCK_SCREENS, SESSION_SCREEN], 'read') },
      schema: {
        operationId: 'listAuthGroups',
        tags: ['portal'],
        summary: 'Authority groups (id and name) for filters and choices; a supplier sees its portal’s groups',
        response: { 200: AuthGroupChoices, ...commonErrors },
      },
    },
    async (request) => authGroupChoices(request.db, request.caller!),
  );

  const accountAction = (action: 'unlock' | 'block' | 'unblock', screens: string[], summary: string) =>
    app.post(
      `/api/v1/users/:userId/${action}`,
      {
        config: { access: access.login(screens, 'write'), identityBound: true },
        schema: {
          operationId: `${action}User`,
          tags: ['portal'],
          summary,
          params: UserIdParams,
          body: AccountActionBody,
          response: { 200: Type.Ref('UserRow'), 409: Type.Ref('ErrorBody'), ...commonErrors },
        },
      },
      async (request) => changeAccountState(request.db, request.caller!, request.params.userId, action, request.body),
    );

  accountAction('unlock', [USER_SCREEN], 'Unlock an account locked after repeated wrong passwords (AUTH102)');
  accountAction('block', BLOCK_SCREENS, 'Block a user: the account stops working and its sessions end at once');
  accountAction('unblock', BLOCK_SCREENS, 'Unblock a user');
};
