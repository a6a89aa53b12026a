import type { Static } from 'typebox';
import type { Caller } from '../../auth/plugin.js';
import { writeAudit } from '../../db/audit.js';
import type { Db } from '../../db/connect.js';
import { nextDocumentNumber } from '../../db/document-number.js';
import { todayKst } from '../../domain/dates.js';
import { given } from '../../http/list-query.js';
import { internalActor } from '../../domain/actor.js';
import { checkVersion, failIf, missing, refused, wrongState, type FieldError } from '../../domain/errors.js';
import { iso } from '../../domain/values.js';
import type {
  AssetListQuery,
  CandidateQuery,
  CountCreateBody,
  CountLineQuery,
  CountListQuery,
  CountResultBody,
  DisposeBody,
  RegisterBody,
  TransferBody,
} from './schemas.js';
import {
  ASSET_EXPENSE,
  assetStatus,
  countLineOf,
  departmentExists,
  employeeExists,
  findCount,
  insertAsset,
  insertCount,
  insertCountLine,
  insertRegistration,
  insertTransfer,
  listAssetRows,
  listCandidateRows,
  listCountLineRows,
  listCountRows,
  lockAssetRow,
  lockCountRow,
  lockReceiptLine,
  markCountClosed,
  markDisposed,
  openCountAt,
  registrationOf,
  updateAsset,
  updateCount,
} from './queries.js';
import { josa } from '../../../lib/josa.js';

/**
 * Assets (docs/assets.md): the register (transfer, dispose), registration from receipt lines of
 * asset-type expenses (one asset per unit), and inventory counts (plan, record, close).
 */

const dateText = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));
/** An exact decimal without trailing zeros: '1500.50' → '1500.5', '3.000' → '3'. */
const decimal = (v: unknown) => {
  const s = String(v);
  return s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s;
};

async function lockAsset(trx: Db, assetNo: string) {
  const a = await lockAssetRow(trx, assetNo);
  if (!a) throw missing('ASSET_NOT_FOUND', '자산을 찾을 수 없습니다');
  return a;
}

async function lockCount(trx: Db, countNo: string) {
  const c = await lockCountRow(trx, countNo);
  if (!c) throw missing('ASSET_COUNT_NOT_FOUND', '실사를 찾을 수 없습니다');
  return c;
}

// ---- the register

export async function listAssets(db: Db, q: Static<typeof AssetListQuery>) {
  const { rows, total } = await listAssetRows(db, q);
  return {
    rows: rows.map((r) => ({
      ...r,
      acquiredDate: dateText(r.acquiredDate),
      acquisitionCost: decimal(r.acquisitionCost),
    })),
    total,
  };
}

/** Moves an asset in use to another department, custodian or location; the move is kept. */
export async function transferAsset(db: Db, caller: Caller | null, assetNo: string, b: Static<typeof TransferBody>) {
  const actor = await internalActor(db, caller);
  return db.transaction().execute(async (trx) => {
    const a = await lockAsset(trx, assetNo);
    checkVersion(b.version, a.version);
    if (a.status !== 'IN_USE') throw wrongState('폐기된 자산은 이관할 수 없습니다', a.status);
    const to = {
      deptcd: given(b.deptcd) ?? a.deptcd,
      custodianId: b.custodianId === undefined ? a.custodianId : (given(b.custodianId) ?? null),
      location: given(b.location) ?? a.location,
    };
    const errors: FieldError[] = [];
    if (to.deptcd !== a.deptcd && !(await departmentExists(trx, to.deptcd)))
      errors.push({ path: 'body/deptcd', message: '없는 부서입니다' });
    if (to.custodianId && to.custodianId !== a.custodianId && !(await employeeExists(trx, to.custodianId)))
      errors.push({ path: 'body/custodianId', message: '없는 사원입니다' });
    if (to.deptcd === a.deptcd && to.custodianId === a.custodianId && to.location === a.location)
      errors.push({ path: 'body/deptcd', message: '이관할 부서, 관리자 또는 위치를 입력하세요' });
    failIf(errors);
    await insertTransfer(trx, {
      assetNo: a.assetNo,
      fromDeptcd: a.deptcd,
      toDeptcd: to.deptcd,
      fromCustodianId: a.custodianId,
      toCustodianId: to.custodianId,
      fromLocation: a.location,
      toLocation: to.location,
      reason: given(b.reason) ?? null,
      transferredBy: actor.userId,
    });
    await updateAsset(trx, a.assetNo, { ...to, version: a.version + 1 });
    await writeAudit(trx, {
      entity: 'asset',
      entityKey: a.assetNo,
      action: 'TRANSFER',
      actor: actor.userId,
      before: { deptcd: a.deptcd, custodianId: a.custodianId, location: a.location },
      after: to,
      reason: given(b.reason) ?? null,
    });
    return { ok: true, version: a.version + 1 };
  });
}

