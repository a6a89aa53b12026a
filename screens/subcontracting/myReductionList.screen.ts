import { defineListScreen } from '../../engine/define';
import { REDUCTION_STATUS, s } from './labels';

/**
 * /myReductionList (external) — the 감액 서면 the buyer put to my company (하도급법 §11, docs/subcontracting.md): a
 * reduction of a 하도급 settlement counts only once we acknowledge its 서면. Open one to read and acknowledge it.
 */
export default defineListScreen({
  id: 'subcontracting.myReductionList',
  route: '/myReductionList',
  portals: ['external'],
  title: s('myReductionList.title'),
  labels: 'screen.subcon.f',
  description: 'The supplier’s 감액 서면: open one to acknowledge it.',
  source: { operation: 'listMyReductions', rowKey: 'reductionNo' },
  filters: [{ field: 'status', label: s('f.reductionStatus'), widget: 'select', options: REDUCTION_STATUS }],
  rememberFilters: true,
  columns: [
    {
      field: 'reductionNo',
      width: 130,
      link: { screen: 'subcontracting.myReductionDetail', query: { reductionNo: 'row.reductionNo' } },
    },
    { field: 'settleNo', width: 130 },
    { field: 'amount', label: s('f.reductionAmount'), type: 'money', currency: 'KRW', width: 120 },
    { field: 'reason', label: s('f.reductionReason'), width: 320 },
    { field: 'status', label: s('f.reductionStatus'), type: 'code', options: REDUCTION_STATUS, width: 100 },
    { field: 'createdAt', type: 'datetime', width: 130 },
    { field: 'acknowledgedAt', type: 'datetime', width: 130 },
  ],
  selection: 'single',
  rowOpen: { screen: 'subcontracting.myReductionDetail', query: { reductionNo: 'row.reductionNo' } },
  actions: [{ kind: 'exportExcel', fileName: s('myReductionList.file') }],
});
