import { useContext, useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, UNSAFE_DataRouterStateContext } from 'react-router-dom';
import { SessionExpiryWarning } from '../auth/SessionExpiryWarning';
import { useLogout } from '../auth/use-logout';
import { useSessionStore } from '../stores/session';
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

/** Header, main menu, breadcrumb and content area: the frame of every logged-in page of one portal. */
export function PortalShell({ portal, children }: PortalShellProps) {
  const { t } = useTranslation();
  const menus = useVisibleMenus(useSessionStore((s) => s.menus));
  const userId = useSessionStore((s) => s.user?.userId ?? s.loginData?.singleid ?? null);
  const [menuStyle, setMenuStyle] = useMenuStyle(userId);
  // A public page (spec §2 templates) opened by a visitor with no login: no menu to show.
  const anonymous = userId === null;
  // While the next page's code and data load, the page being left stays on screen: it must not take
  // clicks or keys meant for the next one (a list's own buttons act on its selected row). Stories
  // render the shell without a data router: no navigation, nothing to hold.
  const leaving = useContext(UNSAFE_DataRouterStateContext)?.navigation.state === 'loading';
  const mainRef = useRef<HTMLElement>(null);
  const leave = useLogout(portal === 'external');
  useEffect(() => {
    mainRef.current?.toggleAttribute('inert', leaving);
  }, [leaving]);
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
