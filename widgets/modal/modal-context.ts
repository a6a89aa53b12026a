import { createContext, useContext } from 'react';
import { MODAL_Z_INDEX_BASE } from '../../lib/constants';

/** Each newer modal sits this much above the previous one: 3000, 3010, 3020, … */
export const MODAL_Z_INDEX_STEP = 10;

export interface ModalStackApi {
  /** Open modals' keys, oldest first. */
  stack: readonly string[];
  register(key: string, close: () => void): void;
  unregister(key: string): void;
}

export const ModalStackContext = createContext<ModalStackApi | null>(null);

export interface DialogOptions {
  title?: string;
}

export interface Dialogs {
  /** A Korean browser-style alert (one 확인 button); resolves when it is closed. */
  alert(message: string, options?: DialogOptions): Promise<void>;
  /** 확인 → true; 취소, Escape and × → false. */
  confirm(message: string, options?: DialogOptions): Promise<boolean>;
}

export const DialogsContext = createContext<Dialogs | null>(null);

export function useModalStack(): ModalStackApi {
  const ctx = useContext(ModalStackContext);
  if (!ctx) throw new Error('Modal: no ModalProvider above this widget (wrap the app, the story or the test in one)');
  return ctx;
}

/** alert/confirm as promise-returning functions (spec §8 "browser alert", in Korean). */
export function useDialogs(): Dialogs {
  const ctx = useContext(DialogsContext);
  if (!ctx)
    throw new Error('useDialogs: no ModalProvider above this widget (wrap the app, the story or the test in one)');
  return ctx;
}

/** z-index of the modal at `index` in the stack (0 = oldest): 3000, 3010, … */
export function modalZIndex(index: number): number {
  return MODAL_Z_INDEX_BASE + index * MODAL_Z_INDEX_STEP;
}
