import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { writeAudit } from '../../db/audit.js';
import type { Db } from '../../db/connect.js';
import { nextDocumentNumber } from '../../db/document-number.js';
import { todayKst } from '../../domain/dates.js';
import { access } from '../../http/access.js';
import { commonErrors } from '../../http/error-schema.js';
import { given, likeEscape, pageWindow, parseSort } from '../../http/list-query.js';
import { internalActor } from '../../domain/actor.js';
import { checkVersion, failIf, missing, refused, wrongState } from '../../domain/errors.js';
import {
  AssetList,
  AssetListQuery,
  AssetNoParams,
  CandidateList,
  CandidateQuery,
  CountCloseBody,
  CountCreateBody,
  CountCreated,
  CountLineList,
  CountLineQuery,
  CountList,
  CountListQuery,
  CountNoParams,
  CountResultBody,
  DisposeBody,
  Done,
  RegisterAnswer,
  RegisterBody,
  TransferBody,
} from './schemas.js';

export const ASSET_SCREENS = { list: '/assetManagementList', register: '/assetManagementRegisterList', inventory: '/assetInventoryList' } as const;
/** The receipt expense type whose lines become assets. */
export const ASSET_EXPENSE = 'ASSET';

const actionErrors = { 409: { $ref: 'ErrorBody' }, ...commonErrors } as const;
const iso = (v: Date | string | null) => (v === null ? null : v instanceof Date ? v.toISOString() : String(v));
const dateText = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));
const decimal = (v: unknown) => {
  const s = String(v);
  return s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s;
};

async function lockAsset(trx: Db, assetNo: string) {
  const a = await trx.selectFrom('asset').selectAll().where('assetNo', '=', assetNo).forUpdate().executeTakeFirst();
  if (!a) throw missing('ASSET_NOT_FOUND', '자산을 찾을 수 없습니다');
  return a;
}

async function lockCount(trx: Db, countNo: string) {
  const c = await trx.selectFrom('assetCount').selectAll().where('countNo', '=', countNo).forUpdate().executeTakeFirst();
  if (!c) throw missing('ASSET_COUNT_NOT_FOUND', '실사를 찾을 수 없습니다');
  return c;
}

/**
 * Assets (docs/assets.md): the register (transfer, dispose), registration from receipt lines of
 * asset-type expenses (one asset per unit), and inventory counts (plan, record, close).
 */
