import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { PortalKind } from '../../layouts/portal-kind';
import { homePath } from '../../router/portal';
import { Button, ButtonLink } from '../../ui/Button';

/** "Home" for the page's portal, and "back" when there is somewhere to go back to. */
export function HomeAndBackActions({ portal }: { portal: PortalKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canGoBack = typeof window !== 'undefined' && window.history.length > 1;
  return (
    <>
      <ButtonLink to={homePath(portal === 'external')}>{t('common.goHome')}</ButtonLink>
      {canGoBack && (
        <Button variant="secondary" onClick={() => void navigate(-1)}>
          {t('common.goBack')}
        </Button>
      )}
    </>
  );
}
