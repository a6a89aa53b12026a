import { useState } from 'react';
import { LookupField } from '../common/lookup-field';
import { useRequiredMessage, type CommonFieldProps } from '../common/field';
import { useWidgetText } from '../i18n';
import type { PersonRow } from '../services';
import { PersonPopup } from './person-popup';

export interface PersonValue {
  singleid: string;
  hname: string;
}

export interface PersonFieldProps extends CommonFieldProps {
  value: PersonValue | null;
  /** The whole row on a choice, null when cleared. */
  onChange: (person: PersonRow | null) => void;
  /** Scope of the search (employee search: the chosen section and department). */
  sectionName?: string;
  deptcd?: string;
  placeholder?: string;
  width?: number | string;
}

/** A person field: type a name, Enter or 🔍 opens the person popup with it; the 사번 is shown beside. */
export function PersonField({ value, onChange, sectionName, deptcd, placeholder, width, label, id, name, disabled, required, invalid, className, block }: PersonFieldProps) {
  const t = useWidgetText();
  const [draft, setDraft] = useState<string | null>(null);
  const [searching, setSearching] = useState<string | null>(null);
  const { message, markTouched } = useRequiredMessage(value?.singleid ?? '', required, invalid);
  return (
    <>
      <LookupField
        label={label ?? t('person')}
        id={id}
        name={name}
        disabled={disabled}
        required={required}
        className={className}
        block={block}
        width={width}
        message={message}
        placeholder={placeholder}
        text={draft ?? value?.hname ?? ''}
        meta={draft === null && value?.singleid ? value.singleid : undefined}
        onTextChange={(text) => {
          setDraft(text);
          if (value) onChange(null);
        }}
        onSearch={() => setSearching(draft ?? value?.hname ?? '')}
        onClear={() => {
          setDraft(null);
          onChange(null);
        }}
        onBlur={markTouched}
        searchLabel={t('personSearch')}
        clearLabel={`${label ?? t('person')} ${t('clear')}`}
      />
      <PersonPopup
        open={searching !== null}
        hname={searching ?? ''}
        sectionName={sectionName}
        deptcd={deptcd}
        onChoose={(person) => {
          setSearching(null);
          setDraft(null);
          onChange(person);
        }}
        onClose={() => setSearching(null)}
      />
    </>
  );
}
