/**
 * The studio's one history of a definition's text, shared by the JSON editor and the designer:
 * a zustand store holding the text and, for each step, the patches made and their inverses
 * (text-patch.ts). Undo applies a step's inverses; redo its patches again.
 *
 * Rules (each has a test in history.test.ts):
 * - at most 100 steps are kept (the oldest goes);
 * - typing is coalesced: changes of the same origin and coalescing key within a second are one
 *   step (the editor's keystrokes; the designer's typing into one property);
 * - a structural change (add, move, remove) is always a step of its own;
 * - the selection is kept beside the history, never in it: undo does not move it;
 * - redo moves a step back onto the undo stack and leaves the rest of the future alone, so redo
 *   works as many times as undo did; only a new change drops the future;
 * - the store lives outside any component: closing the designer or the editor and opening it
 *   again finds the same steps (and opening the same screen with the same text keeps them).
 */
import { createStore } from 'zustand/vanilla';
import { applyPatch, diffPatch, invertPatch, type Patch } from './text-patch';

export const HISTORY_LIMIT = 100;
/** Changes closer than this, of one origin and key, are one step. */
export const COALESCE_MS = 1000;

interface Step {
  patches: Patch[];
  inverses: Patch[];
  /** What may join this step: the origin and its key ('typing', 'prop:/columns/0:label'); null: nothing. */
  joins: string | null;
  at: number;
}

interface ChangeOptions {
  /** Steps with the same key within COALESCE_MS are one; none for a structural change. */
  coalesce?: string;
  /** When the change was made (ms); the caller's clock, so tests need no timers. */
  now: number;
}

export interface HistoryState {
  /** Which definition the history is of (the stored screen's name). */
  key: string | null;
  text: string;
  undoSteps: Step[];
  redoSteps: Step[];
  /** The designer's selected element (a JSON pointer): outside the history. */
  selection: string | null;
  load(key: string, text: string): void;
  /** Applies a patch as a step (or part of the last one). */
  change(patch: Patch | null, options: ChangeOptions): void;
  /** Sets the whole text, recorded as the smallest patch that makes it. */
  replace(text: string, options: ChangeOptions): void;
  undo(): boolean;
  redo(): boolean;
  select(pointer: string | null): void;
}

export type HistoryStore = ReturnType<typeof createHistoryStore>;

export function createHistoryStore() {
  return createStore<HistoryState>()((set, get) => ({
    key: null,
    text: '',
    undoSteps: [],
    redoSteps: [],
    selection: null,
    load(key, text) {
      const s = get();
      if (s.key === key && s.text === text) return;
      set({ key, text, undoSteps: [], redoSteps: [], selection: null });
    },
    change(patch, { coalesce, now }) {
      if (!patch) return;
      const s = get();
      if (patch.from === patch.to && patch.insert === '') return;
      const inverse = invertPatch(s.text, patch);
      const text = applyPatch(s.text, patch);
      if (text === s.text) return;
      const last = s.undoSteps[s.undoSteps.length - 1];
      if (coalesce && last && last.joins === coalesce && now - last.at < COALESCE_MS) {
        const joined: Step = {
          patches: [...last.patches, patch],
          inverses: [...last.inverses, inverse],
          joins: coalesce,
          at: now,
        };
        set({ text, undoSteps: [...s.undoSteps.slice(0, -1), joined], redoSteps: [] });
        return;
      }
      const step: Step = { patches: [patch], inverses: [inverse], joins: coalesce ?? null, at: now };
      set({ text, undoSteps: [...s.undoSteps, step].slice(-HISTORY_LIMIT), redoSteps: [] });
    },
    replace(text, options) {
      get().change(diffPatch(get().text, text), options);
    },
    undo() {
      const s = get();
      const step = s.undoSteps[s.undoSteps.length - 1];
      if (!step) return false;
      const text = step.inverses.reduceRight(applyPatch, s.text);
      // An undone step redone later is closed: typing after it starts a step of its own.
      set({ text, undoSteps: s.undoSteps.slice(0, -1), redoSteps: [...s.redoSteps, { ...step, joins: null }] });
      return true;
    },
    redo() {
      const s = get();
      const step = s.redoSteps[s.redoSteps.length - 1];
      if (!step) return false;
      const text = step.patches.reduce(applyPatch, s.text);
      set({ text, undoSteps: [...s.undoSteps, step], redoSteps: s.redoSteps.slice(0, -1) });
      return true;
    },
    select(pointer) {
      set({ selection: pointer });
    },
  }));
}

/** The studio's history: one for the page, outliving the panels that show it. */
export const definitionHistory = createHistoryStore();
