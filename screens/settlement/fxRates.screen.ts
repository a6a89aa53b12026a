import { defineListScreen } from '../../engine/define';

const f = (name: string) => `screen.settlement.field.${name}`;

/**
 * The monthly JPY rates (KRW per 100 yen), opened from /monthlyCalcAdmin in a dialog. A build
 * takes the month's rate (else the SYSTEM_CONST / JPY_RATE code) and a settlement keeps the rate
 * it was built with: changing a rate affects drafts only when they are rebuilt.
 */
export default defineListScreen({
  id: 'settlement.fxRates',
  title: 'screen.settlement.fxRates.title',
  labels: 'screen.settlement.field',
  menu: '/monthlyCalcAdmin',
  description: 'Monthly JPY rates per 100 yen: list, register a month, change one.',
  source: { operation: 'listFxRates', rowKey: 'period', pageSize: 100 },
  filters: [{ field: 'periods', label: f('period'), widget: 'monthRange', span: 2 }],
  columns: [
    { field: 'currency', width: 70, align: 'center' },
    { field: 'period', type: 'month', width: 90 },
    { field: 'rate', label: f('fxRate'), type: 'number', width: 110 },
    { field: 'perUnits', type: 'number', width: 80 },
    { field: 'updatedBy', width: 100 },
    { field: 'updatedAt', type: 'datetime', width: 140 },
  ],
  selection: 'single',
  actions: [
    {
      kind: 'call',
      id: 'register',
      label: 'screen.settlement.action.fxRegister',
      variant: 'primary',
      operation: 'putFxRate',
      prompt: {
        message: 'screen.settlement.fxRates.registerMessage',
        fields: [
          { field: 'period', widget: 'month', required: true },
          {
            field: 'rate',
            label: f('fxRate'),
            required: true,
            maxLength: 13,
            help: 'screen.settlement.fxRates.rateHelp',
          },
        ],
      },
      params: { path: { currency: "'JPY'", period: 'input.period' }, body: { rate: 'input.rate' } },
    },
    {
      kind: 'call',
      id: 'change',
      label: 'screen.settlement.action.fxChange',
      operation: 'putFxRate',
      selection: 'single',
      prompt: {
        message: 'screen.settlement.fxRates.changeMessage',
        fields: [
          {
            field: 'rate',
            label: f('fxRate'),
            required: true,
            maxLength: 13,
            help: 'screen.settlement.fxRates.rateHelp',
          },
        ],
      },
      params: {
        path: { currency: "'JPY'", period: 'row.period' },
        body: { rate: 'input.rate', version: 'row.version' },
      },
    },
    { kind: 'exportExcel', fileName: 'screen.settlement.fxRates.file' },
  ],
});
