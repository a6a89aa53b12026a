import type { Static } from 'typebox';
import { given, pageWindow, parseSort } from '../../../http/list-query.js';
import { writeAudit } from '../../../db/audit.js';
import type { Db } from '../../../db/connect.js';
import { checkVersion, failIf, missing, refused, type FieldError } from '../../../domain/errors.js';
import { iso } from '../../../domain/values.js';
import { bindingError } from '../../files/owners.js';
import { allocateItemCodes, checkItem, loadMasters, normaliseItem } from '../item-master.js';
import type { ItemCreate, ItemListQuery, ItemUpdate, SORT_FIELDS } from './schemas.js';
import {
  deleteItemAttrs,
  insertItem,
  insertItemAttrs,
  itemAttrRows,
  itemAttributes,
  itemSuppliers,
  itemWithNames,
  listItems,
  lockItem,
  openPoLines,
  openPrLines,
  priceHistory,
  priceTrend,
  unsentOrderOfItem,
  updateItem,
} from './queries.js';

/**
 * The item master (docs/items.md): the search the item popup and the item screens use, one
 * item with its attributes, suppliers and current prices, price history and where it is used,
 * create, change and deactivate.
 */

const notFoundItem = (itemCode: string) => missing('ITEM_NOT_FOUND', `품목이 없습니다: ${itemCode}`);

export async function searchItems(db: Db, q: Static<typeof ItemListQuery>) {
  const { rows, total, nextCursor, prevCursor } = await listItems(
    db,
    {
      codePrefix: given(q.itemCode)?.toUpperCase(),
      name: given(q.itemName),
      spec: given(q.spec),
      catCode: given(q.catCode),
      sgCode: given(q.sgCode) ? q.sgCode : undefined,
      useYn: q.useYn,
    },
    parseSort<(typeof SORT_FIELDS)[number]>(q.sort, { field: 'itemCode', direction: 'asc' }),
    pageWindow(q),
  );
  return {
    rows: rows.map((r) => ({ ...r, refPrice: String(r.refPrice), supplierCount: Number(r.supplierCount ?? 0) })),
    total,
    nextCursor,
    prevCursor,
  };
}

export async function itemDetail(db: Db, itemCode: string) {
  const item = await itemWithNames(db, itemCode);
  if (!item) throw notFoundItem(itemCode);
  const [attributes, suppliers, prLines, poLines] = await Promise.all([
    itemAttributes(db, itemCode),
    itemSuppliers(db, itemCode),
    openPrLines(db, itemCode),
    openPoLines(db, itemCode),
  ]);
  return {
    itemCode: item.itemCode,
    itemName: item.itemName,
    itemNameEn: item.itemNameEn,
    spec: item.spec,
    catCode: item.catCode,
    catName: item.catName ?? item.catCode,
    sgCode: item.sgCode,
    sgName: item.sgName,
    buyerName: item.buyerName,
    unitCode: item.unitCode,
    refPrice: String(item.refPrice),
    currency: item.currency,
    maker: item.maker,
    useYn: item.useYn,
    fileId: item.fileId,
    createdAt: iso(item.createdAt)!,
    updatedAt: iso(item.updatedAt)!,
    updatedBy: item.updatedBy,
    version: item.version,
    attributes,
    suppliers: suppliers.map((s) => ({
      ...s,
      unitPrice: String(s.unitPrice),
      updatedAt: iso(s.updatedAt)!,
      pendingProposals: Number(s.pendingProposals ?? 0),
    })),
    whereUsed: [
      ...prLines.map((l) => ({
        docType: 'PR' as const,
        ...l,
        quantity: String(l.quantity),
        unitPrice: String(l.unitPrice),
        compNo: null,
      })),
      ...poLines.map((l) => ({
        docType: 'PO' as const,
        ...l,
        quantity: String(l.quantity),
        unitPrice: String(l.unitPrice),
      })),
    ],
  };
}

export async function itemPriceHistory(db: Db, itemCode: string) {
  const rows = (await priceHistory(db, itemCode)).map((r) => ({
    ...r,
    unitPrice: String(r.unitPrice),
    changedAt: iso(r.changedAt)!,
  }));
  return { rows, total: rows.length };
}

export async function itemPriceTrend(db: Db, itemCode: string, paging: { page?: number; size?: number }) {
  const rows = (await priceTrend(db, itemCode)).map((r) => ({ ...r, supplierCount: Number(r.supplierCount) }));
  const { limit, offset } = pageWindow(paging);
  return { rows: rows.slice(offset, offset + limit), total: rows.length };
}

