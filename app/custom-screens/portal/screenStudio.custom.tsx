/**
 * 포털관리 › 화면관리 › 화면 스튜디오 (/portal/screen/studio, docs/studio.md): an analyst
 * writes a screen definition, sees the server's check at its place, previews it with the real
 * engine against the real API, publishes it to a menu for chosen groups, compares and restores
 * versions, and exports the `.screen.json` a developer commits to screens/.
 *
 * Why a custom component: it is an editor of definitions (a code editor, a live preview of another
 * definition, a version diff) — no document screen a definition can describe. The editor itself
 * (CodeMirror) is a chunk of its own, loaded when a screen is opened.
 */
import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { callOperation, OperationError, useEngineServices, type CustomScreenProps } from '../../../engine';
import { useEngineText } from '../../../engine/text';
import { WidgetButton } from '../../../widgets/common/button';
import { useDialogs } from '../../../widgets/modal/modal-context';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { useSessionStore } from '../../stores/session';
import { menuAuthority } from '../../services/engine-services';
import type { StudioOperation } from './studio/completion';
import { labelledFields, LabelsEditor } from './studio/LabelsEditor';
import { labelsAsShown, labelsByContext } from '../../../lib/screen-check/label-choice';
import { PublishPanel, type PublishChoice } from './studio/PublishPanel';
import type { StudioEditorHandle } from './studio/StudioEditor';
import { NextSteps } from './studio/NextSteps';
import { problemsInWords } from './studio/problem-words';
import { StudioPreview, type PreviewDraft } from './studio/StudioPreview';
import type {
  Labels,
  Problem,
  StudioDiff,
  StudioScreen,
  StudioScreenRow,
  StudioVersionRow,
} from './studio/studio-types';
import { VersionHistory } from './studio/VersionHistory';
import { definitionHistory } from './studio/designer/history';
import styles from './studio/studio.module.css';
import { words, type StatusWords } from './studio/status-words';

const StudioEditor = lazy(() => import('./studio/StudioEditor'));
// The designer is a chunk of its own, loaded when its tab is first opened.
const DesignerPane = lazy(() => import('./studio/designer/DesignerPane'));
const loadSchema = () =>
  import('../../../schemas/screen.schema.json').then((m) => m.default as unknown as Record<string, unknown>);

const T = 'screen.screenStudio';
const STUDIO_ROUTE = '/portal/screen/studio';

const TEMPLATE = `{
  "kind": "list",
  "title": "",
  "source": { "operation": "", "rowKey": "" },
  "filters": [],
  "columns": []
}
`;

/** The problems an error answer names (400 invalid definition, 413 too large), else none. */
function problemsOf(e: unknown): Problem[] {
  if (!(e instanceof OperationError) || !Array.isArray(e.details)) return [];
  return (e.details as Array<Record<string, unknown>>)
    .filter((d) => typeof d.pointer === 'string')
    .map((d) => ({
      pointer: d.pointer as string,
      message: String(d.message ?? ''),
      ...(typeof d.code === 'string' ? { code: d.code } : {}),
      ...(d.params && typeof d.params === 'object' ? { params: d.params as Record<string, unknown> } : {}),
      suggestion: typeof d.suggestion === 'string' ? d.suggestion : null,
    }));
}

/** A keystroke in the JSON editor: typing within a second is one step of the history. */
const typing = () => ({ coalesce: 'typing', now: performance.now() });

/** JSON or the designer, as tabs (arrow keys move between them, as a tab list's do). */
function EditorTabs({ tab, onTab }: { tab: 'json' | 'designer'; onTab(tab: 'json' | 'designer'): void }) {
  const t = useEngineText();
  const tabs = ['json', 'designer'] as const;
  return (
    <div role="tablist" aria-label={t(`${T}.designer.tabsLabel`)} className={styles.tabs}>
      {tabs.map((name) => (
        <button
          key={name}
          type="button"
          role="tab"
          id={`studio-tab-${name}-tab`}
          aria-selected={tab === name}
          aria-controls={`studio-tab-${name}`}
          tabIndex={tab === name ? 0 : -1}
          className={styles.tab}
          onClick={() => onTab(name)}
          onKeyDown={(e) => {
            if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
            e.preventDefault();
            const next = tabs[(tabs.indexOf(name) + 1) % tabs.length];
            onTab(next);
            document.getElementById(`studio-tab-${next}-tab`)?.focus();
          }}
        >
          {t(name === 'json' ? `${T}.designer.tabJson` : `${T}.designer.tabDesigner`)}
        </button>
      ))}
    </div>
  );
}

