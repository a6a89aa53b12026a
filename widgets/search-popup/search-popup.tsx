import { Fragment, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { WidgetButton } from '../common/button';
import popupStyles from '../common/popup.module.css';
import { PopupGrid } from '../common/popup-grid';
import { useServiceCall } from '../common/use-service-call';
import type { GridColumn } from '../data-grid/grid-model';
import { useWidgetText, type WidgetTextKey } from '../i18n';
import { Modal } from '../modal/modal';
import { useDialogs } from '../modal/modal-context';
import { TextInput } from '../text-input/text-input';

/** The keys of the filters whose value is text. */
type TextKey<F> = { [K in keyof F]: F[K] extends string ? K : never }[keyof F];

/** A text filter: a labelled input; Enter in it searches. The first one is focused on opening. */
interface SearchTextFilter<F> {
  field: TextKey<F>;
  label: WidgetTextKey;
  width: number;
  /** Length limits as TextInput counts them (bytes or characters). */
  maxlength?: number;
  maxRealLength?: number;
}

/** Any other filter (a select, a section field): drawn by the popup that needs it. */
interface SearchCustomFilter<F> {
  render: (filters: F, set: (patch: Partial<F>) => void) => ReactNode;
}

export type SearchFilter<F> = SearchTextFilter<F> | SearchCustomFilter<F>;

/** A read-only column of the result (popup grids never sort). */
export interface SearchColumn {
  field: string;
  title: WidgetTextKey;
  width: number;
  type?: 'text' | 'number';
  align?: 'left' | 'right' | 'center';
}

export interface SearchPopupProps<Row extends object, F extends object> {
  open: boolean;
  title: WidgetTextKey;
  width: number;
  /** The filter bar, left to right; empty: no bar and no 조회 (the popup only shows its opening search). */
  filters: readonly SearchFilter<F>[];
  /** The filters' values on opening. */
  initial: F;
  /** The search, with every text filter trimmed. */
  search: (filters: F) => Promise<readonly Row[]>;
  columns: readonly SearchColumn[];
  /** Shown in the empty grid before the first search. */
  prompt?: WidgetTextKey;
  /** The grid's accessible name; default the title. */
  gridLabel?: WidgetTextKey;
  gridHeight?: number;
  /**
   * Search with `initial` on opening: 'visible' shows the popup meanwhile; 'hidden' shows nothing
   * until the answer comes, and closes the popup if it fails (nothing was ever shown).
   */
  searchOnOpen?: 'visible' | 'hidden';
  /** When the FIRST search finds exactly one row, it is chosen without showing the grid (spec §2). */
  chooseSingleFirst?: boolean;
  /** A message refusing the search (shown in an alert, nothing sent), or null. */
  validate?: (filters: F) => string | null;
  /** Each result row as it is shown and chosen (e.g. a formatted business number). */
  prepareRow?: (row: Row) => Row;
  onChoose: (row: Row) => void;
  onClose: () => void;
}

const isText = <F,>(filter: SearchFilter<F>): filter is SearchTextFilter<F> => 'field' in filter;

function trimmed<F extends object>(filters: F): F {
  return Object.fromEntries(Object.entries(filters).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v])) as F;
}

/**
 * The search popups' one body (spec §2 popups): a filter bar (조회 and Enter search), a 400 px
 * single-row grid, 취소 and 선택 (disabled with no rows); a double-click, or Enter on the grid,
 * chooses. Each popup (company, person, department, business section, item, agreement line) is a
 * configuration of it: its filters, columns, width, whether it searches on opening and whether a
 * single first result is chosen at once.
 */
export function SearchPopup<Row extends object, F extends object>(props: SearchPopupProps<Row, F>) {
  return props.open ? <SearchPopupSession {...props} /> : null;
}