/** Disposes of an asset in use, with a reason. */
export async function disposeAsset(db: Db, caller: Caller | null, assetNo: string, body: Static<typeof DisposeBody>) {
  const actor = await internalActor(db, caller);
  const reason = body.reason.trim();
  failIf(reason ? [] : [{ path: 'body/reason', message: '폐기 사유를 입력하세요' }]);
  return db.transaction().execute(async (trx) => {
    const a = await lockAsset(trx, assetNo);
    checkVersion(body.version, a.version);
    if (a.status !== 'IN_USE') throw wrongState('이미 폐기된 자산입니다', a.status);
    await markDisposed(trx, a.assetNo, reason, actor.userId, a.version + 1);
    await writeAudit(trx, {
      entity: 'asset',
      entityKey: a.assetNo,
      action: 'DISPOSE',
      actor: actor.userId,
      before: { status: a.status },
      after: { status: 'DISPOSED' },
      reason,
    });
    return { ok: true, version: a.version + 1 };
  });
}

// ---- registration from receipt lines

export async function listCandidates(db: Db, q: Static<typeof CandidateQuery>) {
  const { rows, total } = await listCandidateRows(db, q);
  return {
    rows: rows.map(({ assetCount, ...r }) => ({
      ...r,
      quantity: decimal(r.quantity),
      unitPrice: decimal(r.unitPrice),
      amount: decimal(r.amount),
      lastDeciDate: dateText(r.lastDeciDate),
      registeredCount: assetCount ?? 0,
    })),
    total,
  };
}

/** Registers receipt lines as assets: one asset per unit, each with its own number; a line registered before is refused and nothing is written. */
export async function registerAssets(db: Db, caller: Caller | null, b: Static<typeof RegisterBody>, now: Date) {
  const actor = await internalActor(db, caller);
  const keys = b.lines.map((l) => `${l.whReqNo}/${l.lineNo}`);
  failIf(
    keys
      .map((k, i) =>
        keys.indexOf(k) !== i ? { path: `body/lines/${i}`, message: '같은 입고 라인을 두 번 선택했습니다' } : null,
      )
      .filter((e): e is { path: string; message: string } => !!e),
  );
  const custodianId = given(b.custodianId) ?? null;
  if (custodianId && !(await employeeExists(db, custodianId)))
    failIf([{ path: 'body/custodianId', message: '없는 사원입니다' }]);
  return db.transaction().execute(async (trx) => {
    const assetNos: string[] = [];
    const today = todayKst(now);
    for (const [i, key] of b.lines.entries()) {
      const line = await lockReceiptLine(trx, key.whReqNo, key.lineNo);
      if (!line)
        throw missing(
          'RECEIPT_LINE_NOT_FOUND',
          `입고 라인 ${josa(`${key.whReqNo}-${key.lineNo}`, '을/를')} 찾을 수 없습니다`,
        );
      if (line.expenses !== ASSET_EXPENSE)
        failIf([{ path: `body/lines/${i}`, message: '자산 유형 비용의 입고만 자산으로 등록할 수 있습니다' }]);
      if (line.status !== 'DECIDED') throw wrongState('최종 확정된 입고만 자산으로 등록할 수 있습니다', line.status);
      const units = Number(line.quantity);
      if (!Number.isInteger(units) || units < 1 || units > 1000)
        failIf([{ path: `body/lines/${i}`, message: '수량이 1~1000의 정수인 라인만 자산으로 나눌 수 있습니다' }]);
      if (await registrationOf(trx, key.whReqNo, key.lineNo))
        throw refused(
          'ASSET_ALREADY_REGISTERED',
          `입고 라인 ${josa(`${key.whReqNo}-${key.lineNo}`, '은/는')} 이미 자산으로 등록되었습니다`,
          [{ path: `body/lines/${i}`, message: '이미 등록됨' }],
        );
      await insertRegistration(trx, line.whReqNo, line.lineNo, units, actor.userId);
      for (let unit = 1; unit <= units; unit++) {
        const assetNo = await nextDocumentNumber(trx, 'AS', today);
        await insertAsset(trx, {
          assetNo,
          assetName: line.itemName,
          itemCode: line.itemCode,
          catCode: line.catCode ?? null,
          location: b.location.trim(),
          deptcd: line.deptcd,
          custodianId,
          acquiredDate: line.lastDeciDate ? dateText(line.lastDeciDate) : today,
          currency: line.currency,
          acquisitionCost: line.unitPrice,
          status: 'IN_USE',
          whReqNo: line.whReqNo,
          whLineNo: line.lineNo,
          unitSeq: unit,
          poNo: line.poNo,
          compNo: line.compNo,
          createdBy: actor.userId,
        });
        assetNos.push(assetNo);
      }
      await writeAudit(trx, {
        entity: 'assetRegistration',
        entityKey: `${line.whReqNo}-${line.lineNo}`,
        action: 'REGISTER',
        actor: actor.userId,
        after: { assetCount: units, location: b.location, custodianId },
      });
    }
    return { assetNos, count: assetNos.length };
  });
}

