/**
 * Actions as data: a definition's action (a name or an object) with its defaults filled in, its
 * state on screen (hidden / disabled by menu authority and the visible/enabled rules), and the
 * inputs of the call it makes, built from expressions — never from code in the definition.
 */
import { evalExpr, evalRule, type ExprScope } from '../expr/expr';
import type {
  ActionDef,
  ActionBase,
  CallAction,
  CallInputs,
  ExportAction,
  OpenAction,
  PromptDef,
  SimpleAction,
} from '../definition/types';
import { mainPart, widgetSpec } from '../registry/widgets';
import type { Authority, OperationInput } from '../services';

export type NormalAction = (CallAction | OpenAction | ExportAction | SimpleAction) & {
  id: string;
  label: string;
  requires: 'read' | 'write';
};

const DEFAULT_LABEL: Record<string, string> = {
  search: 'ui.search',
  reset: 'ui.reset',
  exportExcel: 'ui.excelExport',
  save: 'ui.save',
  delete: 'engine.delete',
  new: 'engine.new',
  back: 'engine.back',
  close: 'engine.close',
};

/** Kinds that change data: they need write authority unless the definition says otherwise. */
const WRITES = new Set(['call', 'save', 'delete', 'workflow', 'new']);

export function normalizeAction(a: ActionDef, fallbackTitle: string): NormalAction {
  const obj = (
    typeof a === 'string' ? (a === 'exportExcel' ? { kind: a, fileName: fallbackTitle } : { kind: a }) : a
  ) as ActionBase & Record<string, unknown>;
  return {
    ...obj,
    id: (obj.id as string | undefined) ?? obj.kind,
    label: obj.label ?? DEFAULT_LABEL[obj.kind] ?? obj.kind,
    requires: obj.requires ?? (WRITES.has(obj.kind) ? 'write' : 'read'),
  } as NormalAction;
}

export interface ActionState {
  hidden: boolean;
  disabled: boolean;
  /** Why it is disabled by authority (for the tooltip). */
  denied: boolean;
  /** Why it is disabled otherwise, in the definition's words (`disabledReason`): shown beside it. */
  reason?: string;
}

/** Authority first (hide or disable), then the definition's visible and enabled rules. */
export function actionState(
  action: NormalAction,
  authority: Authority | null,
  scope: ExprScope,
  busy = false,
): ActionState {
  const allowed = action.requires === 'write' ? !!authority?.write : !!authority?.read || !!authority?.write;
  if (!allowed && (action.whenDenied ?? 'hide') === 'hide') return { hidden: true, disabled: true, denied: true };
  const visible = evalRule(action.visible, scope, true);
  if (!visible) return { hidden: true, disabled: true, denied: !allowed };
  let enabled = allowed && evalRule(action.enabled, scope, true) && !busy;
  const selection = (action as CallAction | OpenAction).selection;
  const count = typeof scope.selection === 'number' ? scope.selection : 0;
  if (selection === 'single' && count !== 1) enabled = false;
  if (selection === 'multi' && count < 1) enabled = false;
  const reason =
    !enabled && allowed ? action.disabledReason?.find((r) => evalRule(r.when, scope, false))?.text : undefined;
  return { hidden: false, disabled: !enabled, denied: !allowed, ...(reason ? { reason } : {}) };
}

const PROMPT_ANSWER = /^\s*input\.([A-Za-z_$][\w$]*)\s*$/;

export function evalMap(
  map: Record<string, string> | undefined,
  scope: ExprScope,
  prompt?: PromptDef,
): Record<string, unknown> | undefined {
  if (!map) return undefined;
  const out: Record<string, unknown> = {};
  for (const [k, expr] of Object.entries(map)) {
    const value = evalExpr(expr, scope);
    // A prompt's popup field named whole (`input.fromDeptcd`) sends its main part, as a filter does;
    // a part named (`input.dept.deptcd`, `input.buyer.singleid`) is that part.
    const field = prompt && PROMPT_ANSWER.exec(expr)?.[1];
    const def = field ? prompt.fields.find((f) => f.field === field) : undefined;
    out[k] = def ? mainPart(widgetSpec(def.widget, def.field), value) : value;
  }
  return out;
}

/**
 * The call's path, query and body from the definition's expressions. A 'form' body sends
 * `formBody` (the form's values, shaped for the server by the caller); `prompt` is the action's
 * prompt whose answers are the scope's `input`.
 */
export function buildInputs(
  inputs: CallInputs | undefined,
  scope: ExprScope,
  formBody?: unknown,
  prompt?: PromptDef,
): OperationInput {
  return {
    path: evalMap(inputs?.path, scope, prompt),
    query: evalMap(inputs?.query, scope, prompt),
    body:
      inputs?.body === 'form' ? formBody : evalMap(inputs?.body as Record<string, string> | undefined, scope, prompt),
  };
}

/** Query values for a link or an open action, as strings (URL query). */
export function linkQuery(query: Record<string, string> | undefined, scope: ExprScope): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(evalMap(query, scope) ?? {}))
    if (v !== null && v !== undefined && v !== '') out[k] = String(v);
  return out;
}

/** An address under the right portal: the external one adds /cyber (spec §2 navigation). */
export function portalPath(route: string, portal: 'internal' | 'external', query?: Record<string, string>): string {
  const path = portal === 'external' && !route.startsWith('/cyber') ? `/cyber${route}` : route;
  const qs = query && Object.keys(query).length ? `?${new URLSearchParams(query).toString()}` : '';
  return path + qs;
}
