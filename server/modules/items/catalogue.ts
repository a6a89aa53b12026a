import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../http/access.js';
import { commonErrors } from '../../http/error-schema.js';
import { Nullable, Str, YN } from '../../http/schema-helpers.js';
import { writeAudit } from '../../db/audit.js';
import type { Db } from '../../db/connect.js';
import { ROUTES, VersionBody } from './shared.js';
import { ListOfRows } from '../../domain/schemas.js';
import { checkVersion, failIf, missing, refused, type FieldError } from '../../domain/errors.js';
import { text } from '../../domain/values.js';

/**
 * Catalogue masters (docs/items.md): the category tree, the four-level sourcing groups, item
 * attributes and their allowed values, units and their conversions. Every write is one
 * transaction with an audit row; a stale version answers 409.
 */
const Code = (max: number, description: string) => Type.String({ minLength: 1, maxLength: max, pattern: '^[A-Za-z0-9_-]+$', description });
const Conflict = { 409: Type.Ref('ErrorBody') };

const CategoryRow = Type.Object({
  catCode: Type.String(), parentCode: Nullable(Type.String()), depth: Type.Integer(), nameKo: Type.String(), nameEn: Type.String(),
  sortOrder: Type.Integer(), useYn: YN, itemCount: Type.Integer(), childCount: Type.Integer(), label: Type.String(), version: Type.Integer(),
});
const CategoryBody = {
  parentCode: Type.Optional(Nullable(Str(20))), nameKo: Type.String({ minLength: 1, maxLength: 100 }), nameEn: Type.String({ minLength: 1, maxLength: 100 }),
  sortOrder: Type.Optional(Type.Integer({ minimum: 0, maximum: 99999 })), useYn: Type.Optional(YN),
};
const CategoryCreate = Type.Object({ catCode: Code(20, 'New category code'), ...CategoryBody }, { additionalProperties: false });
const CategoryUpdate = Type.Object({ ...CategoryBody, ...VersionBody }, { additionalProperties: false });
const CatParams = Type.Object({ catCode: Type.String({ maxLength: 20 }) });

const SgRow = Type.Object({
  sgCode: Type.String(), sgLevel: Type.String(), upCode: Nullable(Type.String()), sgName: Type.String(), sgNameEn: Type.String(),
  buyerId: Nullable(Type.String()), buyerName: Nullable(Type.String()), sortOrder: Type.Integer(), useYn: YN, itemCount: Type.Integer(), label: Type.String(), version: Type.Integer(),
});
const SgBody = {
  sgName: Type.String({ minLength: 1, maxLength: 100 }), sgNameEn: Type.String({ minLength: 1, maxLength: 100 }),
  buyerId: Type.Optional(Nullable(Str(30, { description: 'Buyer responsible (single id); level 004 only' }))),
  sortOrder: Type.Optional(Type.Integer({ minimum: 0, maximum: 99999 })), useYn: Type.Optional(YN),
};
const SgCreate = Type.Object({ sgCode: Code(20, 'New sourcing-group code'), upCode: Type.Optional(Nullable(Str(20, { description: 'Parent; none for level 001' }))), ...SgBody }, { additionalProperties: false });
const SgUpdate = Type.Object({ ...SgBody, ...VersionBody }, { additionalProperties: false });
const SgParams = Type.Object({ sgCode: Type.String({ maxLength: 20 }) });

const AttrRow = Type.Object({ attrCode: Type.String(), nameKo: Type.String(), nameEn: Type.String(), sortOrder: Type.Integer(), useYn: YN, valueCount: Type.Integer(), version: Type.Integer() });
const AttrBody = { nameKo: Type.String({ minLength: 1, maxLength: 100 }), nameEn: Type.String({ minLength: 1, maxLength: 100 }), sortOrder: Type.Optional(Type.Integer({ minimum: 0, maximum: 99999 })), useYn: Type.Optional(YN) };
const AttrCreate = Type.Object({ attrCode: Code(20, 'New attribute code'), ...AttrBody }, { additionalProperties: false });
const AttrUpdate = Type.Object({ ...AttrBody, ...VersionBody }, { additionalProperties: false });
const AttrParams = Type.Object({ attrCode: Type.String({ maxLength: 20 }) });
const ValueRow = Type.Object({ attrCode: Type.String(), attrName: Type.String(), valueCode: Type.String(), nameKo: Type.String(), nameEn: Type.String(), sortOrder: Type.Integer(), useYn: YN, itemCount: Type.Integer(), version: Type.Integer() });
const ValueCreate = Type.Object({ valueCode: Code(30, 'New value code'), ...AttrBody }, { additionalProperties: false });
const ValueParams = Type.Object({ attrCode: Type.String({ maxLength: 20 }), valueCode: Type.String({ maxLength: 30 }) });
const ValueQuery = Type.Object({ attrCode: Type.Optional(Type.String({ maxLength: 20 })), useYn: Type.Optional(YN), q: Type.Optional(Type.String({ maxLength: 100, description: 'Part of the code or name' })) });

