/**
 * The panel both XML intakes share: a supplier-issued NTS standard XML chosen on the user's disk, sent as the request
 * body's text, the invoice opened when the server took it in, its Korean refusal shown when it did not. Staff
 * register a 정발행 invoice with it (taxInvoiceIntake), a supplier its own 수정세금계산서 (myTaxInvoiceAmendIntake).
 *
 * Why a custom component: the XML's text goes in the request body, and the engine's forms send fields, not the
 * contents of a file chosen on the user's disk.
 */
import { useId, useState } from 'react';
import { useEngineServices } from '../../../engine/services';
import { useFrame } from '../../../engine/runtime/frame';
import { useEngineText } from '../../../engine/text';
import { WidgetButton } from '../../../widgets/common/button';
import { TextInput } from '../../../widgets/text-input/text-input';
import { FilePickRow, useFilePickAndSend } from '../common/file-pick';
import styles from './tax-invoice.module.css';

/** The server's limit on the XML's length (characters): a standard tax invoice is a few kilobytes. */
const MAX_CHARS = 500_000;

export interface XmlIntakeProps {
  /** The operation that takes the XML in (`{ xml, settleNo? }`, answers the invoice). */
  operation: string;
  /** The i18n prefix of the panel's texts (help, file, settleNo, settleNoHelp, send, tooLarge, chooseFirst, done). */
  texts: string;
  /** The screen that opens the invoice taken in. */
  detailScreen: string;
}

export function XmlIntakePanel({ operation, texts: T, detailScreen }: XmlIntakeProps) {
  const services = useEngineServices();
  const frame = useFrame();
  const t = useEngineText();
  const settleId = useId();
  const [settleNo, setSettleNo] = useState('');
  const { file, choose, busy, send } = useFilePickAndSend({
    read: async (chosen) => {
      const text = await chosen.text();
      return text.length > MAX_CHARS ? null : text;
    },
    tooLarge: t(`${T}.tooLarge`),
  });

  const intake = async () => {
    if (!file) return frame.alert(t(`${T}.chooseFirst`));
    await send(async () => {
      const answer = (await services.call(
        operation,
        { body: { xml: file.content, ...(settleNo.trim() ? { settleNo: settleNo.trim() } : {}) } },
        { confirmed: true },
      )) as { mgtKey: string };
      frame.notify(t(`${T}.done`, { mgtKey: answer.mgtKey }));
      await frame.open({ screen: detailScreen }, { mgtKey: answer.mgtKey });
    });
  };

  return (
    <div className={styles.panel}>
      <p className={styles.muted}>{t(`${T}.help`)}</p>
      <FilePickRow
        label={t(`${T}.file`)}
        accept=".xml,application/xml,text/xml"
        fileName={file?.name}
        onChange={choose}
        styles={styles}
      />
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
          onClick={() => void intake()}
          disabled={busy || !frame.authority.write}
          data-action="intake"
        >
          {t(`${T}.send`)}
        </WidgetButton>
      </div>
    </div>
  );
}
