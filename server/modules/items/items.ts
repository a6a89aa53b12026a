import { Type, type Static } from 'typebox';
import { sql } from 'kysely';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../http/access.js';
import { commonErrors } from '../../http/error-schema.js';
import { PagingQuery, SortQuery, given, likeEscape, pageWindow, parseSort } from '../../http/list-query.js';
import { Nullable, Str, YN } from '../../http/schema-helpers.js';
import { writeAudit } from '../../db/audit.js';
import type { Db } from '../../db/connect.js';
import { allocateItemCodes, checkItem, loadMasters, normaliseItem } from './item-master.js';
import { ITEM_PICKING_SCREENS, ROUTES, VersionBody } from './shared.js';
import { ListOfRows } from '../../domain/schemas.js';
import { checkVersion, failIf, missing, refused, type FieldError } from '../../domain/errors.js';
import { iso } from '../../domain/values.js';

/**
 * The item master (docs/items.md): the search the item popup and the item screens use, one
 * item with its attributes, suppliers and current prices, price history and where it is used,
 * create, change and deactivate.
 */
const Currency = Type.Union([Type.Literal('KRW'), Type.Literal('JPY')]);
const Money = Type.String({ pattern: '^\\d{1,16}(\\.\\d{1,2})?$', description: 'Exact decimal, ≥ 0' });

export const ItemRowSchema = Type.Object({
  itemCode: Type.String(), itemName: Type.String(), itemNameEn: Nullable(Type.String()), spec: Nullable(Type.String()),
  catCode: Type.String(), catName: Type.String(), sgCode: Type.String(), sgName: Type.String(), unitCode: Type.String(),
  refPrice: Type.String(), currency: Currency, maker: Nullable(Type.String()), useYn: YN, supplierCount: Type.Integer(), version: Type.Integer(),
}, { $id: 'ItemRow', title: 'ItemRow' });

const ItemAttribute = Type.Object({ attrCode: Type.String(), attrName: Type.String(), valueCode: Type.String(), valueName: Type.String() });
const ItemSupplier = Type.Object({ compNo: Type.String(), compNameKr: Type.String(), unitPrice: Type.String(), currency: Currency, effectiveDate: Type.String(), updatedAt: Type.String(), pendingProposals: Type.Integer() });
const WhereUsed = Type.Object({ docType: Type.Union([Type.Literal('PR'), Type.Literal('PO')]), docNo: Type.String(), lineNo: Type.Integer(), title: Type.String(), status: Type.String(), docDate: Type.String(), quantity: Type.String(), unitPrice: Type.String(), compNo: Nullable(Type.String()) });
const ItemDetail = Type.Object({
  itemCode: Type.String(), itemName: Type.String(), itemNameEn: Nullable(Type.String()), spec: Nullable(Type.String()),
  catCode: Type.String(), catName: Type.String(), sgCode: Type.String(), sgName: Type.String(), buyerName: Nullable(Type.String()), unitCode: Type.String(),
  refPrice: Type.String(), currency: Currency, maker: Nullable(Type.String()), useYn: YN, fileId: Nullable(Type.String()),
  createdAt: Type.String(), updatedAt: Type.String(), updatedBy: Nullable(Type.String()), version: Type.Integer(),
  attributes: Type.Array(ItemAttribute), suppliers: Type.Array(ItemSupplier), whereUsed: Type.Array(WhereUsed),
});
const TrendPoint = Type.Object({
  effectiveDate: Type.String({ description: 'A date on which some supplier\'s price changed' }),
  currency: Currency,
  supplierCount: Type.Integer({ description: 'Suppliers with a price in this currency in force on that date' }),
  lowPrice: Type.String(), avgPrice: Type.String(), highPrice: Type.String(),
});
const PricePoint = Type.Object({ effectiveDate: Type.String(), compNo: Type.String(), compNameKr: Type.String(), unitPrice: Type.String(), currency: Currency, source: Type.String(), proposalNo: Nullable(Type.String()), changedAt: Type.String() });

const SORT_FIELDS = ['itemCode', 'itemName', 'spec', 'catCode', 'refPrice', 'updatedAt'] as const;
const ItemListQuery = Type.Object({
  itemCode: Type.Optional(Type.String({ maxLength: 20, description: 'Start of the item code' })),
  itemName: Type.Optional(Type.String({ maxLength: 200, description: 'Part of the name (Korean or English)' })),
  spec: Type.Optional(Type.String({ maxLength: 300, description: 'Part of the specification' })),
  catCode: Type.Optional(Type.String({ maxLength: 20, description: 'A category: its items and those of its subcategories' })),
  sgCode: Type.Optional(Type.String({ maxLength: 20 })),
  useYn: Type.Optional(YN),
  ...PagingQuery,
  sort: SortQuery(SORT_FIELDS),
}, { additionalProperties: false });

