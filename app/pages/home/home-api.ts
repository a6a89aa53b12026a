import type { paths } from '../../../schemas/api-types.generated';
import { ApiError } from '../../api/api-error';
import { apiClient, type ApiClient } from '../../api/client';

type Ok<P extends keyof paths> = paths[P] extends {
  get: { responses: { 200: { content: { 'application/json': infer B } } } };
}
  ? B
  : never;

export type PendingApprovals = Ok<'/api/v1/home/approvals'>;
export type RecentDocuments = Ok<'/api/v1/home/documents'>;
export type SupplierNewRfqs = Ok<'/api/v1/cyber/home/rfqs'>;
export type SupplierOpenOrders = Ok<'/api/v1/cyber/home/orders'>;
export type SupplierBiddingInvitations = Ok<'/api/v1/cyber/home/bidding'>;
export type SupplierPendingTaxInvoices = Ok<'/api/v1/cyber/home/tax-invoices'>;
export type DocType = 'PR' | 'PO' | 'SIMPLE' | 'LOI';

/** How many rows a home card shows. */
export const HOME_CARD_ROWS = 5;
/** "전체 보기" on a card lists up to this many (a screen page's limit). */
export const HOME_ALL_ROWS = 500;

// The cards show their own message and a retry: no spec §8 alert, no global loading bar.
const flags = { passErrors: true, background: true } as const;

function answer<T>(r: { data?: T; error?: unknown; response: Response }): T {
  if (r.data === undefined) throw new ApiError(r.response.status, r.error);
  return r.data;
}

/** listMyPendingApprovals: approvals whose current step is mine, newest first, and their total. */
export async function fetchPendingApprovals(
  signal?: AbortSignal,
  client: ApiClient = apiClient,
  size: number = HOME_CARD_ROWS,
): Promise<PendingApprovals> {
  return answer(await client.GET('/api/v1/home/approvals', { params: { query: { size } }, signal, ...flags }));
}

/** listMyRecentDocuments: PRs I requested, orders and LOIs I buy; newest change first. */
export async function fetchRecentDocuments(
  docType: DocType | null,
  signal?: AbortSignal,
  client: ApiClient = apiClient,
): Promise<RecentDocuments> {
  return answer(
    await client.GET('/api/v1/home/documents', {
      params: { query: { size: HOME_CARD_ROWS, ...(docType ? { docType } : {}) } },
      signal,
      ...flags,
    }),
  );
}

/** listSupplierNewRfqs: requests to my company not yet answered and still open; nearest deadline first. */
export async function fetchSupplierNewRfqs(
  signal?: AbortSignal,
  client: ApiClient = apiClient,
): Promise<SupplierNewRfqs> {
  return answer(
    await client.GET('/api/v1/cyber/home/rfqs', { params: { query: { size: HOME_CARD_ROWS } }, signal, ...flags }),
  );
}

/** listSupplierOpenOrders: my company's sent, acknowledged or partly delivered orders; earliest due date first. */
export async function fetchSupplierOpenOrders(
  signal?: AbortSignal,
  client: ApiClient = apiClient,
): Promise<SupplierOpenOrders> {
  return answer(
    await client.GET('/api/v1/cyber/home/orders', { params: { query: { size: HOME_CARD_ROWS } }, signal, ...flags }),
  );
}

/** listSupplierBiddingInvitations: my company's open tender and auction invitations; nearest deadline first, with the count of each. */
export async function fetchSupplierBiddingInvitations(
  signal?: AbortSignal,
  client: ApiClient = apiClient,
): Promise<SupplierBiddingInvitations> {
  return answer(
    await client.GET('/api/v1/cyber/home/bidding', { params: { query: { size: HOME_CARD_ROWS } }, signal, ...flags }),
  );
}

/** listSupplierPendingTaxInvoices: invoices awaiting my company (역발행 requests, NTS refusals, withdrawn requests), with their count. */
export async function fetchSupplierPendingTaxInvoices(
  signal?: AbortSignal,
  client: ApiClient = apiClient,
): Promise<SupplierPendingTaxInvoices> {
  return answer(
    await client.GET('/api/v1/cyber/home/tax-invoices', {
      params: { query: { size: HOME_CARD_ROWS } },
      signal,
      ...flags,
    }),
  );
}
