/**
 * The interface language and where the user's choice lives. Spec §4: "The language is stored
 * under key language"; spec §9: default ko_KR — we store the short code ('ko' | 'en').
 */
export const LANGUAGE_STORAGE_KEY = 'language';

export const SUPPORTED_LANGUAGES = ['ko', 'en'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'ko';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/** Accepts legacy values such as 'ko_KR' or 'en-US' as well as the short codes. */
export function normaliseLanguage(value: string | null | undefined): Language | null {
  if (!value) return null;
  const short = value.slice(0, 2).toLowerCase();
  return isLanguage(short) ? short : null;
}

/** The stored choice, or the default. Storage may be missing or throw (private mode, quotas). */
export function readStoredLanguage(storage: Storage | undefined): Language {
  try {
    return normaliseLanguage(storage?.getItem(LANGUAGE_STORAGE_KEY)) ?? DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

export function storeLanguage(storage: Storage | undefined, language: Language): void {
  try {
    storage?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // A storage that refuses writes only costs the user the remembered choice.
  }
}

/** window.localStorage, or undefined where merely touching it throws (some privacy modes). */
export function browserLocalStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}
