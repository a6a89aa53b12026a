/**
 * The check of one screen definition: the language's JSON Schema and the rules a schema cannot
 * state (validate.ts), then the cross-check against the OpenAPI document (cross-check.ts). One
 * implementation for `npm run screens:check` (files under screens/), the engine's development page
 * and the server's screen studio (definitions stored in the database): all three report the same
 * problems, each with its JSON pointer and, where a known name is close, a suggestion.
 */
import { crossCheckDefinition, type ApiIndex } from './cross-check';
import type { DefinitionProblem, ProblemParams } from './problems';
import { suggestionOf } from './suggest';
import type { ScreenDef } from './types';
import { expressionsOf, validateDefinition } from './validate';

export interface CheckContext {
  /** The OpenAPI document's index (indexApi). */
  api: ApiIndex;
  /** What the problems name as their file (a path, or `studio:<name>`). */
  file: string;
  /** Known screen ids, for links and dialogs; null: not checked. */
  screens?: ReadonlySet<string> | null;
}

/**
 * The problems of one definition in two parts: `shape` (schema and semantic rules) and `api` (the
 * cross-check, run only once the shape is right — an empty `shape` means the definition is a
 * well-formed ScreenDef).
 */
export function checkDefinitionParts(
  def: unknown,
  ctx: CheckContext,
): { shape: DefinitionProblem[]; api: DefinitionProblem[] } {
  const shape = validateDefinition(def, ctx.file);
  if (shape.length > 0) return { shape, api: [] };
  const screen = def as ScreenDef;
  return { shape, api: crossCheckDefinition(screen, ctx.api, ctx.file, ctx.screens ?? null, expressionsOf(screen)) };
}

/** Every problem of one definition. */
export function checkDefinition(def: unknown, ctx: CheckContext): DefinitionProblem[] {
  const { shape, api } = checkDefinitionParts(def, ctx);
  return [...shape, ...api];
}

/** A problem as a screen shows it: where, what, and the name it suggests instead (if any). */
export interface ShownProblem {
  pointer: string;
  message: string;
  suggestion: string | null;
  /** What kind of problem and its variables, for words in the reader's language (words.ts). */
  code?: string;
  params?: ProblemParams;
}

export const shownProblem = (p: DefinitionProblem): ShownProblem => ({
  pointer: p.pointer,
  message: p.message,
  suggestion: suggestionOf(p.message),
  ...(p.code ? { code: p.code, params: p.params ?? {} } : {}),
});

/**
 * True when the operation named at `pointer` is called only when a person presses something: an
 * action (call, save, delete, workflow, export) or a list's rebuild button. Every other place (a
 * list's source, a load, options, values, fills, lookups, a tree, a panel, a picker) the engine
 * calls by itself. The server allows a stored screen's write only for operations named here.
 */
export function calledOnClick(pointer: string): boolean {
  return /\/actions\/\d+\//.test(pointer) || pointer.endsWith('/rebuild/operation');
}

/**
 * The operations a definition calls or reads (list source, options, actions, loads, lookups …),
 * with the pointer of each mention: a stored screen may name only operations its author may call.
 */
const DATA_KEYS = new Set(['params', 'query', 'newRow', 'initialRows', 'description']);

export function operationsOf(def: unknown): Array<{ operation: string; pointer: string }> {
  const out: Array<{ operation: string; pointer: string }> = [];
  const walk = (node: unknown, pointer: string) => {
    if (Array.isArray(node)) node.forEach((v, i) => walk(v, `${pointer}/${i}`));
    else if (node && typeof node === 'object')
      for (const [k, v] of Object.entries(node)) {
        const at = `${pointer}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`;
        if ((k === 'operation' || k === 'updateOperation') && typeof v === 'string')
          out.push({ operation: v, pointer: at });
        // Call inputs, link queries and row values are expressions and data: a body may well have an `operation`.
        else if (!DATA_KEYS.has(k)) walk(v, at);
      }
  };
  walk(def, '');
  return out;
}
