import { JPY_RATE_PER_100, PO_STATUSES, SIMPLE_ORDER_LIMIT_KRW, type PoStatus } from './codes.js';
import type { ItemRow, SourcingGroupRow } from './items.js';
import { tenthsToAmount, tenthsToQuantity, wholeToAmount } from './money.js';
import type { EmployeeRow } from './organisation.js';
import { addDays, anchorDate, kstTimestamp, pad, type Rng } from './rng.js';
import type { SupplierProfile } from './suppliers.js';

/**
 * Two years of purchase orders before SEED_ANCHOR. Status follows age (last week's orders are
 * still in approval, last year's are closed), suppliers follow what they sell, and the demo
 * suppliers C00001/C00002 get orders in every status so each screen has something to show them.
 */
export interface PoHeaderRow {
  poNo: string;
  poType: 'PO' | 'SIMPLE';
  compNo: string;
  section: string;
  deptcd: string;
  buyerId: string;
  requesterId: string | null;
  prNo: string | null;
  title: string;
  currency: 'KRW' | 'JPY';
  totalAmount: string;
  status: PoStatus;
  poDate: string;
  dueDate: string | null;
  forwardedAt: string | null;
  acknowledgedAt: string | null;
  cancelReason: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface PoLineRow {
  poNo: string;
  lineNo: number;
  itemCode: string | null;
  itemName: string;
  spec: string | null;
  unitCode: string;
  sgCode: string | null;
  quantity: string;
  unitPrice: string;
  amount: string;
  deliveryDate: string | null;
  deliveredQty: string;
  receivedQty: string;
}

export interface Orders {
  headers: PoHeaderRow[];
  lines: PoLineRow[];
}

export const HISTORY_DAYS = 730;
/** Demo suppliers that must see every status. */
const DEMO_SUPPLIERS = ['C00001', 'C00002'] as const;

const JPY_RATE = Number(JPY_RATE_PER_100) / 100;
const CANCEL_REASONS = [
  '요청부서 취소 요청',
  '예산 미확보',
  '사양 변경으로 재발주',
  '협력사 납기 불가',
  '중복 발주',
  '단가 재협의',
];
const LINE_COUNT = [
  [1, 13],
  [2, 14],
  [3, 14],
  [4, 13],
  [5, 12],
  [6, 12],
  [7, 11],
  [8, 11],
] as const;

/** Status mix by age in days: recent orders are still moving, old ones are closed. */
function statusByAge(rng: Rng, age: number): PoStatus {
  if (age < 14)
    return rng.weighted([
      ['DRAFT', 15],
      ['IN_APPROVAL', 20],
      ['APPROVED', 15],
      ['SENT', 20],
      ['ACKNOWLEDGED', 15],
      ['PARTLY_DELIVERED', 5],
      ['DELIVERED', 5],
      ['CANCELLED', 5],
    ] as const);
  if (age < 60)
    return rng.weighted([
      ['DRAFT', 2],
      ['IN_APPROVAL', 4],
      ['APPROVED', 4],
      ['SENT', 8],
      ['ACKNOWLEDGED', 20],
      ['PARTLY_DELIVERED', 25],
      ['DELIVERED', 30],
      ['CLOSED', 3],
      ['CANCELLED', 4],
    ] as const);
  if (age < 180)
    return rng.weighted([
      ['ACKNOWLEDGED', 3],
      ['PARTLY_DELIVERED', 10],
      ['DELIVERED', 40],
      ['CLOSED', 42],
      ['CANCELLED', 5],
    ] as const);
  return rng.weighted([
    ['PARTLY_DELIVERED', 1],
    ['DELIVERED', 8],
    ['CLOSED', 86],
    ['CANCELLED', 5],
  ] as const);
}

/** Age range in which a forced status looks natural. */
const AGE_FOR_STATUS: Record<PoStatus, readonly [number, number]> = {
  DRAFT: [1, 12],
  IN_APPROVAL: [1, 12],
  APPROVED: [1, 12],
  SENT: [2, 13],
  ACKNOWLEDGED: [5, 50],
  PARTLY_DELIVERED: [15, 60],
  DELIVERED: [20, 150],
  CLOSED: [100, 700],
  CANCELLED: [3, 700],
};

/** Orders are placed on working days: an age in [lo, hi] that does not fall on a weekend. */
function workingAge(rng: Rng, lo: number, hi: number): number {
  for (;;) {
    const age = rng.int(lo, hi);
    const dow = new Date(`${anchorDate(-age)}T00:00:00Z`).getUTCDay();
    if (dow !== 0 && dow !== 6) return age;
  }
}

function quantityTenths(rng: Rng, unit: string, priceKrw: number): number {
  let [lo, hi] =
    priceKrw < 100
      ? [500, 10000]
      : priceKrw < 1_000
        ? [50, 2000]
        : priceKrw < 10_000
          ? [5, 300]
          : priceKrw < 100_000
            ? [1, 40]
            : priceKrw < 1_000_000
              ? [1, 8]
              : [1, 3];
  if (unit === 'KG') [lo, hi] = [100, 5000];
  let q = rng.int(lo, hi);
  if (q > 1000) q = Math.round(q / 100) * 100;
  else if (q > 100) q = Math.round(q / 10) * 10;
  const fractional = (unit === 'KG' || unit === 'M' || unit === 'L') && rng.chance(0.3);
  return q * 10 + (fractional ? rng.int(1, 9) : 0);
}

function roundPrice(value: number): number {
  if (value >= 10_000) return Math.round(value / 100) * 100;
  if (value >= 1_000) return Math.round(value / 10) * 10;
  return Math.max(1, Math.round(value));
}

interface Context {
  rng: Rng;
  /** Items by currency, then by top category code, then by leaf category code. */
  catalogue: Record<'KRW' | 'JPY', Map<string, Map<string, ItemRow[]>>>;
  buyerOf: Map<string, string | null>;
  fallbackBuyer: string;
  requesters: EmployeeRow[];
  profiles: Map<string, SupplierProfile>;
}

interface DraftLine {
  item: ItemRow;
  qtyTenths: number;
  price: number;
}

interface Draft {
  sortKey: number;
  age: number;
  date: string;
  compNo: string;
  type: 'PO' | 'SIMPLE';
  status: PoStatus;
  currency: 'KRW' | 'JPY';
  lines: DraftLine[];
  requester: EmployeeRow;
  buyerId: string;
}

function pickLines(
  ctx: Context,
  profile: SupplierProfile,
  currency: 'KRW' | 'JPY',
  type: 'PO' | 'SIMPLE',
): DraftLine[] {
  const { rng } = ctx;
  const byTop = ctx.catalogue[currency];
  const leaves: ItemRow[][] = [];
  for (const top of profile.categories) for (const items of byTop.get(top)?.values() ?? []) leaves.push(items);
  if (leaves.length === 0) return [];
  const count = type === 'SIMPLE' ? rng.int(1, 3) : rng.weighted(LINE_COUNT);
  // One sourcing family per order, topped up from the supplier's other families when small.
  const main = rng.pick(leaves);
  const pool = main.length >= count ? main : main.concat(...leaves.filter((l) => l !== main));
  const cheap =
    type === 'SIMPLE' ? pool.filter((i) => Number(i.refPrice) * (currency === 'JPY' ? JPY_RATE : 1) < 1_000_000) : pool;
  const source = cheap.length > 0 ? cheap : pool;
  const chosen = new Set<ItemRow>();
  for (let guard = 0; chosen.size < count && guard < count * 20; guard++) chosen.add(rng.pick(source));
  return [...chosen].map((item) => {
    const ref = Number(item.refPrice);
    const price = roundPrice(ref * (0.9 + 0.2 * rng.next()));
    const priceKrw = currency === 'JPY' ? price * JPY_RATE : price;
    return { item, qtyTenths: quantityTenths(rng, item.unitCode, priceKrw), price };
  });
}

function lineTotalTenths(lines: DraftLine[]): number {
  return lines.reduce((s, l) => s + l.qtyTenths * l.price, 0);
}

/** Small orders must stay strictly under the simple-order limit: drop lines, then halve quantities. */
function fitUnderLimit(lines: DraftLine[]): void {
  const limitTenths = SIMPLE_ORDER_LIMIT_KRW * 10;
  while (lineTotalTenths(lines) >= limitTenths) {
    if (lines.length > 1) lines.pop();
    else if (lines[0].qtyTenths > 10) lines[0].qtyTenths = Math.max(10, Math.floor(lines[0].qtyTenths / 20) * 10);
    else throw new Error(`item ${lines[0].item.itemCode} alone exceeds the simple-order limit`);
  }
}

function draftOrder(ctx: Context, compNo: string, age: number, status: PoStatus, type: 'PO' | 'SIMPLE'): Draft | null {
  const { rng } = ctx;
  const profile = ctx.profiles.get(compNo);
  if (!profile) throw new Error(`no supplier ${compNo}`);
  const currency = type === 'PO' && profile.tradesJpy && rng.chance(0.5) ? 'JPY' : 'KRW';
  let lines = pickLines(ctx, profile, currency, type);
  if (lines.length === 0 && currency === 'JPY') lines = pickLines(ctx, profile, 'KRW', type);
  if (lines.length === 0) return null;
  // A one-line order can only be partly delivered if it asks for at least two units.
  if (status === 'PARTLY_DELIVERED' && lines.length === 1 && lines[0].qtyTenths < 20) lines[0].qtyTenths = 20;
  if (type === 'SIMPLE') fitUnderLimit(lines);
  const date = anchorDate(-age);
  return {
    sortKey: rng.next(),
    age,
    date,
    compNo,
    type,
    status,
    currency: lines[0].item.currency,
    lines,
    requester: rng.pick(ctx.requesters),
    buyerId: ctx.buyerOf.get(lines[0].item.sgCode) ?? ctx.fallbackBuyer,
  };
}

function deliveredTenths(rng: Rng, status: PoStatus, qty: number, lineIdx: number, lineCount: number): number {
  if (status === 'DELIVERED' || status === 'CLOSED') return qty;
  if (status !== 'PARTLY_DELIVERED') return 0;
  // Partly delivered: the first line has arrived, the last one is at most half there.
  const half = Math.floor(qty / 20) * 10;
  if (lineCount === 1) return half;
  if (lineIdx === 0) return qty;
  if (lineIdx === lineCount - 1) return rng.chance(0.5) ? 0 : half;
  return rng.chance(0.6) ? qty : 0;
}

export function buildOrders(
  rng: Rng,
  input: {
    items: ItemRow[];
    sourcingGroups: SourcingGroupRow[];
    employees: EmployeeRow[];
    profiles: SupplierProfile[];
    count?: number;
  },
): Orders {
  const count = input.count ?? 6000;
  const catalogue: Context['catalogue'] = { KRW: new Map(), JPY: new Map() };
  for (const item of input.items) {
    const byTop = catalogue[item.currency];
    const top = item.catCode.slice(0, 3);
    if (!byTop.has(top)) byTop.set(top, new Map());
    const byLeaf = byTop.get(top)!;
    if (!byLeaf.has(item.catCode)) byLeaf.set(item.catCode, []);
    byLeaf.get(item.catCode)!.push(item);
  }
  const buyerOf = new Map(input.sourcingGroups.map((g) => [g.sgCode, g.buyerId]));
  const fallbackBuyer = input.sourcingGroups.find((g) => g.buyerId)?.buyerId;
  if (!fallbackBuyer) throw new Error('no sourcing group has a buyer');
  const ctx: Context = {
    rng,
    catalogue,
    buyerOf,
    fallbackBuyer,
    requesters: input.employees.filter((e) => e.status !== 'RETIRED'),
    profiles: new Map(input.profiles.map((p) => [p.compNo, p])),
  };

  const drafts: Draft[] = [];
  for (const compNo of DEMO_SUPPLIERS) {
    for (const status of PO_STATUSES) {
      for (let k = 0; k < 3; k++) {
        const [lo, hi] = AGE_FOR_STATUS[status];
        const d = draftOrder(ctx, compNo, workingAge(rng, lo, hi), status, k === 2 ? 'SIMPLE' : 'PO');
        if (d) drafts.push(d);
      }
    }
  }

  // Bigger suppliers get more orders (a rough Zipf curve); the demo suppliers are among the biggest.
  const active = input.profiles.filter((p) => p.active);
  const ranked = [
    ...active.filter((p) => DEMO_SUPPLIERS.includes(p.compNo as never)),
    ...rng.shuffle(active.filter((p) => !DEMO_SUPPLIERS.includes(p.compNo as never))),
  ];
  const weighted = ranked.map((p, i) => [p.compNo, 1 / Math.pow(i + 2, 0.8)] as const);
  const everyone = input.profiles.map((p) => [p.compNo, 1] as const);
  while (drafts.length < count) {
    const age = workingAge(rng, 1, HISTORY_DAYS);
    // Suppliers that have since been suspended or closed still appear in old history.
    const compNo = age > 365 && rng.chance(0.05) ? rng.weighted(everyone) : rng.weighted(weighted);
    const d = draftOrder(ctx, compNo, age, statusByAge(rng, age), rng.chance(0.2) ? 'SIMPLE' : 'PO');
    if (d) drafts.push(d);
  }

  drafts.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.sortKey - b.sortKey));
  const lastSeq = new Map<string, number>();
  const headers: PoHeaderRow[] = [];
  const lines: PoLineRow[] = [];
  for (const d of drafts) {
    const year = d.date.slice(0, 4);
    const seq = (lastSeq.get(year) ?? 0) + 1;
    lastSeq.set(year, seq);
    const poNo = `PO${year}-${pad(seq, 6)}`;
    const dueDate = addDays(d.date, rng.int(7, 30));
    const sentStatuses: PoStatus[] = ['SENT', 'ACKNOWLEDGED', 'PARTLY_DELIVERED', 'DELIVERED', 'CLOSED'];
    const sent = sentStatuses.includes(d.status) || (d.status === 'CANCELLED' && rng.chance(0.3));
    const acknowledged = sent && d.status !== 'SENT' && d.status !== 'CANCELLED';
    const sentDay = Math.min(rng.int(0, 2), d.age - 1);
    const forwardedAt = sent
      ? kstTimestamp(addDays(d.date, Math.max(0, sentDay)), rng.int(9, 17), rng.int(0, 59))
      : null;
    const ackDay = Math.max(0, Math.min(sentDay + rng.int(0, 3), d.age - 1));
    const acknowledgedAt = acknowledged ? kstTimestamp(addDays(d.date, ackDay), rng.int(9, 18), rng.int(0, 59)) : null;
    const createdAt = kstTimestamp(d.date, rng.int(8, 11), rng.int(0, 59));
    const first = d.lines[0].item;
    d.lines.forEach((l, i) => {
      const delivered = deliveredTenths(rng, d.status, l.qtyTenths, i, d.lines.length);
      lines.push({
        poNo,
        lineNo: i + 1,
        itemCode: l.item.itemCode,
        itemName: l.item.itemName,
        spec: l.item.spec,
        unitCode: l.item.unitCode,
        sgCode: l.item.sgCode,
        quantity: tenthsToQuantity(l.qtyTenths),
        unitPrice: wholeToAmount(l.price),
        amount: tenthsToAmount(l.qtyTenths * l.price),
        deliveryDate: addDays(dueDate, rng.int(-3, 0)),
        deliveredQty: tenthsToQuantity(delivered),
        receivedQty: tenthsToQuantity(d.status === 'PARTLY_DELIVERED' && rng.chance(0.3) ? 0 : delivered),
      });
    });
    headers.push({
      poNo,
      poType: d.type,
      compNo: d.compNo,
      section: d.requester.section,
      deptcd: d.requester.deptcd,
      buyerId: d.buyerId,
      requesterId: d.requester.singleid,
      prNo: null,
      title:
        d.lines.length === 1
          ? `${first.itemName} ${first.spec ?? ''}`.trim()
          : `${first.itemName} 외 ${d.lines.length - 1}건`,
      currency: d.currency,
      totalAmount: tenthsToAmount(lineTotalTenths(d.lines)),
      status: d.status,
      poDate: d.date,
      dueDate,
      forwardedAt,
      acknowledgedAt,
      cancelReason: d.status === 'CANCELLED' ? rng.pick(CANCEL_REASONS) : null,
      createdAt,
      updatedAt: acknowledgedAt ?? forwardedAt ?? createdAt,
    });
  }
  return { headers, lines };
}
