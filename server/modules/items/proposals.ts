import { Type, type Static } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Caller } from '../../auth/plugin.js';
import { access } from '../../http/access.js';
import { commonErrors } from '../../http/error-schema.js';
import { SupplierCompanyQuery, supplierView, supplierViewOfOne } from '../../http/supplier-view.js';
import { PagingQuery, SortQuery, given, likeEscape, pageWindow, parseSort } from '../../http/list-query.js';
import { Nullable, Str } from '../../http/schema-helpers.js';
import { writeAudit } from '../../db/audit.js';
import type { Db } from '../../db/connect.js';
import { nextDocumentNumber } from '../../db/document-number.js';
import type { JobDefinition } from '../../jobs/types.js';
import { allocateItemCodes, checkItem, loadMasters } from './item-master.js';
import { ROUTES, VersionBody } from './shared.js';
import { ListOfRows } from '../../domain/schemas.js';
import { checkVersion, failIf, missing, notAllowed, refused, type FieldError } from '../../domain/errors.js';
import { isValidDate, todayKst } from '../../domain/dates.js';
import { iso, text } from '../../domain/values.js';
import { parseAmount } from '../../domain/money.js';

/**
 * Suppliers' proposals (docs/items.md): a supplier proposes a price change for an item it
 * supplies, or a new item, with the date it should take effect, a reason and attachments;
 * staff approve (with the effective date: the supplier's price and its history change) or
 * reject with a reason; the supplier may withdraw while it waits. States: SUBMITTED →
 * APPROVED | REJECTED | WITHDRAWN. A supplier reads and changes only its own company's rows
 * (request.db is scoped to its company).
 */
const Currency = Type.Union([Type.Literal('KRW'), Type.Literal('JPY')]);
const Status = Type.Union([Type.Literal('SUBMITTED'), Type.Literal('APPROVED'), Type.Literal('REJECTED'), Type.Literal('WITHDRAWN')]);
const Kind = Type.Union([Type.Literal('NEW'), Type.Literal('PRICE')]);
const Money = Type.String({ pattern: '^\\d{1,16}(\\.\\d{1,2})?$' });
const DateStr = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

const ProposalRow = Type.Object({
  proposalNo: Type.String(), compNo: Type.String(), compNameKr: Type.String(), kind: Kind, itemCode: Nullable(Type.String()), itemName: Type.String(), spec: Nullable(Type.String()),
  unitCode: Nullable(Type.String()), currentPrice: Nullable(Type.String()), proposedPrice: Type.String(), currency: Currency, changeRate: Nullable(Type.String()),
  validFrom: Type.String(), status: Status, effectiveDate: Nullable(Type.String()), createdAt: Type.String(), reviewedAt: Nullable(Type.String()), version: Type.Integer(),
});
const ProposalDetail = Type.Object({
  proposalNo: Type.String(), compNo: Type.String(), compNameKr: Type.String(), kind: Kind, itemCode: Nullable(Type.String()), itemName: Type.String(), spec: Nullable(Type.String()),
  catCode: Nullable(Type.String()), catName: Nullable(Type.String()), unitCode: Nullable(Type.String()), maker: Nullable(Type.String()), currentPrice: Nullable(Type.String()),
  proposedPrice: Type.String(), currency: Currency, changeRate: Nullable(Type.String()), validFrom: Type.String(), reason: Type.String(), fileId: Nullable(Type.String()), status: Status,
  effectiveDate: Nullable(Type.String()), rejectReason: Nullable(Type.String()), reviewedBy: Nullable(Type.String()), reviewedAt: Nullable(Type.String()),
  createdBy: Type.String(), createdAt: Type.String(), updatedAt: Type.String(), version: Type.Integer(),
  actions: Type.Array(Type.String(), { description: 'What the caller may do now: update, withdraw, approve, reject' }),
});
const SORT = ['proposalNo', 'createdAt', 'validFrom', 'status', 'itemCode'] as const;
const ListQuery = Type.Object({
  status: Type.Optional(Status), kind: Type.Optional(Kind), compNo: Type.Optional(Type.String({ maxLength: 10 })),
  itemCode: Type.Optional(Type.String({ maxLength: 20 })), itemName: Type.Optional(Type.String({ maxLength: 200 })),
  createdFrom: Type.Optional(DateStr), createdTo: Type.Optional(DateStr),
  ...PagingQuery, sort: SortQuery(SORT),
}, { additionalProperties: false });
const ProposalFields = {
  kind: Kind,
  itemCode: Type.Optional(Nullable(Str(20, { description: 'PRICE: an item the supplier supplies' }))),
  itemName: Type.Optional(Nullable(Str(200, { description: 'NEW: the item name' }))),
  spec: Type.Optional(Nullable(Str(300))),
  catCode: Type.Optional(Nullable(Str(20, { description: 'NEW: a leaf category' }))),
  unitCode: Type.Optional(Nullable(Str(10))),
  maker: Type.Optional(Nullable(Str(100))),
  proposedPrice: Money,
  currency: Type.Optional(Currency),
  validFrom: DateStr,
  reason: Type.String({ minLength: 1, maxLength: 1000 }),
  fileId: Type.Optional(Nullable(Type.String({ maxLength: 36 }))),
};
const CreateBody = Type.Object(ProposalFields, { additionalProperties: false });
const UpdateBody = Type.Object({ ...ProposalFields, ...VersionBody }, { additionalProperties: false });
const Params = Type.Object({ proposalNo: Type.String({ maxLength: 20 }) });
const ApproveBody = Type.Object({ ...VersionBody, effectiveDate: DateStr, sgCode: Type.Optional(Nullable(Str(20, { description: 'NEW: the level-4 sourcing group of the new item' }))), comment: Type.Optional(Nullable(Str(1000))) }, { additionalProperties: false });
const RejectBody = Type.Object({ ...VersionBody, reason: Type.String({ minLength: 1, maxLength: 1000 }) }, { additionalProperties: false });
const WithdrawBody = Type.Object(VersionBody, { additionalProperties: false });

