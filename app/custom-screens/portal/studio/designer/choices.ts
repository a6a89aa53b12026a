/**
 * The names a property may take from the API's contract, with their words, for the property
 * panel's pickers: operations by what they are (their summary, as completion shows them), a list's
 * filter parameters and row fields, an edit screen's fields (what its load answers and its save
 * sends). The list places come from completion.ts's own `contractValues`, not a copy of it.
 */
import { contractValues, sourceOperation, type PathPart, type StudioOperation } from '../completion';

export interface Choice {
  value: string;
  /** The contract's words for it, when it has some. */
  label?: string;
}

type Json = Record<string, unknown>;

function fieldWords(op: StudioOperation | undefined, field: string): string | undefined {
  return op?.fieldTexts?.[field] ?? op?.screenLabels?.[field]?.ko;
}

/** An edit screen's fields: its load's answer and its actions' request bodies. */
function editFields(def: Json, operations: readonly StudioOperation[]): Choice[] {
  const ids = new Set<string>();
  const load = (def.load as Json | undefined)?.operation;
  if (typeof load === 'string') ids.add(load);
  for (const a of (Array.isArray(def.actions) ? def.actions : []) as Json[])
    if (a && typeof a.operation === 'string') ids.add(a.operation);
  const out = new Map<string, string | undefined>();
  for (const id of ids) {
    const op = operations.find((o) => o.id === id);
    for (const f of [...(op?.answerFields ?? []), ...(op?.bodyFields ?? [])])
      if (!out.has(f) || !out.get(f)) out.set(f, fieldWords(op, f));
  }
  return [...out].map(([value, label]) => ({ value, ...(label ? { label } : {}) }));
}

export function choicesFor(
  def: Json,
  text: string,
  path: PathPart[],
  operations: readonly StudioOperation[],
): Choice[] {
  const key = path[path.length - 1];
  if (def.kind === 'edit' && key === 'field' && path[0] === 'sections') return editFields(def, operations);
  const sourceOp = sourceOperation(def, text);
  const op = sourceOp ? operations.find((o) => o.id === sourceOp) : undefined;
  return contractValues(path, operations, sourceOp).map((value) => {
    const words =
      key === 'operation' || key === 'updateOperation'
        ? (operations.find((o) => o.id === value)?.summary ?? undefined)
        : fieldWords(op, value);
    return { value, ...(words ? { label: words } : {}) };
  });
}