async function checkItemBody(
  db: Db,
  b: Static<typeof ItemCreate>,
  actor: string,
  itemCode: string | null,
): Promise<void> {
  const masters = await loadMasters(db);
  const norm = normaliseItem(b);
  const errors: FieldError[] = checkItem(
    masters,
    {
      ...norm,
      attributes: (b.attributes ?? []).map((a) => ({
        attrCode: a.attrCode.trim().toUpperCase(),
        valueCode: a.valueCode.trim().toUpperCase(),
      })),
    },
    (f) => `body/${f}`,
  );
  const fileError = await bindingError(db, { userId: actor }, 'body/fileId', b.fileId, {
    docType: 'ITEM',
    docNo: itemCode,
  });
  failIf(fileError ? [...errors, fileError] : errors);
}

const attrsOf = (b: Static<typeof ItemCreate>, itemCode: string) =>
  (b.attributes ?? []).map((a) => ({
    itemCode,
    attrCode: a.attrCode.trim().toUpperCase(),
    valueCode: a.valueCode.trim().toUpperCase(),
  }));

/** Creates an item; its code is <category>-NNNN. */
export async function createItem(db: Db, b: Static<typeof ItemCreate>, actor: string) {
  await checkItemBody(db, b, actor, null);
  const norm = normaliseItem(b);
  const itemCode = await db.transaction().execute(async (trx) => {
    const [code] = await allocateItemCodes(trx, [norm.catCode]);
    const row = { itemCode: code, ...norm, fileId: b.fileId ?? null, updatedBy: actor };
    await insertItem(trx, row);
    const attrs = attrsOf(b, code);
    await insertItemAttrs(trx, attrs);
    await writeAudit(trx, {
      entity: 'item',
      entityKey: code,
      action: 'CREATE',
      actor,
      after: { ...row, attributes: attrs },
    });
    return code;
  });
  return itemDetail(db, itemCode);
}

/** Changes an item (attributes replaced whole when given). */
export async function changeItem(db: Db, itemCode: string, b: Static<typeof ItemUpdate>, actor: string) {
  await checkItemBody(db, b, actor, itemCode);
  const norm = normaliseItem(b);
  await db.transaction().execute(async (trx) => {
    const cur = await lockItem(trx, itemCode);
    if (!cur) throw notFoundItem(itemCode);
    checkVersion(b.version, cur.version);
    const next = {
      ...norm,
      fileId: b.fileId === undefined ? cur.fileId : b.fileId,
      updatedBy: actor,
      updatedAt: new Date(),
      version: cur.version + 1,
    };
    await updateItem(trx, itemCode, next);
    const before = await itemAttrRows(trx, itemCode);
    if (b.attributes) {
      await deleteItemAttrs(trx, itemCode);
      await insertItemAttrs(trx, attrsOf(b, itemCode));
    }
    await writeAudit(trx, {
      entity: 'item',
      entityKey: itemCode,
      action: 'UPDATE',
      actor,
      before: { ...cur, attributes: before },
      after: { ...next, attributes: b.attributes ?? before },
    });
  });
  return itemDetail(db, itemCode);
}

/** Stops using an item (no new PR or PO lines); refused while an order not yet sent names it. */
export async function deactivateItem(db: Db, itemCode: string, version: number, actor: string) {
  await db.transaction().execute(async (trx) => {
    const cur = await lockItem(trx, itemCode);
    if (!cur) throw notFoundItem(itemCode);
    checkVersion(version, cur.version);
    if (cur.useYn === 'N') throw refused('ITEM_INACTIVE', '이미 사용하지 않는 품목입니다');
    const open = await unsentOrderOfItem(trx, itemCode);
    if (open) throw refused('ITEM_IN_USE', `진행 중인 발주(${open.poNo})가 있는 품목은 미사용으로 바꿀 수 없습니다`);
    await updateItem(trx, itemCode, { useYn: 'N', updatedAt: new Date(), updatedBy: actor, version: cur.version + 1 });
    await writeAudit(trx, {
      entity: 'item',
      entityKey: itemCode,
      action: 'DEACTIVATE',
      actor,
      before: { useYn: cur.useYn },
      after: { useYn: 'N' },
    });
  });
  return itemDetail(db, itemCode);
}
