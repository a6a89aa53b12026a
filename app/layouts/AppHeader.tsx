import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useLogout } from '../auth/use-logout';
import { homePath } from '../router/portal';
import { useSessionStore } from '../stores/session';
import styles from './AppHeader.module.css';
import { LanguageSwitch } from './LanguageSwitch';
import type { PortalKind } from './portal-kind';
import { useShellText } from './shell-texts';

/** Product name (GPMS / OGPMS) linking home, who is logged in, logout and the language switch. */
export function AppHeader({ portal }: { portal: PortalKind }) {
  const { t } = useShellText();
  const loginData = useSessionStore((s) => s.loginData);
  const user = useSessionStore((s) => s.user);
  const [leaving, setLeaving] = useState(false);
  const isCyber = portal === 'external';
  // Staff: department and name; suppliers: company and name.
  const affiliation = isCyber ? (user?.compNameKr ?? '') : (loginData?.deptnm ?? '');

  const leave = useLogout(isCyber);
  const onLogout = async () => {
    setLeaving(true);
    await leave();
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
