import { defineEditScreen } from '../../engine/define';
import { f, contractStatus, totalStatus } from './labels';

/** /business/evaManage/purContCompMngDetail — one yearly contract: its terms (write), and the supplier's evaluations across periods. */
export default defineEditScreen({
  id: 'evaluation.purContCompMngDetail',
  route: '/business/evaManage/purContCompMngDetail',
  menu: '/business/evaManage/purContCompMngList',
  title: 'screen.evaluation.purContCompMngDetail.title',
  labels: 'screen.evaluation.f',
  key: ['contractNo'],
  load: { operation: 'getPurContract', params: { path: { contractNo: 'query.contractNo' } } },
  sections: [
    {
      columns: 4,
      fields: [
        { field: 'contractNo', readOnly: true, visible: "mode == 'update'" },
        { field: 'compNo', widget: 'company', required: true },
        { field: 'contractYear', type: 'integer', required: true },
        {
          field: 'status',
          label: f('contractStatus'),
          widget: 'select',
          options: contractStatus,
          default: 'ACTIVE',
          emptyOption: 'none',
        },
        { field: 'title', label: f('contractTitle'), required: true, maxLength: 200, span: 2 },
        { field: 'sgCode', label: f('targetSgCode'), maxLength: 20 },
        { field: 'amountLimit', mask: 'numComma', maxLength: 18 },
        { field: 'startDate', widget: 'date', required: true },
        { field: 'endDate', widget: 'date', required: true },
        { field: 'paymentTerms', required: true, maxLength: 200, span: 2 },
        { field: 'deliveryTerms', maxLength: 200, span: 2 },
        { field: 'remark', widget: 'textarea', rows: 2, maxLength: 1000, span: 2 },
        { field: 'grade', readOnly: true, visible: "mode == 'update'" },
        { field: 'gradePeriod', readOnly: true, visible: "mode == 'update'" },
      ],
    },
  ],
  details: [
    {
      id: 'history',
      title: 'screen.evaluation.purContCompMngDetail.history',
      rowKey: 'periodName',
      canAdd: false,
      canDelete: false,
      visible: "mode == 'update'",
      visibleRows: 4,
      columns: [
        { field: 'periodName', label: f('period'), width: 200 },
        { field: 'totalScore', type: 'number', width: 90 },
        { field: 'grade', width: 60 },
        { field: 'status', label: f('totalStatus'), type: 'code', options: totalStatus, width: 80 },
        { field: 'published', width: 70 },
      ],
    },
  ],
  actions: [
    { kind: 'back', requires: 'read' },
    { kind: 'save', operation: 'createPurContract', updateOperation: 'updatePurContract', variant: 'primary' },
  ],
});
