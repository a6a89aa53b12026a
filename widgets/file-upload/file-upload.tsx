import { useEffect, useRef, useState, type DragEvent, type MouseEvent } from 'react';
import { formatBytes, isSpreadsheetFile, isWithinLimit, SPREADSHEET_EXTENSIONS } from '../../lib/file-size';
import { WidgetButton } from '../common/button';
import { isAbortError, serviceErrorMessage } from '../common/errors';
import { useWidgetText, type WidgetText } from '../i18n';
import { useDialogs } from '../modal/modal-context';
import { useWidgetServices, type FileGroup, type FileInfo } from '../services';
import styles from './file-upload.module.css';

export type UploadKind = 'any' | 'spreadsheet';

/**
 * Why files may not be uploaded, one Korean message per refused file (empty: all fine). Checked
 * before anything is sent (spec §5): the size limit in MB of 1048576 bytes (lib/file-size.ts,
 * inclusive), and in spreadsheet mode only .xlsx/.xls.
 */
export function refuseFiles(
  files: readonly Pick<File, 'name' | 'size' | 'type'>[],
  limitMb: number,
  kind: UploadKind,
  t: WidgetText,
): string[] {
  const problems: string[] = [];
  for (const f of files) {
    if (kind === 'spreadsheet' && !isSpreadsheetFile(f.name, f.type || null))
      problems.push(t('fileNotSpreadsheet', { name: f.name }));
    else if (!isWithinLimit(f.size, limitMb))
      problems.push(t('fileTooLarge', { limit: limitMb, name: f.name, size: formatBytes(f.size) }));
  }
  return problems;
}

export interface FileUploadProps {
  /** The file group (attachment id); empty for a new one (the first upload creates it). */
  fileId?: string | null;
  /** The group after every upload or delete (carries the new fileId after the first upload). */
  onChange?: (group: FileGroup) => void;
  /** 'spreadsheet': Excel upload, .xlsx/.xls only (spec §5). */
  kind?: UploadKind;
  /** Only the list with download links. */
  readOnly?: boolean;
  /** Several files at once; default true (false in spreadsheet mode). */
  multiple?: boolean;
  /** Overrides services.uploadLimitMb() (MB of 1048576 bytes). */
  limitMb?: number;
  'aria-label'?: string;
}

/**
 * File upload and download: drag-and-drop or 파일 선택; files over the limit (default 10 MB) or,
 * in spreadsheet mode, not .xlsx/.xls are refused with a Korean message before uploading; a
 * progress bar with 취소 (AbortSignal); the group's files with download links and 삭제.
 */
