import { defineEditScreen } from '../../engine/define';
import { s as subcon } from '../subcontracting/labels';
import { answerSection, saveAnswerAction } from '../subcontracting/linkage-answer';
import { CONTRACT_PROPOSAL_ACTIONS, CONTRACT_PROPOSAL_DETAILS } from './contract-proposals';
import { changesGrid, eventsGrid, f, headerFields, sourceChangesGrid, stampsGrid, T } from './contract-parts';

const reason = {
  field: 'reason',
  label: f('reason'),
  widget: 'textarea' as const,
  rows: 4,
  required: true,
  maxLength: 1000,
};
const DRAFT = "form.status == 'DRAFT'";
const reload = { then: ['reloadRecord' as const], thenOnError: ['reloadRecord' as const] };
const approvalPending = "form.status == 'IN_APPROVAL' && form.approvalStatus in ['PENDING', 'IN_PROGRESS']";
/** On the approval line; the server decides whether it is this approver's step. */
const myApproval = `${approvalPending} && some(form.approvalSteps, 'approverId', login.singleid)`;
const decision = (comment: { required: boolean }) => ({
  fields: [
    {
      field: 'comment',
      label: f(comment.required ? 'rejectComment' : 'approveComment'),
      widget: 'textarea' as const,
      rows: 3,
      maxLength: 500,
      required: comment.required,
    },
  ],
});

/**
 * /contract/contractDetail — one electronic contract: header, variables, signers, stamps and the
 * hash-chained event log. Its actions follow the lifecycle (docs/contracts.md): 결재상신 of a draft,
 * the buyer's signature when it is the buyer's turn, 서명 거절 and 취소 with a reason, 인지세 납부
 * 기록, and the PDF's download (a dialog: the engine's calls read JSON, the answer is a file). A draft takes its
 * 납품대금 연동 answer (subcontracting/linkage-answer.ts, the section /AgreementEdit shows), which a contract of a
 * 하도급 order needs before 결재상신; saving it draws the draft's PDF again.
 */
