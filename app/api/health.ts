import { usePortalStore } from '../stores/portal';
import { applyStandardHeaders } from './request-headers';

/**
 * GET /readyz. The server hides its health routes from the OpenAPI document (they are for load
 * balancers), so `paths` has no entry for them and this is the ONE call that uses plain fetch.
 * It still carries the same headers as every other request.
 */
export interface Readiness {
  status: 'ok' | 'unavailable';
  database: string;
}

const READY_PATH = '/readyz';

export async function fetchReadiness(signal?: AbortSignal, fetchImpl: typeof fetch = fetch): Promise<Readiness> {
  const request = applyStandardHeaders(
    new Request(new URL(READY_PATH, window.location.origin), { method: 'GET', signal }),
    usePortalStore.getState().isCyber,
  );
  const response = await fetchImpl(request);
  // 503 still answers the body: "unavailable" with the database kind.
  if (response.status !== 200 && response.status !== 503)
    throw new Error(`GET ${READY_PATH} answered ${response.status}`);
  const body = (await response.json()) as Partial<Readiness>;
  return {
    status: body.status === 'ok' ? 'ok' : 'unavailable',
    database: typeof body.database === 'string' ? body.database : '',
  };
}