const Conversion = Type.Object({ toUnit: Type.String({ minLength: 1, maxLength: 10 }), factor: Type.String({ pattern: '^\\d{1,12}(\\.\\d{1,6})?$', description: '1 of this unit = factor of toUnit' }) }, { additionalProperties: false });
const UnitRow = Type.Object({ unitCode: Type.String(), nameKo: Type.String(), nameEn: Type.String(), sortOrder: Type.Integer(), useYn: YN, itemCount: Type.Integer(), version: Type.Integer(), conversions: Type.Array(Type.Object({ toUnit: Type.String(), factor: Type.String() })) });
const UnitBody = {
  nameKo: Type.String({ minLength: 1, maxLength: 50 }), nameEn: Type.String({ minLength: 1, maxLength: 50 }), sortOrder: Type.Optional(Type.Integer({ minimum: 0, maximum: 99999 })), useYn: Type.Optional(YN),
  conversions: Type.Optional(Type.Array(Conversion, { maxItems: 50 })),
};
const UnitCreate = Type.Object({ unitCode: Code(10, 'New unit code'), ...UnitBody }, { additionalProperties: false });
const UnitUpdate = Type.Object({ ...UnitBody, ...VersionBody }, { additionalProperties: false });
const UnitParams = Type.Object({ unitCode: Type.String({ maxLength: 10 }) });
const Deleted = Type.Object({ deleted: Type.Boolean() });
const DeleteQuery = Type.Object({ version: Type.Integer({ minimum: 1 }) });

async function listCategories(db: Db) {
  const rows = await db
    .selectFrom('itemCategory as c')
    .select(['c.catCode', 'c.parentCode', 'c.depth', 'c.nameKo', 'c.nameEn', 'c.sortOrder', 'c.useYn', 'c.version'])
    .select((eb) => [
      eb.selectFrom('item').select((e) => e.fn.countAll<number>().as('n')).whereRef('item.catCode', '=', 'c.catCode').as('itemCount'),
      eb.selectFrom('itemCategory as k').select((e) => e.fn.countAll<number>().as('n')).whereRef('k.parentCode', '=', 'c.catCode').as('childCount'),
    ])
    .orderBy('c.depth').orderBy('c.sortOrder').orderBy('c.catCode')
    .execute();
  return rows.map((r) => ({ ...r, itemCount: Number(r.itemCount ?? 0), childCount: Number(r.childCount ?? 0), label: `${r.nameKo}${r.useYn === 'N' ? ' (미사용)' : ''}` }));
}

async function listSourcingGroups(db: Db) {
  const rows = await db
    .selectFrom('sourcingGroup as s')
    .leftJoin('employee as e', 'e.singleid', 's.buyerId')
    .select(['s.sgCode', 's.sgLevel', 's.upCode', 's.sgName', 's.sgNameEn', 's.buyerId', 'e.hname as buyerName', 's.sortOrder', 's.useYn', 's.version'])
    .select((eb) => eb.selectFrom('item').select((e) => e.fn.countAll<number>().as('n')).whereRef('item.sgCode', '=', 's.sgCode').as('itemCount'))
    .orderBy('s.sgLevel').orderBy('s.sortOrder').orderBy('s.sgCode')
    .execute();
  return rows.map((r) => ({ ...r, itemCount: Number(r.itemCount ?? 0), label: `${r.sgName}${r.buyerName ? ` · ${r.buyerName}` : ''}${r.useYn === 'N' ? ' (미사용)' : ''}` }));
}

async function unitRows(db: Db, unitCode?: string) {
  let q = db
    .selectFrom('unit as u')
    .select(['u.unitCode', 'u.nameKo', 'u.nameEn', 'u.sortOrder', 'u.useYn', 'u.version'])
    .select((eb) => eb.selectFrom('item').select((e) => e.fn.countAll<number>().as('n')).whereRef('item.unitCode', '=', 'u.unitCode').as('itemCount'));
  if (unitCode) q = q.where('u.unitCode', '=', unitCode);
  const rows = await q.orderBy('u.sortOrder').orderBy('u.unitCode').execute();
  const conv = await db.selectFrom('unitConversion').select(['fromUnit', 'toUnit', 'factor']).orderBy('toUnit').execute();
  return rows.map((r) => ({
    ...r,
    itemCount: Number(r.itemCount ?? 0),
    conversions: conv.filter((c) => c.fromUnit === r.unitCode).map((c) => ({ toUnit: c.toUnit, factor: String(Number(c.factor)) })),
  }));
}

