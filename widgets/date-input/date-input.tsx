import { useRef, useState } from 'react';
import { isValidDateString, MIN_DATE, MIN_YEAR, textToDate } from '../../lib/date';
import {
  controlAria,
  Field,
  fieldStyles,
  useFieldIds,
  useRequiredMessage,
  type CommonFieldProps,
} from '../common/field';
import { useWidgetText } from '../i18n';
import { CalendarIcon } from './calendar-icon';
import styles from './date-input.module.css';

export interface DateInputProps extends CommonFieldProps {
  /** 'YYYY-MM-DD' or ''. */
  value: string;
  onChange: (value: string) => void;
  /** Earliest date, default 1900-01-01 (spec §5); earlier input is clamped to it. */
  min?: string;
  /** Latest date for the calendar (typed text is not clamped to it). */
  max?: string;
  placeholder?: string;
  readOnly?: boolean;
  onBlur?: () => void;
  /** Accessible name when there is no visible label (date range ends). */
  'aria-label'?: string;
  /** Hide the calendar button. */
  noPicker?: boolean;
}

export type DateCommit = { value: string; problem: null | 'unrecognized' | 'beforeMin' };

/**
 * What leaving a date field with `text` in it produces (spec §5 text-to-date): '' for empty,
 * the repaired 'YYYY-MM-DD' (month and day clamped, two-digit years → 19xx/20xx, dates before
 * `min` raised to it), or '' with 'unrecognized' when the text is no date at all.
 */
export function commitDateText(text: string, min: string = MIN_DATE): DateCommit {
  const trimmed = text.trim();
  if (trimmed === '') return { value: '', problem: null };
  const converted = textToDate(trimmed, { min });
  if (converted === null) return { value: '', problem: 'unrecognized' };
  // Only a hint for the user: the value is textToDate's. A 4-digit year before 1900 is clamped
  // by textToDate itself, so it is recognised from the text; a later `min` by comparison.
  const unclamped = textToDate(trimmed);
  const fourDigitYear = /^(\d{4})(?:\d{4}$|[-./ ])/.exec(trimmed);
  const early =
    (unclamped !== null && unclamped < min) || (fourDigitYear !== null && Number(fourDigitYear[1]) < MIN_YEAR);
  return { value: converted, problem: converted === min && early ? 'beforeMin' : null };
}

/**
 * A date field: free typing ('20240305', '24.3.5', '2024-2-30' …), converted with textToDate on
 * leaving the field or Enter; value 'YYYY-MM-DD' or ''. A calendar button opens the browser's
 * native date picker.
 */
export function DateInput({
  value,
  onChange,
  min = MIN_DATE,
  max,
  placeholder,
  readOnly,
  onBlur,
  noPicker,
  label,
  id,
  name,
  disabled,
  required,
  invalid,
  className,
  block,
  ...rest
}: DateInputProps) {
  const t = useWidgetText();
  const ids = useFieldIds(id);
  const nativeRef = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState<string | null>(null);
  const [problem, setProblem] = useState<DateCommit['problem']>(null);
  const { message, markTouched } = useRequiredMessage(value, required, invalid);

  const commit = () => {
    if (draft === null) return;
    const result = commitDateText(draft, min);
    setDraft(null);
    setProblem(result.problem);
    if (result.value !== value) onChange(result.value);
  };

  const hint =
    problem === 'unrecognized'
      ? t('dateUnrecognized')
      : problem === 'beforeMin'
        ? t('dateBeforeMin', { min })
        : undefined;
  const shownMessage = message ?? (problem === 'unrecognized' ? hint : null);

  return (
    <Field
      label={label}
      required={required}
      message={shownMessage}
      hint={hint}
      ids={ids}
      className={className}
      block={block}
    >
      <span className={styles.wrap}>
        <input
          id={ids.controlId}
          name={name}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={draft ?? value}
          disabled={disabled}
          readOnly={readOnly}
          placeholder={placeholder ?? t('datePlaceholder')}
          className={[fieldStyles.input, styles.text].join(' ')}
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
          {...controlAria(ids, shownMessage, required, !!hint)}
        />
        {!noPicker && (
          <>
            <button
              type="button"
              className={styles.pickerButton}
              disabled={disabled || readOnly}
              aria-label={rest['aria-label'] ? `${rest['aria-label']} ${t('openCalendar')}` : t('openCalendar')}
              onClick={() => {
                const el = nativeRef.current;
                if (!el) return;
                el.value = isValidDateString(value) ? value : '';
                if (typeof el.showPicker === 'function') {
                  try {
                    el.showPicker();
                    return;
                  } catch {
                    // not allowed here (e.g. inside a cross-origin frame): fall back to focus
                  }
                }
                el.focus();
              }}
            >
              <CalendarIcon />
            </button>
            <input
              ref={nativeRef}
              type="date"
              tabIndex={-1}
              aria-hidden="true"
              className={styles.native}
              min={min}
              max={max}
              onChange={(e) => {
                const picked = e.target.value;
                if (isValidDateString(picked) && picked >= min) {
                  setDraft(null);
                  setProblem(null);
                  if (picked !== value) onChange(picked);
                }
              }}
            />
          </>
        )}
      </span>
    </Field>
  );
}
