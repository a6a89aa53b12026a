import { PopupField } from '../common/popup-field';
import type { CommonFieldProps } from '../common/field';
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
  ...field
}: DepartmentFieldProps) {
  const t = useWidgetText();
  const services = useWidgetServices();
  return (
    <PopupField<DepartmentValue, DepartmentRow>
      {...field}
      value={value}
      onChange={onChange}
      keyOf={(v) => v.deptcd}
      textOf={(v) => v.deptnm}
      defaultLabel={t('department')}
      searchLabel={t('deptSearch')}
      // Exactly this code or name; the popup (Enter, 🔍) is there for a part of a name.
      lookUpOnBlur={async (typed) => {
        const rows = await services.listDepartments(
          departmentQuery(section ?? null, typed, { enabledBsns, searchOption: 'EQ', compYn }),
        );
        return rows.length === 1 ? rows[0]! : null;
      }}
      popup={(slot) => (
        <DepartmentPopup
          open={slot.open}
          section={section}
          deptnm={slot.text}
          enabledBsns={enabledBsns}
          searchOption={searchOption}
          compYn={compYn}
          onChoose={slot.onChoose}
          onClose={slot.onClose}
        />
      )}
    />
  );
}
