import { sumDecimals } from '../../../lib/money.js';
import { won } from '../../domain/money.js';
import { buildVoucherPayload } from '../../modules/fulfilment/posting/workflow.js';
import type { CodeRow } from './codes.js';
import { kstTimestamp, pad, type Rng } from './rng.js';
import type { SettlementLineRow, SettlementRow } from './settlements.js';

/**
 * ERP vouchers of the seeded settlements, built like the server builds them: posted ones for
 * posted settlements (some after a failed first attempt, its error retried), failed ones with
 * open posting errors for settlements whose posting failed, and vouchers prepared but not yet
 * sent (READY) for some confirmed settlements.
 */
export interface VoucherRow {
  voucherNo: string;
  settleNo: string;
  compNo: string;
  period: string;
  currency: string;
  amount: string;
  idempotencyKey: string;
  status: 'READY' | 'POSTED' | 'FAILED';
  attempts: number;
  connector: string | null;
  erpDocNo: string | null;
  payload: string;
  sentAt: string | null;
  postedAt: string | null;
  lastError: string | null;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
}

export interface PostingErrorRow {
  voucherNo: string;
  settleNo: string;
  compNo: string;
  attempt: number;
  httpStatus: number | null;
  erpCode: string | null;
  message: string;
  status: 'FAILED' | 'RETRIED';
  occurredAt: string;
  retriedAt: string | null;
  retriedBy: string | null;
}

const ERP_ERRORS: ReadonlyArray<readonly [number | null, string, string]> = [
  [503, 'MAINTENANCE', 'ERP 시스템 점검 중입니다 (HTTP 503)'],
  [422, 'VENDOR_NOT_FOUND', '거래처 코드가 ERP에 등록되어 있지 않습니다 (HTTP 422)'],
  [409, 'PERIOD_CLOSED', '회계기간이 마감되었습니다 (HTTP 409)'],
  [null, 'TIMEOUT', 'ERP 응답 시간 초과 (10000ms)'],
  [null, 'ECONNREFUSED', 'ERP에 연결할 수 없습니다: ECONNREFUSED'],
  [500, 'INTERNAL', '전표 생성 중 오류가 발생했습니다 (HTTP 500)'],
];
/** Requests one failed posting makes with the default ERP_RETRIES (3). */
const ATTEMPTS_PER_FAILURE = 4;

