import { defineListScreen } from '../../engine/define';

const f = (name: string) => `screen.cyberPurchase.f.${name}`;
const T = 'screen.cyberPurchase.agreementList';
const status = (value: string) => ({ value, text: `screen.cyberPurchase.agreementStatus.${value}` });
const STATUS = ['ACTIVE', 'EXPIRED', 'TERMINATED'].map(status);

/** Framework agreements (단가계약) with my company: validity, ceiling and what was ordered against it. */
export default defineListScreen({
  id: 'cyberPurchase.agreementList',
  route: '/CyberAgreementList',
  portals: ['external', 'internal'],
  title: `${T}.title`,
  labels: 'screen.cyberPurchase.f',
  description: 'The framework agreements of my company (active, expired, terminated); a number opens one.',
  source: { operation: 'listSupplierAgreements', rowKey: 'agreementNo', defaultSort: 'agreementNo:desc' },
  filters: [
    { field: 'agreementNo' },
    { field: 'status', label: f('agreementStatus'), widget: 'multiSelect', options: STATUS },
    { field: 'itemCode' },
  ],
  rememberFilters: true,
  columns: [
    {
      field: 'agreementNo',
      width: 130,
      link: { screen: 'cyberPurchase.agreementEdit', query: { agreementNo: 'row.agreementNo' } },
    },
    { field: 'title', width: 240 },
    { field: 'status', label: f('agreementStatus'), type: 'code', options: STATUS, width: 80, align: 'center' },
    { field: 'currency', type: 'code', codeGroup: 'CURRENCY', width: 70, align: 'center' },
    { field: 'ceilingAmount', type: 'money', currencyField: 'currency', width: 130 },
    { field: 'orderedAmount', type: 'money', currencyField: 'currency', width: 130 },
    { field: 'validFrom', type: 'date', width: 100 },
    { field: 'validTo', type: 'date', width: 100 },
    { field: 'lineCount', type: 'number', width: 70 },
    { field: 'buyerName', width: 90 },
  ],
  rowOpen: { screen: 'cyberPurchase.agreementEdit', query: { agreementNo: 'row.agreementNo' } },
  actions: [{ kind: 'exportExcel', fileName: `${T}.file` }],
});
