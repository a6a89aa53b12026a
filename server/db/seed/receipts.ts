import { sumDecimals } from '../../../lib/money.js';
import { lineAmount } from '../../domain/money.js';
import type { DeliveryDraft } from './deliveries.js';
import type { EmployeeRow } from './organisation.js';
import { addDays, anchorDate, kstTimestamp, pad, type Rng } from './rng.js';

/**
 * Goods receipts (입고) of the received deliveries: request → approval → final decision by age
 * (last days' receipts are still pending or rejected, older ones decided), about one in seven
 * copied from another source system (MES, WMS, GERP, legacy) with that system's own number,
 * and a few cancelled requests before the one that stands. A receipt takes every line of its
 * delivery at the order's price, so received = delivered on those lines.
 */
export interface ReceiptRow {
  whReqNo: string;
  whAppNo: string | null;
  sourceSystem: string;
  externalRef: string | null;
  compNo: string;
  poNo: string;
  deliveryNo: string | null;
  section: string;
  deptcd: string;
  eprId: string | null;
  receiverId: string | null;
  expenses: string;
  status: 'REQUESTED' | 'APPROVED' | 'DECIDED' | 'CANCELLED';
  approvalStatus: 'NONE' | 'PENDING' | 'IN_PROGRESS' | 'APPROVED' | 'REJECTED';
  currency: 'KRW' | 'JPY';
  totalAmount: string;
  whReqDate: string;
  approvedAt: string | null;
  approverId: string | null;
  lastDeciDate: string | null;
  decidedBy: string | null;
  rejectReason: string | null;
  cancelReason: string | null;
  remark: string | null;
  requestedBy: string;
  createdAt: string;
  updatedAt: string;
}

export interface ReceiptLineRow {
  whReqNo: string;
  lineNo: number;
  compNo: string;
  poNo: string;
  poLineNo: number;
  deliveryNo: string | null;
  deliveryLineNo: number | null;
  itemCode: string | null;
  itemName: string;
  spec: string | null;
  unitCode: string;
  quantity: string;
  unitPrice: string;
  amount: string;
  remark: string | null;
}

export interface Receipts {
  receipts: ReceiptRow[];
  lines: ReceiptLineRow[];
}

const EXPENSES = [
  ['MATERIAL', 50],
  ['CONSUMABLE', 15],
  ['OUTSOURCING', 10],
  ['REPAIR', 8],
  ['IT', 7],
  ['OFFICE', 5],
  ['FREIGHT', 3],
  ['ASSET', 2],
] as const;
const OTHER_SYSTEMS = [
  ['WMS', 5],
  ['MES', 4],
  ['GERP', 3],
  ['LEGACY', 2],
] as const;
const APPROVERS = ['operator', 'opadmin', 'admin'];
const REJECT_REASONS = ['검수 수량 불일치', '검사성적서 미첨부', '입고 부서 확인 필요', '포장 파손 확인 필요'];
const CANCEL_REASONS = ['입고 수량 재확인 후 재요청', '부서 코드 오류로 재요청', '중복 요청'];
const REMARKS = [
  '검수 완료',
  '외관 검사 합격',
  '일부 포장 파손, 내용물 이상 없음',
  '야간 입고',
  null,
  null,
  null,
  null,
];

const daysBefore = (date: string) =>
  Math.round((Date.parse(`${anchorDate(0)}T00:00:00Z`) - Date.parse(`${date}T00:00:00Z`)) / 86_400_000);
const capDate = (d: string) => (d > anchorDate(-1) ? anchorDate(-1) : d);

