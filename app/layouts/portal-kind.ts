/** The two portals, as layouts and pages name them. */
export type PortalKind = 'internal' | 'external';

export function portalKind(isCyber: boolean): PortalKind {
  return isCyber ? 'external' : 'internal';
}
