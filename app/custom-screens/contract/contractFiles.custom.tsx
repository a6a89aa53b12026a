/**
 * The PDFs of one electronic contract (a dialog of /contract/contractDetail and /contract/contractSign):
 * the signing copy, and the sealed executed copy once the contract is executed, downloaded with the
 * user's token. `props.base` names the portal's API (staff or supplier).
 *
 * Why a custom component: the engine's calls read JSON; GET …/contracts/{no}/document/{kind} answers
 * the PDF itself, which no definition kind or action saves as a download.
 */
import { useState } from 'react';
import type { CustomScreenProps } from '../../../engine';
import { useFrame } from '../../../engine/runtime/frame';
import { useEngineText } from '../../../engine/text';
import { WidgetButton } from '../../../widgets/common/button';
import { fetchFile, postForFile, saveFile } from '../settlement/settlement-files';
import styles from './contract.module.css';

const T = 'screen.contract.files';

export default function ContractFiles({ props, query }: CustomScreenProps) {
  const frame = useFrame();
  const t = useEngineText();
  const base = typeof props.base === 'string' ? props.base : '/api/v1/contracts';
  const contractNo = query.contractNo ?? '';
  const kinds = query.status === 'EXECUTED' ? ['executed', 'draft'] : ['draft'];
  const [busy, setBusy] = useState<string | null>(null);
  const [sha, setSha] = useState<Record<string, string>>({});

  // Opened from the signing screen's 열람: the signer's own step, which records what it opened.
  const signing = query.view === 'sign';
  const download = async (kind: string) => {
    setBusy(kind);
    try {
      const path = `${base}/${encodeURIComponent(contractNo)}`;
      const file =
        kind === 'view' ? await postForFile(`${path}/view`) : await fetchFile(`${path}/document/${kind}`, {});
      saveFile(file.blob, file.fileName ?? `${contractNo}-${kind}.pdf`);
      const digest = await crypto.subtle.digest('SHA-256', await file.blob.arrayBuffer());
      const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
      setSha((s) => ({ ...s, [kind]: hex }));
      // 열람 was recorded: the signing screen reloads when this dialog closes (its 서명 waits for it).
      if (kind === 'view') frame.dialog?.markChanged?.();
    } catch (e) {
      await frame.alertError(e);
    } finally {
      setBusy(null);
    }
  };

  if (!contractNo) return <p className={styles.muted}>{t(`${T}.none`)}</p>;
  return (
    <div className={styles.panel}>
      {signing ? (
        <div className={styles.row}>
          <span className={styles.label}>{t(`${T}.viewHelp`)}</span>
          {sha.view ? <span className={styles.hash}>SHA-256 {sha.view}</span> : null}
          <WidgetButton
            variant="primary"
            onClick={() => void download('view')}
            disabled={busy !== null}
            data-action="view-draft"
          >
            {t(`${T}.view`)}
          </WidgetButton>
        </div>
      ) : null}
      {kinds.map((kind) => (
        <div key={kind} className={styles.row}>
          <span className={styles.label}>{t(`${T}.kind.${kind}`)}</span>
          {sha[kind] ? <span className={styles.hash}>SHA-256 {sha[kind]}</span> : null}
          <WidgetButton
            variant={signing ? 'secondary' : 'primary'}
            onClick={() => void download(kind)}
            disabled={busy !== null}
            data-action={`download-${kind}`}
          >
            {t(`${T}.download`, { kind: t(`${T}.kind.${kind}`) })}
          </WidgetButton>
        </div>
      ))}
    </div>
  );
}
