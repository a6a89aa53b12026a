import { useEffect, useRef, useState, type ReactNode } from 'react';
import { LookupField } from './lookup-field';
import { useRequiredMessage, type CommonFieldProps } from './field';
import { useWidgetText } from '../i18n';

/** What a PopupField hands its popup: open or not, the text it opens with, a choice, a close. */
interface PopupSlot<C> {
  open: boolean;
  text: string;
  onChoose: (chosen: C) => void;
  onClose: () => void;
}

export interface PopupFieldProps<V, C> extends CommonFieldProps {
  /** The chosen value, or null. */
  value: V | null;
  /** The popup's row on a choice, null when cleared. */
  onChange: (chosen: C | null) => void;
  placeholder?: string;
  width?: number | string;
  /** The value's key (what `required` checks) and the text the field shows for it. */
  keyOf: (value: V) => string;
  textOf: (value: V) => string;
  /** Small text beside a chosen value (a person's 사번). */
  metaOf?: (value: V) => string | undefined;
  /** The label when the field is given none, and the search button's accessible name. */
  defaultLabel: string;
  searchLabel: string;
  /** The text the popup opens with when nothing has been typed; '' by default. */
  searchTextOf?: (value: V | null) => string;
  /**
   * Text typed and left without searching is looked up: a row found is chosen, unless the user typed
   * on meanwhile. Without it, leaving the field only counts it as touched.
   */
  lookUpOnBlur?: (typed: string) => Promise<C | null>;
  /** The search popup, given its slot. */
  popup: (slot: PopupSlot<C>) => ReactNode;
}

/**
 * A field chosen through a search popup (business section, department, person): type part of a
 * name and press Enter (or 🔍) to open the popup with it; typing over a chosen value, or ×, clears it.
 */
export function PopupField<V, C>({
  value,
  onChange,
  placeholder,
  width,
  keyOf,
  textOf,
  metaOf,
  defaultLabel,
  searchLabel,
  searchTextOf,
  lookUpOnBlur,
  popup,
  label,
  id,
  name,
  disabled,
  required,
  invalid,
  className,
  block,
}: PopupFieldProps<V, C>) {
  const t = useWidgetText();
  const [draft, setDraft] = useState<string | null>(null);
  const draftRef = useRef(draft);
  useEffect(() => {
    draftRef.current = draft;
  }, [draft]);
  const [searching, setSearching] = useState<string | null>(null);
  const { message, markTouched } = useRequiredMessage(value ? keyOf(value) : '', required, invalid);
  const choose = (chosen: C) => {
    setSearching(null);
    setDraft(null);
    onChange(chosen);
  };
  return (
    <>
      <LookupField
        label={label ?? defaultLabel}
        id={id}
        name={name}
        disabled={disabled}
        required={required}
        className={className}
        block={block}
        width={width}
        message={message}
        placeholder={placeholder}
        text={draft ?? (value ? textOf(value) : '')}
        meta={draft === null && value && metaOf ? metaOf(value) || undefined : undefined}
        onTextChange={(text) => {
          setDraft(text);
          if (value) onChange(null);
        }}
        onSearch={() => setSearching(draft ?? (searchTextOf ? searchTextOf(value) : ''))}
        onClear={() => {
          setDraft(null);
          onChange(null);
        }}
        onBlur={() => {
          if (!lookUpOnBlur) {
            markTouched();
            return;
          }
          const typed = draft?.trim() ?? '';
          markTouched(typed !== '');
          if (typed === '' || searching !== null) return;
          void lookUpOnBlur(typed)
            .then((row) => {
              // Not when the user typed on meanwhile.
              if (row === null || draftRef.current?.trim() !== typed) return;
              setDraft(null);
              onChange(row);
            })
            .catch(() => undefined);
        }}
        searchLabel={searchLabel}
        clearLabel={`${label ?? defaultLabel} ${t('clear')}`}
      />
      {popup({ open: searching !== null, text: searching ?? '', onChoose: choose, onClose: () => setSearching(null) })}
    </>
  );
}
