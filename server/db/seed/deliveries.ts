import { sumDecimals } from '../../../lib/money.js';
import { lineAmount } from '../../domain/money.js';
import type { ItemRow } from './items.js';
import { tenthsToQuantity } from './money.js';
import { addDays, anchorDate, kstTimestamp, pad, type Rng } from './rng.js';

/**
 * Supplier deliveries (ASN) consistent with the seeded orders: each PO line's delivered
 * quantity is exactly the sum of its active deliveries, and the received part is delivered
 * separately from the part still waiting (so a delivery is either received whole or still
 * registered). Some extra cancelled deliveries and deliveries without an order (flagged) are
 * mixed in. The demo suppliers get every state.
 */
export interface SeedPo {
  poNo: string;
  compNo: string;
  status: string;
  poDate: string;
  currency: 'KRW' | 'JPY';
  section: string;
  deptcd: string;
  requesterId: string | null;
}

export interface SeedPoLine {
  poNo: string;
  lineNo: number;
  itemCode: string | null;
  itemName: string;
  spec: string | null;
  unitCode: string;
  quantity: string;
  unitPrice: string;
  deliveredQty: string;
  receivedQty: string;
}

interface DeliveryLineRow {
  deliveryNo: string;
  lineNo: number;
  compNo: string;
  poNo: string | null;
  poLineNo: number | null;
  itemCode: string | null;
  itemName: string;
  spec: string | null;
  unitCode: string;
  quantity: string;
  unitPrice: string;
  amount: string;
  remark: string | null;
}

