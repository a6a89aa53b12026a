/**
 * Files the settlement screens fetch from the server with the user's token: the transaction
 * statement (a print page or a PDF) and the bulk Excel extracts. The engine's generic call reads
 * JSON answers; these answer HTML, PDF or a streamed .xlsx, so they go through the app's client
 * here (the same headers, token refresh and spec §8 navigations) and come back as text or blobs.
 * A refusal comes back as the engine's OperationError, with the server's Korean message.
 */
import { createContext, useContext } from 'react';
import { OperationError } from '../../../engine';
import { apiClient, performResponseAction, type ApiClient } from '../../api/client';
import { decideResponse } from '../../api/error-policy';
import { httpEffects } from '../../api/http-effects';
import { usePortalStore } from '../../stores/portal';

export interface FetchedFile {
  blob: Blob;
  /** From Content-Disposition (RFC 5987 filename* first), else null. */
  fileName: string | null;
  /** X-Total-Count (the extract's rows), else null. */
  total: number | null;
}

type Query = Record<string, string | string[] | undefined>;

const NAVIGATING = new Set(['goHome', 'integration', 'timeoutLogout', 'sessionExpired']);

/** The file name a Content-Disposition header gives: `filename*=UTF-8''…` first, then `filename="…"`. */
export function dispositionFileName(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(header);
  return plain ? plain[1].trim() : null;
}

/** Blank values and empty lists are left out (the server refuses a blank supplier code, say). */
export function cleanQuery(query: Query): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(query)) {
    if (Array.isArray(v)) {
      if (v.some((x) => x !== '')) out[k] = v;
    } else if (v !== undefined && v.trim() !== '') out[k] = v.trim();
  }
  return out;
}

async function fetchRaw(
  client: ApiClient,
  path: string,
  query: Query,
  parseAs: 'text' | 'blob',
): Promise<{ data: unknown; response: Response }> {
  // openapi-fetch is typed per path; these paths are fixed strings of the generated API.
  const get = client.GET as unknown as (
    p: string,
    o: Record<string, unknown>,
  ) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
  const { data, error, response } = await get(path, {
    params: { query: cleanQuery(query) },
    parseAs,
    passErrors: true,
  });
  if (response.ok) return { data, response };
  return refuse(path, response, error);
}

/** A refused file request: the app's navigations (spec §8), else the server's message as an OperationError. */
function refuse(path: string, response: Response, error: unknown): never {
  const decision = decideResponse({
    pathname: new URL(response.url || `http://x${path}`).pathname,
    status: response.status,
    body: error,
    isCyber: usePortalStore.getState().isCyber,
  });
  if (NAVIGATING.has(decision.kind)) {
    performResponseAction(decision, httpEffects());
    throw Object.assign(new Error('handled by the app'), { name: 'AbortError' });
  }
  throw OperationError.fromBody(response.status, error);
}

function statementPath(settleNo: string, portal: 'internal' | 'external') {
  const no = encodeURIComponent(settleNo);
  return portal === 'external' ? `/api/v1/cyber/statements/${no}` : `/api/v1/statements/${no}`;
}

export interface SettlementFiles {
  /** The statement's print page (self-contained HTML with its print stylesheet). */
  statementHtml(settleNo: string, portal: 'internal' | 'external'): Promise<string>;
  /** The statement as a PDF. */
  statementPdf(settleNo: string, portal: 'internal' | 'external'): Promise<FetchedFile>;
  /** A bulk extract (.xlsx) of receipt lines or settlements. */
  extract(kind: 'receipts' | 'settlements', query: Query): Promise<FetchedFile>;
}

/**
 * A file a POST answers (an operation that records something and hands the file over, as a contract
 * signer's 열람), as a blob with its name; refusals as for `fetchFile`.
 */
export async function postForFile(path: string, client: ApiClient = apiClient): Promise<FetchedFile> {
  const post = client.POST as unknown as (
    p: string,
    o: Record<string, unknown>,
  ) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
  const { data, error, response } = await post(path, { parseAs: 'blob', passErrors: true });
  if (!response.ok) refuse(path, response, error);
  return {
    blob: data as Blob,
    fileName: dispositionFileName(response.headers.get('Content-Disposition')),
    total: null,
  };
}

/** Any file the API answers (a PDF, an extract) as a blob with its name; other screens print through it too. */
export async function fetchFile(path: string, query: Query, client: ApiClient = apiClient): Promise<FetchedFile> {
  const { data, response } = await fetchRaw(client, path, query, 'blob');
  const total = response.headers.get('X-Total-Count');
  return {
    blob: data as Blob,
    fileName: dispositionFileName(response.headers.get('Content-Disposition')),
    total: total === null ? null : Number(total),
  };
}

function createSettlementFiles(client: ApiClient = apiClient): SettlementFiles {
  const file = (path: string, query: Query) => fetchFile(path, query, client);
  return {
    statementHtml: async (settleNo, portal) =>
      String((await fetchRaw(client, statementPath(settleNo, portal), { format: 'html' }, 'text')).data ?? ''),
    statementPdf: (settleNo, portal) => file(statementPath(settleNo, portal), { format: 'pdf' }),
    extract: (kind, query) => file(`/api/v1/data-download/${kind}`, query),
  };
}

const settlementFiles: SettlementFiles = createSettlementFiles();

/** The files the components fetch: the app's client by default; stories and tests give fixtures. */
export const SettlementFilesContext = createContext<SettlementFiles>(settlementFiles);
export const useSettlementFiles = () => useContext(SettlementFilesContext);

/** Saves a blob under a name (the browser's download). */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
