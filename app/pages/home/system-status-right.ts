import type { PortalKind } from '../../layouts/portal-kind';
import type { MenuItem } from '../../stores/session';

/** The system administration screens (메시지관리, 개인정보 접근기록 …): whoever has one of them runs the system. */
const SYSTEM_MENU_PREFIX = '/portal/system/';

function hasSystemMenu(menus: readonly MenuItem[]): boolean {
  return menus.some(
    (m) => (m.sspUrl ?? '').startsWith(SYSTEM_MENU_PREFIX) || (m.childs ? hasSystemMenu(m.childs) : false),
  );
}

/**
 * Who sees the server's status card (is it up, which database answers): staff with a system
 * administration menu. Never a supplier: the card names the server's database, which is none of a
 * supplier's business, and most staff have nothing to do about it either.
 */
export function canSeeSystemStatus(portal: PortalKind, menus: readonly MenuItem[]): boolean {
  return portal === 'internal' && hasSystemMenu(menus);
}
