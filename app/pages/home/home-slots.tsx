import type { ComponentType } from 'react';
import type { PortalKind } from '../../layouts/portal-kind';
import { InternalNoticesCard } from './InternalNoticesCard';
import { InternalPurchaseCards, SupplierPurchaseCards } from './PurchaseCards';
import { SupplierNoticesCard } from './SupplierNoticesCard';

/**
 * ─── HOME PAGE SLOT ───────────────────────────────────────────────────────────────────────────
 * Cards other features add to the home pages (SubMain / CyberSubMain). The purchasing issue adds
 * its "pending approvals" card here, e.g.
 *     { id: 'pendingApprovals', portals: ['internal'], Component: PendingApprovalsCard }
 * Each card loads its own data; the home page only places it after the user and link cards.
 * ─────────────────────────────────────────────────────────────────────────────────────────────
 */
export interface HomeCard {
  id: string;
  portals: PortalKind[];
  Component: ComponentType<{ portal: PortalKind }>;
}

const HOME_CARDS: HomeCard[] = [
  { id: 'purchase', portals: ['internal'], Component: InternalPurchaseCards },
  // screens.md: the internal home shows notices too.
  { id: 'internalNotices', portals: ['internal'], Component: InternalNoticesCard },
  { id: 'cyberPurchase', portals: ['external'], Component: SupplierPurchaseCards },
  { id: 'supplierNotices', portals: ['external'], Component: SupplierNoticesCard },
];

export function homeCardsFor(portal: PortalKind, cards: HomeCard[] = HOME_CARDS): HomeCard[] {
  return cards.filter((c) => c.portals.includes(portal));
}
