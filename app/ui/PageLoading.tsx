import { useTranslation } from 'react-i18next';
import styles from './PageLoading.module.css';

/** Shown while the first route chunk of the session downloads. */
export function PageLoading({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className={styles.loading} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      <span>{label ?? t('common.loading')}</span>
    </div>
  );
}
