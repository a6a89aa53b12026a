import { useEffect, useMemo, useRef, useState } from 'react';
import {
  controlAria,
  Field,
  fieldStyles,
  useFieldIds,
  useRequiredMessage,
  type CommonFieldProps,
} from '../common/field';
import { useWidgetText, type WidgetText } from '../i18n';
import { useOptionalWidgetServices, type CodeOption } from '../services';
import styles from './multi-select.module.css';

export interface MultiSelectProps extends CommonFieldProps {
  value: string[];
  onChange: (value: string[]) => void;
  codeGroup?: string;
  options?: readonly CodeOption[];
  /** What the closed control says with nothing chosen; default 선택하세요. */
  placeholder?: string;
  width?: number | string;
}

/** 전체 (all) checkbox: all chosen → none; otherwise → all, in option order. */
function toggleAll(options: readonly CodeOption[], value: readonly string[]): string[] {
  return options.every((o) => value.includes(o.value)) ? [] : options.map((o) => o.value);
}

/** One option toggled; the value keeps option order (stable for queries and tests). */
function toggleOne(options: readonly CodeOption[], value: readonly string[], code: string): string[] {
  const set = new Set(value);
  if (set.has(code)) set.delete(code);
  else set.add(code);
  return options.map((o) => o.value).filter((v) => set.has(v));
}

/** The closed control's text: 전체 when all are chosen, the one text, or "첫째 외 N건". */
function multiSummary(options: readonly CodeOption[], value: readonly string[], t: WidgetText): string | null {
  const chosen = options.filter((o) => value.includes(o.value));
  if (chosen.length === 0) return null;
  if (options.length > 1 && chosen.length === options.length) return t('all');
  if (chosen.length === 1) return chosen[0].text;
  return t('multiSome', { first: chosen[0].text, count: chosen.length - 1 });
}

/** A checkbox dropdown with a 전체 toggle; value string[] in option order. */
export function MultiSelect({
  value,
  onChange,
  codeGroup,
  options,
  placeholder,
  width,
  label,
  id,
  disabled,
  required,
  invalid,
  className,
  block,
}: MultiSelectProps) {
  const t = useWidgetText();
  const services = useOptionalWidgetServices();
  const ids = useFieldIds(id);
  const [open, setOpen] = useState(false);
  const wrapRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { message, markTouched } = useRequiredMessage(value, required, invalid);
  const source = useMemo(
    () => options ?? (codeGroup && services ? services.codes(codeGroup) : []),
    [options, codeGroup, services],
  );
  const allChecked = source.length > 0 && source.every((o) => value.includes(o.value));
  const someChecked = !allChecked && source.some((o) => value.includes(o.value));
  const summary = multiSummary(source, value, t);
  const panelId = `${ids.controlId}-panel`;

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (wrapRef.current && e.target instanceof Node && !wrapRef.current.contains(e.target)) {
        setOpen(false);
        markTouched();
      }
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open, markTouched]);

  return (
    <Field label={label} required={required} message={message} ids={ids} className={className} block={block}>
      <div
        ref={wrapRef}
        className={styles.wrap}
        style={{ width: width ?? (block ? '100%' : undefined) }}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && open) {
            // Closes this list only; a modal around it stays open (it skips prevented events).
            e.preventDefault();
            setOpen(false);
            buttonRef.current?.focus();
          }
        }}
      >
        <button
          ref={buttonRef}
          id={ids.controlId}
          type="button"
          className={[fieldStyles.input, styles.button].join(' ')}
          style={{ width: '100%' }}
          disabled={disabled}
          aria-haspopup="true"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
          {...controlAria(ids, message, required)}
        >
          <span className={[styles.summary, summary === null ? styles.placeholder : ''].join(' ')}>
            {summary ?? placeholder ?? t('multiNone')}
          </span>
          <span className={styles.caret} aria-hidden="true">
            ▼
          </span>
        </button>
        {open && (
          <div id={panelId} className={styles.panel} role="group" aria-label={label}>
            <label className={[styles.option, styles.allOption].join(' ')}>
              <input
                type="checkbox"
                checked={allChecked}
                ref={(el) => {
                  if (el) el.indeterminate = someChecked;
                }}
                onChange={() => onChange(toggleAll(source, value))}
              />
              {t('all')}
            </label>
            {source.map((o) => (
              <label key={o.value} className={styles.option}>
                <input
                  type="checkbox"
                  checked={value.includes(o.value)}
                  onChange={() => onChange(toggleOne(source, value, o.value))}
                />
                {o.text}
              </label>
            ))}
          </div>
        )}
      </div>
    </Field>
  );
}
