import { act, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clickGridRow, installGlideJsdom } from '../testing/grid';
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
      route: '/t/list',
      title: 'Messages',
      selection: 'multi',
      source: { operation: 'listMessages', pageSize: 10 },
      columns: [{ field: 'msgKey' }, { field: 'textKo' }],
      actions: [
        { kind: 'call', id: 'many', label: '열 건 넘게', operation: 'listMessages', enabled: 'selection > 10' },
      ],
    },
  },
];
const all = Array.from({ length: 25 }, (_, i) => messageRow({ msgKey: `k${i}`, textKo: `글 ${i}` }));

describe('a list screen’s selected rows', () => {
  it('follow the pages that arrive after the selection (all rows selected while the first page alone is loaded)', async () => {
    let release!: () => void;
    const later = new Promise<void>((r) => (release = r));
    let first = true;
    renderScreen('t.list', {
      entries,
      answers: {
        listMessages: async (input: Parameters<typeof pagedAnswer>[1]) => {
          if (!first) await later;
          first = false;
          return pagedAnswer(all, input);
        },
      },
    });
    expect(await screen.findByTestId('list-total')).toHaveTextContent('25');
    const grid = document.querySelector<HTMLElement>('[data-gpms-grid]')!;
    // The header's check box: every row of the result, the first page's ten loaded.
    act(() => clickGridRow(-1, { x: Number(grid.dataset.rowMarkerWidth) / 2 }));
    // Scrolled to the end: the grid asks for the pages it now shows, which are on their way.
    const scroller = grid.querySelector<HTMLElement>('.dvn-scroller')!;
    act(() => {
      scroller.scrollTop = 27 * 20;
      scroller.dispatchEvent(new Event('scroll'));
    });
    const every = screen.getByRole('button', { name: '열 건 넘게' });
    expect(every).toBeDisabled();
    await act(async () => {
      release();
      await later;
    });
    // The last page (five rows) came: fifteen rows selected and loaded.
    await waitFor(() => expect(every).toBeEnabled());
  });
});
