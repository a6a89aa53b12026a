import type { Meta, StoryObj } from '@storybook/react-vite';
import { useCallback, useRef, useState } from 'react';
import { expect, waitFor } from 'storybook/test';
import { clickGridRowAsync, gridHeaderTexts, gridRowTexts } from '../testing/grid-pointer';
import { FIXTURE_CODES } from '../testing/fixture-services';
import { withWidgets } from '../testing/story-decorators';
import { DataGrid, type DataGridHandle, type GridColumn, type GridSort } from './data-grid';

interface PoLine {
  poNo: string;
  compName: string;
  itemName: string;
  qty: number;
  price: string;
  amount: string;
  currency: 'KRW' | 'JPY';
  status: string;
  dueDate: string;
  urgent: string;
}

const COMPANIES = ['㈜한빛정밀', '대성전자 주식회사', '(주)동양포장', '세진금속㈜', '미래테크', '우진산업(주)'];
const ITEMS = [
  '저항 1608 10kΩ',
  'MCU 32bit ARM',
  '볼트 M8×30',
  '골판지 박스 A형',
  '안전장갑 (L)',
  '알루미늄 판재 2T',
  'PCB 4층 기판',
];
const STATUSES = FIXTURE_CODES.PO_STATUS.map((c) => c.value);

