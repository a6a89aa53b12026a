import { useEffect, useMemo, useRef, useState } from 'react';
import { WidgetButton } from '../common/button';
import popupStyles from '../common/popup.module.css';
import { PopupGrid } from '../common/popup-grid';
import { useServiceCall } from '../common/use-service-call';
import type { GridColumn } from '../data-grid/grid-model';
import { useWidgetText } from '../i18n';
import { Modal } from '../modal/modal';
import { Select } from '../select/select';
import type { CodeOption } from '../services';
import { TextInput } from '../text-input/text-input';

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

/**
 * Item search popup (spec §2 popups): filters 품목분류, 품목명, 규격, 품목코드; 조회 and Enter
 * search; a 400 px single-row grid; a double-click chooses; 선택 disabled with no rows; when
 * the first search finds exactly one item it is chosen without showing the grid.
 */
export function ItemPopup(props: ItemPopupProps) {
  return props.open ? <ItemPopupSession {...props} /> : null;
}

function ItemPopupSession({ search, categories, initial, onChoose, onClose }: ItemPopupProps) {
  const t = useWidgetText();
  const call = useServiceCall();
  const [filters, setFilters] = useState<ItemFilters>({ ...EMPTY, ...initial });
  const [rows, setRows] = useState<ItemRow[]>([]);
  const [selected, setSelected] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [searched, setSearched] = useState(false);
  const first = useRef(true);
  const inputRef = useRef<HTMLInputElement>(null);
  const start = useRef({ initial, search, onChoose });

  const show = (list: ItemRow[]) => {
    const wasFirst = first.current;
    first.current = false;
    if (wasFirst && list.length === 1) {
      start.current.onChoose(list[0]);
      return;
    }
    setSearched(true);
    setRows(list);
    setSelected(list.length > 0 ? 0 : null);
  };

  useEffect(() => {
    const { initial: init, search: run } = start.current;
    const given = { ...EMPTY, ...init };
    if (!Object.values(given).some((v) => v.trim() !== '')) return;
    let live = true;
    void call(() => run(given)).then((result) => {
      if (live && result.ok) show(result.value);
    });
    return () => {
      live = false;
    };
  }, [call]);

  const runSearch = async () => {
    setBusy(true);
    const result = await call(() =>
      search({
        catCode: filters.catCode,
        itemName: filters.itemName.trim(),
        spec: filters.spec.trim(),
        itemCode: filters.itemCode.trim(),
      }),
    );
    setBusy(false);
    if (result.ok) show(result.value);
  };
  const set = (key: keyof ItemFilters) => (v: string) => setFilters((f) => ({ ...f, [key]: v }));

  const columns = useMemo<GridColumn[]>(
    () => [
      { field: 'itemCode', title: t('itemCode'), type: 'text', width: 120, sortable: false, align: 'center' },
      { field: 'itemName', title: t('itemName'), type: 'text', width: 180, sortable: false },
      { field: 'spec', title: t('itemSpec'), type: 'text', width: 180, sortable: false },
      { field: 'unitCode', title: t('itemUnit'), type: 'text', width: 60, sortable: false, align: 'center' },
      { field: 'catName', title: t('itemCategory'), type: 'text', width: 110, sortable: false },
    ],
    [t],
  );

  const chosen = selected !== null ? rows[selected] : undefined;
  return (
    <Modal
      open
      title={t('itemTitle')}
      onClose={onClose}
      width={720}
      initialFocusRef={inputRef}
      footer={
        <>
          <WidgetButton onClick={onClose}>{t('cancel')}</WidgetButton>
          <WidgetButton
            variant="primary"
            disabled={rows.length === 0 || !chosen}
            onClick={() => chosen && onChoose(chosen)}
          >
            {t('choose')}
          </WidgetButton>
        </>
      }
    >
      <div className={popupStyles.filters}>
        {categories && (
          <Select
            label={t('itemCategory')}
            value={filters.catCode}
            onChange={set('catCode')}
            options={categories}
            empty="all"
            width={150}
          />
        )}
        <TextInput
          inputRef={inputRef}
          label={t('itemName')}
          value={filters.itemName}
          onChange={set('itemName')}
          onEnter={() => void runSearch()}
          maxRealLength={200}
          showCounter={false}
          width={150}
        />
        <TextInput
          label={t('itemSpec')}
          value={filters.spec}
          onChange={set('spec')}
          onEnter={() => void runSearch()}
          maxRealLength={300}
          showCounter={false}
          width={130}
        />
        <TextInput
          label={t('itemCode')}
          value={filters.itemCode}
          onChange={set('itemCode')}
          onEnter={() => void runSearch()}
          maxRealLength={20}
          showCounter={false}
          width={120}
        />
        <WidgetButton
          variant="primary"
          className={popupStyles.searchButton}
          disabled={busy}
          onClick={() => void runSearch()}
        >
          {t('search')}
        </WidgetButton>
      </div>
      <PopupGrid
        rows={rows}
        columns={columns}
        selected={selected}
        onSelect={setSelected}
        onChoose={onChoose}
        label={t('itemTitle')}
        emptyText={searched ? undefined : t('itemPrompt')}
      />
    </Modal>
  );
}
