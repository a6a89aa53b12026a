import { formatBusinessNumber } from '../../lib/business-number';
import { SearchPopup, type SearchColumn, type SearchFilter } from '../search-popup/search-popup';

/** A company row of the search (spec §3 company master: compNameKr; TAX_NO_2 the business number). */
export interface CompanyRow {
  compNo: string;
  compNameKr: string;
  taxNo2: string;
}

export interface CompanyPopupProps {
  open: boolean;
  /**
   * The search. There is no company-list operation in the API yet, so the caller supplies it:
   * a part of the name, a company code or a business number → matching companies.
   */
  search: (query: string) => Promise<CompanyRow[]>;
  /** Initial query; when given, it is searched on opening. */
  query?: string;
  onChoose: (company: CompanyRow) => void;
  onClose: () => void;
}

const FILTERS: readonly SearchFilter<{ query: string }>[] = [
  { field: 'query', label: 'companyQuery', maxlength: 100, width: 240 },
];

const COLUMNS: readonly SearchColumn[] = [
  { field: 'compNo', title: 'companyNo', width: 100, align: 'center' },
  { field: 'compNameKr', title: 'companyName', width: 250 },
  { field: 'taxNo2', title: 'companyTaxNo', width: 140, align: 'center' },
];

const withBusinessNumber = (c: CompanyRow): CompanyRow => ({ ...c, taxNo2: formatBusinessNumber(c.taxNo2 ?? '') });

/**
 * Company popup: one filter (업체명 또는 사업자번호), 조회 and Enter search; a 400 px single-row
 * grid (업체코드, 업체명, 사업자등록번호 formatted 123-45-67890); a double-click chooses; 선택
 * disabled with no rows. An initial query is searched on opening.
 */
export function CompanyPopup({ open, search, query, onChoose, onClose }: CompanyPopupProps) {
  return (
    <SearchPopup<CompanyRow, { query: string }>
      open={open}
      title="companyTitle"
      width={560}
      filters={FILTERS}
      initial={{ query: query ?? '' }}
      search={(f) => search(f.query)}
      searchOnOpen={query?.trim() ? 'visible' : undefined}
      columns={COLUMNS}
      prompt="companyPrompt"
      prepareRow={withBusinessNumber}
      onChoose={onChoose}
      onClose={onClose}
    />
  );
}