export default function ScreenStudio(_props: CustomScreenProps) {
  const t = useEngineText();
  const { i18n } = useTranslation();
  const lang = typeof i18n?.language === 'string' && i18n.language.startsWith('en') ? 'en' : 'ko';
  const services = useEngineServices();
  const dialogs = useDialogs();
  const menus = useSessionStore((s) => s.menus);
  const canWrite = menuAuthority(menus, STUDIO_ROUTE)?.write === true;
  const editor = useRef<StudioEditorHandle>(null);

  const [rows, setRows] = useState<StudioScreenRow[]>([]);
  const [screen, setScreen] = useState<StudioScreen | null>(null);
  // The definition's text lives in the studio's one history, shared by the JSON editor and the designer.
  const source = useStore(definitionHistory, (s) => s.text);
  const [tab, setTab] = useState<'json' | 'designer'>('json');
  const pendingReveal = useRef<{ pointer: string; line?: number; column?: number } | null>(null);
  const [labels, setLabels] = useState<Labels>({});
  // The problems as the server answered them (code and values beside each sentence); shown worded in
  // the language of the moment (problem-words.ts), so a switch to English needs no second check.
  const [problems, setProblems] = useState<Problem[]>([]);
  const [checked, setChecked] = useState(false);
  const [status, setStatus] = useState<StatusWords>('');
  const [preview, setPreview] = useState<PreviewDraft | null>(null);
  const [versions, setVersions] = useState<StudioVersionRow[]>([]);
  const [diff, setDiff] = useState<StudioDiff | null>(null);
  const [operations, setOperations] = useState<StudioOperation[]>([]);
  const [schema, setSchema] = useState<Record<string, unknown> | null>(null);
  const [newName, setNewName] = useState('');
  const [newPortal, setNewPortal] = useState<'I' | 'X'>('I');
  const [groups, setGroups] = useState<Array<{ authGroupId: string; name: string; portal: string }>>([]);
  const [previewGroup, setPreviewGroup] = useState('');
  const runs = useRef(0);

  const fail = useCallback(
    async (e: unknown) => {
      if (e instanceof OperationError && e.status === 409 && e.code === 'VERSION_CONFLICT') {
        setStatus(words(`${T}.conflict`));
        await dialogs.alert(t(`${T}.conflict`));
        return;
      }
      const named = problemsOf(e);
      if (named.length > 0) setProblems(named);
      const message =
        e instanceof OperationError ? (e.serverMessage ?? e.message) : e instanceof Error ? e.message : String(e);
      setStatus(message);
      await dialogs.alert(message);
    },
    [dialogs, t],
  );

  const loadList = useCallback(async () => {
    const r = await callOperation(services, 'listStudioScreens', { query: { size: 500 } });
    setRows(r.rows);
  }, [services]);

  useEffect(() => {
    void callOperation(services, 'listStudioScreens', { query: { size: 500 } })
      .then((r) => setRows(r.rows))
      .catch(fail);
    void callOperation(services, 'listStudioOperations', {}, { quiet: true })
      .then((r) => setOperations(r.rows))
      .catch(() => undefined);
    void loadSchema().then(setSchema);
    // The groups a preview may run as (the server refuses one holding more than the analyst's own).
    void callOperation(services, 'listAdminAuthGroups', { query: { useYn: 'Y', size: 500 } }, { quiet: true })
      .then((r) =>
        setGroups(
          r.rows.map((g) => ({ authGroupId: g.authGroupId, name: `${g.authGroupId} ${g.nameKo}`, portal: g.portal })),
        ),
      )
      .catch(() => undefined);
  }, [services, fail]);

  const show = useCallback(
    async (s: StudioScreen) => {
      setScreen(s);
      definitionHistory.getState().load(s.name, s.source);
      setLabels(s.labels);
      setProblems(s.problems);
      setChecked(true);
      setPreview(null);
      setDiff(null);
      setVersions((await callOperation(services, 'listStudioVersions', { path: { name: s.name } })).rows);
    },
    [services],
  );

  const open = async (name: string) => {
    try {
      await show(await callOperation(services, 'getStudioScreen', { path: { name } }));
    } catch (e) {
      await fail(e);
    }
  };

  const create = async () => {
    try {
      const s = await callOperation(services, 'createStudioScreen', {
        body: { name: newName.trim(), portal: newPortal, source: TEMPLATE },
      });
      setNewName('');
      await loadList();
      await show(s);
      setStatus(words(`${T}.created`, { name: s.name }));
    } catch (e) {
      await fail(e);
    }
  };

  const check = async (): Promise<Problem[] | null> => {
    if (!screen) return null;
    setStatus(words(`${T}.checking`));
    try {
      const r = await callOperation(services, 'checkStudioScreen', {
        body: { name: screen.name, portal: screen.portal, source },
      });
      setProblems(r.problems);
      setChecked(true);
      setStatus(r.valid ? words(`${T}.valid`) : words(`${T}.problemsTitle`, { count: r.problems.length }));
      return r.problems;
    } catch (e) {
      await fail(e);
      return null;
    }
  };

  const save = async () => {
    if (!screen) return;
    try {
      const s = await callOperation(services, 'saveStudioDraft', {
        path: { name: screen.name },
        body: { version: screen.draftVersion, source, labels },
      });
      setScreen(s);
      setProblems(s.problems);
      setChecked(true);
      setStatus(
        s.problems.length
          ? words(`${T}.savedWithProblems`, { count: s.problems.length })
          : words(`${T}.saved`, { version: s.draftVersion }),
      );
      await loadList();
    } catch (e) {
      await fail(e);
    }
  };

  const runPreview = async () => {
    if (!screen) return;
    const found = await check();
    if (!found || found.length > 0) {
      setPreview(null);
      return;
    }
    let asGroup = null;
    if (previewGroup) {
      try {
        asGroup = await callOperation(services, 'getStudioPreviewGroup', { path: { authGroupId: previewGroup } });
      } catch (e) {
        setPreview(null);
        return void (await fail(e));
      }
    }
    runs.current += 1;
    const definition: unknown = JSON.parse(source);
    setPreview({
      name: screen.name,
      portal: screen.portal,
      definition,
      // The words the published screen will show, chosen as the server chooses them (labelsAsShown).
      labels: labelsAsShown(
        labels,
        labelsByContext(
          definition,
          labelledFields(definition),
          labels,
          (id) => operations.find((o) => o.id === id),
          () => null,
        ),
      ),
      run: runs.current,
      asGroup,
    });
  };

  const publish = async (choice: PublishChoice) => {
    if (!screen) return;
    if (!choice.parentId) return void (await dialogs.alert(t(`${T}.needParent`)));
    if (choice.groups.length === 0) return void (await dialogs.alert(t(`${T}.needGroup`)));
    if (!(await dialogs.confirm(t(`${T}.publishConfirm`, { route: screen.route })))) return;
    try {
      const s = await callOperation(services, 'publishStudioScreen', {
        path: { name: screen.name },
        body: { version: screen.draftVersion, ...choice, note: choice.note || undefined },
      });
      await show(s);
      await loadList();
      setStatus(words(`${T}.published`, { version: s.publishedVersion, route: s.route }));
      // The analyst's own menu shows the new row too.
      await services.reloadCodes?.();
    } catch (e) {
      await fail(e);
    }
  };

  const unpublish = async () => {
    if (!screen || !(await dialogs.confirm(t(`${T}.unpublishConfirm`)))) return;
    try {
      await show(
        await callOperation(services, 'unpublishStudioScreen', {
          path: { name: screen.name },
          body: { version: screen.draftVersion },
        }),
      );
      await loadList();
      setStatus(words(`${T}.unpublished`));
      await services.reloadCodes?.();
    } catch (e) {
      await fail(e);
    }
  };

  const showDiff = async (versionNo: number) => {
    if (!screen) return;
    try {
      setDiff(
        await callOperation(services, 'diffStudioVersion', {
          path: { name: screen.name, versionNo },
          query: { against: 'draft' },
        }),
      );
    } catch (e) {
      await fail(e);
    }
  };

  const restore = async (versionNo: number) => {
    if (!screen || !(await dialogs.confirm(t(`${T}.restoreConfirm`, { version: versionNo })))) return;
    try {
      await show(
        await callOperation(services, 'restoreStudioVersion', {
          path: { name: screen.name, versionNo },
          body: { version: screen.draftVersion },
        }),
      );
      await loadList();
      setStatus(words(`${T}.restored`, { version: versionNo }));
    } catch (e) {
      await fail(e);
    }
  };

  const exportFile = async () => {
    if (!screen) return;
    try {
      const r = await callOperation(services, 'exportStudioScreen', { path: { name: screen.name } });
      const download = (name: string, text: string) => {
        const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
        const a = document.createElement('a');
        a.href = url;
        a.download = name;
        a.click();
        setTimeout(() => URL.revokeObjectURL(url), 1000);
      };
      download(r.fileName, r.content);
      if (r.i18n) download(`${screen.name}.i18n.json`, `${JSON.stringify(r.i18n, null, 2)}\n`);
      setStatus(words(`${T}.exported`, { file: r.fileName }));
    } catch (e) {
      await fail(e);
    }
  };

  // Going to a place of the text opens the JSON tab first; the editor is then told where.
  const reveal = (pointer: string, line?: number, column?: number) => {
    if (tab === 'json') return editor.current?.reveal(pointer, line, column);
    pendingReveal.current = { pointer, line, column };
    setTab('json');
  };
  useEffect(() => {
    const r = pendingReveal.current;
    if (tab !== 'json' || !r) return;
    pendingReveal.current = null;
    editor.current?.reveal(r.pointer, r.line, r.column);
  }, [tab]);

  // The labels' fields and their words follow the text a moment behind it (React renders them after
  // the keystroke's own frame): recomputed and drawn for every field at each key, a 60-field form's
  // typing went over 100 ms (bench/designer.ts).
  const settledSource = useDeferredValue(source);
  const fields = useMemo(() => {
    try {
      return labelledFields(JSON.parse(settledSource));
    } catch {
      return Object.keys(labels);
    }
  }, [settledSource, labels]);

  const shownProblems = useMemo(() => problemsInWords(problems, lang, operations), [problems, lang, operations]);

  // Which words each field will show: the analyst's own, its operation's, its built-in screen's, the dictionary's.
  const labelContext = useMemo(() => {
    let def: unknown = null;
    try {
      def = JSON.parse(settledSource);
    } catch {
      def = null;
    }
    const dictionary = (f: string) =>
      t(`field.${f}`) !== `field.${f}` ? { ko: t(`field.${f}`), en: t(`field.${f}`) } : null;
    return labelsByContext(def, fields, labels, (id) => operations.find((o) => o.id === id), dictionary);
  }, [settledSource, fields, labels, operations, t]);

  return (
    <div className={styles.studio}>
      <p className={styles.help}>{t(`${T}.intro`)}</p>
      <p className={styles.status} role="status" aria-live="polite" data-testid="studio-status">
        {typeof status === 'string' ? status : t(status.key, status.values)}
      </p>

      <section className={styles.panel} aria-labelledby="studio-list-title">
        <h2 id="studio-list-title" className={styles.h2}>
          {t(`${T}.listTitle`)}
        </h2>
        {rows.length === 0 ? (
          <p className={styles.muted}>{t(`${T}.empty`)}</p>
        ) : (
          <table className={styles.table}>
            <thead>
              <tr>
                {(['name', 'route', 'title', 'state', 'problems', 'updated'] as const).map((c) => (
                  <th key={c} scope="col">
                    {t(`${T}.col.${c}`)}
                  </th>
                ))}
                <th scope="col">
                  <span className={styles.srOnly}>{t(`${T}.open`)}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.name} aria-current={screen?.name === r.name ? 'true' : undefined}>
                  <th scope="row">{r.name}</th>
                  <td>
                    <code>{r.route}</code>
                  </td>
                  <td>{r.title}</td>
                  <td>
                    {r.publishedVersion === null
                      ? t(`${T}.stateDraft`)
                      : t(`${T}.statePublished`, { version: r.publishedVersion })}
                  </td>
                  <td>{r.problemCount}</td>
                  <td>{r.updatedBy}</td>
                  <td>
                    <WidgetButton
                      size="small"
                      onClick={() => void open(r.name)}
                      aria-label={`${r.name} ${t(`${T}.open`)}`}
                    >
                      {t(`${T}.open`)}
                    </WidgetButton>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {canWrite && (
          <form
            className={styles.newForm}
            onSubmit={(e) => {
              e.preventDefault();
              void create();
            }}
          >
            <h3 className={styles.h3}>{t(`${T}.newTitle`)}</h3>
            <label className={styles.field}>
              <span>{t(`${T}.name`)}</span>
              <input
                className={styles.input}
                value={newName}
                onChange={(e) => setNewName(e.target.value)}
                pattern="[a-z][A-Za-z0-9]{1,37}"
                required
                maxLength={38}
                aria-describedby="studio-name-help"
              />
            </label>
            <span id="studio-name-help" className={styles.help}>
              {t(`${T}.nameHelp`)}
            </span>
            <label className={styles.field}>
              <span>{t(`${T}.portal`)}</span>
              <select
                className={styles.input}
                value={newPortal}
                onChange={(e) => setNewPortal(e.target.value as 'I' | 'X')}
              >
                <option value="I">{t(`${T}.portalI`)}</option>
                <option value="X">{t(`${T}.portalX`)}</option>
              </select>
            </label>
            <WidgetButton type="submit" variant="primary">
              {t(`${T}.create`)}
            </WidgetButton>
          </form>
        )}
        <NextSteps
          canWrite={canWrite}
          rows={rows}
          onOpened={show}
          onChanged={loadList}
          fail={fail}
          setStatus={setStatus}
        />
      </section>

      {screen && (
        <>
          <section className={styles.panel} aria-labelledby="studio-editor-title">
            <h2 id="studio-editor-title" className={styles.h2}>
              {t(`${T}.editorTitle`, { name: screen.name })} <code className={styles.route}>{screen.route}</code>
            </h2>
            <div className={styles.toolbar}>
              <WidgetButton onClick={() => void check()}>{t(`${T}.check`)}</WidgetButton>
              {canWrite && (
                <WidgetButton variant="primary" onClick={() => void save()}>
                  {t(`${T}.save`)}
                </WidgetButton>
              )}
              <WidgetButton onClick={() => void runPreview()}>{t(`${T}.preview`)}</WidgetButton>
              <WidgetButton onClick={() => void exportFile()}>{t(`${T}.exportFile`)}</WidgetButton>
            </div>
            <div className={`${styles.workspace} ${tab === 'designer' ? styles.workspaceWide : ''}`}>
              <div className={styles.editorPane}>
                <EditorTabs tab={tab} onTab={setTab} />
                {/* The JSON editor stays mounted behind the designer: its place, its fixes and its focus are kept. */}
                <div
                  role="tabpanel"
                  id="studio-tab-json"
                  aria-labelledby="studio-tab-json-tab"
                  className={styles.editorBox}
                  hidden={tab !== 'json'}
                >
                  {schema ? (
                    <Suspense fallback={<p className={styles.muted}>{t(`${T}.editorLoading`)}</p>}>
                      <StudioEditor
                        ref={editor}
                        value={source}
                        onChange={(text) => definitionHistory.getState().replace(text, typing())}
                        onUndo={() => definitionHistory.getState().undo()}
                        onRedo={() => definitionHistory.getState().redo()}
                        problems={shownProblems}
                        schema={schema}
                        operations={operations}
                        label={t(`${T}.editorLabel`)}
                        fixLabel={(name) => t(`${T}.fix`, { name })}
                        usedBy={(screens) => t(`${T}.usedBy`, { screens: screens.join(', ') })}
                      />
                    </Suspense>
                  ) : (
                    <p className={styles.muted}>{t(`${T}.editorLoading`)}</p>
                  )}
                </div>
                {tab === 'designer' && (
                  <div role="tabpanel" id="studio-tab-designer" aria-labelledby="studio-tab-designer-tab">
                    {schema ? (
                      <Suspense fallback={<p className={styles.muted}>{t(`${T}.designer.loading`)}</p>}>
                        <DesignerPane
                          problems={problems}
                          labels={labels}
                          schema={schema}
                          operations={operations}
                          readOnly={!canWrite}
                          onReveal={(pointer) => reveal(pointer)}
                        />
                      </Suspense>
                    ) : (
                      <p className={styles.muted}>{t(`${T}.designer.loading`)}</p>
                    )}
                  </div>
                )}
                <div className={styles.problems} aria-labelledby="studio-problems-title">
                  <h3 id="studio-problems-title" className={styles.h3}>
                    {problems.length
                      ? t(`${T}.problemsTitle`, { count: problems.length })
                      : checked
                        ? t(`${T}.noProblems`)
                        : ''}
                  </h3>
                  <ul className={styles.problemList} data-testid="studio-problems">
                    {shownProblems.map((p, i) => (
                      <li key={`${p.pointer}-${i}`} className={styles.problem}>
                        <span data-pointer={p.pointer}>{p.message}</span>{' '}
                        {p.suggestion && (
                          <strong className={styles.suggestion}>{t(`${T}.suggestion`, { name: p.suggestion })}</strong>
                        )}
                        <span className={styles.actions}>
                          <WidgetButton
                            size="small"
                            onClick={() => reveal(p.pointer, p.line, p.column)}
                            aria-label={`${t(`${T}.goTo`)}: ${p.line !== undefined ? t(`${T}.lineColumn`, { line: p.line, column: p.column ?? 1 }) : (p.place ?? p.pointer)}`}
                          >
                            {t(`${T}.goTo`)}
                          </WidgetButton>
                          {p.suggestion && canWrite && (
                            <WidgetButton
                              size="small"
                              onClick={() => editor.current?.applySuggestion(p.pointer, p.suggestion!)}
                            >
                              {t(`${T}.applySuggestion`, { name: p.suggestion })}
                            </WidgetButton>
                          )}
                        </span>
                      </li>
                    ))}
                  </ul>
                </div>
              </div>
              <section className={styles.previewPane} aria-labelledby="studio-preview-title">
                <h3 id="studio-preview-title" className={styles.h3}>
                  {t(`${T}.previewTitle`)}
                </h3>
                <label className={styles.field}>
                  <span>{t(`${T}.next.previewAs`)}</span>
                  <select
                    className={styles.input}
                    value={previewGroup}
                    onChange={(e) => setPreviewGroup(e.target.value)}
                    data-testid="studio-preview-as"
                  >
                    <option value="">{t(`${T}.next.previewAsSelf`)}</option>
                    {groups
                      .filter((g) => g.portal === screen.portal)
                      .map((g) => (
                        <option key={g.authGroupId} value={g.authGroupId}>
                          {g.name}
                        </option>
                      ))}
                  </select>
                </label>
                {preview ? (
                  <div className={styles.preview} data-testid="studio-preview">
                    <StudioPreview draft={preview} />
                  </div>
                ) : (
                  <p className={styles.muted}>{problems.length ? t(`${T}.previewInvalid`) : t(`${T}.previewEmpty`)}</p>
                )}
              </section>
            </div>
          </section>
          <LabelsEditor
            fields={fields}
            labels={labels}
            context={labelContext}
            onChange={setLabels}
            readOnly={!canWrite}
          />
          <PublishPanel
            key={`${screen.name}-${screen.publishedVersion}-${screen.publishedVersion === null ? screen.title : ''}`}
            screen={screen}
            canWrite={canWrite}
            blocked={problems.length > 0 || screen.problems.length > 0}
            onPublish={(c) => void publish(c)}
            onUnpublish={() => void unpublish()}
          />
          <VersionHistory
            rows={versions}
            canWrite={canWrite}
            diff={diff}
            onDiff={(n) => void showDiff(n)}
            onRestore={(n) => void restore(n)}
            onCloseDiff={() => setDiff(null)}
          />
        </>
      )}
    </div>
  );
}
