/**
 * The definition's editor: CodeMirror 6 with JSON, completion from the language's schema and the
 * API's contract (completion.ts), and the server's problems shown at their place (lint diagnostics
 * at each JSON pointer's range, with the "did you mean" suggestion as a fix). Loaded in a chunk of
 * its own when the studio opens a screen: CodeMirror never reaches the login page or any other.
 * Tab moves focus out of the editor as everywhere else (no indent-with-tab: keyboard users must be
 * able to leave it); Ctrl+Space asks for completion; F8 goes to the next problem.
 *
 * The editor keeps no history of its own: Ctrl+Z and Ctrl+Shift+Z (Ctrl+Y) go to the studio's one
 * history (designer/history.ts), shared with the designer, and a text set from outside (an undo,
 * a designer edit) comes in as the smallest change that makes it, so the cursor stays where it was.
 */
import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap } from '@codemirror/autocomplete';
import { defaultKeymap } from '@codemirror/commands';
import { json } from '@codemirror/lang-json';
import { bracketMatching, defaultHighlightStyle, indentOnInput, syntaxHighlighting } from '@codemirror/language';
import { lintGutter, lintKeymap, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { EditorState } from '@codemirror/state';
import { EditorView, highlightActiveLine, keymap, lineNumbers } from '@codemirror/view';
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import { studioCompletion, type StudioOperation } from './completion';
import { diffPatch } from './designer/text-patch';
import { pointerRange } from './json-pointer';
import type { Problem } from './studio-types';

export interface StudioEditorHandle {
  /** Puts the cursor at a pointer's place and the focus in the editor. */
  reveal(pointer: string, line?: number, column?: number): void;
  /** Replaces the text at a pointer's value with a suggestion ("did you mean"). */
  applySuggestion(pointer: string, suggestion: string): void;
}

interface StudioEditorProps {
  value: string;
  onChange(value: string): void;
  /** The studio's history (Ctrl+Z, Ctrl+Shift+Z / Ctrl+Y). */
  onUndo(): void;
  onRedo(): void;
  problems: readonly Problem[];
  schema: Record<string, unknown>;
  operations: readonly StudioOperation[];
  /** The editor's accessible name. */
  label: string;
  /** Text of a suggestion's fix in the problem tooltip ("did you mean" → the name). */
  fixLabel: (suggestion: string) => string;
  /** "사용 화면: …" beside an operation in completion. */
  usedBy: (screens: string[]) => string;
}

function rangeOf(source: string, p: Problem) {
  if (p.line !== undefined) {
    const lines = source.split('\n');
    const before = lines.slice(0, p.line - 1).reduce((n, l) => n + l.length + 1, 0);
    const from = Math.min(source.length, before + Math.max(0, (p.column ?? 1) - 1));
    return { from, to: Math.min(source.length, from + 1) };
  }
  return pointerRange(source, p.pointer);
}

/** The string value at a pointer (without its key), for replacing it with a suggestion. */
function valueRange(source: string, pointer: string) {
  const r = pointerRange(source, pointer);
  const text = source.slice(r.from, r.to);
  const m = /:\s*("(?:[^"\\]|\\.)*")\s*$/.exec(text);
  if (m)
    return {
      from: r.to - m[1].length - (text.length - text.trimEnd().length),
      to: r.to - (text.length - text.trimEnd().length),
    };
  return /^"(?:[^"\\]|\\.)*"$/.test(text) ? r : null;
}

const StudioEditor = forwardRef<StudioEditorHandle, StudioEditorProps>(function StudioEditor(
  { value, onChange, onUndo, onRedo, problems, schema, operations, label, fixLabel, usedBy },
  ref,
) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const latest = useRef({ onChange, onUndo, onRedo, operations, fixLabel, usedBy });
  latest.current = { onChange, onUndo, onRedo, operations, fixLabel, usedBy };

  useEffect(() => {
    const v = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: value,
        extensions: [
          lineNumbers(),
          bracketMatching(),
          closeBrackets(),
          indentOnInput(),
          highlightActiveLine(),
          syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
          json(),
          lintGutter(),
          autocompletion({
            override: [
              studioCompletion({
                schema,
                operations: () => latest.current.operations,
                usedBy: (screens) => latest.current.usedBy(screens),
              }),
            ],
          }),
          keymap.of([
            { key: 'Mod-z', run: () => (latest.current.onUndo(), true), preventDefault: true },
            { key: 'Mod-y', run: () => (latest.current.onRedo(), true), preventDefault: true },
            { key: 'Mod-Shift-z', run: () => (latest.current.onRedo(), true), preventDefault: true },
            ...closeBracketsKeymap,
            ...defaultKeymap,
            ...completionKeymap,
            ...lintKeymap,
          ]),
          EditorView.contentAttributes.of({ 'aria-label': label, 'aria-multiline': 'true' }),
          EditorView.updateListener.of((u) => {
            if (u.docChanged) latest.current.onChange(u.state.doc.toString());
          }),
          EditorView.theme({
            '&': { height: '100%', fontSize: '13px' },
            '.cm-scroller': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' },
          }),
        ],
      }),
    });
    view.current = v;
    return () => v.destroy();
    // The editor is made once; the text is pushed in below when it changes from outside.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A text set from outside (an undo, a designer edit, another screen opened) comes in as the one
  // span that differs, so the cursor and the scroll stay put.
  useEffect(() => {
    const v = view.current;
    const change = v && diffPatch(v.state.doc.toString(), value);
    if (v && change) v.dispatch({ changes: change });
  }, [value]);

  useEffect(() => {
    const v = view.current;
    if (!v) return;
    const source = v.state.doc.toString();
    const diagnostics: Diagnostic[] = problems.map((p) => {
      const r = rangeOf(source, p);
      const fix = p.suggestion && valueRange(source, p.pointer);
      return {
        from: r.from,
        to: Math.max(r.to, r.from),
        severity: 'error',
        source: p.pointer || '/',
        message: p.message,
        ...(fix && p.suggestion
          ? {
              actions: [
                {
                  name: latest.current.fixLabel(p.suggestion),
                  apply: (ev: EditorView) => ev.dispatch({ changes: { ...fix, insert: JSON.stringify(p.suggestion) } }),
                },
              ],
            }
          : {}),
      };
    });
    v.dispatch(setDiagnostics(v.state, diagnostics));
  }, [problems]);

  useImperativeHandle(ref, () => ({
    reveal(pointer, line, column) {
      const v = view.current;
      if (!v) return;
      const r = rangeOf(v.state.doc.toString(), { pointer, message: '', suggestion: null, line, column });
      v.dispatch({ selection: { anchor: r.from, head: r.to }, scrollIntoView: true });
      v.focus();
    },
    applySuggestion(pointer, suggestion) {
      const v = view.current;
      if (!v) return;
      const r = valueRange(v.state.doc.toString(), pointer);
      if (r) v.dispatch({ changes: { ...r, insert: JSON.stringify(suggestion) }, selection: { anchor: r.from + 1 } });
      v.focus();
    },
  }));

  return <div ref={host} data-testid="studio-editor" style={{ height: '100%', minHeight: 360 }} />;
});

export default StudioEditor;
