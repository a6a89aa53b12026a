import type { ListScreenDef } from '../../engine/definition/types';

/** The benchmark's list screen: 13 columns over 100,000 server rows, with a totals row and the Excel export. */
export const benchScreen: ListScreenDef = {
  id: 'bench.poLines',
  kind: 'list',
  title: '발주 품목 (100,000행)',
  route: '/bench',
  source: { operation: 'benchRows', rowKey: 'lineNo', pageSize: 200, defaultSort: 'lineNo:asc' },
  filters: [{ field: 'poNo', label: '발주번호' }],
  columns: [
    { field: 'lineNo', label: '행번호', type: 'number', width: 80 },
    { field: 'poNo', label: '발주번호', width: 130, link: { route: '/bench' } },
    { field: 'itemName', label: '품목', width: 150 },
    { field: 'vendor', label: '협력사', width: 120 },
    { field: 'dept', label: '요청부서', width: 100 },
    { field: 'status', label: '상태', type: 'code', codeGroup: 'PO_STATUS', width: 90 },
    { field: 'currency', label: '통화', width: 60, align: 'center' },
    { field: 'qty', label: '수량', type: 'number', width: 70, total: 'sum' },
    { field: 'unitPrice', label: '단가', type: 'money', currencyField: 'currency', width: 110 },
    { field: 'amount', label: '금액', type: 'money', currencyField: 'currency', width: 130 },
    { field: 'poDate', label: '발주일', type: 'date', width: 100 },
    { field: 'dueDate', label: '납기일', type: 'date', width: 100 },
    { field: 'createdAt', label: '등록일시', type: 'datetime', width: 140 },
    { field: 'memo', label: '비고', width: 180 },
  ],
  selection: 'multi',
  totals: true,
  visibleRows: 25,
  actions: [{ kind: 'exportExcel', fileName: '발주품목_100000' }],
};
