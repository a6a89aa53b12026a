import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { authApi } from '../../auth/auth-api';
import { authCodeText } from '../../auth/auth-messages';
import { ACCESS_TOKEN_PARAM, REFRESH_TOKEN_PARAM } from '../../auth/urls';
import { MessagePage } from '../errors/MessagePage';
import { ExternalLoginFlow } from './ExternalLoginFlow';
import type { LoginCredentials } from './LoginForm';
import { LoginPage } from './LoginPage';

/**
 * The return address a hand-over may go to: same origin only, so this page can never be used
 * to send someone's tokens elsewhere. Null when it is missing or foreign.
 */
export function sameOriginReturn(raw: string | null, origin: string): URL | null {
  if (!raw) return null;
  try {
    const url = new URL(raw, origin);
    return url.origin === origin ? url : null;
  } catch {
    return null;
  }
}

/** The return address with the tokens (and the user id) the portal logs in with. */
export function handOverUrl(back: URL, tokens: { accessToken: string; refreshToken: string }, userId: string): string {
  const url = new URL(back.toString());
  url.searchParams.set('userId', userId);
  url.searchParams.set(REFRESH_TOKEN_PARAM, tokens.refreshToken);
  // Last, as the portals expect the access token at the end of the address.
  url.searchParams.set(ACCESS_TOKEN_PARAM, tokens.accessToken);
  return url.toString();
}

/**
 * /auth/login — the auth service's login page (the `loginUri` of /properties/dwpAuth), where the
 * external AD entry sends a supplier (spec §4): id, password and the one-time code for OGPMS,
 * id and password for GPMS; then back to `redirect_uri` with the tokens in the address.
 */
export function AuthServerLoginPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const systemId = params.get('systemId') === 'GPMS' ? 'GPMS' : 'OGPMS';
  const portal = systemId === 'OGPMS' ? 'external' : 'internal';
  const back = sameOriginReturn(params.get('redirect_uri'), window.location.origin);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (!back) {
    return (
      <MessagePage
        portal={portal}
        badge="!"
        tone="danger"
        title={t('authServer.badReturnTitle')}
        body={t('authServer.badReturnBody')}
        actions={null}
      />
    );
  }

  const external = async (userId: string, password: string, otpNum: string) => {
    const r = await authApi.loginIdpw({ systemId: 'OGPMS', username: userId, password, otpNum });
    if (!r.ok) return r;
    window.location.assign(handOverUrl(back, r.data, userId));
    return { ok: true as const };
  };

  const internal = async ({ userId, password }: LoginCredentials) => {
    setBusy(true);
    setError(null);
    const r = await authApi.loginIdpw({ systemId: 'GPMS', username: userId, password });
    setBusy(false);
    if (!r.ok) {
      setError(authCodeText(i18n, r.code, r.msg));
      return;
    }
    window.location.assign(handOverUrl(back, r.data, userId));
  };

  return (
    <LoginPage
      portal={portal}
      title={t('authServer.title')}
      subtitle={t('authServer.subtitle', { system: systemId })}
      hideOtherPortal
      busy={busy}
      error={error}
      onSubmit={(c) => void internal(c)}
    >
      {portal === 'external' ? <ExternalLoginFlow api={authApi} verify={external} /> : undefined}
    </LoginPage>
  );
}
