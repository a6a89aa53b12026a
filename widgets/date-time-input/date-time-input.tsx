import { DateInput } from '../date-input/date-input';
import { Field, fieldStyles, useFieldIds, type CommonFieldProps } from '../common/field';
import { useWidgetText } from '../i18n';
import styles from './date-time-input.module.css';

/** Korea keeps no daylight saving: Korean time is UTC + 9 hours all year. */
const KST_OFFSET_MS = 9 * 3_600_000;
const SERVER_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const KOREAN_TIME = /^(\d{4}-\d{2}-\d{2})?\s*(\d{2}:\d{2})?$/;

/**
 * A value's date and time in Korean time: an instant as the server answers it (ISO with a zone)
 * is converted, whatever the browser's zone; "2026-12-01 10:00" (Korean time) is split.
 */
export function koreanParts(value: string): { date: string; time: string } {
  const v = value.trim();
  if (SERVER_INSTANT.test(v)) {
    const k = new Date(Date.parse(v) + KST_OFFSET_MS).toISOString();
    return { date: k.slice(0, 10), time: k.slice(11, 16) };
  }
  const m = KOREAN_TIME.exec(v);
  return m ? { date: m[1] ?? '', time: m[2] ?? '' } : { date: '', time: '' };
}

/** The value the server takes: "YYYY-MM-DD HH:mm", Korean time (what is chosen so far when one part is missing). */
export const joinKorean = (date: string, time: string) => [date, time].filter(Boolean).join(' ');

export interface DateTimeInputProps extends CommonFieldProps {
  /** An ISO instant (as the server answers) or "YYYY-MM-DD HH:mm" Korean time; '' for none. */
  value: string;
  onChange: (value: string) => void;
  readOnly?: boolean;
}

/**
 * A moment in Korean time chosen with pickers (a tender's window, an auction's start and end):
 * the date field with its calendar and a time field (the browser's time picker, minutes). The
 * label names the date field; the time field is named "<label> 시각". Its value is
 * "YYYY-MM-DD HH:mm" (Korean time, as the server takes it).
 */
export function DateTimeInput({
  value,
  onChange,
  readOnly,
  label,
  id,
  disabled,
  required,
  invalid,
  className,
  block,
}: DateTimeInputProps) {
  const t = useWidgetText();
  const ids = useFieldIds(id);
  // The fields show the value (a part chosen alone is kept in it: "2026-12-01", "10:00").
  const parts = koreanParts(value);
  const change = (next: { date: string; time: string }) => onChange(joinKorean(next.date, next.time));
  const timeLabel = t('dateTimeTime', { label: label ?? '' });
  return (
    <Field label={label} required={required} message={invalid} ids={ids} className={className} block={block}>
      <span className={styles.row}>
        <DateInput
          id={ids.controlId}
          value={parts.date}
          onChange={(date) => change({ ...parts, date })}
          readOnly={readOnly}
          disabled={disabled}
        />
        <input
          type="time"
          step={60}
          className={[fieldStyles.input, styles.time].join(' ')}
          value={parts.time}
          aria-label={timeLabel}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={invalid ? ids.messageId : undefined}
          disabled={disabled}
          readOnly={readOnly}
          onChange={(e) => change({ ...parts, time: e.target.value.slice(0, 5) })}
        />
        <span className={styles.zone}>{t('dateTimeZone')}</span>
      </span>
    </Field>
  );
}