const AttrInput = Type.Object({ attrCode: Type.String({ minLength: 1, maxLength: 20 }), valueCode: Type.String({ minLength: 1, maxLength: 30 }) }, { additionalProperties: true });
const ItemFields = {
  itemName: Type.String({ minLength: 1, maxLength: 200 }), itemNameEn: Type.Optional(Nullable(Str(200))), spec: Type.Optional(Nullable(Str(300))),
  catCode: Type.String({ minLength: 1, maxLength: 20 }), sgCode: Type.String({ minLength: 1, maxLength: 20 }), unitCode: Type.String({ minLength: 1, maxLength: 10 }),
  refPrice: Money, currency: Currency, maker: Type.Optional(Nullable(Str(100))), useYn: Type.Optional(YN),
  fileId: Type.Optional(Nullable(Type.String({ maxLength: 36, description: 'Photo / spec-sheet file group (upload first)' }))),
  attributes: Type.Optional(Type.Array(AttrInput, { maxItems: 30 })),
};
const ItemCreate = Type.Object(ItemFields, { additionalProperties: false });
const ItemUpdate = Type.Object({ ...ItemFields, ...VersionBody }, { additionalProperties: false });
const ItemParams = Type.Object({ itemCode: Type.String({ minLength: 1, maxLength: 20 }) });

export async function listItems(db: Db, q: Static<typeof ItemListQuery>) {
  let s = db.selectFrom('item as i')
    .innerJoin('itemCategory as c', 'c.catCode', 'i.catCode')
    .innerJoin('sourcingGroup as g', 'g.sgCode', 'i.sgCode');
  const code = given(q.itemCode);
  if (code) s = s.where('i.itemCode', 'like', `${likeEscape(code.toUpperCase())}%`);
  const name = given(q.itemName);
  if (name) s = s.where((eb) => eb.or([eb('i.itemName', 'ilike', `%${likeEscape(name)}%`), eb('i.itemNameEn', 'ilike', `%${likeEscape(name)}%`)]));
  const spec = given(q.spec);
  if (spec) s = s.where('i.spec', 'ilike', `%${likeEscape(spec)}%`);
  const cat = given(q.catCode);
  if (cat) s = s.where((eb) => eb.or([eb('i.catCode', '=', cat), eb('c.parentCode', '=', cat), eb('c.parentCode', 'in', eb.selectFrom('itemCategory').select('catCode').where('parentCode', '=', cat))]));
  if (given(q.sgCode)) s = s.where('i.sgCode', '=', q.sgCode!);
  if (q.useYn) s = s.where('i.useYn', '=', q.useYn);
  const total = await s.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const sort = parseSort(q.sort, { field: 'itemCode', direction: 'asc' });
  const { limit, offset } = pageWindow(q);
  const rows = await s
    .select(['i.itemCode', 'i.itemName', 'i.itemNameEn', 'i.spec', 'i.catCode', 'c.nameKo as catName', 'i.sgCode', 'g.sgName', 'i.unitCode', 'i.refPrice', 'i.currency', 'i.maker', 'i.useYn', 'i.version'])
    .select((eb) => eb.selectFrom('itemSupplierPrice as p').select((e) => e.fn.countAll<number>().as('n')).whereRef('p.itemCode', '=', 'i.itemCode').as('supplierCount'))
    .orderBy(`i.${sort.field}`, sort.direction)
    .orderBy('i.itemCode')
    .limit(limit)
    .offset(offset)
    .execute();
  return { rows: rows.map((r) => ({ ...r, refPrice: String(r.refPrice), supplierCount: Number(r.supplierCount ?? 0) })), total: Number(total.n) };
}

