/**
 * The studio's designer: the definition's filters, columns and actions (a list screen) or sections,
 * fields and actions (an edit screen) as lists one points at, with the selected element's
 * properties beside them — over the same text as the JSON editor, through the one history
 * (history.ts). Every change is a patch of the text (json-text.ts): what the designer does not show
 * is never rewritten. A definition it cannot show faithfully is named and left to the JSON editor.
 *
 * Loaded in a chunk of its own, only when the studio's designer tab is opened.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { useDesignerText } from './designer-text';
import type { LabelText } from '../../../../../lib/screen-check/label-choice';
import { placeWords } from '../../../../../lib/screen-check/words';
import { WidgetButton } from '../../../../../widgets/common/button';
import { enumValues, type StudioOperation } from '../completion';
import { problemsInWords } from '../problem-words';
import type { Problem } from '../studio-types';
import { choicesFor } from './choices';
import { ElementGroup, type GroupActions } from './ElementGroup';
import { definitionHistory, type HistoryStore } from './history';
import { insertItem, moveItem, removeItem, setProperty, type JsonPath } from './json-text';
import { fieldsOperation, fieldWordsOf, itemRef, itemWords } from './item-words';
import { openDefinition, pointerOf, type DesignElement, type DesignModel } from './model';
import { PropertyPanel } from './PropertyPanel';
import { saidWords, type Said } from './said';
import styles from './designer.module.css';

const D = 'screen.screenStudio.designer';
type Json = Record<string, unknown>;

export interface DesignerPaneProps {
  /** The last check's problems, each worded here in the interface's language from its code and values. */
  problems: readonly Problem[];
  /** The analyst's labels (항목 이름): an item is named by its field's words. */
  labels?: Readonly<Record<string, LabelText>>;
  schema: Json;
  operations: readonly StudioOperation[];
  readOnly: boolean;
  /** Takes the JSON editor to a place (a value the designer does not edit). */
  onReveal(pointer: string): void;
  /** The history to edit; the studio's own by default (a story or a test passes its own). */
  store?: HistoryStore;
  /** The clock that coalesces typing (ms); a technical time, not a business date. */
  now?: () => number;
}

/** The screen's lists the outline draws: not repeated as "edit in JSON" in the screen's own panel. */
const DRAWN = ['filters', 'columns', 'actions', 'sections', 'kind'];

/** focusNext's value for "the pane, unless the focus is still inside it". */
const PANE = '';
/** focusNext's prefix for an item's drag handle (after a drop, the next carry starts there). */
const HANDLE = 'handle:';

const performanceNow = () => performance.now();
const NO_LABELS: Readonly<Record<string, LabelText>> = {};

const under = (pointer: string, p: string) => p === pointer || p.startsWith(`${pointer}/`);

/** Every element the model shows, deepest last (a field after its section). */
function elementsOf(model: DesignModel): DesignElement[] {
  if (model.kind === 'list') return [...model.filters, ...model.columns, ...model.actions];
  return [...model.sections.flatMap((s) => [s, ...s.fields]), ...model.actions];
}

