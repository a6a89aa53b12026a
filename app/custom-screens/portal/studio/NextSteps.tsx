import { useCallback, useEffect, useId, useState } from 'react';
import { callOperation, useEngineServices, type ResultOf } from '../../../../engine';
import { useEngineText } from '../../../../engine/text';
import { WidgetButton } from '../../../../widgets/common/button';
import { useDialogs } from '../../../../widgets/modal/modal-context';
import type { StudioScreen, StudioScreenRow } from './studio-types';
import styles from './studio.module.css';
import { words, type StatusWords } from './status-words';

const T = 'screen.screenStudio.next';
const NAME = /^[a-z][A-Za-z0-9]{1,37}$/;

type Drift = ResultOf<'listStudioDrift'>;
type Generatable = ResultOf<'listStudioGeneratable'>['rows'][number];

/** The screen a file names, as the server reads it: its id (`studio.<name>`), else its file name. */
export function nameOfFile(content: string, fileName: string): string | null {
  try {
    const id = (JSON.parse(content) as { id?: unknown }).id;
    if (typeof id === 'string' && id.startsWith('studio.') && NAME.test(id.slice(7))) return id.slice(7);
  } catch {
    // Malformed text: the server keeps it as a draft with its problems; the file's name names it.
  }
  const base = fileName.replace(/\.screen\.json$/i, '');
  return NAME.test(base) ? base : null;
}

interface Props {
  canWrite: boolean;
  rows: StudioScreenRow[];
  onOpened(s: StudioScreen): Promise<void>;
  onChanged(): Promise<void>;
  fail(e: unknown): Promise<void>;
  setStatus(status: StatusWords): void;
}

/**
 * The analyst's next steps beside the list of screens: bring a `.screen.json` in (with its labels
 * file), generate a list screen from a list operation, and see the published screens the current
 * API contract breaks, each problem at its JSON pointer.
 */