export async function itemDetail(db: Db, itemCode: string) {
  const item = await db.selectFrom('item as i')
    .innerJoin('sourcingGroup as g', 'g.sgCode', 'i.sgCode')
    .leftJoin('employee as e', 'e.singleid', 'g.buyerId')
    .selectAll('i')
    .select(['g.sgName', 'e.hname as buyerName'])
    .select((eb) => eb.selectFrom('itemCategory as c').select('c.nameKo').whereRef('c.catCode', '=', 'i.catCode').as('catName'))
    .where('i.itemCode', '=', itemCode)
    .executeTakeFirst();
  if (!item) throw missing('ITEM_NOT_FOUND', `품목이 없습니다: ${itemCode}`);
  const [attributes, suppliers, prLines, poLines] = await Promise.all([
    db.selectFrom('itemAttr as ia')
      .innerJoin('itemAttribute as a', 'a.attrCode', 'ia.attrCode')
      .innerJoin('itemAttributeValue as v', (j) => j.onRef('v.attrCode', '=', 'ia.attrCode').onRef('v.valueCode', '=', 'ia.valueCode'))
      .select(['ia.attrCode', 'a.nameKo as attrName', 'ia.valueCode', 'v.nameKo as valueName'])
      .where('ia.itemCode', '=', itemCode).orderBy('a.sortOrder').execute(),
    db.selectFrom('itemSupplierPrice as p')
      .innerJoin('company as c', 'c.compNo', 'p.compNo')
      .select(['p.compNo', 'c.compNameKr', 'p.unitPrice', 'p.currency', 'p.effectiveDate', 'p.updatedAt'])
      .select((eb) => eb.selectFrom('itemProposal as x').select((e) => e.fn.countAll<number>().as('n')).whereRef('x.itemCode', '=', 'p.itemCode').whereRef('x.compNo', '=', 'p.compNo').where('x.status', '=', 'SUBMITTED').as('pendingProposals'))
      .where('p.itemCode', '=', itemCode).orderBy('p.unitPrice').execute(),
    db.selectFrom('prLine as l').innerJoin('prHeader as h', 'h.prNo', 'l.prNo')
      .select(['h.prNo as docNo', 'l.lineNo', 'h.title', 'h.status', 'h.prDate as docDate', 'l.quantity', 'l.estUnitPrice as unitPrice'])
      .where('l.itemCode', '=', itemCode).where('h.status', 'not in', ['ORDERED', 'REJECTED', 'CANCELLED'])
      .orderBy('h.prDate', 'desc').limit(100).execute(),
    db.selectFrom('poLine as l').innerJoin('poHeader as h', 'h.poNo', 'l.poNo')
      .select(['h.poNo as docNo', 'l.lineNo', 'h.title', 'h.status', 'h.poDate as docDate', 'l.quantity', 'l.unitPrice', 'h.compNo'])
      .where('l.itemCode', '=', itemCode).where('h.status', 'not in', ['CLOSED', 'CANCELLED', 'DELIVERED'])
      .orderBy('h.poDate', 'desc').limit(100).execute(),
  ]);
  return {
    itemCode: item.itemCode, itemName: item.itemName, itemNameEn: item.itemNameEn, spec: item.spec, catCode: item.catCode, catName: item.catName ?? item.catCode,
    sgCode: item.sgCode, sgName: item.sgName, buyerName: item.buyerName, unitCode: item.unitCode, refPrice: String(item.refPrice), currency: item.currency,
    maker: item.maker, useYn: item.useYn, fileId: item.fileId, createdAt: iso(item.createdAt)!, updatedAt: iso(item.updatedAt)!, updatedBy: item.updatedBy, version: item.version,
    attributes,
    suppliers: suppliers.map((s) => ({ ...s, unitPrice: String(s.unitPrice), updatedAt: iso(s.updatedAt)!, pendingProposals: Number(s.pendingProposals ?? 0) })),
    whereUsed: [
      ...prLines.map((l) => ({ docType: 'PR' as const, ...l, quantity: String(l.quantity), unitPrice: String(l.unitPrice), compNo: null })),
      ...poLines.map((l) => ({ docType: 'PO' as const, ...l, quantity: String(l.quantity), unitPrice: String(l.unitPrice) })),
    ],
  };
}

export async function priceHistory(db: Db, itemCode: string) {
  const rows = await db.selectFrom('itemPriceHistory as h')
    .innerJoin('company as c', 'c.compNo', 'h.compNo')
    .select(['h.effectiveDate', 'h.compNo', 'c.compNameKr', 'h.unitPrice', 'h.currency', 'h.source', 'h.proposalNo', 'h.changedAt'])
    .where('h.itemCode', '=', itemCode)
    .orderBy('h.effectiveDate', 'desc').orderBy('h.id', 'desc')
    .execute();
  return rows.map((r) => ({ ...r, unitPrice: String(r.unitPrice), changedAt: iso(r.changedAt)! }));
}

/**
 * The price-history chart's points: on every date some supplier's price changed, the lowest,
 * average and highest of the prices then in force (each supplier's latest point on or before the
 * date), per currency. The database does the aggregation; the chart only draws the rows.
 */
