import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { paths } from '../../schemas/api-types.generated';
import { usePortalStore } from '../stores/portal';
import { currentTokens, type SessionTokens } from '../stores/session';
import { useLoaderStore } from '../ui/loader/loader';
import { decideResponse, isAuthUrl, type ResponseAction } from './error-policy';
import { httpEffects, type HttpEffects } from './http-effects';
import { applyAuthHeaders, applyStandardHeaders, setAuthHeaders } from './request-headers';

export type ApiClient = Client<paths>;

/**
 * Extra per-request options (openapi-fetch copies unknown init keys onto the Request):
 * `passErrors` — the caller shows its own message, so no spec §8 alert or redirect;
 * `background` — no loading indicator (menu-visit logging, message refresh).
 */
interface RequestFlags {
  passErrors?: boolean;
  background?: boolean;
}

type FlaggedRequest = Request & RequestFlags;

export type RefreshOutcome = 'ok' | 'expired' | 'failed';

export interface ApiClientOptions {
  /** Defaults to the page's own origin: the server serves the SPA and the API on one port. */
  baseUrl?: string;
  /** Reads the portal at request time, so a navigation between portals needs no new client. */
  isCyber?: () => boolean;
  /** The interface language for Accept-Language (menus, codes and messages follow it). */
  language?: () => string | undefined;
  /** The login's tokens, read at request time (spec §7 default headers after login). */
  tokens?: () => SessionTokens | null;
  /** Refreshes the tokens once (verify); shared by every request that found its token expired. */
  refresh?: () => Promise<RefreshOutcome>;
  effects?: () => HttpEffects;
  fetch?: typeof globalThis.fetch;
  /** Off in tests that look at raw answers. */
  loader?: boolean;
}

/** Spec §7 standard headers plus the token headers. */
function standardHeaders(
  isCyber: () => boolean,
  language: () => string | undefined = () => undefined,
  tokens: () => SessionTokens | null = () => null,
): Middleware {
  return {
    onRequest: ({ request }) => applyAuthHeaders(applyStandardHeaders(request, isCyber(), language()), tokens()),
  };
}

/** Counts requests in flight for the global loading indicator. */
const loaderMiddleware: Middleware = {
  onRequest: ({ request }) => {
    if (!(request as FlaggedRequest).background) useLoaderStore.getState().start();
  },
  onResponse: ({ request }) => {
    if (!(request as FlaggedRequest).background) useLoaderStore.getState().done();
  },
  onError: ({ request }) => {
    if (!(request as FlaggedRequest).background) useLoaderStore.getState().done();
  },
};

/** Bodies larger than this are not searched for errCode on success (the server only sends it on auth flows). */
const ERRCODE_SCAN_LIMIT = 64 * 1024;

