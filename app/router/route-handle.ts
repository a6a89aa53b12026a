/**
 * What every route says about itself (react-router's `handle`). Spec §2: route meta carries
 * isCyber to separate external routes from internal ones; public routes skip the login check;
 * spec §4: routes flagged as needing extra authentication (the two main layouts) attempt a
 * login when nobody is logged in and verify the token when someone is.
 */
export interface RouteHandle {
  /** True on the external (OGPMS, /cyber) portal. */
  isCyber: boolean;
  /** True when the route needs no login (login, error and entry pages). */
  public: boolean;
  /** i18n key naming the page, for headings and breadcrumbs. */
  titleKey: string;
  /** Spec §4 "routes flagged as needing extra authentication". */
  extraAuth?: boolean;
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.isCyber === 'boolean' &&
    typeof v.public === 'boolean' &&
    typeof v.titleKey === 'string' &&
    (v.extraAuth === undefined || typeof v.extraAuth === 'boolean')
  );
}
