import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type TSchema } from 'typebox';
import { access } from '../../http/access.js';
import { commonErrors } from '../../http/error-schema.js';
import { WarehousingFilter } from '../fulfilment/warehousing/schemas.js';
import { deletePref, readPref, savePref } from './service.js';

/**
 * Per-user preferences, such as a list screen's remembered search filter (spec §3: the saved
 * warehousing filter is remembered when the user comes back). Any logged-in user keeps their
 * own; a key a screen owns is checked against that screen's filter, others are free JSON.
 */
const KEY = Type.String({
  minLength: 1,
  maxLength: 100,
  pattern: '^[A-Za-z0-9][A-Za-z0-9_.:/-]*$',
  description: 'e.g. warehousingList.filter',
});

/** Keys whose value has a known shape. */
const KNOWN_PREFS: Readonly<Record<string, TSchema>> = {
  'warehousingList.filter': WarehousingFilter,
  'warehousingItemList.filter': WarehousingFilter,
  'warehousingListCopy.filter': WarehousingFilter,
  'warehousingItemListCopy.filter': WarehousingFilter,
};

const PrefAnswer = Type.Object(
  {
    key: Type.String(),
    value: Type.Unknown({ description: 'The saved value; null when nothing is saved' }),
    version: Type.Integer({ description: '0 when nothing is saved; send it back with PUT' }),
    updatedAt: Type.Union([Type.String(), Type.Null()]),
  },
  { $id: 'UserPref', title: 'UserPref' },
);

export const userPrefRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(PrefAnswer);
  const Params = Type.Object({ key: KEY }, { additionalProperties: false });

  app.get(
    '/api/v1/userPrefs/:key',
    {
      config: { access: access.login([], 'read') },
      schema: {
        operationId: 'getUserPref',
        tags: ['user prefs'],
        summary: 'My saved preference (a remembered filter …)',
        params: Params,
        response: { 200: Type.Ref('UserPref'), ...commonErrors },
      },
    },
    async (request) => readPref(app.dbh.db, request.caller!.userId, request.params.key),
  );

  app.put(
    '/api/v1/userPrefs/:key',
    {
      config: { access: access.login([], 'read'), identityBound: true },
      schema: {
        operationId: 'putUserPref',
        tags: ['user prefs'],
        summary: 'Save my preference; version 0 creates, the current version replaces (stale: 409)',
        params: Params,
        body: Type.Object(
          { value: Type.Unknown(), version: Type.Integer({ minimum: 0 }) },
          { additionalProperties: false },
        ),
        response: { 200: Type.Ref('UserPref'), 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) =>
      savePref(
        app.dbh.db,
        request.caller!.userId,
        request.params.key,
        request.body.value,
        request.body.version,
        Object.hasOwn(KNOWN_PREFS, request.params.key) ? KNOWN_PREFS[request.params.key] : undefined,
      ),
  );

  app.delete(
    '/api/v1/userPrefs/:key',
    {
      config: { access: access.login([], 'read'), identityBound: true },
      schema: {
        operationId: 'deleteUserPref',
        tags: ['user prefs'],
        summary: 'Forget my preference (stale version: 409)',
        params: Params,
        querystring: Type.Object({ version: Type.Integer({ minimum: 1 }) }, { additionalProperties: false }),
        response: { 200: Type.Ref('UserPref'), 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => deletePref(app.dbh.db, request.caller!.userId, request.params.key, request.query.version),
  );
};
