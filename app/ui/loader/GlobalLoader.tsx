import { useTranslation } from 'react-i18next';
import styles from './GlobalLoader.module.css';
import { loaderVisible, useLoaderStore } from './loader';

/** A thin bar along the top of the window while requests or a page change are under way (shown after 100 ms: the stylesheet). */
export function GlobalLoader() {
  const { t } = useTranslation();
  const visible = useLoaderStore(loaderVisible);
  if (!visible) return null;
  return (
    <div className={styles.bar} role="progressbar" aria-label={t('common.loading')} aria-busy="true">
      <span className={styles.runner} />
    </div>
  );
}
