/**
 * Which words name a field of a stored screen that its author left unlabelled, chosen by context:
 * the operation's own words for the field (its title or a Korean description in the contract), then
 * the built-in screen the operation comes from (its label for that field), and only then the shared
 * field dictionary (`field.<name>`). The shared dictionary is one word per name for the whole app —
 * `status` there is an account's 계정상태 — where a purchase-order list means 발주상태.
 */

export type LabelSource = 'own' | 'operation' | 'screen' | 'dictionary' | 'none';

export interface LabelText {
  ko: string;
  en: string;
}

/** What the context offers for one field. */
export interface LabelContext {
  own?: LabelText | null;
  /** The contract's words for the field (title, else description). */
  operation?: string | null;
  /** The built-in screen's label for the field. */
  screen?: LabelText | null;
  /** The shared dictionary's `field.<name>`. */
  dictionary?: LabelText | null;
}

const HANGUL = /[\uac00-\ud7a3]/;

/**
 * The contract's words serve as a label when they are one (a Korean description, or a title): an
 * English developer's note ("FAILED (open) or RETRIED") is not.
 */
export const contractLabel = (text: string | null | undefined): string | null =>
  text && HANGUL.test(text) && text.length <= 40 ? text : null;

const filled = (l: LabelText | null | undefined) => !!l && (l.ko.trim() !== '' || l.en.trim() !== '');

export function chooseLabel(c: LabelContext): { source: LabelSource; label: LabelText | null } {
  if (filled(c.own)) return { source: 'own', label: c.own! };
  const op = contractLabel(c.operation);
  if (op) return { source: 'operation', label: { ko: op, en: op } };
  if (filled(c.screen)) return { source: 'screen', label: c.screen! };
  if (filled(c.dictionary)) return { source: 'dictionary', label: c.dictionary! };
  return { source: 'none', label: null };
}

export interface OperationWords {
  fieldTexts?: Record<string, string>;
  screenLabels?: Record<string, LabelText>;
}

/**
 * Field → the operation whose rows or record show it, for the parts of a definition an operation
 * fills: a list's columns and filters (its source), an edit screen's form (its load), a dashboard
 * panel's columns and axes (its source).
 */
export function fieldOperations(def: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  const d = (def && typeof def === 'object' ? def : {}) as Record<string, unknown>;
  const opOf = (o: unknown) =>
    o && typeof o === 'object' && typeof (o as { operation?: unknown }).operation === 'string'
      ? (o as { operation: string }).operation
      : null;
  const put = (field: unknown, op: string | null) => {
    if (typeof field === 'string' && op && !Object.hasOwn(out, field)) out[field] = op;
  };
  const fieldsOf = (list: unknown, op: string | null) =>
    Array.isArray(list) ? list.forEach((x) => put((x as { field?: unknown })?.field, op)) : undefined;
  if (d.kind === 'list') {
    const op = opOf(d.source);
    fieldsOf(d.columns, op);
    fieldsOf(d.filters, op);
  } else if (d.kind === 'edit') {
    const op = opOf(d.load);
    if (Array.isArray(d.sections)) d.sections.forEach((s) => fieldsOf((s as { fields?: unknown })?.fields, op));
  } else if (d.kind === 'dashboard' && Array.isArray(d.panels)) {
    for (const p of d.panels as Array<Record<string, unknown>>) {
      const op = opOf(p.source);
      fieldsOf(p.columns, op);
      put(p.x, op);
      put(p.value, op);
    }
  }
  return out;
}

/** The label each field of a definition will use, and where it comes from. */
export function labelsByContext(
  def: unknown,
  fields: readonly string[],
  own: Record<string, LabelText>,
  operations: (id: string) => OperationWords | undefined,
  dictionary: (field: string) => LabelText | null,
): Record<string, { source: LabelSource; label: LabelText | null }> {
  const ops = fieldOperations(def);
  const out: Record<string, { source: LabelSource; label: LabelText | null }> = {};
  for (const f of fields) {
    const op = Object.hasOwn(ops, f) ? operations(ops[f]!) : undefined;
    out[f] = chooseLabel({
      own: Object.hasOwn(own, f) ? own[f] : null,
      operation: op?.fieldTexts && Object.hasOwn(op.fieldTexts, f) ? op.fieldTexts[f] : null,
      screen: op?.screenLabels && Object.hasOwn(op.screenLabels, f) ? op.screenLabels[f] : null,
      dictionary: dictionary(f),
    });
  }
  return out;
}

/**
 * The label table a stored screen is shown with — published (server/modules/studio/service.ts) and in the
 * studio's preview alike: the analyst's own, and for a field left unlabelled the words its context gives (the
 * operation's, then its built-in screen's). The shared dictionary is not copied in: the engine falls back to it.
 */
export function labelsAsShown(
  own: Record<string, LabelText>,
  chosen: Record<string, { source: LabelSource; label: LabelText | null }>,
): Record<string, LabelText> {
  const out: Record<string, LabelText> = { ...own };
  for (const [f, c] of Object.entries(chosen))
    if ((c.source === 'operation' || c.source === 'screen') && c.label) out[f] = c.label;
  return out;
}
