import { defineListScreen } from '../../engine/define';
import { RATE_KIND, s, sf } from './labels';

/**
 * /subconRateManage — the Fair Trade Commission's rates a 하도급 payment's 지연이자 (§13⑧), 어음 할인료 (§13⑥) and
 * 어음대체결제 수수료 (§13⑦) are computed at (docs/subcontracting.md): each kind's rows, newest first, the one in
 * force today marked. When the FTC announces a new rate, 이율 추가 adds it from its day; a payment already recorded
 * keeps what it computed.
 */
export default defineListScreen({
  id: 'subcontracting.rateManage',
  route: '/subconRateManage',
  title: s('rateManage.title'),
  labels: 'screen.subcon.f',
  source: { operation: 'listSubconRates', rowKey: 'rateKey' },
  columns: [
    { field: 'rateKind', type: 'code', options: RATE_KIND, width: 170 },
    { field: 'effectiveFrom', type: 'date', width: 110 },
    { field: 'ratePct', type: 'number', width: 90 },
    { field: 'inForce', type: 'checkbox', width: 80 },
    { field: 'source', width: 420 },
    { field: 'updatedByName', width: 100 },
    { field: 'updatedAt', type: 'datetime', width: 140 },
  ],
  actions: [
    {
      kind: 'call',
      id: 'addRate',
      label: s('a.addRate'),
      variant: 'primary',
      operation: 'createSubconRate',
      prompt: {
        title: s('p.rateTitle'),
        message: s('p.rateMessage'),
        columns: 2,
        fields: [
          {
            field: 'rateKind',
            label: sf('rateKind'),
            widget: 'select',
            options: RATE_KIND,
            required: true,
            default: 'LATE_INTEREST',
          },
          { field: 'effectiveFrom', label: sf('effectiveFrom'), widget: 'date', required: true },
          { field: 'ratePct', label: sf('ratePct'), widget: 'number', required: true, help: s('h.ratePct') },
          {
            field: 'source',
            label: sf('source'),
            widget: 'textarea',
            rows: 3,
            required: true,
            maxLength: 300,
            span: 2,
          },
        ],
      },
      params: {
        body: {
          rateKind: 'input.rateKind',
          effectiveFrom: 'input.effectiveFrom',
          ratePct: 'input.ratePct',
          source: 'input.source',
        },
      },
      success: s('done.rate'),
      then: ['reload'],
    },
    { kind: 'exportExcel', fileName: s('rateManage.file') },
  ],
});
