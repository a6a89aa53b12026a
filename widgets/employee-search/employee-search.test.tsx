import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LoginData } from '../services';
import { createFixtureServices, FIXTURE_LOGINS } from '../testing/fixture-services';
import { gridRowTexts, installGlideJsdom } from '../testing/glide-jsdom';
import { renderWidget } from '../testing/render';
import {
  applyEmployeeSearch,
  EMPTY_EMPLOYEE_SEARCH_VALUE,
  EmployeeSearch,
  type EmployeeSearchValue,
} from './employee-search';

let uninstall: () => void;
beforeAll(() => {
  uninstall = installGlideJsdom();
});
afterAll(() => uninstall());

function setup(login: LoginData | null, initial: EmployeeSearchValue = EMPTY_EMPLOYEE_SEARCH_VALUE) {
  const services = createFixtureServices({ login });
  const listPeople = vi.spyOn(services, 'listPeople');
  const listDepartments = vi.spyOn(services, 'listDepartments');
  const values: EmployeeSearchValue[] = [];
  function Host() {
    const [value, setValue] = useState(initial);
    return (
      <EmployeeSearch
        value={value}
        onChange={(v) => {
          values.push(v);
          setValue(v);
        }}
      />
    );
  }
  renderWidget(<Host />, { services });
  return { values, listPeople, listDepartments, user: userEvent.setup() };
}

const section = () => screen.getByLabelText('사업부문');
const dept = () => screen.getByLabelText('부서');
const person = () => screen.getByLabelText('사원');
const last = (values: EmployeeSearchValue[]) => values.at(-1);

describe('EmployeeSearch — restrictions and prefill per authority group (spec §6)', () => {
  it('group 30: section, department and person all fixed, all prefilled from the login', async () => {
    const { values } = setup(FIXTURE_LOGINS['30']);
    await waitFor(() => expect(section()).toHaveValue('본사'));
    expect(section()).toBeDisabled();
    expect(dept()).toBeDisabled();
    expect(person()).toBeDisabled();
    expect(dept()).toHaveValue('구매1팀');
    expect(person()).toHaveValue('정수빈');
    expect(last(values)).toEqual({
      section: 'D1000',
      sectionName: '본사',
      deptcd: 'D1220',
      deptnm: '구매1팀',
      hname: '정수빈',
      singleid: 'E000005',
    });
    expect(screen.queryByRole('button', { name: /지우기/ })).not.toBeInTheDocument();
  });

  it('group 31: section and department fixed and prefilled; person open and empty', async () => {
    const { values } = setup(FIXTURE_LOGINS['31']);
    await waitFor(() => expect(section()).toHaveValue('생산부문'));
    expect(section()).toBeDisabled();
    expect(dept()).toBeDisabled();
    expect(dept()).toHaveValue('생산1팀');
    expect(person()).toBeEnabled();
    expect(person()).toHaveValue('');
    expect(last(values)).toMatchObject({ section: 'D2000', deptcd: 'D2110', hname: '', singleid: '' });
  });

  it('group 32: section fixed and prefilled; department and person open and empty', async () => {
    setup(FIXTURE_LOGINS['32']);
    await waitFor(() => expect(section()).toHaveValue('생산부문'));
    expect(section()).toBeDisabled();
    expect(dept()).toBeEnabled();
    expect(dept()).toHaveValue('');
    expect(person()).toBeEnabled();
    expect(person()).toHaveValue('');
  });

  it('group 33: nothing fixed, nothing prefilled, and the person search is not limited to the section (pick with flag)', async () => {
    const { values, listPeople, user } = setup(FIXTURE_LOGINS['33']);
    expect(section()).toBeEnabled();
    expect(dept()).toBeEnabled();
    expect(person()).toBeEnabled();
    expect(section()).toHaveValue('');
    expect(values).toEqual([]);
    await user.type(section(), '연구{Enter}');
    await waitFor(() => expect(section()).toHaveValue('연구소'));
    await user.type(person(), '김민{Enter}');
    const dialog = await screen.findByRole('dialog', { name: '사원 검색' });
    await user.click(within(dialog).getByRole('button', { name: '조회' }));
    await waitFor(() => expect(gridRowTexts(dialog)).toHaveLength(3));
    expect(listPeople).toHaveBeenLastCalledWith({ hname: '김민' });
  });

  it('group 99: nothing fixed, nothing prefilled', () => {
    const { values } = setup(FIXTURE_LOGINS['99']);
    expect(section()).toBeEnabled();
    expect(dept()).toBeEnabled();
    expect(person()).toBeEnabled();
    expect(section()).toHaveValue('');
    expect(values).toEqual([]);
  });

  it("auth 'A': the department is fixed; group 20 (others) prefills everything", async () => {
    setup(FIXTURE_LOGINS.A);
    await waitFor(() => expect(section()).toHaveValue('본사'));
    expect(section()).toBeEnabled();
    expect(dept()).toBeDisabled();
    expect(dept()).toHaveValue('구매운영팀');
    expect(person()).toBeEnabled();
    expect(person()).toHaveValue('김민수');
  });

  it('other users get the person search limited to their section and department', async () => {
    const { listPeople, user } = setup(FIXTURE_LOGINS['32']);
    await waitFor(() => expect(section()).toHaveValue('생산부문'));
    await user.type(person(), '김민{Enter}');
    const dialog = await screen.findByRole('dialog', { name: '사원 검색' });
    await user.click(within(dialog).getByRole('button', { name: '조회' }));
    await waitFor(() => expect(gridRowTexts(dialog)).toHaveLength(1));
    expect(listPeople).toHaveBeenLastCalledWith({ hname: '김민', sectionName: 'D2000' });
  });

  it('does not overwrite a value it was given', () => {
    const given = { section: 'D3000', sectionName: '연구소', deptcd: '', deptnm: '', hname: '', singleid: '' };
    const { values } = setup(FIXTURE_LOGINS['30'], given);
    expect(values).toEqual([]);
    expect(section()).toHaveValue('연구소');
  });
});