export function buildReceipts(
  rng: Rng,
  input: { deliveries: DeliveryDraft[]; employees: readonly EmployeeRow[]; demoSingleids: ReadonlySet<string> },
): Receipts {
  const staff = input.employees.filter((e) => e.status === 'ACTIVE' && !input.demoSingleids.has(e.singleid));
  const byDept = new Map<string, EmployeeRow[]>();
  for (const e of staff) byDept.set(e.deptcd, [...(byDept.get(e.deptcd) ?? []), e]);
  const drafts: Array<{ row: ReceiptRow; lines: ReceiptLineRow[]; sortKey: number }> = [];
  const extSeq = new Map<string, number>();
  const copiedStates = new Set<string>();

  for (const d of input.deliveries) {
    if (!d.received || !d.po) continue;
    const po = d.po;
    const reqDate = capDate(addDays(d.row.deliveryDate, rng.int(0, 2)));
    const age = daysBefore(reqDate);
    // The other systems' own approval states (not submitted, in progress) show on their newest copies.
    const forcedCopy = age <= 2 ? (['NONE', 'IN_PROGRESS'] as const).find((a) => !copiedStates.has(a)) : undefined;
    const copy = forcedCopy !== undefined || rng.chance(0.14);
    const sourceSystem = copy ? rng.weighted(OTHER_SYSTEMS) : 'GPMS';
    let status: ReceiptRow['status'];
    let approval: ReceiptRow['approvalStatus'];
    if (age <= 2) {
      status = 'REQUESTED';
      approval =
        forcedCopy ?? (copy ? rng.pick(['NONE', 'IN_PROGRESS'] as const) : rng.chance(0.2) ? 'REJECTED' : 'PENDING');
      if (copy) copiedStates.add(approval);
    } else if (age <= 6) {
      const r = rng.next();
      [status, approval] =
        r < 0.15
          ? ['REQUESTED', copy ? 'IN_PROGRESS' : 'PENDING']
          : r < 0.7
            ? ['APPROVED', 'APPROVED']
            : ['DECIDED', 'APPROVED'];
    } else {
      [status, approval] = ['DECIDED', 'APPROVED'];
    }
    const receiver = rng.pick(byDept.get(po.deptcd) ?? staff);
    const approvedDate =
      status === 'APPROVED' || status === 'DECIDED' ? capDate(addDays(reqDate, rng.int(0, 1))) : null;
    const deciDate = status === 'DECIDED' ? capDate(addDays(approvedDate!, rng.int(0, 4))) : null;
    const approver = rng.pick(APPROVERS);
    const created = kstTimestamp(reqDate, rng.int(9, 17), rng.int(0, 59));
    const lines = d.lines.map((l, i) => ({
      whReqNo: '',
      lineNo: i + 1,
      compNo: d.row.compNo,
      poNo: l.poNo!,
      poLineNo: l.poLineNo!,
      deliveryNo: d.row.deliveryNo,
      deliveryLineNo: l.lineNo,
      itemCode: l.itemCode,
      itemName: l.itemName,
      spec: l.spec,
      unitCode: l.unitCode,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      amount: lineAmount(l.quantity, l.unitPrice, po.currency),
      remark: null,
    }));
    let externalRef: string | null = null;
    if (copy) {
      const n = (extSeq.get(sourceSystem) ?? 0) + 1;
      extSeq.set(sourceSystem, n);
      externalRef = `${sourceSystem}-${reqDate.slice(2, 4)}${pad(n, 6)}`;
    }
    const row: ReceiptRow = {
      whReqNo: '',
      whAppNo: null,
      sourceSystem,
      externalRef,
      compNo: d.row.compNo,
      poNo: po.poNo,
      deliveryNo: d.row.deliveryNo,
      section: po.section,
      deptcd: po.deptcd,
      eprId: po.requesterId,
      receiverId: receiver.singleid,
      expenses: rng.weighted(EXPENSES),
      status,
      approvalStatus: approval,
      currency: po.currency,
      totalAmount: sumDecimals(lines.map((l) => l.amount)),
      whReqDate: reqDate,
      approvedAt: approvedDate ? kstTimestamp(approvedDate, rng.int(13, 18), rng.int(0, 59)) : null,
      approverId: approvedDate ? approver : null,
      lastDeciDate: deciDate,
      decidedBy: deciDate ? approver : null,
      rejectReason: approval === 'REJECTED' ? rng.pick(REJECT_REASONS) : null,
      cancelReason: null,
      remark: rng.pick(REMARKS),
      requestedBy: receiver.singleid,
      createdAt: created,
      updatedAt: deciDate ? kstTimestamp(deciDate, 18) : approvedDate ? kstTimestamp(approvedDate, 18, 30) : created,
    };
    d.row.receivedAt = created;
    d.row.updatedAt = created;
    drafts.push({ row, lines, sortKey: rng.next() });

    // Now and then a request was cancelled and made again.
    if (!copy && age > 3 && rng.chance(0.03)) {
      const back = addDays(reqDate, -rng.int(0, 1));
      const earlier = back < d.row.deliveryDate ? d.row.deliveryDate : back;
      const at = kstTimestamp(earlier, 8, rng.int(0, 59));
      drafts.push({
        row: {
          ...row,
          whAppNo: null,
          status: 'CANCELLED',
          approvalStatus: 'PENDING',
          whReqDate: earlier,
          approvedAt: null,
          approverId: null,
          lastDeciDate: null,
          decidedBy: null,
          rejectReason: null,
          cancelReason: rng.pick(CANCEL_REASONS),
          createdAt: at,
          updatedAt: at,
        },
        lines: lines.map((l) => ({ ...l })),
        sortKey: -1,
      });
    }
  }

  drafts.sort((a, b) =>
    a.row.whReqDate < b.row.whReqDate ? -1 : a.row.whReqDate > b.row.whReqDate ? 1 : a.sortKey - b.sortKey,
  );
  const req = new Map<string, number>();
  for (const d of drafts) {
    const year = d.row.whReqDate.slice(0, 4);
    const n = (req.get(year) ?? 0) + 1;
    req.set(year, n);
    d.row.whReqNo = `WR${year}-${pad(n, 6)}`;
    for (const l of d.lines) l.whReqNo = d.row.whReqNo;
  }
  const approved = drafts
    .filter((d) => d.row.approvedAt)
    .sort((a, b) =>
      a.row.approvedAt! < b.row.approvedAt!
        ? -1
        : a.row.approvedAt! > b.row.approvedAt!
          ? 1
          : a.row.whReqNo < b.row.whReqNo
            ? -1
            : 1,
    );
  const app = new Map<string, number>();
  for (const d of approved) {
    const year = d.row.approvedAt!.slice(0, 4);
    const n = (app.get(year) ?? 0) + 1;
    app.set(year, n);
    d.row.whAppNo = `WA${year}-${pad(n, 6)}`;
  }
  return { receipts: drafts.map((d) => d.row), lines: drafts.flatMap((d) => d.lines) };
}
