import { defineDashboard } from '../../engine/define';

const F = (name: string) => `screen.suppliers.field.${name}`;
const T = (name: string) => `screen.suppliers.${name}`;

const METRICS = [
  'compName',
  'status',
  'statusReason',
  'forwardYn',
  'openRfqs',
  'openPos',
  'onTimeRate',
  'disputes',
  'users',
  'latestGrade',
].map((value) => ({
  value,
  text: `option.suppliers.metric.${value}`,
}));

/**
 * /compStatusView?compNo=C00001 — one supplier at a glance: its figures (status and reason, open
 * RFQs and POs, on-time delivery rate, settlement disputes, users, latest evaluation grade), the
 * orders placed with it by month (a bar chart), its status change history and its portal users.
 */
export default defineDashboard({
  id: 'suppliers.compStatusView',
  route: '/compStatusView',
  title: 'screen.suppliers.compStatusView',
  labels: 'screen.suppliers.field',
  columns: 2,
  panels: [
    {
      id: 'figures',
      title: T('figures'),
      type: 'table',
      height: 330,
      source: { operation: 'getSupplierOverview', params: { path: { compNo: 'query.compNo' } } },
      columns: [
        { field: 'metric', type: 'code', options: METRICS, width: 160 },
        { field: 'value', width: 300 },
      ],
    },
    {
      id: 'spend',
      title: T('spendByMonth'),
      type: 'bar',
      height: 330,
      source: { operation: 'listSupplierSpend', params: { path: { compNo: 'query.compNo' } } },
      x: 'month',
      series: [{ field: 'amountKrw' }],
    },
    {
      id: 'statusHistory',
      title: T('statusHistory'),
      type: 'table',
      span: 2,
      height: 200,
      source: {
        operation: 'listSupplierStatusRequests',
        params: { query: { compNo: 'query.compNo', sort: "'requestedAt:desc'" } },
      },
      columns: [
        { field: 'reqNo', width: 130 },
        { field: 'fromStatus', type: 'code', codeGroup: 'COMP_STATUS', width: 90 },
        { field: 'toStatus', type: 'code', codeGroup: 'COMP_STATUS', width: 90 },
        {
          field: 'status',
          label: F('requestStatus'),
          type: 'code',
          options: ['REQUESTED', 'APPROVED', 'REJECTED', 'WITHDRAWN'].map((value) => ({
            value,
            text: `option.suppliers.requestStatus.${value}`,
          })),
          width: 90,
        },
        { field: 'reason', width: 260 },
        { field: 'requestedAt', type: 'datetime', width: 140 },
        { field: 'decidedAt', type: 'datetime', width: 140 },
      ],
    },
    {
      id: 'users',
      title: T('users'),
      type: 'table',
      span: 2,
      height: 200,
      source: { operation: 'listSupplierUsersOf', params: { path: { compNo: 'query.compNo' } } },
      columns: [
        { field: 'userId', width: 120 },
        { field: 'hname', width: 100 },
        { field: 'authGroupId', width: 80 },
        { field: 'email', width: 200 },
        { field: 'useFlag', type: 'code', codeGroup: 'USE_YN', width: 80 },
        { field: 'locked', type: 'code', codeGroup: 'YN', width: 70 },
        { field: 'lastLoginAt', type: 'datetime', width: 140 },
      ],
    },
  ],
});