/** A category's parent must exist and leave the tree at most three levels deep, without a cycle. */
async function checkParent(db: Db, catCode: string, parentCode: string | null, subtreeDepth: number, errors: FieldError[]): Promise<number> {
  if (!parentCode) return 1;
  const all = await db.selectFrom('itemCategory').select(['catCode', 'parentCode', 'depth']).execute();
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

export const catalogueRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['item'];
  const R = (screens: string[]) => ({ access: access.login(screens, 'read', ['I']) });
  const W = (screen: string) => ({ access: access.login([screen], 'write', ['I']) });
  // Lists the catalogue screens choose from (categories, units, attributes) serve every item screen.
  const PICKERS = [ROUTES.category, ROUTES.insert, ROUTES.detail, ROUTES.uploadList, ROUTES.uploadDetail, ROUTES.review, ROUTES.attribute, ROUTES.attributeValue, ROUTES.unit, ROUTES.sourcing];

  // ---- categories
  app.get('/api/v1/item/categories', { config: R(PICKERS), schema: { operationId: 'listItemCategories', tags, summary: 'The category tree (three levels), with item and child counts', response: { 200: ListOfRows(CategoryRow), ...commonErrors } } },
    async (request) => {
      const rows = await listCategories(request.db);
      return { rows, total: rows.length };
    });

  app.post('/api/v1/item/categories', { config: W(ROUTES.category), schema: { operationId: 'createItemCategory', tags, summary: 'Add a category under a parent (or at the top)', body: CategoryCreate, response: { 200: CategoryRow, ...Conflict, ...commonErrors } } },
    async (request) => {
      const b = request.body;
      const errors: FieldError[] = [];
      const catCode = b.catCode.trim().toUpperCase();
      const parentCode = text(b.parentCode);
      const depth = await checkParent(request.db, catCode, parentCode, 1, errors);
      failIf(errors);
      await request.db.transaction().execute(async (trx) => {
        const exists = await trx.selectFrom('itemCategory').select('catCode').where('catCode', '=', catCode).executeTakeFirst();
        if (exists) throw refused('CATEGORY_EXISTS', `이미 있는 분류 코드입니다: ${catCode}`);
        const row = { catCode, parentCode, depth, nameKo: b.nameKo.trim(), nameEn: b.nameEn.trim(), sortOrder: b.sortOrder ?? 0, useYn: b.useYn ?? 'Y' };
        await trx.insertInto('itemCategory').values(row).execute();
        await writeAudit(trx, { entity: 'item_category', entityKey: catCode, action: 'CREATE', actor: request.caller!.userId, after: row });
      });
      return (await listCategories(request.db)).find((c) => c.catCode === catCode)!;
    });

  app.put('/api/v1/item/categories/:catCode', { config: W(ROUTES.category), schema: { operationId: 'updateItemCategory', tags, summary: 'Rename, move (parentCode), reorder or deactivate a category; moving keeps the tree ≤ 3 levels', params: CatParams, body: CategoryUpdate, response: { 200: CategoryRow, ...Conflict, ...commonErrors } } },
    async (request) => {
      const { catCode } = request.params;
      const b = request.body;
      await request.db.transaction().execute(async (trx) => {
        const cur = await trx.selectFrom('itemCategory').selectAll().where('catCode', '=', catCode).forUpdate().executeTakeFirst();
        if (!cur) throw missing('CATEGORY_NOT_FOUND', `품목분류가 없습니다: ${catCode}`);
        checkVersion(b.version, cur.version);
        const all = await trx.selectFrom('itemCategory').select(['catCode', 'parentCode', 'depth']).execute();
        // Depth of the subtree below (and including) this category.
        const childrenOf = (code: string) => all.filter((c) => c.parentCode === code);
        const height = (code: string): number => 1 + Math.max(0, ...childrenOf(code).map((c) => height(c.catCode)));
        const parentCode = b.parentCode === undefined ? cur.parentCode : text(b.parentCode);
        const errors: FieldError[] = [];
        const depth = await checkParent(trx, catCode, parentCode, height(catCode), errors);
        if ((b.useYn ?? cur.useYn) === 'Y' && parentCode) {
          const parent = all.find((c) => c.catCode === parentCode);
          const p = parent ? await trx.selectFrom('itemCategory').select('useYn').where('catCode', '=', parentCode).executeTakeFirst() : undefined;
          if (p?.useYn === 'N') errors.push({ path: 'body/useYn', message: '미사용 분류 아래의 분류는 사용할 수 없습니다' });
        }
        failIf(errors);
        const next = { parentCode, depth, nameKo: b.nameKo.trim(), nameEn: b.nameEn.trim(), sortOrder: b.sortOrder ?? cur.sortOrder, useYn: b.useYn ?? cur.useYn, version: cur.version + 1 };
        await trx.updateTable('itemCategory').set(next).where('catCode', '=', catCode).execute();
        if (depth !== cur.depth) {
          // A move shifts the whole subtree's depth.
          const shift = depth - cur.depth;
          const stack = childrenOf(catCode).map((c) => c.catCode);
          while (stack.length) {
            const code = stack.pop()!;
            await trx.updateTable('itemCategory').set((eb) => ({ depth: eb('depth', '+', shift), version: eb('version', '+', 1) })).where('catCode', '=', code).execute();
            stack.push(...childrenOf(code).map((c) => c.catCode));
          }
        }
        if (next.useYn === 'N' && cur.useYn === 'Y') {
          // Deactivating a category deactivates its subtree: nothing new is filed under it.
          const stack = childrenOf(catCode).map((c) => c.catCode);
          while (stack.length) {
            const code = stack.pop()!;
            await trx.updateTable('itemCategory').set((eb) => ({ useYn: 'N' as const, version: eb('version', '+', 1) })).where('catCode', '=', code).where('useYn', '=', 'Y').execute();
            stack.push(...childrenOf(code).map((c) => c.catCode));
          }
        }
        await writeAudit(trx, { entity: 'item_category', entityKey: catCode, action: next.useYn !== cur.useYn ? (next.useYn === 'N' ? 'DEACTIVATE' : 'ACTIVATE') : parentCode !== cur.parentCode ? 'MOVE' : 'UPDATE', actor: request.caller!.userId, before: cur, after: next });
      });
      return (await listCategories(request.db)).find((c) => c.catCode === catCode)!;
    });

  app.delete('/api/v1/item/categories/:catCode', { config: W(ROUTES.category), schema: { operationId: 'deleteItemCategory', tags, summary: 'Delete a category without items or children (else 409: deactivate it instead)', params: CatParams, querystring: DeleteQuery, response: { 200: Deleted, ...Conflict, ...commonErrors } } },
    async (request) => {
      const { catCode } = request.params;
      await request.db.transaction().execute(async (trx) => {
        const cur = await trx.selectFrom('itemCategory').selectAll().where('catCode', '=', catCode).forUpdate().executeTakeFirst();
        if (!cur) throw missing('CATEGORY_NOT_FOUND', `품목분류가 없습니다: ${catCode}`);
        checkVersion(request.query.version, cur.version);
        const items = await trx.selectFrom('item').select((e) => e.fn.countAll<number>().as('n')).where('catCode', '=', catCode).executeTakeFirstOrThrow();
        if (Number(items.n) > 0) throw refused('CATEGORY_HAS_ITEMS', `품목이 ${Number(items.n).toLocaleString('ko-KR')}개 있는 분류는 삭제할 수 없습니다. 미사용으로 바꾸세요`);
        const kids = await trx.selectFrom('itemCategory').select('catCode').where('parentCode', '=', catCode).limit(1).executeTakeFirst();
        if (kids) throw refused('CATEGORY_HAS_CHILDREN', '하위 분류가 있는 분류는 삭제할 수 없습니다');
        const used = await trx.selectFrom('itemProposal').select('proposalNo').where('catCode', '=', catCode).limit(1).executeTakeFirst();
        if (used) throw refused('CATEGORY_IN_USE', '품목 제안이 가리키는 분류는 삭제할 수 없습니다. 미사용으로 바꾸세요');
        await trx.deleteFrom('itemCategory').where('catCode', '=', catCode).execute();
        await writeAudit(trx, { entity: 'item_category', entityKey: catCode, action: 'DELETE', actor: request.caller!.userId, before: cur });
      });
      return { deleted: true };
    });

  // ---- sourcing groups
  app.get('/api/v1/item/sourcing-groups', { config: R(PICKERS), schema: { operationId: 'listSourcingGroups', tags, summary: 'The four-level sourcing groups with the buyer of each level-4 group', response: { 200: ListOfRows(SgRow), ...commonErrors } } },
    async (request) => {
      const rows = await listSourcingGroups(request.db);
      return { rows, total: rows.length };
    });

  const checkBuyer = async (db: Db, level: string, buyerId: string | null, errors: FieldError[]) => {
    if (!buyerId) return;
    if (level !== '004') {
      errors.push({ path: 'body/buyerId', message: '구매 담당자는 4단계 소싱그룹에만 지정합니다' });
      return;
    }
    const e = await db.selectFrom('employee').select(['singleid', 'status']).where('singleid', '=', buyerId).executeTakeFirst();
    if (!e || e.status === 'RETIRED') errors.push({ path: 'body/buyerId', message: `재직 중인 사원이 아닙니다: ${buyerId}` });
  };

  app.post('/api/v1/item/sourcing-groups', { config: W(ROUTES.sourcing), schema: { operationId: 'createSourcingGroup', tags, summary: 'Add a sourcing group one level below its parent (level 001 without a parent)', body: SgCreate, response: { 200: SgRow, ...Conflict, ...commonErrors } } },
    async (request) => {
      const b = request.body;
      const sgCode = b.sgCode.trim().toUpperCase();
      const upCode = text(b.upCode);
      const errors: FieldError[] = [];
      let level = '001';
      if (upCode) {
        const parent = await request.db.selectFrom('sourcingGroup').select(['sgLevel', 'useYn']).where('sgCode', '=', upCode).executeTakeFirst();
        if (!parent) errors.push({ path: 'body/upCode', message: `상위 소싱그룹이 없습니다: ${upCode}` });
        else if (parent.sgLevel === '004') errors.push({ path: 'body/upCode', message: '소싱그룹은 4단계까지입니다' });
        else level = String(Number(parent.sgLevel) + 1).padStart(3, '0');
      }
      await checkBuyer(request.db, level, text(b.buyerId), errors);
      failIf(errors);
      await request.db.transaction().execute(async (trx) => {
        if (await trx.selectFrom('sourcingGroup').select('sgCode').where('sgCode', '=', sgCode).executeTakeFirst()) throw refused('SOURCING_GROUP_EXISTS', `이미 있는 소싱그룹 코드입니다: ${sgCode}`);
        const row = { sgCode, sgLevel: level as '001', upCode, sgName: b.sgName.trim(), sgNameEn: b.sgNameEn.trim(), buyerId: text(b.buyerId), sortOrder: b.sortOrder ?? 0, useYn: b.useYn ?? 'Y' };
        await trx.insertInto('sourcingGroup').values(row).execute();
        await writeAudit(trx, { entity: 'sourcing_group', entityKey: sgCode, action: 'CREATE', actor: request.caller!.userId, after: row });
      });
      return (await listSourcingGroups(request.db)).find((s) => s.sgCode === sgCode)!;
    });

  app.put('/api/v1/item/sourcing-groups/:sgCode', { config: W(ROUTES.sourcing), schema: { operationId: 'updateSourcingGroup', tags, summary: 'Rename, reorder, (de)activate a sourcing group or change the buyer of a level-4 group', params: SgParams, body: SgUpdate, response: { 200: SgRow, ...Conflict, ...commonErrors } } },
    async (request) => {
      const { sgCode } = request.params;
      const b = request.body;
      await request.db.transaction().execute(async (trx) => {
        const cur = await trx.selectFrom('sourcingGroup').selectAll().where('sgCode', '=', sgCode).forUpdate().executeTakeFirst();
        if (!cur) throw missing('SOURCING_GROUP_NOT_FOUND', `소싱그룹이 없습니다: ${sgCode}`);
        checkVersion(b.version, cur.version);
        const errors: FieldError[] = [];
        const buyerId = b.buyerId === undefined ? cur.buyerId : text(b.buyerId);
        if (buyerId !== cur.buyerId) await checkBuyer(trx, cur.sgLevel, buyerId, errors);
        failIf(errors);
        const next = { sgName: b.sgName.trim(), sgNameEn: b.sgNameEn.trim(), buyerId, sortOrder: b.sortOrder ?? cur.sortOrder, useYn: b.useYn ?? cur.useYn, version: cur.version + 1 };
        await trx.updateTable('sourcingGroup').set(next).where('sgCode', '=', sgCode).execute();
        await writeAudit(trx, { entity: 'sourcing_group', entityKey: sgCode, action: buyerId !== cur.buyerId ? 'ASSIGN_BUYER' : 'UPDATE', actor: request.caller!.userId, before: cur, after: next });
      });
      return (await listSourcingGroups(request.db)).find((s) => s.sgCode === sgCode)!;
    });

  // ---- attributes and their allowed values
  const listAttributes = (db: Db) =>
    db.selectFrom('itemAttribute as a')
      .select(['a.attrCode', 'a.nameKo', 'a.nameEn', 'a.sortOrder', 'a.useYn', 'a.version'])
      .select((eb) => eb.selectFrom('itemAttributeValue as v').select((e) => e.fn.countAll<number>().as('n')).whereRef('v.attrCode', '=', 'a.attrCode').as('valueCount'))
      .orderBy('a.sortOrder').orderBy('a.attrCode')
      .execute()
      .then((rows) => rows.map((r) => ({ ...r, valueCount: Number(r.valueCount ?? 0) })));

  app.get('/api/v1/item/attributes', { config: R(PICKERS), schema: { operationId: 'listItemAttributes', tags, summary: 'Item attributes', response: { 200: ListOfRows(AttrRow), ...commonErrors } } },
    async (request) => {
      const rows = await listAttributes(request.db);
      return { rows, total: rows.length };
    });

  app.post('/api/v1/item/attributes', { config: W(ROUTES.attribute), schema: { operationId: 'createItemAttribute', tags, summary: 'Add an item attribute', body: AttrCreate, response: { 200: AttrRow, ...Conflict, ...commonErrors } } },
    async (request) => {
      const b = request.body;
      const attrCode = b.attrCode.trim().toUpperCase();
      await request.db.transaction().execute(async (trx) => {
        if (await trx.selectFrom('itemAttribute').select('attrCode').where('attrCode', '=', attrCode).executeTakeFirst()) throw refused('ATTRIBUTE_EXISTS', `이미 있는 속성 코드입니다: ${attrCode}`);
        const row = { attrCode, nameKo: b.nameKo.trim(), nameEn: b.nameEn.trim(), sortOrder: b.sortOrder ?? 0, useYn: b.useYn ?? 'Y' };
        await trx.insertInto('itemAttribute').values(row).execute();
        await writeAudit(trx, { entity: 'item_attribute', entityKey: attrCode, action: 'CREATE', actor: request.caller!.userId, after: row });
      });
      return (await listAttributes(request.db)).find((a) => a.attrCode === attrCode)!;
    });

  app.put('/api/v1/item/attributes/:attrCode', { config: W(ROUTES.attribute), schema: { operationId: 'updateItemAttribute', tags, summary: 'Rename, reorder or (de)activate an attribute', params: AttrParams, body: AttrUpdate, response: { 200: AttrRow, ...Conflict, ...commonErrors } } },
    async (request) => {
      const { attrCode } = request.params;
      const b = request.body;
      await request.db.transaction().execute(async (trx) => {
        const cur = await trx.selectFrom('itemAttribute').selectAll().where('attrCode', '=', attrCode).forUpdate().executeTakeFirst();
        if (!cur) throw missing('ATTRIBUTE_NOT_FOUND', `품목속성이 없습니다: ${attrCode}`);
        checkVersion(b.version, cur.version);
        const next = { nameKo: b.nameKo.trim(), nameEn: b.nameEn.trim(), sortOrder: b.sortOrder ?? cur.sortOrder, useYn: b.useYn ?? cur.useYn, version: cur.version + 1 };
        await trx.updateTable('itemAttribute').set(next).where('attrCode', '=', attrCode).execute();
        await writeAudit(trx, { entity: 'item_attribute', entityKey: attrCode, action: 'UPDATE', actor: request.caller!.userId, before: cur, after: next });
      });
      return (await listAttributes(request.db)).find((a) => a.attrCode === attrCode)!;
    });

  const listValues = async (db: Db, q: { attrCode?: string; useYn?: 'Y' | 'N'; q?: string; valueCode?: string }) => {
    let s = db.selectFrom('itemAttributeValue as v')
      .innerJoin('itemAttribute as a', 'a.attrCode', 'v.attrCode')
      .select(['v.attrCode', 'a.nameKo as attrName', 'v.valueCode', 'v.nameKo', 'v.nameEn', 'v.sortOrder', 'v.useYn', 'v.version'])
      .select((eb) => eb.selectFrom('itemAttr as ia').select((e) => e.fn.countAll<number>().as('n')).whereRef('ia.attrCode', '=', 'v.attrCode').whereRef('ia.valueCode', '=', 'v.valueCode').as('itemCount'));
    if (q.attrCode) s = s.where('v.attrCode', '=', q.attrCode);
    if (q.valueCode) s = s.where('v.valueCode', '=', q.valueCode);
    if (q.useYn) s = s.where('v.useYn', '=', q.useYn);
    const needle = q.q?.trim();
    if (needle) s = s.where((eb) => eb.or([eb('v.valueCode', 'ilike', `%${needle}%`), eb('v.nameKo', 'ilike', `%${needle}%`), eb('v.nameEn', 'ilike', `%${needle}%`)]));
    const rows = await s.orderBy('a.sortOrder').orderBy('v.attrCode').orderBy('v.sortOrder').orderBy('v.valueCode').execute();
    return rows.map((r) => ({ ...r, itemCount: Number(r.itemCount ?? 0) }));
  };

  app.get('/api/v1/item/attribute-values', { config: R(PICKERS), schema: { operationId: 'listItemAttributeValues', tags, summary: 'Allowed values of the attributes (one attribute with attrCode)', querystring: ValueQuery, response: { 200: ListOfRows(ValueRow), ...commonErrors } } },
    async (request) => {
      const rows = await listValues(request.db, request.query);
      return { rows, total: rows.length };
    });

  app.get('/api/v1/item/attributes/:attrCode/values/:valueCode', { config: R([ROUTES.attributeValue]), schema: { operationId: 'getItemAttributeValue', tags, summary: 'One allowed value', params: ValueParams, response: { 200: ValueRow, ...commonErrors } } },
    async (request) => {
      const [row] = await listValues(request.db, request.params);
      if (!row) throw missing('ATTRIBUTE_VALUE_NOT_FOUND', `속성값이 없습니다: ${request.params.attrCode}/${request.params.valueCode}`);
      return row;
    });

  app.post('/api/v1/item/attributes/:attrCode/values', { config: W(ROUTES.attributeValue), schema: { operationId: 'createItemAttributeValue', tags, summary: 'Allow a new value for an attribute', params: AttrParams, body: ValueCreate, response: { 200: ValueRow, ...Conflict, ...commonErrors } } },
    async (request) => {
      const { attrCode } = request.params;
      const b = request.body;
      const valueCode = b.valueCode.trim().toUpperCase();
      await request.db.transaction().execute(async (trx) => {
        if (!(await trx.selectFrom('itemAttribute').select('attrCode').where('attrCode', '=', attrCode).executeTakeFirst())) throw missing('ATTRIBUTE_NOT_FOUND', `품목속성이 없습니다: ${attrCode}`);
        if (await trx.selectFrom('itemAttributeValue').select('valueCode').where('attrCode', '=', attrCode).where('valueCode', '=', valueCode).executeTakeFirst()) throw refused('ATTRIBUTE_VALUE_EXISTS', `이미 있는 속성값입니다: ${valueCode}`);
        const row = { attrCode, valueCode, nameKo: b.nameKo.trim(), nameEn: b.nameEn.trim(), sortOrder: b.sortOrder ?? 0, useYn: b.useYn ?? 'Y' };
        await trx.insertInto('itemAttributeValue').values(row).execute();
        await writeAudit(trx, { entity: 'item_attribute_value', entityKey: `${attrCode}/${valueCode}`, action: 'CREATE', actor: request.caller!.userId, after: row });
      });
      return (await listValues(request.db, { attrCode, valueCode }))[0];
    });

  app.put('/api/v1/item/attributes/:attrCode/values/:valueCode', { config: W(ROUTES.attributeValue), schema: { operationId: 'updateItemAttributeValue', tags, summary: 'Rename, reorder or (de)activate an allowed value; a deactivated value is refused for new items and uploads', params: ValueParams, body: AttrUpdate, response: { 200: ValueRow, ...Conflict, ...commonErrors } } },
    async (request) => {
      const { attrCode, valueCode } = request.params;
      const b = request.body;
      await request.db.transaction().execute(async (trx) => {
        const cur = await trx.selectFrom('itemAttributeValue').selectAll().where('attrCode', '=', attrCode).where('valueCode', '=', valueCode).forUpdate().executeTakeFirst();
        if (!cur) throw missing('ATTRIBUTE_VALUE_NOT_FOUND', `속성값이 없습니다: ${attrCode}/${valueCode}`);
        checkVersion(b.version, cur.version);
        const next = { nameKo: b.nameKo.trim(), nameEn: b.nameEn.trim(), sortOrder: b.sortOrder ?? cur.sortOrder, useYn: b.useYn ?? cur.useYn, version: cur.version + 1 };
        await trx.updateTable('itemAttributeValue').set(next).where('attrCode', '=', attrCode).where('valueCode', '=', valueCode).execute();
        await writeAudit(trx, { entity: 'item_attribute_value', entityKey: `${attrCode}/${valueCode}`, action: 'UPDATE', actor: request.caller!.userId, before: cur, after: next });
      });
      return (await listValues(request.db, { attrCode, valueCode }))[0];
    });

  // ---- units and conversions
  app.get('/api/v1/item/units', { config: R(PICKERS), schema: { operationId: 'listUnits', tags, summary: 'Units of measure with their conversions', response: { 200: ListOfRows(UnitRow), ...commonErrors } } },
    async (request) => {
      const rows = await unitRows(request.db);
      return { rows, total: rows.length };
    });

  const checkConversions = async (db: Db, unitCode: string, conversions: ReadonlyArray<{ toUnit: string; factor: string }>) => {
    const errors: FieldError[] = [];
    const units = new Set((await db.selectFrom('unit').select('unitCode').execute()).map((u) => u.unitCode));
    const seen = new Set<string>();
    conversions.forEach((c, i) => {
      const to = c.toUnit.trim().toUpperCase();
      if (to === unitCode) errors.push({ path: `body/conversions/${i}/toUnit`, message: '같은 단위로는 환산할 수 없습니다' });
      else if (!units.has(to)) errors.push({ path: `body/conversions/${i}/toUnit`, message: `등록되지 않은 단위입니다: ${to}` });
      else if (seen.has(to)) errors.push({ path: `body/conversions/${i}/toUnit`, message: `환산 단위가 중복되었습니다: ${to}` });
      if (!(Number(c.factor) > 0)) errors.push({ path: `body/conversions/${i}/factor`, message: '환산값은 0보다 커야 합니다' });
      seen.add(to);
    });
    failIf(errors);
    return conversions.map((c) => ({ fromUnit: unitCode, toUnit: c.toUnit.trim().toUpperCase(), factor: c.factor }));
  };

  app.post('/api/v1/item/units', { config: W(ROUTES.unit), schema: { operationId: 'createUnit', tags, summary: 'Add a unit with its conversions', body: UnitCreate, response: { 200: UnitRow, ...Conflict, ...commonErrors } } },
    async (request) => {
      const b = request.body;
      const unitCode = b.unitCode.trim().toUpperCase();
      const conversions = await checkConversions(request.db, unitCode, b.conversions ?? []);
      await request.db.transaction().execute(async (trx) => {
        if (await trx.selectFrom('unit').select('unitCode').where('unitCode', '=', unitCode).executeTakeFirst()) throw refused('UNIT_EXISTS', `이미 있는 단위입니다: ${unitCode}`);
        const row = { unitCode, nameKo: b.nameKo.trim(), nameEn: b.nameEn.trim(), sortOrder: b.sortOrder ?? 0, useYn: b.useYn ?? 'Y' };
        await trx.insertInto('unit').values(row).execute();
        if (conversions.length) await trx.insertInto('unitConversion').values(conversions).execute();
        await writeAudit(trx, { entity: 'unit', entityKey: unitCode, action: 'CREATE', actor: request.caller!.userId, after: { ...row, conversions } });
      });
      return (await unitRows(request.db, unitCode))[0];
    });

  app.put('/api/v1/item/units/:unitCode', { config: W(ROUTES.unit), schema: { operationId: 'updateUnit', tags, summary: 'Rename, reorder, (de)activate a unit and replace its conversions', params: UnitParams, body: UnitUpdate, response: { 200: UnitRow, ...Conflict, ...commonErrors } } },
    async (request) => {
      const { unitCode } = request.params;
      const b = request.body;
      const conversions = b.conversions ? await checkConversions(request.db, unitCode, b.conversions) : undefined;
      await request.db.transaction().execute(async (trx) => {
        const cur = await trx.selectFrom('unit').selectAll().where('unitCode', '=', unitCode).forUpdate().executeTakeFirst();
        if (!cur) throw missing('UNIT_NOT_FOUND', `단위가 없습니다: ${unitCode}`);
        checkVersion(b.version, cur.version);
        const next = { nameKo: b.nameKo.trim(), nameEn: b.nameEn.trim(), sortOrder: b.sortOrder ?? cur.sortOrder, useYn: b.useYn ?? cur.useYn, version: cur.version + 1 };
        await trx.updateTable('unit').set(next).where('unitCode', '=', unitCode).execute();
        const before = await trx.selectFrom('unitConversion').selectAll().where('fromUnit', '=', unitCode).execute();
        if (conversions) {
          await trx.deleteFrom('unitConversion').where('fromUnit', '=', unitCode).execute();
          if (conversions.length) await trx.insertInto('unitConversion').values(conversions).execute();
        }
        await writeAudit(trx, { entity: 'unit', entityKey: unitCode, action: 'UPDATE', actor: request.caller!.userId, before: { ...cur, conversions: before }, after: { ...next, conversions: conversions ?? before } });
      });
      return (await unitRows(request.db, unitCode))[0];
    });
};
