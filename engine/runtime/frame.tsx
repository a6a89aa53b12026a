import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { useNavigate } from 'react-router-dom';
import { useDialogs } from '../../widgets/modal/modal-context';
import { Modal } from '../../widgets/modal/modal';
import type { PromptDef, ScreenDef } from '../definition/types';
import type { ExprScope } from '../expr/expr';
import { OperationError, useEngineServices, type Authority } from '../services';
import { useEngineText, type Translate } from '../text';
import { Notice } from '../ui/parts';
import styles from '../ui/engine.module.css';
import { portalPath } from './actions';
import { useEngineConfig } from './engine-context';
import { linkedScreens, preloadScreen } from './preload-screen';
import { PromptDialog, type PromptValues } from './prompt';

export interface DialogControl {
  /** Closes the dialog; `changed` tells the opener to reload. */
  close(changed: boolean): void;
  /** The inner screen's unsaved-changes flag (Escape and × ask first while it is set). */
  setDirty(dirty: boolean): void;
  isDirty(): boolean;
  /** The opener shows the dialog's success line too, so it outlives a dialog that closes after it. */
  notify?(text: string): void;
  /**
   * The inner screen changed data without closing (e.g. a step recorded while the dialog stays
   * open to show its result): however the dialog is closed then, the opener is told it changed.
   */
  markChanged?(): void;
}

export interface FrameApi {
  def: ScreenDef;
  file: string;
  /** The screen's query parameters (URL, or what the opener passed to a dialog). */
  query: Record<string, string>;
  /** The menu authority on this screen (no menu covering it: read only). */
  authority: Authority;
  portal: 'internal' | 'external';
  t: Translate;
  dialog: DialogControl | null;
  /** A short success line above the content. */
  notify(text: string): void;
  /** Shows a failed call the way spec §8 does: an alert with the server's Korean message. */
  alertError(error: unknown): Promise<void>;
  confirm(text: string): Promise<boolean>;
  alert(text: string): Promise<void>;
  /**
   * An action's prompt (engine/runtime/prompt): the answers, or null when cancelled. With `submit`
   * the prompt's OK runs it and the prompt closes only when it answers true (the call went through).
   */
  prompt(
    def: PromptDef,
    options: {
      title: string;
      message?: string;
      scope: ExprScope;
      where?: string;
      submit?: (values: PromptValues) => Promise<boolean>;
      link?: { label: string; route: string; query?: Record<string, string> };
    },
  ): Promise<PromptValues | null>;
  /** Opens a screen by id or route: navigates, or shows it in a dialog and resolves when it closes. */
  /** `replace`: the new page takes the current one's place in the history (a page that could not be shown). */
  open(
    target: { screen?: string; route?: string; dialog?: boolean; replace?: boolean },
    query: Record<string, string>,
  ): Promise<boolean>;
  /** Leaves the screen (back in history, or closes its dialog). */
  leave(changed: boolean): void;
  /** Edit screens say whether they hold unsaved changes (leaving asks first while they do). */
  setDirty(dirty: boolean): void;
  isDirty(): boolean;
}

/** Statuses spec §8 gives a text of their own (http.<status> in the messages). */
const SPEC_STATUS_TEXTS: ReadonlySet<number> = new Set([400, 401, 403, 404, 409, 500, 502]);

const FrameContext = createContext<FrameApi | null>(null);

export function useFrame(): FrameApi {
  const f = useContext(FrameContext);
  if (!f) throw new Error('useFrame: a screen component outside its ScreenFrame');
  return f;
}

/** The route whose menu authority governs a screen: its `menu`, its route, or its opener's. */
function authorityRoute(def: ScreenDef, inherited: string | null): string | null {
  return def.menu ?? def.route ?? inherited;
}

const InheritedRoute = createContext<string | null>(null);
const useInheritedRoute = () => useContext(InheritedRoute);

interface OpenPrompt {
  def: PromptDef;
  title: string;
  message?: string;
  scope: ExprScope;
  where: string;
  submit?: (values: PromptValues) => Promise<boolean>;
  link?: { label: string; route: string; query?: Record<string, string> };
  resolve: (values: PromptValues | null) => void;
}

interface OpenDialog {
  id: string;
  query: Record<string, string>;
  resolve: (changed: boolean) => void;
}

