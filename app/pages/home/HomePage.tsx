import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchReadiness } from '../../api/health';
import { fetchCommonResources } from '../../api/resources';
import { useAsync } from '../../hooks/use-async';
import { DEFAULT_LANGUAGE, normaliseLanguage } from '../../i18n/language';
import type { PortalKind } from '../../layouts/portal-kind';
import { useSessionStore } from '../../stores/session';
import { useVisibleMenus } from '../../layouts/menu/dev-menus';
import { homeCardsFor } from './home-slots';
import { HomeView } from './HomeView';
import { canSeeSystemStatus } from './system-status-right';

/**
 * Home of either portal (SubMain, CyberSubMain): the user's screens as quick links, who is
 * logged in (this and the previous login), the server status (to whoever runs the system) and the
 * common resources; cards
 * of other features plug in through home-slots.tsx.
 */
export function HomePage({ portal }: { portal: PortalKind }) {
  const { i18n } = useTranslation();
  const lang = normaliseLanguage(i18n.language) ?? DEFAULT_LANGUAGE;
  const loadResources = useCallback((signal: AbortSignal) => fetchCommonResources(lang, signal), [lang]);
  const loginData = useSessionStore((s) => s.loginData);
  const user = useSessionStore((s) => s.user);
  const allMenus = useSessionStore((s) => s.menus);
  const menus = useVisibleMenus(allMenus);
  // The server's status only for whoever runs the system (never a supplier): nobody else's page asks for it.
  const showStatus = canSeeSystemStatus(portal, allMenus);
  const loadReadiness = useCallback(
    (signal: AbortSignal) => (showStatus ? fetchReadiness(signal) : new Promise<never>(() => {})),
    [showStatus],
  );
  const readiness = useAsync(loadReadiness);
  const resources = useAsync(loadResources);
  const extra = homeCardsFor(portal);
  return (
    <HomeView
      portal={portal}
      readiness={showStatus ? readiness : undefined}
      resources={resources}
      onRecheck={readiness.reload}
      onRetryResources={resources.reload}
      loginData={loginData}
      user={user}
      menus={menus}
      extraCards={
        extra.length > 0 ? extra.map(({ id, Component }) => <Component key={id} portal={portal} />) : undefined
      }
    />
  );
}
