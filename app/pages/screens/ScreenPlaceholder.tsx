import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { menuTrail } from '../../layouts/menu/menu-tree';
import { usePortalStore } from '../../stores/portal';
import { useSessionStore } from '../../stores/session';
import { Card } from '../../ui/Card';
import styles from './ScreenPlaceholder.module.css';

/**
 * A screen of spec §2 the screen engine has not mounted yet: inside the right main layout
 * (guarded, with menu and breadcrumb), named after its menu entry, saying it is on its way.
 */
export function ScreenPlaceholder() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const isCyber = usePortalStore((s) => s.isCyber);
  const menus = useSessionStore((s) => s.menus);
  const trail = menuTrail(menus, pathname, isCyber);
  const name = trail.length > 0 ? trail[trail.length - 1].pgmName : pathname;
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{name}</h1>
      <Card title={t('screen.preparingTitle')} labelledBy="screen-placeholder-title">
        <p className={styles.body}>{t('screen.preparingBody')}</p>
        <p className={styles.path}>
          <code>{pathname}</code>
        </p>
      </Card>
    </div>
  );
}