const MyItemRow = Type.Object({
  compNo: Type.String({ description: 'The supplier (staff read across suppliers)' }), compName: Type.String(),
  itemCode: Type.String(), itemName: Type.String(), spec: Nullable(Type.String()), unitCode: Type.String(), catName: Type.String(), maker: Nullable(Type.String()),
  unitPrice: Type.String(), currency: Currency, effectiveDate: Type.String(), pendingProposal: Nullable(Type.String()),
});
const MyItemQuery = Type.Object({ itemCode: Type.Optional(Type.String({ maxLength: 20 })), itemName: Type.Optional(Type.String({ maxLength: 200 })), spec: Type.Optional(Type.String({ maxLength: 300 })), ...SupplierCompanyQuery, ...PagingQuery, sort: SortQuery(['itemCode', 'itemName', 'unitPrice', 'effectiveDate']) }, { additionalProperties: false });
const MyItemReadQuery = Type.Object({ ...SupplierCompanyQuery }, { additionalProperties: false });
const MyItemDetail = Type.Object({
  compNo: Type.String(), compName: Type.String(),
  itemCode: Type.String(), itemName: Type.String(), spec: Nullable(Type.String()), unitCode: Type.String(), catName: Type.String(), maker: Nullable(Type.String()),
  unitPrice: Type.String(), currency: Currency, effectiveDate: Type.String(),
  history: Type.Array(Type.Object({ effectiveDate: Type.String(), unitPrice: Type.String(), currency: Currency, source: Type.String(), proposalNo: Nullable(Type.String()) })),
});
const ItemCodeParams = Type.Object({ itemCode: Type.String({ maxLength: 20 }) });

const rate = (cur: string | null, next: string): string | null => {
  if (cur === null || Number(cur) === 0) return null;
  return (((Number(next) - Number(cur)) / Number(cur)) * 100).toFixed(1);
};

function actionsFor(caller: Caller, status: string): string[] {
  if (status !== 'SUBMITTED') return [];
  return caller.portal === 'X' ? ['update', 'withdraw'] : ['approve', 'reject'];
}

