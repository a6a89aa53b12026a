import type { Static } from 'typebox';
import { writeAudit } from '../../../db/audit.js';
import type { Db } from '../../../db/connect.js';
import { checkVersion, failIf, missing, refused, type FieldError } from '../../../domain/errors.js';
import { text } from '../../../domain/values.js';
import { pageWindow } from '../../../http/list-query.js';
import type {
  AttrCreate,
  AttrUpdate,
  CategoryCreate,
  CategoryUpdate,
  SgCreate,
  SgUpdate,
  UnitCreate,
  UnitUpdate,
  ValueCreate,
} from './schemas.js';
import {
  attributeExists,
  categoryExists,
  categoryLinks,
  categoryUseYn,
  conversionsFrom,
  countItemsOfCategory,
  deactivateCategory,
  deleteCategory,
  deleteConversionsFrom,
  employeeStatus,
  firstChildCategory,
  firstProposalOfCategory,
  insertAttribute,
  insertCategory,
  insertConversions,
  insertSourcingGroup,
  insertUnit,
  insertValue,
  listAttributes,
  listCategories,
  listSourcingGroups,
  listUnits,
  listValues,
  lockAttribute,
  lockCategory,
  lockSourcingGroup,
  lockUnit,
  lockValue,
  shiftCategoryDepth,
  sourcingGroupExists,
  sourcingGroupLevel,
  unitCodes,
  unitExists,
  updateAttribute,
  updateCategory,
  updateSourcingGroup,
  updateUnit,
  updateValue,
  valueExists,
} from './queries.js';

/**
 * Catalogue masters (docs/items.md): the category tree, the four-level sourcing groups, item
 * attributes and their allowed values, units and their conversions. Every write is one
 * transaction with an audit row; a stale version answers 409.
 */

const rowsOf = <T>(rows: T[]) => ({ rows, total: rows.length });

// ---- categories

async function categories(db: Db) {
  const rows = await listCategories(db);
  return rows.map((r) => ({
    ...r,
    itemCount: Number(r.itemCount ?? 0),
    childCount: Number(r.childCount ?? 0),
    label: `${r.nameKo}${r.useYn === 'N' ? ' (미사용)' : ''}`,
  }));
}

const categoryRow = async (db: Db, catCode: string) => (await categories(db)).find((c) => c.catCode === catCode)!;

export const categoryList = async (db: Db) => rowsOf(await categories(db));

/** A category's parent must exist and leave the tree at most three levels deep, without a cycle. */
async function checkParent(
  db: Db,
  catCode: string,
  parentCode: string | null,
  subtreeDepth: number,
  errors: FieldError[],
): Promise<number> {
  if (!parentCode) return 1;
  const all = await categoryLinks(db);
  const byCode = new Map(all.map((c) => [c.catCode, c]));
  const parent = byCode.get(parentCode);
  if (!parent) {
    errors.push({ path: 'body/parentCode', message: `상위 분류가 없습니다: ${parentCode}` });
    return 1;
  }
  for (let p: typeof parent | undefined = parent; p; p = p.parentCode ? byCode.get(p.parentCode) : undefined) {
    if (p.catCode === catCode) {
      errors.push({ path: 'body/parentCode', message: '자기 자신이나 하위 분류 아래로 옮길 수 없습니다' });
      return 1;
    }
  }
  if (parent.depth + subtreeDepth > 3) errors.push({ path: 'body/parentCode', message: '품목분류는 3단계까지입니다' });
  return parent.depth + 1;
}

export async function createCategory(db: Db, b: Static<typeof CategoryCreate>, actor: string) {
  const errors: FieldError[] = [];
  const catCode = b.catCode.trim().toUpperCase();
  const parentCode = text(b.parentCode);
  const depth = await checkParent(db, catCode, parentCode, 1, errors);
  failIf(errors);
  await db.transaction().execute(async (trx) => {
    if (await categoryExists(trx, catCode)) throw refused('CATEGORY_EXISTS', `이미 있는 분류 코드입니다: ${catCode}`);
    const row = {
      catCode,
      parentCode,
      depth,
      nameKo: b.nameKo.trim(),
      nameEn: b.nameEn.trim(),
      sortOrder: b.sortOrder ?? 0,
      useYn: b.useYn ?? 'Y',
    };
    await insertCategory(trx, row);
    await writeAudit(trx, { entity: 'item_category', entityKey: catCode, action: 'CREATE', actor, after: row });
  });
  return categoryRow(db, catCode);
}

