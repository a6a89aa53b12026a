import { defineDashboard } from '../../engine/define';

/** The engine's dashboard page template on sample data (shown at /template/template4 beside its definition). */
export default defineDashboard({
  id: 'templates.dashboard',
  title: 'screen.templates.kind.dashboard',
  labels: 'screen.templates.field',
  description: 'Dashboard template: a figure, a bar chart, a pie and a table from list operations.',
  columns: 3,
  panels: [
    {
      id: 'count',
      title: 'screen.templates.panel.count',
      type: 'stat',
      source: { operation: 'listTemplateSamples' },
      aggregate: 'total',
    },
    {
      id: 'amounts',
      title: 'screen.templates.panel.amounts',
      type: 'bar',
      span: 2,
      limit: 10,
      source: { operation: 'listTemplateSamples', params: { query: { sort: "'amount:desc'" } } },
      x: 'itemName',
      series: [{ field: 'amount' }],
    },
    {
      id: 'share',
      title: 'screen.templates.panel.share',
      type: 'pie',
      source: { operation: 'listTemplateSamples', params: { query: { size: '5' } } },
      x: 'itemName',
      value: 'quantity',
      limit: 5,
    },
    {
      id: 'table',
      title: 'screen.templates.panel.table',
      type: 'table',
      span: 2,
      limit: 8,
      source: { operation: 'listTemplateSamples' },
      columns: [{ field: 'sampleNo' }, { field: 'itemName' }, { field: 'amount', type: 'money', currency: 'KRW' }],
    },
  ],
});
