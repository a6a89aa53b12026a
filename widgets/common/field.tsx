import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { isRequiredFilled } from '../../lib/text';
import { useWidgetText } from '../i18n';
import styles from './field.module.css';

export { styles as fieldStyles };

/** Props every input widget shares. */
export interface CommonFieldProps {
  /** Visible label (Korean by the caller). */
  label?: string;
  /** id of the control; generated when omitted. */
  id?: string;
  name?: string;
  disabled?: boolean;
  /** Spec §5: the value must be non-empty (lib/text.ts isRequiredFilled); checked once the field was left. */
  required?: boolean;
  /** A message from outside (engine validation); shown below the field and marks it invalid. */
  invalid?: string | null;
  className?: string;
  /** Take the full width of the container. */
  block?: boolean;
}

export interface FieldIds {
  controlId: string;
  messageId: string;
}

/**
 * Label + control + message. `touched` turns on the required check (after the first blur), so an
 * empty form does not open covered in red.
 */
export function Field({
  label,
  required,
  message,
  hint,
  ids,
  className,
  block,
  children,
  labelAs = 'label',
}: {
  label?: string;
  required?: boolean;
  message?: string | null;
  hint?: ReactNode;
  ids: FieldIds;
  className?: string;
  block?: boolean;
  children: ReactNode;
  /** 'span' for widgets whose label names a group (date range, sourcing group) rather than one control. */
  labelAs?: 'label' | 'span';
}) {
  const cls = [styles.field, block ? styles.block : '', className ?? ''].filter(Boolean).join(' ');
  const Label = labelAs;
  return (
    <div className={cls}>
      {label !== undefined && (
        <Label
          className={styles.label}
          {...(labelAs === 'label' ? { htmlFor: ids.controlId } : { id: `${ids.controlId}-label` })}
        >
          {label}
          {required && (
            <span className={styles.requiredMark} aria-hidden="true">
              *
            </span>
          )}
        </Label>
      )}
      {children}
      {message ? (
        <span id={ids.messageId} className={styles.message} role="alert">
          {message}
        </span>
      ) : hint ? (
        <span id={ids.messageId} className={styles.hint}>
          {hint}
        </span>
      ) : null}
    </div>
  );
}

export function useFieldIds(id?: string): FieldIds {
  const generated = useId();
  const controlId = id ?? `w${generated.replace(/:/g, '')}`;
  return { controlId, messageId: `${controlId}-msg` };
}

/**
 * Required-field state: an empty value (per isRequiredFilled) shows the required message once the
 * user has changed the field and left it — never for a field merely passed through (a dialog's
 * first field has the focus on opening; clicking elsewhere must not call it missing). A save shows
 * every missing field through `invalid`. `markTouched(true)` counts the field as edited although its
 * value did not change (text typed into a lookup field and not yet chosen).
 */
export function useRequiredMessage(value: unknown, required: boolean | undefined, invalid: string | null | undefined) {
  const t = useWidgetText();
  const [touched, setTouched] = useState(false);
  const first = useRef(JSON.stringify(value ?? null));
  const edited = useRef(false);
  useEffect(() => {
    if (JSON.stringify(value ?? null) !== first.current) edited.current = true;
  }, [value]);
  const missing = !!required && touched && !isRequiredFilled(value);
  const message = invalid ? invalid : missing ? t('required') : null;
  // Handed straight to onBlur as well: only `true` itself counts as typed, not an event.
  const markTouched = (typed?: unknown) => {
    if (typed === true || edited.current) setTouched(true);
  };
  return { message, markTouched };
}

/** aria attributes a control gets from its field state. */
export function controlAria(
  ids: FieldIds,
  message: string | null | undefined,
  required: boolean | undefined,
  hasHint = false,
) {
  return {
    'aria-invalid': message ? true : undefined,
    'aria-required': required ? true : undefined,
    'aria-describedby': message || hasHint ? ids.messageId : undefined,
  } as const;
}
