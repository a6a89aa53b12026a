/**
 * What each extract holds, as pure data: its columns (header, cell type, width) and how a
 * row becomes cells. The routes stream rows through these into XlsxStream.
 */
import type { XlsxColumn } from '../../exports/xlsx-stream.js';

type Cell = string | number | null | undefined;

export interface Extract<R> {
  sheet: string;
  fileStem: string;
  columns: XlsxColumn[];
  cells(row: R): Cell[];
}

const col = (header: string, type: XlsxColumn['type'] = 'string', width = 14): XlsxColumn => ({ header, type, width });

export const RECEIPT_LINES: Extract<{
  whReqNo: string;
  whAppNo: string | null;
  status: string;
  approvalStatus: string;
  sourceSystem: string;
  externalRef: string | null;
  poNo: string;
  deliveryNo: string | null;
  compNo: string;
  compName: string;
  sectionName: string;
  deptName: string;
  eprName: string | null;
  receiveName: string | null;
  expenses: string;
  whReqDate: string;
  lastDeciDate: string | null;
  lineNo: number;
  itemCode: string | null;
  itemName: string;
  spec: string | null;
  unitCode: string;
  quantity: string;
  PRICE: string;
  currency: string;
  AMT: string;
  BIGO: string | null;
  settleNo: string | null;
}> = {
  sheet: '입고내역',
  fileStem: 'receipts',
  columns: [
    col('입고요청번호'),
    col('입고승인번호'),
    col('상태', 'string', 10),
    col('결재상태', 'string', 10),
    col('원천시스템', 'string', 10),
    col('원천번호'),
    col('발주번호'),
    col('납품번호'),
    col('협력사코드', 'string', 10),
    col('협력사명', 'string', 24),
    col('부문'),
    col('부서', 'string', 18),
    col('구매요청자', 'string', 10),
    col('입고자', 'string', 10),
    col('비용유형', 'string', 10),
    col('입고요청일', 'string', 11),
    col('최종확정일', 'string', 11),
    col('줄', 'quantity', 5),
    col('품목코드'),
    col('품목명', 'string', 30),
    col('규격', 'string', 24),
    col('단위', 'string', 6),
    col('수량', 'quantity', 10),
    col('단가', 'quantity', 12),
    col('통화', 'string', 6),
    col('금액', 'amount', 14),
    col('비고', 'string', 20),
    col('정산번호'),
  ],
  cells: (r) => [
    r.whReqNo,
    r.whAppNo,
    r.status,
    r.approvalStatus,
    r.sourceSystem,
    r.externalRef,
    r.poNo,
    r.deliveryNo,
    r.compNo,
    r.compName,
    r.sectionName,
    r.deptName,
    r.eprName,
    r.receiveName,
    r.expenses,
    r.whReqDate,
    r.lastDeciDate,
    r.lineNo,
    r.itemCode,
    r.itemName,
    r.spec,
    r.unitCode,
    r.quantity,
    r.PRICE,
    r.currency,
    r.AMT,
    r.BIGO,
    r.settleNo,
  ],
};

export const SETTLEMENT_HEADERS: Extract<{
  settleNo: string;
  period: string;
  status: string;
  compNo: string;
  compNameKr: string;
  taxNo2: string;
  lineCount: number;
  krwGoodsAmount: string;
  jpyGoodsAmount: string;
  jpyRate: string | null;
  jpyKrwAmount: string;
  goodsAmount: string;
  adjustmentAmount: string;
  totalAmount: string;
  confirmedAt: string | null;
  postedAt: string | null;
  voucherNo: string | null;
  voucherStatus: string | null;
  erpDocNo: string | null;
}> = {
  sheet: '월정산',
  fileStem: 'settlements',
  columns: [
    col('정산번호'),
    col('정산월', 'string', 8),
    col('상태', 'string', 12),
    col('협력사코드', 'string', 10),
    col('협력사명', 'string', 24),
    col('사업자등록번호'),
    col('줄 수', 'amount', 8),
    col('원화 공급가액', 'amount'),
    col('엔화 공급가액', 'amount'),
    col('환율(100엔)', 'quantity', 10),
    col('엔화 원화환산', 'amount'),
    col('공급가액 합계', 'amount'),
    col('조정', 'amount'),
    col('정산 합계', 'amount'),
    col('협력사 확인일', 'string', 11),
    col('전기일', 'string', 11),
    col('전표번호'),
    col('전표상태', 'string', 10),
    col('ERP 전표번호'),
  ],
  cells: (r) => [
    r.settleNo,
    r.period,
    r.status,
    r.compNo,
    r.compNameKr,
    r.taxNo2,
    r.lineCount,
    r.krwGoodsAmount,
    r.jpyGoodsAmount,
    r.jpyRate,
    r.jpyKrwAmount,
    r.goodsAmount,
    r.adjustmentAmount,
    r.totalAmount,
    r.confirmedAt,
    r.postedAt,
    r.voucherNo,
    r.voucherStatus,
    r.erpDocNo,
  ],
};

export const SETTLEMENT_LINES: Extract<{
  settleNo: string;
  period: string;
  status: string;
  compNo: string;
  compNameKr: string;
  lineNo: number;
  whReqNo: string;
  whLineNo: number;
  poNo: string;
  poLineNo: number;
  itemCode: string | null;
  itemName: string;
  spec: string | null;
  unitCode: string;
  expenses: string;
  lastDeciDate: string;
  quantity: string;
  unitPrice: string;
  currency: string;
  amount: string;
  krwAmount: string;
  jpyRate: string | null;
  voucherNo: string | null;
}> = {
  sheet: '월정산내역',
  fileStem: 'settlement-lines',
  columns: [
    col('정산번호'),
    col('정산월', 'string', 8),
    col('상태', 'string', 12),
    col('협력사코드', 'string', 10),
    col('협력사명', 'string', 24),
    col('줄', 'quantity', 5),
    col('입고요청번호'),
    col('입고 줄', 'quantity', 6),
    col('발주번호'),
    col('발주 줄', 'quantity', 6),
    col('품목코드'),
    col('품목명', 'string', 30),
    col('규격', 'string', 24),
    col('단위', 'string', 6),
    col('비용유형', 'string', 10),
    col('최종확정일', 'string', 11),
    col('수량', 'quantity', 10),
    col('단가', 'quantity', 12),
    col('통화', 'string', 6),
    col('금액', 'amount'),
    col('원화금액', 'amount'),
    col('환율(100엔)', 'quantity', 10),
    col('전표번호'),
  ],
  cells: (r) => [
    r.settleNo,
    r.period,
    r.status,
    r.compNo,
    r.compNameKr,
    r.lineNo,
    r.whReqNo,
    r.whLineNo,
    r.poNo,
    r.poLineNo,
    r.itemCode,
    r.itemName,
    r.spec,
    r.unitCode,
    r.expenses,
    r.lastDeciDate,
    r.quantity,
    r.unitPrice,
    r.currency,
    r.amount,
    r.krwAmount,
    r.currency === 'JPY' ? r.jpyRate : null,
    r.voucherNo,
  ],
};

/** RFC 6266/5987: an ASCII name and the exact UTF-8 one. */
export function attachment(asciiName: string, koreanName: string): string {
  return `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(koreanName)}`;
}
