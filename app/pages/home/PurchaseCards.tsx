import { useCallback, useMemo, useState } from 'react';
import type { TFunction } from 'i18next';
import { formatInstant } from '../../../lib/date';
import { formatMoney } from '../../../lib/money';
import { useAsync, type AsyncState } from '../../hooks/use-async';
import { useSessionStore, type CodeLists } from '../../stores/session';
import {
  HOME_ALL_ROWS,
  HOME_CARD_ROWS,
  fetchPendingApprovals,
  fetchRecentDocuments,
  fetchSupplierBiddingInvitations,
  fetchSupplierNewRfqs,
  fetchSupplierOpenOrders,
  fetchSupplierPendingTaxInvoices,
  type DocType,
  type PendingApprovals,
  type RecentDocuments,
  type SupplierBiddingInvitations,
  type SupplierNewRfqs,
  type SupplierOpenOrders,
  type SupplierPendingTaxInvoices,
} from './home-api';
import { useHomePurchaseText } from './home-texts';
import { PurchaseCardView, type HomeList } from './PurchaseCardView';
import styles from './PurchaseCards.module.css';

/**
 * The purchasing cards of the two home pages (home-slots.tsx): each loads its own rows, and each
 * document number links to the document's screen.
 *   internal: my pending approvals, my recent documents;
 *   external: new quotation requests, open purchase orders, open tender and auction invitations (of the supplier's own company).
 */

const DOC_TYPES: DocType[] = ['PR', 'PO', 'SIMPLE', 'LOI'];

/** The internal screen of a document (its edit screen, keyed by the document number). */
export function internalDocumentHref(docType: string, docNo: string): string {
  const q = encodeURIComponent(docNo);
  switch (docType) {
    case 'PR':
      return `/prEdit?prNo=${q}`;
    case 'SIMPLE':
      return `/SimpleOrderEdit?poNo=${q}`;
    case 'LOI':
      return `/LoiRequestEdit?loiNo=${q}`;
    // A budget transfer (예산전용): its list opened on that transfer, selected, where the approver decides.
    case 'BUDGET':
      return `/budget/budgetTransfer?transferNo=${q}&selected=${q}`;
    case 'AGREEMENT':
      return `/AgreementEdit?agreementNo=${q}`;
    case 'CONTRACT':
      return `/contract/contractDetail?contractNo=${q}`;
    // A change order (<poNo>-<revision>) is decided on its order.
    case 'PO_CHANGE':
      return `/OrderRequestEdit?poNo=${encodeURIComponent(docNo.replace(/-\d+$/, ''))}`;
    default:
      return `/OrderRequestEdit?poNo=${q}`;
  }
}

/** The status code group of a document type. */
const STATUS_GROUP: Record<string, string> = {
  PR: 'PR_STATUS',
  PO: 'PO_STATUS',
  SIMPLE: 'PO_STATUS',
  LOI: 'LOI_STATUS',
};

function codeText(codes: CodeLists, group: string, value: string | null | undefined): string {
  if (!value) return '';
  return codes[group]?.find((c) => c.value === value)?.text ?? value;
}

function when(iso: string | null | undefined, pattern = 'yyyy-MM-dd HH:mm'): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : formatInstant(d, pattern);
}

const money = (amount: string | null | undefined, currency: string) =>
  amount === null || amount === undefined || amount === '' ? '' : `${formatMoney(amount, currency)} ${currency}`;
const rowsOf = <R,>(answer: { rows?: R[]; total?: number } | null | undefined): { rows: R[]; total: number } => ({
  rows: answer?.rows ?? [],
  total: answer?.total ?? 0,
});

/** An async answer, its rows mapped to card items (the mapping follows the language and the codes). */
function useMapped<T>(state: AsyncState<T> & { reload: () => void }, map: (data: T) => HomeList): AsyncState<HomeList> {
  return useMemo<AsyncState<HomeList>>(
    () => (state.status === 'success' ? { status: 'success', at: state.at, data: map(state.data) } : state),
    [state, map],
  );
}

