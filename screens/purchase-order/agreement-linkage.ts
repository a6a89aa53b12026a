import type { EditScreenDef } from '../../engine/define';
import { s } from '../subcontracting/labels';
import { proposalActions, proposalDetails } from '../subcontracting/linkage-proposals';
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

/**
 * The agreement's 연동 조정 제안 (the daily job's, docs/subcontracting.md "연동 조정 제안"): each with the formula's
 * numbers, and their lines' current and proposed prices — on staff's /AgreementEdit and, read only, the supplier's
 * /CyberAgreementEdit. Shown once there is one (the grids are the e-contract's too: subcontracting/linkage-proposals.ts).
 */
export const PROPOSAL_DETAILS = proposalDetails();

/**
 * 수락 (a 변경계약: the proposed prices from its effective day) and 반려 (with a reason) of the proposal awaiting a
 * decision — at most one at a time; the server's `decideLinkage` says the caller may.
 */
export const PROPOSAL_ACTIONS: ActionDef[] = proposalActions({
  operations: { accept: 'acceptLinkageProposal', reject: 'rejectLinkageProposal' },
  path: { agreementNo: 'form.agreementNo' },
  mayDecide: can('decideLinkage'),
  acceptConfirm: s('confirm.acceptProposal'),
  accepted: s('done.proposalAccepted'),
});
