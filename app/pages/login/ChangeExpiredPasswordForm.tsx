import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import styles from './LoginForm.module.css';

export interface ChangeExpiredPasswordProps {
  /** Sends the new password (twice); answers the failure to show, or null when it was changed. */
  onSubmit: (newPassword: string, newPasswordCheck: string) => Promise<string | null>;
  onCancel: () => void;
  busy?: boolean;
}

/**
 * After a login answered AUTH103: an expired password, a demo account of a
 * production start, or the first administrator's one-time setup code. The user chooses a new
 * password here; the page then logs in with it. The server judges the policy; this form only checks
 * that both are filled and agree.
 */
export function ChangeExpiredPasswordForm({ onSubmit, onCancel, busy = false }: ChangeExpiredPasswordProps) {
  const { t } = useTranslation();
  const id = useId();
  const [next, setNext] = useState('');
  const [check, setCheck] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (next === '') return setProblem(t('login.mustChange.required'));
    if (next !== check) return setProblem(t('login.mustChange.mismatch'));
    setProblem(await onSubmit(next, check));
  };

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.label}>
        {t('login.mustChange.title')}
      </h2>
      <p className={styles.notice}>{t('login.mustChange.intro')}</p>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${id}-new`}>
          {t('login.mustChange.newPassword')}
        </label>
        <input
          id={`${id}-new`}
          className={styles.input}
          name="newPassword"
          type="password"
          autoComplete="new-password"
          value={next}
          maxLength={64}
          onChange={(e) => setNext(e.target.value)}
          aria-describedby={`${id}-rule`}
          autoFocus
        />
        <span id={`${id}-rule`} className={styles.notice}>
          {t('login.mustChange.rule')}
        </span>
      </div>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${id}-check`}>
          {t('login.mustChange.newPasswordCheck')}
        </label>
        <input
          id={`${id}-check`}
          className={styles.input}
          name="newPasswordCheck"
          type="password"
          autoComplete="new-password"
          value={check}
          maxLength={64}
          onChange={(e) => setCheck(e.target.value)}
        />
      </div>
      {problem && (
        <p className={styles.failure} role="alert">
          {problem}
        </p>
      )}
      <Button type="submit" block disabled={busy} aria-busy={busy || undefined}>
        {busy ? t('login.busy') : t('login.mustChange.submit')}
      </Button>
      <Button type="button" block variant="secondary" onClick={onCancel} disabled={busy}>
        {t('login.mustChange.cancel')}
      </Button>
    </form>
  );
}
