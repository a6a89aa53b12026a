import { create } from 'zustand';

/**
 * The app's alert and confirm (spec §8 alerts, §4 login-info alert). A small queue in a store
 * so code outside React — the HTTP client, the route guards — can ask for one and await the
 * answer; <DialogHost/> shows the first in line. Meant to be swapped for the widgets' modal
 * (`useDialogs()` in widgets/modal/) once it exists: callers only use `dialogs.alert/confirm`.
 */
interface DialogRequest {
  id: number;
  kind: 'alert' | 'confirm';
  title: string;
  message: string;
  /** Fine print under the message (e.g. the server's own wording). */
  detail?: string;
  okLabel?: string;
  cancelLabel?: string;
  resolve: (ok: boolean) => void;
}

export interface DialogState {
  queue: DialogRequest[];
  open: (request: Omit<DialogRequest, 'id' | 'resolve'>) => Promise<boolean>;
  /** Answers the dialog in front and shows the next one. */
  answer: (id: number, ok: boolean) => void;
  /** Drops every open dialog, answering each as cancelled (tests, logout). */
  reset: () => void;
}

let nextId = 1;

export const useDialogStore = create<DialogState>()((set, get) => ({
  queue: [],
  open: (request) =>
    new Promise<boolean>((resolve) => {
      const id = nextId++;
      set((s) => ({ queue: [...s.queue, { ...request, id, resolve }] }));
    }),
  answer: (id, ok) => {
    const found = get().queue.find((d) => d.id === id);
    if (!found) return;
    set((s) => ({ queue: s.queue.filter((d) => d.id !== id) }));
    found.resolve(ok);
  },
  reset: () => {
    const { queue } = get();
    set({ queue: [] });
    for (const d of queue) d.resolve(false);
  },
}));

export interface AlertOptions {
  title: string;
  message: string;
  detail?: string;
}

/** Imperative API: `await dialogs.alert(...)`, `if (await dialogs.confirm(...))`. */
export const dialogs = {
  alert: async (options: AlertOptions): Promise<void> => {
    // The same alert twice in a row (several requests failing at once) is shown once.
    const queue = useDialogStore.getState().queue;
    const last = queue[queue.length - 1];
    if (
      last &&
      last.kind === 'alert' &&
      last.title === options.title &&
      last.message === options.message &&
      last.detail === options.detail
    ) {
      await new Promise<void>((resolve) => {
        const prev = last.resolve;
        last.resolve = (ok) => {
          prev(ok);
          resolve();
        };
      });
      return;
    }
    await useDialogStore.getState().open({ kind: 'alert', ...options });
  },
  confirm: (options: AlertOptions & { okLabel?: string; cancelLabel?: string }): Promise<boolean> =>
    useDialogStore.getState().open({ kind: 'confirm', ...options }),
};