// ---- inventory counts

export async function listCounts(db: Db, q: Static<typeof CountListQuery>) {
  const { rows, total } = await listCountRows(db, q);
  return {
    rows: rows.map((r) => ({
      ...r,
      plannedDate: dateText(r.plannedDate),
      closedAt: iso(r.closedAt),
      expectedCount: Number(r.expectedCount),
      foundCount: Number(r.foundCount),
      missingCount: Number(r.missingCount),
      movedCount: Number(r.movedCount),
      uncountedCount: Number(r.uncountedCount),
    })),
    total,
  };
}

/** Plans an inventory count for a location; one open count per location. */
export async function planCount(db: Db, caller: Caller | null, b: Static<typeof CountCreateBody>) {
  const actor = await internalActor(db, caller);
  const location = b.location.trim();
  failIf([
    ...(location ? [] : [{ path: 'body/location', message: '위치를 입력하세요' }]),
    ...(b.title.trim() ? [] : [{ path: 'body/title', message: '실사명을 입력하세요' }]),
  ]);
  return db.transaction().execute(async (trx) => {
    const open = await openCountAt(trx, location);
    if (open) throw refused('ASSET_COUNT_OPEN', `이 위치에는 진행 중인 실사(${open.countNo})가 있습니다`);
    const countNo = await nextDocumentNumber(trx, 'AC', b.plannedDate);
    await insertCount(trx, {
      countNo,
      title: b.title.trim(),
      location,
      plannedDate: b.plannedDate,
      status: 'OPEN',
      createdBy: actor.userId,
    });
    await writeAudit(trx, {
      entity: 'assetCount',
      entityKey: countNo,
      action: 'PLAN',
      actor: actor.userId,
      after: { location, plannedDate: b.plannedDate },
    });
    return { countNo, version: 1 };
  });
}

/** A count's assets, differences marked. */
export async function countLines(db: Db, countNo: string, q: Static<typeof CountLineQuery>) {
  const k = await findCount(db, countNo);
  if (!k) throw missing('ASSET_COUNT_NOT_FOUND', '실사를 찾을 수 없습니다');
  const { rows, total } = await listCountLineRows(db, k, q);
  return { rows: rows.map((r) => ({ countNo: k.countNo, ...r, difference: r.result === 'FOUND' ? 'N' : 'Y' })), total };
}

/** Records one asset as found, missing or moved in an open count; an asset counted before in the count is refused. */
export async function recordCount(db: Db, caller: Caller | null, countNo: string, b: Static<typeof CountResultBody>) {
  const actor = await internalActor(db, caller);
  const foundLocation = given(b.foundLocation) ?? null;
  if (b.result === 'MOVED' && !foundLocation)
    failIf([{ path: 'body/foundLocation', message: '발견된 위치를 입력하세요' }]);
  return db.transaction().execute(async (trx) => {
    const k = await lockCount(trx, countNo);
    if (k.status !== 'OPEN') throw wrongState('마감된 실사에는 기록할 수 없습니다', k.status);
    if (!(await assetStatus(trx, b.assetNo))) throw missing('ASSET_NOT_FOUND', '자산을 찾을 수 없습니다');
    const before = await countLineOf(trx, k.countNo, b.assetNo);
    if (before)
      throw refused('ASSET_ALREADY_COUNTED', `자산 ${josa(b.assetNo, '은/는')} 이 실사에서 이미 기록되었습니다`, {
        result: before.result,
      });
    await insertCountLine(trx, {
      countNo: k.countNo,
      assetNo: b.assetNo,
      result: b.result,
      foundLocation: b.result === 'MOVED' ? foundLocation : null,
      remark: given(b.remark) ?? null,
      countedBy: actor.userId,
    });
    await updateCount(trx, k.countNo, { version: k.version + 1 });
    await writeAudit(trx, {
      entity: 'assetCount',
      entityKey: k.countNo,
      action: 'RECORD',
      actor: actor.userId,
      after: { assetNo: b.assetNo, result: b.result, foundLocation },
    });
    return { ok: true, version: k.version + 1 };
  });
}

/** Closes a count: no more results; its differences stay listed. */
export async function closeCount(db: Db, caller: Caller | null, countNo: string, version: number) {
  const actor = await internalActor(db, caller);
  return db.transaction().execute(async (trx) => {
    const k = await lockCount(trx, countNo);
    checkVersion(version, k.version);
    if (k.status !== 'OPEN') throw wrongState('이미 마감된 실사입니다', k.status);
    await markCountClosed(trx, k.countNo, actor.userId, k.version + 1);
    await writeAudit(trx, {
      entity: 'assetCount',
      entityKey: k.countNo,
      action: 'CLOSE',
      actor: actor.userId,
      before: { status: 'OPEN' },
      after: { status: 'CLOSED' },
    });
    return { ok: true, version: k.version + 1 };
  });
}
