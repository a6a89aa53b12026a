import { useTranslation } from 'react-i18next';
import { placeWords } from '../../../../lib/screen-check/words';
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

type Change = NonNullable<StudioDiff['changes']>[number];

/** A value in a line: short JSON, cut when long. */
const shortly = (v: unknown) => {
  const text = JSON.stringify(v) ?? '';
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
};

/** An item's own name (a column's field, an action's id), to say which one moved. */
const nameOf = (v: unknown) => {
  const o = (v && typeof v === 'object' ? v : {}) as Record<string, unknown>;
  const name = [o.field, o.id, o.name].find((x) => typeof x === 'string');
  return typeof name === 'string' ? name : typeof v === 'string' ? v : '';
};

/** One change of the structural diff, in words. */
function ChangeLine({ change, lang }: { change: Change; lang: 'ko' | 'en' }) {
  const t = useEngineText();
  const place = placeWords(change.pointer, lang);
  switch (change.op) {
    case 'add':
      return <li className={styles.added}>{t(`${T}.change.add`, { place, value: shortly(change.after) })}</li>;
    case 'remove':
      return <li className={styles.removed}>{t(`${T}.change.remove`, { place, value: shortly(change.before) })}</li>;
    case 'move':
      return (
        <li>
          {t(`${T}.change.move`, { place, from: placeWords(change.from ?? '', lang), name: nameOf(change.value) })}
        </li>
      );
    default:
      return (
        <li>{t(`${T}.change.change`, { place, before: shortly(change.before), after: shortly(change.after) })}</li>
      );
  }
}

/** The published versions, newest first: compare one with the draft, or restore it. */
export function VersionHistory({
  rows,
  canWrite,
  diff,
  onDiff,
  onRestore,
  onCloseDiff,
}: {
  rows: StudioVersionRow[];
  canWrite: boolean;
  diff: StudioDiff | null;
  onDiff(versionNo: number): void;
  onRestore(versionNo: number): void;
  onCloseDiff(): void;
}) {
  const t = useEngineText();
  const { i18n } = useTranslation();
  const lang = typeof i18n?.language === 'string' && i18n.language.startsWith('en') ? 'en' : 'ko';
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
                  <WidgetButton
                    size="small"
                    onClick={() => onDiff(v.versionNo)}
                    aria-label={`v${v.versionNo} ${t(`${T}.diff`)}`}
                  >
                    {t(`${T}.diff`)}
                  </WidgetButton>
                  {canWrite && (
                    <WidgetButton
                      size="small"
                      onClick={() => onRestore(v.versionNo)}
                      aria-label={`v${v.versionNo} ${t(`${T}.restore`)}`}
                    >
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
        <div
          className={styles.diff}
          role="region"
          aria-label={t(`${T}.diffTitle`, {
            from: diff.from.slice(1),
            to: diff.to === 'draft' ? t(`${T}.diffDraft`) : diff.to,
          })}
        >
          <div className={styles.diffHead}>
            <strong>
              {t(`${T}.diffTitle`, {
                from: diff.from.slice(1),
                to: diff.to === 'draft' ? t(`${T}.diffDraft`) : diff.to,
              })}
            </strong>
            <WidgetButton size="small" onClick={onCloseDiff}>
              {t(`${T}.closeDiff`)}
            </WidgetButton>
          </div>
          {diff.changes ? (
            // By JSON pointer: formatting alone is no change, a moved column one move.
            diff.changes.length === 0 && diff.labels.length === 0 ? (
              <p className={styles.muted}>{t(`${T}.diffSame`)}</p>
            ) : diff.changes.length > 0 ? (
              <ul className={styles.diffChanges} data-testid="studio-diff">
                {diff.changes.map((c, i) => (
                  <ChangeLine key={i} change={c} lang={lang} />
                ))}
              </ul>
            ) : null
          ) : diff.lines.every((l) => l.op === '=') && diff.labels.length === 0 ? (
            <p className={styles.muted}>{t(`${T}.diffSame`)}</p>
          ) : (
            // A side that is not valid JSON: compare the lines.
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
                    <code>{l.field}</code>: {l.from ? `${l.from.ko} / ${l.from.en}` : '—'} →{' '}
                    {l.to ? `${l.to.ko} / ${l.to.en}` : '—'}
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
