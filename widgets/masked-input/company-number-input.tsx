import { useEffect, useRef, useState } from 'react';
import { controlAria, Field, fieldStyles, useFieldIds, useRequiredMessage } from '../common/field';
import { serviceErrorMessage } from '../common/errors';
import { useWidgetText } from '../i18n';
import { useDialogs } from '../modal/modal-context';
import { useWidgetServices } from '../services';
import type { MaskedInputProps } from './masked-input';
import styles from './masked-input.module.css';

/** Quiet time after the last keystroke before the company is looked up. */
export const COMPANY_LOOKUP_DEBOUNCE_MS = 300;

/** Company numbers (C00001) and business numbers (123-45-67890): letters upper-cased, nothing else kept. */
export function normalizeCompanyCode(text: string): string {
  return text
    .replace(/[^0-9A-Za-z-]/g, '')
    .toUpperCase()
    .slice(0, 20);
}

type Lookup =
  | { code: string; state: 'found'; name: string }
  | { code: string; state: 'unknown' }
  | { code: string; state: 'error' };

/**
 * The `comp` mask (spec §5 "comp (looks up company name)"): a company-number field that shows
 * the company's Korean name beside it, looked up through services.getCompanyName once typing
 * pauses; '등록되지 않은 업체입니다' when there is no such company. A failed lookup is shown in
 * an alert with the server's message (spec §8). Stale answers are ignored.
 */
export function CompanyNumberInput({
  value,
  onChange,
  onCompanyName,
  placeholder,
  readOnly,
  onBlur,
  onEnter,
  width,
  label,
  id,
  name,
  disabled,
  required,
  invalid,
  className,
  block,
}: MaskedInputProps) {
  const t = useWidgetText();
  const services = useWidgetServices();
  const { alert } = useDialogs();
  const ids = useFieldIds(id);
  const { message, markTouched } = useRequiredMessage(value, required, invalid);
  const [lookup, setLookup] = useState<Lookup | null>(null);
  const latest = useRef(value);
  const onCompanyNameRef = useRef(onCompanyName);

  useEffect(() => {
    onCompanyNameRef.current = onCompanyName;
  });

  useEffect(() => {
    latest.current = value;
    const code = value.trim();
    if (code === '') return;
    const timer = setTimeout(() => {
      services.getCompanyName(code).then(
        (found) => {
          if (latest.current.trim() !== code) return;
          setLookup(found === null ? { code, state: 'unknown' } : { code, state: 'found', name: found });
          onCompanyNameRef.current?.(found);
        },
        (error: unknown) => {
          if (latest.current.trim() !== code) return;
          setLookup({ code, state: 'error' });
          void alert(serviceErrorMessage(error, t('searchFailed')), { title: t('errorTitle') });
        },
      );
    }, COMPANY_LOOKUP_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value, services, alert, t]);

  const code = value.trim();
  const current = lookup && lookup.code === code ? lookup : null;
  let status: { text: string; tone: 'name' | 'unknown' | 'muted' } | null = null;
  if (code !== '') {
    if (!current) status = { text: t('companyLooking'), tone: 'muted' };
    else if (current.state === 'found') status = { text: current.name, tone: 'name' };
    else if (current.state === 'unknown') status = { text: t('companyUnknown'), tone: 'unknown' };
  }

  return (
    <Field label={label} required={required} message={message} ids={ids} className={className} block={block}>
      <div className={styles.compRow}>
        <input
          id={ids.controlId}
          name={name}
          type="text"
          autoComplete="off"
          value={value}
          disabled={disabled}
          readOnly={readOnly}
          placeholder={placeholder}
          className={fieldStyles.input}
          style={{ width: width ?? 120 }}
          onChange={(e) => {
            const next = normalizeCompanyCode(e.target.value);
            if (next !== value) onChange(next);
          }}
          onBlur={() => {
            markTouched();
            onBlur?.();
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && onEnter) {
              e.preventDefault();
              onEnter();
            }
          }}
          data-mask="comp"
          {...controlAria(ids, message, required)}
          aria-describedby={[message ? ids.messageId : '', `${ids.controlId}-company`].filter(Boolean).join(' ')}
        />
        <output
          id={`${ids.controlId}-company`}
          className={[styles.compName, status ? styles[status.tone] : ''].join(' ')}
          aria-live="polite"
        >
          {status?.text ?? ''}
        </output>
      </div>
    </Field>
  );
}