export default function DesignerPane({
  problems: checked,
  labels = NO_LABELS,
  schema,
  operations,
  readOnly,
  onReveal,
  store = definitionHistory,
  now = performanceNow,
}: DesignerPaneProps) {
  const t = useDesignerText();
  const { i18n } = useTranslation();
  const lang = typeof i18n?.language === 'string' && i18n.language.startsWith('en') ? 'en' : 'ko';
  const text = useStore(store, (s) => s.text);
  const selection = useStore(store, (s) => s.selection);
  const canUndo = useStore(store, (s) => s.undoSteps.length > 0);
  const canRedo = useStore(store, (s) => s.redoSteps.length > 0);
  const opened = useMemo(() => openDefinition(text), [text]);
  const def = useMemo(() => (opened.ok ? (JSON.parse(text) as Json) : null), [opened, text]);
  // What was said, as keys and values: worded at each render, so in the language of the moment.
  const [said, setSaid] = useState<Said | null>(null);
  const [dragSaid, setDragSaid] = useState<Said | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const focusNext = useRef<string | null>(null);

  // After a move the moved item keeps the focus at its new place (its row is drawn anew there; after a
  // drop, its drag handle); after an undo that took away the focused control (an added item, its
  // panel), the pane takes the focus, so the next Ctrl+Z still reaches it.
  useEffect(() => {
    const pointer = focusNext.current;
    if (pointer === null) return;
    focusNext.current = null;
    const pane = root.current;
    const target =
      pointer === PANE
        ? pane
        : pointer.startsWith(HANDLE)
          ? pane?.querySelector<HTMLElement>(`[data-handle="${pointer.slice(HANDLE.length)}"]`)
          : pane?.querySelector<HTMLElement>(`[data-item="${pointer}"]`);
    if (target && !(pointer === PANE && pane?.contains(document.activeElement))) target.focus();
  });

  const announce = (key: string, rest?: Omit<Said, 'key'>) => setSaid({ key: `announce.${key}`, ...rest });
  const history = store.getState;
  // A drag's sentences (dnd-kit's events) in a region of their own, assertive as dnd-kit's was; a drop
  // that moves an item is said by the "moved" sentence, so the carrying sentence is taken away then.
  const sayDrag = useCallback((s: Said | null) => setDragSaid(s), []);

  const undo = () => {
    focusNext.current = PANE;
    announce(history().undo() ? 'undone' : 'nothingToUndo');
  };
  const redo = () => {
    focusNext.current = PANE;
    announce(history().redo() ? 'redone' : 'nothingToRedo');
  };

  // What the rows do, the same functions from render to render (ElementGroup draws a row again only
  // when it changes): each reads the text and the selection from the store when it runs.
  const actions = useMemo<GroupActions>(() => {
    const say = (key: string, rest?: Omit<Said, 'key'>) => setSaid({ key: `announce.${key}`, ...rest });
    const state = store.getState;
    return {
      select(e) {
        state().select(e.pointer);
        say('selected', { item: itemRef(e) });
      },
      move(e, index, to, focus = 'item') {
        const list = e.path.slice(0, -1);
        const { text: now_, selection: chosen } = state();
        state().change(moveItem(now_, list, index, to), { now: now() });
        const moved = pointerOf([...list, to]);
        if (chosen === e.pointer) state().select(moved);
        focusNext.current = focus === 'handle' ? `${HANDLE}${moved}` : moved;
        if (focus === 'handle') setDragSaid(null);
        say('moved', { name: itemRef(e), vars: { index: to + 1 } });
      },
      remove(e, index) {
        const { text: now_, selection: chosen } = state();
        state().change(removeItem(now_, e.path.slice(0, -1), index), { now: now() });
        if (chosen && under(e.pointer, chosen)) state().select(null);
        say('removed', { item: itemRef(e) });
      },
    };
  }, [store, now]);

  // A field's words in the interface's language (the analyst's label, the operation's, its built-in
  // screen's, the dictionary's), remembered until the operation, the labels or the language change.
  const opId = def ? fieldsOperation(def) : null;
  const fieldWords = useMemo(() => {
    const operation = operations.find((o) => o.id === opId);
    const dictionary = (f: string) => {
      const key = `field.${f}`;
      const words = t(key);
      return words === key ? null : words;
    };
    return fieldWordsOf(lang, operation, labels, dictionary);
  }, [lang, opId, operations, labels, t]);
  const problems = useMemo(() => problemsInWords(checked, lang, operations), [checked, lang, operations]);

  if (!opened.ok || !def) {
    const reason = opened.ok ? { code: 'notObject', vars: {} } : opened.reason;
    const vars = {
      ...reason.vars,
      ...('place' in reason.vars ? { place: placeWords(String(reason.vars.place), lang) } : {}),
    };
    return (
      <div className={styles.pane} data-testid="designer-pane">
        <p className={styles.refused} role="note" data-testid="designer-refused">
          {t(`${D}.unrepresentable`, { reason: t(`${D}.reason.${reason.code}`, vars) })}
        </p>
        <p className={styles.muted}>{t(`${D}.reopenHint`)}</p>
      </div>
    );
  }

  const model = opened.model;
  const all = elementsOf(model);
  const kindWord = (kind: string) => t(`${D}.kind.${kind}`);
  const nameOf = (e: DesignElement) => itemWords(t, itemRef(e), fieldWords);
  const problemsOf = (e: DesignElement) =>
    problems.filter(
      (p) => under(e.pointer, p.pointer) && !(e.kind === 'section' && under(`${e.pointer}/fields`, p.pointer)),
    );
  const unplaced = problems.filter((p) => !all.some((e) => under(e.pointer, p.pointer)));
  const screenProblems = unplaced.filter((p) => !model.source || !under(model.source.pointer, p.pointer));
  const sourceProblems = model.source ? problems.filter((p) => under(model.source!.pointer, p.pointer)) : [];
  const selected =
    [model.screen, ...(model.source ? [model.source] : []), ...all].find((e) => e.pointer === selection) ?? null;

  const addTo = (list: JsonPath, count: number, value: Json, kind: DesignElement['kind']) => {
    history().change(insertItem(text, list, count, value), { now: now() });
    const path = [...list, count];
    history().select(pointerOf(path));
    announce('added', { item: itemRef({ kind, path, pointer: pointerOf(path), value }) });
  };

  const fieldGroup = (
    title: string,
    kind: 'filter' | 'column' | 'field',
    list: JsonPath,
    items: readonly DesignElement[],
    addLabel?: string,
  ) => (
    <ElementGroup
      title={title}
      items={items}
      selected={selection}
      readOnly={readOnly}
      nameOf={nameOf}
      problemsOf={problemsOf}
      actions={actions}
      onSay={sayDrag}
      add={{
        label: addLabel ?? t(`${D}.newField`, { kind: kindWord(kind) }),
        button: t(`${D}.addTo`, { kind: kindWord(kind) }),
        choices: choicesFor(def, text, [...list, items.length, 'field'], operations),
        onAdd: (field) => addTo(list, items.length, { field }, kind),
      }}
    />
  );

  const actionKinds = enumValues(schema, def, ['actions', model.actions.length, 'kind']);
  const actionGroup = (
    <ElementGroup
      title={t(`${D}.group.actions`)}
      items={model.actions}
      selected={selection}
      readOnly={readOnly}
      nameOf={nameOf}
      problemsOf={problemsOf}
      actions={actions}
      onSay={sayDrag}
      add={{
        label: t(`${D}.newAction`),
        button: t(`${D}.addTo`, { kind: kindWord('action') }),
        options: actionKinds,
        optionLabel: (kind) => {
          const key = `${D}.enumValue.kind.${kind}`;
          const words = t(key);
          return words === key ? kind : `${words} (${kind})`;
        },
        onAdd: (kind) => addTo(['actions'], model.actions.length, { kind }, 'action'),
      }}
    />
  );

  return (
    <div
      ref={root}
      tabIndex={-1}
      className={styles.pane}
      data-testid="designer-pane"
      onKeyDown={(k) => {
        if (!(k.ctrlKey || k.metaKey) || k.altKey) return;
        const key = k.key.toLowerCase();
        if (key === 'z' && !k.shiftKey) {
          k.preventDefault();
          undo();
        } else if ((key === 'z' && k.shiftKey) || key === 'y') {
          k.preventDefault();
          redo();
        }
      }}
    >
      <div className={styles.toolbar}>
        <WidgetButton size="small" disabled={!canUndo} onClick={undo}>
          {t(`${D}.undo`)}
        </WidgetButton>
        <WidgetButton size="small" disabled={!canRedo} onClick={redo}>
          {t(`${D}.redo`)}
        </WidgetButton>
        <span className={styles.muted}>{t(`${D}.help`)}</span>
      </div>
      <p className={styles.live} role="status" aria-live="polite" data-testid="designer-announcement">
        {saidWords(t, said, fieldWords)}
      </p>
      <p
        className={styles.liveHidden}
        role="status"
        aria-live="assertive"
        aria-atomic="true"
        data-testid="designer-drag"
      >
        {saidWords(t, dragSaid, fieldWords)}
      </p>
      <div className={styles.layout}>
        <div className={styles.outline}>
          <ElementGroup
            title={t(`${D}.group.screen`)}
            items={[model.screen, ...(model.source ? [model.source] : [])]}
            selected={selection}
            readOnly
            nameOf={nameOf}
            problemsOf={(e) => (e.kind === 'screen' ? screenProblems : sourceProblems)}
            actions={actions}
            onSay={sayDrag}
          />
          {model.kind === 'list' ? (
            <>
              {fieldGroup(t(`${D}.group.filters`), 'filter', ['filters'], model.filters)}
              {fieldGroup(t(`${D}.group.columns`), 'column', ['columns'], model.columns)}
              {actionGroup}
            </>
          ) : (
            <>
              <ElementGroup
                title={t(`${D}.group.sections`)}
                items={model.sections}
                selected={selection}
                readOnly={readOnly}
                nameOf={nameOf}
                problemsOf={problemsOf}
                actions={actions}
                onSay={sayDrag}
                add={{
                  label: t(`${D}.newSectionTitle`),
                  button: t(`${D}.addTo`, { kind: kindWord('section') }),
                  allowEmpty: true,
                  onAdd: (title) =>
                    addTo(
                      ['sections'],
                      model.sections.length,
                      title ? { title, fields: [] } : { fields: [] },
                      'section',
                    ),
                }}
              >
                {(section, i) =>
                  fieldGroup(
                    t(`${D}.group.fields`),
                    'field',
                    [...section.path, 'fields'],
                    model.sections[i].fields,
                    t(`${D}.addSectionField`, { section: nameOf(section) }),
                  )
                }
              </ElementGroup>
              {actionGroup}
            </>
          )}
        </div>
        <div className={styles.side}>
          {selected ? (
            <PropertyPanel
              element={selected}
              itemName={nameOf(selected)}
              hidden={selected.kind === 'screen' ? DRAWN : []}
              def={def}
              text={text}
              schema={schema}
              operations={operations}
              readOnly={readOnly}
              onReveal={onReveal}
              onSet={(name, value) =>
                history().change(setProperty(text, selected.path, name, value), {
                  now: now(),
                  coalesce: `prop:${selected.pointer}:${name}`,
                })
              }
            />
          ) : (
            <p className={styles.muted}>{t(`${D}.props.empty`)}</p>
          )}
        </div>
      </div>
    </div>
  );
}
