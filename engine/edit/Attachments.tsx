import { FileUpload } from '../../widgets/file-upload/file-upload';
import styles from '../ui/engine.module.css';

export interface AttachmentsProps {
  fileId: string;
  /** A first upload creates the file group: its id goes into the form. */
  onFileId: (fileId: string) => void;
  readOnly: boolean;
  kind: 'any' | 'spreadsheet';
  label: string;
}

/** The record's attachments (a file group) through the FileUpload widget: list, upload, download, delete. */
export function Attachments({ fileId, onFileId, readOnly, kind, label }: AttachmentsProps) {
  return (
    <section className={`${styles.panel} ${styles.section}`} data-attachments>
      <h2 className={styles.sectionTitle}>{label}</h2>
      <FileUpload
        fileId={fileId || null}
        kind={kind}
        readOnly={readOnly}
        aria-label={label}
        onChange={(group) => group.fileId !== fileId && onFileId(group.fileId)}
      />
    </section>
  );
}
