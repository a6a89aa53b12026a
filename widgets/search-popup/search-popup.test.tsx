import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { gridRowTexts, installGlideJsdom } from '../testing/glide-jsdom';
import { renderWidget } from '../testing/render';
import { SearchPopup, type SearchPopupProps } from './search-popup';

let uninstall: () => void;
beforeAll(() => {
  uninstall = installGlideJsdom();
});
afterAll(() => uninstall());

interface Row {
  code: string;
  name: string;
}
const ROWS: Row[] = [
  { code: 'A1', name: '가나' },
  { code: 'A2', name: '가다' },
  { code: 'B1', name: '라마' },
];

function setup(props: Partial<SearchPopupProps<Row, { name: string }>> = {}) {
  const search = vi.fn(async (f: { name: string }) => ROWS.filter((r) => r.name.includes(f.name)));
  const onChoose = vi.fn();
  const onClose = vi.fn();
  renderWidget(
    <SearchPopup<Row, { name: string }>
      open
      title="itemTitle"
      width={400}
      filters={[{ field: 'name', label: 'itemName', width: 150 }]}
      initial={{ name: '' }}
      search={search}
      columns={[
        { field: 'code', title: 'itemCode', width: 80 },
        { field: 'name', title: 'itemName', width: 120 },
      ]}
      onChoose={onChoose}
      onClose={onClose}
      {...props}
    />,
  );
  return { search, onChoose, onClose, user: userEvent.setup() };
}

describe('SearchPopup', () => {
  it('trims the text filters before searching', async () => {
    const { search, user } = setup();
    const dialog = screen.getByRole('dialog', { name: '품목 검색' });
    await user.type(within(dialog).getByLabelText('품목명'), '  가 {Enter}');
    await waitFor(() => expect(gridRowTexts(dialog)).toHaveLength(2));
    expect(search).toHaveBeenCalledWith({ name: '가' });
  });

  it('a refusal of validate is alerted and nothing is sent', async () => {
    const { search, user } = setup({ validate: (f) => (f.name ? null : '이름을 입력해 주세요.') });
    await user.click(screen.getByRole('button', { name: '조회' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('이름을 입력해 주세요.');
    expect(search).not.toHaveBeenCalled();
  });

  it('chooseSingleFirst chooses only the FIRST single result; a later one is shown', async () => {
    const { onChoose, user } = setup({ chooseSingleFirst: true, initial: { name: '라' }, searchOnOpen: 'visible' });
    await waitFor(() => expect(onChoose).toHaveBeenCalledWith(ROWS[2]));
    const dialog = screen.getByRole('dialog', { name: '품목 검색' });
    await user.clear(within(dialog).getByLabelText('품목명'));
    await user.type(within(dialog).getByLabelText('품목명'), '가나{Enter}');
    await waitFor(() => expect(gridRowTexts(dialog)).toHaveLength(1));
    expect(onChoose).toHaveBeenCalledTimes(1);
  });

  it("'hidden' shows nothing until the opening search answers, and closes when it fails", async () => {
    const { onClose } = setup({ searchOnOpen: 'hidden', search: () => Promise.reject(new Error('실패했습니다.')) });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const alert = await screen.findByRole('alertdialog');
    await userEvent.click(within(alert).getByRole('button', { name: '확인' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it('prepareRow shapes the rows shown and chosen', async () => {
    const { onChoose, user } = setup({ prepareRow: (r) => ({ ...r, name: `[${r.name}]` }) });
    const dialog = screen.getByRole('dialog', { name: '품목 검색' });
    await user.type(within(dialog).getByLabelText('품목명'), '라{Enter}');
    await waitFor(() => expect(gridRowTexts(dialog)).toEqual([['B1', '[라마]']]));
    await user.click(within(dialog).getByRole('button', { name: '선택' }));
    expect(onChoose).toHaveBeenCalledWith({ code: 'B1', name: '[라마]' });
  });
});
