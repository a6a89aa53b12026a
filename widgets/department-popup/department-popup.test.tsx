import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createFixtureServices } from '../testing/fixture-services';
import { doubleClickGridRow, gridHeaderTexts, gridRowTexts, installGlideJsdom } from '../testing/glide-jsdom';
import { renderWidget } from '../testing/render';
import { tabToGrid } from '../testing/keyboard';
import { DepartmentField } from './department-field';
import { DepartmentPopup, departmentQuery, type DepartmentPopupProps } from './department-popup';

let uninstall: () => void;
beforeAll(() => {
  uninstall = installGlideJsdom();
});
afterAll(() => uninstall());

function setup(props: Partial<DepartmentPopupProps> = {}, services = createFixtureServices()) {
  const listDepartments = vi.spyOn(services, 'listDepartments');
  const listBusinessSections = vi.spyOn(services, 'listBusinessSections');
  const onChoose = vi.fn();
  const onClose = vi.fn();
  renderWidget(<DepartmentPopup open onChoose={onChoose} onClose={onClose} {...props} />, { services });
  return { listDepartments, listBusinessSections, onChoose, onClose, user: userEvent.setup() };
}

describe('DepartmentPopup (spec §2)', () => {
  it('chooses the only row of the FIRST search without ever showing the popup', async () => {
    const { listDepartments, onChoose } = setup({ deptnm: '감사' });
    await waitFor(() => expect(onChoose).toHaveBeenCalledTimes(1));
    expect(onChoose.mock.calls[0][0]).toMatchObject({ deptcd: 'D1410', deptnm: '감사팀', sectionName: '본사' });
    expect(listDepartments).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows 부서 선택 with a 400 px grid of 사업부문 and 부서명 when the first search finds several', async () => {
    const { listDepartments } = setup({ section: { topDept: 'D2000', sectionName: '생산부문' } });
    const dialog = await screen.findByRole('dialog', { name: '부서 선택' });
    expect(listDepartments).toHaveBeenCalledWith({
      sectionName: '생산부문',
      deptnm: undefined,
      searchOption: undefined,
      enabledBsns: 'Y',
      compYn: undefined,
    });
    await waitFor(() => expect(gridRowTexts(dialog)).toHaveLength(6));
    expect(gridHeaderTexts(dialog)).toEqual(['사업부문', '부서명']);
    expect(gridRowTexts(dialog)[0]).toEqual(['생산부문', '생산1팀']);
    expect(within(dialog).getByRole('region', { name: '부서 선택' })).toHaveStyle({ height: '400px' });
    await waitFor(() => expect(within(dialog).getByLabelText('부서명')).toHaveFocus());
  });

  it('Enter in 부서명 searches; a later single result is shown, not chosen', async () => {
    const { listDepartments, onChoose, user } = setup();
    const dialog = await screen.findByRole('dialog', { name: '부서 선택' });
    await user.type(within(dialog).getByLabelText('부서명'), '감사{Enter}');
    await waitFor(() => expect(gridRowTexts(dialog)).toHaveLength(1));
    expect(listDepartments).toHaveBeenLastCalledWith(expect.objectContaining({ deptnm: '감사' }));
    expect(listDepartments).toHaveBeenCalledTimes(2);
    expect(onChoose).not.toHaveBeenCalled();
    expect(gridRowTexts(dialog)[0]).toEqual(['본사', '감사팀']);
  });

  it('a double-click on a row chooses it', async () => {
    const { onChoose } = setup({ section: { sectionName: '연구소' } });
    const dialog = await screen.findByRole('dialog', { name: '부서 선택' });
    await waitFor(() => expect(gridRowTexts(dialog)).toHaveLength(5));
    doubleClickGridRow(3, { root: dialog });
    await waitFor(() => expect(onChoose).toHaveBeenCalledTimes(1));
    expect(onChoose.mock.calls[0][0]).toMatchObject({ deptnm: '소프트웨어개발팀' });
  });

  it('keeps 선택 disabled while the grid is empty', async () => {
    const { user } = setup();
    const dialog = await screen.findByRole('dialog', { name: '부서 선택' });
    const choose = within(dialog).getByRole('button', { name: '선택' });
    expect(choose).toBeEnabled();
    await user.type(within(dialog).getByLabelText('부서명'), '없는부서{Enter}');
    await waitFor(() => expect(within(dialog).getByText('조회된 데이터가 없습니다.')).toBeInTheDocument());
    expect(choose).toBeDisabled();
  });

  it('shows the popup with 선택 disabled when the first search finds nothing', async () => {
    setup({ deptnm: '없는부서' });
    const dialog = await screen.findByRole('dialog', { name: '부서 선택' });
    expect(within(dialog).getByRole('button', { name: '선택' })).toBeDisabled();
  });

  it('the section filter has its own business popup, editable only when enabledBsns', async () => {
    const { listDepartments, user } = setup({ section: { topDept: 'D1000', sectionName: '본사' }, enabledBsns: false });
    const dialog = await screen.findByRole('dialog', { name: '부서 선택' });
    expect(listDepartments).toHaveBeenCalledWith(expect.objectContaining({ sectionName: '본사', enabledBsns: 'N' }));
    expect(within(dialog).getByLabelText('사업부문')).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: '사업부문 검색' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: '조회' }));
    expect(listDepartments).toHaveBeenLastCalledWith(
      expect.objectContaining({ sectionName: '본사', enabledBsns: 'N' }),
    );
  });

  it('changing the section through its business popup (single match auto-chosen) narrows the search', async () => {
    const { listDepartments, listBusinessSections, user } = setup();
    const dialog = await screen.findByRole('dialog', { name: '부서 선택' });
    const section = within(dialog).getByLabelText('사업부문');
    await user.type(section, '물류{Enter}');
    await waitFor(() => expect(section).toHaveValue('물류부문'));
    expect(listBusinessSections).toHaveBeenCalledWith({ selectOption: '물류' });
    expect(screen.queryByRole('dialog', { name: '사업부문 선택' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '조회' }));
    await waitFor(() => expect(gridRowTexts(dialog)).toHaveLength(3));
    expect(listDepartments).toHaveBeenLastCalledWith(
      expect.objectContaining({ sectionName: '물류부문', enabledBsns: 'Y' }),
    );
  });

  it('alerts a failed first search with the server message and closes', async () => {
    const { onClose } = setup(
      {},
      createFixtureServices({ failures: { listDepartments: '부서 정보를 불러오지 못했습니다.' } }),
    );
    const alert = await screen.findByRole('alertdialog');
    expect(alert).toHaveTextContent('부서 정보를 불러오지 못했습니다.');
    await userEvent.click(within(alert).getByRole('button', { name: '확인' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });
});

describe('departmentQuery', () => {
  it('sends the section by name, else by code, and Y/N for enabledBsns', () => {
    expect(departmentQuery({ topDept: 'D2000' }, ' 생산 ', { enabledBsns: false, searchOption: 'LIKE' })).toEqual({
      sectionName: 'D2000',
      deptnm: '생산',
      searchOption: 'LIKE',
      enabledBsns: 'N',
      compYn: undefined,
    });
  });
});

describe('DepartmentField', () => {
  it('typing a name and Enter chooses a single match at once', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderWidget(<DepartmentField value={null} onChange={onChange} />);
    await user.type(screen.getByLabelText('부서'), '시험{Enter}');
    await waitFor(() =>
      expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ deptcd: 'D3230', deptnm: '시험분석팀' })),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('works from the keyboard alone: Tab reaches the result, ↓ and Enter choose', async () => {
    const { onChoose, user } = setup({ section: { topDept: 'D2000', sectionName: '생산부문' } });
    const dialog = await screen.findByRole('dialog', { name: '부서 선택' });
    await waitFor(() => expect(gridRowTexts(dialog)).toHaveLength(6));
    const second = gridRowTexts(dialog)[1][1];
    await waitFor(() => expect(within(dialog).getByLabelText('부서명')).toHaveFocus());
    await tabToGrid(user, dialog);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onChoose).toHaveBeenCalledWith(expect.objectContaining({ deptnm: second }));
  });
});
