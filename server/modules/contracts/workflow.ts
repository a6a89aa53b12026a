/**
 * An electronic contract's life (docs/contracts.md): draft → internal approval (the approval
 * rules, document type CONTRACT) → sent to the supplier → signed by both parties in the
 * template's order (supplier first, or buyer first) → executing (the last signature recorded; the
 * executed copy sealed and time-stamped outside any transaction) → executed; the supplier or the buyer's signer
 * may decline with a reason; a contract not signed by its deadline (a Korean business date)
 * expires; the buyer may cancel one not yet executed. An executed contract never changes: an
 * amendment (변경계약) is a new contract naming it.
 */
import type { Machine } from '../../domain/machine.js';

export const CONTRACT_STATUSES = [
  'DRAFT',
  'IN_APPROVAL',
  'SENT',
  'PARTLY_SIGNED',
  'EXECUTING',
  'EXECUTED',
  'DECLINED',
  'EXPIRED',
  'CANCELLED',
] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

export type ContractAction =
  'submit' | 'approve' | 'reject' | 'sign' | 'execute' | 'complete' | 'decline' | 'expire' | 'cancel';

export const CONTRACT_MACHINE: Machine<ContractStatus, ContractAction> = {
  name: '전자계약',
  statuses: CONTRACT_STATUSES,
  statusLabels: {
    DRAFT: '작성중',
    IN_APPROVAL: '결재중',
    SENT: '서명 요청',
    PARTLY_SIGNED: '일부 서명',
    EXECUTING: '체결 처리중',
    EXECUTED: '체결',
    DECLINED: '거절',
    EXPIRED: '기한 만료',
    CANCELLED: '취소',
  },
  actionLabels: {
    submit: '결재상신',
    approve: '승인',
    reject: '반려',
    sign: '서명',
    execute: '최종 서명',
    complete: '체결',
    decline: '서명 거절',
    expire: '만료 처리',
    cancel: '취소',
  },
  transitions: {
    submit: { from: ['DRAFT'], to: 'IN_APPROVAL' },
    approve: { from: ['IN_APPROVAL'], to: 'SENT' },
    reject: { from: ['IN_APPROVAL'], to: 'DRAFT' },
    sign: { from: ['SENT'], to: 'PARTLY_SIGNED' },
    // The last signature: recorded with the move to EXECUTING; the sealed copy completes it after.
    execute: { from: ['SENT', 'PARTLY_SIGNED'], to: 'EXECUTING' },
    complete: { from: ['EXECUTING'], to: 'EXECUTED' },
    decline: { from: ['SENT', 'PARTLY_SIGNED'], to: 'DECLINED' },
    expire: { from: ['SENT', 'PARTLY_SIGNED'], to: 'EXPIRED' },
    cancel: { from: ['DRAFT', 'SENT', 'PARTLY_SIGNED'], to: 'CANCELLED' },
  },
};

/** The states a supplier sees: the contract has been sent to it. */
export const SUPPLIER_VISIBLE: readonly ContractStatus[] = [
  'SENT',
  'PARTLY_SIGNED',
  'EXECUTING',
  'EXECUTED',
  'DECLINED',
  'EXPIRED',
];

export type Party = 'SUPPLIER' | 'BUYER';

/**
 * The screen whose write authority lets a party's user sign (the sign operations' access): staff
 * sign on the contract's detail, a supplier's users on /contract/contractSign. A contract that names
 * a signer is signed by that user only.
 */
export const SIGN_SCREEN: Readonly<Record<Party, string>> = {
  BUYER: '/contract/contractDetail',
  SUPPLIER: '/contract/contractSign',
};
export type SignOrder = 'SUPPLIER_FIRST' | 'BUYER_FIRST';

/** Who signs next, or null when the contract is not awaiting a signature. */
export function nextSigner(c: {
  status: string;
  signOrder: string;
  supplierSignedAt: string | null;
  buyerSignedAt: string | null;
}): Party | null {
  if (c.status !== 'SENT' && c.status !== 'PARTLY_SIGNED') return null;
  const order: Party[] = c.signOrder === 'BUYER_FIRST' ? ['BUYER', 'SUPPLIER'] : ['SUPPLIER', 'BUYER'];
  return order.find((p) => (p === 'SUPPLIER' ? !c.supplierSignedAt : !c.buyerSignedAt)) ?? null;
}