function SearchPopupSession<Row extends object, F extends object>({
  title,
  width,
  filters: filterBar,
  initial,
  search,
  columns,
  prompt,
  gridLabel,
  gridHeight,
  searchOnOpen,
  chooseSingleFirst = false,
  validate,
  prepareRow,
  onChoose,
  onClose,
}: SearchPopupProps<Row, F>) {
  const t = useWidgetText();
  const call = useServiceCall();
  const { alert } = useDialogs();
  const [filters, setFilters] = useState<F>(initial);
  // null: the hidden opening search has not answered yet, so nothing is drawn.
  const [rows, setRows] = useState<Row[] | null>(searchOnOpen === 'hidden' ? null : []);
  const [selected, setSelected] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [searched, setSearched] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const first = useRef(true);
  const latest = useRef({ search, onChoose, onClose, prepareRow });
  const opening = useRef({ initial, searchOnOpen });

  useEffect(() => {
    latest.current = { search, onChoose, onClose, prepareRow };
  });

  const show = (list: readonly Row[]) => {
    const { prepareRow: prepare, onChoose: choose } = latest.current;
    const shown = prepare ? list.map(prepare) : [...list];
    const wasFirst = first.current;
    first.current = false;
    if (chooseSingleFirst && wasFirst && shown.length === 1) {
      choose(shown[0]);
      return;
    }
    setSearched(true);
    setRows(shown);
    setSelected(shown.length > 0 ? 0 : null);
  };
  const showRef = useRef(show);
  useEffect(() => {
    showRef.current = show;
  });

  useEffect(() => {
    const { initial: given, searchOnOpen: mode } = opening.current;
    if (!mode) return;
    let live = true;
    void call(() => latest.current.search(trimmed(given))).then((result) => {
      if (!live) return;
      if (result.ok) showRef.current(result.value);
      else if (mode === 'hidden') latest.current.onClose();
    });
    return () => {
      live = false;
    };
  }, [call]);

  const runSearch = async () => {
    const refusal = validate?.(filters);
    if (refusal) {
      await alert(refusal);
      inputRef.current?.focus();
      return;
    }
    setBusy(true);
    const result = await call(() => search(trimmed(filters)));
    setBusy(false);
    if (result.ok) show(result.value);
  };

  const gridColumns = useMemo<GridColumn[]>(
    () => columns.map((c) => ({ ...c, title: t(c.title), type: c.type ?? 'text', sortable: false })),
    [columns, t],
  );

  if (rows === null) return null;
  const chosen = selected !== null ? rows[selected] : undefined;
  const set = (patch: Partial<F>) => setFilters((f) => ({ ...f, ...patch }));
  const firstText = filterBar.find(isText);
  return (
    <Modal
      open
      title={t(title)}
      onClose={onClose}
      width={width}
      initialFocusRef={firstText ? inputRef : undefined}
      footer={
        <>
          <WidgetButton onClick={onClose}>{t('cancel')}</WidgetButton>
          <WidgetButton variant="primary" disabled={!chosen} onClick={() => chosen && onChoose(chosen)}>
            {t('choose')}
          </WidgetButton>
        </>
      }
    >
      {filterBar.length > 0 && (
        <div className={popupStyles.filters}>
          {filterBar.map((filter, i) =>
            isText(filter) ? (
              <TextInput
                key={String(filter.field)}
                inputRef={filter === firstText ? inputRef : undefined}
                label={t(filter.label)}
                value={filters[filter.field] as string}
                onChange={(v) => set({ [filter.field]: v } as Partial<F>)}
                onEnter={() => void runSearch()}
                maxlength={filter.maxlength}
                maxRealLength={filter.maxRealLength}
                showCounter={false}
                width={filter.width}
              />
            ) : (
              <Fragment key={i}>{filter.render(filters, set)}</Fragment>
            ),
          )}
          <WidgetButton
            variant="primary"
            className={popupStyles.searchButton}
            disabled={busy}
            onClick={() => void runSearch()}
          >
            {t('search')}
          </WidgetButton>
        </div>
      )}
      <PopupGrid
        rows={rows}
        columns={gridColumns}
        selected={selected}
        onSelect={setSelected}
        onChoose={onChoose}
        label={t(gridLabel ?? title)}
        height={gridHeight}
        emptyText={searched || !prompt ? undefined : t(prompt)}
      />
    </Modal>
  );
}
