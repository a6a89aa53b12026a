import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installGlideJsdom } from '../testing/grid';
import { renderScreen } from '../testing/screen-harness';

let uninstall: () => void;
beforeAll(() => {
  uninstall = installGlideJsdom();
});
afterAll(() => uninstall());

/** A page whose form has a field `prNo`, and a dialog screen whose form has a field `prNo` too. */
const ENTRIES = [
  {
    file: 'screens/test/page.screen.json',
    definition: {
      id: 'test.page',
      kind: 'edit',
      route: '/test/page',
      title: '구매요청',
      sections: [{ title: '기본', fields: [{ field: 'prNo', label: '요청번호' }] }],
      actions: [{ kind: 'open', id: 'callOff', label: '발주 요청', screen: 'test.callOff', dialog: true }],
    },
  },
  {
    file: 'screens/test/call-off.screen.json',
    definition: {
      id: 'test.callOff',
      kind: 'edit',
      title: '발주 요청',
      sections: [{ title: '요청', fields: [{ field: 'prNo', label: '구매요청번호' }] }],
      actions: [{ kind: 'close' }],
    },
  },
];

/** Every id the document holds more than once. */
function duplicateIds(): string[] {
  const seen = new Map<string, number>();
  for (const el of document.querySelectorAll('[id]')) seen.set(el.id, (seen.get(el.id) ?? 0) + 1);
  return [...seen].filter(([, n]) => n > 1).map(([id]) => id);
}

describe('form field ids', () => {
  it("a dialog's form over a page's form: no id twice, each label names its own form's field", async () => {
    const user = userEvent.setup();
    renderScreen('test.page', { entries: ENTRIES, route: '/test/page', answers: {} });
    const pageField = await screen.findByRole('textbox', { name: '요청번호' });
    await user.type(pageField, 'PR-1');
    await user.click(screen.getByRole('button', { name: '발주 요청' }));
    const dialog = await screen.findByRole('dialog', { name: '발주 요청' });
    // Found by its place, not its name: with the ids repeated, its label named the page's field.
    await within(dialog).findByText('구매요청번호');
    const dialogField = dialog.querySelector<HTMLInputElement>('[data-field="prNo"] input')!;

    expect(duplicateIds()).toEqual([]);
    expect(dialogField).not.toBe(pageField);
    expect(dialogField).toHaveAccessibleName('구매요청번호');
    expect(pageField).toHaveAccessibleName('요청번호');
    expect(within(dialog).getByLabelText('구매요청번호')).toBe(dialogField);
    const label = within(dialog).getByText('구매요청번호', { selector: 'label' });
    expect(document.getElementById(label.getAttribute('for')!)).toBe(dialogField);
    // Typing into the dialog's field leaves the page's alone.
    await user.type(dialogField, 'PR-2');
    expect(dialogField).toHaveValue('PR-2');
    expect(pageField).toHaveValue('PR-1');
  });
});
