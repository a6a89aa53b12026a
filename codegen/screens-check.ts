/**
 * `npm run screens:check` — every screen definition under screens/ is validated against
 * schemas/screen.schema.json and cross-checked against the OpenAPI document (operations, filter
 * parameters, column fields, sortable fields, action parameters, form fields), its expressions
 * parsed and its label keys looked up. Each problem names the file, the JSON pointer and what was
 * expected. It also keeps two generated files up to date: screens/screens.stories.tsx (one story
 * per definition) and screens/routes.generated.ts (the routes alone). The schema and its compiled
 * validator come from the screen language (`npm run codegen:screens`).
 *
 *   npm run screens:check                 check, and rewrite a generated file that is stale
 *   npm run screens:check -- --no-write   check only (a stale generated file is a problem)
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { checkDefinitionParts } from '../lib/screen-check/check';
import { indexApi } from '../lib/screen-check/cross-check';
import { formatProblem, type DefinitionProblem } from '../lib/screen-check/problems';
import type { ScreenDef } from '../lib/screen-check/types';
import { withFieldLabels } from '../engine/runtime/field-labels';
import { ENGINE_TEXTS_KO, looksLikeKey } from '../engine/text';
import { mergeTextBundles } from '../lib/text-bundles';

const ROOT = path.resolve(import.meta.dirname, '..');
const STORIES = 'screens/screens.stories.tsx';
const ROUTES = 'screens/routes.generated.ts';

export interface LoadedFile {
  file: string;
  definition: unknown;
  /** Set when the file could not be read as a definition at all. */
  loadError?: string;
}

function walk(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : walk(p);
    return /\.screen\.(json|ts)$/.test(e.name) ? [p] : [];
  });
}

/** 'Unexpected token } in JSON at position 120' → the line and column of that position. */
function jsonErrorAt(text: string, message: string): string {
  const m = /position (\d+)/.exec(message);
  if (!m) return message;
  const pos = Number(m[1]);
  const before = text.slice(0, pos).split('\n');
  return `${message.replace(/ in JSON at position \d+.*$/, '')} (line ${before.length}, column ${before[before.length - 1].length + 1})`;
}

export async function loadDefinitions(root = ROOT, folder = 'screens'): Promise<LoadedFile[]> {
  const files = walk(path.join(root, folder)).sort();
  const out: LoadedFile[] = [];
  for (const abs of files) {
    const file = path.relative(root, abs).split(path.sep).join('/');
    if (abs.endsWith('.json')) {
      const text = fs.readFileSync(abs, 'utf8');
      try {
        out.push({ file, definition: JSON.parse(text) });
      } catch (e) {
        out.push({ file, definition: null, loadError: `not valid JSON: ${jsonErrorAt(text, (e as Error).message)}` });
      }
      continue;
    }
    try {
      const mod = (await import(pathToFileURL(abs).href)) as { default?: unknown };
      if (mod.default === undefined)
        out.push({
          file,
          definition: null,
          loadError:
            'a .screen.ts file must `export default` its definition (e.g. export default defineListScreen({ … }))',
        });
      else out.push({ file, definition: mod.default });
    } catch (e) {
      out.push({ file, definition: null, loadError: `could not be loaded: ${(e as Error).message}` });
    }
  }
  return out;
}

function flatKeys(obj: unknown, prefix = '', out = new Set<string>()): Set<string> {
  if (obj && typeof obj === 'object')
    for (const [k, v] of Object.entries(obj)) flatKeys(v, prefix ? `${prefix}.${k}` : k, out);
  else if (typeof obj === 'string') out.add(prefix);
  return out;
}

/** Fields, columns, filters and series a definition labels by its `labels` prefix, with their pointers. */
function conventionLabelsOf(def: ScreenDef): Array<{ pointer: string; key: string; field: string }> {
  const out: Array<{ pointer: string; key: string; field: string }> = [];
  const walk = (node: unknown, pointer: string) => {
    if (Array.isArray(node)) node.forEach((v, i) => walk(v, `${pointer}/${i}`));
    else if (node && typeof node === 'object') {
      const o = node as { field?: unknown; labelKey?: unknown };
      if (typeof o.field === 'string' && typeof o.labelKey === 'string')
        out.push({ pointer: `${pointer}/field`, key: o.labelKey, field: o.field });
      for (const [k, v] of Object.entries(node)) walk(v, `${pointer}/${k}`);
    }
  };
  walk(withFieldLabels(def), '');
  return out;
}

/** Every label-like text of a definition with its pointer (titles, labels, confirmations, option texts …). */
function textsOf(node: unknown, pointer = ''): Array<{ pointer: string; text: string }> {
  const TEXT_KEYS = new Set([
    'title',
    'updateTitle',
    'label',
    'placeholder',
    'help',
    'confirm',
    'success',
    'fileName',
    'rootLabel',
    'text',
  ]);
  const out: Array<{ pointer: string; text: string }> = [];
  if (Array.isArray(node)) node.forEach((v, i) => out.push(...textsOf(v, `${pointer}/${i}`)));
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (TEXT_KEYS.has(k) && typeof v === 'string') out.push({ pointer: `${pointer}/${k}`, text: v });
      // Call inputs, link queries and new-row values are expressions and data, not texts (a body may well have a `title`).
      else if (k !== 'description' && k !== 'params' && k !== 'query' && k !== 'newRow' && k !== 'initialRows')
        out.push(...textsOf(v, `${pointer}/${k}`));
    }
  }
  return out;
}

