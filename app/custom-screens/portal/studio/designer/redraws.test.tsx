import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createHarnessStore, DesignerHarness } from './designer-harness';
import { RowDrawn } from './row-drawn';

/**
 * How many of the outline's rows a change draws again, counted as each row draws (`RowDrawn`): a row is
 * memoized and drawn again only when what it shows changes. A big screen's move once drew every row of every list
 * again through dnd-kit's context, however the rows' memo compared (bench/results/log.md, "The studio designer's
 * input latency").
 */
const drawn = { rows: 0 };
const countRow = () => {
  drawn.rows += 1;
};

/** A list of 40 columns and 6 filters, as bench/designer.ts makes it. */
const FIELDS = ['code', 'textKo', 'textEn', 'sortOrder', 'useYn'];
const BIG = `{
  "kind": "list",
  "title": "큰 목록",
  "source": { "operation": "listCodes", "rowKey": "code" },
  "filters": [
${Array.from({ length: 6 }, (_, i) => `    { "field": "${FIELDS[i % 5]}${i}" }`).join(',\n')}
  ],
  "columns": [
${Array.from({ length: 40 }, (_, i) => `    { "field": "${FIELDS[i % 5]}${i}", "width": 120 }`).join(',\n')}
  ],
  "actions": ["search", { "kind": "exportExcel" }]
}
`;

describe('the designer draws again only the rows a change changes', () => {
  it('a move (Alt+↓) in a 40-column list draws the two rows that traded places, a keystroke in the panel none', async () => {
    const store = createHarnessStore(BIG);
    const user = userEvent.setup();
    drawn.rows = 0;
    render(
      <RowDrawn.Provider value={countRow}>
        <DesignerHarness store={store} problems={[]} />
      </RowDrawn.Provider>,
    );
    // Every row is counted (the real hook runs through the counter): 2 parts, 6 filters, 40 columns, 2 actions.
    expect(drawn.rows).toBeGreaterThanOrEqual(50);
    const columns = within(screen.getByRole('region', { name: /^열/ }));
    await user.click(columns.getByRole('button', { name: '1번째 열 code0' }));

    drawn.rows = 0;
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    expect(JSON.parse(store.getState().text).columns[1].field).toBe('code0');
    // The rows at /columns/0 and /columns/1 show other items now (and the chosen one moved between them).
    expect(drawn.rows).toBeLessThanOrEqual(2);

    const panel = within(screen.getByRole('region', { name: '2번째 열 code0의 속성' }));
    drawn.rows = 0;
    await user.type(panel.getByLabelText(/^너비 width/), '5');
    expect(JSON.parse(store.getState().text).columns[1].width).toBe(1205);
    expect(drawn.rows).toBe(0);
    act(() => store.getState().undo());
  });
});
