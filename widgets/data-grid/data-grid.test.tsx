import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, useState } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  clickGridRow,
  doubleClickGridRow,
  gridHeaderTexts,
  gridRowTexts,
  installGlideJsdom,
} from '../testing/glide-jsdom';
import { renderWidget } from '../testing/render';
import { DataGrid, type DataGridHandle, type DataGridProps, type GridColumn, type GridSort } from './data-grid';

let uninstall: () => void;
/**
 * Glide takes two clicks within 500 ms of its Date.now() for a double-click: between clicks meant
 * as two, its clock is moved on (`letDoubleClickLapse`) instead of waited for.
 */
let clockSkewMs = 0;
const letDoubleClickLapse = () => void (clockSkewMs += 550);
beforeAll(() => {
  uninstall = installGlideJsdom();
  const realNow = Date.now.bind(Date);
  vi.spyOn(Date, 'now').mockImplementation(() => realNow() + clockSkewMs);
});
afterAll(() => {
  uninstall();
  vi.mocked(Date.now).mockRestore();
});

interface Po {
  poNo: string;
  title: string;
  amount: string;
  currency: string;
  status: string;
  dueDate: string;
}

const PO_ROWS: Po[] = [
  {
    poNo: 'PO2024-0001',
    title: '저항 1608 10kΩ',
    amount: '1234567',
    currency: 'KRW',
    status: 'SENT',
    dueDate: '20241130',
  },
  {
    poNo: 'PO2024-0002',
    title: 'MCU 32bit',
    amount: '98765.5',
    currency: 'JPY',
    status: 'APPROVED',
    dueDate: '2024-12-05',
  },
  { poNo: 'PO2024-0003', title: '포장 박스', amount: '5000', currency: 'KRW', status: 'DRAFT', dueDate: '2024-12-20' },
];

const COLUMNS: GridColumn[] = [
  { field: 'poNo', title: '발주번호', type: 'link', width: 130 },
  { field: 'title', title: '제목', type: 'text' },
  { field: 'amount', title: '금액', type: 'money', currencyField: 'currency' },
  {
    field: 'status',
    title: '상태',
    type: 'code',
    codeOptions: [
      { value: 'DRAFT', text: '작성중' },
      { value: 'APPROVED', text: '결재완료' },
      { value: 'SENT', text: '발주전송' },
    ],
  },
  { field: 'dueDate', title: '납기일', type: 'date' },
];

function grid(props: Partial<DataGridProps<Po>> = {}) {
  return (
    <DataGrid<Po>
      columns={COLUMNS}
      rowCount={PO_ROWS.length}
      getRow={(i) => PO_ROWS[i]}
      aria-label="발주 목록"
      {...props}
    />
  );
}

