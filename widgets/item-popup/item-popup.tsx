import { useMemo } from 'react';
import { useWidgetText } from '../i18n';
import { SearchPopup, type SearchColumn, type SearchFilter } from '../search-popup/search-popup';
import { Select } from '../select/select';
import type { CodeOption } from '../services';

/** An item of the master as the popup lists it (operation listItems). */
export interface ItemRow {
  itemCode: string;
  itemName: string;
  spec: string | null;
  unitCode: string;
  catCode?: string;
  catName?: string;
  sgCode?: string;
  sgName?: string;
  refPrice?: string;
  currency?: string;
  maker?: string | null;
}

export interface ItemFilters {
  catCode: string;
  itemName: string;
  spec: string;
  itemCode: string;
}

export interface ItemPopupProps {
  open: boolean;
  /** The search (the engine calls the definition's operation with these filters as query parameters). */
  search: (filters: ItemFilters) => Promise<ItemRow[]>;
  /** The category filter's choices; without them the filter is left out. */
  categories?: readonly CodeOption[];
  /** Initial filters; when any is given they are searched on opening. */
  initial?: Partial<ItemFilters>;
  onChoose: (item: ItemRow) => void;
  onClose: () => void;
}

const EMPTY: ItemFilters = { catCode: '', itemName: '', spec: '', itemCode: '' };

const TEXT_FILTERS: readonly SearchFilter<ItemFilters>[] = [
  { field: 'itemName', label: 'itemName', maxRealLength: 200, width: 150 },
  { field: 'spec', label: 'itemSpec', maxRealLength: 300, width: 130 },
  { field: 'itemCode', label: 'itemCode', maxRealLength: 20, width: 120 },
];

const COLUMNS: readonly SearchColumn[] = [
  { field: 'itemCode', title: 'itemCode', width: 120, align: 'center' },
  { field: 'itemName', title: 'itemName', width: 180 },
  { field: 'spec', title: 'itemSpec', width: 180 },
  { field: 'unitCode', title: 'itemUnit', width: 60, align: 'center' },
  { field: 'catName', title: 'itemCategory', width: 110 },
];

/**
 * Item search popup (spec §2 popups): filters 품목분류, 품목명, 규격, 품목코드; 조회 and Enter
 * search; a 400 px single-row grid; a double-click chooses; 선택 disabled with no rows; when
 * the first search finds exactly one item it is chosen without showing the grid.
 */
export function ItemPopup({ open, search, categories, initial, onChoose, onClose }: ItemPopupProps) {
  const t = useWidgetText();
  const filters = useMemo<readonly SearchFilter<ItemFilters>[]>(
    () =>
      categories
        ? [
            {
              render: (f, set) => (
                <Select
                  label={t('itemCategory')}
                  value={f.catCode}
                  onChange={(catCode) => set({ catCode })}
                  options={categories}
                  empty="all"
                  width={150}
                />
              ),
            },
            ...TEXT_FILTERS,
          ]
        : TEXT_FILTERS,
    [categories, t],
  );
  const given = { ...EMPTY, ...initial };
  return (
    <SearchPopup<ItemRow, ItemFilters>
      open={open}
      title="itemTitle"
      width={720}
      filters={filters}
      initial={given}
      search={search}
      searchOnOpen={Object.values(given).some((v) => v.trim() !== '') ? 'visible' : undefined}
      chooseSingleFirst
      columns={COLUMNS}
      prompt="itemPrompt"
      onChoose={onChoose}
      onClose={onClose}
    />
  );
}
