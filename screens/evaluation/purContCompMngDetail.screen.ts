import { defineEditScreen } from '../../engine/define';
import { f, contractStatus, totalStatus } from './labels';

/** /business/evaManage/purContCompMngDetail — one yearly contract: its terms (write), and the supplier's evaluations across periods. */
export default defineEditScreen({
  id: 'evaluation.purContCompMngDetail',
  route: '/business/evaManage/purContCompMngDetail',
  menu: '/business/evaManage/purContCompMngList',
  title: 'screen.evaluation.purContCompMngDetail.title',
  key: ['contractNo'],
  load: { operation: 'getPurContract', params: { path: { contractNo: 'query.contractNo' } } },
  sections: [
    {
      columns: 4,
      fields: [
        { field: 'contractNo', label: f('contractNo'), readOnly: true, visible: "mode == 'update'" },
        { field: 'compNo', label: f('compNo'), widget: 'company', required: true },
        { field: 'contractYear', label: f('contractYear'), type: 'integer', required: true },
        { field: 'status', label: f('contractStatus'), widget: 'select', options: contractStatus, default: 'ACTIVE', emptyOption: 'none' },
        { field: 'title', label: f('contractTitle'), required: true, maxLength: 200, span: 2 },
        { field: 'sgCode', label: f('targetSgCode'), maxLength: 20 },
        { field: 'amountLimit', label: f('amountLimit'), mask: 'onlynum', maxLength: 18 },
        { field: 'startDate', label: f('startDate'), widget: 'date', required: true },
        { field: 'endDate', label: f('endDate'), widget: 'date', required: true },
        { field: 'paymentTerms', label: f('paymentTerms'), required: true, maxLength: 200, span: 2 },
        { field: 'deliveryTerms', label: f('deliveryTerms'), maxLength: 200, span: 2 },
        { field: 'remark', label: f('remark'), widget: 'textarea', rows: 2, maxLength: 1000, span: 2 },
        { field: 'grade', label: f('grade'), readOnly: true, visible: "mode == 'update'" },
        { field: 'gradePeriod', label: f('gradePeriod'), readOnly: true, visible: "mode == 'update'" },
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
        { field: 'totalScore', label: f('totalScore'), type: 'number', width: 90 },
        { field: 'grade', label: f('grade'), width: 60 },
        { field: 'status', label: f('totalStatus'), type: 'code', options: totalStatus, width: 80 },
        { field: 'published', label: f('published'), width: 70 },
      ],
    },
  ],
  actions: [{ kind: 'back', requires: 'read' }, { kind: 'save', operation: 'createPurContract', updateOperation: 'updatePurContract', variant: 'primary' }],
});