/** Renames, moves (the tree stays ≤ 3 levels), reorders or deactivates a category; a move shifts its subtree, deactivation reaches it too. */
export async function changeCategory(db: Db, catCode: string, b: Static<typeof CategoryUpdate>, actor: string) {
  await db.transaction().execute(async (trx) => {
    const cur = await lockCategory(trx, catCode);
    if (!cur) throw missing('CATEGORY_NOT_FOUND', `품목분류가 없습니다: ${catCode}`);
    checkVersion(b.version, cur.version);
    const all = await categoryLinks(trx);
    // Depth of the subtree below (and including) this category.
    const childrenOf = (code: string) => all.filter((c) => c.parentCode === code);
    const height = (code: string): number => 1 + Math.max(0, ...childrenOf(code).map((c) => height(c.catCode)));
    const parentCode = b.parentCode === undefined ? cur.parentCode : text(b.parentCode);
    const errors: FieldError[] = [];
    const depth = await checkParent(trx, catCode, parentCode, height(catCode), errors);
    if ((b.useYn ?? cur.useYn) === 'Y' && parentCode) {
      const parent = all.find((c) => c.catCode === parentCode);
      const p = parent ? await categoryUseYn(trx, parentCode) : undefined;
      if (p?.useYn === 'N')
        errors.push({ path: 'body/useYn', message: '미사용 분류 아래의 분류는 사용할 수 없습니다' });
    }
    failIf(errors);
    const next = {
      parentCode,
      depth,
      nameKo: b.nameKo.trim(),
      nameEn: b.nameEn.trim(),
      sortOrder: b.sortOrder ?? cur.sortOrder,
      useYn: b.useYn ?? cur.useYn,
      version: cur.version + 1,
    };
    await updateCategory(trx, catCode, next);
    /** Every category below this one, each visited once. */
    const forSubtree = async (visit: (code: string) => Promise<unknown>) => {
      const stack = childrenOf(catCode).map((c) => c.catCode);
      while (stack.length) {
        const code = stack.pop()!;
        await visit(code);
        stack.push(...childrenOf(code).map((c) => c.catCode));
      }
    };
    // A move shifts the whole subtree's depth.
    if (depth !== cur.depth) await forSubtree((code) => shiftCategoryDepth(trx, code, depth - cur.depth));
    // Deactivating a category deactivates its subtree: nothing new is filed under it.
    if (next.useYn === 'N' && cur.useYn === 'Y') await forSubtree((code) => deactivateCategory(trx, code));
    await writeAudit(trx, {
      entity: 'item_category',
      entityKey: catCode,
      action:
        next.useYn !== cur.useYn
          ? next.useYn === 'N'
            ? 'DEACTIVATE'
            : 'ACTIVATE'
          : parentCode !== cur.parentCode
            ? 'MOVE'
            : 'UPDATE',
      actor,
      before: cur,
      after: next,
    });
  });
  return categoryRow(db, catCode);
}

/** Deletes a category without items, children or proposals (else 409: deactivate it instead). */
export async function removeCategory(db: Db, catCode: string, version: number, actor: string) {
  await db.transaction().execute(async (trx) => {
    const cur = await lockCategory(trx, catCode);
    if (!cur) throw missing('CATEGORY_NOT_FOUND', `품목분류가 없습니다: ${catCode}`);
    checkVersion(version, cur.version);
    const items = await countItemsOfCategory(trx, catCode);
    if (items > 0)
      throw refused(
        'CATEGORY_HAS_ITEMS',
        `품목이 ${items.toLocaleString('ko-KR')}개 있는 분류는 삭제할 수 없습니다. 미사용으로 바꾸세요`,
      );
    if (await firstChildCategory(trx, catCode))
      throw refused('CATEGORY_HAS_CHILDREN', '하위 분류가 있는 분류는 삭제할 수 없습니다');
    if (await firstProposalOfCategory(trx, catCode))
      throw refused('CATEGORY_IN_USE', '품목 제안이 가리키는 분류는 삭제할 수 없습니다. 미사용으로 바꾸세요');
    await deleteCategory(trx, catCode);
    await writeAudit(trx, { entity: 'item_category', entityKey: catCode, action: 'DELETE', actor, before: cur });
  });
  return { deleted: true };
}

// ---- sourcing groups

