/**
 * The 기준 지표 a 납품대금 연동 clause names and their values (docs/subcontracting.md "납품대금 연동"): a company adds
 * an index once and enters its values as they are published; a day's value entered again replaces it (both are
 * audited). The clauses themselves are the agreement module's.
 */
import type { Static } from 'typebox';
import type { Caller } from '../../../auth/plugin.js';
import { writeAudit, writeAudits } from '../../../db/audit.js';
import type { Db } from '../../../db/connect.js';
import { internalActor } from '../../../domain/actor.js';
import { checkDate, todayKst } from '../../../domain/dates.js';
import { failIf, refused, type FieldError } from '../../../domain/errors.js';
import { decimalProblem, requireText, text, type DecimalRule } from '../../../domain/values.js';
import { findIndex, indexValueRows, insertIndex, lockIndexValues, upsertIndexValues } from './queries.js';
import type { IndexBody, IndexValueBody } from './schemas.js';

const CODE = /^[A-Z0-9_-]{1,20}$/;
const VALUE: DecimalRule = { label: '지표값', scale: 4, intDigits: 14, sign: 'positive' };
export async function listIndexValues(
  db: Db,
  f: { indexCode?: string; valueDate?: string },
  w: { limit: number; offset: number },
) {
  const filter = { indexCode: text(f.indexCode)?.toUpperCase() ?? null, valueDate: f.valueDate };
  const { rows, total } = await indexValueRows(db, filter, w);
  return { rows: rows.map((r) => ({ valueKey: `${r.indexCode}:${r.valueDate}`, ...r })), total };
}

export async function createLinkageIndex(db: Db, caller: Caller | null, b: Static<typeof IndexBody>, now: Date) {
  const actor = await internalActor(db, caller);
  const errors: FieldError[] = [];
  const indexCode = b.indexCode.trim().toUpperCase();
  if (!CODE.test(indexCode))
    errors.push({ path: 'body/indexCode', message: '지표 코드는 영문 대문자, 숫자, _, - 로 20자 이내로 입력하세요' });
  requireText(errors, 'body/indexName', b.indexName, '지표명');
  requireText(errors, 'body/unit', b.unit, '단위');
  requireText(errors, 'body/source', b.source, '출처');
  failIf(errors);
  const row = { indexCode, indexName: b.indexName.trim(), unit: b.unit.trim(), source: b.source.trim() };
  await db.transaction().execute(async (trx) => {
    if (await findIndex(trx, indexCode))
      throw refused('LINKAGE_INDEX_DUPLICATE', `이미 있는 지표 코드입니다: ${indexCode}`, { indexCode });
    await insertIndex(trx, { ...row, updatedBy: actor.userId, updatedAt: now });
    await writeAudit(trx, {
      entity: 'linkage_index',
      entityKey: indexCode,
      action: 'CREATE',
      actor: actor.userId,
      after: row,
    });
  });
  return (await findIndex(db, indexCode))!;
}

/**
 * A day's value checked (the fields' paths given: a body's, or a file row's): a real day not after the business
 * day, above 0 with at most 4 decimals. Answers the day, or null when it is wrong.
 */
export function checkIndexValue(
  errors: FieldError[],
  at: { valueDate: string; value: string },
  v: { valueDate: string; value: string },
  today: string,
): string | null {
  const valueDate = checkDate(errors, at.valueDate, v.valueDate, '기준일', { required: true });
  const future = valueDate !== null && valueDate > today;
  if (future) errors.push({ path: at.valueDate, message: '지표값은 오늘 이후 날짜로 입력할 수 없습니다' });
  const problem = decimalProblem(v.value, VALUE);
  if (problem) errors.push({ path: at.value, message: problem });
  return future ? null : valueDate;
}

/**
 * Writes checked days' values, each replacing the day's, with an audit row each (VALUE, or VALUE_CHANGE with the
 * value replaced): one typed by hand, or the rows of a file, in a few statements however many (import.ts).
 * Answers each one's outcome, in order.
 */
export async function writeIndexValues(
  trx: Db,
  values: ReadonlyArray<{ indexCode: string; valueDate: string; value: string }>,
  actor: string,
  now: Date,
): Promise<Array<'CREATED' | 'REPLACED'>> {
  const had = new Map(
    (
      await lockIndexValues(
        trx,
        [...new Set(values.map((v) => v.indexCode))],
        [...new Set(values.map((v) => v.valueDate))],
      )
    ).map((r) => [`${r.indexCode}:${r.valueDate}`, r.value]),
  );
  await upsertIndexValues(
    trx,
    values.map((v) => ({ ...v, updatedBy: actor, updatedAt: now })),
  );
  const before = values.map((v) => had.get(`${v.indexCode}:${v.valueDate}`) ?? null);
  await writeAudits(
    trx,
    values.map((v, i) => ({
      entity: 'linkage_index',
      entityKey: v.indexCode,
      action: before[i] === null ? 'VALUE' : 'VALUE_CHANGE',
      actor,
      before: before[i] === null ? undefined : { valueDate: v.valueDate, value: before[i] },
      after: { valueDate: v.valueDate, value: v.value },
    })),
  );
  return before.map((b) => (b === null ? 'CREATED' : 'REPLACED'));
}

export async function setLinkageIndexValue(db: Db, caller: Caller | null, b: Static<typeof IndexValueBody>, now: Date) {
  const actor = await internalActor(db, caller);
  const errors: FieldError[] = [];
  const indexCode = b.indexCode.trim().toUpperCase();
  const valueDate = checkIndexValue(errors, { valueDate: 'body/valueDate', value: 'body/value' }, b, todayKst(now));
  const index = indexCode ? await findIndex(db, indexCode) : undefined;
  if (!index) errors.push({ path: 'body/indexCode', message: `등록되지 않은 기준 지표입니다: ${indexCode}` });
  failIf(errors);
  const value = b.value.trim();
  await db.transaction().execute(async (trx) => {
    await writeIndexValues(trx, [{ indexCode, valueDate: valueDate!, value }], actor.userId, now);
  });
  return (await listIndexValues(db, { indexCode, valueDate: valueDate! }, { limit: 1, offset: 0 })).rows[0];
}