export default defineEditScreen({
  id: 'contract.contractDetail',
  route: '/contract/contractDetail',
  portals: ['internal'],
  title: `${T}.detail.title`,
  labels: `${T}.field`,
  description: 'One contract: header, signers, events; submit, sign, decline, cancel, record stamp duty, download.',
  key: ['contractNo'],
  load: { operation: 'getContract', params: { path: { econtractNo: 'query.contractNo' } } },
  confirmLeave: false,
  sections: [
    {
      title: `${T}.section.contract`,
      columns: 4,
      fields: [
        ...headerFields('internal'),
        // The approval the contract is in: its version to decide with, and its approvers.
        {
          field: 'approvalVersion',
          visible: 'false',
          valueFrom: {
            operation: 'getApproval',
            params: { path: { approvalId: 'form.approvalId' } },
            value: 'version',
          },
        },
        {
          field: 'approvalSteps',
          visible: 'false',
          valueFrom: { operation: 'getApproval', params: { path: { approvalId: 'form.approvalId' } }, value: 'steps' },
        },
      ],
    },
    answerSection({
      side: 'staff',
      // Shown on a draft, and on any contract that states an answer (read only past the draft: it was signed so).
      visible: `${DRAFT} || !empty(form.linkageKind)`,
      subconHelp: subcon('h.contractSubcon'),
      readOnly: `!(${DRAFT})`,
      showOrigin: true,
    }),
  ],
  details: [changesGrid, sourceChangesGrid, ...CONTRACT_PROPOSAL_DETAILS, eventsGrid, stampsGrid],
  actions: [
    { kind: 'back', requires: 'read' },
    {
      kind: 'open',
      id: 'files',
      label: `${T}.action.download`,
      requires: 'read',
      screen: 'contract.contractFiles',
      dialog: true,
      query: { contractNo: 'form.contractNo', status: 'form.status' },
    },
    {
      // 열람: the named signer opens the copy awaiting its signature — the one step that records
      // VIEWED (a download does not); the signature needs it first.
      kind: 'open',
      id: 'view',
      label: `${T}.action.view`,
      requires: 'write',
      visible: "form.status in ['SENT', 'PARTLY_SIGNED'] && empty(form.buyerSignedAt)",
      screen: 'contract.contractFiles',
      dialog: true,
      query: { contractNo: 'form.contractNo', status: 'form.status', view: "'sign'" },
      // Closed after 열람: the contract is read again, which enables 서명.
      then: ['reloadRecord'],
    },
    {
      kind: 'navigate',
      id: 'original',
      label: `${T}.action.original`,
      requires: 'read',
      visible: '!empty(form.amendsContractNo)',
      route: '/contract/contractDetail',
      query: { contractNo: 'form.amendsContractNo' },
    },
    {
      kind: 'navigate',
      id: 'amend',
      label: `${T}.action.amend`,
      requires: 'write',
      visible: "form.status == 'EXECUTED'",
      route: '/contract/contractCreate',
      query: { amends: 'form.contractNo' },
    },
    {
      kind: 'workflow',
      id: 'reject',
      label: `${T}.action.reject`,
      variant: 'danger',
      operation: 'rejectApproval',
      visible: myApproval,
      prompt: { message: `${T}.prompt.reject`, ...decision({ required: true }) },
      params: {
        path: { approvalId: 'form.approvalId' },
        body: { version: 'form.approvalVersion', comment: 'input.comment' },
      },
      success: `${T}.done.reject`,
      ...reload,
    },
    {
      kind: 'workflow',
      id: 'approve',
      label: `${T}.action.approve`,
      variant: 'primary',
      operation: 'approveApproval',
      visible: myApproval,
      prompt: { message: `${T}.prompt.approve`, ...decision({ required: false }) },
      params: {
        path: { approvalId: 'form.approvalId' },
        body: { version: 'form.approvalVersion', comment: 'input.comment' },
      },
      success: `${T}.done.approve`,
      ...reload,
    },
    {
      kind: 'workflow',
      id: 'stamp',
      label: `${T}.action.stamp`,
      operation: 'recordContractStamp',
      // The company's own share only (the supplier records its own), while it is unpaid.
      visible:
        "form.stampStatus in ['REQUIRED', 'PENDING'] && form.stampBuyerShare != '0' && !some(form.stamps, 'party', 'BUYER')",
      prompt: {
        message: `${T}.prompt.stamp`,
        fields: [{ field: 'stampNo', label: f('stampNo'), required: true, maxLength: 60 }],
      },
      params: {
        path: { econtractNo: 'form.contractNo' },
        body: { version: 'form.version', party: "'BUYER'", stampNo: 'input.stampNo' },
      },
      success: `${T}.done.stamp`,
      ...reload,
    },
    {
      kind: 'workflow',
      id: 'cancel',
      label: `${T}.action.cancel`,
      variant: 'danger',
      operation: 'cancelContract',
      visible: "form.status in ['DRAFT', 'SENT', 'PARTLY_SIGNED']",
      prompt: { message: `${T}.prompt.cancel`, fields: [reason] },
      params: { path: { econtractNo: 'form.contractNo' }, body: { version: 'form.version', reason: 'input.reason' } },
      success: `${T}.done.cancel`,
      ...reload,
    },
    {
      kind: 'workflow',
      id: 'decline',
      label: `${T}.action.decline`,
      variant: 'danger',
      operation: 'declineContract',
      visible: "form.nextSigner == 'BUYER'",
      prompt: { message: `${T}.prompt.decline`, fields: [reason] },
      params: { path: { econtractNo: 'form.contractNo' }, body: { version: 'form.version', reason: 'input.reason' } },
      success: `${T}.done.decline`,
      ...reload,
    },
    {
      kind: 'workflow',
      id: 'sign',
      label: `${T}.action.sign`,
      variant: 'primary',
      operation: 'signContract',
      visible: "form.nextSigner == 'BUYER'",
      // Only after the signer's own 열람 of the copy as it is (the server refuses otherwise: CONTRACT_NOT_VIEWED).
      enabled: 'form.viewedByMe',
      disabledReason: [{ when: '!form.viewedByMe', text: `${T}.disabled.viewFirst` }],
      prompt: {
        message: `${T}.prompt.sign`,
        fields: [
          {
            field: 'consent',
            label: f('consent'),
            widget: 'checkbox',
            type: 'boolean',
            default: false,
            required: true,
          },
        ],
      },
      params: {
        path: { econtractNo: 'form.contractNo' },
        body: { version: 'form.version', documentSha: 'form.documentSha', consent: 'input.consent' },
      },
      success: `${T}.done.sign`,
      ...reload,
    },
    ...CONTRACT_PROPOSAL_ACTIONS,
    saveAnswerAction({
      operation: 'setContractLinkage',
      path: { econtractNo: 'form.contractNo' },
      visible: `${DRAFT} && !empty(form.linkageKind)`,
      success: subcon('done.contractLinkage'),
    }),
    {
      kind: 'workflow',
      id: 'submit',
      label: `${T}.action.submit`,
      variant: 'primary',
      operation: 'submitContract',
      visible: DRAFT,
      confirm: `${T}.confirm.submit`,
      params: { path: { econtractNo: 'form.contractNo' }, body: { version: 'form.version' } },
      success: `${T}.done.submit`,
      ...reload,
    },
  ],
});
