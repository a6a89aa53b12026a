import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BusinessSection } from '../services';
import { createFixtureServices } from '../testing/fixture-services';
import { doubleClickGridRow, gridHeaderTexts, gridRowTexts, installGlideJsdom } from '../testing/glide-jsdom';
import { renderWidget } from '../testing/render';
import { BusinessPopup, useBusinessPopup } from './business-popup';
import { BusinessSectionField } from './business-section-field';

let uninstall: () => void;
beforeAll(() => {
  uninstall = installGlideJsdom();
});
afterAll(() => uninstall());

function setup(selectOption: string, services = createFixtureServices()) {
  const listBusinessSections = vi.spyOn(services, 'listBusinessSections');
  const onChoose = vi.fn();
  const onClose = vi.fn();
  renderWidget(<BusinessPopup open selectOption={selectOption} onChoose={onChoose} onClose={onClose} />, { services });
  return { listBusinessSections, onChoose, onClose, user: userEvent.setup() };
}

describe('BusinessPopup (spec §2)', () => {
  it('chooses the only row WITHOUT showing the popup', async () => {
    const { listBusinessSections, onChoose } = setup('연구');
    await waitFor(() => expect(onChoose).toHaveBeenCalledWith({ topDept: 'D3000', sectionName: '연구소' }));
    expect(listBusinessSections).toHaveBeenCalledWith({ selectOption: '연구' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows a single-row grid of sectionName with 취소 and 선택 when several match', async () => {
    const { onChoose, user } = setup('부문');
    const dialog = await screen.findByRole('dialog', { name: '사업부문 선택' });
    await waitFor(() => expect(gridRowTexts(dialog)).toHaveLength(4));
    expect(gridHeaderTexts(dialog)).toEqual(['사업부문']);
    expect(gridRowTexts(dialog).map((r) => r[0])).toEqual(['생산부문', '해외사업부문', '서비스부문', '물류부문']);
    expect(within(dialog).getByRole('button', { name: '취소' })).toBeEnabled();
    await user.click(within(dialog).getByRole('button', { name: '선택' }));
    expect(onChoose).toHaveBeenCalledWith({ topDept: 'D2000', sectionName: '생산부문' });
  });

  it('a double-click chooses a row', async () => {
    const { onChoose } = setup('');
    const dialog = await screen.findByRole('dialog', { name: '사업부문 선택' });
    await waitFor(() => expect(gridRowTexts(dialog)).toHaveLength(6));
    doubleClickGridRow(4, { root: dialog });
    await waitFor(() => expect(onChoose).toHaveBeenCalledWith({ topDept: 'D5000', sectionName: '서비스부문' }));
  });

  it('disables 선택 with no rows', async () => {
    const { onClose, user } = setup('없는부문');
    const dialog = await screen.findByRole('dialog', { name: '사업부문 선택' });
    expect(within(dialog).getByRole('button', { name: '선택' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: '취소' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('alerts a failed search with the server message, then closes', async () => {
    const { onClose, onChoose, user } = setup(
      '본사',
      createFixtureServices({ failures: { listBusinessSections: '사업부문 조회에 실패했습니다.' } }),
    );
    const alert = await screen.findByRole('alertdialog');
    expect(alert).toHaveTextContent('사업부문 조회에 실패했습니다.');
    await user.click(within(alert).getByRole('button', { name: '확인' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(onChoose).not.toHaveBeenCalled();
  });
});

describe('useBusinessPopup (openBusinessPopup)', () => {
  it('resolves with the single match, and with null when cancelled', async () => {
    let open: ((s?: string) => Promise<BusinessSection | null>) | undefined;
    function Host() {
      const { openBusinessPopup, popup } = useBusinessPopup();
      open = openBusinessPopup;
      return <>{popup}</>;
    }
    renderWidget(<Host />);
    // act() must not wrap the await: the popup renders while the promise is pending.
    let single: Promise<BusinessSection | null> | undefined;
    act(() => {
      single = open!('물류');
    });
    await expect(single).resolves.toEqual({ topDept: 'D6000', sectionName: '물류부문' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    let pending: Promise<BusinessSection | null> | undefined;
    act(() => {
      pending = open!('');
    });
    const dialog = await screen.findByRole('dialog', { name: '사업부문 선택' });
    await userEvent.click(within(dialog).getByRole('button', { name: '취소' }));
    await expect(pending).resolves.toBeNull();
  });
});

describe('BusinessSectionField', () => {
  it('searches with the typed text and clears the chosen section when typed over or ×', async () => {
    const changes: Array<BusinessSection | null> = [];
    function Host() {
      const [value, setValue] = useState<BusinessSection | null>(null);
      return (
        <BusinessSectionField
          value={value}
          onChange={(v) => {
            changes.push(v);
            setValue(v);
          }}
        />
      );
    }
    const user = userEvent.setup();
    renderWidget(<Host />);
    const input = screen.getByLabelText('사업부문');
    await user.type(input, '본{Enter}');
    await waitFor(() => expect(input).toHaveValue('본사'));
    expect(changes).toEqual([{ topDept: 'D1000', sectionName: '본사' }]);
    await user.type(input, 'x');
    expect(changes.at(-1)).toBeNull();
    await user.click(screen.getByRole('button', { name: '사업부문 지우기' }));
    expect(input).toHaveValue('');
  });
});
