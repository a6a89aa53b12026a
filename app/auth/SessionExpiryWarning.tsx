import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MODAL_Z_INDEX_BASE } from '../../lib/constants';
import { useSessionStore } from '../stores/session';
import { Button } from '../ui/Button';
import styles from '../ui/dialogs/DialogHost.module.css';
import {
  extendSessionNow,
  minutesAndSeconds,
  SESSION_REWARN_MS,
  SESSION_WARNING_LEAD_MS,
  sessionRemainingMs,
  type ExtendOutcome,
} from './session-expiry';
import { useShellText } from '../layouts/shell-texts';

export interface SessionExpiryWarningProps {
  /** 로그아웃 in the warning: the header's own logout (ends the session, then the login page). */
  onLogout: () => void;
  /** The extension call (tests pass a fake). */
  extend?: () => Promise<ExtendOutcome>;
}

/**
 * KWCAG 6.2.1 / WCAG 2.2.1: two minutes before the session ends an alert dialog says how long is
 * left and offers 연장 (one click, as often as the server allows) and 로그아웃. Escape or 닫기
 * close it; it comes back every 30 seconds until the session ends. At the absolute limit
 * (SESSION_MAX_TTL) it says no more time can be given and that unsaved input should be saved.
 */
export function SessionExpiryWarning({ onLogout, extend = () => extendSessionNow() }: SessionExpiryWarningProps) {
  const { t } = useShellText();
  const expiredDate = useSessionStore((s) => s.user?.expiredDate ?? null);
  const timeDifference = useSessionStore((s) => s.tokens?.timeDifference ?? 0);
  const [open, setOpen] = useState(false);
  // The absolute limit, once an extension answer has named it.
  const [limitAt, setLimitAt] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  // Bumped when the warning is closed unanswered: the next one is timed from then.
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  // Closed: wait for two minutes before the end (or 30 s after a dismissal), then open.
  useEffect(() => {
    if (open) return;
    const left = sessionRemainingMs(expiredDate, timeDifference, Date.now());
    if (left === null || left <= 0) return;
    const untilWarning = left - SESSION_WARNING_LEAD_MS;
    const untilRewarn = dismissedAt === null ? 0 : dismissedAt + SESSION_REWARN_MS - Date.now();
    const timer = setTimeout(
      () => {
        setNow(Date.now());
        setFailed(false);
        setOpen(true);
      },
      Math.max(0, untilWarning, untilRewarn),
    );
    return () => clearTimeout(timer);
  }, [open, expiredDate, timeDifference, dismissedAt]);

  // Open: the count-down, once a second; at the end the warning goes (the next request meets the login page).
  useEffect(() => {
    if (!open) return;
    const timer = setInterval(() => {
      const at = Date.now();
      setNow(at);
      const rest = sessionRemainingMs(expiredDate, timeDifference, at);
      if (rest === null || rest <= 0) setOpen(false);
    }, 1000);
    return () => clearInterval(timer);
  }, [open, expiredDate, timeDifference]);

  const left = sessionRemainingMs(expiredDate, timeDifference, now);
  const ended = left === null || left <= 0;

  const dismiss = () => {
    setOpen(false);
    setDismissedAt(Date.now());
  };

  const onExtend = async () => {
    setBusy(true);
    setFailed(false);
    const r = await extend();
    setBusy(false);
    if (!r.ok) {
      setFailed(true);
      return;
    }
    setLimitAt(r.sessionLimitAt);
    // Nothing was added: stay open and say so (the capped text below).
    if (!r.extended) {
      setNow(Date.now());
      return;
    }
    setOpen(false);
    setDismissedAt(null);
  };

  if (!open || ended) return null;
  const capped = limitAt !== null && expiredDate !== null && Date.parse(expiredDate) >= Date.parse(limitAt);
  return (
    <WarningDialog
      capped={capped}
      failed={failed}
      busy={busy}
      left={left}
      onExtend={() => void onExtend()}
      onLogout={onLogout}
      onClose={dismiss}
      t={t}
    />
  );
}

interface WarningDialogProps {
  capped: boolean;
  failed: boolean;
  busy: boolean;
  left: number;
  onExtend: () => void;
  onLogout: () => void;
  onClose: () => void;
  t: ReturnType<typeof useTranslation>['t'];
}

/** The alert dialog itself: focus moves in (to 연장, or 닫기 when capped), Tab stays inside, Escape closes. */
function WarningDialog({ capped, failed, busy, left, onExtend, onLogout, onClose, t }: WarningDialogProps) {
  const firstRef = useRef<HTMLButtonElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useLayoutEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    firstRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onCloseRef.current();
      } else if (event.key === 'Tab' && dialogRef.current) {
        const buttons = Array.from(dialogRef.current.querySelectorAll<HTMLElement>('button:not([disabled])'));
        if (buttons.length === 0) return;
        const at = buttons.indexOf(document.activeElement as HTMLElement);
        event.preventDefault();
        buttons[(at + (event.shiftKey ? -1 : 1) + buttons.length) % buttons.length].focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (previous?.isConnected) previous.focus();
    };
  }, []);

  const { minutes, seconds } = minutesAndSeconds(left);
  return (
    // Above any screen's own modals (3000, 3010, …): the session ending concerns all of them.
    <div className={styles.backdrop} style={{ zIndex: MODAL_Z_INDEX_BASE + 900 }}>
      <div
        ref={dialogRef}
        className={styles.dialog}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="session-expiry-title"
        aria-describedby="session-expiry-message"
      >
        <h2 id="session-expiry-title" className={styles.title}>
          {t('sessionExpiry.title')}
        </h2>
        <p id="session-expiry-message" className={styles.message}>
          {t(capped ? 'sessionExpiry.capped' : 'sessionExpiry.message', { minutes, seconds })}
        </p>
        {failed && (
          <p role="alert" className={styles.detail}>
            {t('sessionExpiry.failed')}
          </p>
        )}
        <div className={styles.actions}>
          <Button variant="secondary" onClick={onLogout}>
            {t('sessionExpiry.logout')}
          </Button>
          {capped ? (
            <Button ref={firstRef} onClick={onClose}>
              {t('sessionExpiry.close')}
            </Button>
          ) : (
            <Button ref={firstRef} onClick={onExtend} disabled={busy}>
              {t('sessionExpiry.extend')}
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}