function uuid(rng: Rng): string {
  const hex = Array.from({ length: 32 }, () => rng.int(0, 15).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${'89ab'[rng.int(0, 3)]}${hex.slice(17, 20)}-${hex.slice(20)}`;
}

export function buildVouchers(
  rng: Rng,
  input: {
    settlements: readonly SettlementRow[];
    lines: readonly SettlementLineRow[];
    companies: ReadonlyMap<string, { name: string; taxNo: string }>;
    codes: readonly CodeRow[];
  },
): { vouchers: VoucherRow[]; errors: PostingErrorRow[] } {
  const expenseName = new Map(input.codes.filter((c) => c.groupId === 'EXPENSES').map((c) => [c.code, c.textKo]));
  const goods = new Map<string, Map<string, string[]>>();
  for (const l of input.lines) {
    const byExp = goods.get(l.settleNo) ?? new Map<string, string[]>();
    byExp.set(l.expenses, [...(byExp.get(l.expenses) ?? []), l.krwAmount]);
    goods.set(l.settleNo, byExp);
  }
  const drafts: Array<{ v: VoucherRow; errors: PostingErrorRow[]; s: SettlementRow }> = [];
  for (const s of input.settlements) {
    const ready = s.status === 'CONFIRMED' && rng.chance(0.3);
    if (s.status !== 'POSTED' && s.status !== 'POST_FAILED' && !ready) continue;
    const failedBefore = s.status === 'POSTED' && rng.chance(0.04);
    const failures = s.status === 'POST_FAILED' ? rng.int(1, 3) : failedBefore ? 1 : 0;
    const firstTry = s.postedAt ?? kstTimestamp(s.confirmedAt!.slice(0, 10), 17, rng.int(0, 59));
    const created = ready ? kstTimestamp(s.confirmedAt!.slice(0, 10), 18, rng.int(0, 59)) : firstTry;
    const errors: PostingErrorRow[] = [];
    for (let k = 0; k < failures; k++) {
      const [httpStatus, erpCode, message] = rng.pick(ERP_ERRORS);
      const occurredAt = kstTimestamp(created.slice(0, 10), 17, Math.min(59, k * 15 + rng.int(0, 10)));
      const open = s.status === 'POST_FAILED' && k === failures - 1;
      errors.push({
        voucherNo: '',
        settleNo: s.settleNo,
        compNo: s.compNo,
        attempt: (k + 1) * ATTEMPTS_PER_FAILURE,
        httpStatus,
        erpCode,
        message,
        status: open ? 'FAILED' : 'RETRIED',
        occurredAt,
        retriedAt: open ? null : kstTimestamp(created.slice(0, 10), 17, Math.min(59, k * 15 + 12)),
        retriedBy: open ? null : 'operator',
      });
    }
    const status: VoucherRow['status'] = ready ? 'READY' : s.status === 'POSTED' ? 'POSTED' : 'FAILED';
    const attempts = failures * ATTEMPTS_PER_FAILURE + (status === 'POSTED' ? 1 : 0);
    const v: VoucherRow = {
      voucherNo: '',
      settleNo: s.settleNo,
      compNo: s.compNo,
      period: s.period,
      currency: 'KRW',
      amount: s.totalAmount,
      idempotencyKey: uuid(rng),
      status,
      attempts,
      connector: status === 'READY' ? null : 'http',
      erpDocNo: null,
      payload: '',
      sentAt: status === 'READY' ? null : (errors.at(-1)?.occurredAt ?? firstTry),
      postedAt: status === 'POSTED' ? s.postedAt : null,
      lastError: status === 'FAILED' ? errors.at(-1)!.message : null,
      createdBy: 'operator',
      createdAt: created,
      updatedAt: s.postedAt ?? errors.at(-1)?.occurredAt ?? created,
    };
    drafts.push({ v, errors, s });
  }
  drafts.sort((a, b) =>
    a.v.createdAt < b.v.createdAt ? -1 : a.v.createdAt > b.v.createdAt ? 1 : a.v.settleNo < b.v.settleNo ? -1 : 1,
  );
  const seq = new Map<string, number>();
  let docSeq = 0;
  for (const { v, errors, s } of drafts) {
    const year = v.createdAt.slice(0, 4);
    const n = (seq.get(year) ?? 0) + 1;
    seq.set(year, n);
    v.voucherNo = `VC${year}-${pad(n, 6)}`;
    for (const e of errors) e.voucherNo = v.voucherNo;
    if (v.status === 'POSTED') v.erpDocNo = `5100${v.period}${pad(++docSeq, 5)}`;
    const company = input.companies.get(s.compNo)!;
    const byExp = goods.get(s.settleNo) ?? new Map<string, string[]>();
    v.payload = JSON.stringify(
      buildVoucherPayload({
        voucherNo: v.voucherNo,
        settleNo: s.settleNo,
        period: s.period,
        postingDate: v.createdAt.slice(0, 10),
        vendor: { compNo: s.compNo, name: company.name, taxNo: company.taxNo },
        goodsByExpenses: [...byExp.keys()].sort().map((code) => ({
          expenses: code,
          name: expenseName.get(code) ?? code,
          amount: won(sumDecimals(byExp.get(code)!)),
        })),
        adjustmentAmount: s.adjustmentAmount,
        totalAmount: s.totalAmount,
      }),
    );
  }
  return { vouchers: drafts.map((d) => d.v), errors: drafts.flatMap((d) => d.errors) };
}