async function sourcingGroups(db: Db) {
  const rows = await listSourcingGroups(db);
  return rows.map((r) => ({
    ...r,
    itemCount: Number(r.itemCount ?? 0),
    label: `${r.sgName}${r.buyerName ? ` · ${r.buyerName}` : ''}${r.useYn === 'N' ? ' (미사용)' : ''}`,
  }));
}

const sourcingGroupRow = async (db: Db, sgCode: string) => (await sourcingGroups(db)).find((s) => s.sgCode === sgCode)!;

export const sourcingGroupList = async (db: Db) => rowsOf(await sourcingGroups(db));

/** A buyer is named on level-4 groups only, and must be an employee still in service. */
async function checkBuyer(db: Db, level: string, buyerId: string | null, errors: FieldError[]) {
  if (!buyerId) return;
  if (level !== '004') {
    errors.push({ path: 'body/buyerId', message: '구매 담당자는 4단계 소싱그룹에만 지정합니다' });
    return;
  }
  const e = await employeeStatus(db, buyerId);
  if (!e || e.status === 'RETIRED')
    errors.push({ path: 'body/buyerId', message: `재직 중인 사원이 아닙니다: ${buyerId}` });
}

export async function createSourcingGroup(db: Db, b: Static<typeof SgCreate>, actor: string) {
  const sgCode = b.sgCode.trim().toUpperCase();
  const upCode = text(b.upCode);
  const errors: FieldError[] = [];
  let level = '001';
  if (upCode) {
    const parent = await sourcingGroupLevel(db, upCode);
    if (!parent) errors.push({ path: 'body/upCode', message: `상위 소싱그룹이 없습니다: ${upCode}` });
    else if (parent.sgLevel === '004') errors.push({ path: 'body/upCode', message: '소싱그룹은 4단계까지입니다' });
    else level = String(Number(parent.sgLevel) + 1).padStart(3, '0');
  }
  await checkBuyer(db, level, text(b.buyerId), errors);
  failIf(errors);
  await db.transaction().execute(async (trx) => {
    if (await sourcingGroupExists(trx, sgCode))
      throw refused('SOURCING_GROUP_EXISTS', `이미 있는 소싱그룹 코드입니다: ${sgCode}`);
    const row = {
      sgCode,
      sgLevel: level as '001',
      upCode,
      sgName: b.sgName.trim(),
      sgNameEn: b.sgNameEn.trim(),
      buyerId: text(b.buyerId),
      sortOrder: b.sortOrder ?? 0,
      useYn: b.useYn ?? 'Y',
    };
    await insertSourcingGroup(trx, row);
    await writeAudit(trx, { entity: 'sourcing_group', entityKey: sgCode, action: 'CREATE', actor, after: row });
  });
  return sourcingGroupRow(db, sgCode);
}

export async function changeSourcingGroup(db: Db, sgCode: string, b: Static<typeof SgUpdate>, actor: string) {
  await db.transaction().execute(async (trx) => {
    const cur = await lockSourcingGroup(trx, sgCode);
    if (!cur) throw missing('SOURCING_GROUP_NOT_FOUND', `소싱그룹이 없습니다: ${sgCode}`);
    checkVersion(b.version, cur.version);
    const errors: FieldError[] = [];
    const buyerId = b.buyerId === undefined ? cur.buyerId : text(b.buyerId);
    if (buyerId !== cur.buyerId) await checkBuyer(trx, cur.sgLevel, buyerId, errors);
    failIf(errors);
    const next = {
      sgName: b.sgName.trim(),
      sgNameEn: b.sgNameEn.trim(),
      buyerId,
      sortOrder: b.sortOrder ?? cur.sortOrder,
      useYn: b.useYn ?? cur.useYn,
      version: cur.version + 1,
    };
    await updateSourcingGroup(trx, sgCode, next);
    await writeAudit(trx, {
      entity: 'sourcing_group',
      entityKey: sgCode,
      action: buyerId !== cur.buyerId ? 'ASSIGN_BUYER' : 'UPDATE',
      actor,
      before: cur,
      after: next,
    });
  });
  return sourcingGroupRow(db, sgCode);
}

// ---- attributes and their allowed values

const attributes = async (db: Db) =>
  (await listAttributes(db)).map((r) => ({ ...r, valueCount: Number(r.valueCount ?? 0) }));

const attributeRow = async (db: Db, attrCode: string) => (await attributes(db)).find((a) => a.attrCode === attrCode)!;