export function mapApprovals(data: PendingApprovals, t: TFunction, codes: CodeLists): HomeList {
  const { rows, total } = rowsOf(data);
  return {
    total,
    items: rows.map((r) => ({
      key: String(r.approvalId),
      href: internalDocumentHref(r.docType, r.docNo),
      docNo: r.docNo,
      kind:
        codeText(codes, 'DOC_TYPE', r.docType) || t(`homePurchase.docType.${r.docType}`, { defaultValue: r.docType }),
      title: r.title,
      status: t('homePurchase.approvals.step', { step: r.stepNo, count: r.stepCount }),
      // A change order: the proposed total the approver decides, beside the one in force.
      amount: r.previousAmount
        ? t('homePurchase.approvals.changeAmount', {
            amount: money(r.previousAmount, r.currency),
            proposed: money(r.amount, r.currency),
          })
        : money(r.amount, r.currency),
      meta: [t('homePurchase.approvals.by', { name: r.submittedByName }), when(r.submittedAt), r.lineName],
    })),
  };
}

export function mapDocuments(data: RecentDocuments, t: TFunction, codes: CodeLists): HomeList {
  const { rows, total } = rowsOf(data);
  return {
    total,
    items: rows.map((r) => ({
      key: `${r.docType}/${r.docNo}`,
      href: internalDocumentHref(r.docType, r.docNo),
      docNo: r.docNo,
      kind:
        codeText(codes, 'DOC_TYPE', r.docType) || t(`homePurchase.docType.${r.docType}`, { defaultValue: r.docType }),
      title: r.title,
      status: codeText(codes, STATUS_GROUP[r.docType] ?? 'PO_STATUS', r.status),
      amount: money(r.amount, r.currency),
      meta: [r.counterpart ?? '', when(r.updatedAt)],
    })),
  };
}

export function mapNewRfqs(data: SupplierNewRfqs, t: TFunction, codes: CodeLists): HomeList {
  const { rows, total } = rowsOf(data);
  return {
    total,
    items: rows.map((r) => ({
      key: r.rfqNo,
      href: `/cyber/prCheckEdit?rfqNo=${encodeURIComponent(r.rfqNo)}`,
      docNo: r.rfqNo,
      title: r.title,
      status: codeText(codes, 'QUOT_STATUS', r.status),
      meta: [
        t('homePurchase.rfqs.deadline', { date: when(r.deadline) }),
        t('homePurchase.rfqs.lines', { count: r.lineCount }),
        r.buyerName,
      ],
    })),
  };
}

export function mapOpenOrders(data: SupplierOpenOrders, t: TFunction, codes: CodeLists): HomeList {
  const { rows, total } = rowsOf(data);
  return {
    total,
    items: rows.map((r) => ({
      key: r.poNo,
      href: `/cyber/CyberOrderRequestEdit?poNo=${encodeURIComponent(r.poNo)}`,
      docNo: r.poNo,
      title: r.title,
      status: codeText(codes, 'PO_STATUS', r.status),
      amount: money(r.totalAmount, r.currency),
      meta: [
        r.dueDate ? t('homePurchase.orders.due', { date: r.dueDate }) : t('homePurchase.orders.noDue'),
        r.buyerName,
      ],
    })),
  };
}

/** A tender opens its 투찰 screen, an auction its live room (both under /cyber). */
function invitationHref(kind: string, docNo: string): string {
  const q = encodeURIComponent(docNo);
  return kind === 'AUCTION' ? `/cyber/bid/auctionRoom?auctionNo=${q}` : `/cyber/bid/tenderSubmit?tenderNo=${q}`;
}

