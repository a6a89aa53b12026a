import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useBlocker } from 'react-router-dom';
import { isOperationId, operations } from '../../schemas/operations.generated';
import type { CallAction, DetailDef, EditBody, FieldDef } from '../definition/types';
import { evalExpr, evalRule, type ExprScope } from '../expr/expr';
import { defaultValue } from '../list/filters';
import type { LoginData } from '../../widgets/services';
import { actionState, buildInputs, linkQuery, normalizeAction, type NormalAction } from '../runtime/actions';
import { useFrame } from '../runtime/frame';
import { runEffects, askAndCall, RefusalDeclined, sendOverruling, withBody } from '../runtime/run-actions';
import { confirmText } from '../runtime/write-words';
import { OperationError, useEngineServices, type OperationInput } from '../services';
import { widgetSpec } from '../registry/widgets';
import { ActionButton } from '../ui/parts';
import styles from '../ui/engine.module.css';
import { answerWarnings } from './answer-warnings';
import { Attachments } from './Attachments';
import {
  changedRows,
  computeCells,
  isDirty,
  loadDetail,
  rowsFromAnswer,
  startDetail,
  validateDetail,
  type CellProblem,
  type DetailState,
} from './detail-state';
import { DetailGrid } from './DetailGrid';
import { SectionsForm, type SectionsFormHandle } from './SectionsForm';
import { useValuesFrom } from './value-from';
import { namedFieldErrors, SCHEMA_REFUSAL } from './server-field-errors';

type Values = Record<string, unknown>;

export interface EditBodyViewProps {
  body: EditBody;
  /** JSON pointer of the body in the definition ('' for edit screens, '/detail' for trees). */
  at: string;
  /** The record as loaded (update) or null (create). */
  record: Values | null;
  /** Extra roots for expressions (a tree's node). */
  extraScope?: ExprScope;
  /** After a save: the server's answer and the mode it was saved in. */
  onSaved?: (answer: unknown, mode: 'create' | 'update') => void;
  onDeleted?: () => void;
  /** 'new' action: start a new record. */
  onNew?: () => void;
  /** Actions listed elsewhere (a tree's toolbar) also run here. */
  extraActions?: NormalAction[];
  /** Reads the record again (the `reloadRecord` effect); null when it cannot be read. */
  reloadRecord?: (shown: Values | null) => Promise<Values | null>;
  /** Told the mode whenever it changes (a create saved becomes an update; `new` goes back): the page's heading follows it. */
  onMode?: (mode: 'create' | 'update') => void;
  /** A record created by a save, now shown for update (the page puts its key in the address). */
  onCreated?: (record: Values) => void;
}

const blank = (v: unknown) => v === null || v === undefined || v === '';

function fieldsOf(body: EditBody): FieldDef[] {
  return body.sections.flatMap((s) => s.fields);
}

/** A new record's values: each field's default — a literal, today / a login part / a preset as a filter's would be, or the address's parameter. */
function emptyValues(body: EditBody, login: LoginData | null, query: Record<string, string>): Values {
  const out: Values = {};
  for (const f of fieldsOf(body)) {
    const d = f.default;
    out[f.field] =
      d === undefined
        ? ''
        : typeof d === 'object' && d !== null && !Array.isArray(d)
          ? defaultValue(d, f.widget, login, new Date(), query)
          : d;
  }
  return out;
}

/** A loaded record's values as its fields' widgets start the form with them (a number without the database's trailing zeros). */
function fromRecord(body: EditBody, record: Values): Values {
  const out = { ...record };
  for (const f of fieldsOf(body)) {
    const spec = widgetSpec(f.widget, f.field);
    if (spec.fromRecord && Object.hasOwn(out, f.field)) out[f.field] = spec.fromRecord(out[f.field]);
  }
  return out;
}

/**
 * Fields with `params` (a compound widget over flat record fields): the widget's value is made
 * from the record's fields, part by part; a record without any of them leaves the widget empty.
 */
