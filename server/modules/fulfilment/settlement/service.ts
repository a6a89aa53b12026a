import type { Static } from 'typebox';
import { writeAudit } from '../../../db/audit.js';
import type { PageWindow } from '../../../db/lists/keyset.js';
import type { Db } from '../../../db/connect.js';
import { nextDocumentNumber } from '../../../db/document-number.js';
import type { SortSpec } from '../../../http/list-query.js';
import { dateRange, periodOf, periodRange, todayKst } from '../../../domain/dates.js';
import {
  checkVersion,
  failIf,
  fieldError,
  missing,
  notAllowed,
  refused,
  wrongState,
  type FieldError,
} from '../../../domain/errors.js';
import { configuredJpyRate, won } from '../../../domain/money.js';
import { text } from '../../../domain/values.js';
import { notifySettlementConfirmRequest } from '../../notifications/supplier.js';
import { paymentOf } from './queries-subcon.js';
import { assertReductionWritten, settlementReductions, subconPaymentOf } from './subcon.js';
import {
  approvedAdjustmentAmounts,
  companyExists,
  deleteSettlementLines,
  findAdjustment,
  findFxRate,
  findMonthlyJpyRate,
  findPendingAdjustments,
  findSettlement,
  insertAdjustment,
  insertFxRate,
  insertSettlement,
  insertSettlementLines,
  listAdjustments,
  listFxRates,
  listSettlements,
  lockAdjustment,
  lockFxRate,
  lockSettlement,
  lockSettlementBuilds,
  lockSettlementsOfPeriod,
  matchRows,
  settlementAdjustments,
  settlementHistory,
  settlementLines,
  unsettledDecidedLines,
  updateAdjustment,
  updateFxRate,
  updateSettlement,
  type MatchScope,
} from './queries.js';
import type {
  ADJUST_SORT,
  AdjustmentCreateBody,
  AdjustmentDecideBody,
  AdjustmentListQuery,
  BuildBody,
  FxRatePutBody,
  FxRateQuery,
  MatchListQuery,
  SETTLE_SORT,
} from './schemas.js';
import {
  SETTLE_WRONG_STATE,
  SUPPLIER_VISIBLE,
  adjustmentProblem,
  canSettle,
  settleLines,
  settlementTotals,
  type DecidedLine,
  type SettleAction,
} from './workflow.js';

type Window = PageWindow;

/** KRW per 100 yen for a month: the month's own rate, else SYSTEM_CONST / JPY_RATE. */
async function jpyRateFor(
  db: Db,
  period: string,
): Promise<{ rate: string; source: 'MONTHLY' | 'SYSTEM_CONST' } | null> {
  const monthly = await findMonthlyJpyRate(db, period);
  if (monthly) return { rate: monthly, source: 'MONTHLY' };
  const constant = await configuredJpyRate(db);
  return constant ? { rate: constant, source: 'SYSTEM_CONST' } : null;
}

type SettlementRecord = {
  settleNo: string;
  compNo: string;
  period: string;
  status: string;
  version: number;
  goodsAmount: string;
  lineCount: number;
  adjustmentAmount: string;
  totalAmount: string;
};

/**
 * Builds or refreshes one supplier-month in the caller's transaction: lines from the decided
 * receipt lines given, totals with the approved adjustments it already has.
 */
