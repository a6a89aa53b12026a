import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { MessagePage } from '../errors/MessagePage';
import { loginPath, isCyberPathname } from '../../router/portal';
import { useAuthFlowStore } from '../../stores/auth-flow';
import { ButtonLink } from '../../ui/Button';

/**
 * /integration — the external portal's entry. Its loader handles the partner portal's AD
 * hand-over (spec §4); what remains to show is the entry page. After a session loss the user
 * is sent to /integration?type=l (spec §8): the page says so and offers the login of the area
 * the user was in (the remembered address tells which), with the other one beside it.
 */
export function IntegrationPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const sessionLost = params.get('type') === 'l';
  const moveUrl = useAuthFlowStore((s) => s.moveUrl);
  const internalArea = sessionLost && moveUrl !== null && !isCyberPathname(moveUrl);
  return (
    <MessagePage
      portal={internalArea ? 'internal' : 'external'}
      badge={internalArea ? 'GPMS' : 'OGPMS'}
      title={internalArea ? t('integration.titleInternal') : t('integration.title')}
      body={sessionLost ? t('integration.sessionLost') : t('integration.default')}
      actions={
        internalArea ? (
          <>
            <ButtonLink to={loginPath(false)}>{t('integration.toInternalLogin')}</ButtonLink>
            <ButtonLink variant="secondary" to={loginPath(true)}>
              {t('integration.toLogin')}
            </ButtonLink>
          </>
        ) : (
          <ButtonLink to={loginPath(true)}>{t('integration.toLogin')}</ButtonLink>
        )
      }
    />
  );
}
