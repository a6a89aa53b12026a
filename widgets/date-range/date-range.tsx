import dayjs from 'dayjs';
import { formatDate, MIN_DATE } from '../../lib/date';
import { WidgetButton } from '../common/button';
import type { CommonFieldProps } from '../common/field';
import { orderRange as orderAnyRange, RangeField } from '../common/range-field';
import styles from '../common/range-field.module.css';
import { DateInput } from '../date-input/date-input';
import { useWidgetText } from '../i18n';

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

/** from ≤ to, enforced: the end the user just set wins (see RangeField). */
export const orderRange: (
  next: DateRangeValue,
  changed: 'from' | 'to',
) => { value: DateRangeValue; adjusted: 'from' | 'to' | null } = orderAnyRange;

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
  disabled,
  ...field
}: DateRangeProps) {
  const t = useWidgetText();
  const presetList = presets === true ? DATE_RANGE_PRESETS : presets === false ? [] : presets;
  const presetLabel: Record<DateRangePreset, string> = {
    today: t('presetToday'),
    week: t('presetWeek'),
    month: t('presetMonth'),
    threeMonths: t('presetThreeMonths'),
  };

  return (
    <RangeField<DateRangeValue>
      {...field}
      value={value}
      onChange={onChange}
      endLabels={{ from: t('rangeFrom'), to: t('rangeTo') }}
      requiredText={t('required')}
      adjustedNote={(end, date) => t('rangeAdjusted', { which: end === 'from' ? t('rangeFrom') : t('rangeTo'), date })}
      renderEnd={(end) => (
        <DateInput
          id={end.id}
          aria-label={end.label}
          value={end.value}
          min={min}
          disabled={disabled}
          onChange={end.onChange}
        />
      )}
      extra={(apply) =>
        presetList.length > 0 && (
          <span className={styles.presets}>
            {presetList.map((p) => (
              <WidgetButton key={p} disabled={disabled} onClick={() => apply(presetRange(p, today))}>
                {presetLabel[p]}
              </WidgetButton>
            ))}
          </span>
        )
      }
    />
  );
}
