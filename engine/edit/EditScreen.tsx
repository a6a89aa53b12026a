import { useCallback, useEffect, useState } from 'react';
import { WidgetButton } from '../../widgets/common/button';
import { isOperationId, operations } from '../../schemas/operations.generated';
import type { EditScreenDef } from '../definition/types';
import { buildInputs } from '../runtime/actions';
import { useFrame } from '../runtime/frame';
import { useScreenTitle } from '../runtime/screen-title';
import { useEngineServices } from '../services';
import { ScreenHeader } from '../ui/parts';
import styles from '../ui/engine.module.css';
import { OperationError } from '../services';
import { ChoosePanel } from './ChoosePanel';
import { EditBodyView } from './EditBodyView';
import { needsKey } from './needs-key';
import { NoRecord } from './NoRecord';

type Values = Record<string, unknown>;

const blank = (v: unknown) => v === null || v === undefined || v === '';
/** The address's query as one string, whatever the parameters' order. */
const addressKey = (query: Record<string, string>) =>
  JSON.stringify(Object.entries(query).sort(([a], [b]) => a.localeCompare(b)));

/**
 * An edit screen: with its key in the query it loads the record and updates it; without, it
 * creates one — or, when it cannot create (needs-key.ts), says that nothing is selected. The body (sections, details, attachments, actions) is EditBodyView.
 */
