import type { i18n as I18n } from 'i18next';
import { i18nInstance } from '../../../lib/i18n-instance';
import { useTranslation } from 'react-i18next';
import en from './i18n/en.json';
import ko from './i18n/ko.json';

/**
 * The purchasing cards' texts (`homePurchase.*`), kept beside the cards in their own bundle and
 * added to whichever i18next instance renders them (the app's, a story's, a test's) the first
 * time — without overwriting anything, so a server message of the same key still wins.
 */
export const HOME_PURCHASE_TEXTS = { ko, en } as const;

const added = new WeakSet<I18n>();

function addHomePurchaseTexts(i18n: I18n): void {
  // The instance, not useTranslation's copy of it (a new one per component).
  const instance = i18nInstance(i18n);
  if (added.has(instance)) return;
  added.add(instance);
  for (const [lang, tree] of Object.entries(HOME_PURCHASE_TEXTS))
    instance.addResourceBundle(lang, 'translation', tree, true, false);
}

/** useTranslation, with the cards' texts in place. */
export function useHomePurchaseText() {
  const result = useTranslation();
  addHomePurchaseTexts(result.i18n);
  return result;
}