export function FileUpload({ fileId, onChange, kind = 'any', readOnly, multiple, limitMb, ...rest }: FileUploadProps) {
  const t = useWidgetText();
  const services = useWidgetServices();
  const { confirm, alert } = useDialogs();
  const inputRef = useRef<HTMLInputElement>(null);
  const abortRef = useRef<AbortController | null>(null);
  const [group, setGroup] = useState<FileGroup | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const limit = limitMb ?? services.uploadLimitMb();
  const many = multiple ?? kind !== 'spreadsheet';
  const currentId = fileId || group?.fileId || null;
  const files: FileInfo[] = group && group.fileId === currentId ? group.files : [];

  useEffect(() => {
    if (!fileId) return;
    let live = true;
    services.listFiles(fileId).then(
      (g) => {
        if (live) setGroup(g);
      },
      (e: unknown) => {
        if (live) setError(serviceErrorMessage(e, t('searchFailed')));
      },
    );
    return () => {
      live = false;
    };
  }, [fileId, services, t]);

  useEffect(() => () => abortRef.current?.abort(), []);

  const upload = async (list: File[]) => {
    if (list.length === 0 || progress !== null) return;
    setNotice(null);
    const chosen = many ? list : list.slice(0, 1);
    const problems = refuseFiles(chosen, limit, kind, t);
    if (problems.length > 0) {
      setError(problems.join('\n'));
      return;
    }
    setError(null);
    const controller = new AbortController();
    abortRef.current = controller;
    setProgress(0);
    try {
      const next = await services.uploadFiles(chosen, {
        fileId: currentId ?? undefined,
        kind,
        signal: controller.signal,
        onProgress: (f) => setProgress(f),
      });
      setGroup(next);
      onChange?.(next);
    } catch (e) {
      if (isAbortError(e) || controller.signal.aborted) setNotice(t('fileCancelled'));
      else setError(t('fileUploadFailed', { message: serviceErrorMessage(e, t('searchFailed')) }));
    } finally {
      abortRef.current = null;
      setProgress(null);
    }
  };

  // The link keeps its href (copy link, middle click) but a click downloads with the login header.
  const download = (e: MouseEvent, fileId: string, seq?: number, name?: string) => {
    e.preventDefault();
    setError(null);
    services
      .downloadFile(fileId, seq, name)
      .catch((err: unknown) =>
        setError(t('fileDownloadFailed', { message: serviceErrorMessage(err, t('searchFailed')) })),
      );
  };

  const remove = async (file: FileInfo) => {
    if (!(await confirm(t('fileDeleteConfirm', { name: file.originalName })))) return;
    try {
      const next = await services.deleteFile(file.fileId, file.seq);
      setGroup(next);
      onChange?.(next);
    } catch (e) {
      await alert(serviceErrorMessage(e, t('searchFailed')), { title: t('errorTitle') });
    }
  };

  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setDragging(false);
    void upload(Array.from(e.dataTransfer?.files ?? []));
  };

  const percent = progress === null ? 0 : Math.round(progress * 100);
  return (
    <div className={styles.root} aria-label={rest['aria-label']} role={rest['aria-label'] ? 'group' : undefined}>
      {!readOnly && (
        <div
          className={[styles.zone, dragging ? styles.dragging : ''].join(' ')}
          data-testid="file-drop-zone"
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <span className={styles.zoneLine}>
            {t('fileDrop')}
            <WidgetButton
              variant="primary"
              size="small"
              disabled={progress !== null}
              onClick={() => inputRef.current?.click()}
            >
              {t('fileChoose')}
            </WidgetButton>
          </span>
          <span className={styles.hint}>
            {kind === 'spreadsheet' ? t('fileSpreadsheetHint', { limit }) : t('fileLimitHint', { limit })}
          </span>
          <input
            ref={inputRef}
            type="file"
            className={styles.hiddenInput}
            data-testid="file-input"
            multiple={many}
            accept={kind === 'spreadsheet' ? SPREADSHEET_EXTENSIONS.join(',') : undefined}
            onChange={(e) => {
              const picked = Array.from(e.target.files ?? []);
              e.target.value = '';
              void upload(picked);
            }}
          />
        </div>
      )}
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      {notice && (
        <p className={styles.notice} role="status">
          {notice}
        </p>
      )}
      {progress !== null && (
        <div className={styles.progressRow}>
          <div
            className={styles.progress}
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-label={t('fileUploading', { percent })}
          >
            <div className={styles.bar} style={{ width: `${percent}%` }} />
          </div>
          <span className={styles.size}>{t('fileUploading', { percent })}</span>
          <WidgetButton size="small" onClick={() => abortRef.current?.abort()}>
            {t('cancel')}
          </WidgetButton>
        </div>
      )}
      {files.length > 0 ? (
        <ul className={styles.list} aria-label={t('fileList')}>
          {files.map((f) => (
            <li key={f.seq} className={styles.item}>
              <a
                className={styles.name}
                href={services.downloadUrl(f.fileId, f.seq)}
                download={f.originalName}
                onClick={(e) => download(e, f.fileId, f.seq, f.originalName)}
              >
                {f.originalName}
              </a>
              <span className={styles.size}>{formatBytes(f.sizeBytes)}</span>
              {!readOnly && (
                <WidgetButton
                  size="small"
                  aria-label={`${f.originalName} ${t('delete')}`}
                  disabled={progress !== null}
                  onClick={() => void remove(f)}
                >
                  {t('delete')}
                </WidgetButton>
              )}
            </li>
          ))}
        </ul>
      ) : (
        (readOnly || currentId) && <p className={styles.empty}>{t('fileNone')}</p>
      )}
      {files.length > 1 && currentId && (
        <div className={styles.footer}>
          <a href={services.downloadUrl(currentId)} download onClick={(e) => download(e, currentId)}>
            {t('fileDownloadAll')}
          </a>
        </div>
      )}
    </div>
  );
}
