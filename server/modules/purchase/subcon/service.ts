import type { Static } from 'typebox';
import type { Caller } from '../../../auth/plugin.js';
import { writeAudit } from '../../../db/audit.js';
import type { Db } from '../../../db/connect.js';
import { internalActor } from '../../../domain/actor.js';
import { isValidDate, todayKst } from '../../../domain/dates.js';
import { checkVersion, failIf, missing, refused, type FieldError } from '../../../domain/errors.js';
import { won } from '../../../domain/money.js';
import { subconCharges, type DatedRate } from '../../../domain/subcon-payment.js';
import { lineClock, plusDays, type SubconKind } from '../../../domain/subcontracting.js';
import { sumDecimals } from '../../../../lib/money.js';
import { iso, josa, text } from '../../../domain/values.js';
import type { SortSpec } from '../../../http/list-query.js';
import { contractGateOn } from '../po/queries-subcon.js';
import { openCoordinations } from '../coordination/queries.js';
import { coordinationClock } from '../coordination/workflow.js';
import {
  companyExists,
  deleteRule,
  findRule,
  findRate,
  findRuleByMatch,
  insertRate,
  insertRule,
  listRules,
  lockRule,
  openClockLines,
  ordersSentBeforeContract,
  paymentsWithCharges,
  rateRows,
  reductionsWithoutWriting,
  sourcingGroupExists,
  subconRateRows,
  updateRule,
} from './queries.js';
import { COMPLIANCE_KINDS, RATE_KINDS, type ComplianceRow, type RateBody, type RuleBody } from './schemas.js';

const MATCH_KINDS = ['PO_TYPE', 'SG_CODE', 'COMP_NO'] as const;
const RULE_KINDS = ['MANUFACTURE', 'REPAIR', 'SERVICE', 'NONE'] as const;
const ORDER_TYPES = ['PO', 'SIMPLE'];
type MatchKind = (typeof MATCH_KINDS)[number];
type RuleKind = (typeof RULE_KINDS)[number];

const ruleMissing = () => missing('SUBCON_RULE_NOT_FOUND', '하도급 대상 규칙을 찾을 수 없습니다');

export async function listSubconRules(
  db: Db,
  filter: { matchKind?: string; subconKind?: string },
  sort: SortSpec<'matchKind' | 'matchValue' | 'subconKind' | 'updatedAt'>,
  page: { limit: number; offset: number },
) {
  const [list, gate] = await Promise.all([listRules(db, filter, sort, page), contractGateOn(db)]);
  return { ...list, contractGate: gate ? ('Y' as const) : ('N' as const) };
}

export async function getSubconRule(db: Db, ruleId: number) {
  const row = await findRule(db, ruleId);
  if (!row) throw ruleMissing();
  return row;
}

/** The body checked field by field, with the thing the rule names looked up (400 with the field's message). */
async function checkedRule(db: Db, b: Static<typeof RuleBody>) {
  const errors: FieldError[] = [];
  const matchKind = b.matchKind.trim();
  const matchValue = b.matchValue.trim();
  const subconKind = b.subconKind.trim();
  const remark = text(b.remark);
  if (!MATCH_KINDS.includes(matchKind as MatchKind))
    errors.push({ path: 'body/matchKind', message: '적용 대상은 발주 유형, 소싱그룹, 협력사 중 하나여야 합니다' });
  if (!RULE_KINDS.includes(subconKind as RuleKind))
    errors.push({
      path: 'body/subconKind',
      message: '하도급 구분은 제조위탁, 수리위탁, 용역위탁, 해당 없음 중 하나여야 합니다',
    });
  if (remark && remark.length > 200) errors.push({ path: 'body/remark', message: '비고는 200자 이내로 입력하세요' });
  if (matchValue === '') errors.push({ path: 'body/matchValue', message: '적용 대상 값을 선택하세요' });
  else if (matchKind === 'PO_TYPE' && !ORDER_TYPES.includes(matchValue))
    errors.push({ path: 'body/matchValue', message: '발주 유형은 일반발주(PO) 또는 소액발주(SIMPLE)여야 합니다' });
  else if (matchKind === 'SG_CODE' && !(await sourcingGroupExists(db, matchValue)))
    errors.push({ path: 'body/matchValue', message: `소싱그룹 ${josa(matchValue, '을/를')} 찾을 수 없습니다` });
  else if (matchKind === 'COMP_NO' && !(await companyExists(db, matchValue)))
    errors.push({ path: 'body/matchValue', message: `협력사 ${josa(matchValue, '을/를')} 찾을 수 없습니다` });
  failIf(errors);
  return { matchKind: matchKind as MatchKind, matchValue, subconKind: subconKind as RuleKind, remark };
}