/** Every i18n/<lang>.json under dir, sorted by path (screens/i18n/ first). */
function bundleFiles(dir: string, lang: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .map((rel) => rel.split(path.sep).join('/'))
    .filter((rel) => rel === `i18n/${lang}.json` || rel.endsWith(`/i18n/${lang}.json`))
    .sort((a, b) => a.localeCompare(b))
    .map((rel) => path.join(dir, rel));
}

function customComponentFiles(dir: string): Set<string> {
  if (!fs.existsSync(dir)) return new Set();
  return new Set(
    (fs.readdirSync(dir, { recursive: true }) as string[])
      .map((rel) => path.basename(rel))
      .filter((f) => f.endsWith('.custom.tsx'))
      .map((f) => f.slice(0, -'.custom.tsx'.length)),
  );
}

export interface CheckResult {
  problems: DefinitionProblem[];
  definitions: LoadedFile[];
  stories: string;
  routes: string;
}

export interface CheckOptions {
  root?: string;
  /** Folder of the definitions under root (default screens). */
  folder?: string;
  openapi?: Record<string, unknown>;
  /** Label bundles; default screens/i18n/{ko,en}.json under root. */
  texts?: { ko: unknown; en: unknown };
  /** Names of the custom components; default the *.custom.tsx files under app/custom-screens. */
  customComponents?: Set<string>;
}

export async function checkScreens(options: CheckOptions = {}): Promise<CheckResult> {
  const root = options.root ?? ROOT;
  const folder = options.folder ?? 'screens';
  const openapi =
    options.openapi ??
    (JSON.parse(fs.readFileSync(path.join(ROOT, 'schemas/openapi.generated.json'), 'utf8')) as Record<string, unknown>);
  const api = indexApi(openapi);
  const definitions = await loadDefinitions(root, folder);
  const problems: DefinitionProblem[] = [];

  const readBundle = (lang: string) => {
    const merged = mergeTextBundles(
      bundleFiles(path.join(root, folder), lang).map((file) => ({
        file: path.relative(root, file),
        tree: JSON.parse(fs.readFileSync(file, 'utf8')),
      })),
    );
    for (const c of merged.conflicts)
      problems.push({ file: `${folder}/**/i18n/${lang}.json`, pointer: '', message: `conflicting text ${c}` });
    return merged.tree;
  };
  const texts = options.texts ?? { ko: readBundle('ko'), en: readBundle('en') };
  const ko = flatKeys(texts.ko);
  const en = flatKeys(texts.en);

  const ids = new Map<string, string>();
  const routes = new Map<string, string>();
  for (const d of definitions) {
    const raw = d.definition as { id?: unknown; route?: unknown; portals?: unknown } | null;
    if (typeof raw?.id === 'string') {
      if (ids.has(raw.id))
        problems.push({
          file: d.file,
          pointer: '/id',
          message: `id ${JSON.stringify(raw.id)} is already used by ${ids.get(raw.id)}`,
        });
      else ids.set(raw.id, d.file);
    }
    if (typeof raw?.route === 'string') {
      const portals = Array.isArray(raw.portals) ? raw.portals : ['internal'];
      for (const p of portals) {
        const key = `${p} ${raw.route}`;
        if (routes.has(key))
          problems.push({
            file: d.file,
            pointer: '/route',
            message: `route ${raw.route} (${p}) is already served by ${routes.get(key)}`,
          });
        else routes.set(key, d.file);
      }
    }
  }
  const knownIds = new Set(ids.keys());
  const customNames = options.customComponents ?? customComponentFiles(path.join(root, 'app/custom-screens'));

  for (const d of definitions) {
    if (d.loadError) {
      problems.push({ file: d.file, pointer: '', message: d.loadError });
      continue;
    }
    const { shape, api: apiProblems } = checkDefinitionParts(d.definition, { api, file: d.file, screens: knownIds });
    problems.push(...shape, ...apiProblems);
    if (shape.length > 0) continue;
    const def = d.definition as ScreenDef;
    if (def.kind === 'custom' && !customNames.has(def.component)) {
      problems.push({
        file: d.file,
        pointer: '/component',
        message: `no file app/custom-screens/**/${def.component}.custom.tsx; custom components: ${[...customNames].sort().join(', ') || 'none'}`,
      });
    }
    for (const { pointer, key, field } of conventionLabelsOf(def)) {
      const found = [key, `field.${field}`].some((k) => ko.has(k) && en.has(k));
      if (!found)
        problems.push({
          file: d.file,
          pointer,
          message: `field ${JSON.stringify(field)} has no label: add ${JSON.stringify(key)} (or field.${field}) to ${folder}/**/i18n/{ko,en}.json, or give it a label`,
        });
    }
    for (const { pointer, text } of textsOf(def)) {
      if (!looksLikeKey(text) || Object.hasOwn(ENGINE_TEXTS_KO, text)) continue;
      const missing = [!ko.has(text) && 'ko', !en.has(text) && 'en'].filter(Boolean);
      if (missing.length)
        problems.push({
          file: d.file,
          pointer,
          message: `text key ${JSON.stringify(text)} has no ${missing.join(' and ')} text in any ${folder}/**/i18n/${missing[0]}.json (write the text itself, or add the key)`,
        });
    }
  }
  return { problems, definitions, stories: storiesModule(definitions), routes: routesModule(definitions) };
}

