import { defineListScreen } from '../../engine/define';
import { AGREEMENT_STATUS, f, t } from './labels';

/**
 * /AgreementConsumption — the agreement consumption report (단가계약 소진 현황): one row per agreement
 * line with its agreed quantity and amount, what was ordered against it, what remains, the share
 * consumed and the last valid day; by supplier, state (valid, expired, ended), a day of validity and
 * item; 엑셀 다운로드 writes the whole result. Staff only (the agreement menu's sub-page); the supplier
 * sees its own agreements' lines with the same figures on /CyberAgreementEdit.
 */
export default defineListScreen({
  id: 'purchaseOrder.agreementConsumption',
  route: '/AgreementConsumption',
  title: t('agreementConsumption'),
  labels: 'screen.purchaseOrder.f',
  source: {
    operation: 'listAgreementConsumption',
    rowKey: 'lineKey',
    defaultSort: 'agreementNo:desc',
  },
  filters: [
    { field: 'compName', label: f('supplier') },
    { field: 'status', label: f('agreementStatus'), widget: 'multiSelect', options: AGREEMENT_STATUS },
    { field: 'validOn', widget: 'date' },
    { field: 'itemCode' },
    { field: 'itemName' },
    { field: 'agreementNo' },
  ],
  rememberFilters: true,
  // The figures that answer "how much is left" first; the prices and amounts after them.
  columns: [
    {
      field: 'agreementNo',
      width: 130,
      link: { screen: 'purchaseOrder.agreementEdit', query: { agreementNo: 'row.agreementNo' } },
    },
    { field: 'compNameKr', label: f('supplier'), width: 140 },
    { field: 'lineNo', type: 'number', width: 50 },
    { field: 'itemName', width: 170 },
    { field: 'agreedQty', type: 'number', width: 90 },
    { field: 'orderedQty', type: 'number', width: 90 },
    { field: 'remainingQty', type: 'number', width: 90 },
    { field: 'consumedPct', type: 'number', width: 80 },
    { field: 'validTo', type: 'date', width: 100 },
    { field: 'status', label: f('agreementStatus'), type: 'code', options: AGREEMENT_STATUS, width: 70 },
    { field: 'itemCode', width: 120 },
    { field: 'unitCode', width: 50 },
    { field: 'currency', type: 'code', codeGroup: 'CURRENCY', width: 60 },
    { field: 'unitPrice', type: 'number', width: 100 },
    { field: 'agreedAmount', type: 'money', currencyField: 'currency', width: 120 },
    { field: 'orderedAmount', type: 'money', currencyField: 'currency', width: 120 },
    {
      field: 'remainingAmount',
      label: f('lineRemainingAmount'),
      type: 'money',
      currencyField: 'currency',
      width: 120,
    },
    { field: 'ceilingAmount', type: 'money', currencyField: 'currency', width: 120 },
    { field: 'ceilingPct', type: 'number', width: 90 },
  ],
  actions: [{ kind: 'exportExcel', fileName: t('file.agreementConsumption') }],
});
