import { useMemo, useRef, useState } from 'react';
import { validatePersonSearch } from '../../lib/person-search';
import { WidgetButton } from '../common/button';
import popupStyles from '../common/popup.module.css';
import { PopupGrid } from '../common/popup-grid';
import { useServiceCall } from '../common/use-service-call';
import type { GridColumn } from '../data-grid/grid-model';
import { usePersonSearchMessage, useWidgetText } from '../i18n';
import { Modal } from '../modal/modal';
import { useDialogs } from '../modal/modal-context';
import { useWidgetServices, type PersonRow, type WidgetServices } from '../services';
import { TextInput } from '../text-input/text-input';

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

/**
 * The person popup (spec §2, §5): filters 이름 (focused on opening) and 사번; 조회 validates with
 * validatePersonSearch — at least one of them, a name of at least 2 characters — and on failure
 * shows the Korean message in an alert and sends nothing; the grid (이름, 사업부문, 부서, 사번)
 * starts empty, is 400 px high with single-row selection; a double-click chooses; 취소 and 선택
 * (disabled with no rows). Enter in a filter searches too.
 */
export function PersonPopup(props: PersonPopupProps) {
  return props.open ? <PersonPopupSession {...props} /> : null;
}

function PersonPopupSession({ hname, singleid, sectionName, deptcd, onChoose, onClose }: PersonPopupProps) {
  const t = useWidgetText();
  const personMessage = usePersonSearchMessage();
  const services = useWidgetServices();
  const call = useServiceCall();
  const { alert } = useDialogs();
  const [name, setName] = useState(hname ?? '');
  const [id, setId] = useState(singleid ?? '');
  const [rows, setRows] = useState<PersonRow[]>([]);
  const [selected, setSelected] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [searched, setSearched] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);

  const search = async () => {
    const problem = validatePersonSearch({ hname: name, singleid: id });
    if (problem) {
      await alert(personMessage(problem));
      nameRef.current?.focus();
      return;
    }
    setBusy(true);
    const result = await call(() =>
      services.listPeople(personQuery({ hname: name, singleid: id, sectionName, deptcd })),
    );
    setBusy(false);
    if (result.ok) {
      setSearched(true);
      setRows(result.value);
      setSelected(result.value.length > 0 ? 0 : null);
    }
  };

  const columns = useMemo<GridColumn[]>(
    () => [
      { field: 'hname', title: t('personName'), type: 'text', width: 110, sortable: false },
      { field: 'sectionName', title: t('businessSection'), type: 'text', width: 130, sortable: false },
      { field: 'deptnm', title: t('department'), type: 'text', width: 170, sortable: false },
      { field: 'singleid', title: t('personId'), type: 'text', width: 110, sortable: false, align: 'center' },
    ],
    [t],
  );

  const chosen = selected !== null ? rows[selected] : undefined;
  return (
    <Modal
      open
      title={t('personTitle')}
      onClose={onClose}
      width={580}
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
        <TextInput
          inputRef={nameRef}
          label={t('personName')}
          value={name}
          onChange={setName}
          onEnter={() => void search()}
          maxRealLength={50}
          showCounter={false}
          width={150}
        />
        <TextInput
          label={t('personId')}
          value={id}
          onChange={setId}
          onEnter={() => void search()}
          maxlength={30}
          showCounter={false}
          width={130}
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
        label={t('personTitle')}
        emptyText={searched ? undefined : t('personPrompt')}
      />
    </Modal>
  );
}
