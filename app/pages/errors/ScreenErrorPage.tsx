import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router-dom';
import { routeErrorKind } from '../../router/route-error-kind';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import styles from './ScreenErrorPage.module.css';

/**
 * A screen that failed to load or render, shown INSIDE the main layout: the menu, the breadcrumb
 * and the header stay usable, so the user can go elsewhere. Loaded with the shell (it must work
 * when a chunk does not).
 */
export function ScreenErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  const kind = routeErrorKind(error);
  if (kind !== 'notFound' && kind !== 'unavailable') console.error('Screen error', error);
  const key = kind === 'server' ? 'screen' : kind;
  const title = t(`error.${key}.title`);
  const body = t(`error.${key}.body`);
  return (
    <div className={styles.page} role="alert">
      <Card title={title}>
        <p className={styles.body}>{body}</p>
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => window.location.reload()}>
            {t('common.reload')}
          </Button>
        </div>
      </Card>
    </div>
  );
}
