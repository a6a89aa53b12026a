import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { WidgetButton } from '../common/button';
import { PopupGrid } from '../common/popup-grid';
import { useServiceCall } from '../common/use-service-call';
import type { GridColumn } from '../data-grid/grid-model';
import { useWidgetText } from '../i18n';
import { Modal } from '../modal/modal';
import { useWidgetServices, type BusinessSection } from '../services';

export interface BusinessPopupProps {
  open: boolean;
  /** Part of a section name to search for (listBusinessSections selectOption); '' lists all. */
  selectOption?: string;
  onChoose: (section: BusinessSection) => void;
  /** Cancel, ×, Escape, or a failed search. */
  onClose: () => void;
}

/**
 * The business-section popup (spec §2): on opening it searches listBusinessSections; exactly one
 * row is chosen WITHOUT showing the popup; otherwise a modal with a single-row grid (사업부문),
 * 취소 and 선택 (disabled with no rows). A failed search is alerted and closes the popup.
 */
export function BusinessPopup(props: BusinessPopupProps) {
  return props.open ? <BusinessPopupSession {...props} /> : null;
}

function BusinessPopupSession({ selectOption, onChoose, onClose }: BusinessPopupProps) {
  const t = useWidgetText();
  const services = useWidgetServices();
  const call = useServiceCall();
  const [rows, setRows] = useState<BusinessSection[] | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const handlers = useRef({ onChoose, onClose });

  useEffect(() => {
    handlers.current = { onChoose, onClose };
  });

  useEffect(() => {
    let live = true;
    void call(() => services.listBusinessSections({ selectOption: selectOption?.trim() || undefined })).then(
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
  }, [call, services, selectOption]);

  const columns = useMemo<GridColumn[]>(
    () => [{ field: 'sectionName', title: t('businessSection'), type: 'text', width: 360, sortable: false }],
    [t],
  );

  // Still searching, or the single row is being chosen: no popup at all.
  if (rows === null) return null;
  const chosen = selected !== null ? rows[selected] : undefined;
  return (
    <Modal
      open
      title={t('businessTitle')}
      onClose={onClose}
      width={420}
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
      <PopupGrid
        rows={rows}
        columns={columns}
        selected={selected}
        onSelect={setSelected}
        onChoose={onChoose}
        label={t('businessSection')}
        height={300}
      />
    </Modal>
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