/** A deterministic order line for position `i` (what a server page would return). */
function poLine(i: number): PoLine {
  const currency = i % 7 === 3 ? 'JPY' : 'KRW';
  const qty = ((i * 37) % 480) + 20;
  const price = currency === 'JPY' ? String(((i * 13) % 900) + 100) : String((((i * 131) % 9000) + 1000) * 10);
  const day = (i % 28) + 1;
  return {
    poNo: `PO2024-${String(i + 1).padStart(6, '0')}`,
    compName: COMPANIES[i % COMPANIES.length],
    itemName: ITEMS[(i * 3) % ITEMS.length],
    qty,
    price,
    amount: String(qty * Number(price)),
    currency,
    status: STATUSES[i % STATUSES.length],
    dueDate: `2024-${String((i % 12) + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
    urgent: i % 5 === 0 ? 'Y' : 'N',
  };
}

const COLUMNS: GridColumn[] = [
  { field: 'poNo', title: '발주번호', type: 'link', width: 140 },
  { field: 'compName', title: '협력사', type: 'text', width: 150 },
  { field: 'itemName', title: '품명', type: 'text', width: 160 },
  { field: 'qty', title: '수량', type: 'number', width: 80 },
  { field: 'price', title: '단가', type: 'money', currencyField: 'currency', width: 100 },
  { field: 'amount', title: '금액', type: 'money', currencyField: 'currency', width: 120 },
  { field: 'currency', title: '통화', type: 'text', width: 60, align: 'center', sortable: false },
  {
    field: 'status',
    title: '상태',
    type: 'code',
    width: 90,
    codeOptions: FIXTURE_CODES.PO_STATUS as GridColumn['codeOptions'],
  },
  { field: 'dueDate', title: '납기일', type: 'date', width: 100 },
  { field: 'urgent', title: '긴급', type: 'checkbox', width: 56, sortable: false },
];

const PAGE = 100;

/**
 * How the engine is meant to drive the grid: rows are pulled through getRow; the visible range
 * asks for pages; a loaded page is drawn through the ref's redraw(); a sort change drops the
 * cache and the "server" answers in the new order.
 */
function LazyGrid({
  rowCount,
  latencyMs,
  readOnly,
  selection,
}: {
  rowCount: number;
  latencyMs: number;
  readOnly?: boolean;
  selection?: 'none' | 'single' | 'multi';
}) {
  const grid = useRef<DataGridHandle>(null);
  const cache = useRef(new Map<number, PoLine>());
  const pending = useRef(new Set<number>());
  const range = useRef<[number, number]>([0, 0]);
  const sortRef = useRef<GridSort | null>(null);
  const [sort, setSort] = useState<GridSort | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const [log, setLog] = useState('');

  const load = useCallback(
    (start: number, end: number) => {
      for (let page = Math.floor(start / PAGE); page * PAGE < end; page++) {
        if (pending.current.has(page) || cache.current.has(page * PAGE)) continue;
        pending.current.add(page);
        const order = sortRef.current;
        setTimeout(() => {
          pending.current.delete(page);
          if (order !== sortRef.current) return;
          for (let i = page * PAGE; i < Math.min(rowCount, (page + 1) * PAGE); i++) {
            const source = order?.direction === 'desc' ? rowCount - 1 - i : i;
            cache.current.set(i, poLine(source));
          }
          grid.current?.redraw(page * PAGE, (page + 1) * PAGE);
        }, latencyMs);
      }
    },
    [rowCount, latencyMs],
  );

  const getRow = useCallback((i: number) => cache.current.get(i), []);

  return (
    <div style={{ display: 'grid', gap: 8 }}>
      <DataGrid<PoLine>
        ref={grid}
        aria-label="발주 목록"
        columns={COLUMNS}
        rowCount={rowCount}
        getRow={getRow}
        readOnly={readOnly}
        selection={selection}
        selectedRows={selected}
        onSelectionChange={setSelected}
        sort={sort}
        onSortChange={(s) => {
          sortRef.current = s;
          cache.current.clear();
          pending.current.clear();
          setSort(s);
          load(range.current[0], range.current[1]);
          grid.current?.redraw();
        }}
        onVisibleRangeChange={(start, end) => {
          range.current = [start, end];
          load(start, end);
        }}
        onLinkClick={(row) => setLog(`발주번호 링크: ${row.poNo}`)}
        onRowDoubleClick={(row, index) => setLog(`더블클릭: ${index + 1}행 ${row.poNo}`)}
        totals={{ qty: '1234567', amount: '98765432100' }}
      />
      <div style={{ fontSize: 13, color: '#5b6778' }}>
        {rowCount.toLocaleString('ko-KR')}건 · 정렬 {sort ? `${sort.field} ${sort.direction}` : '없음'} · 선택{' '}
        {selected.length}건 {log && `· ${log}`}
      </div>
    </div>
  );
}

const meta = {
  title: 'Widgets/DataGrid',
  decorators: [withWidgets],
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** 100,000 rows, pulled page by page (100 rows, 300 ms); header clicks sort on the "server". */
export const LazyHundredThousandRows: Story = {
  render: () => <LazyGrid rowCount={100_000} latencyMs={300} selection="multi" />,
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(gridRowTexts(canvasElement)[0]?.[0]).toBe('PO2024-000001'));
    await clickGridRowAsync(-1, { root: canvasElement, x: 36 + 60 });
    await waitFor(() => expect(gridHeaderTexts(canvasElement)[0]).toBe('발주번호 ▲'));
    await clickGridRowAsync(-1, { root: canvasElement, x: 36 + 60 });
    await waitFor(() => expect(gridHeaderTexts(canvasElement)[0]).toBe('발주번호 ▼'));
    await waitFor(() => expect(gridRowTexts(canvasElement)[0]?.[0]).toBe('PO2024-100000'));
  },
};

/** Read-only: no check bars, no edit styling; a click selects a row. */
export const ReadOnly: Story = {
  render: () => <LazyGrid rowCount={250} latencyMs={0} readOnly selection="single" />,
};

function EditableGrid() {
  const [rows, setRows] = useState(() => Array.from({ length: 6 }, (_, i) => poLine(i)));
  const columns: GridColumn[] = COLUMNS.map((c) =>
    ['qty', 'price', 'status', 'dueDate', 'urgent'].includes(c.field) ? { ...c, editable: true } : c,
  );
  const total = rows.reduce((sum, r) => sum + r.qty, 0);
  return (
    <DataGrid<PoLine>
      aria-label="발주 품목 편집"
      columns={columns}
      rowCount={rows.length}
      getRow={(i) => rows[i]}
      visibleRows={6}
      selection="multi"
      onCellEdit={(index, field, value) =>
        setRows((list) => list.map((r, i) => (i === index ? { ...r, [field]: value } : r)))
      }
      totals={{ qty: total }}
    />
  );
}

/** Editable columns (수량, 단가, 상태, 납기일, 긴급) are tinted; double-click or type to edit. */
export const Editable: Story = {
  render: () => <EditableGrid />,
};

/** No rows. */
export const Empty: Story = {
  render: () => <DataGrid aria-label="빈 목록" columns={COLUMNS} rowCount={0} getRow={() => undefined} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('조회된 데이터가 없습니다.');
  },
};
