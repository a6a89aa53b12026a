import { defineDashboard } from '../../engine/define';

const F = (name: string) => `screen.suppliers.field.${name}`;
const T = (name: string) => `screen.suppliers.${name}`;

const METRICS = ['compName', 'status', 'statusReason', 'forwardYn', 'openRfqs', 'openPos', 'onTimeRate', 'disputes', 'users', 'latestGrade'].map((value) => ({
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
  columns: 2,
  panels: [
    {
      id: 'figures',
      title: T('figures'),
      type: 'table',
      height: 330,
      source: { operation: 'getSupplierOverview', params: { path: { compNo: 'query.compNo' } } },
      columns: [
        { field: 'metric', label: F('metric'), type: 'code', options: METRICS, width: 160 },
        { field: 'value', label: F('value'), width: 300 },
      ],
    },
    {
      id: 'spend',
      title: T('spendByMonth'),
      type: 'bar',
      height: 330,
      source: { operation: 'listSupplierSpend', params: { path: { compNo: 'query.compNo' } } },
      x: 'month',
      series: [{ field: 'amountKrw', label: F('amountKrw') }],
    },
    {
      id: 'statusHistory',
      title: T('statusHistory'),
      type: 'table',
      span: 2,
      height: 200,
      source: { operation: 'listSupplierStatusRequests', params: { query: { compNo: 'query.compNo', sort: "'requestedAt:desc'" } } },
      columns: [
        { field: 'reqNo', label: F('reqNo'), width: 130 },
        { field: 'fromStatus', label: F('fromStatus'), type: 'code', codeGroup: 'COMP_STATUS', width: 90 },
        { field: 'toStatus', label: F('toStatus'), type: 'code', codeGroup: 'COMP_STATUS', width: 90 },
        { field: 'status', label: F('requestStatus'), type: 'code', options: ['REQUESTED', 'APPROVED', 'REJECTED', 'WITHDRAWN'].map((value) => ({ value, text: `option.suppliers.requestStatus.${value}` })), width: 90 },
        { field: 'reason', label: F('reason'), width: 260 },
        { field: 'requestedAt', label: F('requestedAt'), type: 'datetime', width: 140 },
        { field: 'decidedAt', label: F('decidedAt'), type: 'datetime', width: 140 },
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
        { field: 'userId', label: F('userId'), width: 120 },
        { field: 'hname', label: F('hname'), width: 100 },
        { field: 'authGroupId', label: F('authGroupId'), width: 80 },
        { field: 'email', label: F('email'), width: 200 },
        { field: 'useFlag', label: F('useFlag'), type: 'code', codeGroup: 'USE_YN', width: 80 },
        { field: 'locked', label: F('locked'), type: 'code', codeGroup: 'YN', width: 70 },
        { field: 'lastLoginAt', label: F('lastLoginAt'), type: 'datetime', width: 140 },
      ],
    },
  ],
});