const duplicate = (v: { matchKind: string; matchValue: string }) =>
  refused('SUBCON_RULE_DUPLICATE', `같은 적용 대상(${v.matchValue})의 규칙이 이미 있습니다`, v);

/**
 * Adds a rule. It decides the kind of orders made from now on only: an order keeps the kind it was made with
 * (docs/subcontracting.md), so no order is re-labelled here.
 */
export async function createSubconRule(db: Db, caller: Caller | null, b: Static<typeof RuleBody>, now: Date) {
  const actor = await internalActor(db, caller);
  const v = await checkedRule(db, b);
  const ruleId = await db.transaction().execute(async (trx) => {
    if (await findRuleByMatch(trx, v.matchKind, v.matchValue)) throw duplicate(v);
    const id = await insertRule(trx, { ...v, updatedBy: actor.userId, updatedAt: now });
    await writeAudit(trx, {
      entity: 'subcon_rule',
      entityKey: String(id),
      action: 'CREATE',
      actor: actor.userId,
      after: v,
    });
    return id;
  });
  return getSubconRule(db, ruleId);
}

export async function updateSubconRule(
  db: Db,
  caller: Caller | null,
  ruleId: number,
  b: Static<typeof RuleBody>,
  now: Date,
) {
  const actor = await internalActor(db, caller);
  const v = await checkedRule(db, b);
  if (b.version === undefined) failIf([{ path: 'body/version', message: '읽은 버전이 필요합니다' }]);
  await db.transaction().execute(async (trx) => {
    const before = await lockRule(trx, ruleId);
    if (!before) throw ruleMissing();
    checkVersion(b.version!, before.version);
    const other = await findRuleByMatch(trx, v.matchKind, v.matchValue);
    if (other && other.ruleId !== ruleId) throw duplicate(v);
    await updateRule(trx, ruleId, { ...v, updatedBy: actor.userId, updatedAt: now, version: before.version + 1 });
    await writeAudit(trx, {
      entity: 'subcon_rule',
      entityKey: String(ruleId),
      action: 'UPDATE',
      actor: actor.userId,
      before: {
        matchKind: before.matchKind,
        matchValue: before.matchValue,
        subconKind: before.subconKind,
        remark: before.remark,
      },
      after: v,
    });
  });
  return getSubconRule(db, ruleId);
}

export async function deleteSubconRule(db: Db, caller: Caller | null, ruleId: number, version: number) {
  const actor = await internalActor(db, caller);
  await db.transaction().execute(async (trx) => {
    const before = await lockRule(trx, ruleId);
    if (!before) throw ruleMissing();
    checkVersion(version, before.version);
    await deleteRule(trx, ruleId);
    await writeAudit(trx, {
      entity: 'subcon_rule',
      entityKey: String(ruleId),
      action: 'DELETE',
      actor: actor.userId,
      before: {
        matchKind: before.matchKind,
        matchValue: before.matchValue,
        subconKind: before.subconKind,
        remark: before.remark,
      },
    });
  });
  return { code: 'OK' as const };
}

type RateKind = (typeof RATE_KINDS)[number];

/**
 * The FTC's rates (docs/subcontracting.md "What a company configures"), by kind, newest first; `inForce` marks each
 * kind's rate on the business day (the latest whose day has come). A payment counts each day at the rate in force
 * that day; a recorded payment keeps what it computed. Those in `window` (the list screen's page; every one without).
 */
