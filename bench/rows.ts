/**
 * The benchmark's 100,000 purchase-order lines, made from their index (the same rows on the
 * bench server and in the page's SheetJS-alone baseline): text, codes, money in KRW and JPY,
 * quantities, dates and timestamps — the mix a real list screen shows.
 */
export const BENCH_ROWS = 100_000;

const VENDORS = [
  '한빛정밀',
  '대성산업',
  '삼우테크',
  '동양전자',
  '미래금속',
  '세진화학',
  '우성기계',
  '태광부품',
  '한결물산',
  '청솔상사',
  '오성엔지니어링',
  '신화산업',
];
const DEPTS = ['구매1팀', '구매2팀', '구매운영팀', '생산1팀', '품질관리팀', '자재팀', '설비보전팀', '연구1팀'];
const STATUSES = [
  'DRAFT',
  'IN_APPROVAL',
  'APPROVED',
  'SENT',
  'ACKNOWLEDGED',
  'PARTLY_DELIVERED',
  'DELIVERED',
  'CLOSED',
];
const ITEMS = ['볼트 M8', '베어링 6204', '유압 호스', '전원 케이블', '센서 모듈', '방진 패드', '냉각 팬', 'PCB 기판'];

export interface BenchRow {
  [field: string]: unknown;
  lineNo: number;
  poNo: string;
  itemName: string;
  vendor: string;
  dept: string;
  status: string;
  currency: string;
  qty: number;
  unitPrice: string;
  amount: string;
  poDate: string;
  dueDate: string;
  createdAt: string;
  memo: string;
}

const pad = (n: number, w: number) => String(n).padStart(w, '0');

function day(offset: number): string {
  const d = new Date(Date.UTC(2025, 0, 1) + offset * 86_400_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1, 2)}-${pad(d.getUTCDate(), 2)}`;
}

export function benchRow(i: number): BenchRow {
  const qty = 1 + ((i * 7) % 250);
  const jpy = i % 9 === 0;
  const unit = jpy ? 100 + ((i * 37) % 9000) : 1000 + ((i * 131) % 250_000);
  return {
    lineNo: i + 1,
    poNo: `PO2025-${pad(Math.floor(i / 4) + 1, 6)}`,
    itemName: `${ITEMS[i % ITEMS.length]} ${pad((i * 13) % 1000, 3)}`,
    vendor: VENDORS[(i * 5) % VENDORS.length],
    dept: DEPTS[(i * 3) % DEPTS.length],
    status: STATUSES[i % STATUSES.length],
    currency: jpy ? 'JPY' : 'KRW',
    qty,
    unitPrice: String(unit),
    amount: String(unit * qty),
    poDate: day(i % 600),
    dueDate: day((i % 600) + 14 + (i % 30)),
    createdAt: new Date(Date.UTC(2025, 0, 1, 0, 0, 0) + i * 61_000).toISOString(),
    memo: i % 5 === 0 ? `긴급 납품 요청 #${i}` : '',
  };
}

export const STATUS_TEXTS: Record<string, string> = {
  DRAFT: '작성중',
  IN_APPROVAL: '결재중',
  APPROVED: '결재완료',
  SENT: '발주전송',
  ACKNOWLEDGED: '발주확인',
  PARTLY_DELIVERED: '부분납품',
  DELIVERED: '납품완료',
  CLOSED: '종결',
};

/** One page as the list convention answers it; `desc` reverses the order (sort=lineNo:desc). */
export function benchPage(
  page: number,
  size: number,
  desc: boolean,
): { rows: BenchRow[]; total: number; totals: Record<string, unknown> } {
  const start = (page - 1) * size;
  const rows: BenchRow[] = [];
  for (let k = start; k < Math.min(start + size, BENCH_ROWS); k++) rows.push(benchRow(desc ? BENCH_ROWS - 1 - k : k));
  return { rows, total: BENCH_ROWS, totals: benchTotals() };
}

let totals: Record<string, unknown> | null = null;
export function benchTotals(): Record<string, unknown> {
  if (!totals) {
    let qty = 0;
    for (let i = 0; i < BENCH_ROWS; i++) qty += benchRow(i).qty;
    totals = { qty, poNo: '합계' };
  }
  return totals;
}
