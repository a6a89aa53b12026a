import i18next, { type i18n as I18n } from 'i18next';

/**
 * A fresh i18next instance for widget tests (the widgets may not import app/i18n), with no
 * resources of its own: every text comes from the widgets' built-in Korean and English, as in
 * an app that has not added widget resources. `resources` adds some (to test overriding).
 */
export function createWidgetTestI18n(language: 'ko' | 'en' = 'ko', resources: Record<string, unknown> = {}): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: language,
    fallbackLng: 'ko',
    resources: { ko: { translation: {} }, en: { translation: {} }, [language]: { translation: resources } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}