describe('DataGrid', () => {
  it('draws typed cells: money per row currency, code text, dates', async () => {
    renderWidget(grid());
    await waitFor(() => expect(gridRowTexts()).toHaveLength(3));
    expect(gridRowTexts()[0]).toEqual(['PO2024-0001', '저항 1608 10kΩ', '1,234,567', '발주전송', '2024-11-30']);
    expect(gridRowTexts()[1]).toEqual(['PO2024-0002', 'MCU 32bit', '98,766', '결재완료', '2024-12-05']);
    expect(gridHeaderTexts()).toEqual(['발주번호', '제목', '금액', '상태', '납기일']);
  });

  it('is 30 + 10 × 27 px high by default and takes a fixed height', () => {
    const { rerenderWidget } = renderWidget(grid());
    expect(screen.getByRole('region', { name: '발주 목록' })).toHaveStyle({ height: '300px' });
    rerenderWidget(grid({ height: 400 }));
    expect(screen.getByRole('region', { name: '발주 목록' })).toHaveStyle({ height: '400px' });
    rerenderWidget(grid({ totals: { amount: '1337332' } }));
    expect(screen.getByRole('region', { name: '발주 목록' })).toHaveStyle({ height: '327px' });
  });

  it('pulls only what it shows and draws rows not loaded yet as loading cells', async () => {
    const getRow = vi.fn((i: number) => (i < 2 ? PO_ROWS[i] : undefined));
    const onVisibleRangeChange = vi.fn();
    renderWidget(grid({ rowCount: 100_000, getRow, onVisibleRangeChange }));
    await waitFor(() => expect(onVisibleRangeChange).toHaveBeenCalled());
    const [start, end] = onVisibleRangeChange.mock.calls.at(-1)!;
    expect(start).toBe(0);
    expect(end).toBeGreaterThanOrEqual(10);
    expect(end).toBeLessThan(20);
    const asked = new Set(getRow.mock.calls.map(([i]) => i));
    expect(Math.max(...asked)).toBeLessThan(20);
    await waitFor(() => expect(gridRowTexts().length).toBeGreaterThan(2));
    const rows = gridRowTexts();
    expect(rows[0][0]).toBe('PO2024-0001');
    expect(rows[2]).toEqual(['', '', '', '', '']);
  });

  it('redraws rows that arrive later through ref.redraw (the lazy-loading contract)', async () => {
    const loaded = new Map<number, Po>();
    const handle = createRef<DataGridHandle>();
    const onVisibleRangeChange = vi.fn();
    renderWidget(
      <DataGrid<Po>
        ref={handle}
        columns={COLUMNS}
        rowCount={3}
        getRow={(i) => loaded.get(i)}
        onVisibleRangeChange={onVisibleRangeChange}
      />,
    );
    await waitFor(() => expect(onVisibleRangeChange).toHaveBeenCalledWith(0, 3));
    await waitFor(() => expect(gridRowTexts()).toHaveLength(3));
    expect(gridRowTexts()[0]).toEqual(['', '', '', '', '']);
    PO_ROWS.forEach((r, i) => loaded.set(i, r));
    act(() => handle.current!.redraw(0, 3));
    await waitFor(() => expect(gridRowTexts()[0][0]).toBe('PO2024-0001'));
  });

  it('cycles the sort on header clicks and never reorders rows itself', async () => {
    const seen: Array<GridSort | null> = [];
    function Sorted() {
      const [sort, setSort] = useState<GridSort | null>(null);
      return grid({
        sort,
        onSortChange: (s) => {
          seen.push(s);
          setSort(s);
        },
      });
    }
    renderWidget(<Sorted />);
    await waitFor(() => expect(gridRowTexts()).toHaveLength(3));
    clickGridRow(-1, { x: 150 }); // 제목 (the second column, from x 130)
    await waitFor(() => expect(gridHeaderTexts()[1]).toBe('제목 ▲'));
    clickGridRow(-1, { x: 150 });
    await waitFor(() => expect(gridHeaderTexts()[1]).toBe('제목 ▼'));
    clickGridRow(-1, { x: 150 });
    await waitFor(() => expect(gridHeaderTexts()[1]).toBe('제목'));
    expect(seen).toEqual([{ field: 'title', direction: 'asc' }, { field: 'title', direction: 'desc' }, null]);
    expect(gridRowTexts().map((r) => r[0])).toEqual(['PO2024-0001', 'PO2024-0002', 'PO2024-0003']);
  });

  it('does not sort a column marked sortable: false', async () => {
    const onSortChange = vi.fn();
    renderWidget(
      grid({ columns: COLUMNS.map((c) => (c.field === 'title' ? { ...c, sortable: false } : c)), onSortChange }),
    );
    await waitFor(() => expect(gridRowTexts()).toHaveLength(3));
    clickGridRow(-1, { x: 150 });
    expect(onSortChange).not.toHaveBeenCalled();
  });

  it(
    'sorts from the keyboard: Alt+S on a cell cycles its column as a header click does, the arrows still move (KWCAG 6.1.1)',
    { timeout: 30_000 },
    async () => {
      const seen: Array<GridSort | null> = [];
      function Sorted() {
        const [sort, setSort] = useState<GridSort | null>(null);
        return grid({
          columns: COLUMNS.map((c) => (c.field === 'amount' ? { ...c, sortable: false } : c)),
          sort,
          onSortChange: (s) => {
            seen.push(s);
            setSort(s);
          },
        });
      }
      renderWidget(<Sorted />);
      await waitFor(() => expect(gridRowTexts()).toHaveLength(3));
      const headers = () => [...document.querySelectorAll('table[role="grid"] th[role="columnheader"]')];
      // Screen readers hear the key with each sortable header; a column that does not sort has none.
      await waitFor(() => expect(headers()[1]).toHaveAttribute('aria-keyshortcuts', 'Alt+S'));
      expect(headers()[2]).not.toHaveAttribute('aria-keyshortcuts');
      const user = userEvent.setup();
      await user.tab();
      await waitFor(() => expect(document.activeElement).toHaveAttribute('id', 'glide-cell-0-0'));
      await user.keyboard('{ArrowRight}');
      await waitFor(() => expect(document.activeElement).toHaveAttribute('id', 'glide-cell-1-0'));
      await user.keyboard('{Alt>}s{/Alt}');
      await waitFor(() => expect(gridHeaderTexts()[1]).toBe('제목 ▲'));
      await waitFor(() => expect(headers()[1]).toHaveAttribute('aria-sort', 'ascending'));
      // A Korean IME reports the S key as ㄴ: the key's code still sorts.
      const korean = userEvent.setup({
        keyboardMap: [
          { code: 'AltLeft', key: 'Alt' },
          { code: 'KeyS', key: 'ㄴ' },
        ],
      });
      await korean.keyboard('{Alt>}[KeyS]{/Alt}');
      await waitFor(() => expect(gridHeaderTexts()[1]).toBe('제목 ▼'));
      await user.keyboard('{Alt>}s{/Alt}');
      await waitFor(() => expect(gridHeaderTexts()[1]).toBe('제목'));
      expect(seen).toEqual([{ field: 'title', direction: 'asc' }, { field: 'title', direction: 'desc' }, null]);
      // The focus stays on the cell and the arrows still move it; a column that does not sort ignores the key.
      expect(document.activeElement?.closest('[data-gpms-grid]')).not.toBeNull();
      await user.keyboard('{ArrowRight}');
      await waitFor(() => expect(document.activeElement).toHaveAttribute('id', 'glide-cell-2-0'));
      await user.keyboard('{Alt>}s{/Alt}');
      expect(seen).toHaveLength(3);
      expect(gridRowTexts().map((r) => r[0])).toEqual(['PO2024-0001', 'PO2024-0002', 'PO2024-0003']);
    },
  );

  it('single selection: a click selects the row, a double-click reports it', async () => {
    const onSelectionChange = vi.fn();
    const onRowDoubleClick = vi.fn();
    renderWidget(grid({ selection: 'single', readOnly: true, onSelectionChange, onRowDoubleClick }));
    await waitFor(() => expect(gridRowTexts()).toHaveLength(3));
    clickGridRow(1, { x: 200 });
    await waitFor(() => expect(onSelectionChange).toHaveBeenLastCalledWith([1]));
    expect(onRowDoubleClick).not.toHaveBeenCalled();
    letDoubleClickLapse();
    doubleClickGridRow(2, { x: 200 });
    await waitFor(() => expect(onRowDoubleClick).toHaveBeenCalledWith(PO_ROWS[2], 2));
  });

  it('single selection: the same row clicked again after the owner cleared the selection (a list reloaded) is selected again', async () => {
    const onSelectionChange = vi.fn();
    let clear = () => {};
    function Single() {
      const [rows, setRows] = useState<number[]>([]);
      clear = () => setRows([]);
      return grid({
        selection: 'single',
        readOnly: true,
        selectedRows: rows,
        onSelectionChange: (r) => {
          onSelectionChange(r);
          setRows(r);
        },
      });
    }
    renderWidget(<Single />);
    await waitFor(() => expect(gridRowTexts()).toHaveLength(3));
    clickGridRow(0, { x: 200 });
    await waitFor(() => expect(onSelectionChange).toHaveBeenLastCalledWith([0]));
    act(() => clear());
    onSelectionChange.mockClear();
    letDoubleClickLapse();
    clickGridRow(0, { x: 200 });
    await waitFor(() => expect(onSelectionChange).toHaveBeenLastCalledWith([0]));
  });

  it('reports a link click with the row and the field', async () => {
    const onLinkClick = vi.fn();
    renderWidget(grid({ onLinkClick }));
    await waitFor(() => expect(gridRowTexts()).toHaveLength(3));
    clickGridRow(0, { x: 40 });
    await waitFor(() => expect(onLinkClick).toHaveBeenCalledWith(PO_ROWS[0], 'poNo'));
  });

  it('reports a link clicked right after a button anywhere (조회), and not a second click on it within 500 ms', async () => {
    const onLinkClick = vi.fn();
    renderWidget(
      <>
        <button type="button">조회</button>
        {grid({ onLinkClick })}
      </>,
    );
    await waitFor(() => expect(gridRowTexts()).toHaveLength(3));
    // glide's own isDoubleClick is true for any mouse-up in the window less than 500 ms before.
    const search = screen.getByRole('button', { name: '조회' });
    fireEvent.mouseDown(search);
    fireEvent.mouseUp(search);
    clickGridRow(1, { x: 40 });
    await waitFor(() => expect(onLinkClick).toHaveBeenCalledWith(PO_ROWS[1], 'poNo'));
    clickGridRow(1, { x: 40 });
    // The sentinel: a click on another row's link once the lapse has passed is reported; the second click
    // above, handled before it, must not have been.
    letDoubleClickLapse();
    clickGridRow(2, { x: 40 });
    await waitFor(() => expect(onLinkClick).toHaveBeenCalledWith(PO_ROWS[2], 'poNo'));
    expect(onLinkClick.mock.calls).toEqual([
      [PO_ROWS[1], 'poNo'],
      [PO_ROWS[2], 'poNo'],
    ]);
  });

  it(
    'multi selection from the keyboard: Shift+Space checks the focused row, Alt+arrows move on keeping it, Shift+Space adds another (KWCAG 6.1.1)',
    { timeout: 30_000 },
    async () => {
      const onSelectionChange = vi.fn();
      function Multi() {
        const [rows, setRows] = useState<number[]>([]);
        return grid({
          selection: 'multi',
          selectedRows: rows,
          onSelectionChange: (r) => {
            onSelectionChange(r);
            setRows(r);
          },
        });
      }
      renderWidget(<Multi />);
      await waitFor(() => expect(gridRowTexts()).toHaveLength(3));
      const user = userEvent.setup();
      await user.tab();
      // The check bar is glide's column 0, so the first data cell is glide-cell-1-<row>.
      await waitFor(() => expect(document.activeElement).toHaveAttribute('id', 'glide-cell-1-0'));
      await user.keyboard('{Shift>} {/Shift}');
      await waitFor(() => expect(onSelectionChange).toHaveBeenLastCalledWith([0]));
      // glide's plain arrows drop the checked rows; Alt+arrows (its "retain selection" moves) keep them.
      await user.keyboard('{Alt>}{ArrowDown}{ArrowDown}{/Alt}');
      await waitFor(() => expect(document.activeElement).toHaveAttribute('id', 'glide-cell-1-2'));
      await user.keyboard('{Shift>} {/Shift}');
      await waitFor(() => expect(onSelectionChange.mock.calls).toEqual([[[0]], [[0, 2]]]));
    },
  );

  it('multi selection shows check bars; readOnly removes them (a click then selects one row)', async () => {
    const onSelectionChange = vi.fn();
    function Multi({ readOnly }: { readOnly: boolean }) {
      const [rows, setRows] = useState<number[]>([]);
      return grid({
        selection: 'multi',
        readOnly,
        selectedRows: rows,
        onSelectionChange: (r) => {
          onSelectionChange(r);
          setRows(r);
        },
      });
    }
    renderWidget(<Multi readOnly />);
    await waitFor(() => expect(gridRowTexts()).toHaveLength(3));
    expect(screen.getByRole('region', { name: '발주 목록' })).toHaveAttribute('data-row-marker-width', '0');
    // x = 18 is inside 발주번호 here: plain clicks replace the selection
    clickGridRow(0, { x: 18 });
    await waitFor(() => expect(onSelectionChange).toHaveBeenLastCalledWith([0]));
    letDoubleClickLapse();
    clickGridRow(2, { x: 18 });
    await waitFor(() => expect(onSelectionChange).toHaveBeenLastCalledWith([2]));
  });

  it('multi selection through the check bar reports every checked row', async () => {
    const onSelectionChange = vi.fn();
    function Multi() {
      const [rows, setRows] = useState<number[]>([]);
      return grid({
        selection: 'multi',
        selectedRows: rows,
        onSelectionChange: (r) => {
          onSelectionChange(r);
          setRows(r);
        },
      });
    }
    renderWidget(<Multi />);
    await waitFor(() => expect(gridRowTexts()).toHaveLength(3));
    expect(screen.getByRole('region', { name: '발주 목록' })).toHaveAttribute('data-row-marker-width', '36');
    // x = 18 is the check bar: clicks add rows
    clickGridRow(0, { x: 18 });
    await waitFor(() => expect(onSelectionChange).toHaveBeenLastCalledWith([0]));
    letDoubleClickLapse();
    clickGridRow(2, { x: 18 });
    await waitFor(() => expect(onSelectionChange.mock.calls).toEqual([[[0]], [[0, 2]]]));
  });

  it('shows the empty text when there are no rows', () => {
    renderWidget(grid({ rowCount: 0 }));
    expect(screen.getByRole('status')).toHaveTextContent('조회된 데이터가 없습니다.');
  });

  it('adds a frozen totals row labelled 합계', async () => {
    renderWidget(grid({ totals: { amount: '1337332.5' } }));
    await waitFor(() => expect(gridRowTexts()).toHaveLength(4));
    expect(gridRowTexts()[3]).toEqual(['합계', '', '1,337,333', '', '']);
  });

  it('edits an editable cell and reports the parsed value; readOnly disables editing', async () => {
    const onCellEdit = vi.fn();
    const editable = COLUMNS.map((c) => (c.field === 'amount' ? { ...c, editable: true, width: 120 } : c));
    const { rerenderWidget } = renderWidget(grid({ columns: editable, onCellEdit }));
    await waitFor(() => expect(gridRowTexts()).toHaveLength(3));
    // 금액 starts at x = 130 (발주번호) + 140 (제목)
    doubleClickGridRow(0, { x: 300 });
    const editor = await waitFor(() => {
      const el = document.querySelector<HTMLTextAreaElement>('#portal textarea, #portal input');
      expect(el).not.toBeNull();
      return el!;
    });
    await userEvent.clear(editor);
    await userEvent.type(editor, '2,500,000{Enter}');
    await waitFor(() => expect(onCellEdit).toHaveBeenCalledWith(0, 'amount', '2500000'));

    onCellEdit.mockClear();
    // Read-only, the double click activates the row instead of opening an editor: the activation is the
    // sentinel that the double click was handled.
    const onRowDoubleClick = vi.fn();
    rerenderWidget(grid({ columns: editable, onCellEdit, onRowDoubleClick, readOnly: true }));
    letDoubleClickLapse();
    doubleClickGridRow(1, { x: 300 });
    await waitFor(() => expect(onRowDoubleClick).toHaveBeenCalledWith(PO_ROWS[1], 1));
    expect(document.querySelector('#portal textarea, #portal input')).toBeNull();
    expect(onCellEdit).not.toHaveBeenCalled();
  });

  it("names glide's accessibility table, counts every row, states the sort and the selection mode", async () => {
    const { rerenderWidget } = renderWidget(
      grid({ rowCount: 500, sort: { field: 'amount', direction: 'desc' }, selection: 'single' }),
    );
    const table = await waitFor(() => {
      const t = document.querySelector('table[role="grid"]');
      expect(t).toHaveAttribute('aria-label', '발주 목록');
      return t!;
    });
    // The header row plus every row of the result, not only those on screen.
    expect(table).toHaveAttribute('aria-rowcount', '501');
    expect(table).toHaveAttribute('aria-multiselectable', 'false');
    const headers = Array.from(table.querySelectorAll('th'));
    expect(headers[2]).toHaveAttribute('aria-sort', 'descending');
    expect(headers[2]).toHaveAttribute('aria-label', '금액');
    expect(headers[0]).not.toHaveAttribute('aria-sort');
    rerenderWidget(grid({ rowCount: 500, sort: { field: 'poNo', direction: 'asc' }, selection: 'multi' }));
    await waitFor(() => expect(table.querySelector('th')).toHaveAttribute('aria-sort', 'ascending'));
    expect(table.querySelectorAll('th')[2]).not.toHaveAttribute('aria-sort');
    expect(table).toHaveAttribute('aria-multiselectable', 'true');
  });

  it(
    'moves focus cell by cell with the arrows, marks the chosen row selected, and edits from the keyboard: Enter opens, Escape cancels, Enter commits',
    { timeout: 30_000 },
    async () => {
      const onCellEdit = vi.fn();
      const editable = COLUMNS.map((c) => (c.field === 'title' ? { ...c, editable: true } : c));
      renderWidget(grid({ columns: editable, onCellEdit, selection: 'single' }));
      await waitFor(() => expect(gridRowTexts()).toHaveLength(3));
      const user = userEvent.setup();
      // Tab reaches the grid, which puts focus on its first cell.
      await user.tab();
      await waitFor(() => expect(document.activeElement).toHaveAttribute('id', 'glide-cell-0-0'));
      await user.keyboard('{ArrowDown}{ArrowRight}');
      await waitFor(() => expect(document.activeElement).toHaveAttribute('id', 'glide-cell-1-1'));
      expect(document.activeElement).toHaveTextContent('MCU 32bit');
      expect(document.activeElement?.closest('tr')).toHaveAttribute('aria-selected', 'true');
      // Escape leaves the cell as it was.
      await user.keyboard('{Enter}');
      const editor = await waitFor(() => {
        const el = document.querySelector<HTMLTextAreaElement>('#portal textarea');
        expect(el).not.toBeNull();
        return el!;
      });
      expect(editor).toHaveAttribute('aria-label', '제목');
      await user.keyboard('{Control>}a{/Control}버려질 값{Escape}');
      await waitFor(() => expect(document.querySelector('#portal textarea')).toBeNull());
      expect(onCellEdit).not.toHaveBeenCalled();
      // Enter opens the editor again and Enter commits.
      await waitFor(() => expect(document.activeElement?.closest('[data-gpms-grid]')).not.toBeNull());
      await user.keyboard('{Enter}');
      await waitFor(() => expect(document.querySelector('#portal textarea')).not.toBeNull());
      await user.keyboard('{Control>}a{/Control}MCU 64bit{Enter}');
      await waitFor(() => expect(onCellEdit).toHaveBeenCalledWith(1, 'title', 'MCU 64bit'));
    },
  );

  it(
    'Tab into a grid that arrives with a chosen row puts the focus on that row, so the arrows work (a popup)',
    { timeout: 30_000 },
    async () => {
      renderWidget(grid({ selection: 'single', selectedRows: [1], readOnly: true }));
      await waitFor(() => expect(gridRowTexts()).toHaveLength(3));
      const user = userEvent.setup();
      await user.tab();
      await waitFor(() => expect(document.activeElement).toHaveAttribute('id', 'glide-cell-0-1'));
      await user.keyboard('{ArrowDown}');
      await waitFor(() => expect(document.activeElement).toHaveAttribute('id', 'glide-cell-0-2'));
    },
  );

  it('creates the #portal glide needs for its editor', () => {
    document.getElementById('portal')?.remove();
    renderWidget(grid());
    expect(document.getElementById('portal')).not.toBeNull();
  });
});