async function readJson(response: Response, onlySmall: boolean): Promise<unknown> {
  if (!(response.headers.get('Content-Type') ?? '').includes('json')) return null;
  if (onlySmall) {
    const length = Number(response.headers.get('Content-Length') ?? Number.NaN);
    if (Number.isFinite(length) && length > ERRCODE_SCAN_LIMIT) return null;
  }
  try {
    const text = await response.clone().text();
    // A good answer is only parsed a second time when it could carry an errCode at all.
    if (onlySmall && !text.includes('"errCode"')) return null;
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/**
 * Navigating answers (home, integration, login) from several requests at once are acted on
 * once: the first wins until its navigation has been asked for.
 */
let leaving: Promise<void> | null = null;
function once(run: () => Promise<void>): void {
  if (leaving) return;
  leaving = run().finally(() => {
    leaving = null;
  });
}

/** The "try again shortly" notice is shown once while it is open, however many requests met a 503. */
let unavailableShown: Promise<void> | null = null;

/** Carries out a §8 decision. Returns at once: the caller gets its answer, the effects follow. */
export function performResponseAction(action: ResponseAction, effects: HttpEffects): void {
  switch (action.kind) {
    case 'pass':
      return;
    case 'goHome':
    case 'integration':
      once(async () => effects.navigate(action.to));
      return;
    case 'timeoutLogout':
      once(async () => {
        effects.hideLoader();
        effects.rememberMoveUrl(effects.currentPath());
        await effects.alert({
          title: effects.message('login.infoTitle'),
          message: effects.message('login.logoutTimeout'),
        });
        effects.clearSession();
        effects.navigate(action.to);
      });
      return;
    case 'sessionExpired':
      once(async () => {
        effects.hideLoader();
        effects.rememberMoveUrl(effects.currentPath());
        await effects.alert({
          title: effects.message('login.infoTitle'),
          message: effects.message('session.expiredLogout'),
        });
        effects.clearSession();
        effects.navigate('/integration?type=l');
      });
      return;
    case 'unavailable':
      if (unavailableShown) return;
      effects.hideLoader();
      unavailableShown = effects
        .alert({ title: effects.message('http.unavailableTitle'), message: effects.message('http.503') })
        .finally(() => {
          unavailableShown = null;
        });
      return;
    case 'alert':
      void effects.alert({
        title: effects.message(action.titleKey),
        message: action.messageKey ? effects.message(action.messageKey) : effects.translate(action.text ?? ''),
        detail: action.detail ? effects.translate(action.detail) : undefined,
      });
      return;
  }
}

/** Spec §8: every answer goes through the error catalogue. */
function errorPolicy(isCyber: () => boolean, effects: () => HttpEffects): Middleware {
  return {
    onResponse: async ({ request, response }) => {
      const flagged = request as FlaggedRequest;
      const { pathname } = new URL(request.url);
      if (isAuthUrl(pathname) || flagged.passErrors) return undefined;
      const body = await readJson(response, response.ok);
      performResponseAction(decideResponse({ pathname, status: response.status, body, isCyber: isCyber() }), effects());
      return undefined;
    },
    onError: ({ request, error }) => {
      const flagged = request as FlaggedRequest;
      const { pathname } = new URL(request.url);
      const aborted = error instanceof DOMException && error.name === 'AbortError';
      if (!aborted && !isAuthUrl(pathname) && !flagged.passErrors) {
        const e = effects();
        void e.alert({ title: e.message('http.errorTitle'), message: e.message('http.error') });
      }
      return undefined;
    },
  };
}

/**
 * Spec §7/§8 with rotating tokens: an answer 401 AUTH008 (expired access token) triggers one
 * refresh (verify) and one retry with the new token. The body is read once into memory first,
 * so the request can be sent twice (and developer tools still show what was sent). Auth URLs
 * are never retried.
 */
function refreshingFetch(
  base: () => (request: Request) => Promise<Response>,
  tokens: () => SessionTokens | null,
  refresh: () => Promise<RefreshOutcome>,
) {
  return async (request: Request): Promise<Response> => {
    const { pathname } = new URL(request.url);
    const sentAuth = request.headers.get('Authorization');
    if (sentAuth === null || tokens() === null || isAuthUrl(pathname)) return base()(request);
    const body = request.method === 'GET' || request.method === 'HEAD' ? null : await request.arrayBuffer();
    const make = () =>
      new Request(request.url, {
        method: request.method,
        headers: new Headers(request.headers),
        body,
        signal: request.signal,
        credentials: request.credentials,
        redirect: request.redirect,
        cache: request.cache,
      });
    const response = await base()(make());
    if (response.status !== 401) return response;
    let answer: unknown = null;
    try {
      answer = await response.clone().json();
    } catch {
      return response;
    }
    if ((answer as { code?: unknown } | null)?.code !== 'AUTH008') return response;
    // Another request may have refreshed already while this one was out: then just retry.
    const before = tokens();
    const outcome = before && `Bearer ${before.accessToken}` !== sentAuth ? 'ok' : await refresh();
    const after = tokens();
    if (outcome !== 'ok' || !after) return response;
    const copy = make();
    setAuthHeaders(copy.headers, after);
    return base()(copy);
  };
}

/** Absolute, because Request objects outside browsers (jsdom, node) reject relative URLs. */
function defaultBaseUrl(): string {
  return typeof window === 'undefined' ? '' : window.location.origin;
}

function documentLanguage(): string | undefined {
  return typeof document === 'undefined' ? undefined : document.documentElement.lang || undefined;
}

let installedRefresher: () => Promise<RefreshOutcome> = async () => 'failed';

/** The app installs the verify-based refresher at start-up (app/auth/refresh.ts). */
export function setTokenRefresher(refresher: () => Promise<RefreshOutcome>): void {
  installedRefresher = refresher;
}

/** A typed client for the server's OpenAPI document (schemas/api-types.generated.ts, from `npm run codegen`). */
export function createApiClient({
  baseUrl = defaultBaseUrl(),
  isCyber = () => usePortalStore.getState().isCyber,
  language = documentLanguage,
  tokens = currentTokens,
  refresh = () => installedRefresher(),
  effects = httpEffects,
  fetch,
  loader = true,
}: ApiClientOptions = {}): ApiClient {
  // Look fetch up per request (not once at creation) so tests and tools can swap it.
  const base = (): ((request: Request) => Promise<Response>) =>
    fetch ?? ((request: Request) => globalThis.fetch(request));
  const client = createClient<paths>({ baseUrl, fetch: refreshingFetch(base, tokens, refresh) });
  if (loader) client.use(loaderMiddleware);
  client.use(standardHeaders(isCyber, language, tokens), errorPolicy(isCyber, effects));
  return client;
}

/**
 * The app's one client. It holds no state of its own: the portal, the language and the tokens
 * are read from the stores on each request, so this constant never needs to change.
 */
export const apiClient: ApiClient = createApiClient();

/** openapi-fetch options for an application/x-www-form-urlencoded body (the login forms). */
export function formBody<T extends object>(body: T) {
  return {
    body,
    bodySerializer: (b: unknown) => {
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(b as Record<string, unknown>))
        if (v !== undefined && v !== null) params.set(k, String(v));
      return params;
    },
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  };
}
