import { useEffect, useMemo, useRef, useState } from 'react';
import { BusinessSectionField } from '../business-popup/business-section-field';
import { WidgetButton } from '../common/button';
import popupStyles from '../common/popup.module.css';
import { PopupGrid } from '../common/popup-grid';
import { useServiceCall } from '../common/use-service-call';
import type { GridColumn } from '../data-grid/grid-model';
import { useWidgetText } from '../i18n';
import { Modal } from '../modal/modal';
import { useWidgetServices, type BusinessSection, type DepartmentRow, type WidgetServices } from '../services';
import { TextInput } from '../text-input/text-input';

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

/**
 * The department popup (spec §2), titled 부서 선택: filters 사업부문 (with its own business
 * popup, editable only when enabledBsns) and 부서명; 조회; a 400 px single-row grid (사업부문,
 * 부서명); 취소 and 선택 (disabled while the grid is empty); a double-click chooses; Enter in
 * 부서명 searches. It searches on opening, and if that FIRST search returns exactly one row,
 * the row is chosen without the popup ever showing.
 */
export function DepartmentPopup(props: DepartmentPopupProps) {
  return props.open ? <DepartmentPopupSession {...props} /> : null;
}

function toSection(filter: SectionFilter | null | undefined): BusinessSection | null {
  if (!filter || (!filter.topDept && !filter.sectionName)) return null;
  return { topDept: filter.topDept ?? '', sectionName: filter.sectionName ?? filter.topDept ?? '' };
}

function DepartmentPopupSession({
  section,
  deptnm,
  enabledBsns = true,
  searchOption,
  compYn,
  onChoose,
  onClose,
}: DepartmentPopupProps) {
  const t = useWidgetText();
  const services = useWidgetServices();
  const call = useServiceCall();
  const [sectionFilter, setSectionFilter] = useState<BusinessSection | null>(() => toSection(section));
  const [name, setName] = useState(deptnm ?? '');
  const [rows, setRows] = useState<DepartmentRow[] | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  const handlers = useRef({ onChoose, onClose });
  const first = useRef({ section: toSection(section), deptnm: deptnm ?? '', enabledBsns, searchOption, compYn });

  useEffect(() => {
    handlers.current = { onChoose, onClose };
  });

  // The first search, on opening: one row is chosen without showing anything.
  useEffect(() => {
    let live = true;
    const initial = first.current;
    void call(() => services.listDepartments(departmentQuery(initial.section, initial.deptnm, initial))).then(
      (result) => {
        if (!live) return;
        if (!result.ok) handlers.current.onClose();
        else if (result.value.length === 1) handlers.current.onChoose(result.value[0]);
        else {
          setRows(result.value);
          setSelected(result.value.length > 0 ? 0 : null);
        }
      },
    );
    return () => {
      live = false;
    };
  }, [call, services]);

  const search = async () => {
    setBusy(true);
    const result = await call(() => services.listDepartments(departmentQuery(sectionFilter, name, first.current)));
    setBusy(false);
    if (result.ok) {
      setRows(result.value);
      setSelected(result.value.length > 0 ? 0 : null);
    }
  };

  const columns = useMemo<GridColumn[]>(
    () => [
      { field: 'sectionName', title: t('businessSection'), type: 'text', width: 170, sortable: false },
      { field: 'deptnm', title: t('deptName'), type: 'text', width: 300, sortable: false },
    ],
    [t],
  );

  if (rows === null) return null;
  const chosen = selected !== null ? rows[selected] : undefined;
  return (
    <Modal
      open
      title={t('deptTitle')}
      onClose={onClose}
      width={560}
      initialFocusRef={nameRef}
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
        <BusinessSectionField value={sectionFilter} onChange={setSectionFilter} disabled={!enabledBsns} width={130} />
        <TextInput
          inputRef={nameRef}
          label={t('deptName')}
          value={name}
          onChange={setName}
          onEnter={() => void search()}
          maxlength={100}
          showCounter={false}
          width={180}
        />
        <WidgetButton
          variant="primary"
          className={popupStyles.searchButton}
          disabled={busy}
          onClick={() => void search()}
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
        label={t('deptTitle')}
      />
    </Modal>
  );
}