export async function priceTrend(db: Db, itemCode: string) {
  const { rows } = await sql<{ effectiveDate: string; currency: 'KRW' | 'JPY'; supplierCount: string; lowPrice: string; avgPrice: string; highPrice: string }>`
    with days as (select distinct effective_date from item_price_history where item_code = ${itemCode}),
    in_force as (
      select d.effective_date as day, p.currency, p.unit_price
      from days d cross join lateral (
        select distinct on (h.comp_no) h.comp_no, h.unit_price, h.currency
        from item_price_history h where h.item_code = ${itemCode} and h.effective_date <= d.effective_date
        order by h.comp_no, h.effective_date desc, h.id desc
      ) p
    )
    select to_char(day, 'YYYY-MM-DD') as "effectiveDate", currency, count(*)::text as "supplierCount",
      min(unit_price)::text as "lowPrice", round(avg(unit_price), 2)::text as "avgPrice", max(unit_price)::text as "highPrice"
    from in_force group by day, currency order by day, currency`.execute(db);
  return rows.map((r) => ({ ...r, supplierCount: Number(r.supplierCount) }));
}

async function checkItemBody(db: Db, b: Static<typeof ItemCreate>): Promise<void> {
  const masters = await loadMasters(db);
  const norm = normaliseItem(b);
  const errors: FieldError[] = checkItem(masters, { ...norm, attributes: (b.attributes ?? []).map((a) => ({ attrCode: a.attrCode.trim().toUpperCase(), valueCode: a.valueCode.trim().toUpperCase() })) }, (f) => `body/${f}`);
  if (b.fileId) {
    const f = await db.selectFrom('fileGroup').select('fileId').where('fileId', '=', b.fileId).executeTakeFirst();
    if (!f) errors.push({ path: 'body/fileId', message: '첨부파일을 찾을 수 없습니다. 파일을 먼저 올리세요' });
  }
  failIf(errors);
}

const attrsOf = (b: Static<typeof ItemCreate>, itemCode: string) => (b.attributes ?? []).map((a) => ({ itemCode, attrCode: a.attrCode.trim().toUpperCase(), valueCode: a.valueCode.trim().toUpperCase() }));