async function writeSettlement(
  trx: Db,
  existing: SettlementRecord | null,
  compNo: string,
  period: string,
  decided: DecidedLine[],
  rate: { rate: string; source: 'MONTHLY' | 'SYSTEM_CONST' } | null,
  actor: string,
  now: Date,
) {
  const needsRate = decided.some((l) => l.currency === 'JPY');
  if (needsRate && !rate)
    throw refused(
      'FX_RATE_MISSING',
      `${period} 엔화 환율이 없습니다. 월별 환율(fx-rates) 또는 공통코드 SYSTEM_CONST / JPY_RATE 를 등록하세요`,
    );
  const { lines, totals } = settleLines(decided, needsRate ? rate!.rate : null);
  const rateValues = { jpyRate: needsRate ? rate!.rate : null, jpyRateSource: needsRate ? rate!.source : null };
  if (existing) {
    const { adjustmentAmount, totalAmount } = settlementTotals(
      totals.goodsAmount,
      await approvedAdjustmentAmounts(trx, existing.settleNo),
    );
    const after = { ...totals, ...rateValues, adjustmentAmount, totalAmount };
    await updateSettlement(trx, existing.settleNo, {
      ...after,
      builtAt: now,
      builtBy: actor,
      version: existing.version + 1,
      updatedAt: now,
    });
    await insertSettlementLines(trx, existing.settleNo, compNo, lines);
    await writeAudit(trx, {
      entity: 'settlement',
      entityKey: existing.settleNo,
      action: 'REBUILD',
      actor,
      before: {
        lineCount: existing.lineCount,
        goodsAmount: existing.goodsAmount,
        adjustmentAmount: existing.adjustmentAmount,
        totalAmount: existing.totalAmount,
      },
      after,
    });
    return existing.settleNo;
  }
  const settleNo = await nextDocumentNumber(trx, 'ST', todayKst(now));
  const values = {
    settleNo,
    compNo,
    period,
    status: 'DRAFT' as const,
    ...totals,
    ...rateValues,
    adjustmentAmount: '0',
    totalAmount: totals.goodsAmount,
    builtBy: actor,
  };
  await insertSettlement(trx, values);
  await insertSettlementLines(trx, settleNo, compNo, lines);
  await writeAudit(trx, { entity: 'settlement', entityKey: settleNo, action: 'BUILD', actor, after: values });
  return settleNo;
}

/** The settlement locked for a change; one outside `visible` (a supplier's view) is missing too. */
async function lockOne(trx: Db, settleNo: string, visible?: readonly string[]) {
  const s = await lockSettlement(trx, settleNo);
  if (!s || (visible && !visible.includes(s.status))) throw missing('SETTLEMENT_NOT_FOUND', '정산을 찾을 수 없습니다');
  return s;
}

const requireState = (action: SettleAction, status: string) => {
  if (!canSettle(action, status))
    throw wrongState(
      action === 'confirm' && status === 'CONFIRMED' ? '이미 확인된 정산입니다' : SETTLE_WRONG_STATE[action],
      status,
    );
};

/** One settlement with its lines, adjustments (a supplier: approved ones) and three-way match. */
export async function getSettlement(db: Db, settleNo: string, supplier: boolean, today: string) {
  const settlement = await findSettlement(db, settleNo, supplier ? SUPPLIER_VISIBLE : undefined);
  if (!settlement) throw missing('SETTLEMENT_NOT_FOUND', '정산을 찾을 수 없습니다');
  const [lines, adjustments, match, reductions, paid] = await Promise.all([
    settlementLines(db, settleNo),
    settlementAdjustments(db, settleNo, supplier),
    matchRows(db, { settleNo }),
    settlementReductions(db, settleNo),
    paymentOf(db, settleNo),
  ]);
  return {
    ...settlement,
    settlement,
    lines,
    adjustments,
    paidOn: paid.paidOn,
    paymentMethod: paid.paymentMethod,
    billMaturity: paid.billMaturity,
    subcon: await subconPaymentOf(db, settlement, paid, today),
    reductions,
    match,
    matchStatus: match.some((m) => m.status === 'MISMATCH') ? 'MISMATCH' : 'MATCH',
  };
}

type SettlementQuery = { settleNo?: string; compNo?: string; compName?: string; periods?: string[]; status?: string[] };

function listFilter(q: SettlementQuery) {
  const errors: FieldError[] = [];
  const range = periodRange(errors, 'querystring/periods', q.periods);
  failIf(errors);
  return {
    settleNo: text(q.settleNo) ?? undefined,
    compNo: text(q.compNo) ?? undefined,
    compName: text(q.compName) ?? undefined,
    status: q.status,
    ...range,
  };
}

/** Settlements by the list filter (months checked); a supplier's list holds only those put to it. */
export async function searchSettlements(
  db: Db,
  q: SettlementQuery,
  sort: SortSpec<(typeof SETTLE_SORT)[number]>,
  window: Window,
  supplier = false,
) {
  return listSettlements(db, { ...listFilter(q), ...(supplier ? { visible: SUPPLIER_VISIBLE } : {}) }, sort, window);
}

export async function getSettlementHistory(db: Db, settleNo: string) {
  if (!(await findSettlement(db, settleNo))) throw missing('SETTLEMENT_NOT_FOUND', '정산을 찾을 수 없습니다');
  return settlementHistory(db, settleNo);
}

/**
 * Builds the month's settlements from finally decided, not yet settled receipts: refreshes drafts
 * and disputed ones, leaves those already put to the supplier (late receipts wait for a later month).
 */