function composeCompound(body: EditBody, values: Values): Values {
  const out = { ...values };
  for (const f of fieldsOf(body)) {
    if (!f.params) continue;
    const parts = Object.fromEntries(Object.entries(f.params).map(([part, field]) => [part, values[field] ?? '']));
    out[f.field] = Object.values(parts).some((v) => !blank(v)) ? parts : {};
  }
  return out;
}

/** A value in the type the server expects (numbers without commas, booleans from Y/N). */
function typed(f: Pick<FieldDef, 'type' | 'widget'>, v: unknown): unknown {
  const type = f.type ?? (f.widget === 'number' ? 'number' : 'string');
  if (type === 'integer' || type === 'number') {
    if (blank(v)) return undefined;
    const n = Number(String(v).replace(/,/g, ''));
    return Number.isFinite(n) ? n : v;
  }
  if (type === 'boolean') return v === true || v === 'Y';
  return v ?? '';
}

/** An `exact` column's decimal as the server takes it: the text without commas, never a float. */
function exactText(v: unknown): unknown {
  if (blank(v)) return '';
  return String(v).replace(/,/g, '').trim();
}

/**
 * The form as a request body: the definition's fields (create-only ones only when creating; with
 * `sendWhen`, only while it holds in `scope`) and the version read.
 */
function formBody(
  body: EditBody,
  values: Values,
  mode: 'create' | 'update',
  operation: string | undefined,
  scope?: ExprScope,
): Values {
  const accepted = operation && isOperationId(operation) ? operations[operation].bodyFields : null;
  const out: Values = {};
  for (const f of fieldsOf(body)) {
    if (f.createOnly && mode === 'update') continue;
    if (scope && f.sendWhen && !evalRule(f.sendWhen, scope, true)) continue;
    if (f.params) {
      // Each part of the compound value to its own field.
      const parts = values[f.field] && typeof values[f.field] === 'object' ? (values[f.field] as Values) : {};
      for (const [part, field] of Object.entries(f.params))
        out[field] = typeof parts[part] === 'string' ? (parts[part] as string).trim() : (parts[part] ?? '');
      continue;
    }
    const v = typed(f, values[f.field]);
    if (v !== undefined) out[f.field] = v;
  }
  if (values.version !== undefined && values.version !== null) out.version = values.version;
  if (body.attachments && !blank(values[body.attachments.field]))
    out[body.attachments.field] = values[body.attachments.field];
  if (!accepted) return out;
  return Object.fromEntries(Object.entries(out).filter(([k]) => (accepted as readonly string[]).includes(k)));
}

/** The rows a body carries: with `sendWhen`, only those it holds for (the lines given a quantity). */
function sentRowsOf(def: DetailDef, state: DetailState, scope: ExprScope) {
  return def.sendWhen ? state.rows.filter((r) => evalRule(def.sendWhen, { ...scope, row: r.data }, true)) : state.rows;
}

const blankCell = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/** A detail's rows for expressions and bodies: typed, with the version each row was read at. */
function detailScope(def: DetailDef, state: DetailState) {
  const shape = (data: Values, original?: Values): Values => {
    const out: Values = {};
    for (const c of def.columns)
      out[c.field] =
        (c.type === 'number' || c.type === 'money') && !c.exact
          ? typed({ type: 'number' }, data[c.field])
          : c.exact
            ? exactText(data[c.field])
            : (data[c.field] ?? '');
    if (!(def.rowKey in out)) out[def.rowKey] = data[def.rowKey];
    if (original && original.version !== undefined) out.version = original.version;
    return out;
  };
  return {
    rows: state.rows.map((r) => shape(r.data, r.original)),
    changed: changedRows(state).map((r) => shape(r.data, r.original)),
    deleted: state.deleted.map((o) => ({
      [def.rowKey]: o[def.rowKey],
      ...(o.version !== undefined ? { version: o.version } : {}),
    })),
    count: state.rows.length,
  };
}

/** An answer's top-level text and number fields, for a success message to name. */
function answerValues(answer: unknown): Record<string, unknown> | undefined {
  if (!answer || typeof answer !== 'object' || Array.isArray(answer)) return undefined;
  return Object.fromEntries(
    Object.entries(answer as Values).filter(([, v]) => typeof v === 'string' || typeof v === 'number'),
  );
}

