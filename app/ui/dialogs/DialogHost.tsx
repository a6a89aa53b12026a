import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { MODAL_Z_INDEX_BASE } from '../../../lib/constants';
import { Button } from '../Button';
import styles from './DialogHost.module.css';
import { useDialogStore } from './dialogs';

/**
 * Shows the first queued alert or confirm as a modal (z-index from spec §9's 3000). Rendered
 * once, beside the router, so it also works before the first page has rendered (a guard alert
 * during the initial load).
 */
export function DialogHost() {
  const { t } = useTranslation();
  const current = useDialogStore((s) => s.queue[0]);
  const answer = useDialogStore((s) => s.answer);
  const okRef = useRef<HTMLButtonElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!current) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    okRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        answer(current.id, current.kind === 'alert');
      } else if (event.key === 'Tab' && dialogRef.current) {
        // Modal: Tab and Shift+Tab cycle through the dialog's buttons, never to the page behind it.
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
      previous?.focus?.();
    };
  }, [current, answer]);

  if (!current) return null;
  const titleId = `dialog-title-${current.id}`;
  const messageId = `dialog-message-${current.id}`;
  return (
    <div className={styles.backdrop} style={{ zIndex: MODAL_Z_INDEX_BASE }}>
      <div
        ref={dialogRef}
        className={styles.dialog}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={messageId}
      >
        <h2 id={titleId} className={styles.title}>
          {current.title}
        </h2>
        <p id={messageId} className={styles.message}>
          {current.message}
        </p>
        {current.detail && current.detail !== current.message && <p className={styles.detail}>{current.detail}</p>}
        <div className={styles.actions}>
          {current.kind === 'confirm' && (
            <Button variant="secondary" onClick={() => answer(current.id, false)}>
              {current.cancelLabel ?? t('dialog.cancel')}
            </Button>
          )}
          <Button ref={okRef} onClick={() => answer(current.id, true)}>
            {current.okLabel ?? t('dialog.ok')}
          </Button>
        </div>
      </div>
    </div>
  );
}
