/**
 * The transaction statement (거래명세서) of one supplier-month as a print model, pure: the
 * settlement's lines and totals formatted for people (thousand commas, currencies' decimals),
 * the same for the HTML page and the PDF.
 */
import { formatMoney } from '../../../../lib/money.js';

const SETTLE_STATUS_TEXT: Readonly<Record<string, string>> = {
  DRAFT: '정산작성',
  CONFIRM_REQUESTED: '확인요청',
  CONFIRMED: '협력사확인',
  DISPUTED: '이의제기',
  POSTED: '전기완료',
  POST_FAILED: '전기오류',
};

export interface StatementSource {
  settleNo: string;
  period: string;
  status: string;
  issuedOn: string;
  supplier: {
    compNo: string;
    name: string;
    taxNo: string;
    ceoName: string;
    address: string | null;
    phoneNo: string | null;
  };
  buyer: { name: string };
  lines: ReadonlyArray<{
    lineNo: number;
    lastDeciDate: string;
    whReqNo: string;
    poNo: string;
    itemCode: string | null;
    itemName: string;
    spec: string | null;
    unitCode: string;
    quantity: string;
    PRICE: string;
    currency: string;
    AMT: string;
    krwAmount: string;
  }>;
  adjustments: ReadonlyArray<{ adjNo: string; reason: string; amount: string }>;
  totals: {
    krwGoodsAmount: string;
    jpyGoodsAmount: string;
    jpyKrwAmount: string;
    goodsAmount: string;
    adjustmentAmount: string;
    totalAmount: string;
    jpyRate: string | null;
  };
  confirmedAt: string | null;
}

export interface StatementRow {
  no: string;
  date: string;
  whReqNo: string;
  poNo: string;
  item: string;
  unit: string;
  quantity: string;
  price: string;
  currency: string;
  amount: string;
  krwAmount: string;
}

export interface StatementModel {
  title: string;
  settleNo: string;
  periodLabel: string;
  issuedOn: string;
  statusText: string;
  supplier: StatementSource['supplier'];
  buyer: StatementSource['buyer'];
  rows: StatementRow[];
  summary: Array<{ label: string; value: string }>;
  adjustments: Array<{ label: string; value: string }>;
  total: string;
  note: string;
}

/** Grouped, with only the decimals that matter: '12.500' → '12.5', '1200.000' → '1,200', '-3.10' → '-3.1'. */
export function formatNumber(q: string): string {
  const negative = q.startsWith('-');
  const [int, frac = ''] = q.replace(/^[+-]/, '').split('.');
  const trimmed = frac.replace(/0+$/, '');
  return (negative ? '-' : '') + formatMoney(int, 'KRW') + (trimmed ? `.${trimmed}` : '');
}

const signed = (v: string) => (v.startsWith('-') ? `-${formatMoney(v.slice(1), 'KRW')}` : `+${formatMoney(v, 'KRW')}`);

export function statementModel(s: StatementSource): StatementModel {
  const rows = s.lines.map((l) => ({
    no: String(l.lineNo),
    date: l.lastDeciDate,
    whReqNo: l.whReqNo,
    poNo: l.poNo,
    item: [l.itemCode, l.itemName, l.spec].filter(Boolean).join(' · '),
    unit: l.unitCode,
    quantity: formatNumber(l.quantity),
    price: formatNumber(l.PRICE),
    currency: l.currency,
    amount: formatMoney(l.AMT, l.currency),
    krwAmount: formatMoney(l.krwAmount, 'KRW'),
  }));
  const t = s.totals;
  const summary = [{ label: '원화 공급가액', value: `₩${formatMoney(t.krwGoodsAmount, 'KRW')}` }];
  if (t.jpyGoodsAmount !== '0') {
    summary.push({ label: '엔화 공급가액', value: `¥${formatMoney(t.jpyGoodsAmount, 'JPY')}` });
    summary.push({
      label: `엔화 원화환산 (100엔당 ${t.jpyRate ?? '-'}원, 줄별 반올림)`,
      value: `₩${formatMoney(t.jpyKrwAmount, 'KRW')}`,
    });
  }
  summary.push({ label: '공급가액 합계', value: `₩${formatMoney(t.goodsAmount, 'KRW')}` });
  const adjustments = s.adjustments.map((a) => ({ label: `${a.adjNo} ${a.reason}`, value: `₩${signed(a.amount)}` }));
  if (adjustments.length) summary.push({ label: '정산 조정 합계', value: `₩${signed(t.adjustmentAmount)}` });
  return {
    title: '거래명세서',
    settleNo: s.settleNo,
    periodLabel: `${s.period.slice(0, 4)}년 ${Number(s.period.slice(4))}월`,
    issuedOn: s.issuedOn,
    statusText: `${SETTLE_STATUS_TEXT[s.status] ?? s.status}${s.confirmedAt ? ` (협력사 확인 ${s.confirmedAt.slice(0, 10)})` : ''}`,
    supplier: s.supplier,
    buyer: s.buyer,
    rows,
    summary,
    adjustments,
    total: `₩${formatMoney(t.totalAmount, 'KRW')}`,
    note: '금액은 부가가치세 별도입니다. 엔화 금액은 100엔당 환율로 환산하여 원 단위로 반올림했습니다.',
  };
}
