/**
 * Spec §8 general response handling as one pure decision: given where a request went and
 * what came back, what the app must do. The middleware in client.ts carries it out.
 */

/** Spec §8: these pass their errors to the caller (login pages and guards handle them). */
export const AUTH_URLS: readonly string[] = [
  '/api/v1/login',
  '/api/v1/addUser',
  '/api/v1/cyberLogin',
  '/api/v1/cyberCheckOtp',
  '/api/v1/loginCheck',
  '/api/v1/cyberAdLogin',
];

/** The auth service's own calls (login, verify, logout, reset) belong to the login flows too. */
const AUTH_SERVICE_PREFIX = '/auth/api/';

/** Spec §8: an errCode in this answer does not send the user home. */
const VERIFY_V2_PATH = '/api/v2/verify';

export function isAuthUrl(pathname: string): boolean {
  return AUTH_URLS.includes(pathname) || pathname.startsWith(AUTH_SERVICE_PREFIX);
}

/** Status → message key of spec §8's alert. */
const STATUS_MESSAGE_KEYS: Readonly<Record<number, string>> = {
  400: 'http.400',
  401: 'http.401',
  403: 'http.403',
  404: 'http.404',
  500: 'http.500',
  502: 'http.502',
};

export type ResponseAction =
  | { kind: 'pass' }
  /** errCode in the body: go to the portal's root. */
  | { kind: 'goHome'; to: string }
  /** CMM-0005: the session is gone on the portal side. */
  | { kind: 'integration'; to: '/integration?type=l' }
  /** GPMS005: hide the loader, alert the timeout logout, go to the area's login. */
  | { kind: 'timeoutLogout'; to: string }
  /** AUTH008 that a refresh could not cure: the session-expiry logout. */
  | { kind: 'sessionExpired' }
  /**
   * 503 with DATABASE_UNAVAILABLE, or without a code of ours (a balancer's or a stopping server's
   * 503): a passing condition — a calm "try again shortly", not an error, shown once at a time.
   */
  | { kind: 'unavailable' }
  /**
   * An alert titled "error". `messageKey` is a message key; `text` a message from the server to
   * show as it is (after translation, spec "msg translated"); `detail` the server's own message
   * under a status message when it says more.
   */
  | { kind: 'alert'; titleKey: 'http.errorTitle'; messageKey?: string; text?: string; detail?: string };

export interface ResponseFacts {
  pathname: string;
  status: number;
  /** The parsed JSON body, or null. */
  body: unknown;
  /** The portal the request was made from. */
  isCyber: boolean;
  /** The caller asked to handle errors itself (e.g. a lookup that shows its own message). */
  passErrors?: boolean;
}

function field(body: unknown, name: string): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const v = (body as Record<string, unknown>)[name];
  return typeof v === 'string' && v !== '' ? v : null;
}

export function decideResponse({ pathname, status, body, isCyber, passErrors }: ResponseFacts): ResponseAction {
  if (isAuthUrl(pathname) || passErrors) return { kind: 'pass' };
  const errCode = field(body, 'errCode');
  const code = field(body, 'code');
  if (errCode === 'CMM-0005' || code === 'CMM-0005') return { kind: 'integration', to: '/integration?type=l' };
  if (errCode !== null && pathname !== VERIFY_V2_PATH) return { kind: 'goHome', to: isCyber ? '/cyber' : '/' };
  if (status >= 200 && status < 300) return { kind: 'pass' };
  if (code === 'GPMS005') return { kind: 'timeoutLogout', to: isCyber ? '/cyberLogin' : '/login' };
  if (status === 401 && code === 'AUTH008') return { kind: 'sessionExpired' };
  if (status === 503 && (code === null || code === 'DATABASE_UNAVAILABLE')) return { kind: 'unavailable' };
  const msg = field(body, 'msg');
  const key = STATUS_MESSAGE_KEYS[status];
  if (key) return { kind: 'alert', titleKey: 'http.errorTitle', messageKey: key, detail: msg ?? undefined };
  if (msg) return { kind: 'alert', titleKey: 'http.errorTitle', text: msg };
  return { kind: 'alert', titleKey: 'http.errorTitle', messageKey: 'http.error' };
}
