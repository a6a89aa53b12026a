/**
 * How the designer names an item, in the interface's language: its place and its name in words —
 * "2번째 열 제목", "Column 2: Title" — the name being what the item is called for people (its own
 * label or title, else the field's words as the screen will show them, else an action kind's words),
 * and its raw name (`title`, `exportExcel`) only where no words exist. An `ItemRef` holds what names
 * an item in no language, so a sentence said about it (an announcement) is worded again when the
 * language changes.
 */
import type { Translate } from '../../../../../engine/text';
import { chooseLabel, type LabelText } from '../../../../../lib/screen-check/label-choice';
import type { StudioOperation } from '../completion';
import type { DesignElement } from './model';

const D = 'screen.screenStudio.designer';

/** What names an item, in no language: worded each time it is shown. */
export interface ItemRef {
  kind: DesignElement['kind'];
  /** Its 0-based place in its list (0 for the screen and its data source). */
  index: number;
  /** The data source's key (`source`, `load`). */
  part?: string;
  field?: string;
  /** Its `label` or `title` as written: a text key or the text itself. */
  text?: string;
  /** An action's kind. */
  action?: string;
}

/** A field's words in the interface's language, '' when it has none (then its name is shown). */
export type FieldWords = (field: string) => string;

const own = (v: Record<string, unknown>, key: string): string | undefined =>
  typeof v[key] === 'string' && v[key] !== '' ? (v[key] as string) : undefined;

export function itemRef(e: DesignElement): ItemRef {
  if (e.kind === 'screen') return { kind: 'screen', index: 0 };
  if (e.kind === 'source') return { kind: 'source', index: 0, part: String(e.path[0]) };
  const v = e.value;
  const ref: ItemRef = { kind: e.kind, index: Number(e.path[e.path.length - 1]) };
  const field = own(v, 'field');
  const text = own(v, 'label') ?? own(v, 'title');
  const action = e.kind === 'action' ? own(v, 'kind') : undefined;
  if (field !== undefined) ref.field = field;
  if (text !== undefined) ref.text = text;
  if (action !== undefined) ref.action = action;
  return ref;
}

/** The item's name for people: "제목", "Title"; its raw name only when there are no words for it. */
export function nameWords(t: Translate, ref: ItemRef, fieldWords: FieldWords): string {
  if (ref.text) {
    const words = t(ref.text);
    if (words) return words;
  }
  if (ref.field) return fieldWords(ref.field) || ref.field;
  if (ref.action) {
    const key = `${D}.enumValue.kind.${ref.action}`;
    const words = t(key);
    return words === key ? ref.action : words;
  }
  return t(`${D}.noName`);
}

/** The item with its place: "2번째 열 제목" / "Column 2: Title"; the screen and its source by their part. */
export function itemWords(t: Translate, ref: ItemRef, fieldWords: FieldWords): string {
  if (ref.kind === 'screen') return t(`${D}.part.screen`);
  if (ref.kind === 'source') return t(`${D}.part.${ref.part === 'load' ? 'load' : 'source'}`);
  return t(`${D}.item`, {
    index: ref.index + 1,
    kind: t(`${D}.itemKind.${ref.kind}`),
    name: nameWords(t, ref, fieldWords),
  });
}

/** The operation whose rows or record the items' fields are: a list's source, an edit screen's load. */
export function fieldsOperation(def: Record<string, unknown>): string | null {
  const part = def.kind === 'edit' ? def.load : def.source;
  const op = part && typeof part === 'object' ? (part as { operation?: unknown }).operation : undefined;
  return typeof op === 'string' && op ? op : null;
}

/**
 * A field's words as the screen will show them, chosen as the studio's labels are (label-choice.ts):
 * the analyst's own label, the operation's words, its built-in screen's label, the shared dictionary.
 * In English only English words serve (the contract's words are Korean): the analyst's, the built-in
 * screen's, the dictionary's; none, and the field's name is shown. Remembered per field.
 */
export function fieldWordsOf(
  lang: 'ko' | 'en',
  operation: StudioOperation | undefined,
  labels: Readonly<Record<string, LabelText>>,
  dictionary: (field: string) => string | null,
): FieldWords {
  const memory = new Map<string, string>();
  const at = <V>(record: Readonly<Record<string, V>> | undefined, field: string): V | null =>
    record && Object.hasOwn(record, field) ? record[field]! : null;
  const words = (field: string): string => {
    const dict = dictionary(field);
    const context = {
      own: at(labels, field),
      operation: at(operation?.fieldTexts, field),
      screen: at(operation?.screenLabels, field),
      dictionary: dict ? { ko: dict, en: dict } : null,
    };
    if (lang === 'ko') {
      const { label } = chooseLabel(context);
      return label ? label.ko.trim() || label.en.trim() : '';
    }
    return context.own?.en.trim() || context.screen?.en.trim() || dict || '';
  };
  return (field) => {
    let found = memory.get(field);
    if (found === undefined) {
      found = words(field);
      memory.set(field, found);
    }
    return found;
  };
}
