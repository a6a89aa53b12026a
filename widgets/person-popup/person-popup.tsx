import { validatePersonSearch } from '../../lib/person-search';
import { usePersonSearchMessage } from '../i18n';
import { SearchPopup, type SearchColumn, type SearchFilter } from '../search-popup/search-popup';
import { useWidgetServices, type PersonRow, type WidgetServices } from '../services';

export interface PersonPopupProps {
  open: boolean;
  /** Initial 이름 filter (not searched until 조회: the grid starts empty). */
  hname?: string;
  /** Initial 사번 filter. */
  singleid?: string;
  /** Fixed scope sent with every search (employee search: the chosen section and department). */
  sectionName?: string;
  deptcd?: string;
  onChoose: (person: PersonRow) => void;
  onClose: () => void;
}

/** The listPeople query: trimmed, empty filters left out (spec §7: hname, singleid, sectionName, deptcd). */
export function personQuery(filters: {
  hname?: string;
  singleid?: string;
  sectionName?: string;
  deptcd?: string;
}): Parameters<WidgetServices['listPeople']>[0] {
  const q: Parameters<WidgetServices['listPeople']>[0] = {};
  for (const key of ['hname', 'singleid', 'sectionName', 'deptcd'] as const) {
    const v = filters[key]?.trim();
    if (v) q[key] = v;
  }
  return q;
}

interface PersonFilters {
  hname: string;
  singleid: string;
}

const FILTERS: readonly SearchFilter<PersonFilters>[] = [
  { field: 'hname', label: 'personName', maxRealLength: 50, width: 150 },
  { field: 'singleid', label: 'personId', maxlength: 30, width: 130 },
];

const COLUMNS: readonly SearchColumn[] = [
  { field: 'hname', title: 'personName', width: 110 },
  { field: 'sectionName', title: 'businessSection', width: 130 },
  { field: 'deptnm', title: 'department', width: 170 },
  { field: 'singleid', title: 'personId', width: 110, align: 'center' },
];

/**
 * The person popup (spec §2, §5): filters 이름 (focused on opening) and 사번; 조회 validates with
 * validatePersonSearch — at least one of them, a name of at least 2 characters — and on failure
 * shows the Korean message in an alert and sends nothing; the grid (이름, 사업부문, 부서, 사번)
 * starts empty, is 400 px high with single-row selection; a double-click chooses; 취소 and 선택
 * (disabled with no rows). Enter in a filter searches too.
 */
export function PersonPopup({ open, hname, singleid, sectionName, deptcd, onChoose, onClose }: PersonPopupProps) {
  const personMessage = usePersonSearchMessage();
  const services = useWidgetServices();
  return (
    <SearchPopup<PersonRow, PersonFilters>
      open={open}
      title="personTitle"
      width={580}
      filters={FILTERS}
      initial={{ hname: hname ?? '', singleid: singleid ?? '' }}
      validate={(f) => {
        const problem = validatePersonSearch(f);
        return problem && personMessage(problem);
      }}
      search={(f) => services.listPeople(personQuery({ ...f, sectionName, deptcd }))}
      columns={COLUMNS}
      prompt="personPrompt"
      onChoose={onChoose}
      onClose={onClose}
    />
  );
}
