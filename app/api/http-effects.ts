import type { AlertOptions } from '../ui/dialogs/dialogs';

/**
 * What the HTTP client may do to the app when an answer calls for it (spec §8): show an alert,
 * navigate, hide the loader, forget the login. The app installs the real ones at start-up
 * (app/router/create-app-router.ts); tests install fakes. Kept behind this seam so the client
 * never imports the router or React.
 */
export interface HttpEffects {
  /** Resolves when the user has closed it. */
  alert: (options: AlertOptions) => Promise<void>;
  navigate: (to: string) => void;
  /** pathname + search + hash of the page the user is on. */
  currentPath: () => string;
  hideLoader: () => void;
  /** Forgets the login data and tokens (session storage). */
  clearSession: () => void;
  rememberMoveUrl: (url: string) => void;
  /** Message text for a server message key (with the bundled default). */
  message: (key: string) => string;
  /** Spec §8 "msg translated". */
  translate: (msg: string) => string;
}

const fallback: HttpEffects = {
  alert: async ({ title, message }) => {
    console.warn(`[http] ${title}: ${message}`);
  },
  navigate: (to) => {
    if (typeof window !== 'undefined') window.location.assign(to);
  },
  currentPath: () =>
    typeof window === 'undefined' ? '/' : `${window.location.pathname}${window.location.search}${window.location.hash}`,
  hideLoader: () => {},
  clearSession: () => {},
  rememberMoveUrl: () => {},
  message: (key) => key,
  translate: (msg) => msg,
};

let installed: HttpEffects = fallback;

export function setHttpEffects(effects: Partial<HttpEffects>): void {
  installed = { ...fallback, ...effects };
}

export function httpEffects(): HttpEffects {
  return installed;
}
