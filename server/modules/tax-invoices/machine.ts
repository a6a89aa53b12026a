/**
 * The lifecycle of a reverse-issued tax invoice (역발행), mirrored from the provider's states
 * (docs/tax-invoices.md "States"): every other move is refused (409 INVALID_STATE).
 */
import type { Machine } from '../../domain/machine.js';

export const TAX_INVOICE_STATUSES = [
  'DRAFT',
  'REQUESTED',
  'ISSUED',
  'SENT',
  'NTS_SUCCESS',
  'NTS_FAILED',
  'REFUSED',
  'CANCELLED',
] as const;
export type TaxInvoiceStatus = (typeof TAX_INVOICE_STATUSES)[number];

export type TaxInvoiceAction =
  'edit' | 'request' | 'cancelRequest' | 'refuse' | 'issue' | 'send' | 'ntsSucceeded' | 'ntsFailed' | 'amend';

export const TAX_INVOICE_MACHINE: Machine<TaxInvoiceStatus, TaxInvoiceAction> = {
  name: '세금계산서',
  statuses: TAX_INVOICE_STATUSES,
  statusLabels: {
    DRAFT: '작성',
    REQUESTED: '역발행요청',
    ISSUED: '발행',
    SENT: '국세청 전송',
    NTS_SUCCESS: '전송 성공',
    NTS_FAILED: '전송 실패',
    REFUSED: '거부',
    CANCELLED: '요청 취소',
  },
  actionLabels: {
    edit: '수정',
    request: '역발행 요청',
    cancelRequest: '요청 취소',
    refuse: '거부',
    issue: '발행',
    send: '국세청 전송',
    ntsSucceeded: '전송 성공 처리',
    ntsFailed: '전송 실패 처리',
    amend: '수정발행',
  },
  transitions: {
    edit: { from: ['DRAFT'], to: 'same' },
    // A refused or cancelled request may be asked again once the reason is dealt with.
    request: { from: ['DRAFT', 'REFUSED', 'CANCELLED'], to: 'REQUESTED' },
    cancelRequest: { from: ['REQUESTED'], to: 'CANCELLED' },
    refuse: { from: ['REQUESTED'], to: 'REFUSED' },
    issue: { from: ['REQUESTED'], to: 'ISSUED' },
    send: { from: ['ISSUED', 'NTS_FAILED'], to: 'SENT' },
    ntsSucceeded: { from: ['SENT'], to: 'NTS_SUCCESS' },
    ntsFailed: { from: ['SENT'], to: 'NTS_FAILED' },
    // An issued invoice is never changed: a 수정세금계산서 is a new document referring to it.
    amend: { from: ['NTS_SUCCESS'], to: 'same' },
  },
};
