import { periodOf } from '../../domain/dates.js';
import {
  settleLines,
  settlementTotals,
  type DecidedLine,
  type SettledLine,
  type SettleStatus,
} from '../../modules/fulfilment/settlement/workflow.js';
import type { ReceiptLineRow, ReceiptRow } from './receipts.js';
import { addDays, anchorDate, kstTimestamp, pad, type Rng } from './rng.js';

/**
 * Monthly settlements of the seeded receipts: one per supplier and month of final decision,
 * built with the same arithmetic as the server (settleLines), at that month's JPY rate. Old
 * months are posted; the last two months hold every state, and the demo suppliers have each
 * state on their newest months. Some settlements carry adjustments in every state.
 */
interface FxRateRow {
  currency: 'JPY';
  period: string;
  rate: string;
  perUnits: number;
  updatedBy: string;
  updatedAt: string;
}

export interface SettlementRow {
  settleNo: string;
  compNo: string;
  period: string;
  status: SettleStatus;
  lineCount: number;
  krwGoodsAmount: string;
  jpyGoodsAmount: string;
  jpyKrwAmount: string;
  goodsAmount: string;
  adjustmentAmount: string;
  totalAmount: string;
  jpyRate: string | null;
  jpyRateSource: 'MONTHLY' | null;
  builtAt: string;
  builtBy: string;
  confirmRequestedAt: string | null;
  confirmRequestedBy: string | null;
  confirmedAt: string | null;
  confirmedBy: string | null;
  disputedAt: string | null;
  disputedBy: string | null;
  disputeReason: string | null;
  postedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export type SettlementLineRow = SettledLine & { settleNo: string; compNo: string };

interface AdjustmentRow {
  adjNo: string;
  settleNo: string;
  compNo: string;
  amount: string;
  reason: string;
  status: 'REQUESTED' | 'APPROVED' | 'REJECTED' | 'CANCELLED';
  requestedBy: string;
  requestedAt: string;
  decidedBy: string | null;
  decidedAt: string | null;
  decisionComment: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface Settlements {
  fxRates: FxRateRow[];
  settlements: SettlementRow[];
  lines: SettlementLineRow[];
  adjustments: AdjustmentRow[];
}

const DEMO = ['C00001', 'C00002'];
const DEMO_STATES: readonly SettleStatus[] = ['DRAFT', 'CONFIRM_REQUESTED', 'DISPUTED', 'CONFIRMED', 'POST_FAILED'];
const DISPUTES = [
  '입고 수량이 납품 수량과 다릅니다',
  '단가 소급 적용분이 빠져 있습니다',
  '반품 차감 금액을 확인해 주세요',
];
const REASONS: ReadonlyArray<readonly [string, 1 | -1]> = [
  ['불량품 반품 차감', -1],
  ['지체상금 차감', -1],
  ['수량 차이 조정', -1],
  ['포장재 회수 차감', -1],
  ['운반비 추가 정산', 1],
  ['단가 소급 적용', 1],
  ['긴급 납품 특송비', 1],
];

/** The months from first to last (YYYYMM), inclusive. */
function monthsBetween(first: string, last: string): string[] {
  const out: string[] = [];
  let y = Number(first.slice(0, 4));
  let m = Number(first.slice(4));
  for (;;) {
    const p = `${y}${pad(m, 2)}`;
    if (p > last) return out;
    out.push(p);
    m += 1;
    if (m > 12) [y, m] = [y + 1, 1];
  }
}

const nextMonthFirst = (period: string) => {
  const y = Number(period.slice(0, 4));
  const m = Number(period.slice(4));
  return m === 12 ? `${y + 1}-01-01` : `${y}-${pad(m + 1, 2)}-01`;
};

export function buildSettlements(
  rng: Rng,
  input: {
    receipts: readonly ReceiptRow[];
    lines: readonly ReceiptLineRow[];
    supplierUser: ReadonlyMap<string, string>;
  },
): Settlements {
  const lastPeriod = periodOf(anchorDate(-1));
  const prevPeriod = periodOf(addDays(`${lastPeriod.slice(0, 4)}-${lastPeriod.slice(4)}-01`, -1));
  const fxRates: FxRateRow[] = monthsBetween(periodOf(anchorDate(-730)), lastPeriod).map((period) => {
    const v = rng.int(88_000, 95_000);
    return {
      currency: 'JPY',
      period,
      rate: `${Math.floor(v / 100)}.${pad(v % 100, 2)}`,
      perUnits: 100,
      updatedBy: 'operator',
      updatedAt: kstTimestamp(`${period.slice(0, 4)}-${period.slice(4)}-01`, 9),
    };
  });
  const rateOf = new Map(fxRates.map((r) => [r.period, r.rate]));

  const decided = new Map(input.receipts.filter((r) => r.status === 'DECIDED').map((r) => [r.whReqNo, r]));
  const groups = new Map<string, DecidedLine[]>();
  for (const l of input.lines) {
    const r = decided.get(l.whReqNo);
    if (!r) continue;
    const key = `${r.compNo}|${periodOf(r.lastDeciDate!)}`;
    const line: DecidedLine = {
      whReqNo: l.whReqNo,
      whLineNo: l.lineNo,
      poNo: l.poNo,
      poLineNo: l.poLineNo,
      itemCode: l.itemCode,
      itemName: l.itemName,
      spec: l.spec,
      unitCode: l.unitCode,
      expenses: r.expenses,
      lastDeciDate: r.lastDeciDate!,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      currency: r.currency,
    };
    groups.set(key, [...(groups.get(key) ?? []), line]);
  }

  // States: old months posted, the last two months everything; the demo suppliers' newest months one state each.
  const keys = [...groups.keys()].sort();
  const status = new Map<string, SettleStatus>();
  for (const key of keys) {
    const period = key.slice(-6);
    status.set(
      key,
      period < prevPeriod
        ? 'POSTED'
        : period === prevPeriod
          ? rng.weighted([
              ['POSTED', 70],
              ['CONFIRMED', 10],
              ['POST_FAILED', 10],
              ['DISPUTED', 10],
            ] as const)
          : rng.weighted([
              ['DRAFT', 35],
              ['CONFIRM_REQUESTED', 35],
              ['CONFIRMED', 15],
              ['DISPUTED', 10],
              ['POST_FAILED', 5],
            ] as const),
    );
  }
  for (const comp of DEMO) {
    const mine = keys
      .filter((k) => k.startsWith(`${comp}|`))
      .sort()
      .reverse();
    mine.forEach((k, i) => status.set(k, DEMO_STATES[i] ?? 'POSTED'));
  }

  const drafts: Array<{ row: SettlementRow; lines: SettledLine[] }> = [];
  const adjDrafts: Array<{ row: AdjustmentRow; key: string }> = [];
  for (const key of keys) {
    const [compNo, period] = key.split('|');
    const st = status.get(key)!;
    const raw = groups.get(key)!;
    const needsRate = raw.some((l) => l.currency === 'JPY');
    const rate = needsRate ? rateOf.get(period)! : null;
    const { lines, totals } = settleLines(raw, rate);
    const base = nextMonthFirst(period);
    const last = period === lastPeriod;
    const at = (days: number, hour: number) => kstTimestamp(last ? base : addDays(base, days), hour, rng.int(0, 59));
    const supplier = input.supplierUser.get(compNo) ?? compNo;
    const requested = st !== 'DRAFT';
    const answered = st === 'CONFIRMED' || st === 'POSTED' || st === 'POST_FAILED';
    const row: SettlementRow = {
      settleNo: '',
      compNo,
      period,
      status: st,
      ...totals,
      adjustmentAmount: '0',
      totalAmount: totals.goodsAmount,
      jpyRate: rate,
      jpyRateSource: rate ? 'MONTHLY' : null,
      builtAt: at(1, 9),
      builtBy: 'operator',
      confirmRequestedAt: requested ? at(2, 10) : null,
      confirmRequestedBy: requested ? 'operator' : null,
      confirmedAt: answered ? at(4, 15) : null,
      confirmedBy: answered ? supplier : null,
      disputedAt: st === 'DISPUTED' ? at(4, 15) : null,
      disputedBy: st === 'DISPUTED' ? supplier : null,
      disputeReason: st === 'DISPUTED' ? rng.pick(DISPUTES) : null,
      postedAt: st === 'POSTED' ? at(6, 17) : null,
      createdAt: '',
      updatedAt: '',
    };
    row.createdAt = row.builtAt;
    row.updatedAt = row.postedAt ?? row.confirmedAt ?? row.disputedAt ?? row.confirmRequestedAt ?? row.builtAt;

    // Adjustments: a few settlements, and always on the demo suppliers' open ones.
    const open = st === 'DRAFT' || st === 'DISPUTED';
    const demoOpen = DEMO.includes(compNo) && open;
    const goods = Number(totals.goodsAmount);
    if (goods >= 20_000 && (demoOpen || rng.chance(0.12))) {
      const count = demoOpen ? 2 : rng.int(1, 2);
      for (let k = 0; k < count; k++) {
        const [reason, sign] = rng.pick(REASONS);
        const max = Math.max(1, Math.min(500, Math.floor(goods / 10 / 1000)));
        const amount = String(sign * rng.int(1, max) * 1000);
        const state: AdjustmentRow['status'] = demoOpen
          ? k === 0
            ? 'REQUESTED'
            : 'APPROVED'
          : open
            ? rng.weighted([
                ['REQUESTED', 40],
                ['APPROVED', 40],
                ['REJECTED', 15],
                ['CANCELLED', 5],
              ] as const)
            : rng.weighted([
                ['APPROVED', 85],
                ['REJECTED', 10],
                ['CANCELLED', 5],
              ] as const);
        const requestedAt = kstTimestamp(last ? base : addDays(base, 1), 11, rng.int(0, 59));
        const decidedAt =
          state === 'REQUESTED' ? null : kstTimestamp(last ? base : addDays(base, 1), 13, rng.int(0, 59));
        adjDrafts.push({
          key,
          row: {
            adjNo: '',
            settleNo: '',
            compNo,
            amount,
            reason,
            status: state,
            requestedBy: 'operator',
            requestedAt,
            decidedBy: state === 'REQUESTED' ? null : state === 'CANCELLED' ? 'operator' : 'opadmin',
            decidedAt,
            decisionComment: state === 'REJECTED' ? '근거 서류 확인 불가' : null,
            createdAt: requestedAt,
            updatedAt: decidedAt ?? requestedAt,
          },
        });
      }
    }
    drafts.push({ row, lines });
  }

  // Numbers: settlements by when they were built, adjustments by when they were asked for.
  drafts.sort((a, b) =>
    a.row.builtAt < b.row.builtAt ? -1 : a.row.builtAt > b.row.builtAt ? 1 : a.row.compNo < b.row.compNo ? -1 : 1,
  );
  const seq = new Map<string, number>();
  const settleNoOf = new Map<string, string>();
  for (const d of drafts) {
    const year = d.row.builtAt.slice(0, 4);
    const n = (seq.get(year) ?? 0) + 1;
    seq.set(year, n);
    d.row.settleNo = `ST${year}-${pad(n, 6)}`;
    settleNoOf.set(`${d.row.compNo}|${d.row.period}`, d.row.settleNo);
  }
  const adjSeq = new Map<string, number>();
  // A stable sort keeps the settlements' order for adjustments asked for at the same minute.
  adjDrafts.sort((a, b) =>
    a.row.requestedAt < b.row.requestedAt
      ? -1
      : a.row.requestedAt > b.row.requestedAt
        ? 1
        : a.key < b.key
          ? -1
          : a.key > b.key
            ? 1
            : 0,
  );
  for (const { row, key } of adjDrafts) {
    const year = row.requestedAt.slice(0, 4);
    const n = (adjSeq.get(year) ?? 0) + 1;
    adjSeq.set(year, n);
    row.adjNo = `AJ${year}-${pad(n, 6)}`;
    row.settleNo = settleNoOf.get(key)!;
  }
  const adjustments = adjDrafts.map((a) => a.row);
  const approved = new Map<string, string[]>();
  for (const a of adjustments)
    if (a.status === 'APPROVED') approved.set(a.settleNo, [...(approved.get(a.settleNo) ?? []), a.amount]);
  for (const d of drafts) {
    const t = settlementTotals(d.row.goodsAmount, approved.get(d.row.settleNo) ?? []);
    d.row.adjustmentAmount = t.adjustmentAmount;
    d.row.totalAmount = t.totalAmount;
  }
  return {
    fxRates,
    settlements: drafts.map((d) => d.row),
    lines: drafts.flatMap((d) => d.lines.map((l) => ({ ...l, settleNo: d.row.settleNo, compNo: d.row.compNo }))),
    adjustments,
  };
}