async function proposalDetail(db: Db, proposalNo: string, caller: Caller) {
  const p = await db.selectFrom('itemProposal as p')
    .innerJoin('company as c', 'c.compNo', 'p.compNo')
    .leftJoin('itemCategory as k', 'k.catCode', 'p.catCode')
    .selectAll('p')
    .select(['c.compNameKr', 'k.nameKo as catName'])
    .where('p.proposalNo', '=', proposalNo)
    .executeTakeFirst();
  // A supplier's scoped Db finds no other company's proposal: the same 404 as a missing one.
  if (!p) throw missing('PROPOSAL_NOT_FOUND', `제안이 없습니다: ${proposalNo}`);
  const currentPrice = p.currentPrice === null ? null : String(p.currentPrice);
  return {
    proposalNo: p.proposalNo, compNo: p.compNo, compNameKr: p.compNameKr, kind: p.kind, itemCode: p.itemCode, itemName: p.itemName, spec: p.spec, catCode: p.catCode, catName: p.catName,
    unitCode: p.unitCode, maker: p.maker, currentPrice, proposedPrice: String(p.proposedPrice), currency: p.currency, changeRate: rate(currentPrice, String(p.proposedPrice)),
    validFrom: p.validFrom, reason: p.reason, fileId: p.fileId, status: p.status, effectiveDate: p.effectiveDate, rejectReason: p.rejectReason, reviewedBy: p.reviewedBy,
    reviewedAt: iso(p.reviewedAt), createdBy: p.createdBy, createdAt: iso(p.createdAt)!, updatedAt: iso(p.updatedAt)!, version: p.version, actions: actionsFor(caller, p.status),
  };
}

type ProposalInput = Static<typeof CreateBody>;

/** Checks a supplier's proposal; for a price change the item must be one it supplies (its scoped Db sees only its prices). */
// A null fileId may arrive as "" (the body schema coerces types): text() makes both "no attachments".
async function checkProposal(db: Db, b: ProposalInput, today: string) {
  const errors: FieldError[] = [];
  if (!parseAmount(b.proposedPrice)) errors.push({ path: 'body/proposedPrice', message: '제안 단가는 0 이상의 숫자여야 합니다' });
  if (!isValidDate(b.validFrom)) errors.push({ path: 'body/validFrom', message: '적용 시작일이 올바른 날짜가 아닙니다' });
  else if (b.validFrom < today) errors.push({ path: 'body/validFrom', message: '적용 시작일은 오늘 이후여야 합니다' });
  if (!b.reason.trim()) errors.push({ path: 'body/reason', message: '제안 사유는 필수입니다' });
  if (b.fileId && !(await db.selectFrom('fileGroup').select('fileId').where('fileId', '=', b.fileId).executeTakeFirst())) errors.push({ path: 'body/fileId', message: '첨부파일을 찾을 수 없습니다. 파일을 먼저 올리세요' });
  if (b.kind === 'PRICE') {
    const itemCode = text(b.itemCode)?.toUpperCase();
    if (!itemCode) {
      errors.push({ path: 'body/itemCode', message: '단가 변경할 품목을 선택하세요' });
      failIf(errors);
    }
    const own = await db.selectFrom('itemSupplierPrice as p').innerJoin('item as i', 'i.itemCode', 'p.itemCode')
      .select(['i.itemCode', 'i.itemName', 'i.spec', 'i.catCode', 'i.unitCode', 'i.maker', 'i.useYn', 'p.unitPrice', 'p.currency'])
      .where('p.itemCode', '=', itemCode!).executeTakeFirst();
    if (!own) throw notAllowed(`공급하지 않는 품목의 단가는 제안할 수 없습니다: ${itemCode}`);
    if (own.useYn !== 'Y') errors.push({ path: 'body/itemCode', message: `사용하지 않는 품목입니다: ${itemCode}` });
    if (b.currency && b.currency !== own.currency) errors.push({ path: 'body/currency', message: `이 품목의 단가 통화는 ${own.currency}입니다` });
    failIf(errors);
    return {
      kind: 'PRICE' as const, itemCode: own.itemCode, itemName: own.itemName, spec: own.spec, catCode: own.catCode, unitCode: own.unitCode, maker: own.maker,
      currentPrice: String(own.unitPrice), proposedPrice: parseAmount(b.proposedPrice)!, currency: own.currency, validFrom: b.validFrom, reason: b.reason.trim(), fileId: text(b.fileId),
    };
  }
  const masters = await loadMasters(db);
  const itemName = text(b.itemName) ?? '';
  const catCode = text(b.catCode)?.toUpperCase() ?? '';
  const unitCode = text(b.unitCode)?.toUpperCase() ?? '';
  // The sourcing group is staff's to choose on approval: checked with a valid placeholder here.
  const anyLevel4 = [...masters.level4][0] ?? '';
  errors.push(...checkItem(masters, { itemName, spec: b.spec, catCode, sgCode: anyLevel4, unitCode, refPrice: b.proposedPrice, currency: b.currency ?? 'KRW', maker: b.maker }, (f) => `body/${f === 'refPrice' ? 'proposedPrice' : f}`));
  failIf(errors);
  return {
    kind: 'NEW' as const, itemCode: null, itemName, spec: text(b.spec), catCode, unitCode, maker: text(b.maker), currentPrice: null,
    proposedPrice: parseAmount(b.proposedPrice)!, currency: b.currency ?? ('KRW' as const), validFrom: b.validFrom, reason: b.reason.trim(), fileId: text(b.fileId),
  };
}