export async function buildSettlements(db: Db, body: Static<typeof BuildBody>, actor: string, now: Date) {
  const { period } = body;
  const compNo = text(body.compNo) ?? undefined;
  if (period > periodOf(todayKst(now))) throw fieldError('VALIDATION', 'body/period', '미래 월은 정산할 수 없습니다');
  return db.transaction().execute(async (trx) => {
    await lockSettlementBuilds(trx);
    if (compNo && !(await companyExists(trx, compNo))) throw missing('COMPANY_NOT_FOUND', '협력사를 찾을 수 없습니다');
    const existing = await lockSettlementsOfPeriod(trx, period, compNo);
    const byComp = new Map(existing.map((s) => [s.compNo, s]));
    const refreshable = existing.filter((s) => canSettle('rebuild', s.status));
    if (refreshable.length)
      await deleteSettlementLines(
        trx,
        refreshable.map((s) => s.settleNo),
      );
    const decided = await unsettledDecidedLines(trx, period, compNo);
    const groups = new Map<string, DecidedLine[]>();
    for (const l of decided) groups.set(l.compNo, [...(groups.get(l.compNo) ?? []), l]);
    const rate = await jpyRateFor(trx, period);
    const result = {
      period,
      created: [] as string[],
      rebuilt: [] as string[],
      skipped: [] as Array<{ compNo: string; settleNo: string; status: string }>,
    };
    // Settlements already put to the supplier stay as they are; receipts that arrive late wait for a later month.
    for (const comp of [...new Set([...groups.keys(), ...byComp.keys()])].sort()) {
      const s = byComp.get(comp);
      if (s && !canSettle('rebuild', s.status)) {
        result.skipped.push({ compNo: comp, settleNo: s.settleNo, status: s.status });
        continue;
      }
      const no = await writeSettlement(trx, s ?? null, comp, period, groups.get(comp) ?? [], rate, actor, now);
      (s ? result.rebuilt : result.created).push(no);
    }
    return result;
  });
}

/** Collects a draft or disputed settlement again from the decided receipts. */
export async function rebuildSettlement(db: Db, settleNo: string, version: number, actor: string, now: Date) {
  await db.transaction().execute(async (trx) => {
    await lockSettlementBuilds(trx);
    const s = await lockOne(trx, settleNo);
    checkVersion(version, s.version);
    requireState('rebuild', s.status);
    await deleteSettlementLines(trx, [s.settleNo]);
    const decided = await unsettledDecidedLines(trx, s.period, s.compNo);
    await writeSettlement(trx, s, s.compNo, s.period, decided, await jpyRateFor(trx, s.period), actor, now);
  });
  return getSettlement(db, settleNo, false, todayKst(now));
}

/** Puts a draft (or disputed) settlement to the supplier; no adjustment may be pending. */
export async function requestSettlementConfirm(db: Db, settleNo: string, version: number, actor: string, now: Date) {
  await db.transaction().execute(async (trx) => {
    const s = await lockOne(trx, settleNo);
    checkVersion(version, s.version);
    requireState('requestConfirm', s.status);
    const pending = await findPendingAdjustments(trx, s.settleNo);
    if (pending.length)
      throw refused('ADJUSTMENT_PENDING', `승인되지 않은 조정이 있습니다: ${pending.map((p) => p.adjNo).join(', ')}`);
    if (s.lineCount === 0 && Number(s.adjustmentAmount) === 0)
      throw refused('SETTLEMENT_EMPTY', '정산할 내역이 없습니다');
    const after = { status: 'CONFIRM_REQUESTED' as const, confirmRequestedAt: now, confirmRequestedBy: actor };
    await updateSettlement(trx, s.settleNo, { ...after, version: s.version + 1, updatedAt: now });
    await writeAudit(trx, {
      entity: 'settlement',
      entityKey: s.settleNo,
      action: 'REQUEST_CONFIRM',
      actor,
      before: { status: s.status },
      after: { status: after.status },
    });
    await notifySettlementConfirmRequest(trx, s.settleNo);
  });
  return getSettlement(db, settleNo, false, todayKst(now));
}

/* ------------------------------ adjustments ------------------------------ */

