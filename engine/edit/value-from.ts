/**
 * Fields whose value another operation gives (`valueFrom`): a figure to show beside the record
 * (the simple-order limit, a supplier's FORWARD_YN) or a value to send with it (the version of
 * the document a new one is built from). Called when the record is shown and again when the
 * call's inputs change; no call while a path parameter or a required query parameter is empty (a new
 * order's supplier not chosen yet: the server would only answer 400), nor while its `when` is false (an
 * optional filter not chosen yet: the list's first row would be some other document's).
 */
import { useEffect, useState } from 'react';
import { isOperationId, operations } from '../../schemas/operations.generated';
import type { FieldDef } from '../definition/types';
import { evalRule, type ExprScope } from '../expr/expr';
import { buildInputs } from '../runtime/actions';
import { useEngineServices } from '../services';

const blank = (v: unknown) => v === null || v === undefined || v === '';

/** The value at a dotted path of an answer: `resultData.0.FORWARD_YN`; null when it leads nowhere. */
export function valueAt(answer: unknown, path: string): unknown {
  let v: unknown = answer;
  for (const key of path.split('.')) {
    if (v === null || v === undefined || typeof v !== 'object') return null;
    v = Object.hasOwn(v as object, key) ? (v as Record<string, unknown>)[key] : undefined;
  }
  return v === undefined ? null : v;
}

/**
 * Loads the `valueFrom` fields of `fields` with inputs built over `scope`, and hands the values
 * to `apply` (field → value; '' when the call fails or cannot be made). `restart` asks again
 * (a new record was shown). True while values are on their way: the screen's commands wait for
 * them, or a click on a slow connection would send the value the field had before (an order built
 * from a quotation sent without the quotation's version, and refused for it).
 */
export function useValuesFrom(
  fields: readonly FieldDef[],
  scope: ExprScope,
  restart: unknown,
  apply: (patch: Record<string, unknown>) => void,
): boolean {
  // The inputs whose values were last handed over: loading while they are not those shown now.
  const [applied, setApplied] = useState<{ key: string; restart: unknown } | null>(null);
  const services = useEngineServices();
  const sources = fields.filter((f) => f.valueFrom);
  const inputs = sources.map((f) => buildInputs(f.valueFrom!.params, scope));
  const wanted = sources.map((f) => evalRule(f.valueFrom!.when, scope, true));
  const key = JSON.stringify([sources.map((f) => f.field), inputs, wanted]);
  useEffect(() => {
    if (sources.length === 0) return;
    let live = true;
    // Fields reading parts of one answer (a settlement's subcon.paymentDue, subcon.lateInterest …) share one call.
    const calls = new Map<string, Promise<unknown>>();
    const answer = (operation: string, input: (typeof inputs)[number]) => {
      const callKey = JSON.stringify([operation, input]);
      if (!calls.has(callKey)) calls.set(callKey, services.call(operation, input));
      return calls.get(callKey)!;
    };
    void Promise.all(
      sources.map(async (f, i): Promise<[string, unknown]> => {
        const { operation, value } = f.valueFrom!;
        const input = inputs[i];
        const op = isOperationId(operation) ? operations[operation] : undefined;
        if (!wanted[i]) return [f.field, ''];
        if (op?.pathParams.some((p) => blank(input.path?.[p]))) return [f.field, ''];
        if (op?.requiredQuery.some((q) => blank(input.query?.[q]))) return [f.field, ''];
        try {
          return [f.field, valueAt(await answer(operation, input), value) ?? ''];
        } catch {
          return [f.field, ''];
        }
      }),
    ).then((pairs) => {
      if (!live) return;
      apply(Object.fromEntries(pairs));
      setApplied({ key, restart });
    });
    return () => {
      live = false;
    };
    // key stands for the fields and their inputs; restart for a record shown again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, restart]);
  return sources.length > 0 && !(applied?.key === key && applied.restart === restart);
}
