/**
 * The labels the built-in screens give the fields of each operation they read (a list's source, an
 * edit screen's load), in Korean and English: the studio names an unlabelled field of a stored
 * screen by the screen its operation comes from before the shared field dictionary, so `status` on
 * a list of purchase orders is the purchase-order screens' word, not the account screens'.
 *
 * Writes schemas/screen-field-labels.generated.ts; with --check it writes nothing and fails when
 * the file differs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadDefinitions } from './screens-check';
import { looksLikeKey } from '../engine/text';
import { mergeTextBundles } from '../lib/text-bundles';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT = 'schemas/screen-field-labels.generated.ts';

type Tree = Record<string, unknown>;

function bundle(lang: 'ko' | 'en'): Tree {
  const dir = path.join(ROOT, 'screens');
  const files = (fs.readdirSync(dir, { recursive: true }) as string[])
    .map((rel) => rel.split(path.sep).join('/'))
    .filter((rel) => rel === `i18n/${lang}.json` || rel.endsWith(`/i18n/${lang}.json`))
    .sort((a, b) => a.localeCompare(b));
  return mergeTextBundles(
    files.map((rel) => ({ file: rel, tree: JSON.parse(fs.readFileSync(path.join(dir, rel), 'utf8')) as unknown })),
  ).tree as Tree;
}

const lookup = (tree: Tree, key: string): string | null => {
  let v: unknown = tree;
  for (const part of key.split('.')) v = v && typeof v === 'object' ? (v as Tree)[part] : undefined;
  return typeof v === 'string' ? v : null;
};

interface Labelled {
  field: string;
  label: string;
}

/**
 * Columns, filters and form fields with the key or text that names them: their `label`, else the screen's
 * label prefix with the field (`labels: 'screen.contract.field'` → `screen.contract.field.status`, 계약상태) —
 * what the screen itself shows. Not the shared `field.<name>`: that is the studio's last resort anyway, and
 * one word for the whole app (its `status` is an account's 계정상태).
 */
function labelled(node: unknown, prefix: string | null, out: Labelled[] = []): Labelled[] {
  if (Array.isArray(node)) node.forEach((v) => labelled(v, prefix, out));
  else if (node && typeof node === 'object') {
    const o = node as Tree;
    if (typeof o.field === 'string' && typeof o.label === 'string') out.push({ field: o.field, label: o.label });
    else if (typeof o.field === 'string' && prefix) out.push({ field: o.field, label: `${prefix}.${o.field}` });
    for (const [k, v] of Object.entries(o))
      if (k !== 'params' && k !== 'query' && k !== 'details' && k !== 'actions') labelled(v, prefix, out);
  }
  return out;
}

/** Fields whose choices a screen lists (`options`) or takes from a code group (`codeGroup`). */
interface Choices {
  field: string;
  options?: Array<{ value: string; text: string }>;
  codeGroup?: string;
}

function choices(node: unknown, out: Choices[] = []): Choices[] {
  if (Array.isArray(node)) node.forEach((v) => choices(v, out));
  else if (node && typeof node === 'object') {
    const o = node as Tree;
    if (typeof o.field === 'string' && (Array.isArray(o.options) || typeof o.codeGroup === 'string'))
      out.push({
        field: o.field,
        ...(Array.isArray(o.options) ? { options: o.options as Choices['options'] } : {}),
        ...(typeof o.codeGroup === 'string' ? { codeGroup: o.codeGroup } : {}),
      });
    for (const [k, v] of Object.entries(o))
      if (k !== 'params' && k !== 'query' && k !== 'details' && k !== 'actions') choices(v, out);
  }
  return out;
}

type Words = { ko: string; en: string };
export type ScreenFieldLabels = Record<
  string,
  {
    screen: string;
    title?: Words;
    fields: Record<string, Words>;
    /** Field → value → its words, as the screen's choices show them (a generated screen's options). */
    options?: Record<string, Record<string, Words>>;
    /** Field → the common-code group the screen shows it by. */
    codeGroups?: Record<string, string>;
  }
>;

export async function screenFieldLabels(): Promise<ScreenFieldLabels> {
  const [ko, en] = [bundle('ko'), bundle('en')];
  const out: ScreenFieldLabels = {};
  for (const { definition } of await loadDefinitions(ROOT)) {
    const d = definition as {
      id?: string;
      kind?: string;
      labels?: string;
      title?: string;
      source?: { operation?: string };
      load?: { operation?: string };
    } | null;
    const op = d?.kind === 'list' ? d.source?.operation : d?.kind === 'edit' ? d.load?.operation : undefined;
    if (!d?.id || !op) continue;
    const text = (lang: Tree, label: string) => (looksLikeKey(label) ? lookup(lang, label) : label);
    // The screen's title too: a screen generated from the operation in the studio starts with it (in Korean).
    const title = typeof d.title === 'string' ? { ko: text(ko, d.title), en: text(en, d.title) } : null;
    const entry = (out[op] ??= {
      screen: d.id,
      ...(title?.ko ? { title: { ko: title.ko, en: title.en ?? title.ko } } : {}),
      fields: {},
    });
    for (const { field, label } of labelled(definition, typeof d.labels === 'string' ? d.labels : null)) {
      if (Object.hasOwn(entry.fields, field)) continue;
      const [k, e] = [text(ko, label), text(en, label)];
      if (k) entry.fields[field] = { ko: k, en: e ?? k };
    }
    // What each value is called, so a screen generated from the operation shows words, not codes.
    for (const c of choices(definition)) {
      if (c.codeGroup) (entry.codeGroups ??= {})[c.field] ??= c.codeGroup;
      for (const o of c.options ?? []) {
        if (typeof o?.value !== 'string' || typeof o.text !== 'string') continue;
        const [k, e] = [text(ko, o.text), text(en, o.text)];
        const byValue = ((entry.options ??= {})[c.field] ??= {});
        if (k && !Object.hasOwn(byValue, o.value)) byValue[o.value] = { ko: k, en: e ?? k };
      }
    }
  }
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const text = `// Generated by codegen/screen-field-labels.ts (npm run codegen): do not edit.\n/** Operation → the built-in screen that reads it, its title and the labels it gives the fields. */\nexport const SCREEN_FIELD_LABELS: Record<string, { screen: string; title?: { ko: string; en: string }; fields: Record<string, { ko: string; en: string }>; options?: Record<string, Record<string, { ko: string; en: string }>>; codeGroups?: Record<string, string> }> = ${JSON.stringify(await screenFieldLabels(), null, 2)};\n`;
  const file = path.join(ROOT, OUT);
  if (process.argv.includes('--check')) {
    if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== text) {
      console.error(`${OUT} is out of date: run npm run codegen`);
      process.exit(1);
    }
  } else fs.writeFileSync(file, text);
}
