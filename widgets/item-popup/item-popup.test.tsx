import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { doubleClickGridRow, gridHeaderTexts, gridRowTexts, installGlideJsdom } from '../testing/glide-jsdom';
import { renderWidget } from '../testing/render';
import { tabToGrid } from '../testing/keyboard';
import { ItemPopup, type ItemPopupProps } from './item-popup';
import { FIXTURE_ITEM_CATEGORIES, searchFixtureItems } from './item-popup.fixtures';

let uninstall: () => void;
beforeAll(() => {
  uninstall = installGlideJsdom();
});
afterAll(() => uninstall());

function setup(props: Partial<ItemPopupProps> = {}) {
  const search = vi.fn(searchFixtureItems);
  const onChoose = vi.fn();
  const onClose = vi.fn();
  renderWidget(
    <ItemPopup
      open
      search={search}
      categories={FIXTURE_ITEM_CATEGORIES}
      onChoose={onChoose}
      onClose={onClose}
      {...props}
    />,
  );
  const dialog = screen.getByRole('dialog', { name: '품목 검색' });
  return { dialog, search, onChoose, onClose, user: userEvent.setup() };
}

describe('ItemPopup', () => {
  it('starts empty with 선택 disabled and the name field focused', async () => {
    const { dialog, search } = setup();
    expect(search).not.toHaveBeenCalled();
    expect(within(dialog).getByRole('button', { name: '선택' })).toBeDisabled();
    await waitFor(() => expect(within(dialog).getByLabelText('품목명')).toHaveFocus());
  });

  it('searches by name and specification on Enter; a double-click chooses', async () => {
    const { dialog, search, onChoose, user } = setup();
    await user.type(within(dialog).getByLabelText('품목명'), '볼트');
    await user.type(within(dialog).getByLabelText('규격'), 'SUS{Enter}');
    await waitFor(() => expect(gridRowTexts(dialog)).toHaveLength(2));
    expect(search).toHaveBeenCalledWith({ catCode: '', itemName: '볼트', spec: 'SUS', itemCode: '' });
    expect(gridHeaderTexts(dialog)).toEqual(['품목코드', '품목명', '규격', '단위', '품목분류']);
    doubleClickGridRow(1, { root: dialog });
    await waitFor(() => expect(onChoose).toHaveBeenCalledWith(expect.objectContaining({ itemCode: 'MRO0101-0002' })));
  });

  it('filters by category; a first search with one row chooses it', async () => {
    const { dialog, search, onChoose, user } = setup();
    await user.selectOptions(within(dialog).getByLabelText('품목분류'), 'MRO0302');
    await user.click(within(dialog).getByRole('button', { name: '조회' }));
    expect(search).toHaveBeenCalledWith(expect.objectContaining({ catCode: 'MRO0302' }));
    await waitFor(() => expect(onChoose).toHaveBeenCalledWith(expect.objectContaining({ itemCode: 'MRO0302-0001' })));
  });

  it('chooses at once when the first search finds exactly one item', async () => {
    const { onChoose } = setup({ initial: { itemCode: 'MRO0302' } });
    await waitFor(() => expect(onChoose).toHaveBeenCalledWith(expect.objectContaining({ itemCode: 'MRO0302-0001' })));
  });

  it('shows the grid when the first search finds several, and 취소 closes', async () => {
    const { dialog, onChoose, onClose, user } = setup({ initial: { itemName: '볼트' } });
    await waitFor(() => expect(gridRowTexts(dialog)).toHaveLength(3));
    expect(onChoose).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: '취소' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('works from the keyboard alone: Enter searches, Tab reaches the result, ↓ and Enter choose', async () => {
    const { dialog, onChoose, user } = setup();
    await waitFor(() => expect(within(dialog).getByLabelText('품목명')).toHaveFocus());
    await user.keyboard('볼트{Enter}');
    await waitFor(() => expect(gridRowTexts(dialog).length).toBeGreaterThan(1));
    const second = gridRowTexts(dialog)[1][0];
    await tabToGrid(user, dialog);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onChoose).toHaveBeenCalledWith(expect.objectContaining({ itemCode: second }));
  });
});
