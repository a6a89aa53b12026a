import { defineEditScreen } from '../../engine/define';
import { orderCoordinationAction } from '../subcontracting/coordination';
import { answerSection } from '../subcontracting/linkage-answer';
import { CONTRACT_PROPOSAL_DETAILS } from './contract-proposals';
import { changesGrid, eventsGrid, f, headerFields, sourceChangesGrid, stampsGrid, T } from './contract-parts';

const reload = { then: ['reloadRecord' as const], thenOnError: ['reloadRecord' as const] };
const MY_TURN = "form.nextSigner == 'SUPPLIER'";

/**
 * /contract/contractSign (external) — a contract the buyer sent to my company: read it, download the
 * PDF, ask for a one-time code (sent to the signer) and sign with it, or decline with a reason; record
 * the revenue-stamp number (전자수입인지) of my company's share of the stamp duty. A contract holding a 납품대금
 * 연동 answer shows it (subcontracting/linkage-answer.ts), read only.
 */
export default defineEditScreen({
  id: 'contract.contractSign',
  route: '/contract/contractSign',
  portals: ['external'],
  title: `${T}.sign.title`,
  labels: `${T}.field`,
  description: 'The supplier’s contract: read, download, request a one-time code, sign or decline.',
  key: ['contractNo'],
  load: { operation: 'getMyContract', params: { path: { econtractNo: 'query.contractNo' } } },
  confirmLeave: false,
  sections: [
    { title: `${T}.section.contract`, columns: 4, fields: headerFields('external') },
    // The 납품대금 연동 answer the contract states (its PDF prints it too), read only once there is one.
    answerSection({ side: 'supplier', visible: '!empty(form.linkageKind)', readOnly: true }),
  ],
  details: [changesGrid, sourceChangesGrid, ...CONTRACT_PROPOSAL_DETAILS, eventsGrid, stampsGrid],
  actions: [
    { kind: 'back', requires: 'read' },
    {
      kind: 'open',
      id: 'files',
      label: `${T}.action.download`,
      requires: 'read',
      screen: 'contract.myContractFiles',
      dialog: true,
      query: { contractNo: 'form.contractNo', status: 'form.status' },
    },
    {
      // 열람: my company's signer opens the copy awaiting our signature (records VIEWED; a download
      // does not); the signature needs it first.
      kind: 'open',
      id: 'view',
      label: `${T}.action.view`,
      requires: 'write',
      visible: "form.status in ['SENT', 'PARTLY_SIGNED'] && empty(form.supplierSignedAt)",
      screen: 'contract.myContractFiles',
      dialog: true,
      query: { contractNo: 'form.contractNo', status: 'form.status', view: "'sign'" },
      // Closed after 열람: the contract is read again, which enables 서명.
      then: ['reloadRecord'],
    },
    {
      kind: 'workflow',
      id: 'stamp',
      label: `${T}.action.stamp`,
      operation: 'recordMyContractStamp',
      // The supplier's own share, while it is unpaid (a contract taxed with no supplier share asks nothing).
      visible:
        "form.stampStatus in ['REQUIRED', 'PENDING'] && form.stampSupplierShare != '0' && !some(form.stamps, 'party', 'SUPPLIER')",
      prompt: {
        message: `${T}.prompt.myStamp`,
        fields: [{ field: 'stampNo', label: f('stampNo'), required: true, maxLength: 60 }],
      },
      params: { path: { econtractNo: 'form.contractNo' }, body: { version: 'form.version', stampNo: 'input.stampNo' } },
      success: `${T}.done.stamp`,
      ...reload,
    },
    {
      kind: 'workflow',
      id: 'decline',
      label: `${T}.action.decline`,
      variant: 'danger',
      operation: 'declineMyContract',
      visible: MY_TURN,
      prompt: {
        message: `${T}.prompt.decline`,
        fields: [{ field: 'reason', label: f('reason'), widget: 'textarea', rows: 4, required: true, maxLength: 1000 }],
      },
      params: { path: { econtractNo: 'form.contractNo' }, body: { version: 'form.version', reason: 'input.reason' } },
      success: `${T}.done.decline`,
      ...reload,
    },
    {
      kind: 'workflow',
      id: 'code',
      label: `${T}.action.requestCode`,
      operation: 'requestMyContractSignCode',
      visible: MY_TURN,
      params: { path: { econtractNo: 'form.contractNo' } },
      success: `${T}.done.code`,
    },
    {
      kind: 'workflow',
      id: 'sign',
      label: `${T}.action.sign`,
      variant: 'primary',
      operation: 'signMyContract',
      visible: MY_TURN,
      // Only after my own 열람 of the copy as it is (the server refuses otherwise: CONTRACT_NOT_VIEWED).
      enabled: 'form.viewedByMe',
      disabledReason: [{ when: '!form.viewedByMe', text: `${T}.disabled.viewFirst` }],
      prompt: {
        message: `${T}.prompt.signWithCode`,
        fields: [
          { field: 'code', label: f('code'), required: true, maxLength: 10, pattern: '^\\d{4,10}$' },
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
        body: {
          version: 'form.version',
          documentSha: 'form.documentSha',
          consent: 'input.consent',
          code: 'input.code',
        },
      },
      success: `${T}.done.sign`,
      ...reload,
    },
    // 납품대금 조정협의 on the contract's order (the contract is its written contract); the server decides whether
    // that order may be named (하도급, sent, running) and answers why not.
    orderCoordinationAction({
      poNo: 'sourceNo',
      visible: "form.sourceKind == 'PO' && !empty(form.sourceNo) && form.status == 'EXECUTED'",
      message: 'screen.subcon.p.requestOrderMessage',
    }),
  ],
});
