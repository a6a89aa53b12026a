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
import { useId, useState } from 'react';
import type { CustomScreenProps } from '../../../engine';
import { useEngineServices } from '../../../engine/services';
import { useFrame } from '../../../engine/runtime/frame';
import { useEngineText } from '../../../engine/text';
import { WidgetButton } from '../../../widgets/common/button';
import { TextInput } from '../../../widgets/text-input/text-input';
import { FilePickRow, useFilePickAndSend } from '../common/file-pick';
import styles from './tax-invoice.module.css';

const T = 'screen.taxInvoice.intake';
/** The server's limit on the XML's length (characters): a standard tax invoice is a few kilobytes. */
const MAX_CHARS = 500_000;

export default function TaxInvoiceIntake(_: CustomScreenProps) {
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
        'intakeForwardTaxInvoice',
        { body: { xml: file.content, ...(settleNo.trim() ? { settleNo: settleNo.trim() } : {}) } },
        { confirmed: true },
      )) as { mgtKey: string };
      frame.notify(t(`${T}.done`, { mgtKey: answer.mgtKey }));
      await frame.open({ screen: 'taxInvoice.taxInvoiceDetail' }, { mgtKey: answer.mgtKey });
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