/** Sets a supplier's current price from its newest history point that has taken effect (idempotent). */
export async function applyDuePrice(trx: Db, itemCode: string, compNo: string, today: string): Promise<boolean> {
  const due = await trx.selectFrom('itemPriceHistory').select(['unitPrice', 'currency', 'effectiveDate'])
    .where('itemCode', '=', itemCode).where('compNo', '=', compNo).where('effectiveDate', '<=', today)
    .orderBy('effectiveDate', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
  if (!due) return false;
  const cur = await trx.selectFrom('itemSupplierPrice').select(['unitPrice', 'effectiveDate', 'version']).where('itemCode', '=', itemCode).where('compNo', '=', compNo).executeTakeFirst();
  if (cur && cur.effectiveDate === due.effectiveDate && Number(cur.unitPrice) === Number(due.unitPrice)) return false;
  if (cur && cur.effectiveDate > due.effectiveDate) return false;
  if (cur) {
    await trx.updateTable('itemSupplierPrice').set({ unitPrice: due.unitPrice, currency: due.currency, effectiveDate: due.effectiveDate, updatedAt: new Date(), version: cur.version + 1 })
      .where('itemCode', '=', itemCode).where('compNo', '=', compNo).execute();
  } else {
    await trx.insertInto('itemSupplierPrice').values({ itemCode, compNo, unitPrice: due.unitPrice, currency: due.currency, effectiveDate: due.effectiveDate }).execute();
  }
  return true;
}

/** Approved price changes whose effective date has come become the supplier's current price (daily). */
export const applyDuePricesJob: JobDefinition = {
  name: 'items.applyDuePrices',
  everySeconds: 3600,
  run: async ({ db, now }) => {
    const today = todayKst(now);
    const pending = await db.selectFrom('itemPriceHistory as h')
      .innerJoin('itemSupplierPrice as p', (j) => j.onRef('p.itemCode', '=', 'h.itemCode').onRef('p.compNo', '=', 'h.compNo'))
      .select(['h.itemCode', 'h.compNo']).distinct()
      .where('h.effectiveDate', '<=', today).whereRef('h.effectiveDate', '>', 'p.effectiveDate')
      .execute();
    let applied = 0;
    for (const p of pending) {
      const changed = await db.transaction().execute(async (trx) => {
        const done = await applyDuePrice(trx, p.itemCode, p.compNo, today);
        if (done) await writeAudit(trx, { entity: 'item_supplier_price', entityKey: `${p.itemCode}/${p.compNo}`, action: 'PRICE_EFFECTIVE', actor: null });
        return done;
      });
      if (changed) applied++;
    }
    return { applied };
  },
};

export const proposalRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['item-proposal'];
  const readScreens = [ROUTES.review, ROUTES.supplierList, ROUTES.supplierDetail, ROUTES.supplierEdit];
  const supplierWrite = { access: access.login([ROUTES.supplierEdit, ROUTES.supplierDetail], 'write', ['X']) };
  const staffWrite = { access: access.login([ROUTES.review], 'write', ['I']) };
  const Conflict = { 409: Type.Ref('ErrorBody') };

  // ---- supplier: my items and prices
  app.get('/api/v1/cyber/items', {
    config: { access: access.login([ROUTES.supplierInfo, ROUTES.supplierEdit], 'read') },
    schema: { operationId: 'listMyItems', tags, summary: 'The items the caller\'s company supplies, with its current prices; staff: every supplier\'s, or compNo\'s', querystring: MyItemQuery, response: { 200: ListOfRows(MyItemRow), ...commonErrors } },
  }, async (request) => {
    const q = request.query;
    let s = supplierView(request, q.compNo).db.selectFrom('itemSupplierPrice as p').innerJoin('item as i', 'i.itemCode', 'p.itemCode').innerJoin('itemCategory as c', 'c.catCode', 'i.catCode').innerJoin('company as co', 'co.compNo', 'p.compNo');
    if (given(q.itemCode)) s = s.where('i.itemCode', 'like', `${likeEscape(q.itemCode!.trim().toUpperCase())}%`);
    if (given(q.itemName)) s = s.where('i.itemName', 'ilike', `%${likeEscape(q.itemName!.trim())}%`);
    if (given(q.spec)) s = s.where('i.spec', 'ilike', `%${likeEscape(q.spec!.trim())}%`);
    const total = await s.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const sort = parseSort<'itemCode' | 'itemName' | 'unitPrice' | 'effectiveDate'>(q.sort, { field: 'itemCode', direction: 'asc' });
    const col = sort.field === 'unitPrice' || sort.field === 'effectiveDate' ? (`p.${sort.field}` as const) : (`i.${sort.field}` as const);
    const { limit, offset } = pageWindow(q);
    const rows = await s.select(['p.compNo', 'co.compNameKr as compName', 'i.itemCode', 'i.itemName', 'i.spec', 'i.unitCode', 'c.nameKo as catName', 'i.maker', 'p.unitPrice', 'p.currency', 'p.effectiveDate'])
      .select((eb) => eb.selectFrom('itemProposal as x').select('x.proposalNo').whereRef('x.itemCode', '=', 'p.itemCode').whereRef('x.compNo', '=', 'p.compNo').where('x.status', '=', 'SUBMITTED').limit(1).as('pendingProposal'))
      .orderBy(col, sort.direction).orderBy('i.itemCode').orderBy('p.compNo').limit(limit).offset(offset).execute();
    return { rows: rows.map((r) => ({ ...r, unitPrice: String(r.unitPrice), pendingProposal: r.pendingProposal ?? null })), total: Number(total.n) };
  });

  app.get('/api/v1/cyber/items/:itemCode', {
    config: { access: access.login([ROUTES.supplierInfo, ROUTES.supplierEdit], 'read') },
    schema: { operationId: 'getMyItem', tags, summary: 'One item the caller\'s company supplies, with its own price history (404 for any other item); staff read compNo\'s (required)', params: ItemCodeParams, querystring: MyItemReadQuery, response: { 200: MyItemDetail, ...commonErrors } },
  }, async (request) => {
    const itemCode = request.params.itemCode.trim().toUpperCase();
    const db = supplierViewOfOne(request, request.query.compNo).db;
    const row = await db.selectFrom('itemSupplierPrice as p').innerJoin('item as i', 'i.itemCode', 'p.itemCode').innerJoin('itemCategory as c', 'c.catCode', 'i.catCode').innerJoin('company as co', 'co.compNo', 'p.compNo')
      .select(['p.compNo', 'co.compNameKr as compName', 'i.itemCode', 'i.itemName', 'i.spec', 'i.unitCode', 'c.nameKo as catName', 'i.maker', 'p.unitPrice', 'p.currency', 'p.effectiveDate'])
      .where('p.itemCode', '=', itemCode).executeTakeFirst();
    if (!row) throw missing('ITEM_NOT_FOUND', `공급하는 품목이 아닙니다: ${itemCode}`);
    const history = await db.selectFrom('itemPriceHistory').select(['effectiveDate', 'unitPrice', 'currency', 'source', 'proposalNo']).where('itemCode', '=', itemCode).orderBy('effectiveDate').orderBy('id').execute();
    return { ...row, unitPrice: String(row.unitPrice), history: history.map((h) => ({ ...h, unitPrice: String(h.unitPrice) })) };
  });

  // ---- proposals, both portals
  app.get('/api/v1/item-proposals', {
    config: { access: access.login(readScreens, 'read') },
    schema: { operationId: 'listItemProposals', tags, summary: 'Price and new-item proposals; a supplier sees only its own', querystring: ListQuery, response: { 200: ListOfRows(ProposalRow), ...commonErrors } },
  }, async (request) => {
    const q = request.query;
    let s = request.db.selectFrom('itemProposal as p').innerJoin('company as c', 'c.compNo', 'p.compNo');
    if (q.status) s = s.where('p.status', '=', q.status);
    if (q.kind) s = s.where('p.kind', '=', q.kind);
    if (given(q.compNo)) s = s.where('p.compNo', '=', q.compNo!.trim().toUpperCase());
    if (given(q.itemCode)) s = s.where('p.itemCode', 'like', `${likeEscape(q.itemCode!.trim().toUpperCase())}%`);
    if (given(q.itemName)) s = s.where('p.itemName', 'ilike', `%${likeEscape(q.itemName!.trim())}%`);
    if (q.createdFrom) s = s.where('p.createdAt', '>=', new Date(`${q.createdFrom}T00:00:00+09:00`));
    if (q.createdTo) s = s.where('p.createdAt', '<', new Date(new Date(`${q.createdTo}T00:00:00+09:00`).getTime() + 86_400_000));
    const total = await s.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const sort = parseSort(q.sort, { field: 'proposalNo', direction: 'desc' });
    const { limit, offset } = pageWindow(q);
    const rows = await s.select(['p.proposalNo', 'p.compNo', 'c.compNameKr', 'p.kind', 'p.itemCode', 'p.itemName', 'p.spec', 'p.unitCode', 'p.currentPrice', 'p.proposedPrice', 'p.currency', 'p.validFrom', 'p.status', 'p.effectiveDate', 'p.createdAt', 'p.reviewedAt', 'p.version'])
      .orderBy(`p.${sort.field}`, sort.direction).orderBy('p.proposalNo', 'desc').limit(limit).offset(offset).execute();
    return {
      rows: rows.map((r) => {
        const cur = r.currentPrice === null ? null : String(r.currentPrice);
        return { ...r, currentPrice: cur, proposedPrice: String(r.proposedPrice), changeRate: rate(cur, String(r.proposedPrice)), createdAt: iso(r.createdAt)!, reviewedAt: iso(r.reviewedAt) };
      }),
      total: Number(total.n),
    };
  });

  app.get('/api/v1/item-proposals/:proposalNo', {
    config: { access: access.login(readScreens, 'read') },
    schema: { operationId: 'getItemProposal', tags, summary: 'One proposal and what the caller may do with it (a supplier: its own only)', params: Params, response: { 200: ProposalDetail, ...commonErrors } },
  }, async (request) => proposalDetail(request.db, request.params.proposalNo, request.caller!));

  app.post('/api/v1/item-proposals', {
    config: supplierWrite,
    schema: { operationId: 'createItemProposal', tags, summary: 'Propose a price change for an item the caller supplies (403 for any other) or a new item', body: CreateBody, response: { 200: ProposalDetail, ...commonErrors } },
  }, async (request) => {
    const caller = request.caller!;
    const today = todayKst();
    const input = await checkProposal(request.db, request.body, today);
    const proposalNo = await request.db.transaction().execute(async (trx) => {
      const no = await nextDocumentNumber(trx, 'IP', today);
      if (input.kind === 'PRICE') {
        const open = await trx.selectFrom('itemProposal').select('proposalNo').where('itemCode', '=', input.itemCode).where('status', '=', 'SUBMITTED').executeTakeFirst();
        if (open) throw refused('PROPOSAL_PENDING', `검토 중인 단가 제안이 있습니다: ${open.proposalNo}`);
      }
      const row = { proposalNo: no, compNo: caller.compNo!, ...input, status: 'SUBMITTED' as const, createdBy: caller.userId };
      await trx.insertInto('itemProposal').values(row).execute();
      await writeAudit(trx, { entity: 'item_proposal', entityKey: no, action: 'SUBMIT', actor: caller.userId, after: row });
      return no;
    });
    return proposalDetail(request.db, proposalNo, caller);
  });

  app.put('/api/v1/item-proposals/:proposalNo', {
    config: supplierWrite,
    schema: { operationId: 'updateItemProposal', tags, summary: 'Change a proposal while it waits for review (its supplier only; stale version: 409)', params: Params, body: UpdateBody, response: { 200: ProposalDetail, ...Conflict, ...commonErrors } },
  }, async (request) => {
    const caller = request.caller!;
    const { proposalNo } = request.params;
    const input = await checkProposal(request.db, request.body, todayKst());
    await request.db.transaction().execute(async (trx) => {
      const cur = await trx.selectFrom('itemProposal').selectAll().where('proposalNo', '=', proposalNo).forUpdate().executeTakeFirst();
      if (!cur) throw missing('PROPOSAL_NOT_FOUND', `제안이 없습니다: ${proposalNo}`);
      checkVersion(request.body.version, cur.version);
      if (cur.status !== 'SUBMITTED') throw refused('INVALID_STATE', '검토가 끝난 제안은 수정할 수 없습니다', { status: cur.status });
      if (cur.kind !== input.kind) throw refused('PROPOSAL_KIND_FIXED', '제안 구분은 바꿀 수 없습니다');
      const next = { ...input, updatedAt: new Date(), version: cur.version + 1 };
      await trx.updateTable('itemProposal').set(next).where('proposalNo', '=', proposalNo).execute();
      await writeAudit(trx, { entity: 'item_proposal', entityKey: proposalNo, action: 'UPDATE', actor: caller.userId, before: cur, after: next });
    });
    return proposalDetail(request.db, proposalNo, caller);
  });

  app.post('/api/v1/item-proposals/:proposalNo/withdraw', {
    config: supplierWrite,
    schema: { operationId: 'withdrawItemProposal', tags, summary: 'Withdraw a proposal that waits for review', params: Params, body: WithdrawBody, response: { 200: ProposalDetail, ...Conflict, ...commonErrors } },
  }, async (request) => {
    const caller = request.caller!;
    const { proposalNo } = request.params;
    await request.db.transaction().execute(async (trx) => {
      const cur = await trx.selectFrom('itemProposal').selectAll().where('proposalNo', '=', proposalNo).forUpdate().executeTakeFirst();
      if (!cur) throw missing('PROPOSAL_NOT_FOUND', `제안이 없습니다: ${proposalNo}`);
      checkVersion(request.body.version, cur.version);
      if (cur.status !== 'SUBMITTED') throw refused('INVALID_STATE', '검토가 끝난 제안은 철회할 수 없습니다', { status: cur.status });
      await trx.updateTable('itemProposal').set({ status: 'WITHDRAWN', updatedAt: new Date(), version: cur.version + 1 }).where('proposalNo', '=', proposalNo).execute();
      await writeAudit(trx, { entity: 'item_proposal', entityKey: proposalNo, action: 'WITHDRAW', actor: caller.userId, before: { status: cur.status } , after: { status: 'WITHDRAWN' } });
    });
    return proposalDetail(request.db, proposalNo, caller);
  });

  app.post('/api/v1/item-proposals/:proposalNo/approve', {
    config: staffWrite,
    schema: { operationId: 'approveItemProposal', tags, summary: 'Approve with an effective date: the supplier\'s price changes from that date and its history shows it (a new item is created first)', params: Params, body: ApproveBody, response: { 200: ProposalDetail, ...Conflict, ...commonErrors } },
  }, async (request) => {
    const caller = request.caller!;
    const { proposalNo } = request.params;
    const b = request.body;
    const errors: FieldError[] = [];
    if (!isValidDate(b.effectiveDate)) errors.push({ path: 'body/effectiveDate', message: '적용일이 올바른 날짜가 아닙니다' });
    failIf(errors);
    const today = todayKst();
    const masters = await loadMasters(request.db);
    await request.db.transaction().execute(async (trx) => {
      const cur = await trx.selectFrom('itemProposal').selectAll().where('proposalNo', '=', proposalNo).forUpdate().executeTakeFirst();
      if (!cur) throw missing('PROPOSAL_NOT_FOUND', `제안이 없습니다: ${proposalNo}`);
      checkVersion(b.version, cur.version);
      if (cur.status !== 'SUBMITTED') throw refused('INVALID_STATE', '검토 대기 중인 제안만 승인할 수 있습니다', { status: cur.status });
      let itemCode = cur.itemCode;
      if (cur.kind === 'NEW') {
        const sgCode = text(b.sgCode)?.toUpperCase() ?? '';
        const itemErrors = checkItem(masters, { itemName: cur.itemName, spec: cur.spec, catCode: cur.catCode ?? '', sgCode, unitCode: cur.unitCode ?? '', refPrice: String(cur.proposedPrice), currency: cur.currency, maker: cur.maker }, (f) => `body/${f}`);
        failIf(itemErrors);
        [itemCode] = await allocateItemCodes(trx, [cur.catCode!]);
        await trx.insertInto('item').values({ itemCode, itemName: cur.itemName, spec: cur.spec, catCode: cur.catCode!, sgCode, unitCode: cur.unitCode!, refPrice: cur.proposedPrice, currency: cur.currency, maker: cur.maker, fileId: cur.fileId, updatedBy: caller.userId }).execute();
        await writeAudit(trx, { entity: 'item', entityKey: itemCode, action: 'CREATE', actor: caller.userId, after: { fromProposal: proposalNo }, reason: cur.reason });
      }
      await trx.insertInto('itemPriceHistory').values({ itemCode: itemCode!, compNo: cur.compNo, unitPrice: cur.proposedPrice, currency: cur.currency, effectiveDate: b.effectiveDate, source: 'PROPOSAL', proposalNo, changedBy: caller.userId }).execute();
      if (b.effectiveDate <= today) await applyDuePrice(trx, itemCode!, cur.compNo, today);
      else if (cur.kind === 'NEW') {
        // A new item is supplied from the start; its price takes effect on the date given.
        await trx.insertInto('itemSupplierPrice').values({ itemCode: itemCode!, compNo: cur.compNo, unitPrice: cur.proposedPrice, currency: cur.currency, effectiveDate: b.effectiveDate }).execute();
      }
      const next = { status: 'APPROVED' as const, itemCode, effectiveDate: b.effectiveDate, reviewedBy: caller.userId, reviewedAt: new Date(), updatedAt: new Date(), version: cur.version + 1 };
      await trx.updateTable('itemProposal').set(next).where('proposalNo', '=', proposalNo).execute();
      await writeAudit(trx, { entity: 'item_proposal', entityKey: proposalNo, action: 'APPROVE', actor: caller.userId, before: { status: cur.status }, after: next, reason: text(b.comment) });
    });
    return proposalDetail(request.db, proposalNo, caller);
  });

  app.post('/api/v1/item-proposals/:proposalNo/reject', {
    config: staffWrite,
    schema: { operationId: 'rejectItemProposal', tags, summary: 'Reject a proposal with a reason; nothing else changes', params: Params, body: RejectBody, response: { 200: ProposalDetail, ...Conflict, ...commonErrors } },
  }, async (request) => {
    const caller = request.caller!;
    const { proposalNo } = request.params;
    const reason = request.body.reason.trim();
    if (!reason) failIf([{ path: 'body/reason', message: '반려 사유를 입력하세요' }]);
    await request.db.transaction().execute(async (trx) => {
      const cur = await trx.selectFrom('itemProposal').selectAll().where('proposalNo', '=', proposalNo).forUpdate().executeTakeFirst();
      if (!cur) throw missing('PROPOSAL_NOT_FOUND', `제안이 없습니다: ${proposalNo}`);
      checkVersion(request.body.version, cur.version);
      if (cur.status !== 'SUBMITTED') throw refused('INVALID_STATE', '검토 대기 중인 제안만 반려할 수 있습니다', { status: cur.status });
      const next = { status: 'REJECTED' as const, rejectReason: reason, reviewedBy: caller.userId, reviewedAt: new Date(), updatedAt: new Date(), version: cur.version + 1 };
      await trx.updateTable('itemProposal').set(next).where('proposalNo', '=', proposalNo).execute();
      await writeAudit(trx, { entity: 'item_proposal', entityKey: proposalNo, action: 'REJECT', actor: caller.userId, before: { status: cur.status }, after: next, reason });
    });
    return proposalDetail(request.db, proposalNo, caller);
  });
};
