import { useId, useState, type ChangeEvent } from 'react';
import { useFrame } from '../../../engine/runtime/frame';

/** A file chosen on the user's disk and read, ready to go in a request body. */
export interface PickedFile<C> {
  name: string;
  content: C;
}

/**
 * The file-pick-and-send block of the screens that send a file's contents (contract verification's
 * PDF, the 정발행 XML intake): the engine's forms send fields, not a file's bytes, so these read
 * the file here. `read` gives the content, or null when it is over the server's limit — then the
 * choice is undone and `tooLarge` is alerted. `send` runs the request with the button disabled and
 * shows a refusal's Korean message.
 */
export function useFilePickAndSend<C>({
  read,
  tooLarge,
  onPick,
}: {
  read: (file: File) => Promise<C | null>;
  tooLarge: string;
  /** Any other choice (or none) makes an earlier answer stale. */
  onPick?: () => void;
}) {
  const frame = useFrame();
  const [file, setFile] = useState<PickedFile<C> | null>(null);
  const [busy, setBusy] = useState(false);

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0];
    onPick?.();
    if (!chosen) return setFile(null);
    const content = await read(chosen);
    if (content === null) {
      e.target.value = '';
      setFile(null);
      return frame.alert(tooLarge);
    }
    setFile({ name: chosen.name, content });
  };

  const send = async (request: () => Promise<void>) => {
    setBusy(true);
    try {
      await request();
    } catch (error) {
      await frame.alertError(error);
    } finally {
      setBusy(false);
    }
  };

  return { file, choose, busy, send };
}

/** The labelled file input, with the chosen file's name beside it. */
export function FilePickRow({
  label,
  accept,
  fileName,
  onChange,
  styles,
}: {
  label: string;
  accept: string;
  fileName: string | undefined;
  onChange: (e: ChangeEvent<HTMLInputElement>) => Promise<void>;
  styles: { row?: string; label?: string; muted?: string };
}) {
  const id = useId();
  return (
    <div className={styles.row}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <input id={id} type="file" accept={accept} onChange={(e) => void onChange(e)} />
      {fileName && <span className={styles.muted}>{fileName}</span>}
    </div>
  );
}
