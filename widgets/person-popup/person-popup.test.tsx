import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createFixtureServices } from '../testing/fixture-services';
import { doubleClickGridRow, gridRowTexts, installGlideJsdom } from '../testing/glide-jsdom';
import { renderWidget } from '../testing/render';
import { tabToGrid } from '../testing/keyboard';
import { PersonField } from './person-field';
import { PersonPopup, personQuery } from './person-popup';

let uninstall: () => void;
beforeAll(() => {
  uninstall = installGlideJsdom();
});
afterAll(() => uninstall());

function setup(props: Partial<Parameters<typeof PersonPopup>[0]> = {}, services = createFixtureServices()) {
  const listPeople = vi.spyOn(services, 'listPeople');
  const onChoose = vi.fn();
  const onClose = vi.fn();
  renderWidget(<PersonPopup open onChoose={onChoose} onClose={onClose} {...props} />, { services });
  const dialog = screen.getByRole('dialog', { name: '사원 검색' });
  return { dialog, listPeople, onChoose, onClose, user: userEvent.setup() };
}

const chooseButton = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: '선택' });

describe('PersonPopup (spec §2, §5)', () => {
  it('focuses the name field on opening and starts with an empty grid, searching nothing', async () => {
    const { dialog, listPeople } = setup();
    await waitFor(() => expect(within(dialog).getByLabelText('이름')).toHaveFocus());
    expect(listPeople).not.toHaveBeenCalled();
    expect(within(dialog).getByRole('region', { name: '사원 검색' })).toHaveStyle({ height: '400px' });
    expect(within(dialog).getByText('이름 또는 사번을 입력한 뒤 조회를 누르세요.')).toBeInTheDocument();
    expect(chooseButton(dialog)).toBeDisabled();
  });

  it('with neither name nor ID, alerts the Korean message and sends nothing', async () => {
    const { dialog, listPeople, user } = setup();
    await user.click(within(dialog).getByRole('button', { name: '조회' }));
    const alert = await screen.findByRole('alertdialog');
    expect(alert).toHaveTextContent('이름과 싱글ID 중 하나 이상 입력해 주세요.');
    expect(listPeople).not.toHaveBeenCalled();
    await user.click(within(alert).getByRole('button', { name: '확인' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: '사원 검색' })).toBeInTheDocument();
  });

  it('with a one-character name, alerts that 2 characters are needed and sends nothing', async () => {
    const { dialog, listPeople, user } = setup();
    await user.type(within(dialog).getByLabelText('이름'), '김');
    await user.click(within(dialog).getByRole('button', { name: '조회' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('이름은 2자 이상 입력해 주세요.');
    expect(listPeople).not.toHaveBeenCalled();
  });

  it('a one-character name is refused even beside a valid ID', async () => {
    const { dialog, listPeople, user } = setup();
    await user.type(within(dialog).getByLabelText('이름'), '김');
    await user.type(within(dialog).getByLabelText('사번'), 'E000004');
    await user.click(within(dialog).getByRole('button', { name: '조회' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('이름은 2자 이상 입력해 주세요.');
    expect(listPeople).not.toHaveBeenCalled();
  });

  it('searches by name, shows 이름 / 사업부문 / 부서 / 사번, enables 선택, and a double-click chooses', async () => {
    const { dialog, listPeople, onChoose, user } = setup();
    await user.type(within(dialog).getByLabelText('이름'), '김민');
    await user.click(within(dialog).getByRole('button', { name: '조회' }));
    await waitFor(() => expect(gridRowTexts(dialog)).toHaveLength(3));
    expect(listPeople).toHaveBeenCalledWith({ hname: '김민' });
    expect(gridRowTexts(dialog)).toEqual([
      ['김민수', '본사', '구매운영팀', 'E000004'],
      ['김민지', '본사', '구매1팀', 'E000010'],
      ['김민준', '생산부문', '생산1팀', 'E000011'],
    ]);
    expect(chooseButton(dialog)).toBeEnabled();
    doubleClickGridRow(1, { root: dialog });
    await waitFor(() => expect(onChoose).toHaveBeenCalledTimes(1));
    expect(onChoose.mock.calls[0][0]).toMatchObject({ hname: '김민지', singleid: 'E000010' });
  });

  it('Enter in the ID field searches; 선택 chooses the selected (first) row', async () => {
    const { dialog, listPeople, onChoose, user } = setup();
    await user.type(within(dialog).getByLabelText('사번'), 'E000004{Enter}');
    await waitFor(() => expect(gridRowTexts(dialog)).toHaveLength(1));
    expect(listPeople).toHaveBeenCalledWith({ singleid: 'E000004' });
    await user.click(chooseButton(dialog));
    expect(onChoose.mock.calls[0][0]).toMatchObject({ hname: '김민수', singleid: 'E000004' });
  });

  it('keeps 선택 disabled when the search finds nobody', async () => {
    const { dialog, user } = setup();
    await user.type(within(dialog).getByLabelText('이름'), '홍길동{Enter}');
    await waitFor(() => expect(within(dialog).getByText('조회된 데이터가 없습니다.')).toBeInTheDocument());
    expect(chooseButton(dialog)).toBeDisabled();
  });

  it('sends the fixed section and department scope with the search', async () => {
    const { dialog, listPeople, user } = setup({ sectionName: 'D2000', deptcd: 'D2110' });
    await user.type(within(dialog).getByLabelText('이름'), '김민{Enter}');
    await waitFor(() => expect(gridRowTexts(dialog)).toHaveLength(1));
    expect(listPeople).toHaveBeenCalledWith({ hname: '김민', sectionName: 'D2000', deptcd: 'D2110' });
  });

  it("shows a failed search's server message in an alert", async () => {
    const { dialog, user } = setup(
      {},
      createFixtureServices({ failures: { listPeople: '사원 정보를 조회할 권한이 없습니다.' } }),
    );
    await user.type(within(dialog).getByLabelText('이름'), '김민수{Enter}');
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('사원 정보를 조회할 권한이 없습니다.');
  });

  it('취소 and Escape close without choosing', async () => {
    const { dialog, onClose, onChoose, user } = setup();
    await user.click(within(dialog).getByRole('button', { name: '취소' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(onChoose).not.toHaveBeenCalled();
  });
});

describe('personQuery', () => {
  it('trims and leaves out empty filters', () => {
    expect(personQuery({ hname: ' 김민수 ', singleid: '', sectionName: undefined, deptcd: 'D1240' })).toEqual({
      hname: '김민수',
      deptcd: 'D1240',
    });
  });
});

describe('PersonField', () => {
  it('opens the popup with the typed name and shows the chosen person with the ID', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    const { rerenderWidget } = renderWidget(<PersonField value={null} onChange={onChange} />);
    await user.type(screen.getByLabelText('사원'), '정수빈{Enter}');
    const dialog = await screen.findByRole('dialog', { name: '사원 검색' });
    expect(within(dialog).getByLabelText('이름')).toHaveValue('정수빈');
    await user.click(within(dialog).getByRole('button', { name: '조회' }));
    await waitFor(() => expect(gridRowTexts(dialog)).toHaveLength(1));
    await user.click(within(dialog).getByRole('button', { name: '선택' }));
    expect(onChange.mock.calls.at(-1)![0]).toMatchObject({ singleid: 'E000005', hname: '정수빈' });
    rerenderWidget(<PersonField value={{ singleid: 'E000005', hname: '정수빈' }} onChange={onChange} />);
    expect(screen.getByLabelText('사원')).toHaveValue('정수빈');
    expect(screen.getByText('E000005')).toBeInTheDocument();
  });

  it('works from the keyboard alone: Enter searches, Tab reaches the result, ↓ ↑ End and Enter choose', async () => {
    const { dialog, onChoose, user } = setup();
    await waitFor(() => expect(within(dialog).getByLabelText('이름')).toHaveFocus());
    await user.keyboard('김민{Enter}');
    await waitFor(() => expect(gridRowTexts(dialog)).toHaveLength(3));
    await tabToGrid(user, dialog);
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowUp}');
    await user.keyboard('{Enter}');
    expect(onChoose).toHaveBeenLastCalledWith(expect.objectContaining({ hname: '김민지' }));
    await user.keyboard('{End}{Enter}');
    expect(onChoose).toHaveBeenLastCalledWith(expect.objectContaining({ hname: '김민준' }));
  });
});
