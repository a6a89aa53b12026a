/**
 * One list of the definition in the designer — a list screen's filters, columns or actions, an edit
 * screen's sections or a section's fields: each item a row that is chosen with one click (or Enter),
 * moved with the Up/Down buttons, Alt+↑/↓ or by dragging its handle (SortableList.tsx), removed with
 * one click, with the check's problems at its place; under the list, a small form adds an item.
 */
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { memo, useContext, useId, useState, type ReactNode } from 'react';
import { useDesignerText } from './designer-text';
import { WidgetButton } from '../../../../../widgets/common/button';
import type { Problem } from '../studio-types';
import type { Choice } from './choices';
import { itemRef } from './item-words';
import { RowDrawn } from './row-drawn';
import type { DesignElement } from './model';
import type { Said } from './said';
import { SortableList } from './SortableList';
import styles from './designer.module.css';

const D = 'screen.screenStudio.designer';

export interface GroupActions {
  select(e: DesignElement): void;
  /** `focus` the item's button (a click or Alt+arrow) or its drag handle (a drop) afterwards. */
  move(e: DesignElement, index: number, to: number, focus?: 'item' | 'handle'): void;
  remove(e: DesignElement, index: number): void;
}

interface ElementGroupProps {
  title: string;
  items: readonly DesignElement[];
  selected: string | null;
  readOnly: boolean;
  nameOf(e: DesignElement, index: number): string;
  problemsOf(e: DesignElement): Problem[];
  actions: GroupActions;
  /** Says a drag's sentence (its key and values; null takes the last one away). */
  onSay(said: Said | null): void;
  /** What the add form asks for: a field (with the contract's choices), an action's kind, a title; none for fixed parts. */
  add?: {
    label: string;
    button: string;
    choices?: Choice[];
    options?: string[];
    /** An option in words (an action's kind). */
    optionLabel?(value: string): string;
    /** A section may be added without a title. */
    allowEmpty?: boolean;
    onAdd(value: string): void;
  };
  /** Under an item (a section's fields). */
  children?: (e: DesignElement, index: number) => ReactNode;
}

export function ElementGroup({
  title,
  items,
  selected,
  readOnly,
  nameOf,
  problemsOf,
  actions,
  onSay,
  add,
  children,
}: ElementGroupProps) {
  const t = useDesignerText();
  const id = useId();
  const [typed, setTyped] = useState('');
  const submit = () => {
    if (!add) return;
    const value = typed.trim() || (add.options?.[0] ?? '');
    if (!value && !add.allowEmpty) return;
    add.onAdd(value);
    setTyped('');
  };
  return (
    <section className={styles.group} aria-labelledby={`${id}-h`}>
      <h4 id={`${id}-h`} className={styles.h4}>
        {title} <span className={styles.count}>({items.length})</span>
      </h4>
      {items.length === 0 ? (
        <p className={styles.muted}>{t(`${D}.empty`)}</p>
      ) : (
        <SortableList
          ids={items.map((e) => e.pointer)}
          refOf={(pointer) => {
            const item = items.find((e) => e.pointer === pointer);
            return item ? itemRef(item) : null;
          }}
          onSay={onSay}
          onMove={(from, to) => actions.move(items[from], from, to, 'handle')}
        >
          <ol className={styles.items}>
            {items.map((e, i) => (
              <ItemRow
                key={e.pointer}
                element={e}
                index={i}
                count={items.length}
                name={nameOf(e, i)}
                problems={problemsOf(e)}
                selected={selected === e.pointer}
                readOnly={readOnly}
                describedBy={`${id}-p${i}`}
                actions={actions}
              >
                {children?.(e, i)}
              </ItemRow>
            ))}
          </ol>
        </SortableList>
      )}
      {!readOnly && add && (
        <form
          className={styles.addForm}
          onSubmit={(ev) => {
            ev.preventDefault();
            submit();
          }}
        >
          <label htmlFor={`${id}-add`} className={styles.addLabel}>
            {add.label}
          </label>
          {add.options ? (
            <select
              id={`${id}-add`}
              className={styles.input}
              value={typed || add.options[0]}
              onChange={(ev) => setTyped(ev.target.value)}
            >
              {add.options.map((o) => (
                <option key={o} value={o}>
                  {add.optionLabel?.(o) ?? o}
                </option>
              ))}
            </select>
          ) : (
            <>
              <input
                id={`${id}-add`}
                className={styles.input}
                value={typed}
                onChange={(ev) => setTyped(ev.target.value)}
                list={add.choices?.length ? `${id}-choices` : undefined}
                autoComplete="off"
              />
              {add.choices && add.choices.length > 0 && (
                <datalist id={`${id}-choices`}>
                  {add.choices.map((c) => (
                    <option key={c.value} value={c.value}>
                      {c.label ?? c.value}
                    </option>
                  ))}
                </datalist>
              )}
            </>
          )}
          <WidgetButton type="submit" size="small">
            {add.button}
          </WidgetButton>
        </form>
      )}
    </section>
  );
}

