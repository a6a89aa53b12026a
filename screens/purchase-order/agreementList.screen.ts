import { defineListScreen } from '../../engine/define';
import { AGREEMENT_POLICY, AGREEMENT_STATUS, f, t } from './labels';

/**
 * /AgreementList — framework agreements (단가계약): supplier, validity, ceiling and what was ordered
 * against it, state (an active agreement past its last day reads 만료); a number opens /AgreementEdit.
 */
export default defineListScreen({
  id: 'purchaseOrder.agreementList',
  route: '/AgreementList',
  title: t('agreementList'),
  labels: 'screen.purchaseOrder.f',
  source: { operation: 'listAgreements', rowKey: 'agreementNo', defaultSort: 'agreementNo:desc' },
  filters: [
    { field: 'agreementNo' },
    { field: 'title' },
    { field: 'compName' },
    { field: 'status', label: f('agreementStatus'), widget: 'multiSelect', options: AGREEMENT_STATUS },
    { field: 'itemCode' },
    { field: 'validOn', widget: 'date' },
    { field: 'buyerId', label: f('buyer'), widget: 'person' },
  ],
  rememberFilters: true,
  columns: [
    {
      field: 'agreementNo',
      width: 140,
      link: { screen: 'purchaseOrder.agreementEdit', query: { agreementNo: 'row.agreementNo' } },
    },
    { field: 'title', width: 220 },
    { field: 'status', label: f('agreementStatus'), type: 'code', options: AGREEMENT_STATUS, width: 80 },
    { field: 'approvalStatus', type: 'code', codeGroup: 'APPROVAL_STATUS', width: 90 },
    { field: 'compNameKr', label: f('supplier'), width: 160 },
    { field: 'currency', type: 'code', codeGroup: 'CURRENCY', width: 70 },
    { field: 'ceilingAmount', type: 'money', currencyField: 'currency', width: 130 },
    { field: 'orderedAmount', type: 'money', currencyField: 'currency', width: 130 },
    { field: 'callOffPolicy', type: 'code', options: AGREEMENT_POLICY, width: 100 },
    { field: 'validFrom', type: 'date', width: 100 },
    { field: 'validTo', type: 'date', width: 100 },
    { field: 'lineCount', type: 'number', width: 70 },
    { field: 'buyerName', label: f('buyer'), width: 90 },
    { field: 'sourceNo', width: 130 },
    { field: 'updatedAt', type: 'datetime', width: 140 },
  ],
  rowOpen: { screen: 'purchaseOrder.agreementEdit', query: { agreementNo: 'row.agreementNo' } },
  actions: [
    {
      kind: 'open',
      id: 'create',
      label: t('a.createAgreement'),
      screen: 'purchaseOrder.agreementEdit',
      requires: 'write',
      variant: 'primary',
    },
    {
      kind: 'navigate',
      id: 'consumption',
      label: t('a.consumption'),
      route: '/AgreementConsumption',
    },
    { kind: 'exportExcel', fileName: t('file.agreements') },
  ],
});
