import dayjs from 'dayjs';
import { useState } from 'react';
import { formatDate, MIN_DATE } from '../../lib/date';
import { WidgetButton } from '../common/button';
import { Field, useFieldIds, type CommonFieldProps } from '../common/field';
import { DateInput } from '../date-input/date-input';
import { useWidgetText } from '../i18n';
import styles from './date-range.module.css';

export interface DateRangeValue {
  /** 'YYYY-MM-DD' or ''. */
  from: string;
  to: string;
}

export type DateRangePreset = 'today' | 'week' | 'month' | 'threeMonths';

export const DATE_RANGE_PRESETS: readonly DateRangePreset[] = ['today', 'week', 'month', 'threeMonths'];

/**
 * The range a preset button sets, ending today: 오늘 (today–today), 1주 (7 days back),
 * 1개월 and 3개월 (the same day 1 or 3 months back; dayjs keeps the end of a shorter month,
 * so 31 May − 1 month = 30 April).
 */
export function presetRange(preset: DateRangePreset, today: Date = new Date()): DateRangeValue {
  const end = dayjs(new Date(today.getFullYear(), today.getMonth(), today.getDate()));
  const start =
    preset === 'today'
      ? end
      : preset === 'week'
        ? end.subtract(7, 'day')
        : end.subtract(preset === 'month' ? 1 : 3, 'month');
  return { from: formatDate(start.toDate(), 'yyyy-MM-dd'), to: formatDate(end.toDate(), 'yyyy-MM-dd') };
}

/**
 * from ≤ to, enforced. Decision: the end the user just set wins and the other end moves to the
 * same date (rather than swapping, which would move the date the user typed to the other field).
 * Returns the range and which end was moved, if any.
 */
export function orderRange(
  next: DateRangeValue,
  changed: 'from' | 'to',
): { value: DateRangeValue; adjusted: 'from' | 'to' | null } {
  if (next.from === '' || next.to === '' || next.from <= next.to) return { value: next, adjusted: null };
  return changed === 'from'
    ? { value: { from: next.from, to: next.from }, adjusted: 'to' }
    : { value: { from: next.to, to: next.to }, adjusted: 'from' };
}

export interface DateRangeProps extends CommonFieldProps {
  value: DateRangeValue;
  onChange: (value: DateRangeValue) => void;
  min?: string;
  /** Show the 오늘 / 1주 / 1개월 / 3개월 buttons (default true). */
  presets?: boolean | readonly DateRangePreset[];
  /** "Today" for the presets (tests, stories); default the real today. */
  today?: Date;
}

/** Two date inputs with from ≤ to and quick presets (spec §5 date rules apply to both ends). */
export function DateRange({
  value,
  onChange,
  min = MIN_DATE,
  presets = true,
  today,
  label,
  id,
  disabled,
  required,
  invalid,
  className,
  block,
}: DateRangeProps) {
  const t = useWidgetText();
  const ids = useFieldIds(id);
  const [note, setNote] = useState<string | null>(null);
  const missing = required && (value.from === '' || value.to === '');
  const [touched, setTouched] = useState(false);
  const message = invalid ?? (missing && touched ? t('required') : null);

  const set = (changed: 'from' | 'to', date: string) => {
    const { value: ordered, adjusted } = orderRange({ ...value, [changed]: date }, changed);
    setNote(
      adjusted
        ? t('rangeAdjusted', { which: adjusted === 'from' ? t('rangeFrom') : t('rangeTo'), date: ordered[adjusted] })
        : null,
    );
    onChange(ordered);
  };
  const presetList = presets === true ? DATE_RANGE_PRESETS : presets === false ? [] : presets;
  const presetLabel: Record<DateRangePreset, string> = {
    today: t('presetToday'),
    week: t('presetWeek'),
    month: t('presetMonth'),
    threeMonths: t('presetThreeMonths'),
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
        aria-label={label ? undefined : `${t('rangeFrom')} ~ ${t('rangeTo')}`}
        onBlur={() => setTouched(true)}
      >
        <DateInput
          id={`${ids.controlId}-from`}
          aria-label={t('rangeFrom')}
          value={value.from}
          min={min}
          disabled={disabled}
          onChange={(d) => set('from', d)}
        />
        <span className={styles.tilde} aria-hidden="true">
          ~
        </span>
        <DateInput
          id={`${ids.controlId}-to`}
          aria-label={t('rangeTo')}
          value={value.to}
          min={min}
          disabled={disabled}
          onChange={(d) => set('to', d)}
        />
        {presetList.length > 0 && (
          <span className={styles.presets}>
            {presetList.map((p) => (
              <WidgetButton
                key={p}
                disabled={disabled}
                onClick={() => {
                  setNote(null);
                  onChange(presetRange(p, today));
                }}
              >
                {presetLabel[p]}
              </WidgetButton>
            ))}
          </span>
        )}
      </div>
    </Field>
  );
}
