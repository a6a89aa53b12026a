/**
 * The engine's generic call (any operation by its id) on the app's typed client: the standard
 * and token headers, the token refresh and spec §8's navigations (timeout → login, CMM-0005 →
 * integration …) all apply. Errors with a message are NOT alerted here: they come back as an
 * OperationError so the screen shows them at their fields and once.
 */
import { OperationError, operationRequest, type CallInit, type OperationInput } from '../../engine';
import { apiClient, performResponseAction, type ApiClient } from '../api/client';
import { decideResponse } from '../api/error-policy';
import { httpEffects } from '../api/http-effects';
import { usePortalStore } from '../stores/portal';

type Method = 'get' | 'put' | 'post' | 'delete' | 'patch';

function abortError(): Error {
  return Object.assign(new Error('handled by the app'), { name: 'AbortError' });
}

/** Kinds of §8 decisions the app carries out itself (they leave the page). */
const NAVIGATING = new Set(['goHome', 'integration', 'timeoutLogout', 'sessionExpired']);

export function createOperationCaller(client: ApiClient = apiClient) {
  return async function call(operation: string, input: OperationInput, init: CallInit = {}): Promise<unknown> {
    const req = operationRequest(operation, input);
    const method = req.method.toLowerCase() as Method;
    // openapi-fetch is typed per path; the operation table decides the path at run time.
    const request = client.request as unknown as (
      m: Method,
      path: string,
      options: Record<string, unknown>,
    ) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
    const options: Record<string, unknown> = {
      params: { path: req.pathParams, query: req.query },
      signal: init.signal,
      passErrors: true,
      background: init.quiet === true,
      ...(init.parseAs ? { parseAs: init.parseAs } : {}),
      ...(init.headers ? { headers: init.headers } : {}),
    };
    if (req.body !== undefined && req.method !== 'GET') options.body = req.body;
    const { data, error, response } = await request(method, req.path, options);
    if (response.ok) return data ?? null;
    const decision = decideResponse({
      pathname: new URL(response.url || `http://x${req.url}`).pathname,
      status: response.status,
      body: error,
      isCyber: usePortalStore.getState().isCyber,
    });
    if (NAVIGATING.has(decision.kind)) {
      performResponseAction(decision, httpEffects());
      throw abortError();
    }
    throw OperationError.fromBody(response.status, error);
  };
}
