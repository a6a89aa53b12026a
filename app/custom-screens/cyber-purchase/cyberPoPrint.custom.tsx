import { BUSINESS_TIME_ZONE } from '../../../lib/date';
/**
 * The printable purchase order (발주서) of one PO: letterhead, the two parties, the line table with
 * its total, remarks and signature boxes, and 인쇄. Suppliers open it from
 * /CyberOrderRequestEdit (their own orders, getSupplierPo); staff from /OrderRequestEdit
 * (props.portal 'internal', getPo) — the same sheet, so both sides print the same document —
 * where PDF 저장 also saves the order as the PDF the server writes (docs/purchasing.md "Printing").
 *
 * Why a custom component: a print document's layout (a letter with parties, a bordered table with
 * a totals row, signature boxes, print-only styling) is none of the definition kinds — list, edit,
 * tree or dashboard render screens to work in, not a sheet of paper. The data is the same
 * getSupplierPo the edit screen reads (the server scopes it to the caller's company).
 */
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { callOperation, useEngineServices, type CustomScreenProps, type ResultOf } from '../../../engine';
import { useEngineText } from '../../../engine/text';
import { formatMoney } from '../../../lib/money';
import { useFrame } from '../../../engine/runtime/frame';
import { WidgetButton } from '../../../widgets/common/button';
import { fetchFile, saveFile } from '../settlement/settlement-files';
import styles from './cyberPoPrint.module.css';

/** What the sheet shows: the supplier's answer; the staff answer has all of it but the buyer's contacts. */
type Po = Omit<ResultOf<'getSupplierPo'>, 'buyerTelNo' | 'buyerEmail' | 'revisionAcknowledged'> &
  Partial<Pick<ResultOf<'getSupplierPo'>, 'buyerTelNo' | 'buyerEmail' | 'revisionAcknowledged'>>;

const T = 'screen.cyberPurchase.orderPrint';
const PRINT_CLASS = 'cyber-po-printing';

function decimal(v: string | null | undefined): string {
  if (v === null || v === undefined || v === '') return '';
  const [whole, frac] = v.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const rest = frac ? frac.replace(/0+$/, '') : '';
  return rest ? `${grouped}.${rest}` : grouped;
}

/** The sheet itself: on screen in the dialog, and a copy straight under <body> that only printing shows. */
function Sheet({
  po,
  t,
  codeText,
  hidden,
}: {
  po: Po;
  t: (key: string, vars?: Record<string, unknown>) => string;
  codeText: (group: string, value: string | null) => string;
  hidden?: boolean;
}) {
  const money = (v: string) => formatMoney(v, po.currency);
  return (
    <article className={styles.sheet} aria-label={t(`${T}.docTitle`)} aria-hidden={hidden || undefined}>
      <header className={styles.head}>
        <h2 className={styles.docTitle}>{t(`${T}.docTitle`)}</h2>
        <div className={styles.docNo}>
          <div>
            {t(`${T}.poNo`)}: <strong>{po.poNo}</strong>
          </div>
          <div>
            {t(`${T}.poDate`)}: {po.poDate}
          </div>
          <div>
            {t(`${T}.status`)}: {codeText('PO_STATUS', po.status)}
          </div>
        </div>
      </header>
      <section className={styles.parties}>
        <div className={styles.party}>
          <p className={styles.partyTitle}>{t(`${T}.to`)}</p>
          <dl className={styles.facts}>
            <dt>{t(`${T}.company`)}</dt>
            <dd>
              {po.compNameKr} ({po.compNo})
            </dd>
            <dt>{t(`${T}.acknowledgedAt`)}</dt>
            <dd>
              {po.acknowledgedAt
                ? new Date(po.acknowledgedAt).toLocaleString('ko-KR', { timeZone: BUSINESS_TIME_ZONE })
                : t(`${T}.notYet`)}
            </dd>
          </dl>
        </div>
        <div className={styles.party}>
          <p className={styles.partyTitle}>{t(`${T}.from`)}</p>
          <dl className={styles.facts}>
            <dt>{t(`${T}.dept`)}</dt>
            <dd>{po.deptnm}</dd>
            <dt>{t(`${T}.buyer`)}</dt>
            <dd>{[po.buyerName, po.buyerTelNo, po.buyerEmail].filter(Boolean).join(' · ')}</dd>
          </dl>
        </div>
      </section>
      <dl className={styles.facts}>
        <dt>{t(`${T}.subject`)}</dt>
        <dd>{po.title}</dd>
        <dt>{t(`${T}.dueDate`)}</dt>
        <dd>{po.dueDate ?? ''}</dd>
        <dt>{t(`${T}.amount`)}</dt>
        <dd>
          {money(po.totalAmount)} {po.currency}
        </dd>
      </dl>
      <table className={styles.table}>
        <thead>
          <tr>
            <th>{t(`${T}.lineNo`)}</th>
            <th>{t(`${T}.itemCode`)}</th>
            <th>{t(`${T}.itemName`)}</th>
            <th>{t(`${T}.spec`)}</th>
            <th>{t(`${T}.unit`)}</th>
            <th>{t(`${T}.quantity`)}</th>
            <th>{t(`${T}.unitPrice`)}</th>
            <th>{t(`${T}.lineAmount`)}</th>
            <th>{t(`${T}.deliveryDate`)}</th>
          </tr>
        </thead>
        <tbody>
          {po.lines.map((l) => (
            <tr key={l.lineNo}>
              <td className={styles.center}>{l.lineNo}</td>
              <td>{l.itemCode ?? ''}</td>
              <td>{l.itemName}</td>
              <td>{l.spec ?? ''}</td>
              <td className={styles.center}>{l.unitCode}</td>
              <td className={styles.num}>{decimal(l.quantity)}</td>
              <td className={styles.num}>{money(l.unitPrice)}</td>
              <td className={styles.num}>{money(l.amount)}</td>
              <td className={styles.center}>{l.deliveryDate ?? ''}</td>
            </tr>
          ))}
          <tr className={styles.total}>
            <td colSpan={7} className={styles.center}>
              {t(`${T}.total`)}
            </td>
            <td className={styles.num}>{money(po.totalAmount)}</td>
            <td className={styles.center}>{po.currency}</td>
          </tr>
        </tbody>
      </table>
      <p className={styles.partyTitle}>{t(`${T}.remark`)}</p>
      <div className={styles.note}>{po.remark ?? ''}</div>
      <div className={styles.signs}>
        <div className={styles.sign}>
          <span>{t(`${T}.signBuyer`)}</span>
          <div />
        </div>
        <div className={styles.sign}>
          <span>{t(`${T}.signSupplier`)}</span>
          <div />
        </div>
      </div>
    </article>
  );
}