/** The page a dialog opens a screen in (ScreenPage, handed in by it: the frame never imports the page it frames). */
export type DialogPage = ComponentType<{ id: string; query: Record<string, string>; dialog: DialogControl }>;

export function ScreenFrame({
  def,
  file,
  query,
  dialog,
  page,
  children,
}: {
  def: ScreenDef;
  file: string;
  query: Record<string, string>;
  dialog: DialogControl | null;
  page: DialogPage;
  children: ReactNode;
}) {
  const services = useEngineServices();
  const config = useEngineConfig();
  const dialogs = useDialogs();
  const navigate = useNavigate();
  const t = useEngineText();
  const inherited = useInheritedRoute();
  const route = authorityRoute(def, inherited);
  // A screen no menu of the user's opens could only be reached because no menu covers it at all
  // (the login check refuses the others): it reads, it does not write.
  const found = route ? services.authority(route) : null;
  const read = found ? found.read : true;
  const write = found ? found.write : false;
  // By value: the app answers a new object on every call, and the screen must not start over for that.
  const authority = useMemo<Authority>(() => ({ read, write }), [read, write]);
  const portal = services.portal();
  const [notice, setNotice] = useState<string | null>(null);
  const noticeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [openDialog, setOpenDialog] = useState<OpenDialog | null>(null);
  const [openPrompt, setOpenPrompt] = useState<OpenPrompt | null>(null);
  const ownDirty = useRef(false);

  // The notice's timer ends with the screen: set after unmount, it updated a screen that was gone (in
  // tests, after the DOM was torn down: "window is not defined").
  useEffect(
    () => () => {
      if (noticeTimer.current) clearTimeout(noticeTimer.current);
    },
    [],
  );

  const notify = useCallback(
    (text: string) => {
      setNotice(text);
      if (noticeTimer.current) clearTimeout(noticeTimer.current);
      noticeTimer.current = setTimeout(() => setNotice(null), 4000);
      dialog?.notify?.(text);
    },
    [dialog],
  );

  const alertError = useCallback(
    async (error: unknown) => {
      if (error instanceof Error && error.name === 'AbortError') return;
      // Spec §8: the server's message, else the status's own text (403: "authorization failed, no access right").
      const message =
        error instanceof OperationError
          ? (error.serverMessage ?? (SPEC_STATUS_TEXTS.has(error.status) ? t(`http.${error.status}`) : t('http.error')))
          : error instanceof Error
            ? error.message
            : t('http.error');
      // Every problem of a refusal that lists them, one a line, under its message unless that is the first problem
      // (a call-off's); a message that sums them up (an upload's "2개 행에 오류가 있어 …") stays above them.
      const problems = error instanceof OperationError ? error.problems : [];
      const lines = problems.length === 0 ? [message] : problems[0] === message ? problems : [message, ...problems];
      // A 409 is the work's own rule refusing (a budget exceeded, a state that does not allow it), not a fault: its
      // message says why and what to do, under a title that does not call it an error.
      const title = error instanceof OperationError && error.status === 409 ? 'http.refusedTitle' : 'http.errorTitle';
      await dialogs.alert(lines.join('\n'), { title: t(title) });
    },
    [dialogs, t],
  );

  const open = useCallback<FrameApi['open']>(
    async (target, q) => {
      const entry = target.screen ? config.screens.get(target.screen) : undefined;
      const targetDef = entry?.definition as Partial<ScreenDef> | undefined;
      const route = target.route ?? targetDef?.route;
      const inDialog = target.dialog ?? (!!entry && !route);
      if (target.screen && !entry) {
        await dialogs.alert(t('engine.unknownScreen', { id: target.screen }));
        return false;
      }
      if (inDialog && entry)
        return new Promise<boolean>((resolve) => setOpenDialog({ id: entry.id, query: q, resolve }));
      if (route) navigate(portalPath(route, portal, q), target.replace ? { replace: true } : undefined);
      return false;
    },
    [config.screens, dialogs, navigate, portal, t],
  );

  const leave = useCallback(
    (changed: boolean) => {
      if (dialog) dialog.close(changed);
      else navigate(-1);
    },
    [dialog, navigate],
  );

  const api = useMemo<FrameApi>(
    () => ({
      def,
      file,
      query,
      authority,
      portal,
      t,
      dialog,
      notify,
      alertError,
      confirm: (text) => dialogs.confirm(text),
      alert: (text) => dialogs.alert(text),
      prompt: (def, options) =>
        new Promise<PromptValues | null>((resolve) =>
          setOpenPrompt({ def, ...options, where: options.where ?? file, resolve }),
        ),
      open,
      leave,
      // A dialog's screen tells the dialog (its Escape and × ask first); a page keeps its own flag.
      setDirty: (value) => {
        if (dialog) dialog.setDirty(value);
        else ownDirty.current = value;
      },
      isDirty: () => (dialog ? dialog.isDirty() : ownDirty.current),
    }),
    [def, file, query, authority, portal, t, dialog, notify, alertError, dialogs, open, leave],
  );

  // The screens this one links to: their code is fetched while the user reads this one, so opening
  // one does not wait for a download (the engine's own code is here already).
  useEffect(() => {
    const preload = () => {
      for (const entry of linkedScreens(def, config.screens))
        void preloadScreen(entry, config.kinds, config.customComponents);
    };
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(preload, { timeout: 1000 });
      return () => cancelIdleCallback(handle);
    }
    const timer = setTimeout(preload, 200);
    return () => clearTimeout(timer);
  }, [def, config.screens, config.kinds, config.customComponents]);

  const closeDialog = (changed: boolean) => {
    const d = openDialog;
    setOpenDialog(null);
    d?.resolve(changed);
  };
  const dialogEntry = openDialog ? config.screens.get(openDialog.id) : undefined;
  const dialogTitle = (dialogEntry?.definition as { title?: string } | undefined)?.title;

  return (
    <FrameContext.Provider value={api}>
      <InheritedRoute.Provider value={route}>
        <div className={styles.screen} data-screen={def.id} data-kind={def.kind}>
          <Notice text={notice} />
          {children}
        </div>
        {openPrompt && (
          <PromptDialog
            def={openPrompt.def}
            fallbackTitle={openPrompt.title}
            fallbackMessage={openPrompt.message}
            scope={openPrompt.scope}
            login={services.loginData()}
            t={t}
            where={openPrompt.where}
            onSubmit={openPrompt.submit}
            link={
              openPrompt.link
                ? {
                    label: openPrompt.link.label,
                    href: portalPath(openPrompt.link.route, portal, openPrompt.link.query),
                    onFollow: () => void open({ route: openPrompt.link!.route }, openPrompt.link!.query ?? {}),
                  }
                : undefined
            }
            onDone={(values) => {
              const p = openPrompt;
              setOpenPrompt(null);
              p.resolve(values);
            }}
          />
        )}
        {openDialog && (
          <DialogScreen
            page={page}
            id={openDialog.id}
            title={dialogTitle ? t(dialogTitle) : openDialog.id}
            query={openDialog.query}
            onClose={closeDialog}
            onNotice={notify}
          />
        )}
      </InheritedRoute.Provider>
    </FrameContext.Provider>
  );
}

/** A screen (usually an edit screen) inside a modal; Escape and × ask first when there are unsaved changes. */
function DialogScreen({
  page: Page,
  id,
  title,
  query,
  onClose,
  onNotice,
}: {
  page: DialogPage;
  id: string;
  title: string;
  query: Record<string, string>;
  onClose: (changed: boolean) => void;
  onNotice: (text: string) => void;
}) {
  const dirty = useRef(false);
  const changed = useRef(false);
  const dialogs = useDialogs();
  const t = useEngineText();
  const control = useMemo<DialogControl>(
    () => ({
      close: (didChange) => onClose(didChange || changed.current),
      setDirty: (value) => {
        dirty.current = value;
      },
      isDirty: () => dirty.current,
      notify: onNotice,
      markChanged: () => {
        changed.current = true;
      },
    }),
    [onClose, onNotice],
  );
  const requestClose = async () => {
    if (dirty.current && !(await dialogs.confirm(t('engine.leaveConfirm')))) return;
    onClose(changed.current);
  };
  return (
    <Modal open title={title} onClose={() => void requestClose()} width="min(960px, 94vw)">
      <div className={styles.dialogBody}>
        <Page id={id} query={query} dialog={control} />
      </div>
    </Modal>
  );
}
