/**
 * The labels an analyst typed in the screen studio (field → { ko, en }) as i18n resources of that
 * screen, under a prefix the stored definition names as its label prefix (`labels`). A field
 * without a text in the language falls back, through the engine's fieldLabel, to the shared
 * dictionary `field.<name>` and then to the name.
 *
 * The prefix carries the version (`studio.<name>.v3`; the studio's preview uses its own), so a
 * label removed in a later version leaves no stale text behind, and a version's texts are added once.
 */
import type { i18n as I18n } from 'i18next';
import { i18nInstance } from '../../lib/i18n-instance';

export type StoredLabels = Record<string, { ko?: string; en?: string }>;

export const storedLabelPrefix = (name: string, version: number | string): string => `studio.${name}.v${version}`;

/** The resource tree of one language under the prefix: only the texts the analyst gave in it. */
export function labelBundle(prefix: string, labels: StoredLabels, lang: 'ko' | 'en'): Record<string, unknown> {
  let tree: Record<string, unknown> = Object.fromEntries(
    Object.entries(labels).flatMap(([field, l]) => (l[lang]?.trim() ? [[field, l[lang]!.trim()]] : [])),
  );
  for (const part of prefix.split('.').reverse()) tree = { [part]: tree };
  return tree;
}

/** The labels (by their object) each i18next instance has, under each prefix. */
const registered = new WeakMap<object, Map<string, StoredLabels>>();

/**
 * Adds the screen's texts in both languages (what is already there under other keys stays), once per
 * instance, prefix and labels: a published version's screen opened again merges nothing.
 */
export function registerStoredLabels(
  wrapper: Pick<I18n, 'addResourceBundle'> | undefined,
  prefix: string,
  labels: StoredLabels,
): void {
  if (!wrapper?.addResourceBundle) return;
  const i18n = i18nInstance(wrapper);
  let byPrefix = registered.get(i18n);
  if (!byPrefix) registered.set(i18n, (byPrefix = new Map()));
  if (byPrefix.get(prefix) === labels) return;
  byPrefix.set(prefix, labels);
  for (const lang of ['ko', 'en'] as const)
    i18n.addResourceBundle(lang, 'translation', labelBundle(prefix, labels, lang), true, true);
}

/** The definition with the label prefix, unless it names one of its own. */
export function withStoredLabelPrefix(definition: unknown, prefix: string): unknown {
  if (!definition || typeof definition !== 'object' || Array.isArray(definition)) return definition;
  const d = definition as Record<string, unknown>;
  return typeof d.labels === 'string' && d.labels ? d : { ...d, labels: prefix };
}