export const assetRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['assets'];

  app.get(
    '/api/v1/assets',
    {
      config: { access: access.login([ASSET_SCREENS.list, ASSET_SCREENS.inventory], 'read', ['I']) },
      schema: { operationId: 'listAssets', tags, summary: 'Assets: where they are, who keeps them, what they cost and the receipt and order they came from', querystring: AssetListQuery, response: { 200: AssetList, ...commonErrors } },
    },
    async (request) => {
      const q = request.query;
      const sort = parseSort(q.sort, { field: 'assetNo', direction: 'desc' });
      let base = request.db
        .selectFrom('asset as a')
        .innerJoin('department as d', 'd.deptcd', 'a.deptcd')
        .innerJoin('company as c', 'c.compNo', 'a.compNo')
        .leftJoin('employee as e', 'e.singleid', 'a.custodianId')
        .leftJoin('itemCategory as ic', 'ic.catCode', 'a.catCode');
      if (given(q.assetNo)) base = base.where('a.assetNo', 'like', `%${likeEscape(given(q.assetNo)!)}%`);
      if (given(q.assetName)) base = base.where('a.assetName', 'like', `%${likeEscape(given(q.assetName)!)}%`);
      if (given(q.location)) base = base.where('a.location', 'like', `%${likeEscape(given(q.location)!)}%`);
      if (given(q.deptcd)) base = base.where('a.deptcd', '=', given(q.deptcd)!);
      if (given(q.custodianId)) base = base.where('a.custodianId', '=', given(q.custodianId)!);
      if (given(q.poNo)) base = base.where('a.poNo', '=', given(q.poNo)!);
      if (q.status?.length) base = base.where('a.status', 'in', q.status);
      const { count } = await base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
      const sortCol = { assetNo: 'a.assetNo', assetName: 'a.assetName', location: 'a.location', deptnm: 'd.deptnm', acquiredDate: 'a.acquiredDate', acquisitionCost: 'a.acquisitionCost', status: 'a.status' }[sort.field] as 'a.assetNo';
      const { limit, offset } = pageWindow(q);
      const rows = await base
        .select([
          'a.assetNo', 'a.assetName', 'a.itemCode', 'ic.nameKo as catName', 'a.location', 'a.deptcd', 'd.deptnm', 'a.custodianId', 'e.hname as custodianName', 'a.acquiredDate', 'a.currency',
          'a.acquisitionCost', 'a.status', 'a.disposeReason', 'a.whReqNo', 'a.whLineNo', 'a.poNo', 'c.compNameKr', 'a.version',
        ])
        .orderBy(sortCol, sort.direction)
        .orderBy('a.assetNo', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
      return { rows: rows.map((r) => ({ ...r, acquiredDate: dateText(r.acquiredDate), acquisitionCost: decimal(r.acquisitionCost) })), total: Number(count) };
    },
  );

  app.post(
    '/api/v1/assets/:assetNo/transfer',
    {
      config: { access: access.login([ASSET_SCREENS.list], 'write', ['I']) },
      schema: { operationId: 'transferAsset', tags, summary: 'Move an asset to another department, custodian or location (history kept)', params: AssetNoParams, body: TransferBody, response: { 200: Done, ...actionErrors } },
    },
    async (request) => {
      const actor = await internalActor(request.db, request.caller);
      const b = request.body;
      return request.db.transaction().execute(async (trx) => {
        const a = await lockAsset(trx, request.params.assetNo);
        checkVersion(b.version, a.version);
        if (a.status !== 'IN_USE') throw wrongState('폐기된 자산은 이관할 수 없습니다', a.status);
        const to = { deptcd: given(b.deptcd) ?? a.deptcd, custodianId: b.custodianId === undefined ? a.custodianId : given(b.custodianId) ?? null, location: given(b.location) ?? a.location };
        const errors = [];
        if (to.deptcd !== a.deptcd && !(await trx.selectFrom('department').select('deptcd').where('deptcd', '=', to.deptcd).executeTakeFirst())) errors.push({ path: 'body/deptcd', message: '없는 부서입니다' });
        if (to.custodianId && to.custodianId !== a.custodianId && !(await trx.selectFrom('employee').select('singleid').where('singleid', '=', to.custodianId).executeTakeFirst())) errors.push({ path: 'body/custodianId', message: '없는 사원입니다' });
        if (to.deptcd === a.deptcd && to.custodianId === a.custodianId && to.location === a.location) errors.push({ path: 'body/deptcd', message: '이관할 부서, 관리자 또는 위치를 입력하세요' });
        failIf(errors);
        await trx.insertInto('assetTransfer').values({ assetNo: a.assetNo, fromDeptcd: a.deptcd, toDeptcd: to.deptcd, fromCustodianId: a.custodianId, toCustodianId: to.custodianId, fromLocation: a.location, toLocation: to.location, reason: given(b.reason) ?? null, transferredBy: actor.userId }).execute();
        await trx.updateTable('asset').set({ ...to, updatedAt: sql<Date>`now()`, version: a.version + 1 }).where('assetNo', '=', a.assetNo).execute();
        await writeAudit(trx, { entity: 'asset', entityKey: a.assetNo, action: 'TRANSFER', actor: actor.userId, before: { deptcd: a.deptcd, custodianId: a.custodianId, location: a.location }, after: to, reason: given(b.reason) ?? null });
        return { ok: true, version: a.version + 1 };
      });
    },
  );

  app.post(
    '/api/v1/assets/:assetNo/dispose',
    {
      config: { access: access.login([ASSET_SCREENS.list], 'write', ['I']) },
      schema: { operationId: 'disposeAsset', tags, summary: 'Dispose of an asset with a reason', params: AssetNoParams, body: DisposeBody, response: { 200: Done, ...actionErrors } },
    },
    async (request) => {
      const actor = await internalActor(request.db, request.caller);
      const reason = request.body.reason.trim();
      failIf(reason ? [] : [{ path: 'body/reason', message: '폐기 사유를 입력하세요' }]);
      return request.db.transaction().execute(async (trx) => {
        const a = await lockAsset(trx, request.params.assetNo);
        checkVersion(request.body.version, a.version);
        if (a.status !== 'IN_USE') throw wrongState('이미 폐기된 자산입니다', a.status);
        await trx.updateTable('asset').set({ status: 'DISPOSED', disposeReason: reason, disposedAt: sql<Date>`now()`, disposedBy: actor.userId, updatedAt: sql<Date>`now()`, version: a.version + 1 }).where('assetNo', '=', a.assetNo).execute();
        await writeAudit(trx, { entity: 'asset', entityKey: a.assetNo, action: 'DISPOSE', actor: actor.userId, before: { status: a.status }, after: { status: 'DISPOSED' }, reason });
        return { ok: true, version: a.version + 1 };
      });
    },
  );

  app.get(
    '/api/v1/assets/candidates',
    {
      config: { access: access.login([ASSET_SCREENS.register], 'read', ['I']) },
      schema: { operationId: 'listAssetCandidates', tags, summary: 'Finally decided receipt lines of asset-type expenses: waiting to be registered (default) or registered', querystring: CandidateQuery, response: { 200: CandidateList, ...commonErrors } },
    },
    async (request) => {
      const q = request.query;
      const sort = parseSort(q.sort, { field: 'lastDeciDate', direction: 'desc' });
      let base = request.db
        .selectFrom('whReceiptLine as l')
        .innerJoin('whReceipt as r', 'r.whReqNo', 'l.whReqNo')
        .innerJoin('company as c', 'c.compNo', 'r.compNo')
        .innerJoin('department as d', 'd.deptcd', 'r.deptcd')
        .leftJoin('assetRegistration as g', (j) => j.onRef('g.whReqNo', '=', 'l.whReqNo').onRef('g.whLineNo', '=', 'l.lineNo'))
        .where('r.expenses', '=', ASSET_EXPENSE)
        .where('r.status', '=', 'DECIDED')
        .where('g.whReqNo', q.registered === 'Y' ? 'is not' : 'is', null);
      if (given(q.whReqNo)) base = base.where('l.whReqNo', 'like', `%${likeEscape(given(q.whReqNo)!)}%`);
      if (given(q.poNo)) base = base.where('l.poNo', '=', given(q.poNo)!);
      if (given(q.itemName)) base = base.where('l.itemName', 'like', `%${likeEscape(given(q.itemName)!)}%`);
      const { count } = await base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
      const col = { whReqNo: 'l.whReqNo', lastDeciDate: 'r.lastDeciDate', itemName: 'l.itemName', amount: 'l.amount' }[sort.field] as 'l.whReqNo';
      const { limit, offset } = pageWindow(q);
      const rows = await base
        .select(['l.whReqNo', 'l.lineNo', 'l.poNo', 'c.compNameKr', 'r.deptcd', 'd.deptnm', 'l.itemCode', 'l.itemName', 'l.quantity', 'l.unitPrice', 'l.amount', 'r.currency', 'r.lastDeciDate', 'g.assetCount'])
        .orderBy(col, sort.direction)
        .orderBy('l.whReqNo', 'desc')
        .orderBy('l.lineNo')
        .limit(limit)
        .offset(offset)
        .execute();
      return {
        rows: rows.map(({ assetCount, ...r }) => ({ ...r, quantity: decimal(r.quantity), unitPrice: decimal(r.unitPrice), amount: decimal(r.amount), lastDeciDate: dateText(r.lastDeciDate), registeredCount: assetCount ?? 0 })),
        total: Number(count),
      };
    },
  );

  app.post(
    '/api/v1/assets/register',
    {
      config: { access: access.login([ASSET_SCREENS.register], 'write', ['I']) },
      schema: { operationId: 'registerAssets', tags, summary: 'Register receipt lines as assets: one asset per unit, each with its own number; a line registered before is refused (409) and nothing is written', body: RegisterBody, response: { 200: RegisterAnswer, ...actionErrors } },
    },
    async (request) => {
      const actor = await internalActor(request.db, request.caller);
      const b = request.body;
      const keys = b.lines.map((l) => `${l.whReqNo}/${l.lineNo}`);
      failIf(keys.map((k, i) => (keys.indexOf(k) !== i ? { path: `body/lines/${i}`, message: '같은 입고 라인을 두 번 선택했습니다' } : null)).filter((e): e is { path: string; message: string } => !!e));
      const custodianId = given(b.custodianId) ?? null;
      if (custodianId && !(await request.db.selectFrom('employee').select('singleid').where('singleid', '=', custodianId).executeTakeFirst())) failIf([{ path: 'body/custodianId', message: '없는 사원입니다' }]);
      return request.db.transaction().execute(async (trx) => {
        const assetNos: string[] = [];
        const today = todayKst();
        for (const [i, key] of b.lines.entries()) {
          const line = await trx
            .selectFrom('whReceiptLine as l')
            .innerJoin('whReceipt as r', 'r.whReqNo', 'l.whReqNo')
            .leftJoin('item as it', 'it.itemCode', 'l.itemCode')
            .select(['l.whReqNo', 'l.lineNo', 'l.poNo', 'l.itemCode', 'l.itemName', 'l.quantity', 'l.unitPrice', 'r.compNo', 'r.deptcd', 'r.currency', 'r.expenses', 'r.status', 'r.lastDeciDate', 'it.catCode'])
            .where('l.whReqNo', '=', key.whReqNo)
            .where('l.lineNo', '=', key.lineNo)
            .forUpdate('l')
            .executeTakeFirst();
          if (!line) throw missing('RECEIPT_LINE_NOT_FOUND', `입고 라인 ${key.whReqNo}-${key.lineNo}을(를) 찾을 수 없습니다`);
          if (line.expenses !== ASSET_EXPENSE) failIf([{ path: `body/lines/${i}`, message: '자산 유형 비용의 입고만 자산으로 등록할 수 있습니다' }]);
          if (line.status !== 'DECIDED') throw wrongState('최종 확정된 입고만 자산으로 등록할 수 있습니다', line.status);
          const units = Number(line.quantity);
          if (!Number.isInteger(units) || units < 1 || units > 1000) failIf([{ path: `body/lines/${i}`, message: '수량이 1~1000의 정수인 라인만 자산으로 나눌 수 있습니다' }]);
          const done = await trx.selectFrom('assetRegistration').select('registeredAt').where('whReqNo', '=', key.whReqNo).where('whLineNo', '=', key.lineNo).executeTakeFirst();
          if (done) throw refused('ASSET_ALREADY_REGISTERED', `입고 라인 ${key.whReqNo}-${key.lineNo}은(는) 이미 자산으로 등록되었습니다`, [{ path: `body/lines/${i}`, message: '이미 등록됨' }]);
          await trx.insertInto('assetRegistration').values({ whReqNo: line.whReqNo, whLineNo: line.lineNo, assetCount: units, registeredBy: actor.userId }).execute();
          for (let unit = 1; unit <= units; unit++) {
            const assetNo = await nextDocumentNumber(trx, 'AS', today);
            await trx
              .insertInto('asset')
              .values({
                assetNo, assetName: line.itemName, itemCode: line.itemCode, catCode: line.catCode ?? null, location: b.location.trim(), deptcd: line.deptcd, custodianId,
                acquiredDate: line.lastDeciDate ? dateText(line.lastDeciDate) : today, currency: line.currency, acquisitionCost: line.unitPrice, status: 'IN_USE',
                whReqNo: line.whReqNo, whLineNo: line.lineNo, unitSeq: unit, poNo: line.poNo, compNo: line.compNo, createdBy: actor.userId,
              })
              .execute();
            assetNos.push(assetNo);
          }
          await writeAudit(trx, { entity: 'assetRegistration', entityKey: `${line.whReqNo}-${line.lineNo}`, action: 'REGISTER', actor: actor.userId, after: { assetCount: units, location: b.location, custodianId } });
        }
        return { assetNos, count: assetNos.length };
      });
    },
  );

  app.get(
    '/api/v1/asset-counts',
    {
      config: { access: access.login([ASSET_SCREENS.inventory], 'read', ['I']) },
      schema: { operationId: 'listAssetCounts', tags, summary: 'Inventory counts with their figures: expected, found, missing, moved, not counted', querystring: CountListQuery, response: { 200: CountList, ...commonErrors } },
    },
    async (request) => {
      const q = request.query;
      const sort = parseSort(q.sort, { field: 'countNo', direction: 'desc' });
      let base = request.db.selectFrom('assetCount as k');
      if (given(q.location)) base = base.where('k.location', 'like', `%${likeEscape(given(q.location)!)}%`);
      if (q.status?.length) base = base.where('k.status', 'in', q.status);
      const { count } = await base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
      const { limit, offset } = pageWindow(q);
      const rows = await base
        .select([
          'k.countNo', 'k.title', 'k.location', 'k.plannedDate', 'k.status', 'k.closedAt', 'k.version',
          sql<string>`(select count(*) from asset a where a.location = k.location and a.status = 'IN_USE')`.as('expectedCount'),
          sql<string>`(select count(*) from asset_count_line x where x.count_no = k.count_no and x.result = 'FOUND')`.as('foundCount'),
          sql<string>`(select count(*) from asset_count_line x where x.count_no = k.count_no and x.result = 'MISSING')`.as('missingCount'),
          sql<string>`(select count(*) from asset_count_line x where x.count_no = k.count_no and x.result = 'MOVED')`.as('movedCount'),
          sql<string>`(select count(*) from asset a where a.location = k.location and a.status = 'IN_USE' and not exists (select 1 from asset_count_line x where x.count_no = k.count_no and x.asset_no = a.asset_no))`.as('uncountedCount'),
        ])
        .orderBy(`k.${sort.field}` as 'k.countNo', sort.direction)
        .orderBy('k.countNo', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
      return {
        rows: rows.map((r) => ({ ...r, plannedDate: dateText(r.plannedDate), closedAt: iso(r.closedAt), expectedCount: Number(r.expectedCount), foundCount: Number(r.foundCount), missingCount: Number(r.missingCount), movedCount: Number(r.movedCount), uncountedCount: Number(r.uncountedCount) })),
        total: Number(count),
      };
    },
  );

  app.post(
    '/api/v1/asset-counts',
    {
      config: { access: access.login([ASSET_SCREENS.inventory], 'write', ['I']) },
      schema: { operationId: 'planAssetCount', tags, summary: 'Plan an inventory count for a location (one open count per location)', body: CountCreateBody, response: { 200: CountCreated, ...actionErrors } },
    },
    async (request) => {
      const actor = await internalActor(request.db, request.caller);
      const b = request.body;
      const location = b.location.trim();
      failIf([...(location ? [] : [{ path: 'body/location', message: '위치를 입력하세요' }]), ...(b.title.trim() ? [] : [{ path: 'body/title', message: '실사명을 입력하세요' }])]);
      return request.db.transaction().execute(async (trx) => {
        const open = await trx.selectFrom('assetCount').select('countNo').where('location', '=', location).where('status', '=', 'OPEN').forUpdate().executeTakeFirst();
        if (open) throw refused('ASSET_COUNT_OPEN', `이 위치에는 진행 중인 실사(${open.countNo})가 있습니다`);
        const countNo = await nextDocumentNumber(trx, 'AC', b.plannedDate);
        await trx.insertInto('assetCount').values({ countNo, title: b.title.trim(), location, plannedDate: b.plannedDate, status: 'OPEN', createdBy: actor.userId }).execute();
        await writeAudit(trx, { entity: 'assetCount', entityKey: countNo, action: 'PLAN', actor: actor.userId, after: { location, plannedDate: b.plannedDate } });
        return { countNo, version: 1 };
      });
    },
  );

  app.get(
    '/api/v1/asset-counts/:countNo/lines',
    {
      config: { access: access.login([ASSET_SCREENS.inventory], 'read', ['I']) },
      schema: { operationId: 'listAssetCountLines', tags, summary: 'A count’s assets: those in use at its location and those recorded in it, with their result; differences marked', params: CountNoParams, querystring: CountLineQuery, response: { 200: CountLineList, ...commonErrors } },
    },
    async (request) => {
      const k = await request.db.selectFrom('assetCount').select(['countNo', 'location']).where('countNo', '=', request.params.countNo).executeTakeFirst();
      if (!k) throw missing('ASSET_COUNT_NOT_FOUND', '실사를 찾을 수 없습니다');
      const sort = parseSort<'assetNo' | 'result'>(request.query.sort, { field: 'assetNo', direction: 'asc' });
      const { limit, offset } = pageWindow(request.query);
      const base = request.db
        .selectFrom('asset as a')
        .innerJoin('department as d', 'd.deptcd', 'a.deptcd')
        .leftJoin('employee as e', 'e.singleid', 'a.custodianId')
        .leftJoin('assetCountLine as x', (j) => j.onRef('x.assetNo', '=', 'a.assetNo').on('x.countNo', '=', k.countNo))
        .where((eb) => eb.or([eb.and([eb('a.location', '=', k.location), eb('a.status', '=', 'IN_USE')]), eb('x.countNo', 'is not', null)]));
      const { count } = await base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
      const rows = await base
        .select(['a.assetNo', 'a.assetName', 'a.location', 'd.deptnm', 'e.hname as custodianName', 'x.result', 'x.foundLocation', 'x.remark'])
        .orderBy(sort.field === 'result' ? 'x.result' : 'a.assetNo', sort.direction)
        .orderBy('a.assetNo')
        .limit(limit)
        .offset(offset)
        .execute();
      return { rows: rows.map((r) => ({ countNo: k.countNo, ...r, difference: r.result === 'FOUND' ? 'N' : 'Y' })), total: Number(count) };
    },
  );

  app.post(
    '/api/v1/asset-counts/:countNo/results',
    {
      config: { access: access.login([ASSET_SCREENS.inventory], 'write', ['I']) },
      schema: { operationId: 'recordAssetCount', tags, summary: 'Record one asset as found, missing or moved in an open count; an asset counted before in the count is refused (409)', params: CountNoParams, body: CountResultBody, response: { 200: Done, ...actionErrors } },
    },
    async (request) => {
      const actor = await internalActor(request.db, request.caller);
      const b = request.body;
      const foundLocation = given(b.foundLocation) ?? null;
      if (b.result === 'MOVED' && !foundLocation) failIf([{ path: 'body/foundLocation', message: '발견된 위치를 입력하세요' }]);
      return request.db.transaction().execute(async (trx) => {
        const k = await lockCount(trx, request.params.countNo);
        if (k.status !== 'OPEN') throw wrongState('마감된 실사에는 기록할 수 없습니다', k.status);
        const a = await trx.selectFrom('asset').select(['assetNo', 'status']).where('assetNo', '=', b.assetNo).executeTakeFirst();
        if (!a) throw missing('ASSET_NOT_FOUND', '자산을 찾을 수 없습니다');
        const before = await trx.selectFrom('assetCountLine').select('result').where('countNo', '=', k.countNo).where('assetNo', '=', b.assetNo).executeTakeFirst();
        if (before) throw refused('ASSET_ALREADY_COUNTED', `자산 ${b.assetNo}은(는) 이 실사에서 이미 기록되었습니다`, { result: before.result });
        await trx.insertInto('assetCountLine').values({ countNo: k.countNo, assetNo: b.assetNo, result: b.result, foundLocation: b.result === 'MOVED' ? foundLocation : null, remark: given(b.remark) ?? null, countedBy: actor.userId }).execute();
        await trx.updateTable('assetCount').set({ updatedAt: sql<Date>`now()`, version: k.version + 1 }).where('countNo', '=', k.countNo).execute();
        await writeAudit(trx, { entity: 'assetCount', entityKey: k.countNo, action: 'RECORD', actor: actor.userId, after: { assetNo: b.assetNo, result: b.result, foundLocation } });
        return { ok: true, version: k.version + 1 };
      });
    },
  );

  app.post(
    '/api/v1/asset-counts/:countNo/close',
    {
      config: { access: access.login([ASSET_SCREENS.inventory], 'write', ['I']) },
      schema: { operationId: 'closeAssetCount', tags, summary: 'Close a count: no more results; its differences stay listed', params: CountNoParams, body: CountCloseBody, response: { 200: Done, ...actionErrors } },
    },
    async (request) => {
      const actor = await internalActor(request.db, request.caller);
      return request.db.transaction().execute(async (trx) => {
        const k = await lockCount(trx, request.params.countNo);
        checkVersion(request.body.version, k.version);
        if (k.status !== 'OPEN') throw wrongState('이미 마감된 실사입니다', k.status);
        await trx.updateTable('assetCount').set({ status: 'CLOSED', closedAt: sql<Date>`now()`, closedBy: actor.userId, updatedAt: sql<Date>`now()`, version: k.version + 1 }).where('countNo', '=', k.countNo).execute();
        await writeAudit(trx, { entity: 'assetCount', entityKey: k.countNo, action: 'CLOSE', actor: actor.userId, before: { status: 'OPEN' }, after: { status: 'CLOSED' } });
        return { ok: true, version: k.version + 1 };
      });
    },
  );
};