export const attributeList = async (db: Db) => rowsOf(await attributes(db));

export async function createAttribute(db: Db, b: Static<typeof AttrCreate>, actor: string) {
  const attrCode = b.attrCode.trim().toUpperCase();
  await db.transaction().execute(async (trx) => {
    if (await attributeExists(trx, attrCode))
      throw refused('ATTRIBUTE_EXISTS', `이미 있는 속성 코드입니다: ${attrCode}`);
    const row = {
      attrCode,
      nameKo: b.nameKo.trim(),
      nameEn: b.nameEn.trim(),
      sortOrder: b.sortOrder ?? 0,
      useYn: b.useYn ?? 'Y',
    };
    await insertAttribute(trx, row);
    await writeAudit(trx, { entity: 'item_attribute', entityKey: attrCode, action: 'CREATE', actor, after: row });
  });
  return attributeRow(db, attrCode);
}

export async function changeAttribute(db: Db, attrCode: string, b: Static<typeof AttrUpdate>, actor: string) {
  await db.transaction().execute(async (trx) => {
    const cur = await lockAttribute(trx, attrCode);
    if (!cur) throw missing('ATTRIBUTE_NOT_FOUND', `품목속성이 없습니다: ${attrCode}`);
    checkVersion(b.version, cur.version);
    const next = {
      nameKo: b.nameKo.trim(),
      nameEn: b.nameEn.trim(),
      sortOrder: b.sortOrder ?? cur.sortOrder,
      useYn: b.useYn ?? cur.useYn,
      version: cur.version + 1,
    };
    await updateAttribute(trx, attrCode, next);
    await writeAudit(trx, {
      entity: 'item_attribute',
      entityKey: attrCode,
      action: 'UPDATE',
      actor,
      before: cur,
      after: next,
    });
  });
  return attributeRow(db, attrCode);
}

async function values(db: Db, q: Parameters<typeof listValues>[1], window?: { limit: number; offset: number }) {
  const { rows, total } = await listValues(db, q, window);
  return { rows: rows.map((r) => ({ ...r, itemCount: Number(r.itemCount ?? 0) })), total };
}

/** One page of the values, as the list screen asks (/attributeValue). */
export const valueList = (db: Db, q: Parameters<typeof listValues>[1] & { page?: number; size?: number }) =>
  values(db, q, pageWindow(q));

export async function attributeValue(db: Db, attrCode: string, valueCode: string) {
  const [row] = (await values(db, { attrCode, valueCode })).rows;
  if (!row) throw missing('ATTRIBUTE_VALUE_NOT_FOUND', `속성값이 없습니다: ${attrCode}/${valueCode}`);
  return row;
}

export async function createValue(db: Db, attrCode: string, b: Static<typeof ValueCreate>, actor: string) {
  const valueCode = b.valueCode.trim().toUpperCase();
  await db.transaction().execute(async (trx) => {
    if (!(await attributeExists(trx, attrCode)))
      throw missing('ATTRIBUTE_NOT_FOUND', `품목속성이 없습니다: ${attrCode}`);
    if (await valueExists(trx, attrCode, valueCode))
      throw refused('ATTRIBUTE_VALUE_EXISTS', `이미 있는 속성값입니다: ${valueCode}`);
    const row = {
      attrCode,
      valueCode,
      nameKo: b.nameKo.trim(),
      nameEn: b.nameEn.trim(),
      sortOrder: b.sortOrder ?? 0,
      useYn: b.useYn ?? 'Y',
    };
    await insertValue(trx, row);
    await writeAudit(trx, {
      entity: 'item_attribute_value',
      entityKey: `${attrCode}/${valueCode}`,
      action: 'CREATE',
      actor,
      after: row,
    });
  });
  return (await values(db, { attrCode, valueCode })).rows[0];
}

export async function changeValue(
  db: Db,
  attrCode: string,
  valueCode: string,
  b: Static<typeof AttrUpdate>,
  actor: string,
) {
  await db.transaction().execute(async (trx) => {
    const cur = await lockValue(trx, attrCode, valueCode);
    if (!cur) throw missing('ATTRIBUTE_VALUE_NOT_FOUND', `속성값이 없습니다: ${attrCode}/${valueCode}`);
    checkVersion(b.version, cur.version);
    const next = {
      nameKo: b.nameKo.trim(),
      nameEn: b.nameEn.trim(),
      sortOrder: b.sortOrder ?? cur.sortOrder,
      useYn: b.useYn ?? cur.useYn,
      version: cur.version + 1,
    };
    await updateValue(trx, attrCode, valueCode, next);
    await writeAudit(trx, {
      entity: 'item_attribute_value',
      entityKey: `${attrCode}/${valueCode}`,
      action: 'UPDATE',
      actor,
      before: cur,
      after: next,
    });
  });
  return (await values(db, { attrCode, valueCode })).rows[0];
}

