import type { ListScreenDef } from '../../engine/define';

const F = (n: string) => `screen.items.field.${n}`;
const PROPOSAL_STATUS = ['SUBMITTED', 'APPROVED', 'REJECTED', 'WITHDRAWN'].map((v) => ({
  value: v,
  text: `option.itemProposal.${v}`,
}));
const PROPOSAL_KIND = ['PRICE', 'NEW'].map((v) => ({ value: v, text: `option.itemProposalKind.${v}` }));

export const PROPOSAL_FILTERS = [
  { field: 'status' as const, label: F('proposalStatus'), widget: 'select', options: PROPOSAL_STATUS },
  { field: 'kind' as const, label: F('kind'), widget: 'select', options: PROPOSAL_KIND },
  { field: 'itemName' as const, label: F('itemName') },
  { field: 'itemCode' as const, label: F('itemCode') },
] satisfies NonNullable<ListScreenDef['filters']>;

export const PROPOSAL_COLUMNS = [
  { field: 'proposalNo' as const, label: F('proposalNo'), width: 130 },
  { field: 'kind' as const, label: F('kind'), type: 'code', options: PROPOSAL_KIND, width: 80 },
  { field: 'itemCode' as const, label: F('itemCode'), width: 120 },
  { field: 'itemName' as const, label: F('itemName'), width: 160 },
  { field: 'spec' as const, label: F('spec'), width: 140 },
  {
    field: 'currentPrice' as const,
    label: F('currentPrice'),
    type: 'money',
    currencyField: 'currency' as const,
    width: 100,
  },
  {
    field: 'proposedPrice' as const,
    label: F('proposedPrice'),
    type: 'money',
    currencyField: 'currency' as const,
    width: 100,
  },
  { field: 'changeRate' as const, label: F('changeRate'), width: 70 },
  { field: 'validFrom' as const, label: F('validFrom'), type: 'date', width: 100 },
  { field: 'status' as const, label: F('proposalStatus'), type: 'code', options: PROPOSAL_STATUS, width: 80 },
  { field: 'effectiveDate' as const, label: F('effectiveDate'), type: 'date', width: 100 },
  { field: 'createdAt' as const, label: F('createdAt'), type: 'datetime', width: 140 },
] satisfies ListScreenDef['columns'];

type EditDef = import('../../engine/define').EditScreenDef;

/** The proposal as both portals show it (read-only; the actions differ). */
export const PROPOSAL_SECTIONS: EditDef['sections'] = [
  {
    columns: 3,
    fields: [
      { field: 'proposalNo', label: F('proposalNo'), readOnly: 'true' },
      { field: 'status', label: F('proposalStatus'), widget: 'select', options: PROPOSAL_STATUS, readOnly: 'true' },
      { field: 'kind', label: F('kind'), widget: 'select', options: PROPOSAL_KIND, readOnly: 'true' },
      { field: 'compNameKr', label: F('compNameKr'), readOnly: 'true' },
      { field: 'itemCode', label: F('itemCode'), readOnly: 'true' },
      { field: 'itemName', label: F('itemName'), readOnly: 'true' },
      { field: 'spec', label: F('spec'), readOnly: 'true' },
      { field: 'catName', label: F('catName'), readOnly: 'true' },
      { field: 'unitCode', label: F('unitCode'), readOnly: 'true' },
      { field: 'currentPrice', label: F('currentPrice'), widget: 'money', readOnly: 'true' },
      { field: 'proposedPrice', label: F('proposedPrice'), widget: 'money', readOnly: 'true' },
      { field: 'currency', label: F('currency'), readOnly: 'true' },
      { field: 'changeRate', label: F('changeRate'), readOnly: 'true' },
      { field: 'validFrom', label: F('validFrom'), readOnly: 'true' },
      { field: 'effectiveDate', label: F('effectiveDate'), readOnly: 'true' },
      { field: 'reason', label: F('reason'), widget: 'textarea', rows: 3, readOnly: 'true', span: 3 },
      {
        field: 'rejectReason',
        label: F('rejectReason'),
        readOnly: 'true',
        span: 3,
        visible: '!empty(form.rejectReason)',
      },
      { field: 'createdAt', label: F('createdAt'), widget: 'datetime', readOnly: 'true' },
      { field: 'reviewedAt', label: F('reviewedAt'), widget: 'datetime', readOnly: 'true' },
    ],
  },
];
