/**
 * Purchase order / order request (발주) lifecycle, DESIGN §6, shared by simple orders:
 * draft → in approval → approved → sent (automatically on approval when the supplier's
 * FORWARD_YN is Y; by the buyer otherwise) → acknowledged → partly delivered → delivered →
 * closed; an approver's rejection returns the draft; changes after sending are recorded and
 * ask the supplier to acknowledge again; cancelled with a reason. Pure data and functions.
 */
import { compareDecimals } from '../../../../lib/money.js';
import { actionsFrom, type Machine } from '../../../domain/machine.js';

export const PO_STATUSES = [
  'DRAFT',
  'IN_APPROVAL',
  'APPROVED',
  'SENT',
  'ACKNOWLEDGED',
  'PARTLY_DELIVERED',
  'DELIVERED',
  'CLOSED',
  'CANCELLED',
] as const;
export type PoStatus = (typeof PO_STATUSES)[number];

export type PoAction = 'update' | 'submit' | 'approve' | 'reject' | 'send' | 'acknowledge' | 'change' | 'cancel';

export const PO_MACHINE: Machine<PoStatus, PoAction> = {
  name: '발주',
  statuses: PO_STATUSES,
  statusLabels: {
    DRAFT: '작성중',
    IN_APPROVAL: '결재중',
    APPROVED: '결재완료',
    SENT: '발주전송',
    ACKNOWLEDGED: '발주확인',
    PARTLY_DELIVERED: '부분납품',
    DELIVERED: '납품완료',
    CLOSED: '종결',
    CANCELLED: '취소',
  },
  actionLabels: {
    update: '수정',
    submit: '결재상신',
    approve: '승인',
    reject: '반려',
    send: '전송',
    acknowledge: '확인',
    change: '변경',
    cancel: '취소',
  },
  transitions: {
    update: { from: ['DRAFT'], to: 'same' },
    submit: { from: ['DRAFT'], to: 'IN_APPROVAL' },
    approve: { from: ['IN_APPROVAL'], to: 'APPROVED' },
    reject: { from: ['IN_APPROVAL'], to: 'DRAFT' },
    send: { from: ['APPROVED'], to: 'SENT' },
    acknowledge: { from: ['SENT'], to: 'ACKNOWLEDGED' },
    change: { from: ['SENT', 'ACKNOWLEDGED', 'PARTLY_DELIVERED'], to: 'same' },
    cancel: { from: ['DRAFT', 'IN_APPROVAL', 'APPROVED', 'SENT', 'ACKNOWLEDGED'], to: 'CANCELLED' },
  },
};

/** The last approval sends the order at once to a supplier whose FORWARD_YN is Y (spec §3, §4). */
export function statusAfterApproval(forwardYn: string): PoStatus {
  return forwardYn === 'Y' ? 'SENT' : 'APPROVED';
}

/** A change to a sent or acknowledged order asks the supplier to acknowledge the new terms. */
export function statusAfterChange(status: PoStatus): PoStatus {
  return status === 'ACKNOWLEDGED' ? 'SENT' : status;
}

/** States a supplier sees: the order has reached it (cancelled ones only if they were sent). */
export const SUPPLIER_VISIBLE: readonly PoStatus[] = [
  'SENT',
  'ACKNOWLEDGED',
  'PARTLY_DELIVERED',
  'DELIVERED',
  'CLOSED',
  'CANCELLED',
];

/** Open orders on the supplier's home page. */
export const SUPPLIER_OPEN: readonly PoStatus[] = ['SENT', 'ACKNOWLEDGED', 'PARTLY_DELIVERED'];

/** A PO may not go above the amount its approval covered. */
export function withinApproval(total: string, approvedAmount: string | null): boolean {
  return approvedAmount === null || compareDecimals(total, approvedAmount) <= 0;
}

export interface PoRole {
  isBuyer: boolean;
  isManager: boolean;
  canWrite: boolean;
}

export function poActionsFor(status: string, role: PoRole, ctx: { delivered: boolean }): PoAction[] {
  return actionsFrom(PO_MACHINE, status).filter((a) => {
    if (a === 'approve' || a === 'reject' || a === 'acknowledge') return false;
    if (a === 'cancel' && ctx.delivered) return false;
    return role.canWrite && (role.isBuyer || role.isManager);
  });
}