interface ItemRowProps {
  element: DesignElement;
  index: number;
  count: number;
  name: string;
  problems: Problem[];
  selected: boolean;
  readOnly: boolean;
  describedBy: string;
  actions: GroupActions;
  children?: ReactNode;
}

/**
 * One item: its handle (dragged by pointer or keyboard), its button, its Up/Down/Remove buttons, its problems.
 * Drawn again only when what it shows changes (a keystroke in a 60-field form changes one item);
 * `actions` is stable and acts on the current text, and an item with children (a section) is
 * always drawn again, its fields deciding for themselves.
 */
const ItemRow = memo(function ItemRow({
  element: e,
  index: i,
  count,
  name,
  problems,
  selected,
  readOnly,
  describedBy,
  actions,
  children,
}: ItemRowProps) {
  const t = useDesignerText();
  useContext(RowDrawn)?.();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: e.pointer,
    disabled: readOnly,
    attributes: { roleDescription: t(`${D}.drag.roleDescription`) },
  });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={`${styles.item} ${selected ? styles.selected : ''} ${problems.length ? styles.hasProblem : ''} ${isDragging ? styles.dragging : ''}`}
    >
      <div className={styles.itemRow}>
        {!readOnly && (
          <button
            type="button"
            ref={setActivatorNodeRef}
            className={styles.handle}
            data-handle={e.pointer}
            {...attributes}
            {...listeners}
            aria-label={t(`${D}.drag.handleLabel`, { item: name })}
          >
            <span aria-hidden="true">⠿</span>
          </button>
        )}
        <button
          type="button"
          className={styles.itemButton}
          aria-pressed={selected}
          aria-describedby={problems.length ? describedBy : undefined}
          data-item={e.pointer}
          onClick={() => actions.select(e)}
          onKeyDown={(k) => {
            if (!k.altKey || readOnly) return;
            if (k.key === 'ArrowUp' && i > 0) {
              k.preventDefault();
              actions.move(e, i, i - 1);
            } else if (k.key === 'ArrowDown' && i < count - 1) {
              k.preventDefault();
              actions.move(e, i, i + 1);
            }
          }}
        >
          {name}
        </button>
        {problems.length > 0 && <span className={styles.badge}>{t(`${D}.problems`, { count: problems.length })}</span>}
        {!readOnly && (
          <span className={styles.itemTools}>
            <WidgetButton
              size="small"
              disabled={i === 0}
              aria-label={t(`${D}.moveUpLabel`, { item: name })}
              onClick={() => actions.move(e, i, i - 1)}
            >
              {t(`${D}.moveUp`)}
            </WidgetButton>
            <WidgetButton
              size="small"
              disabled={i === count - 1}
              aria-label={t(`${D}.moveDownLabel`, { item: name })}
              onClick={() => actions.move(e, i, i + 1)}
            >
              {t(`${D}.moveDown`)}
            </WidgetButton>
            <WidgetButton
              size="small"
              aria-label={t(`${D}.removeLabel`, { item: name })}
              onClick={() => actions.remove(e, i)}
            >
              {t(`${D}.remove`)}
            </WidgetButton>
          </span>
        )}
      </div>
      {problems.length > 0 && (
        <ul className={styles.problems} id={describedBy}>
          {problems.map((p, k) => (
            <li key={k} data-pointer={p.pointer}>
              {p.message}
            </li>
          ))}
        </ul>
      )}
      {children}
    </li>
  );
}, sameRow);

function sameRow(a: ItemRowProps, b: ItemRowProps): boolean {
  return (
    a.children === undefined &&
    b.children === undefined &&
    a.element.pointer === b.element.pointer &&
    a.index === b.index &&
    a.count === b.count &&
    a.name === b.name &&
    a.selected === b.selected &&
    a.readOnly === b.readOnly &&
    a.describedBy === b.describedBy &&
    a.actions === b.actions &&
    a.problems.length === b.problems.length &&
    a.problems.every((p, i) => p.pointer === b.problems[i].pointer && p.message === b.problems[i].message)
  );
}
