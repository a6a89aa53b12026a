import {
  Component,
  createElement,
  Suspense,
  useEffect,
  useMemo,
  useState,
  type ErrorInfo,
  type ReactNode,
} from 'react';
import { useSearchParams } from 'react-router-dom';
import { crossCheckDefinition } from '../definition/cross-check';
import { DefinitionError, type DefinitionProblem } from '../definition/problems';
import type { ScreenDef } from '../definition/types';
import { expressionsOf, validateDefinition } from '../definition/validate';
import { screenKind } from '../registry/kind-lookup';
import { useEngineServices } from '../services';
import { useEngineText } from '../text';
import { DefinitionErrorView } from '../ui/parts';
import { useEngineConfig } from './engine-context';
import { ScreenFrame, type DialogControl } from './frame';
import { ScreenTitleContext } from './screen-title';
import { withFieldLabels } from './field-labels';
import { definitionForPortal } from './for-portal';
import type { ScreenEntry } from './registry';

export interface ScreenPageProps {
  /** A screen of the registry … */
  id?: string;
  /** … or an entry given directly (stories, tests). */
  entry?: ScreenEntry;
  /** Query parameters; default: the address's. */
  query?: Record<string, string>;
  dialog?: DialogControl | null;
}

/**
 * One screen: its definition validated (and, in development, cross-checked against the OpenAPI
 * document), then rendered by its kind inside the engine's frame. A bad definition shows its
 * problems — file, JSON pointer, what was expected — never a blank page.
 */
export function ScreenPage({ id, entry: given, query, dialog = null }: ScreenPageProps) {
  const config = useEngineConfig();
  const services = useEngineServices();
  const portal = services.portal();
  const t = useEngineText();
  const entry = given ?? (id ? config.screens.get(id) : undefined);
  const [params] = useSearchParams();
  const urlQuery = useMemo(() => Object.fromEntries(params.entries()), [params]);
  const problems = useMemo(() => (entry ? validateDefinition(entry.definition, entry.file) : []), [entry]);
  const [apiProblems, setApiProblems] = useState<DefinitionProblem[]>([]);
  const { loadApiIndex } = config;

  useEffect(() => {
    if (!entry || problems.length > 0 || !loadApiIndex) return;
    let live = true;
    const def = entry.definition as ScreenDef;
    const ids = new Set(config.screens.list().map((e) => e.id));
    loadApiIndex()
      .then((api) => {
        if (live) setApiProblems(crossCheckDefinition(def, api, entry.file, ids, expressionsOf(def)));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [entry, problems, loadApiIndex, config.screens]);

  if (!entry)
    return (
      <DefinitionErrorView
        problems={[{ file: 'screens/', pointer: '', message: t('engine.unknownScreen', { id: id ?? '?' }) }]}
      />
    );
  const all = problems.length > 0 ? problems : apiProblems;
  if (all.length > 0) {
    const title = (entry.definition as Partial<ScreenDef> | undefined)?.title;
    return <DefinitionErrorView problems={all} title={typeof title === 'string' ? t(title) : entry.id} />;
  }
  return <ValidScreen entry={entry} portal={portal} query={query ?? urlQuery} dialog={dialog} />;
}

/** A validated definition as this portal shows it (parts marked for the other portal left out), rendered by its kind. */
function ValidScreen({
  entry,
  portal,
  query,
  dialog,
}: {
  entry: ScreenEntry;
  portal: 'internal' | 'external';
  query: Record<string, string>;
  dialog: DialogControl | null;
}) {
  const t = useEngineText();
  const services = useEngineServices();
  const { kinds } = useEngineConfig();
  const def = useMemo(
    () => withFieldLabels(definitionForPortal(entry.definition as ScreenDef, portal)),
    [entry, portal],
  );
  // The page's screen names the document (a dialog's screen does not): follows the language too, and
  // the kind's own name for what it shows (screen-title.tsx) when it gives one.
  const [kindTitle, setKindTitle] = useState<string | null>(null);
  const title = kindTitle ?? t(def.title);
  useEffect(() => {
    if (dialog) return;
    services.pageTitle?.(title);
    return () => services.pageTitle?.(null);
  }, [dialog, services, title]);
  const Kind = screenKind(kinds, def.kind, `${entry.file}#/kind`);
  return (
    <ScreenErrorBoundary file={entry.file} key={entry.id}>
      <ScreenTitleContext.Provider value={dialog ? null : setKindTitle}>
        <ScreenFrame def={def} file={entry.file} query={query} dialog={dialog} page={ScreenPage}>
          <Suspense fallback={<p>{t('engine.loading')}</p>}>{createElement(Kind)}</Suspense>
        </ScreenFrame>
      </ScreenTitleContext.Provider>
    </ScreenErrorBoundary>
  );
}

/** A definition problem found while rendering (an unknown widget, say) shows like the others. */
class ScreenErrorBoundary extends Component<{ file: string; children: ReactNode }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    if (!(error instanceof DefinitionError)) console.error('screen failed', error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const problems =
      error instanceof DefinitionError
        ? error.problems
        : [{ file: this.props.file, pointer: '', message: error.message }];
    return <DefinitionErrorView problems={problems} />;
  }
}
