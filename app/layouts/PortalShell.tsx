import { useContext, useEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, UNSAFE_DataRouterContext, UNSAFE_DataRouterStateContext } from 'react-router-dom';
import { SessionExpiryWarning } from '../auth/SessionExpiryWarning';
import { useLogout } from '../auth/use-logout';
import { useSessionStore } from '../stores/session';
import { useLoaderStore } from '../ui/loader/loader';
import { AppHeader } from './AppHeader';
import { Breadcrumb } from './menu/Breadcrumb';
import { useVisibleMenus } from './menu/dev-menus';
import { MenuBar } from './menu/MenuBar';
import { useMenuStyle } from './menu/menu-style';
import type { PortalKind } from './portal-kind';
import styles from './PortalShell.module.css';

export interface PortalShellProps {
  portal: PortalKind;
  /** The page; defaults to the matched child route. Stories pass content directly. */
  children?: ReactNode;
}

const never = () => () => undefined;

/**
 * True from the click until the next page is on screen: while the router loads it (its guard, its
 * chunk) and then while React renders it — the router hands the new page to React in a transition,
 * so a page that still suspends (a screen kind's chunk) keeps the old one up after the address has
 * changed. The router's own location (read outside the transition) differs from the one this render
 * shows until the new page commits. Stories render the shell without a data router: nothing to hold.
 */
function useLeaving(): boolean {
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const shownKey = useContext(UNSAFE_DataRouterStateContext)?.location.key;
  const routerState = useSyncExternalStore(router ? router.subscribe : never, () =>
    router ? `${router.state.navigation.state} ${router.state.location.key}` : '',
  );
  if (!router) return false;
  const [navigation, routerKey] = routerState.split(' ');
  return navigation === 'loading' || (shownKey !== undefined && routerKey !== shownKey);
}

/** Header, main menu, breadcrumb and content area: the frame of every logged-in page of one portal. */
export function PortalShell({ portal, children }: PortalShellProps) {
  const { t } = useTranslation();
  const menus = useVisibleMenus(useSessionStore((s) => s.menus));
  const userId = useSessionStore((s) => s.user?.userId ?? s.loginData?.singleid ?? null);
  const [menuStyle, setMenuStyle] = useMenuStyle(userId);
  // A public page (spec §2 templates) opened by a visitor with no login: no menu to show.
  const anonymous = userId === null;
  // While the next page's code and data load, the page being left stays on screen: it must not take
  // clicks or keys meant for the next one (a list's own buttons act on its selected row).
  const leaving = useLeaving();
  const mainRef = useRef<HTMLElement>(null);
  const leave = useLogout(portal === 'external');
  useEffect(() => {
    mainRef.current?.toggleAttribute('inert', leaving);
    useLoaderStore.getState().setChanging(leaving);
  }, [leaving]);
  useEffect(() => () => useLoaderStore.getState().setChanging(false), []);
  return (
    <div className={styles.shell} data-portal={portal}>
      <a className={styles.skip} href="#main-content">
        {t('app.skipToContent')}
      </a>
      <AppHeader portal={portal} />
      {!anonymous && <MenuBar portal={portal} menus={menus} style={menuStyle} onStyleChange={setMenuStyle} />}
      <div className={styles.body}>
        {!anonymous && (
          <div className={styles.crumbs}>
            <Breadcrumb portal={portal} menus={menus} />
          </div>
        )}
        <main ref={mainRef} id="main-content" className={styles.main} tabIndex={-1} aria-busy={leaving || undefined}>
          {children ?? <Outlet />}
        </main>
      </div>
      <footer className={styles.footer}>{t('app.footer')}</footer>
      {!anonymous && <SessionExpiryWarning onLogout={() => void leave()} />}
    </div>
  );
}
