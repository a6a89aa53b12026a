import { useTranslation } from 'react-i18next';
import { usePortalKind } from '../../router/use-portal-kind';
import { HomeAndBackActions } from './HomeAndBackActions';
import { MessagePage } from './MessagePage';

/** Any address no route knows (`*`, and `/cyber/*` inside the external portal). */
export function NotFoundPage() {
  const { t } = useTranslation();
  const portal = usePortalKind();
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
