/**
 * Every screen definition in this folder, found by file name: `*.screen.json` (JSON, checked by
 * schemas/screen.schema.json) and `*.screen.ts` (typed objects, checked by the compiler too).
 * Adding a screen is adding a file — nothing to register. `npm run screens:check` validates them
 * all and cross-checks them against the OpenAPI document.
 */
import { mergeTextBundles } from '../lib/text-bundles';

const jsonFiles = import.meta.glob<unknown>('./**/*.screen.json', { eager: true, import: 'default' });
const tsFiles = import.meta.glob<unknown>('./**/*.screen.ts', { eager: true, import: 'default' });

export interface LoadedDefinition {
  /** Repository path, e.g. screens/portal/system/messageEdit.screen.json. */
  file: string;
  definition: unknown;
}

export const screenDefinitions: readonly LoadedDefinition[] = Object.entries({ ...jsonFiles, ...tsFiles })
  // A production build loads development pages' definitions as null (codegen/vite-dev-pages.ts).
  .filter(([, definition]) => definition !== null)
  .map(([key, definition]) => ({ file: `screens/${key.replace(/^\.\//, '')}`, definition }))
  .sort((a, b) => a.file.localeCompare(b.file));

const bundles = import.meta.glob<unknown>('./**/i18n/{ko,en}.json', { eager: true, import: 'default' });
const bundle = (lang: 'ko' | 'en') =>
  mergeTextBundles(
    Object.entries(bundles)
      .filter(([file]) => file.endsWith(`/${lang}.json`))
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([file, tree]) => ({ file, tree })),
  ).tree;

/**
 * Labels of the screens (titles, fields, options) by language, merged from screens/i18n/ and each
 * group's own i18n/ folder (npm run screens:check refuses conflicting texts); server messages
 * override them.
 */
export const screenTexts = { ko: bundle('ko'), en: bundle('en') } as const;
