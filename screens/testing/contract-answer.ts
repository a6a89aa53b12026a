import { NO_LINKAGE_ANSWER } from './agreement-answer.js';

/**
 * The fields a contract's answer (getContract, getMyContract) carries about 납품대금 연동 when it has no answer, no
 * 연동 조정 제안 and its order is not 하도급 — for the contract screens' fixtures, which the harness checks against the
 * OpenAPI schema.
 */
export const NO_CONTRACT_LINKAGE = {
  subconKind: null,
  ...NO_LINKAGE_ANSWER,
  linkageCopiedFromKind: null,
  linkageCopiedFromNo: null,
  linkageProposals: [],
  linkageProposalLines: [],
  openLinkageProposalNo: null,
  openLinkageProposalVersion: null,
  mayDecideLinkage: false,
};
