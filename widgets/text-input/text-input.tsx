import { useState, type ChangeEvent, type CompositionEvent, type InputHTMLAttributes, type Ref } from 'react';
import { enforceLength, lengthCounter, type LengthLimits } from '../../lib/text';
import {
  controlAria,
  Field,
  fieldStyles,
  useFieldIds,
  useRequiredMessage,
  type CommonFieldProps,
} from '../common/field';
import { useWidgetText } from '../i18n';

export interface TextInputProps extends CommonFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** Byte limit by the spec's rule (3 bytes above 0x7FF, 2 above 0x7F, else 1). */
  maxlength?: number;
  /** Character limit; wins over maxlength (lib/text.ts lengthCounter). */
  maxRealLength?: number;
  /** Show the counter; default on when a limit is set. */
  showCounter?: boolean;
  placeholder?: string;
  /** A multi-line textarea instead of an input. */
  multiline?: boolean;
  rows?: number;
  readOnly?: boolean;
  onBlur?: () => void;
  onEnter?: () => void;
  autoFocus?: boolean;
  inputMode?: InputHTMLAttributes<HTMLInputElement>['inputMode'];
  /** Width of the control (CSS). */
  width?: number | string;
  /** Ref to the <input> (single-line only), e.g. to focus it. */
  inputRef?: Ref<HTMLInputElement>;
  /** `password`: the characters are hidden and the browser may offer its password manager. */
  type?: 'text' | 'password';
}

/**
 * Text with a byte (maxlength) or character (maxRealLength) limit and a counter (spec §5). Typed
 * and pasted text is cut to the limit by bytes (lib/text.ts enforceLength), never mid-character.
 * While a Korean IME is composing, the text is left alone and cut when the syllable is done —
 * cutting a composition in progress garbles it.
 */
export function TextInput({
  value,
  onChange,
  maxlength,
  maxRealLength,
  showCounter,
  placeholder,
  multiline,
  rows = 3,
  readOnly,
  onBlur,
  onEnter,
  autoFocus,
  inputMode,
  width,
  inputRef,
  type = 'text',
  label,
  id,
  name,
  disabled,
  required,
  invalid,
  className,
  block,
}: TextInputProps) {
  const t = useWidgetText();
  const ids = useFieldIds(id);
  const limits: LengthLimits = { maxlength, maxRealLength };
  const [composing, setComposing] = useState<string | null>(null);
  const [truncated, setTruncated] = useState(false);
  const { message, markTouched } = useRequiredMessage(value, required, invalid);

  const shown = composing ?? value;
  const count = lengthCounter(shown, limits);
  const hasLimit = count.max !== null;
  const counterOn = showCounter ?? hasLimit;

  const commit = (raw: string) => {
    const cut = enforceLength(raw, limits);
    setTruncated(cut !== raw);
    if (cut !== value) onChange(cut);
  };
  const handleChange = (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    if (composing !== null) {
      setComposing(e.target.value);
      return;
    }
    commit(e.target.value);
  };
  const onCompositionStart = (e: CompositionEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setComposing(e.currentTarget.value);
  const onCompositionEnd = (e: CompositionEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    setComposing(null);
    commit(e.currentTarget.value);
  };

  const counterText =
    count.max === null
      ? t('counterUnlimited', { used: count.used })
      : count.unit === 'byte'
        ? t('counterBytes', { used: count.used, max: count.max })
        : t('counterChars', { used: count.used, max: count.max });
  const hint =
    truncated && count.max !== null
      ? count.unit === 'byte'
        ? t('truncatedBytes', { max: count.max })
        : t('truncatedChars', { max: count.max })
      : undefined;

  const common = {
    id: ids.controlId,
    name,
    value: shown,
    disabled,
    readOnly,
    placeholder,
    autoFocus,
    className: fieldStyles.input,
    style: {
      width: width ?? (block ? '100%' : undefined),
      ...(multiline ? { height: 'auto', padding: '6px 8px', resize: 'vertical' as const } : {}),
    },
    onChange: handleChange,
    onCompositionStart,
    onCompositionEnd,
    onBlur: () => {
      markTouched();
      onBlur?.();
    },
    ...controlAria(ids, message, required, !!hint),
  };

  return (
    <Field
      label={label}
      required={required}
      message={message}
      hint={hint}
      ids={ids}
      className={className}
      block={block}
    >
      {multiline ? (
        <textarea {...common} rows={rows} />
      ) : (
        <input
          {...common}
          ref={inputRef}
          type={type}
          autoComplete={type === 'password' ? 'current-password' : undefined}
          inputMode={inputMode}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.nativeEvent.isComposing && onEnter) {
              e.preventDefault();
              onEnter();
            }
          }}
        />
      )}
      {counterOn && (
        <span
          className={[fieldStyles.counter, count.exceeded ? fieldStyles.counterOver : ''].join(' ')}
          aria-live="polite"
          data-testid={`${ids.controlId}-counter`}
        >
          {counterText}
        </span>
      )}
    </Field>
  );
}
