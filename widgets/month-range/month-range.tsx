import { useState } from 'react';
import { Field, useFieldIds, type CommonFieldProps } from '../common/field';
import styles from '../date-range/date-range.module.css';
import { useWidgetText } from '../i18n';
import { MonthPicker, monthDisplay } from '../month-picker/month-picker';

export interface MonthRangeValue {
  /** 'YYYYMM' or ''. */
  from: string;
  to: string;
}

/**
 * from ≤ to, enforced the way DateRange does it: the end the user just set wins and the other
 * end moves to the same month. Returns the range and which end was moved, if any.
 */
export function orderMonthRange(
  next: MonthRangeValue,
  changed: 'from' | 'to',
): { value: MonthRangeValue; adjusted: 'from' | 'to' | null } {
  if (next.from === '' || next.to === '' || next.from <= next.to) return { value: next, adjusted: null };
  return changed === 'from'
    ? { value: { from: next.from, to: next.from }, adjusted: 'to' }
    : { value: { from: next.to, to: next.to }, adjusted: 'from' };
}

export interface MonthRangeProps extends CommonFieldProps {
  value: MonthRangeValue;
  onChange: (value: MonthRangeValue) => void;
}

/**
 * Two month pickers (spec §5 month rules: YYYYMM, year ≥ 1900, month ≤ 12) with from ≤ to — a
 * period range such as the settlement months 2026-01 ~ 2026-03. Either end may stay empty.
 */
export function MonthRange({
  value,
  onChange,
  label,
  id,
  disabled,
  required,
  invalid,
  className,
  block,
}: MonthRangeProps) {
  const t = useWidgetText();
  const ids = useFieldIds(id);
  const [note, setNote] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const missing = required && (value.from === '' || value.to === '');
  const message = invalid ?? (missing && touched ? t('required') : null);

  const set = (changed: 'from' | 'to', month: string) => {
    const { value: ordered, adjusted } = orderMonthRange({ ...value, [changed]: month }, changed);
    setNote(
      adjusted
        ? t('monthRangeAdjusted', {
            which: adjusted === 'from' ? t('monthFrom') : t('monthTo'),
            month: monthDisplay(ordered[adjusted]),
          })
        : null,
    );
    onChange(ordered);
  };

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
        aria-label={label ? undefined : `${t('monthFrom')} ~ ${t('monthTo')}`}
        onBlur={() => setTouched(true)}
      >
        <MonthPicker
          id={`${ids.controlId}-from`}
          aria-label={t('monthFrom')}
          value={value.from}
          disabled={disabled}
          onChange={(m) => set('from', m)}
        />
        <span className={styles.tilde} aria-hidden="true">
          ~
        </span>
        <MonthPicker
          id={`${ids.controlId}-to`}
          aria-label={t('monthTo')}
          value={value.to}
          disabled={disabled}
          onChange={(m) => set('to', m)}
        />
      </div>
    </Field>
  );
}
