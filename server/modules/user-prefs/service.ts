import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import type { Db } from '../../db/connect.js';
import { writeAudit } from '../../db/audit.js';
import { badRequest, conflict } from '../../http/errors.js';
import { deletePrefRow, findPref, insertPref, lockPref, updatePref } from './queries.js';

const MAX_PREF_BYTES = 16_384;

const versionConflict = (current: number) =>
  conflict('VERSION_CONFLICT', '다른 화면에서 먼저 저장했습니다. 다시 불러온 뒤 저장하세요', {
    currentVersion: current,
  });

/** My saved value of `key`, or version 0 and null when nothing is saved. */
export async function readPref(db: Db, userId: string, key: string) {
  const row = await findPref(db, userId, key);
  return row
    ? { key, value: row.value, version: row.version, updatedAt: row.updatedAt }
    : { key, value: null, version: 0, updatedAt: null };
}

/** Saves `value` under `key` with the version read (0 creates); a key with a known shape is checked against it. */
export async function savePref(
  db: Db,
  userId: string,
  key: string,
  value: unknown,
  version: number,
  shape: TSchema | undefined,
) {
  if (value === undefined || value === null)
    throw badRequest('VALIDATION', '저장할 값이 없습니다', [{ path: 'body/value', message: '저장할 값이 없습니다' }]);
  const json = JSON.stringify(value);
  if (Buffer.byteLength(json) > MAX_PREF_BYTES)
    throw badRequest('PREF_TOO_LARGE', `설정 값은 ${MAX_PREF_BYTES}바이트를 넘을 수 없습니다`, [
      { path: 'body/value', message: '값이 너무 큽니다' },
    ]);
  if (shape && !Value.Check(shape, value)) {
    const details = Value.Errors(shape, value)
      .slice(0, 20)
      .map((e) => ({ path: `body/value${e.instancePath}`, message: e.message }));
    throw badRequest('VALIDATION', '저장할 검색 조건이 올바르지 않습니다', details);
  }
  await db.transaction().execute(async (trx) => {
    const before = await lockPref(trx, userId, key);
    if ((before?.version ?? 0) !== version) throw versionConflict(before?.version ?? 0);
    if (before) await updatePref(trx, userId, key, json, before.version + 1);
    else await insertPref(trx, userId, key, json);
    await writeAudit(trx, {
      entity: 'user_pref',
      entityKey: `${userId}:${key}`,
      action: before ? 'UPDATE' : 'CREATE',
      actor: userId,
      before: before?.value,
      after: value,
    });
  });
  return readPref(db, userId, key);
}

/** Forgets `key` when `version` is the saved one (nothing saved: nothing to do). */
export async function deletePref(db: Db, userId: string, key: string, version: number) {
  await db.transaction().execute(async (trx) => {
    const before = await lockPref(trx, userId, key);
    if (!before) return;
    if (before.version !== version) throw versionConflict(before.version);
    await deletePrefRow(trx, userId, key);
    await writeAudit(trx, {
      entity: 'user_pref',
      entityKey: `${userId}:${key}`,
      action: 'DELETE',
      actor: userId,
      before: before.value,
    });
  });
  return readPref(db, userId, key);
}
