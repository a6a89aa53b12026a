import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';
import { useWidgetText } from '../i18n';
import { modalZIndex, useModalStack } from './modal-context';
import styles from './modal.module.css';

export interface ModalProps {
  open: boolean;
  title: ReactNode;
  /** Escape (when this modal is on top), the × button and the dialogs' 취소 call this. */
  onClose: () => void;
  children?: ReactNode;
  /** Buttons, right-aligned in the footer bar. */
  footer?: ReactNode;
  width?: CSSProperties['width'];
  /** What gets focus on opening; otherwise the first focusable element of the body. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  role?: 'dialog' | 'alertdialog';
  /** id of the element describing the dialog (alert/confirm message). */
  describedBy?: string;
  /** Extra class on the dialog box. */
  className?: string;
  /** Test id on the backdrop layer (tests read its z-index). */
  'data-testid'?: string;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.closest('[inert]') && el.getAttribute('aria-hidden') !== 'true',
  );
}

/**
 * A modal dialog on the stack of the nearest ModalProvider: z-index 3000 for the first, 3010 for
 * one opened above it, and so on (spec §9); Escape closes only the top one; Tab cycles inside;
 * focus moves in on opening and back to where it was on closing.
 */
export function Modal(props: ModalProps) {
  if (!props.open) return null;
  return <OpenModal {...props} />;
}

function OpenModal({
  title,
  onClose,
  children,
  footer,
  width,
  initialFocusRef,
  role = 'dialog',
  describedBy,
  className,
  'data-testid': testId,
}: ModalProps) {
  const t = useWidgetText();
  const stackApi = useModalStack();
  const key = useId();
  const titleId = `${key}-title`;
  const dialogRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);

  useLayoutEffect(() => {
    onCloseRef.current = onClose;
  });

  const { register, unregister } = stackApi;
  useLayoutEffect(() => {
    register(key, () => onCloseRef.current());
    return () => unregister(key);
  }, [key, register, unregister]);

  // Focus in on opening, back out on closing.
  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = dialogRef.current;
    const target =
      initialFocusRef?.current ?? (dialog ? (focusables(dialog).find((el) => !el.dataset.modalClose) ?? dialog) : null);
    target?.focus();
    return () => {
      if (previous && previous.isConnected) previous.focus();
    };
    // Only on open/close: a later change of initialFocusRef must not move the focus.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const index = stackApi.stack.indexOf(key);
  const zIndex = modalZIndex(index < 0 ? stackApi.stack.length : index);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'Tab' || !dialogRef.current) return;
    // Events from glide's overlay editor (#portal) bubble here through React; leave them alone.
    if (e.target instanceof Node && !dialogRef.current.contains(e.target)) return;
    const list = focusables(dialogRef.current);
    if (list.length === 0) {
      e.preventDefault();
      return;
    }
    const first = list[0];
    const last = list[list.length - 1];
    if (e.shiftKey && (document.activeElement === first || document.activeElement === dialogRef.current)) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div className={styles.backdrop} style={{ zIndex }} data-testid={testId} data-modal-index={index}>
      <div
        ref={dialogRef}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
        className={[styles.dialog, className ?? ''].filter(Boolean).join(' ')}
        style={{ width }}
        onKeyDown={onKeyDown}
      >
        <div className={styles.titleBar}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <button
            type="button"
            className={styles.closeButton}
            aria-label={t('close')}
            data-modal-close="true"
            onClick={onClose}
          >
            ×
          </button>
        </div>
        <div className={styles.body}>{children}</div>
        {footer && <div className={styles.footer}>{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}