export const itemRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['item'];
  app.addSchema(ItemRowSchema);
  const readScreens = [ROUTES.detail, ROUTES.insert, ROUTES.uploadDetail, ROUTES.review, ...ITEM_PICKING_SCREENS];

  app.get('/api/v1/items', {
    config: { access: access.login(readScreens, 'read', ['I']) },
    schema: { operationId: 'listItems', tags, summary: 'Items by code, name, specification, category (with its subcategories), sourcing group; the item search popup uses it', querystring: ItemListQuery, response: { 200: ListOfRows(Type.Ref('ItemRow')), ...commonErrors } },
  }, async (request) => listItems(request.db, request.query));

  app.get('/api/v1/items/:itemCode', {
    config: { access: access.login([ROUTES.detail, ROUTES.review, ROUTES.insert], 'read', ['I']) },
    schema: { operationId: 'getItem', tags, summary: 'One item: attributes, suppliers with their current prices, open PRs and POs using it', params: ItemParams, response: { 200: ItemDetail, ...commonErrors } },
  }, async (request) => itemDetail(request.db, request.params.itemCode.trim().toUpperCase()));

  app.get('/api/v1/items/:itemCode/price-history', {
    config: { access: access.login([ROUTES.detail, ROUTES.review], 'read', ['I']) },
    schema: { operationId: 'listItemPriceHistory', tags, summary: 'Every supplier price of an item by effective date (the price-history chart)', params: ItemParams, response: { 200: ListOfRows(PricePoint), ...commonErrors } },
  }, async (request) => {
    const rows = await priceHistory(request.db, request.params.itemCode.trim().toUpperCase());
    return { rows, total: rows.length };
  });

  app.get('/api/v1/items/:itemCode/price-trend', {
    config: { access: access.login([ROUTES.detail, ROUTES.review], 'read', ['I']) },
    schema: { operationId: 'listItemPriceTrend', tags, summary: 'The price-history chart: lowest, average and highest supplier price in force on each date a price changed, per currency', params: ItemParams, response: { 200: ListOfRows(TrendPoint), ...commonErrors } },
  }, async (request) => {
    const rows = await priceTrend(request.db, request.params.itemCode.trim().toUpperCase());
    return { rows, total: rows.length };
  });

  app.post('/api/v1/items', {
    config: { access: access.login([ROUTES.insert], 'write', ['I']) },
    schema: { operationId: 'createItem', tags, summary: 'Create an item; its code is <category>-NNNN', body: ItemCreate, response: { 200: ItemDetail, ...commonErrors } },
  }, async (request) => {
    const b = request.body;
    await checkItemBody(request.db, b);
    const norm = normaliseItem(b);
    const itemCode = await request.db.transaction().execute(async (trx) => {
      const [code] = await allocateItemCodes(trx, [norm.catCode]);
      const row = { itemCode: code, ...norm, fileId: b.fileId ?? null, updatedBy: request.caller!.userId };
      await trx.insertInto('item').values(row).execute();
      const attrs = attrsOf(b, code);
      if (attrs.length) await trx.insertInto('itemAttr').values(attrs).execute();
      await writeAudit(trx, { entity: 'item', entityKey: code, action: 'CREATE', actor: request.caller!.userId, after: { ...row, attributes: attrs } });
      return code;
    });
    return itemDetail(request.db, itemCode);
  });

  app.put('/api/v1/items/:itemCode', {
    config: { access: access.login([ROUTES.detail, ROUTES.insert], 'write', ['I']) },
    schema: { operationId: 'updateItem', tags, summary: 'Change an item (attributes replaced whole when given); stale version: 409', params: ItemParams, body: ItemUpdate, response: { 200: ItemDetail, 409: Type.Ref('ErrorBody'), ...commonErrors } },
  }, async (request) => {
    const itemCode = request.params.itemCode.trim().toUpperCase();
    const b = request.body;
    await checkItemBody(request.db, b);
    const norm = normaliseItem(b);
    await request.db.transaction().execute(async (trx) => {
      const cur = await trx.selectFrom('item').selectAll().where('itemCode', '=', itemCode).forUpdate().executeTakeFirst();
      if (!cur) throw missing('ITEM_NOT_FOUND', `품목이 없습니다: ${itemCode}`);
      checkVersion(b.version, cur.version);
      const next = { ...norm, fileId: b.fileId === undefined ? cur.fileId : b.fileId, updatedBy: request.caller!.userId, updatedAt: new Date(), version: cur.version + 1 };
      await trx.updateTable('item').set(next).where('itemCode', '=', itemCode).execute();
      const before = await trx.selectFrom('itemAttr').selectAll().where('itemCode', '=', itemCode).execute();
      if (b.attributes) {
        await trx.deleteFrom('itemAttr').where('itemCode', '=', itemCode).execute();
        const attrs = attrsOf(b, itemCode);
        if (attrs.length) await trx.insertInto('itemAttr').values(attrs).execute();
      }
      await writeAudit(trx, { entity: 'item', entityKey: itemCode, action: 'UPDATE', actor: request.caller!.userId, before: { ...cur, attributes: before }, after: { ...next, attributes: b.attributes ?? before } });
    });
    return itemDetail(request.db, itemCode);
  });

  app.post('/api/v1/items/:itemCode/deactivate', {
    config: { access: access.login([ROUTES.detail], 'write', ['I']) },
    schema: { operationId: 'deactivateItem', tags, summary: 'Stop using an item (no new PR or PO lines); refused while open POs use it', params: ItemParams, body: Type.Object(VersionBody, { additionalProperties: false }), response: { 200: ItemDetail, 409: Type.Ref('ErrorBody'), ...commonErrors } },
  }, async (request) => {
    const itemCode = request.params.itemCode.trim().toUpperCase();
    await request.db.transaction().execute(async (trx) => {
      const cur = await trx.selectFrom('item').selectAll().where('itemCode', '=', itemCode).forUpdate().executeTakeFirst();
      if (!cur) throw missing('ITEM_NOT_FOUND', `품목이 없습니다: ${itemCode}`);
      checkVersion(request.body.version, cur.version);
      if (cur.useYn === 'N') throw refused('ITEM_INACTIVE', '이미 사용하지 않는 품목입니다');
      const open = await trx.selectFrom('poLine as l').innerJoin('poHeader as h', 'h.poNo', 'l.poNo').select('h.poNo')
        .where('l.itemCode', '=', itemCode).where('h.status', 'in', ['DRAFT', 'IN_APPROVAL', 'APPROVED']).limit(1).executeTakeFirst();
      if (open) throw refused('ITEM_IN_USE', `진행 중인 발주(${open.poNo})가 있는 품목은 미사용으로 바꿀 수 없습니다`);
      await trx.updateTable('item').set({ useYn: 'N', updatedAt: new Date(), updatedBy: request.caller!.userId, version: cur.version + 1 }).where('itemCode', '=', itemCode).execute();
      await writeAudit(trx, { entity: 'item', entityKey: itemCode, action: 'DEACTIVATE', actor: request.caller!.userId, before: { useYn: cur.useYn }, after: { useYn: 'N' } });
    });
    return itemDetail(request.db, itemCode);
  });
};