/** Missing path parameters of an operation, taken by name from the form, the record or the query. */
function completePath(operation: string, input: OperationInput, sources: Values[]): OperationInput {
  if (!isOperationId(operation)) return input;
  const path = { ...(input.path ?? {}) };
  for (const name of operations[operation].pathParams) {
    if (!blank(path[name])) continue;
    const found = sources.find((s) => !blank(s[name]));
    if (found) path[name] = found[name];
  }
  return { ...input, path };
}

/**
 * An edit body: form sections, detail grids, attachments and the actions over them (save,
 * delete, workflow, new, back). Read-only when the definition says so or the menu authority has
 * no write. Unsaved changes: leaving asks first.
 */
export function EditBodyView({
  body,
  at,
  record,
  extraScope,
  onSaved,
  onDeleted,
  onNew,
  extraActions = [],
  reloadRecord,
  onMode,
  onCreated,
}: EditBodyViewProps) {
  const frame = useFrame();
  const services = useEngineServices();
  const { t } = frame;
  const login = services.loginData();
  // The record being edited: the one given, then what a save answered (a create turns into an update).
  const [current, setCurrent] = useState<Values | null>(record);
  const [givenRecord, setGivenRecord] = useState(record);
  // Saved on this page (`screen.saved`): a definition may turn the form read-only once it is saved.
  const [savedHere, setSavedHere] = useState(false);
  if (record !== givenRecord) {
    setGivenRecord(record);
    setCurrent(record);
    setSavedHere(false);
  }
  const mode: 'create' | 'update' = current ? 'update' : 'create';
  useEffect(() => onMode?.(mode), [mode, onMode]);
  const start = useMemo(
    () =>
      composeCompound(body, {
        ...emptyValues(body, login, frame.query),
        ...(current ? fromRecord(body, current) : {}),
      }),
    [body, current, login, frame.query],
  );
  const [values, setValues] = useState<Values>(start);
  const [baseline, setBaseline] = useState<Values>(start);
  const [details, setDetails] = useState<Record<string, DetailState>>({});
  const [detailTick, setDetailTick] = useState(0);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [cellErrors, setCellErrors] = useState<Record<string, CellProblem[]>>({});
  const [busy, setBusy] = useState(false);
  const formRef = useRef<SectionsFormHandle>(null);
  // Another record (or the saved one): the form starts again from it.
  const [shownStart, setShownStart] = useState(start);
  if (start !== shownStart) {
    setShownStart(start);
    setValues(start);
    setBaseline(start);
    setFieldErrors({});
    setCellErrors({});
  }

  const baseScope = useMemo<ExprScope>(
    () => ({
      login,
      mode,
      query: frame.query,
      screen: {
        canRead: !!frame.authority?.read,
        canWrite: !!frame.authority?.write,
        id: frame.def.id,
        portal: frame.portal,
        saved: savedHere,
      },
      ...extraScope,
    }),
    [login, mode, frame.query, frame.authority, frame.def.id, frame.portal, savedHere, extraScope],
  );

  // Detail rows: from their own operation, or from the record's field of the same name. They
  // reload when what they are loaded with changes (another record), not on every save of the form.
  const detailInputs = useMemo(
    () =>
      (body.details ?? []).map((d) =>
        d.load && current
          ? completePath(d.load.operation, buildInputs(d.load.params, { ...baseScope, form: current }), [
              current,
              frame.query,
            ])
          : null,
      ),
    [body.details, current, baseScope, frame.query],
  );
  const detailKey = JSON.stringify([
    detailInputs,
    (body.details ?? []).map((d) => (d.load ? null : (current?.[d.id] ?? null))),
  ]);
  useEffect(() => {
    let live = true;
    const load = async (d: DetailDef, input: OperationInput | null): Promise<DetailState> => {
      if (!d.load || !input) {
        if (Array.isArray(current?.[d.id])) return loadDetail(current![d.id] as Values[]);
        return current === null && d.initialRows ? startDetail(d.initialRows) : loadDetail([]);
      }
      try {
        const answer = await services.call(d.load.operation, input);
        return loadDetail((Array.isArray(answer) ? answer : ((answer as { rows?: Values[] })?.rows ?? [])) as Values[]);
      } catch (e) {
        if (live) void frame.alertError(e);
        return loadDetail([]);
      }
    };
    const list = body.details ?? [];
    void Promise.all(list.map((d, i) => load(d, detailInputs[i]))).then((states) => {
      if (live) setDetails(Object.fromEntries(list.map((d, i) => [d.id, states[i]])));
    });
    return () => {
      live = false;
    };
    // detailKey stands for the inputs and the record's own detail rows; detailTick asks again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [detailKey, detailTick]);
  const reloadDetails = useCallback(() => setDetailTick((n) => n + 1), []);

  // fillFrom (while creating): the rows of the document the form names, again whenever its inputs change.
  const fillScope = useMemo<ExprScope>(() => ({ ...baseScope, form: values }), [baseScope, values]);
  const fillInputs = (body.details ?? []).map((d) => {
    const from = d.fillFrom;
    if (!from || mode !== 'create' || !evalRule(from.when, fillScope, true)) return null;
    const input = buildInputs(from.params, fillScope);
    const pathParams = isOperationId(from.operation)
      ? (operations[from.operation].pathParams as readonly string[])
      : Object.keys(input.path ?? {});
    // A path parameter still empty (no order picked yet): nothing to call.
    return pathParams.some((p) => blank(input.path?.[p])) ? null : input;
  });
  const fillKey = JSON.stringify(fillInputs);
  useEffect(() => {
    const list = body.details ?? [];
    if (!list.some((d) => d.fillFrom)) return;
    let live = true;
    list.forEach((d, i) => {
      const from = d.fillFrom;
      if (!from) return;
      const input = fillInputs[i];
      const set = (rows: Values[]) =>
        live && setDetails((old) => ({ ...old, [d.id]: computeCells(startDetail(rows), d.columns) }));
      if (!input) {
        if (mode === 'create') set([]);
        return;
      }
      services.call(from.operation, input).then(
        (answer) =>
          set(rowsFromAnswer(answer, from.rows, from.fill, (row) => evalRule(from.where, { ...fillScope, row }, true))),
        (e: unknown) => {
          set([]);
          if (live) void frame.alertError(e);
        },
      );
    });
    return () => {
      live = false;
    };
    // fillKey stands for every grid's inputs: the call is made again only when they change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fillKey]);

  const readOnly =
    !frame.authority?.write ||
    evalRule(body.readOnly as string | boolean | undefined, { ...baseScope, form: values }, false);
  const detailValues = useMemo(() => {
    const out: Record<string, unknown> = {};
    for (const d of body.details ?? []) if (details[d.id]) out[d.id] = detailScope(d, details[d.id]);
    return out;
  }, [body.details, details]);
  const scope = useMemo<ExprScope>(
    () => ({ ...baseScope, form: values, detail: detailValues }),
    [baseScope, values, detailValues],
  );
  // Fields another operation gives (valueFrom): shown, sent when the body takes them, never a change of the user's.
  const bodyFields = useMemo(() => fieldsOf(body), [body]);
  const valuesLoading = useValuesFrom(bodyFields, scope, shownStart, (patch) => {
    setValues((v) => ({ ...v, ...patch }));
    setBaseline((b) => ({ ...b, ...patch }));
  });

  const formDirty =
    JSON.stringify(formBody(body, values, mode, undefined)) !==
    JSON.stringify(formBody(body, baseline, mode, undefined));
  const dirty = formDirty || Object.values(details).some(isDirty);
  // confirmLeave: false lets the user leave without being asked.
  const guarded = dirty && !readOnly && body.confirmLeave !== false;
  useEffect(() => {
    frame.setDirty(guarded);
  }, [guarded, frame]);

  /** Client rules of the form and every detail grid; true when all pass. */
  const validateAll = (): boolean => {
    const formOk = formRef.current?.validate() ?? true;
    const problems: Record<string, CellProblem[]> = {};
    let detailsOk = true;
    for (const d of body.details ?? []) {
      const state = details[d.id];
      if (!state || !evalRule(d.visible, scope, true)) continue;
      const p = validateDetail(state, d, {
        required: t('engine.required'),
        tooLong: (max) => t('validation.maxChars', { max }),
        duplicate: t('engine.duplicateKey'),
      });
      if (d.minRows !== undefined && state.rows.length < d.minRows)
        p.push({ index: -1, field: d.rowKey, message: t('engine.minRows', { count: d.minRows }) });
      if (p.length) detailsOk = false;
      problems[d.id] = p;
    }
    setCellErrors(problems);
    return formOk && detailsOk;
  };

  // After a refused save (KWCAG 7.3.1) the focus goes to the first field in error, once the alert has
  // closed and handed the focus back to the button: an effect after that render, not during the click.
  const [errorFocus, setErrorFocus] = useState(0);
  const requestErrorFocus = () => setErrorFocus((n) => n + 1);
  useEffect(() => {
    if (errorFocus > 0) formRef.current?.focusFirstError();
  }, [errorFocus]);

  /** Server field errors: body/<field> to the form, body/<list>/<i>/<field> to the detail rows sent. */
  const showServerErrors = (error: OperationError, sent: Record<string, { detail: string; uids: number[] }>) => {
    const form: Record<string, string> = {};
    const cells: Record<string, CellProblem[]> = {};
    for (const fe of error.fieldErrors) {
      const parts = fe.path.split('/');
      if (parts[0] !== 'body') continue;
      if (parts.length === 2) form[parts[1]] = fe.message;
      else if (parts.length >= 4 && sent[parts[1]]) {
        const { detail, uids } = sent[parts[1]];
        const uid = uids[Number(parts[2])];
        const index = details[detail]?.rows.findIndex((r) => r.uid === uid) ?? -1;
        (cells[detail] ??= []).push({ index, field: parts[3], message: fe.message });
      } else if (parts.length >= 2) form[parts[1]] = fe.message;
    }
    setFieldErrors(form);
    setCellErrors(cells);
  };

  /** The grids a 'form' body carries (`send`): visible ones whose id the operation's body takes. */
  const sentDetails = (operation: string) => {
    const accepted = isOperationId(operation) ? operations[operation].bodyFields : null;
    return (body.details ?? []).filter(
      (d) =>
        d.send &&
        details[d.id] &&
        evalRule(d.visible, scope, true) &&
        (!accepted || (accepted as readonly string[]).includes(d.id)),
    );
  };
  const withSentRows = (values: Values, operation: string): Values => {
    const out = { ...values };
    for (const d of sentDetails(operation)) {
      const rows = detailScope(d, { ...details[d.id], rows: sentRowsOf(d, details[d.id], scope) }).rows;
      const fields = (r: Values) =>
        (d.send as string[])
          .filter((f) => !d.omitBlank || !blankCell(r[f]))
          .map((f) => [f, r[f] === undefined ? null : r[f]]);
      out[d.id] =
        typeof d.send === 'string'
          ? rows.map((r) => r[d.send as string])
          : rows.map((r) => Object.fromEntries(fields(r)));
    }
    return out;
  };

  /** Which body lists are a detail's rows (to place row errors): `detail.<id>.changed` or `.rows`, and a 'form' body's sent grids. */
  const sentRows = (
    action: CallAction,
    operation = action.operation ?? '',
  ): Record<string, { detail: string; uids: number[] }> => {
    const out: Record<string, { detail: string; uids: number[] }> = {};
    const map = action.params?.body;
    if (!map || map === 'form')
      for (const d of sentDetails(operation))
        out[d.id] = { detail: d.id, uids: sentRowsOf(d, details[d.id], scope).map((r) => r.uid) };
    if (!map || typeof map !== 'object') return out;
    for (const [key, expr] of Object.entries(map)) {
      // Also `pick(detail.<id>.rows, [...])`: the same rows, fewer fields.
      const m = /^(?:pick\(\s*)?detail\.(\w+)\.(changed|rows)\s*(?:,[^)]*\))?$/.exec(expr.trim());
      if (!m || !details[m[1]]) continue;
      const rows = m[2] === 'changed' ? changedRows(details[m[1]]) : details[m[1]].rows;
      out[key] = { detail: m[1], uids: rows.map((r) => r.uid) };
    }
    return out;
  };

  const call = async (
    action: NormalAction & CallAction,
    operation: string,
    what: 'save' | 'delete' | 'call',
    callScope: ExprScope = scope,
  ) => {
    const bodyValues = withSentRows(formBody(body, values, mode, operation, callScope), operation);
    const params =
      action.params ??
      (what === 'save'
        ? { body: 'form' as const }
        : what === 'delete' && values.version !== undefined
          ? { query: { version: 'form.version' } }
          : undefined);
    const input = completePath(operation, buildInputs(params, callScope, bodyValues, action.prompt), [
      values,
      current ?? {},
      frame.query,
    ]);
    setBusy(true);
    try {
      // Save and delete always confirm; a call asked its confirmation or prompt (askAndCall). A refusal
      // the user may overrule (confirmRefusals) is asked and, confirmed, sent again with its flag.
      const answer = await sendOverruling(action.confirmRefusals, frame, callScope, (extra) =>
        services.call(operation, withBody(input, extra), { confirmed: true }),
      );
      setFieldErrors({});
      setCellErrors({});
      return { ok: true as const, answer };
    } catch (e) {
      if (e instanceof RefusalDeclined) return { ok: false as const, declined: true };
      let shown = e;
      if (e instanceof OperationError) {
        const sent = sentRows(action, operation);
        showServerErrors(e, sent);
        // A refusal of the request's schema says what is wrong but not where (the path is the body's): each
        // field is named as this screen labels it. A business rule's refusal already names its field.
        const schemaRefusal = e.code === 'VALIDATION' && (e.serverMessage ?? '').startsWith(SCHEMA_REFUSAL);
        const named = schemaRefusal ? namedFieldErrors(e.fieldErrors, body, sent, t) : [];
        if (named.length)
          shown = new OperationError(e.status, e.code, [t('engine.checkFields'), ...named].join('\n'), e.details);
      }
      await frame.alertError(shown);
      return { ok: false as const };
    } finally {
      setBusy(false);
    }
  };

  const effects = (action: CallAction, fallback: Parameters<typeof runEffects>[0]) =>
    runEffects(action.then ?? fallback, {
      frame,
      services,
      changed: true,
      reload: reloadDetails,
      newRecord: () => {
        setCurrent(null);
        setSavedHere(false);
        onNew?.();
      },
      reloadRecord: async () => {
        const again = await reloadRecord?.(current);
        if (again) {
          frame.setDirty(false);
          setCurrent(again);
          // The detail grids start again from the record read, even when its rows look the same
          // as before (a sealed bid answers its lines without the prices just typed).
          reloadDetails();
        }
      },
    });

  /** `thenOpen`: the page the answer names (a document the call made), in this page's stead. */
  const openAnswer = async (target: NonNullable<CallAction['thenOpen']>, answer: unknown) => {
    frame.setDirty(false);
    await frame.open({ route: target.route }, linkQuery(target.query, { ...scope, answer }));
  };

  const run = async (action: NormalAction) => {
    switch (action.kind) {
      case 'save': {
        const a = action as NormalAction & CallAction;
        if (!validateAll()) {
          await frame.alert(t('engine.rowsInvalid'));
          requestErrorFocus();
          return;
        }
        const operation = mode === 'update' ? (a.updateOperation ?? a.operation!) : a.operation!;
        const words = services.writeWords?.(operation) ?? null;
        const question = words ? confirmText(words, a.confirm && t(a.confirm)) : t(a.confirm ?? 'ui.confirmSave');
        if (!(await frame.confirm(question))) return;
        const result = await call(a, operation, 'save');
        if (!result.ok) {
          requestErrorFocus();
          return;
        }
        const answer = result.answer;
        // The message may name the answer's fields: '납품이 등록되었습니다: {deliveryNo}'.
        frame.notify(t(a.success ?? 'ui.saved', answerValues(answer)));
        // Saved, but with something the user should know (e.g. a menu URL the app has no route for).
        const warnings = answerWarnings(answer);
        if (warnings.length > 0) await frame.alert(warnings.join('\n'));
        const isRecord =
          answer && typeof answer === 'object' && !Array.isArray(answer) && !('rows' in (answer as object));
        frame.setDirty(false);
        setSavedHere(true);
        if (isRecord) setCurrent(answer as Values);
        else {
          setBaseline(values);
          reloadDetails();
        }
        if (isRecord && mode === 'create' && !a.thenOpen) onCreated?.(answer as Values);
        onSaved?.(answer, mode);
        if (a.thenOpen) await openAnswer(a.thenOpen, answer);
        else await effects(a, frame.dialog ? ['close'] : []);
        return;
      }
      case 'delete': {
        const a = action as NormalAction & CallAction;
        const words = services.writeWords?.(a.operation!) ?? null;
        if (
          !(await frame.confirm(
            words ? confirmText(words, a.confirm && t(a.confirm)) : t(a.confirm ?? 'ui.confirmDelete'),
          ))
        )
          return;
        const result = await call({ ...a, confirm: undefined }, a.operation!, 'delete');
        if (!result.ok) return;
        frame.setDirty(false);
        frame.notify(t(a.success ?? 'engine.done'));
        onDeleted?.();
        await effects(a, frame.dialog ? ['close'] : onDeleted ? [] : ['back']);
        return;
      }
      case 'workflow':
      case 'call': {
        const a = action as NormalAction & CallAction;
        const sendsRows =
          typeof a.params?.body === 'object' && Object.values(a.params.body).some((e) => e.includes('detail.'));
        if (sendsRows && !validateAll()) {
          await frame.alert(t('engine.rowsInvalid'));
          requestErrorFocus();
          return;
        }
        // A warning at the place of the decision (a PR over its budget): it stands in for the confirmation.
        const warned = a.warn && evalRule(a.warn.when, scope, false);
        if (warned && a.warn) {
          const listed = a.warn.list ? evalExpr(a.warn.list, scope) : [];
          // A list of lists (`[pluck(…, 'warning'), pluck(…, 'nextStep')]`) reads as one list, in order.
          const lines = [
            ...new Set(
              (Array.isArray(listed) ? (listed as unknown[]).flat() : [listed])
                .filter((x) => x !== null && x !== undefined && x !== '')
                .map(String),
            ),
          ];
          // The way forward only for whom it opens: a link to a screen the user's menus do not hold ends on 401.
          const link =
            a.warn.link && services.authority(a.warn.link.route)?.read
              ? { label: t(a.warn.link.label), route: a.warn.link.route, query: linkQuery(a.warn.link.query, scope) }
              : undefined;
          const goOn = await frame.prompt(
            { fields: [] },
            {
              title: services.writeWords?.(a.operation!)?.name ?? t(a.label),
              message: t(a.warn.message, { list: lines.join('\n') }),
              scope,
              link,
            },
          );
          if (!goOn) return;
        }
        // The prompt (a comment, a reason …) or the confirmation; `input` holds the prompt's answers.
        // A prompt stays open over a refusal, with what was typed.
        const result = await askAndCall(
          warned ? { ...a, confirm: undefined } : a,
          frame,
          scope,
          1,
          async (asked) => {
            const r = await call(a, a.operation!, 'call', asked);
            // A failure the server recorded (thenOnError): show the document as it now is.
            if (!r.ok && !('declined' in r) && a.thenOnError?.length) await effects({ ...a, then: a.thenOnError }, []);
            return r;
          },
          (r) => !r.ok,
          // A stored screen's call asks even when its definition names no confirmation (the warning, when shown, asked).
          services.confirmWrites === true && !warned,
          warned ? null : (services.writeWords?.(a.operation!) ?? null),
        );
        if (!result?.ok) return;
        const said =
          a.successWhen?.find((w) => evalRule(w.when, { ...scope, answer: result.answer }, false))?.text ?? a.success;
        frame.notify(t(said ?? 'engine.done', answerValues(result.answer)));
        onSaved?.(result.answer, mode);
        if (a.thenOpen) await openAnswer(a.thenOpen, result.answer);
        else await effects(a, ['reload']);
        return;
      }
      case 'new':
        if (guarded && !(await frame.confirm(t('engine.leaveConfirm')))) return;
        setCurrent(null);
        onNew?.();
        return;
      case 'back':
      case 'close':
        // A page's LeaveGuard asks on the way out; a dialog asks here.
        if (frame.dialog && guarded && !(await frame.confirm(t('engine.leaveConfirm')))) return;
        frame.leave(false);
        return;
      case 'open':
      case 'navigate':
        // The target's query from the definition's expressions over the form (e.g. { "rfqNo": "form.rfqNo" }).
        {
          const changed = await frame.open(
            action as never,
            linkQuery((action as { query?: Record<string, string> }).query, scope),
          );
          // A dialog that changed data: the action's effects (e.g. reloadRecord after a dialog created a follow-up document).
          if (changed && (action as { then?: CallAction['then'] }).then?.length)
            await effects(action as unknown as CallAction, []);
        }
        return;
      default:
        return;
    }
  };

  // Buttons may also depend on unsaved changes (`screen.dirty`: e.g. submit only what was saved).
  const actionScope = useMemo<ExprScope>(
    () => ({ ...scope, screen: { ...(scope.screen as object), dirty } }),
    [scope, dirty],
  );
  const actions = useMemo(
    () => [...extraActions, ...(body.actions ?? []).map((a) => normalizeAction(a, frame.def.title))],
    [body.actions, extraActions, frame.def.title],
  );

  return (
    <>
      {!frame.dialog && <LeaveGuard when={guarded} message={t('engine.leaveConfirm')} />}
      <SectionsForm
        ref={formRef}
        sections={body.sections}
        values={values}
        onChange={(v) => {
          setValues(v);
          if (Object.keys(fieldErrors).length) setFieldErrors({});
        }}
        scope={scope}
        mode={mode}
        readOnly={readOnly}
        fieldErrors={fieldErrors}
        t={t}
        file={frame.file}
        at={at}
      />
      {(body.details ?? []).map((d, i) =>
        details[d.id] && evalRule(d.visible, scope, true) ? (
          <DetailGrid
            key={d.id}
            def={d}
            state={details[d.id]}
            onChange={(next) => setDetails((old) => ({ ...old, [d.id]: next }))}
            onUpdate={(change) => setDetails((old) => (old[d.id] ? { ...old, [d.id]: change(old[d.id]) } : old))}
            readOnly={readOnly}
            problems={cellErrors[d.id] ?? []}
            scope={scope}
            t={t}
            where={`${frame.file}#${at}/details/${i}/columns`}
          />
        ) : null,
      )}
      {body.attachments && (
        <Attachments
          fileId={String(values[body.attachments.field] ?? '')}
          onFileId={(id) => setValues((v) => ({ ...v, [body.attachments!.field]: id }))}
          readOnly={readOnly || evalRule(body.attachments.readOnly as string | boolean | undefined, scope, false)}
          kind={body.attachments.kind ?? 'any'}
          label={body.attachments.label ? t(body.attachments.label) : t('engine.attachments')}
        />
      )}
      {actions.length > 0 && (
        <div className={styles.toolbar}>
          <span className={styles.muted}>{readOnly ? t('engine.readOnly') : dirty ? t('engine.unsaved') : ''}</span>
          <div className={styles.actions}>
            {actions.map((a) => (
              <ActionButton
                key={a.id}
                action={a}
                operation={
                  a.kind === 'save' && mode === 'update'
                    ? ((a as CallAction).updateOperation ?? (a as CallAction).operation)
                    : undefined
                }
                state={actionState(a, frame.authority, actionScope, busy || valuesLoading)}
                onRun={(x) => void run(x)}
              />
            ))}
          </div>
        </div>
      )}
    </>
  );
}

/** Asks before the router leaves a page with unsaved changes, and before the tab closes. */
function LeaveGuard({ when, message }: { when: boolean; message: string }) {
  const frame = useFrame();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    let live = true;
    void frame.confirm(message).then((ok) => {
      if (!live) return;
      if (ok) blocker.proceed();
      else blocker.reset();
    });
    return () => {
      live = false;
    };
  }, [blocker, frame, message]);
  useEffect(() => {
    if (!when) return;
    const onUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  }, [when]);
  return null;
}
