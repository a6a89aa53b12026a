import { PopupField } from '../common/popup-field';
import type { CommonFieldProps } from '../common/field';
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
export function PersonField({ value, onChange, sectionName, deptcd, ...field }: PersonFieldProps) {
  const t = useWidgetText();
  return (
    <PopupField<PersonValue, PersonRow>
      {...field}
      value={value}
      onChange={onChange}
      keyOf={(v) => v.singleid}
      textOf={(v) => v.hname}
      metaOf={(v) => v.singleid}
      searchTextOf={(v) => v?.hname ?? ''}
      defaultLabel={t('person')}
      searchLabel={t('personSearch')}
      popup={(slot) => (
        <PersonPopup
          open={slot.open}
          hname={slot.text}
          sectionName={sectionName}
          deptcd={deptcd}
          onChoose={slot.onChoose}
          onClose={slot.onClose}
        />
      )}
    />
  );
}
