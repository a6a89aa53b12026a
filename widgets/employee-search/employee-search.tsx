import { useEffect, useRef } from 'react';
import {
  EMPTY_EMPLOYEE_SEARCH,
  employeeSearchInitialState,
  employeeSearchReducer,
  employeeSearchRestrictions,
  type EmployeeSearchAction,
  type EmployeeSearchRestrictions,
  type EmployeeSearchState,
} from '../../lib/authority';
import { BusinessSectionField } from '../business-popup/business-section-field';
import { DepartmentField } from '../department-popup/department-field';
import { useWidgetText } from '../i18n';
import { PersonField } from '../person-popup/person-field';
import {
  useWidgetServices,
  type BusinessSection,
  type DepartmentRow,
  type LoginData,
  type PersonRow,
} from '../services';
import styles from './employee-search.module.css';

/** The widget's value: lib/authority.ts EmployeeSearchState plus the section's name for display. */
export interface EmployeeSearchValue extends EmployeeSearchState {
  sectionName: string;
}

export const EMPTY_EMPLOYEE_SEARCH_VALUE: EmployeeSearchValue = Object.freeze({
  ...EMPTY_EMPLOYEE_SEARCH,
  sectionName: '',
});

const isEmpty = (v: EmployeeSearchValue) => !v.section && !v.deptcd && !v.singleid && !v.hname;

/**
 * One step of the widget, through lib/authority.ts employeeSearchReducer (spec §4: clearing or
 * changing the section clears department, person and person id). The section's name follows
 * its code.
 */
export function applyEmployeeSearch(
  value: EmployeeSearchValue,
  action: EmployeeSearchAction,
  sectionName?: string,
): EmployeeSearchValue {
  const { sectionName: previousName, ...state } = value;
  const next = employeeSearchReducer(state, action);
  const name =
    action.type === 'setSection'
      ? (sectionName ?? (next.section === value.section ? previousName : ''))
      : action.type === 'clearSection'
        ? ''
        : previousName;
  return next === state && name === previousName ? value : { ...next, sectionName: name };
}

/** The starting value for a login (spec §6 prefill per authority group); the section's name is looked up separately. */
export function employeeSearchStart(login: LoginData | null): EmployeeSearchValue {
  return login ? { ...employeeSearchInitialState(login), sectionName: '' } : EMPTY_EMPLOYEE_SEARCH_VALUE;
}

export interface EmployeeSearchProps {
  value: EmployeeSearchValue;
  onChange: (value: EmployeeSearchValue) => void;
  /**
   * Fill the empty widget from the login data on mounting, per authority group (spec §6:
   * 99/51/50/34/33 nothing, 32 section, 31 section and department, 30 and others all). Default true.
   */
  prefill?: boolean;
  /** Disables everything (on top of the group's restrictions). */
  disabled?: boolean;
  className?: string;
}

/**
 * The employee search widget: 사업부문 (business popup) → 부서 (department popup, filtered by the
 * chosen section) → 사원 (person popup). What may be changed follows spec §6 through
 * employeeSearchRestrictions(authGroupId, auth): auth 'A' fixes the department; group 30 fixes
 * all three; 31 fixes section and department; 32 fixes the section; 33 picks a person with a
 * flag — its person search is not limited to the chosen section/department.
 */
export function EmployeeSearch({ value, onChange, prefill = true, disabled, className }: EmployeeSearchProps) {
  const t = useWidgetText();
  const services = useWidgetServices();
  const login = services.loginData();
  const restrictions: EmployeeSearchRestrictions = employeeSearchRestrictions(login?.authGroupId, login?.auth);
  const latest = useRef({ value, onChange });
  const started = useRef(false);

  useEffect(() => {
    latest.current = { value, onChange };
  });

  // Prefill once, when mounted empty.
  useEffect(() => {
    if (started.current || !prefill || !login) return;
    started.current = true;
    if (!isEmpty(latest.current.value)) return;
    const start = employeeSearchStart(login);
    if (isEmpty(start)) return;
    latest.current.onChange(start);
  }, [prefill, login]);

  // A section known only by its code (from the login data) gets its name from the business list.
  const section = value.section;
  const sectionName = value.sectionName;
  useEffect(() => {
    if (!section || sectionName) return;
    let live = true;
    services.listBusinessSections({}).then(
      (list) => {
        const found = list.find((s) => s.topDept === section);
        const current = latest.current.value;
        if (live && found && current.section === section && !current.sectionName)
          latest.current.onChange({ ...current, sectionName: found.sectionName });
      },
      () => {
        // The code stays visible; the name is cosmetic.
      },
    );
    return () => {
      live = false;
    };
  }, [section, sectionName, services]);

  const setSection = (s: BusinessSection | null) =>
    onChange(
      applyEmployeeSearch(
        value,
        s ? { type: 'setSection', section: s.topDept } : { type: 'clearSection' },
        s?.sectionName,
      ),
    );

  const setDepartment = (row: DepartmentRow | null) => {
    if (!row) {
      onChange(applyEmployeeSearch(value, { type: 'clearDepartment' }));
      return;
    }
    // With no section chosen yet, the department's section becomes the section.
    const withSection = value.section
      ? value
      : applyEmployeeSearch(value, { type: 'setSection', section: row.topDept }, row.sectionName);
    onChange(applyEmployeeSearch(withSection, { type: 'setDepartment', deptcd: row.deptcd, deptnm: row.deptnm }));
  };

  const setPerson = (p: PersonRow | null) =>
    onChange(
      applyEmployeeSearch(
        value,
        p ? { type: 'setPerson', hname: p.hname, singleid: p.singleid } : { type: 'clearPerson' },
      ),
    );

  const sectionValue: BusinessSection | null = value.section
    ? { topDept: value.section, sectionName: value.sectionName || value.section }
    : null;
  const sectionFixed = restrictions.sectionDisabled || !!disabled;

  return (
    <fieldset className={[styles.row, className ?? ''].filter(Boolean).join(' ')}>
      <legend className={styles.legend}>{t('employeeSearch')}</legend>
      <BusinessSectionField value={sectionValue} onChange={setSection} disabled={sectionFixed} width={120} />
      <DepartmentField
        value={value.deptcd ? { deptcd: value.deptcd, deptnm: value.deptnm } : null}
        onChange={setDepartment}
        section={sectionValue}
        enabledBsns={!sectionValue && !sectionFixed}
        disabled={restrictions.departmentDisabled || !!disabled}
        width={140}
      />
      <PersonField
        value={value.singleid || value.hname ? { singleid: value.singleid, hname: value.hname } : null}
        onChange={setPerson}
        sectionName={restrictions.personPickWithFlag ? undefined : value.section || undefined}
        deptcd={restrictions.personPickWithFlag ? undefined : value.deptcd || undefined}
        disabled={restrictions.personDisabled || !!disabled}
        width={110}
      />
    </fieldset>
  );
}