export async function listSubconRates(db: Db, now: Date, window?: { limit: number; offset: number }) {
  const today = todayKst(now);
  const rows = await rateRows(db);
  const current = new Map<string, string>();
  for (const r of rows)
    if (r.effectiveFrom <= today && !current.has(r.rateKind)) current.set(r.rateKind, r.effectiveFrom);
  // Which rate is in force is read over every row, before the page is cut.
  const shown = window ? rows.slice(window.offset, window.offset + window.limit) : rows;
  return {
    rows: shown.map((r) => ({
      rateKey: `${r.rateKind}:${r.effectiveFrom}`,
      ...r,
      inForce: current.get(r.rateKind) === r.effectiveFrom,
      updatedAt: iso(r.updatedAt)!,
    })),
    total: rows.length,
  };
}

/** At most 3 decimals (numeric(6,3)). */
const RATE_PATTERN = /^\d{1,2}(\.\d{1,3})?$/;
/** §13⑧ caps the 지연이자 rate at 40 % a year (secondary); the fee rates are held to the same bound. */
const RATE_CAP = 40;

/** The body checked field by field (400 with each field's Korean message). */
function checkedRate(b: Static<typeof RateBody>) {
  const errors: FieldError[] = [];
  const rateKind = b.rateKind.trim();
  const effectiveFrom = b.effectiveFrom.trim();
  const ratePct = b.ratePct.trim();
  const source = text(b.source);
  if (!RATE_KINDS.includes(rateKind as RateKind))
    errors.push({
      path: 'body/rateKind',
      message: '이율 구분은 지연이자, 어음할인율, 어음대체결제 수수료율 중 하나여야 합니다',
    });
  if (!isValidDate(effectiveFrom))
    errors.push({ path: 'body/effectiveFrom', message: '시행일을 YYYY-MM-DD 형식의 올바른 날짜로 입력하세요' });
  const pct = Number(ratePct);
  if (!RATE_PATTERN.test(ratePct) || !(pct > 0) || pct > RATE_CAP)
    errors.push({
      path: 'body/ratePct',
      message:
        rateKind === 'LATE_INTEREST'
          ? '지연이자율은 0보다 크고 연 40% 이하로, 소수점 셋째 자리까지 입력하세요 (하도급법 제13조제8항)'
          : '이율은 0보다 크고 연 40% 이하로, 소수점 셋째 자리까지 입력하세요',
    });
  if (!source) errors.push({ path: 'body/source', message: '근거(고시명과 시행일 등)를 입력하세요' });
  else if (source.length > 300) errors.push({ path: 'body/source', message: '근거는 300자 이내로 입력하세요' });
  failIf(errors);
  return { rateKind: rateKind as RateKind, effectiveFrom, ratePct: String(pct), source: source! };
}

/**
 * Adds an FTC rate in force from its day (one per kind and day: 409 SUBCON_RATE_DUPLICATE). Rates are added, never
 * changed: a payment already recorded keeps the interest it computed, and the history of rates stays whole.
 */
export async function createSubconRate(db: Db, caller: Caller | null, b: Static<typeof RateBody>, now: Date) {
  const actor = await internalActor(db, caller);
  const v = checkedRate(b);
  await db.transaction().execute(async (trx) => {
    if (await findRate(trx, v.rateKind, v.effectiveFrom))
      throw refused('SUBCON_RATE_DUPLICATE', `같은 구분에 시행일 ${v.effectiveFrom}의 이율이 이미 있습니다`, {
        rateKind: v.rateKind,
        effectiveFrom: v.effectiveFrom,
      });
    await insertRate(trx, { ...v, updatedBy: actor.userId, updatedAt: now });
    await writeAudit(trx, {
      entity: 'subcon_rate',
      entityKey: `${v.rateKind}:${v.effectiveFrom}`,
      action: 'CREATE',
      actor: actor.userId,
      after: v,
    });
  });
  const row = (await listSubconRates(db, now)).rows.find(
    (r) => r.rateKind === v.rateKind && r.effectiveFrom === v.effectiveFrom,
  );
  return row!;
}

