import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fixtureServiceError, searchFixtureCompanies } from '../testing/fixture-services';
import { doubleClickGridRow, gridHeaderTexts, gridRowTexts, installGlideJsdom } from '../testing/glide-jsdom';
import { renderWidget } from '../testing/render';
import { tabToGrid } from '../testing/keyboard';
import { CompanyPopup, type CompanyPopupProps } from './company-popup';

let uninstall: () => void;
beforeAll(() => {
  uninstall = installGlideJsdom();
});
afterAll(() => uninstall());

function setup(props: Partial<CompanyPopupProps> = {}) {
  const search = vi.fn(searchFixtureCompanies);
  const onChoose = vi.fn();
  const onClose = vi.fn();
  renderWidget(<CompanyPopup open search={search} onChoose={onChoose} onClose={onClose} {...props} />);
  const dialog = screen.getByRole('dialog', { name: '업체 검색' });
  return { dialog, search, onChoose, onClose, user: userEvent.setup() };
}

describe('CompanyPopup', () => {
  it('starts empty with 선택 disabled and the query field focused', async () => {
    const { dialog, search } = setup();
    expect(search).not.toHaveBeenCalled();
    expect(within(dialog).getByRole('button', { name: '선택' })).toBeDisabled();
    await waitFor(() => expect(within(dialog).getByLabelText('업체명 또는 사업자번호')).toHaveFocus());
  });

  it('searches by name on Enter and a double-click chooses', async () => {
    const { dialog, search, onChoose, user } = setup();
    await user.type(within(dialog).getByLabelText('업체명 또는 사업자번호'), '한빛{Enter}');
    await waitFor(() => expect(gridRowTexts(dialog)).toHaveLength(2));
    expect(search).toHaveBeenCalledWith('한빛');
    expect(gridHeaderTexts(dialog)).toEqual(['업체코드', '업체명', '사업자등록번호']);
    expect(gridRowTexts(dialog)[0].slice(0, 2)).toEqual(['C00001', '㈜한빛정밀']);
    expect(gridRowTexts(dialog)[0][2]).toMatch(/^\d{3}-\d{2}-\d{5}$/);
    doubleClickGridRow(1, { root: dialog });
    await waitFor(() =>
      expect(onChoose).toHaveBeenCalledWith(expect.objectContaining({ compNo: 'C00006', compNameKr: '㈜한빛전자' })),
    );
  });

  it('searches an initial query on opening; 선택 chooses the first row', async () => {
    const { dialog, search, onChoose, user } = setup({ query: '대성' });
    await waitFor(() => expect(gridRowTexts(dialog)).toHaveLength(1));
    expect(search).toHaveBeenCalledWith('대성');
    await user.click(within(dialog).getByRole('button', { name: '선택' }));
    expect(onChoose).toHaveBeenCalledWith(expect.objectContaining({ compNo: 'C00002' }));
  });

  it('alerts a failed search with its message', async () => {
    const { dialog, user } = setup({
      search: () => Promise.reject(fixtureServiceError('업체 목록을 불러오지 못했습니다.')),
    });
    await user.click(within(dialog).getByRole('button', { name: '조회' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('업체 목록을 불러오지 못했습니다.');
  });

  it('works from the keyboard alone: Enter searches, Tab reaches the result, ↓ and Enter choose', async () => {
    const { dialog, onChoose, user } = setup();
    await waitFor(() => expect(within(dialog).getByLabelText('업체명 또는 사업자번호')).toHaveFocus());
    await user.keyboard('한빛{Enter}');
    await waitFor(() => expect(gridRowTexts(dialog)).toHaveLength(2));
    await tabToGrid(user, dialog);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onChoose).toHaveBeenCalledTimes(1);
    expect(onChoose).toHaveBeenCalledWith(expect.objectContaining({ compNo: 'C00006' }));
  });

  it('Escape closes it', async () => {
    const { onClose, user } = setup();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
