import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useWidgetText } from '../i18n';
import { WidgetButton } from '../common/button';
import { Modal } from './modal';
import {
  DialogsContext,
  ModalStackContext,
  type DialogOptions,
  type Dialogs,
  type ModalStackApi,
} from './modal-context';
import styles from './modal.module.css';

interface PendingDialog {
  id: number;
  kind: 'alert' | 'confirm';
  message: string;
  title?: string;
  resolve: (ok: boolean) => void;
}

/**
 * Owns the modal stack (z-index from MODAL_Z_INDEX_BASE, Escape closes the top one only) and the
 * alert/confirm dialogs. Put one near the root, inside the WidgetServicesProvider; every state
 * lives here, none in module variables, so two providers (two stories, two tests) never share.
 */
export function ModalProvider({ children }: { children: ReactNode }) {
  const [stack, setStack] = useState<string[]>([]);
  const closers = useRef(new Map<string, () => void>());

  const register = useCallback((key: string, close: () => void) => {
    closers.current.set(key, close);
    setStack((s) => (s.includes(key) ? s : [...s, key]));
  }, []);
  const unregister = useCallback((key: string) => {
    closers.current.delete(key);
    setStack((s) => s.filter((k) => k !== key));
  }, []);

  useEffect(() => {
    if (stack.length === 0) return;
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || e.isComposing) return;
      // glide-data-grid's overlay editor lives in #portal; Escape there cancels the edit only.
      if (e.target instanceof Element && e.target.closest('#portal')) return;
      const top = stack[stack.length - 1];
      const close = closers.current.get(top);
      if (close) {
        e.preventDefault();
        e.stopPropagation();
        close();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [stack]);

  const stackApi = useMemo<ModalStackApi>(() => ({ stack, register, unregister }), [stack, register, unregister]);

  const [dialogs, setDialogs] = useState<PendingDialog[]>([]);
  const nextDialogId = useRef(1);
  const open = useCallback((kind: PendingDialog['kind'], message: string, options?: DialogOptions) => {
    return new Promise<boolean>((resolve) => {
      const id = nextDialogId.current++;
      setDialogs((d) => [...d, { id, kind, message, title: options?.title, resolve }]);
    });
  }, []);
  const dialogsApi = useMemo<Dialogs>(
    () => ({
      alert: async (message, options) => {
        await open('alert', message, options);
      },
      confirm: (message, options) => open('confirm', message, options),
    }),
    [open],
  );
  const finish = useCallback((dialog: PendingDialog, ok: boolean) => {
    setDialogs((d) => d.filter((x) => x.id !== dialog.id));
    dialog.resolve(ok);
  }, []);

  return (
    <ModalStackContext.Provider value={stackApi}>
      <DialogsContext.Provider value={dialogsApi}>
        {children}
        {dialogs.map((d) => (
          <DialogView key={d.id} dialog={d} onFinish={finish} />
        ))}
      </DialogsContext.Provider>
    </ModalStackContext.Provider>
  );
}

function DialogView({
  dialog,
  onFinish,
}: {
  dialog: PendingDialog;
  onFinish: (d: PendingDialog, ok: boolean) => void;
}) {
  const t = useWidgetText();
  const okRef = useRef<HTMLButtonElement>(null);
  const messageId = `dialog-msg-${dialog.id}`;
  const title = dialog.title ?? (dialog.kind === 'alert' ? t('alertTitle') : t('confirmTitle'));
  return (
    <Modal
      open
      role="alertdialog"
      title={title}
      describedBy={messageId}
      onClose={() => onFinish(dialog, false)}
      initialFocusRef={okRef}
      footer={
        <>
          {dialog.kind === 'confirm' && (
            <WidgetButton onClick={() => onFinish(dialog, false)}>{t('cancel')}</WidgetButton>
          )}
          <WidgetButton ref={okRef} variant="primary" onClick={() => onFinish(dialog, true)}>
            {t('ok')}
          </WidgetButton>
        </>
      }
    >
      <p id={messageId} className={styles.message}>
        {dialog.message}
      </p>
    </Modal>
  );
}
