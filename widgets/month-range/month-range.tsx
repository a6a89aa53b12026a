import type { CommonFieldProps } from '../common/field';
import { orderRange, RangeField } from '../common/range-field';
import { useWidgetText } from '../i18n';
import { MonthPicker, monthDisplay } from '../month-picker/month-picker';

export interface MonthRangeValue {
  /** 'YYYYMM' or ''. */
  from: string;
  to: string;
}

/** from ≤ to, enforced the way DateRange does it: the end the user just set wins (see RangeField). */
export const orderMonthRange: (
  next: MonthRangeValue,
  changed: 'from' | 'to',
) => { value: MonthRangeValue; adjusted: 'from' | 'to' | null } = orderRange;

export interface MonthRangeProps extends CommonFieldProps {
  value: MonthRangeValue;
  onChange: (value: MonthRangeValue) => void;
}

/**
 * Two month pickers (spec §5 month rules: YYYYMM, year ≥ 1900, month ≤ 12) with from ≤ to — a
 * period range such as the settlement months 2026-01 ~ 2026-03. Either end may stay empty.
 */
export function MonthRange({ value, onChange, disabled, ...field }: MonthRangeProps) {
  const t = useWidgetText();
  return (
    <RangeField<MonthRangeValue>
      {...field}
      value={value}
      onChange={onChange}
      endLabels={{ from: t('monthFrom'), to: t('monthTo') }}
      requiredText={t('required')}
      adjustedNote={(end, month) =>
        t('monthRangeAdjusted', { which: end === 'from' ? t('monthFrom') : t('monthTo'), month: monthDisplay(month) })
      }
      renderEnd={(end) => (
        <MonthPicker id={end.id} aria-label={end.label} value={end.value} disabled={disabled} onChange={end.onChange} />
      )}
    />
  );
}
