import type { Ref } from 'react';
import { WidgetButton } from './button';
import { controlAria, Field, fieldStyles, useFieldIds, type CommonFieldProps } from './field';
import styles from './popup.module.css';

export interface LookupFieldProps extends CommonFieldProps {
  /** What the input shows: the chosen item's name, or what the user is typing. */
  text: string;
  onTextChange: (text: string) => void;
  /** Enter in the input or the 🔍 button. */
  onSearch: () => void;
  onClear: () => void;
  /** Accessible name of the search button (사업부문 검색 …). */
  searchLabel: string;
  clearLabel: string;
  /** Small text after the input (e.g. the employee id). */
  meta?: string;
  placeholder?: string;
  inputRef?: Ref<HTMLInputElement>;
  width?: number | string;
  message?: string | null;
  onBlur?: () => void;
}

/** Input + search button + clear button: the trigger of a search popup. */
export function LookupField({
  text,
  onTextChange,
  onSearch,
  onClear,
  searchLabel,
  clearLabel,
  meta,
  placeholder,
  inputRef,
  width,
  message,
  onBlur,
  label,
  id,
  name,
  disabled,
  required,
  className,
  block,
}: LookupFieldProps) {
  const ids = useFieldIds(id);
  return (
    <Field label={label} required={required} message={message} ids={ids} className={className} block={block}>
      <span className={styles.lookup}>
        <input
          ref={inputRef}
          id={ids.controlId}
          name={name}
          type="text"
          autoComplete="off"
          value={text}
          disabled={disabled}
          placeholder={placeholder}
          className={[fieldStyles.input, styles.lookupInput].join(' ')}
          style={width !== undefined ? { width } : undefined}
          onChange={(e) => onTextChange(e.target.value)}
          onBlur={onBlur}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
              e.preventDefault();
              onSearch();
            }
          }}
          {...controlAria(ids, message, required)}
        />
        <WidgetButton
          variant="icon"
          aria-label={searchLabel}
          title={searchLabel}
          disabled={disabled}
          onClick={onSearch}
        >
          <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
            <circle cx="7" cy="7" r="4.8" fill="none" stroke="currentColor" strokeWidth="1.6" />
            <path d="M10.6 10.6 14 14" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
          </svg>
        </WidgetButton>
        {!disabled && text !== '' && (
          <WidgetButton variant="icon" aria-label={clearLabel} title={clearLabel} onClick={onClear}>
            ×
          </WidgetButton>
        )}
        {meta && <span className={styles.lookupMeta}>{meta}</span>}
      </span>
    </Field>
  );
}
