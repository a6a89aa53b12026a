import { portalKind, type PortalKind } from '../layouts/portal-kind';
import { usePortalStore } from '../stores/portal';
import { useSessionStore } from '../stores/session';

/** The portal of the current route, as the router sync last computed it from route meta. */
export function usePortalKind(): PortalKind {
  return portalKind(usePortalStore((s) => s.isCyber));
}

/**
 * For pages shared by both portals (/info401, /info500): the portal of the logged-in user when
 * there is one — a supplier refused a screen goes back to OGPMS, not GPMS — else the route's.
 */
export function useAreaPortalKind(): PortalKind {
  const routePortal = usePortalKind();
  const sessionPortal = useSessionStore((s) => s.user?.portal ?? null);
  return sessionPortal === null ? routePortal : portalKind(sessionPortal === 'X');
}