export function NextSteps({ canWrite, rows, onOpened, onChanged, fail, setStatus }: Props) {
  const t = useEngineText();
  const services = useEngineServices();
  const dialogs = useDialogs();
  const id = useId();
  const [screenFile, setScreenFile] = useState<File | null>(null);
  const [labelsFile, setLabelsFile] = useState<File | null>(null);
  const [lists, setLists] = useState<Generatable[]>([]);
  const [operation, setOperation] = useState('');
  const [genName, setGenName] = useState('');
  const [drift, setDrift] = useState<Drift | null>(null);

  const loadDrift = useCallback(async () => {
    try {
      setDrift(await callOperation(services, 'listStudioDrift', {}));
    } catch (e) {
      await fail(e);
    }
  }, [services, fail]);

  useEffect(() => {
    void callOperation(services, 'listStudioDrift', {}).then(setDrift).catch(fail);
    if (canWrite)
      void callOperation(services, 'listStudioGeneratable', {}, { quiet: true })
        .then((r) => setLists([...r.rows].sort((a, b) => a.title.localeCompare(b.title, 'ko'))))
        .catch(() => undefined);
  }, [services, canWrite, fail]);

  const importFile = async () => {
    if (!screenFile) return void (await dialogs.alert(t(`${T}.needFile`)));
    try {
      const content = await screenFile.text();
      let labels: unknown;
      if (labelsFile) {
        try {
          labels = JSON.parse(await labelsFile.text());
        } catch {
          return void (await dialogs.alert(t(`${T}.labelsNotJson`, { file: labelsFile.name })));
        }
      }
      const name = nameOfFile(content, screenFile.name);
      const existing = name ? rows.find((r) => r.name === name) : undefined;
      if (existing && !(await dialogs.confirm(t(`${T}.importAsDraft`, { name: existing.name })))) return;
      const s = await callOperation(services, 'importStudioScreen', {
        body: {
          content,
          fileName: screenFile.name,
          ...(labels === undefined ? {} : { labels }),
          ...(existing ? { version: existing.draftVersion } : {}),
        },
      });
      await onChanged();
      await onOpened(s);
      setStatus(
        s.problems.length
          ? words(`${T}.importedWithProblems`, { name: s.name, count: s.problems.length })
          : words(`${T}.imported`, { name: s.name }),
      );
    } catch (e) {
      await fail(e);
    }
  };

  const generate = async () => {
    if (!operation) return void (await dialogs.alert(t(`${T}.needOperation`)));
    const name = genName.trim();
    try {
      const g = await callOperation(services, 'generateStudioScreen', { body: { operation, name } });
      const s = await callOperation(services, 'createStudioScreen', {
        // The labels the operation's built-in screen gives its fields come with it, editable under 항목 이름.
        body: { name, portal: g.portal, source: g.source, labels: g.labels },
      });
      setGenName('');
      await onChanged();
      await onOpened(s);
      setStatus(
        words(`${T}.generated`, { name: s.name, operation: lists.find((l) => l.id === operation)?.title ?? operation }),
      );
    } catch (e) {
      await fail(e);
    }
  };

  return (
    <>
      {canWrite && (
        <div className={styles.nextSteps}>
          <form
            className={styles.newForm}
            aria-labelledby={`${id}-import`}
            onSubmit={(e) => {
              e.preventDefault();
              void importFile();
            }}
          >
            <h3 id={`${id}-import`} className={styles.h3}>
              {t(`${T}.importTitle`)}
            </h3>
            <label className={styles.field}>
              <span>{t(`${T}.screenFile`)}</span>
              <input
                className={styles.input}
                type="file"
                accept=".json,application/json"
                required
                data-testid="studio-import-file"
                onChange={(e) => setScreenFile(e.target.files?.[0] ?? null)}
              />
            </label>
            <label className={styles.field}>
              <span>{t(`${T}.labelsFile`)}</span>
              <input
                className={styles.input}
                type="file"
                accept=".json,application/json"
                data-testid="studio-import-labels"
                onChange={(e) => setLabelsFile(e.target.files?.[0] ?? null)}
              />
            </label>
            <WidgetButton type="submit">{t(`${T}.import`)}</WidgetButton>
          </form>
          <form
            className={styles.newForm}
            aria-labelledby={`${id}-generate`}
            onSubmit={(e) => {
              e.preventDefault();
              void generate();
            }}
          >
            <h3 id={`${id}-generate`} className={styles.h3}>
              {t(`${T}.generateTitle`)}
            </h3>
            <label className={styles.field}>
              <span>{t(`${T}.operation`)}</span>
              {/* The operations by their names; the id the definition's JSON is written in shows below, as code. */}
              <select
                className={styles.input}
                value={operation}
                required
                aria-describedby={operation ? `${id}-operation-id` : undefined}
                onChange={(e) => setOperation(e.target.value)}
              >
                <option value="">{t('screen.screenStudio.choose')}</option>
                {lists.map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.title}
                  </option>
                ))}
              </select>
            </label>
            {operation && (
              <p className={styles.help} id={`${id}-operation-id`}>
                {t(`${T}.operationId`)} <code>{operation}</code>
              </p>
            )}
            <label className={styles.field}>
              <span>{t(`${T}.genName`)}</span>
              <input
                className={styles.input}
                value={genName}
                onChange={(e) => setGenName(e.target.value)}
                pattern="[a-z][A-Za-z0-9]{1,37}"
                required
                maxLength={38}
              />
            </label>
            <WidgetButton type="submit">{t(`${T}.generate`)}</WidgetButton>
          </form>
        </div>
      )}
      <section className={styles.panel} aria-labelledby={`${id}-drift`} data-testid="studio-drift">
        <h3 id={`${id}-drift`} className={styles.h3}>
          {t(`${T}.driftTitle`)}
        </h3>
        <p className={styles.help}>{t(`${T}.driftHelp`)}</p>
        <WidgetButton size="small" onClick={() => void loadDrift()}>
          {t(`${T}.driftReload`)}
        </WidgetButton>
        {drift && drift.rows.length === 0 && (
          <p className={styles.muted}>{t(`${T}.driftNone`, { count: drift.published })}</p>
        )}
        {drift && drift.rows.length > 0 && (
          <ul className={styles.problemList}>
            {drift.rows.map((r) => (
              <li key={r.name} className={styles.problem}>
                <strong>{r.name}</strong> <code>{r.route}</code> {t(`${T}.driftVersion`, { version: r.versionNo })}
                <ul>
                  {r.problems.map((p, i) => (
                    <li key={`${p.pointer}-${i}`}>
                      <code className={styles.pointer}>{p.pointer || '/'}</code> <span>{p.message}</span>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
