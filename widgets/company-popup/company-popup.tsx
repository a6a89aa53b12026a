import { useEffect, useMemo, useRef, useState } from 'react';
import { formatBusinessNumber } from '../../lib/business-number';
import { WidgetButton } from '../common/button';
import popupStyles from '../common/popup.module.css';
import { PopupGrid } from '../common/popup-grid';
import { useServiceCall } from '../common/use-service-call';
import type { GridColumn } from '../data-grid/grid-model';
import { useWidgetText } from '../i18n';
import { Modal } from '../modal/modal';
import { TextInput } from '../text-input/text-input';

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

/**
 * Company popup: one filter (업체명 또는 사업자번호), 조회 and Enter search; a 400 px single-row
 * grid (업체코드, 업체명, 사업자등록번호); a double-click chooses; 선택 disabled with no rows.
 */
export function CompanyPopup(props: CompanyPopupProps) {
  return props.open ? <CompanyPopupSession {...props} /> : null;
}

function CompanyPopupSession({ search, query, onChoose, onClose }: CompanyPopupProps) {
  const t = useWidgetText();
  const call = useServiceCall();
  const [text, setText] = useState(query ?? '');
  const [rows, setRows] = useState<CompanyRow[]>([]);
  const [selected, setSelected] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [searched, setSearched] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const initial = useRef({ query: query?.trim() ?? '', search });

  const show = (list: CompanyRow[]) => {
    setSearched(true);
    setRows(list.map((c) => ({ ...c, taxNo2: formatBusinessNumber(c.taxNo2 ?? '') })));
    setSelected(list.length > 0 ? 0 : null);
  };

  useEffect(() => {
    const { query: q, search: run } = initial.current;
    if (q === '') return;
    let live = true;
    void call(() => run(q)).then((result) => {
      if (live && result.ok) show(result.value);
    });
    return () => {
      live = false;
    };
  }, [call]);

  const runSearch = async () => {
    setBusy(true);
    const result = await call(() => search(text.trim()));
    setBusy(false);
    if (result.ok) show(result.value);
  };

  const columns = useMemo<GridColumn[]>(
    () => [
      { field: 'compNo', title: t('companyNo'), type: 'text', width: 100, sortable: false, align: 'center' },
      { field: 'compNameKr', title: t('companyName'), type: 'text', width: 250, sortable: false },
      { field: 'taxNo2', title: t('companyTaxNo'), type: 'text', width: 140, sortable: false, align: 'center' },
    ],
    [t],
  );

  const chosen = selected !== null ? rows[selected] : undefined;
  return (
    <Modal
      open
      title={t('companyTitle')}
      onClose={onClose}
      width={560}
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
        <TextInput
          inputRef={inputRef}
          label={t('companyQuery')}
          value={text}
          onChange={setText}
          onEnter={() => void runSearch()}
          maxlength={100}
          showCounter={false}
          width={240}
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
        label={t('companyTitle')}
        emptyText={searched ? undefined : t('companyPrompt')}
      />
    </Modal>
  );
}