/** Proposes an adjustment (+/− whole won, reason required) to a draft or disputed settlement; it counts once approved. */
export async function createAdjustment(
  db: Db,
  settleNo: string,
  body: Static<typeof AdjustmentCreateBody>,
  actor: string,
  now: Date,
) {
  const reason = text(body.reason);
  const amount = body.amount.replace(/^\+/, '');
  const adjNo = await db.transaction().execute(async (trx) => {
    const s = await lockOne(trx, settleNo);
    requireState('adjust', s.status);
    const errors: FieldError[] = [];
    const problem = adjustmentProblem(amount);
    if (problem) errors.push({ path: 'body/amount', message: problem });
    if (!reason) errors.push({ path: 'body/reason', message: '조정 사유를 입력하세요' });
    failIf(errors);
    const reductionNo = text(body.reductionNo);
    await assertReductionWritten(trx, s, amount, reductionNo, null);
    const no = await nextDocumentNumber(trx, 'AJ', todayKst(now));
    const values = {
      adjNo: no,
      settleNo: s.settleNo,
      compNo: s.compNo,
      amount,
      reason: reason!,
      status: 'REQUESTED' as const,
      requestedBy: actor,
      requestedAt: now,
      reductionNo,
    };
    await insertAdjustment(trx, values);
    await writeAudit(trx, {
      entity: 'settlement_adjustment',
      entityKey: no,
      action: 'REQUEST',
      actor,
      after: values,
      reason,
    });
    return no;
  });
  return (await findAdjustment(db, adjNo))!;
}

export async function getAdjustment(db: Db, adjNo: string) {
  const a = await findAdjustment(db, adjNo);
  if (!a) throw missing('ADJUSTMENT_NOT_FOUND', '정산 조정을 찾을 수 없습니다');
  return a;
}

/** Adjustments by the list filter (months and dates checked). */
export async function searchAdjustments(
  db: Db,
  q: Static<typeof AdjustmentListQuery>,
  sort: SortSpec<(typeof ADJUST_SORT)[number]>,
  window: Window,
) {
  const errors: FieldError[] = [];
  const periods = periodRange(errors, 'querystring/periods', q.periods);
  const dates = dateRange(errors, 'querystring/requestedDates', q.requestedDates);
  failIf(errors);
  const filter = {
    adjNo: text(q.adjNo) ?? undefined,
    settleNo: text(q.settleNo) ?? undefined,
    compNo: text(q.compNo) ?? undefined,
    compName: text(q.compName) ?? undefined,
    status: q.status,
    ...periods,
    ...dates,
  };
  return listAdjustments(db, filter, sort, window);
}

/**
 * Approves (not one's own), rejects (comment required) or withdraws (one's own) an adjustment
 * awaiting approval; an approval changes the settlement's totals.
 */
export async function decideAdjustment(
  db: Db,
  name: 'approve' | 'reject' | 'cancel',
  adjNo: string,
  body: Static<typeof AdjustmentDecideBody>,
  actor: string,
  now: Date,
) {
  const comment = text(body.comment);
  await db.transaction().execute(async (trx) => {
    const a = await lockAdjustment(trx, adjNo);
    if (!a) throw missing('ADJUSTMENT_NOT_FOUND', '정산 조정을 찾을 수 없습니다');
    checkVersion(body.version, a.version);
    if (a.status !== 'REQUESTED') throw wrongState('승인 대기 중인 조정만 처리할 수 있습니다', a.status);
    const s = await lockOne(trx, a.settleNo);
    requireState('adjust', s.status);
    if (name === 'approve' && a.requestedBy === actor)
      throw notAllowed('본인이 요청한 조정은 승인할 수 없습니다', 'SELF_APPROVAL');
    if (name === 'cancel' && a.requestedBy !== actor)
      throw notAllowed('조정을 요청한 사람만 취소할 수 있습니다', 'NOT_REQUESTER');
    if (name === 'reject') failIf(comment ? [] : [{ path: 'body/comment', message: '반려 사유를 입력하세요' }]);
    // The settlement's lines may have become 하도급 since the proposal (a rebuild): checked again when it counts.
    if (name === 'approve') await assertReductionWritten(trx, s, won(a.amount), a.reductionNo, a.adjNo);
    const status = name === 'approve' ? 'APPROVED' : name === 'reject' ? 'REJECTED' : 'CANCELLED';
    await updateAdjustment(trx, a.adjNo, {
      status,
      decidedBy: actor,
      decidedAt: now,
      decisionComment: comment,
      version: a.version + 1,
      updatedAt: now,
    });
    await writeAudit(trx, {
      entity: 'settlement_adjustment',
      entityKey: a.adjNo,
      action: name.toUpperCase(),
      actor,
      before: { status: a.status },
      after: { status },
      reason: comment,
    });
    if (name === 'approve') {
      const totals = settlementTotals(s.goodsAmount, await approvedAdjustmentAmounts(trx, s.settleNo));
      await updateSettlement(trx, s.settleNo, { ...totals, version: s.version + 1, updatedAt: now });
      await writeAudit(trx, {
        entity: 'settlement',
        entityKey: s.settleNo,
        action: 'ADJUST',
        actor,
        before: { adjustmentAmount: s.adjustmentAmount, totalAmount: s.totalAmount },
        after: { ...totals, adjNo: a.adjNo },
      });
    }
  });
  return (await findAdjustment(db, adjNo))!;
}

