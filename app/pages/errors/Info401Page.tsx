import { useTranslation } from 'react-i18next';
import { useAreaPortalKind } from '../../router/use-portal-kind';
import { HomeAndBackActions } from './HomeAndBackActions';
import { MessagePage } from './MessagePage';

/** /info401 — where a login check answering GPMS006 sends the user (spec §4). */
export function Info401Page() {
  const { t } = useTranslation();
  const portal = useAreaPortalKind();
  return (
    <MessagePage
      portal={portal}
      badge="401"
      title={t('error.info401.title')}
      body={t('error.info401.body')}
      actions={<HomeAndBackActions portal={portal} />}
    />
  );
}
