/**
 * Employee search widget rules (section → department → person) of spec §6 and the dependency
 * rule of spec §4, as data and pure functions.
 *
 * These decide what the WIDGET lets a user change; they are not authorization. The server
 * still scopes every search by the caller's authority group.
 */

/** Authority group codes as the spec lists them (spec §6). 51 and 34 appear only in the prefill rule. */
export type AuthGroupId = string | number;

export interface EmployeeSearchRestrictions {
  sectionDisabled: boolean;
  departmentDisabled: boolean;
  personDisabled: boolean;
  /** Group 33 "can pick a person with a flag": the person popup is opened with that flag. */
  personPickWithFlag: boolean;
}

/** Group ids arrive as numbers from some payloads and strings from others. */
function groupKey(authGroupId: AuthGroupId | null | undefined): string {
  return authGroupId === null || authGroupId === undefined ? '' : String(authGroupId).trim();
}

const GROUP_RESTRICTIONS: Readonly<Record<string, Partial<EmployeeSearchRestrictions>>> = Object.freeze({
  '30': { sectionDisabled: true, departmentDisabled: true, personDisabled: true },
  '31': { sectionDisabled: true, departmentDisabled: true },
  '32': { sectionDisabled: true },
  '33': { personPickWithFlag: true },
});

/**
 * Spec §6: auth 'A' disables department; group 30 disables section, department and person;
 * 31 disables section and department (person stays open); 32 disables section; 33 picks a
 * person with a flag. When the auth rule and a group rule both apply, the restrictions add up
 * (a field is disabled if either rule disables it): when in doubt the widget is narrower.
 * auth is compared after trim and upper-casing, for the same reason.
 */
export function employeeSearchRestrictions(
  authGroupId: AuthGroupId | null | undefined,
  auth: string | null | undefined,
): EmployeeSearchRestrictions {
  const key = groupKey(authGroupId);
  const byGroup = Object.hasOwn(GROUP_RESTRICTIONS, key) ? GROUP_RESTRICTIONS[key] : {};
  const authA = (auth ?? '').trim().toUpperCase() === 'A';
  return {
    sectionDisabled: byGroup.sectionDisabled ?? false,
    departmentDisabled: (byGroup.departmentDisabled ?? false) || authA,
    personDisabled: byGroup.personDisabled ?? false,
    personPickWithFlag: byGroup.personPickWithFlag ?? false,
  };
}

export interface EmployeeSearchPrefill {
  section: boolean;
  department: boolean;
  person: boolean;
}

const NOTHING: EmployeeSearchPrefill = Object.freeze({ section: false, department: false, person: false });
const PREFILL_BY_GROUP: Readonly<Record<string, EmployeeSearchPrefill>> = Object.freeze({
  '99': NOTHING,
  '51': NOTHING,
  '50': NOTHING,
  '34': NOTHING,
  '33': NOTHING,
  '32': Object.freeze({ section: true, department: false, person: false }),
  '31': Object.freeze({ section: true, department: true, person: false }),
});
const EVERYTHING: EmployeeSearchPrefill = Object.freeze({ section: true, department: true, person: true });

/**
 * Spec §6: which fields start filled from the login data — 99, 51, 50, 34, 33 nothing;
 * 32 section only; 31 section and department; 30 and every other group (a missing group
 * included, as "others") all three.
 */
export function employeeSearchPrefill(authGroupId: AuthGroupId | null | undefined): EmployeeSearchPrefill {
  const key = groupKey(authGroupId);
  return Object.hasOwn(PREFILL_BY_GROUP, key) ? PREFILL_BY_GROUP[key] : EVERYTHING;
}

/** The widget's value. "person" is hname, "person id" is singleid (spec §4 wording). */
export interface EmployeeSearchState {
  section: string;
  deptcd: string;
  deptnm: string;
  hname: string;
  singleid: string;
}

export const EMPTY_EMPLOYEE_SEARCH: EmployeeSearchState = Object.freeze({
  section: '',
  deptcd: '',
  deptnm: '',
  hname: '',
  singleid: '',
});

/** Login data fields the prefill reads (spec §3 loginData). */
export interface EmployeeLoginData {
  authGroupId?: AuthGroupId | null;
  section?: string | null;
  deptcd?: string | null;
  deptnm?: string | null;
  hname?: string | null;
  singleid?: string | null;
}

/** Initial widget value: the login data's fields that employeeSearchPrefill allows, others empty. */
export function employeeSearchInitialState(login: EmployeeLoginData): EmployeeSearchState {
  const p = employeeSearchPrefill(login.authGroupId);
  return {
    section: p.section ? (login.section ?? '') : '',
    deptcd: p.department ? (login.deptcd ?? '') : '',
    deptnm: p.department ? (login.deptnm ?? '') : '',
    hname: p.person ? (login.hname ?? '') : '',
    singleid: p.person ? (login.singleid ?? '') : '',
  };
}

/**
 * Spec §4: "department selection depends on the chosen section; clearing the section clears
 * department, person and person id." Clearing (nextSection '') always empties all five fields,
 * even if the section was already empty. A CHANGE to another section clears them too — a
 * department of the old section does not exist under the new one. Setting the same non-empty
 * section again changes nothing. Returns the same object when nothing changes (cheap for React).
 */
export function clearOnSectionChange(state: EmployeeSearchState, nextSection: string): EmployeeSearchState {
  if (nextSection !== '' && nextSection === state.section) return state;
  const next = { ...EMPTY_EMPLOYEE_SEARCH, section: nextSection };
  const unchanged = (Object.keys(next) as Array<keyof EmployeeSearchState>).every((k) => next[k] === state[k]);
  return unchanged ? state : next;
}

export type EmployeeSearchAction =
  | { type: 'setSection'; section: string }
  | { type: 'clearSection' }
  | { type: 'setDepartment'; deptcd: string; deptnm: string }
  | { type: 'clearDepartment' }
  | { type: 'setPerson'; hname: string; singleid: string }
  | { type: 'clearPerson' };

/**
 * Pure reducer for the widget. Only the section rule of spec §4 cascades; the spec states no
 * cascade from department to person, so changing the department leaves the person alone.
 */
export function employeeSearchReducer(state: EmployeeSearchState, action: EmployeeSearchAction): EmployeeSearchState {
  switch (action.type) {
    case 'setSection':
      return clearOnSectionChange(state, action.section);
    case 'clearSection':
      return clearOnSectionChange(state, '');
    case 'setDepartment':
      return { ...state, deptcd: action.deptcd, deptnm: action.deptnm };
    case 'clearDepartment':
      return { ...state, deptcd: '', deptnm: '' };
    case 'setPerson':
      return { ...state, hname: action.hname, singleid: action.singleid };
    case 'clearPerson':
      return { ...state, hname: '', singleid: '' };
  }
}
