import { useRef, useState } from 'react';
import { formatYearMonth, normalizeMonth } from '../../lib/date';
import {
  controlAria,
  Field,
  fieldStyles,
  useFieldIds,
  useRequiredMessage,
  type CommonFieldProps,
} from '../common/field';
import { CalendarIcon } from '../date-input/calendar-icon';
import dateStyles from '../date-input/date-input.module.css';
import { useWidgetText } from '../i18n';

export interface MonthPickerProps extends CommonFieldProps {
  /** 'YYYYMM' or ''. */
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  readOnly?: boolean;
  onBlur?: () => void;
  'aria-label'?: string;
}

/** 'YYYYMM' → 'YYYY-MM' for the field, as a month column shows it; anything else is shown as it is. */
export function monthDisplay(value: string): string {
  return formatYearMonth(value);
}

/**
 * Month picker (spec §5): the value is 'YYYYMM' with year ≥ 1900 and month ≤ 12, else empty —
 * typed text ('2024-03', '2024.3', '202403') goes through lib/date.ts normalizeMonth on leaving
 * the field or Enter. The field shows 'YYYY-MM'; a button opens the native month picker.
 */
export function MonthPicker({
  value,
  onChange,
  placeholder,
  readOnly,
  onBlur,
  label,
  id,
  name,
  disabled,
  required,
  invalid,
  className,
  block,
  ...rest
}: MonthPickerProps) {
  const t = useWidgetText();
  const ids = useFieldIds(id);
  const nativeRef = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState<string | null>(null);
  const [unrecognized, setUnrecognized] = useState(false);
  const { message, markTouched } = useRequiredMessage(value, required, invalid);

  const commit = () => {
    if (draft === null) return;
    const next = normalizeMonth(draft);
    setUnrecognized(draft.trim() !== '' && next === '');
    setDraft(null);
    if (next !== value) onChange(next);
  };
  const shownMessage = message ?? (unrecognized ? t('monthUnrecognized') : null);

  return (
    <Field label={label} required={required} message={shownMessage} ids={ids} className={className} block={block}>
      <span className={dateStyles.wrap}>
        <input
          id={ids.controlId}
          name={name}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={draft ?? monthDisplay(value)}
          disabled={disabled}
          readOnly={readOnly}
          placeholder={placeholder ?? t('monthPlaceholder')}
          className={[fieldStyles.input, dateStyles.text].join(' ')}
          style={{ width: 92 }}
          aria-label={rest['aria-label']}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={() => {
            commit();
            markTouched();
            onBlur?.();
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') commit();
          }}
          {...controlAria(ids, shownMessage, required)}
        />
        <button
          type="button"
          className={dateStyles.pickerButton}
          disabled={disabled || readOnly}
          aria-label={t('openCalendar')}
          onClick={() => {
            const el = nativeRef.current;
            if (!el) return;
            el.value = /^\d{6}$/.test(value) ? monthDisplay(value) : '';
            if (typeof el.showPicker === 'function') {
              try {
                el.showPicker();
                return;
              } catch {
                // fall back to focus
              }
            }
            el.focus();
          }}
        >
          <CalendarIcon />
        </button>
        <input
          ref={nativeRef}
          type="month"
          tabIndex={-1}
          aria-hidden="true"
          className={dateStyles.native}
          min="1900-01"
          onChange={(e) => {
            const next = normalizeMonth(e.target.value);
            if (next !== '') {
              setDraft(null);
              setUnrecognized(false);
              if (next !== value) onChange(next);
            }
          }}
        />
      </span>
    </Field>
  );
}
