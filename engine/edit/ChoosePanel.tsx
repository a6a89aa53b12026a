import { useId, useRef, useState } from 'react';
import { WidgetButton } from '../../widgets/common/button';
import { CompanyPopup, type CompanyRow } from '../../widgets/company-popup/company-popup';
import type { ChooseDef } from '../definition/types';
import { useFrame } from '../runtime/frame';
import { useEngineServices } from '../services';
import styles from '../ui/engine.module.css';

/** The popup's one filter as the list operation's parameters: a company number, a business number or a name. */
export function companySearchQuery(text: string): Record<string, string> {
  const q = text.trim();
  if (q === '') return {};
  if (/^C\d+$/i.test(q)) return { compNo: q.toUpperCase() };
  if (/^[\d-]+$/.test(q)) return { taxNo: q };
  return { compNameKr: q };
}

/**
 * Asks for the record a screen shows when the address does not name it (def.choose): staff at a
 * supplier's own page choose the supplier with the company popup, which opens at once; the choice
 * goes into the address. Closing the popup leaves the prompt and its button to open it again.
 */
export function ChoosePanel({ choose, onChoose }: { choose: ChooseDef; onChoose: (value: string) => void }) {
  const { t } = useFrame();
  const services = useEngineServices();
  const [open, setOpen] = useState(true);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // Its own id: a dialog's screen may ask over a page that asks too.
  const promptId = useId();
  const search = async (text: string): Promise<CompanyRow[]> => {
    const answer = await services.call(choose.operation, { query: { ...companySearchQuery(text), size: 200 } });
    const list = (Array.isArray(answer) ? answer : ((answer as { rows?: unknown[] })?.rows ?? [])) as Array<
      Record<string, unknown>
    >;
    return list.map((r) => ({
      compNo: String(r.compNo ?? ''),
      compNameKr: String(r.compNameKr ?? ''),
      taxNo2: String(r.taxNo2 ?? r.taxNo ?? ''),
    }));
  };
  return (
    <div className={styles.choose} role="group" aria-labelledby={promptId}>
      <p id={promptId}>{t(choose.message ?? 'engine.choosePrompt')}</p>
      <WidgetButton ref={buttonRef} variant="primary" onClick={() => setOpen(true)}>
        {t('engine.chooseCompany')}
      </WidgetButton>
      <CompanyPopup
        open={open}
        search={search}
        onChoose={(c) => {
          setOpen(false);
          onChoose(c.compNo);
        }}
        onClose={() => setOpen(false)}
      />
    </div>
  );
}