export function mapInvitations(data: SupplierBiddingInvitations, t: TFunction): HomeList {
  const { rows, total } = rowsOf(data);
  return {
    total,
    items: rows.map((r) => ({
      key: `${r.kind}/${r.docNo}`,
      href: invitationHref(r.kind, r.docNo),
      docNo: r.docNo,
      kind: t(`homePurchase.bidding.kind.${r.kind}`),
      title: r.title,
      status: t(`homePurchase.bidding.status.${r.status === 'OPEN' ? 'OPEN' : 'PUBLISHED'}`),
      meta: [
        t('homePurchase.bidding.deadline', { date: when(r.deadline) }),
        t(r.responded ? 'homePurchase.bidding.responded' : 'homePurchase.bidding.notResponded'),
      ],
    })),
  };
}

/** The supplier's tax invoices awaiting it, each opening its invoice (where it is issued or refused). */
function mapPendingTaxInvoices(data: SupplierPendingTaxInvoices, t: TFunction): HomeList {
  const { rows, total } = rowsOf(data);
  return {
    total,
    items: rows.map((r) => ({
      key: r.mgtKey,
      href: `/cyber/myTaxInvoiceDetail?mgtKey=${encodeURIComponent(r.mgtKey)}`,
      docNo: r.mgtKey,
      title: t('homePurchase.taxInvoices.settlement', { period: r.period, settleNo: r.settleNo }),
      status: t(`homePurchase.taxInvoices.status.${r.status}`, { defaultValue: '' }),
      amount: money(r.totalAmount, 'KRW'),
      meta: [
        r.status === 'REQUESTED' && r.issueDeadline
          ? t('homePurchase.taxInvoices.deadline', { date: r.issueDeadline })
          : '',
        r.reason ? t('homePurchase.taxInvoices.reason', { reason: r.reason }) : '',
      ].filter(Boolean),
    })),
  };
}

/** The cards need a login; without one (or before it) they show nothing. */
function useLoggedIn(): boolean {
  return useSessionStore((s) => s.isLoggedIn);
}

function PendingApprovals() {
  const { t } = useHomePurchaseText();
  const codes = useSessionStore((s) => s.codes);
  // The card shows the newest few and the total; "전체 보기" lists all of them in the card (each a link to its document).
  const [all, setAll] = useState(false);
  const load = useCallback(
    (signal: AbortSignal) => fetchPendingApprovals(signal, undefined, all ? HOME_ALL_ROWS : HOME_CARD_ROWS),
    [all],
  );
  const state = useAsync(load);
  const map = useCallback((d: PendingApprovals) => mapApprovals(d, t, codes), [t, codes]);
  const mapped = useMapped(state, map);
  const more =
    mapped.status === 'success' && mapped.data.items.length < mapped.data.total
      ? { label: t('homePurchase.approvals.more', { count: mapped.data.total }), onClick: () => setAll(true) }
      : undefined;
  return (
    <PurchaseCardView
      id="home-approvals"
      title={t('homePurchase.approvals.title')}
      state={mapped}
      emptyText={t('homePurchase.approvals.empty')}
      onRetry={state.reload}
      more={more}
    />
  );
}

function RecentDocuments() {
  const { t } = useHomePurchaseText();
  const codes = useSessionStore((s) => s.codes);
  const [docType, setDocType] = useState<DocType | null>(null);
  const load = useCallback((signal: AbortSignal) => fetchRecentDocuments(docType, signal), [docType]);
  const state = useAsync(load);
  const map = useCallback((d: RecentDocuments) => mapDocuments(d, t, codes), [t, codes]);
  const mapped = useMapped(state, map);
  const toolbar = (
    <div className={styles.filters} role="group" aria-label={t('homePurchase.documents.filter')}>
      {[null, ...DOC_TYPES].map((type) => (
        <button
          key={type ?? 'all'}
          type="button"
          className={styles.filter}
          aria-pressed={docType === type}
          onClick={() => setDocType(type)}
        >
          {type
            ? codeText(codes, 'DOC_TYPE', type) || t(`homePurchase.docType.${type}`)
            : t('homePurchase.documents.all')}
        </button>
      ))}
    </div>
  );
  return (
    <PurchaseCardView
      id="home-documents"
      title={t('homePurchase.documents.title')}
      state={mapped}
      emptyText={t('homePurchase.documents.empty')}
      onRetry={state.reload}
      toolbar={toolbar}
    />
  );
}

