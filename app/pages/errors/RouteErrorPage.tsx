import { useTranslation } from 'react-i18next';
import { useLocation, useRouteError } from 'react-router-dom';
import { portalKind } from '../../layouts/portal-kind';
import { isCyberPathname } from '../../router/portal';
import { routeErrorKind } from '../../router/route-error-kind';
import { Button } from '../../ui/Button';
import { HomeAndBackActions } from './HomeAndBackActions';
import { MessagePage } from './MessagePage';

/**
 * The router's last line: what a route threw while loading or rendering. Loaded eagerly with
 * the shell, because it must work when a route chunk could not be loaded.
 */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  const { pathname } = useLocation();
  const portal = portalKind(isCyberPathname(pathname));
  const kind = routeErrorKind(error);
  if (kind !== 'notFound' && kind !== 'unavailable') console.error('Route error', error);

  if (kind === 'notFound') {
    return (
      <MessagePage
        portal={portal}
        badge="404"
        title={t('error.notFound.title')}
        body={t('error.notFound.body')}
        actions={<HomeAndBackActions portal={portal} />}
      />
    );
  }
  if (kind === 'unavailable') {
    return (
      <MessagePage
        portal={portal}
        badge="…"
        title={t('error.unavailable.title')}
        body={t('error.unavailable.body')}
        actions={<Button onClick={() => window.location.reload()}>{t('common.retry')}</Button>}
      />
    );
  }
  if (kind === 'chunk') {
    return (
      <MessagePage
        portal={portal}
        badge="!"
        tone="danger"
        title={t('error.chunk.title')}
        body={t('error.chunk.body')}
        actions={<Button onClick={() => window.location.reload()}>{t('common.reload')}</Button>}
      />
    );
  }
  return (
    <MessagePage
      portal={portal}
      badge="500"
      tone="danger"
      title={t('error.info500.title')}
      body={t('error.info500.body')}
      actions={<HomeAndBackActions portal={portal} />}
    />
  );
}
