import type { EditScreenDef } from '../../engine/define';
import { COMPARE_BASIS, PROPOSAL_STATUS, s, sf } from './labels';

/**
 * 연동 조정 제안 (상생협력법 §21; docs/subcontracting.md "연동 조정 제안") as the screens show them: the proposals with
 * the formula's numbers, their lines' current and proposed prices, and the buyer's 수락 and 반려 of the open one —
 * one definition for the agreement's screens (purchase-order/agreement-linkage.ts) and the e-contract's
 * (contract/contractDetail, contract/contractSign). Each document says what its decision calls and who may take it.
 */
type DetailDef = NonNullable<EditScreenDef['details']>[number];
type ActionDef = NonNullable<EditScreenDef['actions']>[number];
type ColumnDef = DetailDef['columns'][number];

const OPEN = '!empty(form.openLinkageProposalNo)';

/** The two grids, shown once there is a proposal; `extra` columns follow the formula's (a contract's amendment). */
export const proposalDetails = (extra: ColumnDef[] = []): DetailDef[] => [
  {
    id: 'linkageProposals',
    title: s('d.linkageProposals'),
    rowKey: 'proposalNo',
    visible: '!empty(form.linkageProposals)',
    canAdd: false,
    canDelete: false,
    visibleRows: 4,
    highlight: "row.status == 'PROPOSED'",
    columns: [
      { field: 'proposalNo', label: sf('proposalNo'), width: 130 },
      { field: 'status', label: sf('proposalStatus'), type: 'code', options: PROPOSAL_STATUS, width: 80 },
      { field: 'compareDate', label: sf('compareDate'), type: 'date', width: 100 },
      { field: 'compareBasis', label: sf('linkageCompareBasis'), type: 'code', options: COMPARE_BASIS, width: 130 },
      { field: 'baseValue', label: sf('baseValue'), type: 'number', width: 110 },
      { field: 'compareValue', label: sf('compareValue'), type: 'number', width: 110 },
      { field: 'changePct', label: sf('changePct'), type: 'number', width: 100 },
      { field: 'sharePct', label: sf('linkageSharePct'), type: 'number', width: 100 },
      { field: 'triggerPct', label: sf('linkageTriggerPct'), type: 'number', width: 110 },
      { field: 'effectiveFrom', label: sf('proposalEffectiveFrom'), type: 'date', width: 100 },
      ...extra,
      { field: 'decidedAt', label: sf('decidedAt'), type: 'datetime', width: 140 },
      { field: 'rejectReason', label: sf('rejectReason'), width: 220 },
    ],
  },
  {
    id: 'linkageProposalLines',
    title: s('d.linkageProposalLines'),
    rowKey: 'lineKey',
    visible: '!empty(form.linkageProposalLines)',
    canAdd: false,
    canDelete: false,
    visibleRows: 4,
    columns: [
      { field: 'proposalNo', label: sf('proposalNo'), width: 130 },
      { field: 'lineNo', label: sf('lineNo'), type: 'number', width: 60 },
      { field: 'itemName', label: sf('itemName'), width: 200 },
      { field: 'currentPrice', label: sf('currentPrice'), type: 'number', width: 120 },
      { field: 'proposedPrice', label: sf('proposedPrice'), type: 'number', width: 120 },
    ],
  },
];

/**
 * 수락 and 반려 of the proposal awaiting a decision (at most one at a time), shown while one is open and `mayDecide`
 * holds. `operations` and `path` name the document's own calls; the body is the document's version and the
 * proposal's; `acceptConfirm` says what accepting does to this document.
 */
export const proposalActions = (o: {
  operations: { accept: string; reject: string };
  path: Record<string, string>;
  mayDecide: string;
  acceptConfirm: string;
  accepted: string;
}): ActionDef[] => {
  const params = {
    path: { ...o.path, proposalNo: 'form.openLinkageProposalNo' },
    body: { version: 'form.version', proposalVersion: 'form.openLinkageProposalVersion' },
  };
  const visible = `${OPEN} && ${o.mayDecide}`;
  return [
    {
      kind: 'workflow',
      id: 'acceptLinkageProposal',
      label: s('a.acceptProposal'),
      operation: o.operations.accept,
      visible,
      variant: 'primary',
      confirm: o.acceptConfirm,
      success: o.accepted,
      params,
      then: ['reloadRecord'],
    },
    {
      kind: 'workflow',
      id: 'rejectLinkageProposal',
      label: s('a.rejectProposal'),
      operation: o.operations.reject,
      visible,
      variant: 'danger',
      success: s('done.proposalRejected'),
      prompt: {
        title: s('p.rejectProposalTitle'),
        message: s('p.rejectProposalMessage'),
        fields: [
          { field: 'reason', label: sf('rejectReason'), widget: 'textarea', rows: 3, maxLength: 500, required: true },
        ],
      },
      params: { ...params, body: { ...params.body, reason: 'input.reason' } },
      then: ['reloadRecord'],
    },
  ];
};
