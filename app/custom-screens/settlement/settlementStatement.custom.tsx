/**
 * The transaction statement (거래명세서) of one settlement, for printing: the server's print page
 * shown in a frame, 인쇄 (prints the statement alone, A4 landscape with the header row on every
 * page — the server's print stylesheet), and PDF 저장 (the same statement as a PDF the server
 * writes). Staff open it from /statement, /monthlyCalcAdmin and /monthlyCalcADetail; suppliers
 * from /monthlyCalculate and /monthlyCalcDetail (props.portal 'external': their own statements).
 *
 * Why a custom component: the document is not data for a form or a grid but a page the server
 * lays out (docs/fulfilment.md "Statements") and a PDF file. The definition kinds render rows and
 * fields from JSON answers; none fetches an HTML page or a PDF with the user's token, shows it
 * and prints it. Printing the page inside a frame also keeps the app's own chrome (menus,
 * buttons) off the paper without a print stylesheet for every layout of the app.
 */
import { useEffect, useRef, useState } from 'react';
import type { CustomScreenProps } from '../../../engine';
import { useFrame } from '../../../engine/runtime/frame';
import { useEngineText } from '../../../engine/text';
import { WidgetButton } from '../../../widgets/common/button';
import { saveFile, useSettlementFiles } from './settlement-files';
import styles from './settlement.module.css';

const T = 'screen.settlement.statementPrint';

/**
 * The server's page as the frame shows it: its own screen-only hint (how to print by hand, where
 * the PDF is) gives way to this screen's 인쇄 and PDF 저장 buttons.
 */
export function framedStatement(html: string): string {
  const style = '<style>.screen-only{display:none}</style>';
  return /<\/head>/i.test(html) ? html.replace(/<\/head>/i, `${style}</head>`) : style + html;
}

export default function SettlementStatement({ props, query }: CustomScreenProps) {
  const frame = useFrame();
  const settlementFiles = useSettlementFiles();
  const t = useEngineText();
  const portal = props.portal === 'external' ? 'external' : 'internal';
  const settleNo = query.settleNo ?? '';
  const [state, setState] = useState<{ settleNo: string; html: string | null; error: string | null } | null>(null);
  const [saving, setSaving] = useState(false);
  const frameRef = useRef<HTMLIFrameElement>(null);

  useEffect(() => {
    if (!settleNo) return;
    let live = true;
    settlementFiles.statementHtml(settleNo, portal).then(
      (html) => live && setState({ settleNo, html, error: null }),
      (e: unknown) => live && setState({ settleNo, html: null, error: e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      live = false;
    };
  }, [settleNo, portal, settlementFiles]);

  if (!settleNo) return <p className={styles.error}>{t(`${T}.noSettlement`)}</p>;
  const current = state && state.settleNo === settleNo ? state : null;
  if (!current) return <p className={styles.muted}>{t('engine.loading')}</p>;
  if (current.error !== null || current.html === null) {
    return (
      <p className={styles.error} role="alert">
        {t('engine.loadFailed', { message: current.error ?? '' })}
      </p>
    );
  }

  const print = () => {
    const win = frameRef.current?.contentWindow;
    if (!win) return;
    win.focus();
    win.print();
  };

  const savePdf = async () => {
    setSaving(true);
    try {
      const pdf = await settlementFiles.statementPdf(settleNo, portal);
      saveFile(pdf.blob, pdf.fileName ?? `${t(`${T}.fileName`)}_${settleNo}.pdf`);
      frame.notify(t(`${T}.pdfSaved`));
    } catch (e) {
      await frame.alertError(e);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className={styles.statement}>
      <div className={styles.toolbar}>
        <span className={styles.muted}>{t(`${T}.hint`)}</span>
        <div className={styles.buttons}>
          <WidgetButton onClick={() => void savePdf()} disabled={saving} data-action="pdf">
            {saving ? t(`${T}.pdfSaving`) : t(`${T}.pdf`)}
          </WidgetButton>
          <WidgetButton variant="primary" onClick={print} data-action="print">
            {t(`${T}.print`)}
          </WidgetButton>
        </div>
      </div>
      {/* No scripts run in the statement (sandbox without allow-scripts); the app prints it. */}
      <iframe
        ref={frameRef}
        className={styles.sheet}
        title={t(`${T}.frameTitle`, { settleNo })}
        srcDoc={framedStatement(current.html)}
        sandbox="allow-same-origin allow-modals"
      />
    </div>
  );
}
