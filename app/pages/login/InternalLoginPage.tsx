import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { authApi } from '../../auth/auth-api';
import { authCodeText } from '../../auth/auth-messages';
import { loginInternalAd, loginInternalSso } from '../../auth/login-flows';
import { effectiveLoginMode, nextModeAfterSsoFailure, usesSso, type LoginMode } from '../../auth/login-mode';
import { accessTokenParam, safeMoveUrl } from '../../auth/urls';
import { serverMessage } from '../../i18n/messages';
import { useAuthFlowStore } from '../../stores/auth-flow';
import { dialogs } from '../../ui/dialogs/dialogs';
import { PageLoading } from '../../ui/PageLoading';
import { ChangeExpiredPasswordForm } from './ChangeExpiredPasswordForm';
import type { LoginCredentials } from './LoginForm';
import { LoginPage } from './LoginPage';
import styles from './LoginPage.module.css';

type Phase =
  | { kind: 'loading' }
  | { kind: 'sso' }
  | { kind: 'form'; notice?: string }
  | { kind: 'change'; userId: string; password: string };

/**
 * /login — staff. The login mode comes from /properties/dwpAuth, overridden by the stored next
 * mode (spec §4):
 * - AD: the id/password form (auth service login, then GET /api/v1/login).
 * - SSO: single sign-on with the token the company portal put in the address — or, with an
 *   OpenID provider (ADFS) configured, a round trip there first; a failure goes to /authReq?error=CODE.
 * - SSO with AD fallback: as SSO, but a failure sets the override to AD and shows the form.
 */
export function InternalLoginPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const [mode, setMode] = useState<LoginMode>('AD');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const loginId = useAuthFlowStore((s) => s.loginId);
  const started = useRef(false);

  const goOn = () => navigate(safeMoveUrl(useAuthFlowStore.getState().takeMoveUrl(), false), { replace: true });

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = accessTokenParam(window.location.search);
    // The OpenID Connect callback returns here with a ticket (accessToken) or the failure's code.
    const ssoError = new URLSearchParams(window.location.search).get('ssoError');
    void (async () => {
      const dwp = await authApi.dwpAuth();
      const configured = dwp.type;
      const flow = useAuthFlowStore.getState();
      const effective = effectiveLoginMode(configured, flow.nextMode);
      setMode(effective);
      if (!usesSso(effective)) {
        setPhase({ kind: 'form' });
        return;
      }
      setPhase({ kind: 'sso' });
      if (!token && !ssoError && dwp.ssoStartUri) {
        // Sign in at the company's identity provider (ADFS); it sends the browser back here.
        window.location.assign(dwp.ssoStartUri);
        return;
      }
      const result = token
        ? await loginInternalSso(authApi, token)
        : ({ ok: false, status: 0, code: ssoError ?? 'AUTH003', msg: null } as const);
      if (result.ok) {
        goOn();
        return;
      }
      const next = nextModeAfterSsoFailure(configured, flow.nextMode);
      if (next === 'AD') {
        flow.setNextMode('AD');
        setMode('AD');
        setPhase({ kind: 'form', notice: t('login.ssoFallback') });
        return;
      }
      navigate(`/authReq?error=${encodeURIComponent(result.code)}`, { replace: true });
    })();
    // Runs once per visit; navigate and t are stable enough for that.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const submit = async ({ userId, password }: LoginCredentials) => {
    setBusy(true);
    setError(null);
    const result = await loginInternalAd(authApi, { userId, password }, () =>
      dialogs.confirm({ title: serverMessage(i18n, 'http.errorTitle'), message: serverMessage(i18n, 'AUTH006.retry') }),
    );
    setBusy(false);
    if (result.ok) {
      goOn();
      return;
    }
    // The password (or the first administrator's setup code) was right but must be changed first.
    if (result.code === 'AUTH103') {
      setPhase({ kind: 'change', userId, password });
      return;
    }
    setError(authCodeText(i18n, result.code, result.msg));
  };

  const changeAndLogIn = async (
    userId: string,
    current: string,
    newPassword: string,
    newPasswordCheck: string,
  ): Promise<string | null> => {
    setBusy(true);
    const changed = await authApi.changeExpiredPassword({
      systemId: 'GPMS',
      username: userId,
      password: current,
      newPassword,
      newPasswordCheck,
    });
    setBusy(false);
    if (!changed.ok) return authCodeText(i18n, changed.code, changed.msg);
    setPhase({ kind: 'form' });
    await submit({ userId, password: newPassword });
    return null;
  };

  if (phase.kind === 'loading') return <PageLoading />;
  const badge = <span className={styles.mode}>{t('login.mode', { mode: t(`login.modes.${mode}`) })}</span>;
  if (phase.kind === 'sso') {
    return (
      <LoginPage portal="internal" badge={badge}>
        <PageLoading label={t('login.ssoInProgress')} />
      </LoginPage>
    );
  }
  if (phase.kind === 'change') {
    const { userId, password } = phase;
    return (
      <LoginPage portal="internal" badge={badge}>
        <ChangeExpiredPasswordForm
          busy={busy}
          onSubmit={(next, check) => changeAndLogIn(userId, password, next, check)}
          onCancel={() => setPhase({ kind: 'form' })}
        />
      </LoginPage>
    );
  }
  return (
    <LoginPage
      portal="internal"
      badge={badge}
      onSubmit={(c) => void submit(c)}
      busy={busy}
      error={error}
      notice={phase.notice}
      initialUserId={loginId ?? ''}
    />
  );
}
