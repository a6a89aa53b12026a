/**
 * The kept XML and PDF of one tax invoice (a dialog of /taxInvoiceDetail): each with its SHA-256,
 * its size and the day until which it is kept, downloaded with the user's token.
 *
 * Why a custom component: the engine's calls read JSON; GET …/tax-invoices/{mgtKey}/files/{format}
 * answers the file itself (XML or PDF), which no definition kind or action saves as a download.
 */
import { useEffect, useState } from 'react';
import type { CustomScreenProps } from '../../../engine';
import { useEngineServices } from '../../../engine/services';
import { useFrame } from '../../../engine/runtime/frame';
import { useEngineText } from '../../../engine/text';
import { WidgetButton } from '../../../widgets/common/button';
import { fetchFile, saveFile } from '../settlement/settlement-files';
import styles from './tax-invoice.module.css';

interface KeptFile {
  kind: string;
  sha256: string;
  sizeBytes: number;
  retainUntil: string;
}

const T = 'screen.taxInvoice.files';

export default function TaxInvoiceFiles({ query }: CustomScreenProps) {
  const services = useEngineServices();
  const frame = useFrame();
  const t = useEngineText();
  const mgtKey = query.mgtKey ?? '';
  const [files, setFiles] = useState<KeptFile[] | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => {
    if (!mgtKey) return;
    let live = true;
    services
      .call('getTaxInvoice', { path: { mgtKey } }, { quiet: true })
      .then((answer) => live && setFiles((answer as { files: KeptFile[] }).files))
      .catch((e: unknown) => live && void frame.alertError(e));
    return () => {
      live = false;
    };
  }, [mgtKey, services, frame]);

  const download = async (kind: string) => {
    const format = kind.toLowerCase();
    setBusy(kind);
    try {
      const file = await fetchFile(`/api/v1/tax-invoices/${encodeURIComponent(mgtKey)}/files/${format}`, {});
      saveFile(file.blob, file.fileName ?? `${mgtKey}.${format}`);
    } catch (e) {
      await frame.alertError(e);
    } finally {
      setBusy(null);
    }
  };

  if (files === null) return <p className={styles.muted}>{t(`${T}.loading`)}</p>;
  if (files.length === 0) return <p className={styles.muted}>{t(`${T}.none`)}</p>;
  return (
    <div className={styles.panel}>
      {files.map((f) => (
        <div key={f.kind} className={styles.row}>
          <span className={styles.label}>{t(`${T}.kind.${f.kind}`)}</span>
          <span className={styles.muted}>
            {t(`${T}.keptUntil`, { day: f.retainUntil, size: f.sizeBytes.toLocaleString('ko-KR') })}
          </span>
          <span className={styles.hash}>SHA-256 {f.sha256}</span>
          <WidgetButton
            variant="primary"
            onClick={() => void download(f.kind)}
            disabled={busy !== null}
            data-action={`download-${f.kind.toLowerCase()}`}
          >
            {t(`${T}.download`, { kind: t(`${T}.kind.${f.kind}`) })}
          </WidgetButton>
        </div>
      ))}
    </div>
  );
}