describe('EmployeeSearch — the department depends on the section; clearing it clears the rest (spec §4)', () => {
  it('the department popup is filtered by the chosen section, which it cannot change', async () => {
    const { listDepartments, user } = setup(FIXTURE_LOGINS['99']);
    await user.type(section(), '물류{Enter}');
    await waitFor(() => expect(section()).toHaveValue('물류부문'));
    await user.click(screen.getByRole('button', { name: '부서 검색' }));
    const dialog = await screen.findByRole('dialog', { name: '부서 선택' });
    expect(listDepartments).toHaveBeenLastCalledWith(
      expect.objectContaining({ sectionName: '물류부문', enabledBsns: 'N' }),
    );
    expect(within(dialog).getByLabelText('사업부문')).toBeDisabled();
    await waitFor(() => expect(gridRowTexts(dialog)).toHaveLength(3));
  });

  it('clearing the section clears department, person and person id', async () => {
    const { values, user } = setup(FIXTURE_LOGINS['20']);
    await waitFor(() => expect(person()).toHaveValue('김민수'));
    await user.click(screen.getByRole('button', { name: '사업부문 지우기' }));
    expect(last(values)).toEqual(EMPTY_EMPLOYEE_SEARCH_VALUE);
    expect(dept()).toHaveValue('');
    expect(person()).toHaveValue('');
  });

  it('changing the section (typing over it) clears department, person and person id', async () => {
    const { values, user } = setup(FIXTURE_LOGINS['20']);
    await waitFor(() => expect(person()).toHaveValue('김민수'));
    await user.clear(section());
    await user.type(section(), '연구{Enter}');
    await waitFor(() => expect(section()).toHaveValue('연구소'));
    expect(last(values)).toEqual({
      section: 'D3000',
      sectionName: '연구소',
      deptcd: '',
      deptnm: '',
      hname: '',
      singleid: '',
    });
  });

  it('a department chosen with no section sets its section', async () => {
    const { values, user } = setup(FIXTURE_LOGINS['99']);
    await user.type(dept(), '시험{Enter}');
    await waitFor(() => expect(dept()).toHaveValue('시험분석팀'));
    expect(last(values)).toEqual({
      section: 'D3000',
      sectionName: '연구소',
      deptcd: 'D3230',
      deptnm: '시험분석팀',
      hname: '',
      singleid: '',
    });
    expect(section()).toHaveValue('연구소');
  });
});

describe('applyEmployeeSearch', () => {
  const full: EmployeeSearchValue = {
    section: 'D1000',
    sectionName: '본사',
    deptcd: 'D1240',
    deptnm: '구매운영팀',
    hname: '김민수',
    singleid: 'E000004',
  };
  it('keeps everything when the same section is set again', () => {
    expect(applyEmployeeSearch(full, { type: 'setSection', section: 'D1000' }, '본사')).toBe(full);
  });
  it('clears the rest on another section', () => {
    expect(applyEmployeeSearch(full, { type: 'setSection', section: 'D2000' }, '생산부문')).toEqual({
      ...EMPTY_EMPLOYEE_SEARCH_VALUE,
      section: 'D2000',
      sectionName: '생산부문',
    });
  });
  it('leaves the person when the department changes (the spec cascades only from the section)', () => {
    expect(applyEmployeeSearch(full, { type: 'setDepartment', deptcd: 'D1220', deptnm: '구매1팀' })).toMatchObject({
      deptcd: 'D1220',
      hname: '김민수',
    });
  });
});