/**
 * The routes of the definitions, without the definitions: the router needs only these at start-up,
 * so the definitions stay out of the first JavaScript a browser loads (the login page's) and arrive
 * with the first screen.
 */
export function routesModule(definitions: LoadedFile[]): string {
  const rows = definitions
    .map(
      (d) =>
        d.definition as { id?: unknown; route?: unknown; title?: unknown; portals?: unknown; devOnly?: unknown } | null,
    )
    .filter(
      (d): d is { id: string; route: string; title?: unknown; portals?: unknown; devOnly?: unknown } =>
        typeof d?.id === 'string' && typeof d.route === 'string',
    )
    .map((d) => ({
      id: d.id,
      route: d.route,
      title: typeof d.title === 'string' ? d.title : d.id,
      portals: Array.isArray(d.portals) && d.portals.length ? (d.portals as string[]) : ['internal'],
      devOnly: d.devOnly === true,
    }))
    .sort((a, b) => a.route.localeCompare(b.route) || a.id.localeCompare(b.id));
  return `/* Generated by \`npm run screens:check\` from the screen definitions' id, route, title and portals. Do not edit. */
export interface ScreenRouteInfo {
  id: string;
  route: string;
  title: string;
  portals: ReadonlyArray<'internal' | 'external'>;
  /** Mounted only where development pages are (the Vite dev server, tests, VITE_DEV_PAGES=true builds). */
  devOnly?: true;
}

export const SCREEN_ROUTES: readonly ScreenRouteInfo[] = [
${rows.map((r) => `  { id: ${JSON.stringify(r.id)}, route: ${JSON.stringify(r.route)}, title: ${JSON.stringify(r.title)}, portals: [${r.portals.map((p) => JSON.stringify(p)).join(', ')}]${r.devOnly ? ', devOnly: true' : ''} },`).join('\n')}
];
`;
}

const storyName = (id: string) =>
  id
    .split(/[.\-_]/)
    .map((p) => p.charAt(0).toUpperCase() + p.slice(1))
    .join('');

/** One story per definition, from the ids (Storybook reads story names statically). */
export function storiesModule(definitions: LoadedFile[]): string {
  const entries = definitions
    // Custom screens are hand-written components with stories of their own beside them.
    .filter((d) => (d.definition as { kind?: unknown } | null)?.kind !== 'custom')
    .map((d) => ({ file: d.file, id: (d.definition as { id?: unknown } | null)?.id }))
    .filter((d): d is { file: string; id: string } => typeof d.id === 'string')
    .sort((a, b) => a.id.localeCompare(b.id));
  const stories = entries
    .map(
      (e) => `/** ${e.file} */\nexport const ${storyName(e.id)}: Story = { name: '${e.id}', args: { id: '${e.id}' } };`,
    )
    .join('\n\n');
  return `/* Generated by \`npm run screens:check\`: one story per screen definition, on fixture answers. Do not edit. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { ScreenStory } from './testing/ScreenStory';

const meta = {
  title: 'Screens',
  component: ScreenStory,
  parameters: { layout: 'fullscreen' },
  args: { canWrite: true },
} satisfies Meta<typeof ScreenStory>;

export default meta;
type Story = StoryObj<typeof meta>;

${stories}
`;
}

/** The generated files and what they should contain now. */
export function generatedFiles(stories: string, routes: string): Array<[file: string, content: string]> {
  return [
    [STORIES, stories],
    [ROUTES, routes],
  ];
}

async function main(): Promise<void> {
  const write = !process.argv.includes('--no-write');
  const { problems, definitions, stories, routes } = await checkScreens();
  for (const [file, content] of generatedFiles(stories, routes)) {
    const abs = path.join(ROOT, file);
    if (fs.existsSync(abs) && fs.readFileSync(abs, 'utf8') === content) continue;
    if (write) {
      fs.writeFileSync(abs, content);
      console.log(`screens:check: wrote ${file}`);
    } else problems.push({ file, pointer: '', message: 'is stale: run `npm run screens:check` to regenerate it' });
  }
  if (problems.length > 0) {
    console.error(`screens:check: ${problems.length} problem(s) in ${definitions.length} definition(s):`);
    for (const p of problems) console.error(`  ${formatProblem(p)}`);
    process.exit(1);
  }
  console.log(`screens:check: ${definitions.length} definition(s) valid and consistent with the OpenAPI document`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
