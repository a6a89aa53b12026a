import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import styles from './LoginForm.module.css';

export interface LoginCredentials {
  userId: string;
  password: string;
}

export interface LoginFormProps {
  /** Called with filled-in credentials. */
  onSubmit?: (credentials: LoginCredentials) => void;
  busy?: boolean;
  /** A failure to show above the button (the server's code as a message). */
  error?: string | null;
  /** Information to show above the button (not a failure). */
  notice?: string | null;
  /** Fields between the password and the button (the external login's code channel). */
  extra?: ReactNode;
  /** The id to start with (the last login id of this tab). */
  initialUserId?: string;
  submitLabel?: string;
}

type Problems = Partial<Record<keyof LoginCredentials, string>>;

/** 아이디 / 비밀번호 / 로그인. Checks only that both are filled; the server judges the rest. */
export function LoginForm({
  onSubmit,
  busy = false,
  error,
  notice,
  extra,
  initialUserId = '',
  submitLabel,
}: LoginFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const [userId, setUserId] = useState(initialUserId);
  const [password, setPassword] = useState('');
  const [problems, setProblems] = useState<Problems>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    // Never let the browser submit: it would put the password in the address bar.
    event.preventDefault();
    if (busy) return;
    const found: Problems = {};
    if (userId.trim() === '') found.userId = t('login.requiredUserId');
    if (password === '') found.password = t('login.requiredPassword');
    setProblems(found);
    if (Object.keys(found).length === 0) onSubmit?.({ userId: userId.trim(), password });
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${id}-user`}>
          {t('login.userId')}
        </label>
        <input
          id={`${id}-user`}
          className={styles.input}
          name="userId"
          autoComplete="username"
          placeholder={t('login.userIdPlaceholder')}
          value={userId}
          maxLength={50}
          onChange={(e) => setUserId(e.target.value)}
          aria-invalid={problems.userId ? true : undefined}
          aria-describedby={problems.userId ? `${id}-user-error` : undefined}
          autoFocus
        />
        {problems.userId && (
          <span id={`${id}-user-error`} className={styles.error} role="alert">
            {problems.userId}
          </span>
        )}
      </div>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${id}-password`}>
          {t('login.password')}
        </label>
        <input
          id={`${id}-password`}
          className={styles.input}
          name="password"
          type="password"
          autoComplete="current-password"
          placeholder={t('login.passwordPlaceholder')}
          value={password}
          maxLength={200}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={problems.password ? true : undefined}
          aria-describedby={problems.password ? `${id}-password-error` : undefined}
        />
        {problems.password && (
          <span id={`${id}-password-error`} className={styles.error} role="alert">
            {problems.password}
          </span>
        )}
      </div>
      {extra}
      {notice && !error && (
        <p className={styles.notice} role="status">
          {notice}
        </p>
      )}
      {error && (
        <p className={styles.failure} role="alert">
          {error}
        </p>
      )}
      <Button type="submit" block disabled={busy} aria-busy={busy || undefined}>
        {busy ? t('login.busy') : (submitLabel ?? t('login.submit'))}
      </Button>
    </form>
  );
}
