import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { homePath } from '../router/portal';
import styles from './BarePage.module.css';
import { LanguageSwitch } from './LanguageSwitch';
import type { PortalKind } from './portal-kind';

/** The frame of pages outside the portal shell: login, error and entry pages. */
export function BarePage({ portal, children }: { portal: PortalKind; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className={styles.page} data-portal={portal}>
      <div className={styles.top}>
        <Link to={homePath(portal === 'external')} className={styles.brand}>
          <span className={styles.name}>{t(`app.name.${portal}`)}</span>
          <span className={styles.subtitle}>{t(`app.subtitle.${portal}`)}</span>
        </Link>
        <LanguageSwitch tone="light" />
      </div>
      <main className={styles.content}>{children}</main>
    </div>
  );
}
