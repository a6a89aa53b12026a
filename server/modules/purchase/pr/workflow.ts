/**
 * Purchase request (구매요청) lifecycle, DESIGN §6:
 * draft → in approval → approved → received by purchasing → quotation requested → ordered;
 * rejected (by an approver or by purchasing; the requester may revise and submit again) and
 * cancelled. Pure data and functions.
 */
import { actionsFrom, type Machine } from '../../../domain/machine.js';

export const PR_STATUSES = [
  'DRAFT',
  'IN_APPROVAL',
  'APPROVED',
  'RECEIVED',
  'QUOT_REQUESTED',
  'ORDERED',
  'REJECTED',
  'CANCELLED',
] as const;
export type PrStatus = (typeof PR_STATUSES)[number];

export type PrAction =
  'update' | 'submit' | 'cancel' | 'approve' | 'reject' | 'receive' | 'return' | 'requestQuote' | 'reopen' | 'order';

export const PR_MACHINE: Machine<PrStatus, PrAction> = {
  name: '구매요청',
  statuses: PR_STATUSES,
  statusLabels: {
    DRAFT: '작성중',
    IN_APPROVAL: '결재중',
    APPROVED: '결재완료',
    RECEIVED: '구매접수',
    QUOT_REQUESTED: '견적요청',
    ORDERED: '발주완료',
    REJECTED: '반려',
    CANCELLED: '취소',
  },
  actionLabels: {
    update: '수정',
    submit: '결재상신',
    cancel: '취소',
    approve: '승인',
    reject: '반려',
    receive: '접수',
    return: '접수반려',
    requestQuote: '견적요청',
    reopen: '견적요청 취소',
    order: '발주',
  },
  transitions: {
    update: { from: ['DRAFT', 'REJECTED'], to: 'same' },
    submit: { from: ['DRAFT', 'REJECTED'], to: 'IN_APPROVAL' },
    cancel: { from: ['DRAFT', 'REJECTED', 'IN_APPROVAL', 'APPROVED'], to: 'CANCELLED' },
    approve: { from: ['IN_APPROVAL'], to: 'APPROVED' },
    reject: { from: ['IN_APPROVAL'], to: 'REJECTED' },
    receive: { from: ['APPROVED'], to: 'RECEIVED' },
    return: { from: ['APPROVED', 'RECEIVED'], to: 'REJECTED' },
    requestQuote: { from: ['RECEIVED'], to: 'QUOT_REQUESTED' },
    reopen: { from: ['QUOT_REQUESTED'], to: 'RECEIVED' },
    // A received PR is ordered directly by a call-off of a framework agreement (docs/agreements.md).
    order: { from: ['RECEIVED', 'QUOT_REQUESTED'], to: 'ORDERED' },
  },
};

/** A PR a call-off may order: the machine's `order` (RECEIVED, QUOT_REQUESTED), and an ORDERED one's lines left to order. */
export const CALL_OFF_PR_STATUSES: readonly string[] = [...PR_MACHINE.transitions.order.from, 'ORDERED'];

/** Who the caller is to this PR; decides which of the allowed actions are theirs. */
export interface PrRole {
  isRequester: boolean;
  /** Holds write on the PR receipt screen (/prConfirmEdit). */
  canPurchase: boolean;
  isBuyer: boolean;
  isManager: boolean;
  canWritePr: boolean;
}

/** The actions the caller may take now (the buttons a screen shows); approval is on the approval itself. */
export function prActionsFor(status: string, role: PrRole): PrAction[] {
  return actionsFrom(PR_MACHINE, status).filter((a) => {
    switch (a) {
      case 'update':
      case 'submit':
      case 'cancel':
        return role.isRequester && role.canWritePr;
      case 'receive':
        return role.canPurchase;
      case 'return':
        return role.canPurchase && (status === 'APPROVED' || role.isBuyer || role.isManager);
      case 'requestQuote':
        return role.canPurchase && (role.isBuyer || role.isManager);
      default:
        return false;
    }
  });
}

/**
 * Which PRs a staff member sees in /prList, by authority group (spec §6 prefill rules): a user
 * (30) their own, user admin 1 (31) their department, user admin 2 (32) their section, everyone
 * else all. Approvers always see what they approve.
 */
export type PrScope =
  { kind: 'all' } | { kind: 'self' } | { kind: 'dept'; deptcd: string } | { kind: 'section'; section: string };

export function prScopeOf(actor: { authGroupId: string; deptcd: string; section: string }): PrScope {
  switch (actor.authGroupId) {
    case '30':
      return { kind: 'self' };
    case '31':
      return { kind: 'dept', deptcd: actor.deptcd };
    case '32':
      return { kind: 'section', section: actor.section };
    default:
      return { kind: 'all' };
  }
}