interface DeliveryRow {
  deliveryNo: string;
  compNo: string;
  poNo: string | null;
  noPo: 'Y' | 'N';
  status: 'REGISTERED' | 'RECEIVED' | 'CANCELLED';
  deliveryDate: string;
  arrivalDate: string | null;
  currency: 'KRW' | 'JPY';
  totalAmount: string;
  delivererName: string | null;
  delivererPhone: string | null;
  vehicleNo: string | null;
  fileId: string | null;
  remark: string | null;
  cancelReason: string | null;
  registeredBy: string;
  receivedAt: string | null;
  cancelledAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A delivery and what happens to it next (receipts.ts receives the ones marked). */
export interface DeliveryDraft {
  row: DeliveryRow;
  lines: DeliveryLineRow[];
  po: SeedPo | null;
  /** Received into warehousing (a receipt covers every line). */
  received: boolean;
}

const toTenths = (q: string): number => {
  const [int, frac = '0'] = q.split('.');
  return Number(int) * 10 + Number(frac[0] ?? '0');
};

const DEMO = ['C00001', 'C00002'];
const DRIVERS = ['김기사', '이운송', '박배송', '최물류', '정택배', '한화물'];
const CANCEL_REASONS = ['수량 입력 오류', '납품일 변경으로 재등록', '품목 누락으로 재등록', '발주 변경 요청'];
const NO_PO_REASONS = ['긴급 요청분 선납품', '샘플 납품', '구두 발주 선납품', '추가 소요분 선납품'];

function carPlate(rng: Rng): string {
  return `${rng.int(10, 99)}${rng.pick(['가', '나', '다', '라', '마', '바', '사'])}${rng.int(1000, 9999)}`;
}

export function buildDeliveries(
  rng: Rng,
  input: {
    headers: readonly SeedPo[];
    lines: readonly SeedPoLine[];
    supplierUser: ReadonlyMap<string, string>;
    items: readonly ItemRow[];
    activeSuppliers: readonly string[];
  },
): DeliveryDraft[] {
  const linesOf = new Map<string, SeedPoLine[]>();
  for (const l of input.lines) linesOf.set(l.poNo, [...(linesOf.get(l.poNo) ?? []), l]);
  const last = anchorDate(-1);
  const drafts: Array<DeliveryDraft & { sortKey: number }> = [];

  const make = (
    po: SeedPo | null,
    compNo: string,
    date: string,
    parts: Array<{ line: SeedPoLine | null; tenths: number; item?: ItemRow; price?: string }>,
    status: DeliveryRow['status'],
    remark: string | null,
  ) => {
    const currency = po?.currency ?? 'KRW';
    const lines = parts.map((p, i) => {
      const quantity = tenthsToQuantity(p.tenths);
      const unitPrice = p.line ? p.line.unitPrice : p.price!;
      return {
        deliveryNo: '',
        lineNo: i + 1,
        compNo,
        poNo: p.line ? p.line.poNo : null,
        poLineNo: p.line ? p.line.lineNo : null,
        itemCode: p.line ? p.line.itemCode : p.item!.itemCode,
        itemName: p.line ? p.line.itemName : p.item!.itemName,
        spec: p.line ? p.line.spec : p.item!.spec,
        unitCode: p.line ? p.line.unitCode : p.item!.unitCode,
        quantity,
        unitPrice,
        amount: lineAmount(quantity, unitPrice, currency),
        remark: null,
      };
    });
    const total = lines.length ? sumDecimals(lines.map((l) => l.amount)) : '0';
    const created = kstTimestamp(date, rng.int(8, 17), rng.int(0, 59));
    const row: DeliveryRow = {
      deliveryNo: '',
      compNo,
      poNo: po?.poNo ?? null,
      noPo: po ? 'N' : 'Y',
      status,
      deliveryDate: date,
      arrivalDate: date < last ? addDays(date, rng.int(0, 1)) : date,
      currency,
      totalAmount: total,
      delivererName: rng.pick(DRIVERS),
      delivererPhone: `010-${pad(rng.int(1000, 9999), 4)}-${pad(rng.int(0, 9999), 4)}`,
      vehicleNo: carPlate(rng),
      fileId: null,
      remark,
      cancelReason: status === 'CANCELLED' ? rng.pick(CANCEL_REASONS) : null,
      registeredBy: input.supplierUser.get(compNo) ?? compNo,
      receivedAt: null,
      cancelledAt: status === 'CANCELLED' ? kstTimestamp(date, 18, rng.int(0, 59)) : null,
      createdAt: created,
      updatedAt: created,
    };
    drafts.push({ row, lines, po, received: status === 'RECEIVED', sortKey: rng.next() });
  };

  for (const po of input.headers) {
    const lines = linesOf.get(po.poNo) ?? [];
    if (!lines.some((l) => toTenths(l.deliveredQty) > 0)) continue;
    const age = Math.round(
      (Date.parse(`${anchorDate(0)}T00:00:00Z`) - Date.parse(`${po.poDate}T00:00:00Z`)) / 86_400_000,
    );
    // The received part first: one delivery, or two when the order was delivered in two lots.
    const received = lines.map((l) => ({ line: l, tenths: toTenths(l.receivedQty) })).filter((p) => p.tenths > 0);
    const waiting = lines
      .map((l) => ({ line: l, tenths: toTenths(l.deliveredQty) - toTenths(l.receivedQty) }))
      .filter((p) => p.tenths > 0);
    const firstDay = Math.max(0, Math.min(age - 1, rng.int(3, 12)));
    const first = addDays(po.poDate, firstDay);
    if (received.length > 0) {
      const split = received.some((p) => p.tenths >= 20) && age > 20 && rng.chance(0.3);
      if (split) {
        const lot1 = received.map((p) => ({
          line: p.line,
          tenths: p.tenths >= 20 ? Math.ceil(p.tenths / 20) * 10 : p.tenths,
        }));
        const lot2 = received
          .map((p, i) => ({ line: p.line, tenths: p.tenths - lot1[i].tenths }))
          .filter((p) => p.tenths > 0);
        const second = addDays(first, rng.int(2, Math.min(10, Math.max(2, age - firstDay - 8))));
        make(po, po.compNo, first, lot1, 'RECEIVED', null);
        make(po, po.compNo, second <= last ? second : first, lot2, 'RECEIVED', '분할 납품 2차');
      } else {
        make(po, po.compNo, first, received, 'RECEIVED', null);
      }
    }
    if (waiting.length > 0) {
      // Delivered lately and not received yet.
      const date = addDays(anchorDate(0), -rng.int(1, Math.max(1, Math.min(5, age - 1))));
      make(po, po.compNo, date < po.poDate ? po.poDate : date, waiting, 'REGISTERED', null);
    }
    // Now and then a delivery registered by mistake and cancelled (it counts nowhere).
    if (received.length > 0 && (rng.chance(0.02) || (DEMO.includes(po.compNo) && rng.chance(0.15)))) {
      make(po, po.compNo, first, received.slice(0, 1), 'CANCELLED', null);
    }
  }

  // Deliveries without an order: flagged, listed in the none-order views.
  const bySupplierItems = input.items.filter((i) => i.currency === 'KRW');
  const suppliers = [...DEMO, ...input.activeSuppliers.filter((c) => !DEMO.includes(c))];
  for (let k = 0; k < 80; k++) {
    const compNo = k < 8 ? suppliers[k % 2] : rng.pick(suppliers);
    const recent = k % 4 !== 3;
    const date = anchorDate(-(recent ? rng.int(1, 45) : rng.int(46, 700)));
    const parts = Array.from({ length: rng.int(1, 3) }, () => {
      const item = rng.pick(bySupplierItems);
      return {
        line: null,
        tenths: rng.int(1, 20) * 10,
        item,
        price: String(Math.max(100, Math.round(Number(item.refPrice) / 10) * 10)),
      };
    });
    const status = recent && k % 5 !== 4 ? 'REGISTERED' : 'CANCELLED';
    make(null, compNo, date, parts, status, rng.pick(NO_PO_REASONS));
  }

  // Numbers in date order, per year.
  drafts.sort((a, b) =>
    a.row.deliveryDate < b.row.deliveryDate ? -1 : a.row.deliveryDate > b.row.deliveryDate ? 1 : a.sortKey - b.sortKey,
  );
  const seq = new Map<string, number>();
  for (const d of drafts) {
    const year = d.row.deliveryDate.slice(0, 4);
    const n = (seq.get(year) ?? 0) + 1;
    seq.set(year, n);
    d.row.deliveryNo = `DLV${year}-${pad(n, 6)}`;
    for (const l of d.lines) l.deliveryNo = d.row.deliveryNo;
  }
  return drafts.map(({ sortKey: _sortKey, ...d }) => d);
}
