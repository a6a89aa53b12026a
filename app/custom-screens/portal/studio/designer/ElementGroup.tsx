/**
 * One list of the definition in the designer — a list screen's filters, columns or actions, an edit
 * screen's sections or a section's fields: each item a row that is chosen with one click (or Enter),
 * moved with the Up/Down buttons or Alt+↑/↓, removed with one click, with the check's problems at
 * its place; under the list, a small form adds an item.
 */
import { useId, useState, type ReactNode } from 'react';
import { useEngineText } from '../../../../../engine/text';
import { WidgetButton } from '../../../../../widgets/common/button';
import type { Problem } from '../studio-types';
import type { Choice } from './choices';
import type { DesignElement } from './model';
import styles from './designer.module.css';

const D = 'screen.screenStudio.designer';

export interface GroupActions {
  select(e: DesignElement): void;
  move(e: DesignElement, index: number, to: number): void;
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
  /** What the add form asks for: a field (with the contract's choices), an action's kind, a title; none for fixed parts. */
  add?: {
    label: string;
    button: string;
    choices?: Choice[];
    options?: string[];
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
  add,
  children,
}: ElementGroupProps) {
  const t = useEngineText();
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
        <ol className={styles.items}>
          {items.map((e, i) => {
            const name = nameOf(e, i);
            const problems = problemsOf(e);
            const isSelected = selected === e.pointer;
            return (
              <li
                key={e.pointer}
                className={`${styles.item} ${isSelected ? styles.selected : ''} ${problems.length ? styles.hasProblem : ''}`}
              >
                <div className={styles.itemRow}>
                  <button
                    type="button"
                    className={styles.itemButton}
                    aria-pressed={isSelected}
                    aria-describedby={problems.length ? `${id}-p${i}` : undefined}
                    data-item={e.pointer}
                    onClick={() => actions.select(e)}
                    onKeyDown={(k) => {
                      if (!k.altKey || readOnly) return;
                      if (k.key === 'ArrowUp' && i > 0) {
                        k.preventDefault();
                        actions.move(e, i, i - 1);
                      } else if (k.key === 'ArrowDown' && i < items.length - 1) {
                        k.preventDefault();
                        actions.move(e, i, i + 1);
                      }
                    }}
                  >
                    {name}
                  </button>
                  {problems.length > 0 && (
                    <span className={styles.badge}>{t(`${D}.problems`, { count: problems.length })}</span>
                  )}
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
                        disabled={i === items.length - 1}
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
                  <ul className={styles.problems} id={`${id}-p${i}`}>
                    {problems.map((p, k) => (
                      <li key={k} data-pointer={p.pointer}>
                        {p.message}
                      </li>
                    ))}
                  </ul>
                )}
                {children?.(e, i)}
              </li>
            );
          })}
        </ol>
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
                  {o}
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
