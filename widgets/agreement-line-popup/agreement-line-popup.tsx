import { SearchPopup, type SearchColumn, type SearchFilter } from '../search-popup/search-popup';

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

const FILTERS: readonly SearchFilter<AgreementLineFilters>[] = [
  { field: 'agreementNo', label: 'agreementNo', maxlength: 20, width: 140 },
  { field: 'compName', label: 'agreementSupplier', maxlength: 100, width: 160 },
  { field: 'itemName', label: 'itemName', maxlength: 200, width: 180 },
];

const COLUMNS: readonly SearchColumn[] = [
  { field: 'agreementNo', title: 'agreementNo', width: 120, align: 'center' },
  { field: 'lineNo', title: 'agreementLineNo', type: 'number', width: 50 },
  { field: 'compNameKr', title: 'agreementSupplier', width: 150 },
  { field: 'itemName', title: 'itemName', width: 180 },
  { field: 'unitCode', title: 'itemUnit', width: 50, align: 'center' },
  { field: 'unitPrice', title: 'agreementUnitPrice', type: 'number', width: 100 },
  { field: 'remainingQty', title: 'agreementRemaining', type: 'number', width: 90 },
  { field: 'validTo', title: 'agreementValidTo', width: 100, align: 'center' },
];

const NO_FILTERS: AgreementLineFilters = { agreementNo: '', compName: '', itemName: '' };

/**
 * Agreement-line popup: filters 계약번호, 협력사, 품목명; 조회 and Enter search; a grid of the valid
 * agreements' lines (계약번호, 줄, 협력사, 품목, 단위, 계약 단가, 잔여 수량, 유효기간); a double-click or
 * 선택 chooses the line, whose agreement and line number (and item and price) fill the caller's row.
 */
export function AgreementLinePopup({ open, search, onChoose, onClose }: AgreementLinePopupProps) {
  return (
    <SearchPopup<AgreementLineRow, AgreementLineFilters>
      open={open}
      title="agreementLineTitle"
      width={920}
      filters={FILTERS}
      initial={NO_FILTERS}
      search={search}
      columns={COLUMNS}
      prompt="agreementLinePrompt"
      onChoose={onChoose}
      onClose={onClose}
    />
  );
}
