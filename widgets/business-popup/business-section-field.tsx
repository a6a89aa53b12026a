import { useState } from 'react';
import { LookupField } from '../common/lookup-field';
import { useRequiredMessage, type CommonFieldProps } from '../common/field';
import { useWidgetText } from '../i18n';
import type { BusinessSection } from '../services';
import { BusinessPopup } from './business-popup';

export interface BusinessSectionFieldProps extends CommonFieldProps {
  /** The chosen section, or null. */
  value: BusinessSection | null;
  onChange: (section: BusinessSection | null) => void;
  placeholder?: string;
  width?: number | string;
}

/**
 * A business-section field: type part of a name and press Enter (or 🔍) to open the business
 * popup with it — a single match is chosen at once. Typing over a chosen section, or ×, clears it.
 */
export function BusinessSectionField({ value, onChange, placeholder, width, label, id, name, disabled, required, invalid, className, block }: BusinessSectionFieldProps) {
  const t = useWidgetText();
  const [draft, setDraft] = useState<string | null>(null);
  const [searching, setSearching] = useState<string | null>(null);
  const { message, markTouched } = useRequiredMessage(value?.topDept ?? '', required, invalid);
  return (
    <>
      <LookupField
        label={label ?? t('businessSection')}
        id={id}
        name={name}
        disabled={disabled}
        required={required}
        className={className}
        block={block}
        width={width}
        message={message}
        placeholder={placeholder}
        text={draft ?? value?.sectionName ?? ''}
        onTextChange={(text) => {
          setDraft(text);
          if (value) onChange(null);
        }}
        onSearch={() => setSearching(draft ?? '')}
        onClear={() => {
          setDraft(null);
          onChange(null);
        }}
        onBlur={markTouched}
        searchLabel={t('businessSearch')}
        clearLabel={`${label ?? t('businessSection')} ${t('clear')}`}
      />
      <BusinessPopup
        open={searching !== null}
        selectOption={searching ?? ''}
        onChoose={(section) => {
          setSearching(null);
          setDraft(null);
          onChange(section);
        }}
        onClose={() => setSearching(null)}
      />
    </>
  );
}