/** A line whose payment due date is this many days away or less is shown as near (a week to arrange payment). */
const PAYMENT_NEAR_DAYS = 7;

const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

type Row = Static<typeof ComplianceRow>;
type Sums = { interestAccruing: string; interestPaid: string; feesPaid: string; reductionsUnwritten: string };

/** The money columns and links a row of one kind leaves empty. */
const NO_MONEY = {
  settleNo: null,
  adjNo: null,
  amount: null,
  lateInterest: null,
  billFee: null,
  paidOn: null,
  chargeVoucherNo: null,
  chargeVoucherStatus: null,
  agreementNo: null,
  coordinationNo: null,
};

/** 지연이자 accruing on `lines` if they were paid in cash today (§13⑧: after day 60), rounded once to the won. */
const accruing = (lines: Array<{ receivedOn: string; amount: string }>, today: string, rates: readonly DatedRate[]) =>
  lines.length ? subconCharges(lines, { paidOn: today, method: 'CASH', maturity: null }, rates).lateInterest : '0';

/**
 * What the purchasing manager should look at, on the business day: lines past their 검사 기한 without a written
 * result (합격 간주, §9②); lines no recorded payment covers, near or past their 지급 기한 (§13), with the 지연이자
 * accruing on them to today (§13⑧); 하도급 orders sent before a written contract existed (§3); payments that owed
 * 지연이자 or an 어음 fee (§13⑥⑦⑧) with the voucher posting them; reductions without an acknowledged 감액 서면
 * (§11); and 납품대금 조정협의 requests past day 10 without talks started or past day 30 without an outcome
 * (상생협력법 §22의2, 하도급법 §16의2). The sums are over every finding.
 */
