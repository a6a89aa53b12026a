import { defineEditScreen } from '../../engine/define';
import { REDUCTION_STATUS, s } from './labels';

/**
 * /myReductionDetail (external) — one 감액 서면 put to my company: the settlement, the amount and the reason the
 * buyer gives (하도급법 §11). 확인 acknowledges it, after which the buyer may book the reduction for exactly that
 * amount; until then a 감액 of the settlement is refused. Another company's 서면 is not found.
 */
export default defineEditScreen({
  id: 'subcontracting.myReductionDetail',
  route: '/myReductionDetail',
  portals: ['external'],
  title: s('myReductionDetail.title'),
  labels: 'screen.subcon.f',
  description: 'One 감액 서면 put to the supplier: read and acknowledge it.',
  key: ['reductionNo'],
  load: { operation: 'getMyReduction', params: { path: { reductionNo: 'query.reductionNo' } } },
  confirmLeave: false,
  readOnly: true,
  sections: [
    {
      columns: 2,
      fields: [
        { field: 'reductionNo', readOnly: true },
        { field: 'settleNo', readOnly: true },
        { field: 'amount', label: s('f.reductionAmount'), mask: 'numComma', readOnly: true },
        {
          field: 'status',
          label: s('f.reductionStatus'),
          widget: 'select',
          options: REDUCTION_STATUS,
          readOnly: true,
        },
        { field: 'reason', label: s('f.reductionReason'), widget: 'textarea', rows: 4, readOnly: true, span: 2 },
        { field: 'createdAt', widget: 'datetime', readOnly: true },
        { field: 'acknowledgedAt', widget: 'datetime', readOnly: true, visible: '!empty(form.acknowledgedAt)' },
        { field: 'adjNo', readOnly: true, visible: '!empty(form.adjNo)' },
      ],
    },
  ],
  actions: [
    { kind: 'back', requires: 'read' },
    {
      kind: 'open',
      id: 'settlement',
      label: s('a.openSettlement'),
      requires: 'read',
      screen: 'settlement.monthlyCalcDetail',
      query: { settleNo: 'form.settleNo' },
    },
    {
      kind: 'workflow',
      id: 'acknowledge',
      label: s('a.acknowledge'),
      variant: 'primary',
      operation: 'acknowledgeReduction',
      visible: "form.status == 'REQUESTED'",
      confirm: s('confirm.acknowledge'),
      params: { path: { reductionNo: 'form.reductionNo' }, body: { version: 'form.version' } },
      success: s('done.acknowledged'),
      then: ['reloadRecord'],
    },
  ],
});