// ---- units and conversions

async function units(db: Db, unitCode?: string) {
  const { rows, conversions } = await listUnits(db, unitCode);
  return rows.map((r) => ({
    ...r,
    itemCount: Number(r.itemCount ?? 0),
    conversions: conversions
      .filter((c) => c.fromUnit === r.unitCode)
      .map((c) => ({ toUnit: c.toUnit, factor: String(Number(c.factor)) })),
  }));
}

export const unitList = async (db: Db) => rowsOf(await units(db));

/** A unit's conversions: to other registered units, each once, with a factor above 0. */
async function checkConversions(
  db: Db,
  unitCode: string,
  conversions: ReadonlyArray<{ toUnit: string; factor: string }>,
) {
  const errors: FieldError[] = [];
  const known = await unitCodes(db);
  const seen = new Set<string>();
  conversions.forEach((c, i) => {
    const to = c.toUnit.trim().toUpperCase();
    if (to === unitCode)
      errors.push({ path: `body/conversions/${i}/toUnit`, message: '같은 단위로는 환산할 수 없습니다' });
    else if (!known.has(to))
      errors.push({ path: `body/conversions/${i}/toUnit`, message: `등록되지 않은 단위입니다: ${to}` });
    else if (seen.has(to))
      errors.push({ path: `body/conversions/${i}/toUnit`, message: `환산 단위가 중복되었습니다: ${to}` });
    if (!(Number(c.factor) > 0))
      errors.push({ path: `body/conversions/${i}/factor`, message: '환산값은 0보다 커야 합니다' });
    seen.add(to);
  });
  failIf(errors);
  return conversions.map((c) => ({ fromUnit: unitCode, toUnit: c.toUnit.trim().toUpperCase(), factor: c.factor }));
}

export async function createUnit(db: Db, b: Static<typeof UnitCreate>, actor: string) {
  const unitCode = b.unitCode.trim().toUpperCase();
  const conversions = await checkConversions(db, unitCode, b.conversions ?? []);
  await db.transaction().execute(async (trx) => {
    if (await unitExists(trx, unitCode)) throw refused('UNIT_EXISTS', `이미 있는 단위입니다: ${unitCode}`);
    const row = {
      unitCode,
      nameKo: b.nameKo.trim(),
      nameEn: b.nameEn.trim(),
      sortOrder: b.sortOrder ?? 0,
      useYn: b.useYn ?? 'Y',
    };
    await insertUnit(trx, row);
    await insertConversions(trx, conversions);
    await writeAudit(trx, {
      entity: 'unit',
      entityKey: unitCode,
      action: 'CREATE',
      actor,
      after: { ...row, conversions },
    });
  });
  return (await units(db, unitCode))[0];
}

export async function changeUnit(db: Db, unitCode: string, b: Static<typeof UnitUpdate>, actor: string) {
  const conversions = b.conversions ? await checkConversions(db, unitCode, b.conversions) : undefined;
  await db.transaction().execute(async (trx) => {
    const cur = await lockUnit(trx, unitCode);
    if (!cur) throw missing('UNIT_NOT_FOUND', `단위가 없습니다: ${unitCode}`);
    checkVersion(b.version, cur.version);
    const next = {
      nameKo: b.nameKo.trim(),
      nameEn: b.nameEn.trim(),
      sortOrder: b.sortOrder ?? cur.sortOrder,
      useYn: b.useYn ?? cur.useYn,
      version: cur.version + 1,
    };
    await updateUnit(trx, unitCode, next);
    const before = await conversionsFrom(trx, unitCode);
    if (conversions) {
      await deleteConversionsFrom(trx, unitCode);
      await insertConversions(trx, conversions);
    }
    await writeAudit(trx, {
      entity: 'unit',
      entityKey: unitCode,
      action: 'UPDATE',
      actor,
      before: { ...cur, conversions: before },
      after: { ...next, conversions: conversions ?? before },
    });
  });
  return (await units(db, unitCode))[0];
}