export async function complianceFindings(db: Db, now: Date): Promise<{ rows: Row[]; sums: Sums }> {
  const today = todayKst(now);
  const [lines, orders, paid, reductions, rates, coordinations] = await Promise.all([
    openClockLines(db),
    ordersSentBeforeContract(db),
    paymentsWithCharges(db),
    reductionsWithoutWriting(db),
    subconRateRows(db),
    openCoordinations(db),
  ]);
  const rows: Row[] = [];
  const overdue: Array<{ receivedOn: string; amount: string }> = [];
  for (const l of lines) {
    const clock = lineClock(l.whReqDate, today, l, l.inspectionResult);
    const base = {
      ...NO_MONEY,
      poNo: l.poNo,
      subconKind: l.subconKind as SubconKind,
      compNameKr: l.compNameKr,
      whReqNo: l.whReqNo,
      lineNo: l.lineNo,
      itemName: l.itemName,
      receivedOn: l.whReqDate,
      forwardedAt: null,
      settleNo: l.settleNo,
    };
    if (clock.inspectionState === 'DEEMED_PASS')
      rows.push({
        ...base,
        rowKey: `I:${l.whReqNo}:${l.lineNo}`,
        kind: 'DEEMED_PASS',
        dueDate: clock.inspectionDue,
        daysPast: daysBetween(clock.inspectionDue, today),
      });
    if (!l.paid && today >= plusDays(clock.paymentDue, -PAYMENT_NEAR_DAYS)) {
      const amount = l.krwAmount === null ? null : won(l.krwAmount);
      const owed = amount === null ? [] : [{ receivedOn: l.whReqDate, amount }];
      overdue.push(...owed);
      rows.push({
        ...base,
        rowKey: `P:${l.whReqNo}:${l.lineNo}`,
        kind: today > clock.paymentDue ? 'PAYMENT_OVERDUE' : 'PAYMENT_NEAR',
        dueDate: clock.paymentDue,
        daysPast: daysBetween(clock.paymentDue, today),
        amount,
        lateInterest: amount === null ? null : accruing(owed, today, rates),
      });
    }
  }
  for (const o of orders)
    rows.push({
      ...NO_MONEY,
      rowKey: `C:${o.poNo}`,
      kind: 'SENT_BEFORE_CONTRACT',
      poNo: o.poNo,
      subconKind: o.subconKind as SubconKind,
      compNameKr: o.compNameKr,
      whReqNo: null,
      lineNo: null,
      itemName: null,
      receivedOn: null,
      dueDate: null,
      daysPast: null,
      forwardedAt: o.forwardedAt === null ? null : new Date(o.forwardedAt).toISOString(),
    });
  const settlementRow = (r: { settleNo: string; compNameKr: string; subconKind: string | null }) => ({
    ...NO_MONEY,
    poNo: null,
    subconKind: r.subconKind as SubconKind,
    compNameKr: r.compNameKr,
    whReqNo: null,
    lineNo: null,
    itemName: null,
    receivedOn: null,
    dueDate: null,
    daysPast: null,
    forwardedAt: null,
    settleNo: r.settleNo,
  });
  for (const p of paid)
    rows.push({
      ...settlementRow(p),
      rowKey: `S:${p.settleNo}`,
      kind: 'PAID_WITH_CHARGES',
      lateInterest: won(p.lateInterest),
      billFee: won(p.billFee),
      paidOn: p.paidOn,
      chargeVoucherNo: p.voucherNo,
      chargeVoucherStatus: p.voucherStatus,
    });
  for (const r of reductions)
    rows.push({
      ...settlementRow(r),
      rowKey: `R:${r.adjNo}`,
      kind: 'REDUCTION_UNWRITTEN',
      adjNo: r.adjNo,
      amount: won(r.amount),
    });
  for (const c of coordinations) {
    const clock = coordinationClock(c, today);
    // A request on an order opens the order (poNo); one on an agreement, the agreement.
    const row = {
      ...NO_MONEY,
      poNo: c.poNo,
      subconKind: c.subconKind,
      compNameKr: c.compNameKr,
      whReqNo: null,
      lineNo: null,
      itemName: null,
      receivedOn: null,
      forwardedAt: null,
      agreementNo: c.agreementNo,
      coordinationNo: c.coordinationNo,
    };
    if (clock.talksLateDays !== null)
      rows.push({
        ...row,
        rowKey: `T:${c.coordinationNo}`,
        kind: 'COORDINATION_TALKS_OVERDUE',
        dueDate: clock.talksDue,
        daysPast: clock.talksLateDays,
      });
    if (clock.agreementLateDays !== null)
      rows.push({
        ...row,
        rowKey: `A:${c.coordinationNo}`,
        kind: 'COORDINATION_OVERDUE',
        dueDate: clock.agreementDue,
        daysPast: clock.agreementLateDays,
      });
  }
  const sum = (values: Array<string | null>) => won(sumDecimals(['0', ...values.filter((v) => v !== null)]));
  const ofKind = (kind: Row['kind']) => rows.filter((r) => r.kind === kind);
  return {
    rows,
    sums: {
      interestAccruing: accruing(overdue, today, rates),
      interestPaid: sum(ofKind('PAID_WITH_CHARGES').map((r) => r.lateInterest)),
      feesPaid: sum(ofKind('PAID_WITH_CHARGES').map((r) => r.billFee)),
      reductionsUnwritten: sum(ofKind('REDUCTION_UNWRITTEN').map((r) => r.amount)),
    },
  };
}

export function countByKind(rows: readonly Row[]) {
  const counts = Object.fromEntries(COMPLIANCE_KINDS.map((k) => [k, 0])) as Record<Row['kind'], number>;
  for (const r of rows) counts[r.kind] += 1;
  return counts;
}

export async function listCompliance(
  db: Db,
  kind: Row['kind'] | undefined,
  page: { limit: number; offset: number },
  now: Date,
) {
  const { rows: all, sums } = await complianceFindings(db, now);
  const chosen = kind ? all.filter((r) => r.kind === kind) : all;
  return {
    rows: chosen.slice(page.offset, page.offset + page.limit),
    total: chosen.length,
    counts: countByKind(all),
    sums,
  };
}