export function EditScreen() {
  const frame = useFrame();
  const services = useEngineServices();
  const { t } = frame;
  const def = frame.def as EditScreenDef;
  const keyString = (def.key ?? []).map((k) => frame.query[k] ?? '').join('\u0000');
  const queryKey = addressKey(frame.query);
  // Staff at a supplier's own page name the supplier first (def.choose): nothing is loaded until then.
  const choosing =
    !!def.choose &&
    (!def.choose.portal || def.choose.portal === frame.portal) &&
    (frame.query[def.choose.param] ?? '') === '';
  // A singleton (my company, my account) is always there to load: it needs no key in the address.
  const hasKey =
    !choosing &&
    ((def.singleton === true && !!def.load) ||
      ((def.key?.length ?? 0) > 0 && (def.key ?? []).every((k) => (frame.query[k] ?? '') !== '')));
  // A screen that cannot create, opened without its key, says nothing is selected (no empty form).
  const missing = !choosing && !hasKey && needsKey(def);
  // A record created here has its key put in the address (F5, a copied link open it again). The body
  // that saved it stays as it is: `adopted` says this address is that record, so it is not read again.
  const [adopted, setAdopted] = useState<{ queryKey: string; bodyKey: string; record: Values } | null>(null);
  const adoptedHere = adopted?.queryKey === queryKey ? adopted : null;
  const keyInAddress = !frame.dialog && !!def.route && !def.singleton && !def.choose && (def.key?.length ?? 0) > 0;
  const onCreated = (created: Values) => {
    const keys = def.key ?? [];
    if (!keyInAddress || !keys.every((k) => !blank(created[k]))) return;
    const query = { ...frame.query, ...Object.fromEntries(keys.map((k) => [k, String(created[k])])) };
    setAdopted({ queryKey: addressKey(query), bodyKey: adoptedHere?.bodyKey ?? queryKey, record: created });
    void frame.open({ route: def.route!, replace: true }, query);
  };
  // 신규 on a record named by the address: the address loses the key (F5 then opens an empty form).
  const onNew = () => {
    const keys = def.key ?? [];
    if (!keyInAddress || !keys.some((k) => (frame.query[k] ?? '') !== '')) return;
    void frame.open(
      { route: def.route!, replace: true },
      Object.fromEntries(Object.entries(frame.query).filter(([k]) => !keys.includes(k))),
    );
  };
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<{
    key: string;
    attempt: number;
    record: Values | null;
    error: string | null;
  } | null>(null);

  /** The load call's inputs: the definition's params; path parameters it leaves out are taken by name from the query. */
  const loadInput = (query: Record<string, string> = frame.query) => {
    const input = buildInputs(def.load!.params, { query, login: services.loginData() });
    if (isOperationId(def.load!.operation)) {
      input.path = {
        ...Object.fromEntries(operations[def.load!.operation].pathParams.map((p) => [p, query[p]])),
        ...input.path,
      };
    }
    return input;
  };

  /** The `reloadRecord` effect: the record read again, shown in place (no loading state); an error is shown and keeps what is there. */
  const reloadRecord = async (shown?: Values | null): Promise<Values | null> => {
    if (!def.load) return null;
    // A record created on this screen has no key in the address: its key comes from the record shown.
    const keys = def.key ?? [];
    const fromShown =
      !hasKey &&
      !!shown &&
      keys.length > 0 &&
      keys.every((k) => shown[k] !== null && shown[k] !== undefined && shown[k] !== '');
    if (!hasKey && !fromShown) return null;
    const query = fromShown
      ? { ...frame.query, ...Object.fromEntries(keys.map((k) => [k, String(shown![k])])) }
      : frame.query;
    try {
      return (await services.call(def.load.operation, loadInput(query))) as Values;
    } catch (e) {
      await frame.alertError(e);
      return null;
    }
  };

  useEffect(() => {
    if (!hasKey || !def.load || adoptedHere) return;
    // A refusal the app foresees (the password check not made in this session) is not asked for.
    const foreseen = Object.keys(def.refused ?? {}).find((code) => services.foreseesRefusal?.(code));
    if (foreseen) {
      void frame.open({ ...def.refused![foreseen], replace: true }, {});
      return;
    }
    let live = true;
    const input = loadInput();
    services.call(def.load.operation, input).then(
      (record) => live && setLoaded({ key: keyString, attempt, record: record as Values, error: null }),
      (e: unknown) => {
        if (!live) return;
        // A refusal the definition knows what to do about (def.refused): go there instead of showing it.
        const next = e instanceof OperationError && e.code ? def.refused?.[e.code] : undefined;
        if (next) void frame.open({ ...next, replace: true }, {});
        else setLoaded({ key: keyString, attempt, record: null, error: e instanceof Error ? e.message : String(e) });
      },
    );
    return () => {
      live = false;
    };
    // keyString stands for the query's key fields.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hasKey, def.load, services, keyString, attempt, !!adoptedHere]);

  // Without a key the screen creates a record; with one it waits for this key's answer.
  const current = loaded && loaded.key === keyString && loaded.attempt === attempt ? loaded : null;
  const state: 'loading' | 'ready' | 'failed' =
    !hasKey || !def.load || adoptedHere ? 'ready' : !current ? 'loading' : current.error !== null ? 'failed' : 'ready';
  const record = adoptedHere ? adoptedHere.record : hasKey && def.load ? (current?.record ?? null) : null;
  const error = current?.error ?? null;
  // The body's mode for this address (a record created here turns the form into its update); until
  // the body says, the address decides: with a key it is an update.
  const [bodyMode, setBodyMode] = useState<{ queryKey: string; mode: 'create' | 'update' } | null>(null);
  const onMode = useCallback((mode: 'create' | 'update') => setBodyMode({ queryKey, mode }), [queryKey]);
  const mode = bodyMode?.queryKey === queryKey ? bodyMode.mode : hasKey ? 'update' : 'create';
  const title = mode === 'update' && def.updateTitle ? def.updateTitle : def.title;
  // The document title says what the heading says (the page's title is the definition's otherwise).
  useScreenTitle(title === def.title ? null : t(title));

  return (
    <>
      {!frame.dialog && (
        <ScreenHeader
          title={t(title)}
          badge={frame.authority && !frame.authority.write ? t('engine.readOnly') : null}
        />
      )}
      {choosing && def.choose && (
        <ChoosePanel
          choose={def.choose}
          onChoose={(value) =>
            void frame.open({ route: def.route, replace: true }, { ...frame.query, [def.choose!.param]: value })
          }
        />
      )}
      {state === 'loading' && <p className={styles.muted}>{t('engine.loading')}</p>}
      {state === 'failed' && (
        <div className={styles.warning} role="alert">
          {t('engine.loadFailed', { message: error ?? '' })}{' '}
          <WidgetButton size="small" onClick={() => setAttempt((n) => n + 1)}>
            {t('engine.retry')}
          </WidgetButton>
        </div>
      )}
      {/* Keyed by the whole query: a link to this screen with other parameters (a record created here
          keeps no key in the address; /itemExcelUpDetail?replaces=… after an upload) starts afresh. */}
      {missing && <NoRecord />}
      {state === 'ready' && !choosing && !missing && (
        <EditBodyView
          key={adoptedHere?.bodyKey ?? queryKey}
          body={def}
          at=""
          record={record}
          reloadRecord={reloadRecord}
          onMode={onMode}
          onCreated={onCreated}
          onNew={onNew}
        />
      )}
    </>
  );
}
