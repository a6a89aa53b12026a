import { act, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installGlideJsdom } from '../testing/grid';
import { pagedAnswer } from '../testing/fixture-engine-services';
import { renderScreen } from '../testing/screen-harness';
import { messageRow } from '../testing/contract-rows';

let uninstall: () => void;
beforeAll(() => {
  uninstall = installGlideJsdom();
});
afterAll(() => uninstall());

const entries = [
  {
    file: 'screens/t/list.screen.json',
    definition: {
      id: 't.list',
      kind: 'list',
      title: 'Messages',
      source: { operation: 'listMessages' },
      columns: [{ field: 'msgKey' }, { field: 'textKo' }],
    },
  },
];
const answers = {
  listMessages: (input: Parameters<typeof pagedAnswer>[1]) =>
    pagedAnswer([messageRow({ msgKey: 'a', textKo: '가' })], input),
};

describe('a list screen searches once per search', () => {
  it('does not search again when i18n resources arrive (a screen chunk loading its texts during navigation)', async () => {
    const { services, i18n } = renderScreen('t.list', { entries, answers });
    expect(await screen.findByTestId('list-total')).toHaveTextContent('1');
    const searches = () => services.calls.filter((c) => c.operation === 'listMessages').length;
    expect(searches()).toBe(1);
    for (let i = 0; i < 3; i++) {
      await act(async () => {
        i18n.addResourceBundle('ko', 'translation', { [`later${i}`]: { title: `나중 ${i}` } }, true, false);
        await new Promise((r) => setTimeout(r, 20));
      });
    }
    expect(searches()).toBe(1);
  });
});
