import { useCallback, useState, type ReactNode } from 'react';
import { SearchPopup, type SearchColumn } from '../search-popup/search-popup';
import { useWidgetServices, type BusinessSection } from '../services';

export interface BusinessPopupProps {
  open: boolean;
  /** Part of a section name to search for (listBusinessSections selectOption); '' lists all. */
  selectOption?: string;
  onChoose: (section: BusinessSection) => void;
  /** Cancel, ×, Escape, or a failed search. */
  onClose: () => void;
}

const COLUMNS: readonly SearchColumn[] = [{ field: 'sectionName', title: 'businessSection', width: 360 }];

/**
 * The business-section popup (spec §2): on opening it searches listBusinessSections; exactly one
 * row is chosen WITHOUT showing the popup; otherwise a modal with a single-row grid (사업부문),
 * 취소 and 선택 (disabled with no rows). A failed search is alerted and closes the popup. It has
 * no filters: the caller's selectOption is the whole search.
 */
export function BusinessPopup({ open, selectOption, onChoose, onClose }: BusinessPopupProps) {
  const services = useWidgetServices();
  return (
    <SearchPopup<BusinessSection, { selectOption: string }>
      // A new selectOption while open is a new search.
      key={selectOption ?? ''}
      open={open}
      title="businessTitle"
      width={420}
      filters={[]}
      initial={{ selectOption: selectOption ?? '' }}
      search={(f) => services.listBusinessSections({ selectOption: f.selectOption || undefined })}
      searchOnOpen="hidden"
      chooseSingleFirst
      columns={COLUMNS}
      gridLabel="businessSection"
      gridHeight={300}
      onChoose={onChoose}
      onClose={onClose}
    />
  );
}

/**
 * openBusinessPopup as a hook: `const { openBusinessPopup, popup } = useBusinessPopup()`;
 * render `popup`, then `await openBusinessPopup('생산')` gives the chosen section or null.
 */
export function useBusinessPopup(): {
  openBusinessPopup: (selectOption?: string) => Promise<BusinessSection | null>;
  popup: ReactNode;
} {
  const [request, setRequest] = useState<{ selectOption: string; resolve: (s: BusinessSection | null) => void } | null>(
    null,
  );
  const openBusinessPopup = useCallback(
    (selectOption = '') =>
      new Promise<BusinessSection | null>((resolve) => {
        setRequest((previous) => {
          previous?.resolve(null);
          return { selectOption, resolve };
        });
      }),
    [],
  );
  const popup = (
    <BusinessPopup
      open={request !== null}
      selectOption={request?.selectOption}
      onChoose={(s) => {
        request?.resolve(s);
        setRequest(null);
      }}
      onClose={() => {
        request?.resolve(null);
        setRequest(null);
      }}
    />
  );
  return { openBusinessPopup, popup };
}
