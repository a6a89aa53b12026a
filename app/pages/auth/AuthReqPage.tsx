import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { authCodeText, isKnownAuthCode } from '../../auth/auth-messages';
import { MessagePage } from '../errors/MessagePage';
import type { PortalKind } from '../../layouts/portal-kind';
import { loginPath } from '../../router/portal';
import { ButtonLink } from '../../ui/Button';

/**
 * /authReq and /cyberAuthReq: a failed automatic login lands here with ?error=CODE (spec §4,
 * §8). Known codes get their Korean (or English) message; anything else a generic one, with
 * the code shown for support.
 */
export function AuthReqPage({ portal }: { portal: PortalKind }) {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const raw = params.get('error')?.trim() ?? '';
  // Whatever arrives in the address is shown as text only, and kept short.
  const code = raw.slice(0, 40);
  const known = code !== '' && isKnownAuthCode(i18n, code);
  return (
    <MessagePage
      portal={portal}
      badge="!"
      tone="danger"
      title={t('authReq.title')}
      body={known ? authCodeText(i18n, code) : t('authReq.unknown')}
      detail={code ? `${t('error.code')}: ${code}` : undefined}
      actions={<ButtonLink to={loginPath(portal === 'external')}>{t('authReq.toLogin')}</ButtonLink>}
    />
  );
}

export function InternalAuthReqPage() {
  return <AuthReqPage portal="internal" />;
}

export function ExternalAuthReqPage() {
  return <AuthReqPage portal="external" />;
}
