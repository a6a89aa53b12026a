/**
 * /contract/contractVerify (both portals) — is this contract PDF ours and unchanged? Either a PDF chosen
 * on the disk (its bytes go to the server, which hashes it and checks the seal) or a contract number
 * and the SHA-256 written on a copy. The answer: the executed copy unchanged, a signing copy, or not
 * ours / modified. `props.operation` names the portal's operation.
 *
 * Why a custom component: the file's bytes go in the request body (base64), and the engine's forms
 * send fields, not the contents of a file chosen on the user's disk; the verdict is shown, not saved.
 */
import { useId, useState } from 'react';
import type { CustomScreenProps } from '../../../engine';
import { useEngineServices } from '../../../engine/services';
import { useFrame } from '../../../engine/runtime/frame';
import { useEngineText } from '../../../engine/text';
import { WidgetButton } from '../../../widgets/common/button';
import { TextInput } from '../../../widgets/text-input/text-input';
import { FilePickRow, useFilePickAndSend } from '../common/file-pick';
import styles from './contract.module.css';

const T = 'screen.contract.verify';
/** The server's limit: 10 MB of PDF. */
const MAX_BYTES = 10 * 1024 * 1024;

interface Verdict {
  result: 'EXECUTED_UNCHANGED' | 'SIGNING_COPY' | 'NOT_OURS_OR_MODIFIED';
  sha256: string;
  contractNo: string | null;
  status: string | null;
  sealValid: boolean | null;
}

function toBase64(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

export default function ContractVerify({ props }: CustomScreenProps) {
  const services = useEngineServices();
  const frame = useFrame();
  const t = useEngineText();
  const operation = props.operation === 'verifyMyContractDocument' ? props.operation : 'verifyContractDocument';
  const noId = useId();
  const shaId = useId();
  const [contractNo, setContractNo] = useState('');
  const [sha256, setSha256] = useState('');
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  const {
    file: pdf,
    choose,
    busy,
    send,
  } = useFilePickAndSend({
    read: async (file) => (file.size > MAX_BYTES ? null : toBase64(new Uint8Array(await file.arrayBuffer()))),
    tooLarge: t(`${T}.tooLarge`),
    onPick: () => setVerdict(null),
  });

  const check = async () => {
    const sha = sha256.trim().toLowerCase();
    if (!pdf && !/^[0-9a-f]{64}$/.test(sha)) return frame.alert(t(`${T}.chooseFirst`));
    await send(async () => {
      const body = pdf
        ? { pdfBase64: pdf.content, ...(contractNo.trim() ? { contractNo: contractNo.trim() } : {}) }
        : { sha256: sha, ...(contractNo.trim() ? { contractNo: contractNo.trim() } : {}) };
      setVerdict((await services.call(operation, { body }, { quiet: true })) as Verdict);
    });
  };

  return (
    <div className={styles.panel}>
      <p className={styles.muted}>{t(`${T}.help`)}</p>
      <FilePickRow
        label={t(`${T}.file`)}
        accept=".pdf,application/pdf"
        fileName={pdf?.name}
        onChange={choose}
        styles={styles}
      />
      <div className={styles.row}>
        <TextInput
          label={t(`${T}.contractNo`)}
          id={noId}
          value={contractNo}
          maxRealLength={20}
          showCounter={false}
          onChange={setContractNo}
        />
      </div>
      <div className={styles.row}>
        <TextInput
          label={t(`${T}.sha256`)}
          id={shaId}
          value={sha256}
          maxRealLength={64}
          showCounter={false}
          onChange={setSha256}
        />
        <span className={styles.muted}>{t(`${T}.shaHelp`)}</span>
      </div>
      <div className={styles.row}>
        <WidgetButton variant="primary" onClick={() => void check()} disabled={busy} data-action="verify">
          {t(`${T}.check`)}
        </WidgetButton>
      </div>
      {verdict && (
        <div className={styles.result} role="status">
          <p className={styles.label}>{t(`${T}.result.${verdict.result}`)}</p>
          {verdict.contractNo && <p>{t(`${T}.ofContract`, { contractNo: verdict.contractNo })}</p>}
          {verdict.sealValid !== null && <p>{t(verdict.sealValid ? `${T}.sealValid` : `${T}.sealInvalid`)}</p>}
          <p className={styles.hash}>SHA-256 {verdict.sha256}</p>
        </div>
      )}
    </div>
  );
}
