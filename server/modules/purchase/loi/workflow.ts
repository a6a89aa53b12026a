/**
 * Letter of intent (LOI) lifecycle, DESIGN §6: draft → in approval → issued (the last
 * approval issues it) → accepted by the supplier, or expired when its validity ends first;
 * an approver's rejection returns the draft; cancelled with a reason before acceptance.
 */
import { actionsFrom, type Machine } from '../../../domain/machine.js';

export const LOI_STATUSES = ['DRAFT', 'IN_APPROVAL', 'ISSUED', 'ACCEPTED', 'EXPIRED', 'CANCELLED'] as const;
export type LoiStatus = (typeof LOI_STATUSES)[number];

export type LoiAction = 'update' | 'submit' | 'approve' | 'reject' | 'accept' | 'expire' | 'cancel';

export const LOI_MACHINE: Machine<LoiStatus, LoiAction> = {
  name: 'LOI',
  statuses: LOI_STATUSES,
  statusLabels: {
    DRAFT: '작성중',
    IN_APPROVAL: '결재중',
    ISSUED: '발행',
    ACCEPTED: '수락',
    EXPIRED: '만료',
    CANCELLED: '취소',
  },
  actionLabels: {
    update: '수정',
    submit: '결재상신',
    approve: '승인',
    reject: '반려',
    accept: '수락',
    expire: '만료 처리',
    cancel: '취소',
  },
  transitions: {
    update: { from: ['DRAFT'], to: 'same' },
    submit: { from: ['DRAFT'], to: 'IN_APPROVAL' },
    approve: { from: ['IN_APPROVAL'], to: 'ISSUED' },
    reject: { from: ['IN_APPROVAL'], to: 'DRAFT' },
    accept: { from: ['ISSUED'], to: 'ACCEPTED' },
    expire: { from: ['ISSUED'], to: 'EXPIRED' },
    cancel: { from: ['DRAFT', 'IN_APPROVAL', 'ISSUED'], to: 'CANCELLED' },
  },
};

/** An issued LOI past its last valid day (Korean business date) has expired, accepted or not yet swept. */
export function isPastValidity(validUntil: string, today: string): boolean {
  return validUntil < today;
}

/** What a list shows: an issued LOI past its validity reads as expired even before the sweep stores it. */
export function effectiveLoiStatus(status: string, validUntil: string, today: string): string {
  return status === 'ISSUED' && isPastValidity(validUntil, today) ? 'EXPIRED' : status;
}

/** States a supplier sees: the LOI has been issued to it. */
export const SUPPLIER_VISIBLE_LOI: readonly LoiStatus[] = ['ISSUED', 'ACCEPTED', 'EXPIRED'];

export function loiActionsFor(
  status: string,
  role: { isBuyer: boolean; isManager: boolean; canWrite: boolean },
): LoiAction[] {
  return actionsFrom(LOI_MACHINE, status).filter((a) => {
    if (a === 'approve' || a === 'reject' || a === 'accept' || a === 'expire') return false;
    return role.canWrite && (role.isBuyer || role.isManager);
  });
}
