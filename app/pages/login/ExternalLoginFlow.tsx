import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { authApi, type AuthApi, type Failure } from '../../auth/auth-api';
import { authCodeText } from '../../auth/auth-messages';
import { isValidOtp, normaliseOtp } from '../../auth/login-flows';
import { Button } from '../../ui/Button';
import { ChangeExpiredPasswordForm } from './ChangeExpiredPasswordForm';
import { LoginForm, type LoginCredentials } from './LoginForm';
import styles from './LoginForm.module.css';

export type OtpChannel = 'SMS' | 'EMAIL';

export interface ExternalLoginFlowProps {
  /** changeExpiredPassword: after AUTH103 (defaults to the real auth service). */
  api: Pick<AuthApi, 'cyberLogin'> & Partial<Pick<AuthApi, 'changeExpiredPassword'>>;
  /** Step 2: checks the code and logs in; a failure keeps the user on the code step. */
  verify: (userId: string, password: string, otpNum: string) => Promise<{ ok: true } | Failure>;
  initialUserId?: string;
}

type Step =
  | { kind: 'credentials' }
  | { kind: 'change'; credentials: LoginCredentials }
  | { kind: 'code'; userId: string; password: string; channel: OtpChannel; destination: string; expiresAt: number };

/** Seconds left until `expiresAt`, never below zero. */
export function secondsLeft(expiresAt: number, nowMs: number): number {
  return Math.max(0, Math.ceil((expiresAt - nowMs) / 1000));
}

export function formatCountdown(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * The supplier login (spec §7 cyberLogin → cyberCheckOtp): id, password and where the one-time
 * code goes; then the code, with its remaining validity, a resend, and a way back. A missing
 * phone or e-mail for the chosen channel (OTP_NO_CELL_PHONE / OTP_NO_EMAIL) is explained with
 * an offer to use the other channel.
 */
export function ExternalLoginFlow({ api, verify, initialUserId = '' }: ExternalLoginFlowProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [step, setStep] = useState<Step>({ kind: 'credentials' });
  const [channel, setChannel] = useState<OtpChannel>('SMS');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [missing, setMissing] = useState<{ channel: OtpChannel; credentials: LoginCredentials } | null>(null);
  const [code, setCode] = useState('');
  const [now, setNow] = useState(() => Date.now());
  const codeRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (step.kind !== 'code') return;
    codeRef.current?.focus();
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [step]);

  const send = async (credentials: LoginCredentials, via: OtpChannel) => {
    setBusy(true);
    setError(null);
    setMissing(null);
    const r = await api.cyberLogin(credentials.userId, credentials.password, via);
    setBusy(false);
    if (!r.ok) {
      // Right password, but it must be changed first (an expired one, or a demo account of a production start).
      if (r.code === 'AUTH103') return setStep({ kind: 'change', credentials });
      if (r.code === 'OTP_NO_CELL_PHONE' || r.code === 'OTP_NO_EMAIL') setMissing({ channel: via, credentials });
      setError(authCodeText(i18n, r.code, r.msg));
      return;
    }
    setCode('');
    // One clock reading for both: read twice, a millisecond apart, the countdown began at 3:01.
    const sentAt = Date.now();
    setNow(sentAt);
    setStep({
      kind: 'code',
      userId: credentials.userId,
      password: credentials.password,
      channel: r.data.channel,
      destination: r.data.destination,
      expiresAt: sentAt + r.data.expiresIn * 1000,
    });
  };

  const submitCode = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (step.kind !== 'code' || busy) return;
    if (!isValidOtp(code)) {
      setError(t('login.otp.invalidFormat'));
      return;
    }
    setBusy(true);
    setError(null);
    const r = await verify(step.userId, step.password, normaliseOtp(code));
    setBusy(false);
    if (!r.ok) {
      setError(authCodeText(i18n, r.code, r.msg));
      if (r.code !== 'AUTH013') setStep({ kind: 'credentials' });
    }
  };

  if (step.kind === 'change') {
    const { credentials } = step;
    const change = async (newPassword: string, newPasswordCheck: string): Promise<string | null> => {
      setBusy(true);
      const r = await (api.changeExpiredPassword ?? authApi.changeExpiredPassword)({
        systemId: 'OGPMS',
        username: credentials.userId,
        password: credentials.password,
        newPassword,
        newPasswordCheck,
      });
      setBusy(false);
      if (!r.ok) return authCodeText(i18n, r.code, r.msg);
      setStep({ kind: 'credentials' });
      await send({ userId: credentials.userId, password: newPassword }, channel);
      return null;
    };
    return (
      <ChangeExpiredPasswordForm busy={busy} onSubmit={change} onCancel={() => setStep({ kind: 'credentials' })} />
    );
  }

  if (step.kind === 'credentials') {
    const other: OtpChannel = missing?.channel === 'SMS' ? 'EMAIL' : 'SMS';
    return (
      <>
        <LoginForm
          initialUserId={initialUserId}
          busy={busy}
          error={error}
          submitLabel={t('login.otp.send')}
          onSubmit={(c) => void send(c, channel)}
          extra={
            <fieldset className={styles.choices}>
              <legend>{t('login.otp.channel')}</legend>
              {(['SMS', 'EMAIL'] as const).map((c) => (
                <label key={c} className={styles.choice}>
                  <input
                    type="radio"
                    name={`${id}-channel`}
                    value={c}
                    checked={channel === c}
                    onChange={() => setChannel(c)}
                  />
                  {t(`login.otp.via.${c}`)}
                </label>
              ))}
            </fieldset>
          }
        />
        {missing && (
          <div className={styles.notice} role="status">
            <p>{t(`login.otp.missing.${missing.channel}`)}</p>
            <Button
              variant="secondary"
              block
              disabled={busy}
              onClick={() => {
                setChannel(other);
                void send(missing.credentials, other);
              }}
            >
              {t(`login.otp.useOther.${other}`)}
            </Button>
          </div>
        )}
      </>
    );
  }

  const left = secondsLeft(step.expiresAt, now);
  return (
    <form className={styles.form} onSubmit={(e) => void submitCode(e)} noValidate>
      <p className={styles.notice} role="status">
        {t('login.otp.sent', { destination: step.destination, channel: t(`login.otp.via.${step.channel}`) })}
      </p>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${id}-otp`}>
          {t('login.otp.code')}
        </label>
        <input
          ref={codeRef}
          id={`${id}-otp`}
          className={`${styles.input} ${styles.otpInput}`}
          name="otpNum"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder="000000"
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
          aria-describedby={`${id}-otp-timer`}
        />
        <div className={styles.row}>
          <span id={`${id}-otp-timer`}>
            {left > 0 ? (
              <>
                {t('login.otp.validFor')} <span className={styles.timer}>{formatCountdown(left)}</span>
              </>
            ) : (
              <span className={`${styles.timer} ${styles.timerOut}`}>{t('login.otp.expired')}</span>
            )}
          </span>
          <button
            type="button"
            className={styles.linkButton}
            disabled={busy}
            onClick={() => void send({ userId: step.userId, password: step.password }, step.channel)}
          >
            {t('login.otp.resend')}
          </button>
        </div>
      </div>
      {error && (
        <p className={styles.failure} role="alert">
          {error}
        </p>
      )}
      <div className={styles.actions}>
        <Button
          variant="secondary"
          onClick={() => {
            setError(null);
            setStep({ kind: 'credentials' });
          }}
        >
          {t('login.otp.back')}
        </Button>
        <Button type="submit" disabled={busy || left === 0}>
          {busy ? t('login.busy') : t('login.otp.confirm')}
        </Button>
      </div>
    </form>
  );
}
