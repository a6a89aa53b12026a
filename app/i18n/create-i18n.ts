import i18next, { type i18n as I18n } from 'i18next';
import en from './en.json';
import { josaPostProcessor } from './josa-post-processor';
import ko from './ko.json';
import { DEFAULT_LANGUAGE, normaliseLanguage, readStoredLanguage, storeLanguage, type Language } from './language';

/** The user-timing mark each addResourceBundle leaves (detail: the language). */
const I18N_MERGE_MARK = 'gpms:i18n-merge';

const resources = { ko: { translation: ko }, en: { translation: en } } as const;

export interface CreateI18nOptions {
  /** Where the choice is read from and written to; localStorage in the app. */
  storage?: Storage;
  /** Forces a language (stories, tests); otherwise the stored one is used. */
  language?: Language;
}

/**
 * A fresh i18next instance (not the global one) so the app, each test and each story own
 * theirs. Resources are bundled: two small JSON files cost less than a second request.
 */
export function createI18n({ storage, language }: CreateI18nOptions = {}): I18n {
  const instance = i18next.createInstance().use(josaPostProcessor);
  void instance.init({
    postProcess: ['josa'], // the particle after a variable: app/i18n/josa-post-processor.ts
    // A copy: server messages added later (addResourceBundle) must not leak into other instances.
    resources: structuredClone(resources),
    lng: language ?? readStoredLanguage(storage),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: ['ko', 'en'],
    interpolation: { escapeValue: false }, // React escapes already
    returnNull: false,
    initAsync: false, // resources are in memory: be ready synchronously, before the first render
  });
  instance.on('languageChanged', (lng) => {
    const chosen = normaliseLanguage(lng);
    if (!chosen) return;
    storeLanguage(storage, chosen);
    if (typeof document !== 'undefined') document.documentElement.lang = chosen;
  });
  if (typeof document !== 'undefined') document.documentElement.lang = instance.language;
  // Every merge into the texts leaves a user-timing mark: a merge costs a deep copy of the bundle, so
  // a profile (and the browser test that a second visit merges nothing) can count them.
  if (typeof performance !== 'undefined' && typeof performance.mark === 'function') {
    instance.store.on('added', (lng: string) => performance.mark(I18N_MERGE_MARK, { detail: lng }));
  }
  return instance;
}
