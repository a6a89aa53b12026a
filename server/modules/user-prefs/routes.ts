import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { writeAudit } from '../../db/audit.js';
import { access } from '../../http/access.js';
import { commonErrors } from '../../http/error-schema.js';
import { badRequest, conflict } from '../../http/errors.js';
import { WarehousingFilter } from '../fulfilment/warehousing/schemas.js';

/**
 * Per-user preferences, such as a list screen's remembered search filter (spec §3: the saved
 * warehousing filter is remembered when the user comes back). Any logged-in user keeps their
 * own; a key a screen owns is checked against that screen's filter, others are free JSON.
 */
const MAX_BYTES = 16_384;
const KEY = Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9][A-Za-z0-9_.:/-]*$', description: 'e.g. warehousingList.filter' });

/** Keys whose value has a known shape. */
export const KNOWN_PREFS: Readonly<Record<string, TSchema>> = {
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

const versionConflict = (current: number) => conflict('VERSION_CONFLICT', '다른 화면에서 먼저 저장했습니다. 다시 불러온 뒤 저장하세요', { currentVersion: current });

export const userPrefRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(PrefAnswer);
  const Params = Type.Object({ key: KEY }, { additionalProperties: false });

  const read = async (userId: string, key: string) => {
    const row = await app.dbh.db.selectFrom('userPref').select(['value', 'version', 'updatedAt']).where('userId', '=', userId).where('prefKey', '=', key).executeTakeFirst();
    return row ? { key, value: row.value, version: row.version, updatedAt: row.updatedAt.toISOString() } : { key, value: null, version: 0, updatedAt: null };
  };

  app.get('/api/v1/userPrefs/:key', {
    config: { access: access.login([], 'read') },
    schema: { operationId: 'getUserPref', tags: ['user prefs'], summary: 'My saved preference (a remembered filter …)', params: Params, response: { 200: Type.Ref('UserPref'), ...commonErrors } },
  }, async (request) => read(request.caller!.userId, request.params.key));

  app.put('/api/v1/userPrefs/:key', {
    config: { access: access.login([], 'read') },
    schema: {
      operationId: 'putUserPref', tags: ['user prefs'], summary: 'Save my preference; version 0 creates, the current version replaces (stale: 409)',
      params: Params,
      body: Type.Object({ value: Type.Unknown(), version: Type.Integer({ minimum: 0 }) }, { additionalProperties: false }),
      response: { 200: Type.Ref('UserPref'), 409: Type.Ref('ErrorBody'), ...commonErrors },
    },
  }, async (request) => {
    const userId = request.caller!.userId;
    const { key } = request.params;
    const { value, version } = request.body;
    if (value === undefined || value === null) throw badRequest('VALIDATION', '저장할 값이 없습니다', [{ path: 'body/value', message: '저장할 값이 없습니다' }]);
    const json = JSON.stringify(value);
    if (Buffer.byteLength(json) > MAX_BYTES) throw badRequest('PREF_TOO_LARGE', `설정 값은 ${MAX_BYTES}바이트를 넘을 수 없습니다`, [{ path: 'body/value', message: '값이 너무 큽니다' }]);
    const schema = KNOWN_PREFS[key];
    if (schema && !Value.Check(schema, value)) {
      const details = Value.Errors(schema, value).slice(0, 20).map((e) => ({ path: `body/value${e.instancePath}`, message: e.message }));
      throw badRequest('VALIDATION', '저장할 검색 조건이 올바르지 않습니다', details);
    }
    await app.dbh.db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom('userPref').select(['version', 'value']).where('userId', '=', userId).where('prefKey', '=', key).forUpdate().executeTakeFirst();
      if ((before?.version ?? 0) !== version) throw versionConflict(before?.version ?? 0);
      if (before) await trx.updateTable('userPref').set({ value: json, version: before.version + 1, updatedAt: new Date() }).where('userId', '=', userId).where('prefKey', '=', key).execute();
      else await trx.insertInto('userPref').values({ userId, prefKey: key, value: json }).execute();
      await writeAudit(trx, { entity: 'user_pref', entityKey: `${userId}:${key}`, action: before ? 'UPDATE' : 'CREATE', actor: userId, before: before?.value, after: value });
    });
    return read(userId, key);
  });

  app.delete('/api/v1/userPrefs/:key', {
    config: { access: access.login([], 'read') },
    schema: {
      operationId: 'deleteUserPref', tags: ['user prefs'], summary: 'Forget my preference (stale version: 409)', params: Params,
      querystring: Type.Object({ version: Type.Integer({ minimum: 1 }) }, { additionalProperties: false }),
      response: { 200: Type.Ref('UserPref'), 409: Type.Ref('ErrorBody'), ...commonErrors },
    },
  }, async (request) => {
    const userId = request.caller!.userId;
    const { key } = request.params;
    await app.dbh.db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom('userPref').select(['version', 'value']).where('userId', '=', userId).where('prefKey', '=', key).forUpdate().executeTakeFirst();
      if (!before) return;
      if (before.version !== request.query.version) throw versionConflict(before.version);
      await trx.deleteFrom('userPref').where('userId', '=', userId).where('prefKey', '=', key).execute();
      await writeAudit(trx, { entity: 'user_pref', entityKey: `${userId}:${key}`, action: 'DELETE', actor: userId, before: before.value });
    });
    return read(userId, key);
  });
};
