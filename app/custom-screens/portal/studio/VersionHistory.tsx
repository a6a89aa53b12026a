import { useEngineText } from '../../../../engine/text';
import { WidgetButton } from '../../../../widgets/common/button';
import type { StudioDiff, StudioVersionRow } from './studio-types';
import styles from './studio.module.css';

const T = 'screen.screenStudio';

const when = (iso: string) => {
  const d = new Date(iso);
  // The app shows Korea's time whatever the browser's zone.
  const kst = new Date(d.getTime() + 9 * 3600_000);
  return kst.toISOString().slice(0, 16).replace('T', ' ');
};

/** The published versions, newest first: compare one with the draft, or restore it. */
export function VersionHistory({ rows, canWrite, diff, onDiff, onRestore, onCloseDiff }: { rows: StudioVersionRow[]; canWrite: boolean; diff: StudioDiff | null; onDiff(versionNo: number): void; onRestore(versionNo: number): void; onCloseDiff(): void }) {
  const t = useEngineText();
  // The server notes a restore as `v1 복원` when no note was typed: said once, not twice.
  const restoredNote = (version: number) => t(`${T}.restoredFrom`, { version });
  return (
    <section className={styles.panel} aria-labelledby="studio-versions-title">
      <h3 id="studio-versions-title" className={styles.h3}>
        {t(`${T}.versionsTitle`)}
      </h3>
      {rows.length === 0 ? (
        <p className={styles.muted}>{t(`${T}.versionsEmpty`)}</p>
      ) : (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t(`${T}.vcol.version`)}</th>
              <th scope="col">{t(`${T}.vcol.note`)}</th>
              <th scope="col">{t(`${T}.vcol.by`)}</th>
              <th scope="col">{t(`${T}.vcol.at`)}</th>
              <th scope="col">{t(`${T}.vcol.state`)}</th>
              <th scope="col">
                <span className={styles.srOnly}>{t(`${T}.diff`)}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((v) => (
              <tr key={v.versionNo}>
                <th scope="row">v{v.versionNo}</th>
                <td>
                  {v.note ?? ''}
                  {v.restoredFrom !== null && restoredNote(v.restoredFrom) !== v.note?.trim() && (
                    <span className={styles.muted}> ({restoredNote(v.restoredFrom)})</span>
                  )}
                </td>
                <td>{v.createdBy}</td>
                <td>{when(v.createdAt)}</td>
                <td>{v.published ? <strong>{t(`${T}.current`)}</strong> : ''}</td>
                <td className={styles.actions}>
                  <WidgetButton size="small" onClick={() => onDiff(v.versionNo)} aria-label={`v${v.versionNo} ${t(`${T}.diff`)}`}>
                    {t(`${T}.diff`)}
                  </WidgetButton>
                  {canWrite && (
                    <WidgetButton size="small" onClick={() => onRestore(v.versionNo)} aria-label={`v${v.versionNo} ${t(`${T}.restore`)}`}>
                      {t(`${T}.restore`)}
                    </WidgetButton>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {diff && (
        <div className={styles.diff} role="region" aria-label={t(`${T}.diffTitle`, { from: diff.from.slice(1), to: diff.to === 'draft' ? t(`${T}.diffDraft`) : diff.to })}>
          <div className={styles.diffHead}>
            <strong>{t(`${T}.diffTitle`, { from: diff.from.slice(1), to: diff.to === 'draft' ? t(`${T}.diffDraft`) : diff.to })}</strong>
            <WidgetButton size="small" onClick={onCloseDiff}>
              {t(`${T}.closeDiff`)}
            </WidgetButton>
          </div>
          {diff.lines.every((l) => l.op === '=') && diff.labels.length === 0 ? (
            <p className={styles.muted}>{t(`${T}.diffSame`)}</p>
          ) : (
            <pre className={styles.diffText} data-testid="studio-diff">
              {diff.lines.map((l, i) => (
                <span key={i} className={l.op === '+' ? styles.added : l.op === '-' ? styles.removed : undefined}>
                  {`${l.op === '=' ? ' ' : l.op} ${l.text}\n`}
                </span>
              ))}
            </pre>
          )}
          {diff.labels.length > 0 && (
            <div>
              <strong>{t(`${T}.diffLabels`)}</strong>
              <ul>
                {diff.labels.map((l) => (
                  <li key={l.field}>
                    <code>{l.field}</code>: {l.from ? `${l.from.ko} / ${l.from.en}` : '—'} → {l.to ? `${l.to.ko} / ${l.to.en}` : '—'}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      )}
    </section>
  );
}
