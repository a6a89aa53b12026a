// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  EMPTY_EMPLOYEE_SEARCH,
  clearOnSectionChange,
  employeeSearchInitialState,
  employeeSearchPrefill,
  employeeSearchReducer,
  employeeSearchRestrictions,
  type EmployeeSearchState,
} from './authority';

const open = { sectionDisabled: false, departmentDisabled: false, personDisabled: false, personPickWithFlag: false };

describe('employeeSearchRestrictions', () => {
  it('group 30 disables section, department and person', () => {
    expect(employeeSearchRestrictions('30', null)).toEqual({
      ...open,
      sectionDisabled: true,
      departmentDisabled: true,
      personDisabled: true,
    });
  });

  it('group 31 disables section and department but allows person', () => {
    expect(employeeSearchRestrictions('31', null)).toEqual({
      ...open,
      sectionDisabled: true,
      departmentDisabled: true,
    });
  });

  it('group 32 disables section only', () => {
    expect(employeeSearchRestrictions('32', null)).toEqual({ ...open, sectionDisabled: true });
  });

  it('group 33 picks a person with a flag and disables nothing', () => {
    expect(employeeSearchRestrictions('33', null)).toEqual({ ...open, personPickWithFlag: true });
  });

  it.each(['99', '50', '60', '61', '10', '20', '40', '34', '51', '', null, undefined])(
    'group %j is unrestricted',
    (g) => {
      expect(employeeSearchRestrictions(g, null)).toEqual(open);
    },
  );

  it("auth 'A' disables department", () => {
    expect(employeeSearchRestrictions('99', 'A')).toEqual({ ...open, departmentDisabled: true });
    expect(employeeSearchRestrictions(null, 'A')).toEqual({ ...open, departmentDisabled: true });
    expect(employeeSearchRestrictions('99', ' a ')).toEqual({ ...open, departmentDisabled: true });
  });

  it('other auth values do not', () => {
    expect(employeeSearchRestrictions('99', 'B')).toEqual(open);
    expect(employeeSearchRestrictions('99', '')).toEqual(open);
    expect(employeeSearchRestrictions('99', 'AA')).toEqual(open);
  });

  it("adds auth 'A' to the group rules", () => {
    expect(employeeSearchRestrictions('32', 'A')).toEqual({ ...open, sectionDisabled: true, departmentDisabled: true });
    expect(employeeSearchRestrictions('33', 'A')).toEqual({
      ...open,
      departmentDisabled: true,
      personPickWithFlag: true,
    });
  });

  it('accepts numeric group ids', () => {
    expect(employeeSearchRestrictions(30, null).personDisabled).toBe(true);
    expect(employeeSearchRestrictions(' 32 ', null).sectionDisabled).toBe(true);
  });

  it('does not find inherited keys', () => {
    expect(employeeSearchRestrictions('constructor', null)).toEqual(open);
  });
});

describe('employeeSearchPrefill', () => {
  const none = { section: false, department: false, person: false };
  const all = { section: true, department: true, person: true };

  it.each(['99', '51', '50', '34', '33'])('group %s prefills nothing', (g) => {
    expect(employeeSearchPrefill(g)).toEqual(none);
  });

  it('group 32 prefills the section only', () => {
    expect(employeeSearchPrefill('32')).toEqual({ section: true, department: false, person: false });
  });

  it('group 31 prefills section and department', () => {
    expect(employeeSearchPrefill('31')).toEqual({ section: true, department: true, person: false });
  });

  it.each(['30', '60', '61', '10', '20', '40', '35', '', null, undefined, 'toString'])(
    'group %j prefills everything',
    (g) => {
      expect(employeeSearchPrefill(g)).toEqual(all);
    },
  );

  it('accepts numeric group ids', () => {
    expect(employeeSearchPrefill(99)).toEqual(none);
    expect(employeeSearchPrefill(31)).toEqual({ section: true, department: true, person: false });
  });
});

describe('employeeSearchInitialState', () => {
  const login = { section: 'S1', deptcd: 'D1', deptnm: '구매팀', hname: '홍길동', singleid: 'hong' };

  it('fills all from login data for group 30', () => {
    expect(employeeSearchInitialState({ ...login, authGroupId: '30' })).toEqual(login);
  });

  it('fills section and department for 31', () => {
    expect(employeeSearchInitialState({ ...login, authGroupId: '31' })).toEqual({ ...login, hname: '', singleid: '' });
  });

  it('fills the section for 32', () => {
    expect(employeeSearchInitialState({ ...login, authGroupId: 32 })).toEqual({
      ...EMPTY_EMPLOYEE_SEARCH,
      section: 'S1',
    });
  });

  it('fills nothing for 99', () => {
    expect(employeeSearchInitialState({ ...login, authGroupId: '99' })).toEqual(EMPTY_EMPLOYEE_SEARCH);
  });

  it('turns missing login fields into empty strings', () => {
    expect(employeeSearchInitialState({ authGroupId: '30', section: null })).toEqual(EMPTY_EMPLOYEE_SEARCH);
  });
});

describe('clearOnSectionChange / employeeSearchReducer', () => {
  const full: EmployeeSearchState = {
    section: 'S1',
    deptcd: 'D1',
    deptnm: '구매팀',
    hname: '홍길동',
    singleid: 'hong',
  };

  it('clearing the section clears department, person and person id', () => {
    expect(employeeSearchReducer(full, { type: 'clearSection' })).toEqual(EMPTY_EMPLOYEE_SEARCH);
    expect(clearOnSectionChange(full, '')).toEqual(EMPTY_EMPLOYEE_SEARCH);
  });

  it('clearing an empty section still clears a department and person', () => {
    const noSection = { ...full, section: '' };
    expect(employeeSearchReducer(noSection, { type: 'clearSection' })).toEqual(EMPTY_EMPLOYEE_SEARCH);
  });

  it('changing the section clears the dependent fields', () => {
    expect(employeeSearchReducer(full, { type: 'setSection', section: 'S2' })).toEqual({
      ...EMPTY_EMPLOYEE_SEARCH,
      section: 'S2',
    });
  });

  it('setting the same section keeps everything (same object)', () => {
    expect(employeeSearchReducer(full, { type: 'setSection', section: 'S1' })).toBe(full);
  });

  it('returns the same object when already empty', () => {
    expect(clearOnSectionChange(EMPTY_EMPLOYEE_SEARCH, '')).toBe(EMPTY_EMPLOYEE_SEARCH);
  });

  it('does not mutate the input', () => {
    const copy = { ...full };
    employeeSearchReducer(copy, { type: 'clearSection' });
    expect(copy).toEqual(full);
  });

  it('sets and clears the department without touching the person', () => {
    const s = employeeSearchReducer(full, { type: 'setDepartment', deptcd: 'D2', deptnm: '자재팀' });
    expect(s).toEqual({ ...full, deptcd: 'D2', deptnm: '자재팀' });
    expect(employeeSearchReducer(s, { type: 'clearDepartment' })).toEqual({ ...full, deptcd: '', deptnm: '' });
  });

  it('sets and clears the person and person id together', () => {
    const s = employeeSearchReducer(full, { type: 'setPerson', hname: '김철수', singleid: 'kim' });
    expect(s).toEqual({ ...full, hname: '김철수', singleid: 'kim' });
    expect(employeeSearchReducer(s, { type: 'clearPerson' })).toEqual({ ...full, hname: '', singleid: '' });
  });
});
