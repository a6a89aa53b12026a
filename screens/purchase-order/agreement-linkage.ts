import type { EditScreenDef } from '../../engine/define';
import { COMPARE_BASIS, PROPOSAL_STATUS, s, sf } from '../subcontracting/labels';
import { answerSection, saveAnswerAction } from '../subcontracting/linkage-answer';
import { can } from './order-actions';

/**
 * The agreement's 납품대금 연동 answer (상생협력법 §21; docs/subcontracting.md "납품대금 연동") on /AgreementEdit: 연동
 * with its clause, or 미연동 with the legal exception and the reason — editable while the agreement is a draft, as
 * the rest of it is, and stored by its own call (setAgreementLinkage), which the agreement's save does not send.
 * The section is the one the e-contract's screens show too (subcontracting/linkage-answer.ts).
 */
type ActionDef = NonNullable<EditScreenDef['actions']>[number];

/** The section on staff's /AgreementEdit (`staff`) or, read only and once answered, the supplier's /CyberAgreementEdit. */
export const linkageSection = (side: 'staff' | 'supplier') =>
  answerSection(
    side === 'staff'
      ? { side, visible: "mode == 'update'", subconHelp: s('h.agreementSubcon') }
      : { side, visible: '!empty(form.linkageKind)' },
  );

/** Stores the answer as the form shows it; the agreement is read again (its version moved). */
export const LINKAGE_ACTION: ActionDef = saveAnswerAction({
  operation: 'setAgreementLinkage',
  path: { agreementNo: 'form.agreementNo' },
  visible: `${can('update')} && !empty(form.linkageKind)`,
  success: s('done.linkage'),
});

/* ------------------------------ 연동 조정 제안 ------------------------------ */

type DetailDef = NonNullable<EditScreenDef['details']>[number];

const OPEN = '!empty(form.openLinkageProposalNo)';

/**
 * The agreement's 연동 조정 제안 (the daily job's, docs/subcontracting.md "연동 조정 제안"): each with the formula's
 * numbers, and their lines' current and proposed prices — on staff's /AgreementEdit and, read only, the supplier's
 * /CyberAgreementEdit. Shown once there is one.
 */
export const PROPOSAL_DETAILS: DetailDef[] = [
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

const DECISION_PARAMS = {
  path: { agreementNo: 'form.agreementNo', proposalNo: 'form.openLinkageProposalNo' },
  body: { version: 'form.version', proposalVersion: 'form.openLinkageProposalVersion' },
};

/**
 * 수락 (a 변경계약: the proposed prices from its effective day) and 반려 (with a reason) of the proposal awaiting a
 * decision — at most one at a time; the server's `decideLinkage` says the caller may.
 */
export const PROPOSAL_ACTIONS: ActionDef[] = [
  {
    kind: 'workflow',
    id: 'acceptLinkageProposal',
    label: s('a.acceptProposal'),
    operation: 'acceptLinkageProposal',
    visible: `${OPEN} && ${can('decideLinkage')}`,
    variant: 'primary',
    confirm: s('confirm.acceptProposal'),
    success: s('done.proposalAccepted'),
    params: DECISION_PARAMS,
    then: ['reloadRecord'],
  },
  {
    kind: 'workflow',
    id: 'rejectLinkageProposal',
    label: s('a.rejectProposal'),
    operation: 'rejectLinkageProposal',
    visible: `${OPEN} && ${can('decideLinkage')}`,
    variant: 'danger',
    success: s('done.proposalRejected'),
    prompt: {
      title: s('p.rejectProposalTitle'),
      message: s('p.rejectProposalMessage'),
      fields: [
        { field: 'reason', label: sf('rejectReason'), widget: 'textarea', rows: 3, maxLength: 500, required: true },
      ],
    },
    params: { ...DECISION_PARAMS, body: { ...DECISION_PARAMS.body, reason: 'input.reason' } },
    then: ['reloadRecord'],
  },
];