function SupplierNewRfqs() {
  const { t } = useHomePurchaseText();
  const codes = useSessionStore((s) => s.codes);
  const state = useAsync(fetchSupplierNewRfqs);
  const map = useCallback((d: SupplierNewRfqs) => mapNewRfqs(d, t, codes), [t, codes]);
  const mapped = useMapped(state, map);
  return (
    <PurchaseCardView
      id="home-rfqs"
      title={t('homePurchase.rfqs.title')}
      state={mapped}
      emptyText={t('homePurchase.rfqs.empty')}
      onRetry={state.reload}
      more={{ href: '/cyber/prCheckList', label: t('homePurchase.rfqs.more') }}
    />
  );
}

function SupplierOpenOrders() {
  const { t } = useHomePurchaseText();
  const codes = useSessionStore((s) => s.codes);
  const state = useAsync(fetchSupplierOpenOrders);
  const map = useCallback((d: SupplierOpenOrders) => mapOpenOrders(d, t, codes), [t, codes]);
  const mapped = useMapped(state, map);
  return (
    <PurchaseCardView
      id="home-orders"
      title={t('homePurchase.orders.title')}
      state={mapped}
      emptyText={t('homePurchase.orders.empty')}
      onRetry={state.reload}
      more={{ href: '/cyber/CyberOrderRequestList', label: t('homePurchase.orders.more') }}
    />
  );
}

function SupplierBiddingInvitations() {
  const { t } = useHomePurchaseText();
  const state = useAsync(fetchSupplierBiddingInvitations);
  const map = useCallback((d: SupplierBiddingInvitations) => mapInvitations(d, t), [t]);
  const mapped = useMapped(state, map);
  // How many of each, above the nearest deadlines.
  const counts =
    state.status === 'success' ? (
      <p className={styles.muted}>
        {t('homePurchase.bidding.counts', { tenders: state.data.tenders, auctions: state.data.auctions })}
      </p>
    ) : undefined;
  return (
    <PurchaseCardView
      id="home-bidding"
      title={t('homePurchase.bidding.title')}
      state={mapped}
      emptyText={t('homePurchase.bidding.empty')}
      onRetry={state.reload}
      toolbar={counts}
      more={{ href: '/cyber/bid/tenderList', label: t('homePurchase.bidding.more') }}
    />
  );
}

function SupplierTaxInvoices() {
  const { t } = useHomePurchaseText();
  const state = useAsync(fetchSupplierPendingTaxInvoices);
  const map = useCallback((d: SupplierPendingTaxInvoices) => mapPendingTaxInvoices(d, t), [t]);
  const mapped = useMapped(state, map);
  return (
    <PurchaseCardView
      id="home-tax-invoices"
      title={t('homePurchase.taxInvoices.title')}
      state={mapped}
      emptyText={t('homePurchase.taxInvoices.empty')}
      onRetry={state.reload}
      more={{ href: '/cyber/myTaxInvoice', label: t('homePurchase.taxInvoices.more') }}
    />
  );
}

/** Internal home: my pending approvals and my recent documents, side by side. */
export function InternalPurchaseCards() {
  if (!useLoggedIn()) return null;
  return (
    <div className={styles.wide}>
      <PendingApprovals />
      <RecentDocuments />
    </div>
  );
}

/** Supplier home: new quotation requests, open purchase orders, open bidding invitations and the tax invoices awaiting my company. */
export function SupplierPurchaseCards() {
  if (!useLoggedIn()) return null;
  return (
    <div className={styles.wide}>
      <SupplierNewRfqs />
      <SupplierOpenOrders />
      <SupplierBiddingInvitations />
      <SupplierTaxInvoices />
    </div>
  );
}
