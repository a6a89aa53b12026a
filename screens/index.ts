/**
 * Every screen definition in this folder, found by file name: `*.screen.json` (JSON, checked by
 * schemas/screen.schema.json) and `*.screen.ts` (typed objects, checked by the compiler too).
 * Adding a screen is adding a file — nothing to register. `npm run screens:check` validates them
 * all and cross-checks them against the OpenAPI document.
 */
import ko from './i18n/ko.json';
import en from './i18n/en.json';

const jsonFiles = import.meta.glob<unknown>('./**/*.screen.json', { eager: true, import: 'default' });
const tsFiles = import.meta.glob<unknown>('./**/*.screen.ts', { eager: true, import: 'default' });

export interface LoadedDefinition {
  /** Repository path, e.g. screens/portal/system/messageEdit.screen.json. */
  file: string;
  definition: unknown;
}

export const screenDefinitions: readonly LoadedDefinition[] = Object.entries({ ...jsonFiles, ...tsFiles })
  .map(([key, definition]) => ({ file: `screens/${key.replace(/^\.\//, '')}`, definition }))
  .sort((a, b) => a.file.localeCompare(b.file));

/** Labels of the screens (titles, fields, options) by language; server messages override them. */
export const screenTexts = { ko, en } as const;
