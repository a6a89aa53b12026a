import { useEffect, useRef, useState } from 'react';
import { LookupField } from '../common/lookup-field';
import { useRequiredMessage, type CommonFieldProps } from '../common/field';
import { useWidgetText } from '../i18n';
import { useWidgetServices, type DepartmentRow } from '../services';
import { DepartmentPopup, departmentQuery, type SectionFilter } from './department-popup';

export interface DepartmentValue {
  deptcd: string;
  deptnm: string;
}

export interface DepartmentFieldProps extends CommonFieldProps {
  value: DepartmentValue | null;
  /** The whole row on a choice (its topDept/sectionName tell the section), null when cleared. */
  onChange: (row: DepartmentRow | null) => void;
  /** Section filter handed to the popup (spec §4: department selection depends on the section). */
  section?: SectionFilter | null;
  /** The popup may change the section filter; default true. */
  enabledBsns?: boolean;
  searchOption?: 'LIKE' | 'EQ';
  compYn?: 'Y' | 'N';
  placeholder?: string;
  width?: number | string;
}

/**
 * A department field: type part of a name, Enter or 🔍 opens the department popup with it. A code or
 * a whole name typed and left is looked up: one department found is chosen (the popup need not open).
 */
export function DepartmentField({
  value,
  onChange,
  section,
  enabledBsns = true,
  searchOption,
  compYn,
  placeholder,
  width,
  label,
  id,
  name,
  disabled,
  required,
  invalid,
  className,
  block,
}: DepartmentFieldProps) {
  const t = useWidgetText();
  const services = useWidgetServices();
  const [draft, setDraft] = useState<string | null>(null);
  const draftRef = useRef(draft);
  useEffect(() => {
    draftRef.current = draft;
  }, [draft]);
  const [searching, setSearching] = useState<string | null>(null);
  const { message, markTouched } = useRequiredMessage(value?.deptcd ?? '', required, invalid);
  return (
    <>
      <LookupField
        label={label ?? t('department')}
        id={id}
        name={name}
        disabled={disabled}
        required={required}
        className={className}
        block={block}
        width={width}
        message={message}
        placeholder={placeholder}
        text={draft ?? value?.deptnm ?? ''}
        onTextChange={(text) => {
          setDraft(text);
          if (value) onChange(null);
        }}
        onSearch={() => setSearching(draft ?? '')}
        onClear={() => {
          setDraft(null);
          onChange(null);
        }}
        onBlur={() => {
          const typed = draft?.trim() ?? '';
          markTouched(typed !== '');
          if (typed === '' || searching !== null) return;
          // Exactly this code or name; the popup (Enter, 🔍) is there for a part of a name.
          void services
            .listDepartments(departmentQuery(section ?? null, typed, { enabledBsns, searchOption: 'EQ', compYn }))
            .then((rows) => {
              // Not when the user typed on meanwhile.
              if (rows.length !== 1 || draftRef.current?.trim() !== typed) return;
              setDraft(null);
              onChange(rows[0]!);
            })
            .catch(() => undefined);
        }}
        searchLabel={t('deptSearch')}
        clearLabel={`${label ?? t('department')} ${t('clear')}`}
      />
      <DepartmentPopup
        open={searching !== null}
        section={section}
        deptnm={searching ?? ''}
        enabledBsns={enabledBsns}
        searchOption={searchOption}
        compYn={compYn}
        onChoose={(row) => {
          setSearching(null);
          setDraft(null);
          onChange(row);
        }}
        onClose={() => setSearching(null)}
      />
    </>
  );
}
