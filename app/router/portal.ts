import { isRouteHandle } from './route-handle';

/** Product names double as document titles (spec §2: OGPMS external, GPMS internal). */
const INTERNAL_TITLE = 'GPMS';
const EXTERNAL_TITLE = 'OGPMS';

/** Spec §4: the portal is external if ANY matched route is flagged external. */
export function isCyberMatch(handles: readonly unknown[]): boolean {
  return handles.some((h) => isRouteHandle(h) && h.isCyber);
}

/** A route is public only if the deepest route that says anything says so. */
export function isPublicMatch(handles: readonly unknown[]): boolean {
  const own = handles.filter(isRouteHandle);
  return own.length > 0 && own[own.length - 1].public;
}

/** The deepest route's title key, or null when no matched route declares one. */
export function titleKeyOf(handles: readonly unknown[]): string | null {
  const own = handles.filter(isRouteHandle);
  return own.length > 0 ? own[own.length - 1].titleKey : null;
}

export function documentTitle(isCyber: boolean): string {
  return isCyber ? EXTERNAL_TITLE : INTERNAL_TITLE;
}

/** Where "home" is for a portal. */
export function homePath(isCyber: boolean): string {
  return isCyber ? '/cyber' : '/';
}

/** Where the login page is for a portal (spec §4: the matching login path). */
export function loginPath(isCyber: boolean): string {
  return isCyber ? '/cyberLogin' : '/login';
}

/**
 * Best guess of the portal from the address alone, for pages that belong to neither portal
 * (not found, error pages) and must still send the user to the right home.
 */
export function isCyberPathname(pathname: string): boolean {
  // /cyber, /cyber/…, /cyberLogin and /cyberAuthReq all belong to the external portal.
  return pathname.startsWith('/cyber');
}

/**
 * Spec §4: a matched route flagged as needing extra authentication. A public page (spec §2's
 * templates: the supplier application wizard is for companies that have no login yet) does not
 * inherit the flag from the layout it is drawn in; it needs it only if it says so itself.
 */
export function needsExtraAuth(handles: readonly unknown[]): boolean {
  const own = handles.filter(isRouteHandle);
  const deepest = own[own.length - 1];
  if (deepest?.public) return deepest.extraAuth === true;
  return own.some((h) => h.extraAuth === true);
}