/* ------------------------------ monthly rates and the three-way match ------------------------------ */

export async function searchFxRates(db: Db, q: Static<typeof FxRateQuery>, window: Window) {
  const errors: FieldError[] = [];
  const range = periodRange(errors, 'querystring/periods', q.periods);
  failIf(errors);
  return listFxRates(db, range, window);
}

/** Sets a month's JPY rate (an existing one with the version read); settlements keep the rate they were built with. */
export async function putFxRate(
  db: Db,
  currency: 'JPY',
  period: string,
  body: Static<typeof FxRatePutBody>,
  actor: string,
) {
  const { rate, version } = body;
  if (Number(rate) <= 0) throw fieldError('VALIDATION', 'body/rate', '환율은 0보다 커야 합니다');
  await db.transaction().execute(async (trx) => {
    const before = await lockFxRate(trx, currency, period);
    if (before) {
      checkVersion(version ?? 0, before.version);
      await updateFxRate(trx, currency, period, {
        rate,
        updatedBy: actor,
        updatedAt: new Date(),
        version: before.version + 1,
      });
    } else {
      await insertFxRate(trx, { currency, period, rate, perUnits: 100, updatedBy: actor });
    }
    await writeAudit(trx, {
      entity: 'fx_rate',
      entityKey: `${currency}:${period}`,
      action: before ? 'UPDATE' : 'CREATE',
      actor,
      before: before ? { rate: before.rate } : undefined,
      after: { rate },
    });
  });
  return findFxRate(db, currency, period);
}

/** Ordered, delivered, received, decided and settled quantities per order line of a month (or an order), with their mismatches. */
export async function threeWayMatch(db: Db, q: Static<typeof MatchListQuery>, window: Window) {
  let scope: MatchScope;
  if (q.poNo?.trim()) scope = { poNo: q.poNo.trim() };
  else if (q.period) scope = { period: q.period, compNo: text(q.compNo) ?? undefined };
  else throw fieldError('VALIDATION', 'querystring/period', '정산 월(period) 또는 발주번호(poNo)를 입력하세요');
  const all = await matchRows(db, scope);
  const rows = q.onlyMismatch === 'Y' ? all.filter((r) => r.status === 'MISMATCH') : all;
  const { limit, offset } = window;
  return {
    rows: rows.slice(offset, offset + limit),
    total: rows.length,
    totals: { mismatches: all.filter((r) => r.status === 'MISMATCH').length },
  };
}

/* ------------------------------ the supplier ------------------------------ */

/** The supplier confirms the settlement put to it, or disputes it with a reason. */
export async function answerSettlement(
  db: Db,
  name: 'confirm' | 'dispute',
  settleNo: string,
  body: { version: number; reason?: string },
  actor: string,
  now: Date,
) {
  const reason = text(body.reason);
  await db.transaction().execute(async (trx) => {
    const s = await lockOne(trx, settleNo, SUPPLIER_VISIBLE);
    checkVersion(body.version, s.version);
    requireState(name, s.status);
    if (name === 'dispute') failIf(reason ? [] : [{ path: 'body/reason', message: '이의 사유를 입력하세요' }]);
    const after =
      name === 'confirm'
        ? { status: 'CONFIRMED' as const, confirmedAt: now, confirmedBy: actor }
        : { status: 'DISPUTED' as const, disputedAt: now, disputedBy: actor, disputeReason: reason };
    await updateSettlement(trx, s.settleNo, { ...after, version: s.version + 1, updatedAt: now });
    await writeAudit(trx, {
      entity: 'settlement',
      entityKey: s.settleNo,
      action: name.toUpperCase(),
      actor,
      before: { status: s.status },
      after: { status: after.status },
      reason,
    });
  });
  return getSettlement(db, settleNo, true, todayKst(now));
}
