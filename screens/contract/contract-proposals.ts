import { s, sf } from '../subcontracting/labels';
import { proposalActions, proposalDetails } from '../subcontracting/linkage-proposals';

/**
 * An executed contract's 연동 조정 제안 (docs/subcontracting.md "연동 조정 제안 on e-contracts"): the agreement's grids
 * with the amendment an accepted proposal drew up — on staff's /contract/contractDetail and, read only, the
 * supplier's /contract/contractSign — and 수락 (an amendment of the contract at the proposed prices, a draft to be
 * approved and signed) and 반려 for staff who may amend the contract (the server's `mayDecideLinkage`).
 */
export const CONTRACT_PROPOSAL_DETAILS = proposalDetails([
  { field: 'amendmentNo', label: sf('amendmentNo'), width: 130 },
]);

export const CONTRACT_PROPOSAL_ACTIONS = proposalActions({
  operations: { accept: 'acceptContractLinkageProposal', reject: 'rejectContractLinkageProposal' },
  path: { econtractNo: 'form.contractNo' },
  mayDecide: 'form.mayDecideLinkage',
  acceptConfirm: s('confirm.acceptContractProposal'),
  accepted: s('done.contractProposalAccepted'),
});
