import { useEffect, useState } from 'react';
import { Field, fieldStyles, useFieldIds, type CommonFieldProps } from '../common/field';
import { useWidgetText } from '../i18n';
import styles from './countdown.module.css';

/** "HH:MM:SS" of whole seconds, with the days apart. */
export function splitSeconds(seconds: number): { days: number; time: string } {
  const total = Math.max(0, Math.floor(seconds));
  const days = Math.floor(total / 86_400);
  const rest = total % 86_400;
  const pad = (n: number) => String(n).padStart(2, '0');
  return { days, time: `${pad(Math.floor(rest / 3600))}:${pad(Math.floor((rest % 3600) / 60))}:${pad(rest % 60)}` };
}

export interface CountdownProps extends CommonFieldProps {
  /**
   * Seconds left when the value was given, as the server counted them on its own clock (a
   * tender's time to its close); null or '' for none. The widget counts down from the moment it
   * receives a value, so the browser's clock setting never enters: only its passing seconds.
   */
  value: number | string | null;
  /** Said at zero (default "마감됨"). */
  endedText?: string;
}

/**
 * The time left, ticking each second: "1일 02:03:04", "00:09:59", then "마감됨". Read only. A
 * `role="timer"` (not announced every second), named by the label.
 */
export function Countdown(props: CountdownProps) {
  const start =
    props.value === null || props.value === '' || Number.isNaN(Number(props.value)) ? null : Number(props.value);
  // A new count (the record read again) starts the clock again.
  return <Ticking key={String(start)} {...props} start={start} />;
}

function Ticking({ start, endedText, label, id, className, block }: CountdownProps & { start: number | null }) {
  const t = useWidgetText();
  const ids = useFieldIds(id);
  const [since] = useState(() => Date.now());
  const [now, setNow] = useState(since);
  useEffect(() => {
    if (start === null || start <= 0) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [start]);
  const left = start === null ? null : Math.max(0, start - Math.floor((now - since) / 1000));
  const { days, time } = splitSeconds(left ?? 0);
  const text =
    left === null
      ? ''
      : left === 0
        ? (endedText ?? t('countdownEnded'))
        : days > 0
          ? t('countdownDays', { days, time })
          : time;
  return (
    <Field label={label} ids={ids} className={className} block={block} labelAs="span">
      <span
        id={ids.controlId}
        role="timer"
        aria-labelledby={label !== undefined ? `${ids.controlId}-label` : undefined}
        className={[fieldStyles.input, styles.timer, left !== null && left > 0 && left <= 600 ? styles.soon : '']
          .filter(Boolean)
          .join(' ')}
        data-seconds={left ?? ''}
      >
        {text}
      </span>
    </Field>
  );
}
