import { useTranslation } from 'react-i18next';
import { useAreaPortalKind } from '../../router/use-portal-kind';
import { HomeAndBackActions } from './HomeAndBackActions';
import { MessagePage } from './MessagePage';

/** /info500 — where any login-check answer other than OK, GPMS005 and GPMS006 leads (spec §4). */
export function Info500Page() {
  const { t } = useTranslation();
  const portal = useAreaPortalKind();
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
