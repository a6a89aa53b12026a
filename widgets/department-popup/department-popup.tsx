import { useMemo } from 'react';
import { BusinessSectionField } from '../business-popup/business-section-field';
import { SearchPopup, type SearchColumn, type SearchFilter } from '../search-popup/search-popup';
import { useWidgetServices, type BusinessSection, type DepartmentRow, type WidgetServices } from '../services';

/** A section as the department popup takes it: the name, the code (topDept), or both. */
export interface SectionFilter {
  topDept?: string;
  sectionName?: string;
}

export interface DepartmentPopupProps {
  open: boolean;
  /** Initial business-section filter. */
  section?: SectionFilter | null;
  /** Initial department-name filter. */
  deptnm?: string;
  /** The section filter may be changed (its own business popup); default true. Sent as enabledBsns. */
  enabledBsns?: boolean;
  searchOption?: 'LIKE' | 'EQ';
  compYn?: 'Y' | 'N';
  onChoose: (row: DepartmentRow) => void;
  onClose: () => void;
}

/** The listDepartments query for the filters (spec §7: sectionName, deptnm, searchOption, enabledBsns, compYn). */
export function departmentQuery(
  section: SectionFilter | null,
  deptnm: string,
  options: { enabledBsns: boolean; searchOption?: 'LIKE' | 'EQ'; compYn?: 'Y' | 'N' },
): Parameters<WidgetServices['listDepartments']>[0] {
  const sectionName = (section?.sectionName || section?.topDept || '').trim();
  return {
    sectionName: sectionName || undefined,
    deptnm: deptnm.trim() || undefined,
    searchOption: options.searchOption,
    enabledBsns: options.enabledBsns ? 'Y' : 'N',
    compYn: options.compYn,
  };
}

interface DepartmentFilters {
  section: BusinessSection | null;
  deptnm: string;
}

const COLUMNS: readonly SearchColumn[] = [
  { field: 'sectionName', title: 'businessSection', width: 170 },
  { field: 'deptnm', title: 'deptName', width: 300 },
];

/**
 * The department popup (spec §2), titled 부서 선택: filters 사업부문 (with its own business
 * popup, editable only when enabledBsns) and 부서명; 조회; a 400 px single-row grid (사업부문,
 * 부서명); 취소 and 선택 (disabled while the grid is empty); a double-click chooses; Enter in
 * 부서명 searches. It searches on opening, and if that FIRST search returns exactly one row,
 * the row is chosen without the popup ever showing.
 */
export function DepartmentPopup({
  open,
  section,
  deptnm,
  enabledBsns = true,
  searchOption,
  compYn,
  onChoose,
  onClose,
}: DepartmentPopupProps) {
  const services = useWidgetServices();
  const filters = useMemo<readonly SearchFilter<DepartmentFilters>[]>(
    () => [
      {
        render: (f, set) => (
          <BusinessSectionField
            value={f.section}
            onChange={(s) => set({ section: s })}
            disabled={!enabledBsns}
            width={130}
          />
        ),
      },
      { field: 'deptnm', label: 'deptName', maxlength: 100, width: 180 },
    ],
    [enabledBsns],
  );
  return (
    <SearchPopup<DepartmentRow, DepartmentFilters>
      open={open}
      title="deptTitle"
      width={560}
      filters={filters}
      initial={{ section: toSection(section), deptnm: deptnm ?? '' }}
      search={(f) =>
        services.listDepartments(departmentQuery(f.section, f.deptnm, { enabledBsns, searchOption, compYn }))
      }
      searchOnOpen="hidden"
      chooseSingleFirst
      columns={COLUMNS}
      onChoose={onChoose}
      onClose={onClose}
    />
  );
}

function toSection(filter: SectionFilter | null | undefined): BusinessSection | null {
  if (!filter || (!filter.topDept && !filter.sectionName)) return null;
  return { topDept: filter.topDept ?? '', sectionName: filter.sectionName ?? filter.topDept ?? '' };
}
