import { useState, type ReactNode } from 'react';
import { Field, useFieldIds, type CommonFieldProps } from './field';
import styles from './range-field.module.css';

/** A from–to pair of same-format strings ('YYYY-MM-DD', 'YYYYMM'), '' for an open end. */
export interface RangeValue {
  from: string;
  to: string;
}

export type RangeEnd = 'from' | 'to';

/**
 * from ≤ to, enforced. Decision: the end the user just set wins and the other end moves to the
 * same value (rather than swapping, which would move what the user typed to the other field).
 * Plain string order is date order for the fixed-width formats used. Returns the range and which
 * end was moved, if any.
 */
export function orderRange<V extends RangeValue>(next: V, changed: RangeEnd): { value: V; adjusted: RangeEnd | null } {
  if (next.from === '' || next.to === '' || next.from <= next.to) return { value: next, adjusted: null };
  return changed === 'from'
    ? { value: { ...next, from: next.from, to: next.from }, adjusted: 'to' }
    : { value: { ...next, from: next.to, to: next.to }, adjusted: 'from' };
}

export interface RangeFieldProps<V extends RangeValue> extends CommonFieldProps {
  value: V;
  onChange: (value: V) => void;
  /** The ends' accessible names (시작일 / 종료일, 시작월 / 종료월). */
  endLabels: Record<RangeEnd, string>;
  /** One end's input: a date or month input bound to these. */
  renderEnd: (end: { id: string; label: string; value: string; onChange: (v: string) => void }) => ReactNode;
  /** The note shown when the other end was moved to keep from ≤ to. */
  adjustedNote: (end: RangeEnd, value: string) => string;
  /** After the two inputs (the presets); `apply` sets a whole range and clears the note. */
  extra?: (apply: (value: V) => void) => ReactNode;
  /** The text "this field is required". */
  requiredText: string;
}

/**
 * The range widgets' one core (DateRange, MonthRange): a labelled group of two inputs with ~
 * between, from ≤ to kept by orderRange with a spoken note of what moved, and the required
 * message once the group has been left with an end empty.
 */
export function RangeField<V extends RangeValue>({
  value,
  onChange,
  endLabels,
  renderEnd,
  adjustedNote,
  extra,
  requiredText,
  label,
  id,
  required,
  invalid,
  className,
  block,
}: RangeFieldProps<V>) {
  const ids = useFieldIds(id);
  const [note, setNote] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const missing = required && (value.from === '' || value.to === '');
  const message = invalid ?? (missing && touched ? requiredText : null);

  const set = (changed: RangeEnd, v: string) => {
    const { value: ordered, adjusted } = orderRange({ ...value, [changed]: v }, changed);
    setNote(adjusted ? adjustedNote(adjusted, ordered[adjusted]) : null);
    onChange(ordered);
  };
  const end = (which: RangeEnd) =>
    renderEnd({
      id: `${ids.controlId}-${which}`,
      label: endLabels[which],
      value: value[which],
      onChange: (v) => set(which, v),
    });

  return (
    <Field
      label={label}
      labelAs="span"
      required={required}
      message={message}
      hint={note ? <span role="status">{note}</span> : undefined}
      ids={ids}
      className={className}
      block={block}
    >
      <div
        className={styles.row}
        role="group"
        aria-labelledby={label ? `${ids.controlId}-label` : undefined}
        aria-label={label ? undefined : `${endLabels.from} ~ ${endLabels.to}`}
        onBlur={() => setTouched(true)}
      >
        {end('from')}
        <span className={styles.tilde} aria-hidden="true">
          ~
        </span>
        {end('to')}
        {extra?.((v) => {
          setNote(null);
          onChange(v);
        })}
      </div>
    </Field>
  );
}
