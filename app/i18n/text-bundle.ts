import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import { i18nInstance } from '../../lib/i18n-instance';

export interface TextBundle {
  ko: Record<string, unknown>;
  en: Record<string, unknown>;
}

/**
 * Texts kept beside the pages that show them rather than in app/i18n/{ko,en}.json: those two are
 * part of the entry chunk every first visit loads (the login pages' included), a bundle here comes
 * with its pages' chunk. It is merged into an i18next instance (the app's, a story's, a test's) the
 * first time one of its components renders there, once, without overwriting: a server message of
 * the same key still wins.
 */
export function textBundle(texts: TextBundle) {
  const added = new WeakSet<I18n>();
  const add = (i18n: I18n): void => {
    // The instance, not useTranslation's copy of it (a new one per component).
    const instance = i18nInstance(i18n);
    if (added.has(instance)) return;
    added.add(instance);
    for (const [lang, tree] of Object.entries(texts))
      instance.addResourceBundle(lang, 'translation', tree, true, false);
  };
  /** useTranslation, with the bundle's texts in place. */
  const useText = () => {
    const result = useTranslation();
    add(result.i18n);
    return result;
  };
  return { texts, add, useText };
}