export default function CyberPoPrint({ query, props }: CustomScreenProps) {
  const services = useEngineServices();
  const frame = useFrame();
  const t = useEngineText();
  const internal = props.portal === 'internal';
  const poNo = query.poNo ?? '';
  const [state, setState] = useState<{ poNo: string; po: Po | null; error: string | null } | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!poNo) return;
    let live = true;
    const read: Promise<Po> = internal
      ? callOperation(services, 'getPo', { path: { poNo } })
      : callOperation(services, 'getSupplierPo', { path: { poNo } });
    read.then(
      (po) => live && setState({ poNo, po, error: null }),
      (e: unknown) => live && setState({ poNo, po: null, error: e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      live = false;
    };
  }, [services, poNo, internal]);

  // Printing prints only the sheet while it is on screen: a copy of it straight under <body>, in
  // the page's flow (so a long order continues on the next page), and nothing else.
  const [printRoot] = useState(() => {
    const el = document.createElement('div');
    el.className = styles.printRoot;
    return el;
  });
  useEffect(() => {
    document.body.appendChild(printRoot);
    document.body.classList.add(PRINT_CLASS);
    return () => {
      printRoot.remove();
      document.body.classList.remove(PRINT_CLASS);
    };
  }, [printRoot]);

  if (!poNo) return <p className={styles.error}>{t(`${T}.noPo`)}</p>;
  const current = state && state.poNo === poNo ? state : null;
  if (!current) return <p className={styles.muted}>{t('engine.loading')}</p>;
  if (current.error !== null || !current.po)
    return (
      <p className={styles.error} role="alert">
        {t('engine.loadFailed', { message: current.error ?? '' })}
      </p>
    );
  const po = current.po;
  const codeText = (group: string, value: string | null) =>
    services.codes(group).find((c) => c.value === value)?.text ?? value ?? '';
  const savePdf = async () => {
    setSaving(true);
    try {
      const pdf = await fetchFile(`/api/v1/pos/${encodeURIComponent(po.poNo)}/pdf`, {});
      saveFile(pdf.blob, pdf.fileName ?? `${t(`${T}.docTitle`)}_${po.poNo}.pdf`);
      frame.notify(t(`${T}.pdfSaved`));
    } catch (e) {
      await frame.alertError(e);
    } finally {
      setSaving(false);
    }
  };
  return (
    <>
      <div className={styles.toolbar}>
        {internal && (
          <WidgetButton onClick={() => void savePdf()} disabled={saving} data-action="pdf">
            {saving ? t(`${T}.pdfSaving`) : t(`${T}.pdf`)}
          </WidgetButton>
        )}
        <WidgetButton variant="primary" onClick={() => window.print()} data-action="print">
          {t(`${T}.print`)}
        </WidgetButton>
      </div>
      <Sheet po={po} t={t} codeText={codeText} />
      {createPortal(<Sheet po={po} t={t} codeText={codeText} hidden />, printRoot)}
    </>
  );
}
