// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../testing/memory-storage';
import { createI18n } from './create-i18n';
import en from './en.json';
import ko from './ko.json';
import { LANGUAGE_STORAGE_KEY, normaliseLanguage, readStoredLanguage } from './language';

function keys(obj: object, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    typeof v === 'object' && v !== null ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

describe('language persistence', () => {
  it('uses the storage key "language" (spec §4)', () => {
    expect(LANGUAGE_STORAGE_KEY).toBe('language');
  });

  it('starts in Korean when nothing is stored', () => {
    const i18n = createI18n({ storage: memoryStorage() });
    expect(i18n.language).toBe('ko');
    expect(i18n.t('error.info401.title')).toBe('권한이 없습니다');
  });

  it('remembers a switch to English and starts in English next time', async () => {
    const storage = memoryStorage();
    const first = createI18n({ storage });
    await first.changeLanguage('en');
    expect(storage.getItem('language')).toBe('en');
    const next = createI18n({ storage });
    expect(next.language).toBe('en');
    expect(next.t('error.notFound.title')).toBe('Page not found');
  });

  it('falls back to Korean for unknown stored values and reads legacy ones', () => {
    expect(readStoredLanguage(memoryStorage({ language: 'fr' }))).toBe('ko');
    expect(readStoredLanguage(memoryStorage({ language: 'en_US' }))).toBe('en');
    expect(readStoredLanguage(undefined)).toBe('ko');
    expect(normaliseLanguage('ko_KR')).toBe('ko');
  });

  it('survives a storage that throws', () => {
    const broken = memoryStorage();
    broken.getItem = () => {
      throw new Error('denied');
    };
    broken.setItem = () => {
      throw new Error('denied');
    };
    const i18n = createI18n({ storage: broken });
    expect(i18n.language).toBe('ko');
    return expect(i18n.changeLanguage('en')).resolves.toBeTypeOf('function');
  });
});

describe('resource files', () => {
  it('have the same keys in Korean and English', () => {
    expect(keys(en).sort()).toEqual(keys(ko).sort());
  });
});
