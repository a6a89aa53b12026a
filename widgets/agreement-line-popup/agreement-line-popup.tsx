import { useMemo, useRef, useState } from 'react';
import { WidgetButton } from '../common/button';
import popupStyles from '../common/popup.module.css';
import { PopupGrid } from '../common/popup-grid';
import { useServiceCall } from '../common/use-service-call';
import type { GridColumn } from '../data-grid/grid-model';
import { useWidgetText } from '../i18n';
import { Modal } from '../modal/modal';
import { TextInput } from '../text-input/text-input';

/** A line of a framework agreement valid today, as the popup lists it. */
export interface AgreementLineRow {
  agreementNo: string;
  lineNo: number;
  compNo: string;
  compNameKr: string;
  itemCode: string | null;
  itemName: string;
  unitCode: string;
  unitPrice: string;
  currency: string;
  remainingQty: string | null;
  validTo: string;
}

export interface AgreementLineFilters {
  agreementNo: string;
  compName: string;
  itemName: string;
}

export interface AgreementLinePopupProps {
  open: boolean;
  /** The search: the lines of the agreements valid today matching the filters (empty ones: any). */
  search: (filters: AgreementLineFilters) => Promise<AgreementLineRow[]>;
  onChoose: (line: AgreementLineRow) => void;
  onClose: () => void;
}

/**
 * Agreement-line popup: filters 계약번호, 협력사, 품목명; 조회 and Enter search; a grid of the valid
 * agreements' lines (계약번호, 줄, 협력사, 품목, 단위, 계약 단가, 잔여 수량, 유효기간); a double-click or
 * 선택 chooses the line, whose agreement and line number (and item and price) fill the caller's row.
 */
export function AgreementLinePopup(props: AgreementLinePopupProps) {
  return props.open ? <AgreementLinePopupSession {...props} /> : null;
}

function AgreementLinePopupSession({ search, onChoose, onClose }: AgreementLinePopupProps) {
  const t = useWidgetText();
  const call = useServiceCall();
  const [filters, setFilters] = useState<AgreementLineFilters>({ agreementNo: '', compName: '', itemName: '' });
  const [rows, setRows] = useState<AgreementLineRow[]>([]);
  const [selected, setSelected] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [searched, setSearched] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  const runSearch = async () => {
    setBusy(true);
    const result = await call(() =>
      search({
        agreementNo: filters.agreementNo.trim(),
        compName: filters.compName.trim(),
        itemName: filters.itemName.trim(),
      }),
    );
    setBusy(false);
    if (!result.ok) return;
    setSearched(true);
    setRows(result.value);
    setSelected(result.value.length > 0 ? 0 : null);
  };

  const columns = useMemo<GridColumn[]>(
    () => [
      { field: 'agreementNo', title: t('agreementNo'), type: 'text', width: 120, sortable: false, align: 'center' },
      { field: 'lineNo', title: t('agreementLineNo'), type: 'number', width: 50, sortable: false },
      { field: 'compNameKr', title: t('agreementSupplier'), type: 'text', width: 150, sortable: false },
      { field: 'itemName', title: t('itemName'), type: 'text', width: 180, sortable: false },
      { field: 'unitCode', title: t('itemUnit'), type: 'text', width: 50, sortable: false, align: 'center' },
      { field: 'unitPrice', title: t('agreementUnitPrice'), type: 'number', width: 100, sortable: false },
      { field: 'remainingQty', title: t('agreementRemaining'), type: 'number', width: 90, sortable: false },
      { field: 'validTo', title: t('agreementValidTo'), type: 'text', width: 100, sortable: false, align: 'center' },
    ],
    [t],
  );

  const set = (k: keyof AgreementLineFilters) => (v: string) => setFilters((f) => ({ ...f, [k]: v }));
  const chosen = selected !== null ? rows[selected] : undefined;
  return (
    <Modal
      open
      title={t('agreementLineTitle')}
      onClose={onClose}
      width={920}
      initialFocusRef={inputRef}
      footer={
        <>
          <WidgetButton onClick={onClose}>{t('cancel')}</WidgetButton>
          <WidgetButton variant="primary" disabled={!chosen} onClick={() => chosen && onChoose(chosen)}>
            {t('choose')}
          </WidgetButton>
        </>
      }
    >
      <div className={popupStyles.filters}>
        <TextInput
          inputRef={inputRef}
          label={t('agreementNo')}
          value={filters.agreementNo}
          onChange={set('agreementNo')}
          onEnter={() => void runSearch()}
          maxlength={20}
          showCounter={false}
          width={140}
        />
        <TextInput
          label={t('agreementSupplier')}
          value={filters.compName}
          onChange={set('compName')}
          onEnter={() => void runSearch()}
          maxlength={100}
          showCounter={false}
          width={160}
        />
        <TextInput
          label={t('itemName')}
          value={filters.itemName}
          onChange={set('itemName')}
          onEnter={() => void runSearch()}
          maxlength={200}
          showCounter={false}
          width={180}
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
        label={t('agreementLineTitle')}
        emptyText={searched ? undefined : t('agreementLinePrompt')}
      />
    </Modal>
  );
}
