import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { logout } from '../auth/logout';
import { homePath } from '../router/portal';
import { useSessionStore } from '../stores/session';
import styles from './AppHeader.module.css';
import { LanguageSwitch } from './LanguageSwitch';
import type { PortalKind } from './portal-kind';

/** Product name (GPMS / OGPMS) linking home, who is logged in, logout and the language switch. */
export function AppHeader({ portal }: { portal: PortalKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loginData = useSessionStore((s) => s.loginData);
  const user = useSessionStore((s) => s.user);
  const [leaving, setLeaving] = useState(false);
  const isCyber = portal === 'external';
  // Staff: department and name; suppliers: company and name.
  const affiliation = isCyber ? (user?.compNameKr ?? '') : (loginData?.deptnm ?? '');

  const onLogout = async () => {
    setLeaving(true);
    const target = await logout(isCyber);
    // An SSO logout continues at the server and the provider: a full page load, not a route.
    if (target.kind === 'document') window.location.assign(target.to);
    else navigate(target.to, { replace: true });
  };

  return (
    <header className={styles.header}>
      <Link to={homePath(isCyber)} className={styles.brand}>
        <span className={styles.name}>{t(`app.name.${portal}`)}</span>
        <span className={styles.subtitle}>{t(`app.subtitle.${portal}`)}</span>
      </Link>
      <div className={styles.tools}>
        {loginData && (
          <span className={styles.user} data-testid="header-user">
            {affiliation ? `${affiliation} ` : ''}
            <strong>{loginData.hname}</strong>
            {t('header.honorific')}
          </span>
        )}
        <LanguageSwitch />
        {loginData && (
          <button type="button" className={styles.logout} onClick={() => void onLogout()} disabled={leaving}>
            {t('header.logout')}
          </button>
        )}
      </div>
    </header>
  );
}
