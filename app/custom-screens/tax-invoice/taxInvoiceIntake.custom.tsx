/**
 * /taxInvoiceIntake — 정발행 intake: the supplier issued the tax invoice itself and sent us the NTS
 * standard XML; it is chosen here (and, when the supplier has several settlements that month, the
 * settlement's number), sent to the server, which reads and checks it (required fields, supply +
 * tax = total, the business numbers, the approval number) and matches it to its settlement. The
 * invoice then opens; a refusal shows the server's Korean message.
 *
 * Why a custom component: the XML's text goes in the request body, and the engine's forms send
 * fields, not the contents of a file chosen on the user's disk.
 */
import { useId, useState, type ChangeEvent } from 'react';
import type { CustomScreenProps } from '../../../engine';
import { useEngineServices } from '../../../engine/services';
import { useFrame } from '../../../engine/runtime/frame';
import { useEngineText } from '../../../engine/text';
import { WidgetButton } from '../../../widgets/common/button';
import { TextInput } from '../../../widgets/text-input/text-input';
import styles from './tax-invoice.module.css';

const T = 'screen.taxInvoice.intake';
/** The server's limit on the XML's length (characters): a standard tax invoice is a few kilobytes. */
const MAX_CHARS = 500_000;

export default function TaxInvoiceIntake(_: CustomScreenProps) {
  const services = useEngineServices();
  const frame = useFrame();
  const t = useEngineText();
  const fileId = useId();
  const settleId = useId();
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [settleNo, setSettleNo] = useState('');
  const [busy, setBusy] = useState(false);

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0];
    if (!chosen) return setFile(null);
    const text = await chosen.text();
    if (text.length > MAX_CHARS) {
      e.target.value = '';
      setFile(null);
      return frame.alert(t(`${T}.tooLarge`));
    }
    setFile({ name: chosen.name, text });
  };

  const send = async () => {
    if (!file) return frame.alert(t(`${T}.chooseFirst`));
    setBusy(true);
    try {
      const answer = (await services.call(
        'intakeForwardTaxInvoice',
        { body: { xml: file.text, ...(settleNo.trim() ? { settleNo: settleNo.trim() } : {}) } },
        { confirmed: true },
      )) as { mgtKey: string };
      frame.notify(t(`${T}.done`, { mgtKey: answer.mgtKey }));
      await frame.open({ screen: 'taxInvoice.taxInvoiceDetail' }, { mgtKey: answer.mgtKey });
    } catch (e) {
      await frame.alertError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.panel}>
      <p className={styles.muted}>{t(`${T}.help`)}</p>
      <div className={styles.row}>
        <label className={styles.label} htmlFor={fileId}>
          {t(`${T}.file`)}
        </label>
        <input id={fileId} type="file" accept=".xml,application/xml,text/xml" onChange={(e) => void choose(e)} />
        {file && <span className={styles.muted}>{file.name}</span>}
      </div>
      <div className={styles.row}>
        <TextInput
          label={t(`${T}.settleNo`)}
          id={settleId}
          value={settleNo}
          maxRealLength={20}
          showCounter={false}
          onChange={setSettleNo}
        />
        <span className={styles.muted}>{t(`${T}.settleNoHelp`)}</span>
      </div>
      <div className={styles.row}>
        <WidgetButton
          variant="primary"
          onClick={() => void send()}
          disabled={busy || !frame.authority.write}
          data-action="intake"
        >
          {t(`${T}.send`)}
        </WidgetButton>
      </div>
    </div>
  );
}
