/**
 * The property panel's words come from the studio's texts, in both languages: every property it
 * can show has a name (`designer.prop.<property>`), every enum value it can offer a label
 * (`designer.enumValue.<property>.<value>`), and every property whose schema has a description has
 * it in words (`designer.propHelp.<property>`). The places are found
 * from the screen language's schema itself — a probe definition with an element of every kind
 * (every action kind, filter and field widget, column type) — so a property or an enum value the
 * language gains fails here until it is worded.
 */
import { describe, expect, it } from 'vitest';
import screenSchema from '../../../../../schemas/screen.schema.json';
import studioEn from '../../../../../screens/portal/screen/i18n/en.json';
import studioKo from '../../../../../screens/portal/screen/i18n/ko.json';
import { enumValues, propertySchemas } from '../completion';
import { controlOf } from './controls';
import { openDefinition, type DesignElement } from './model';

type Json = Record<string, unknown>;
const schema = screenSchema as unknown as Json;

/** Every element of a definition the designer opens, as the panel is asked for it. */
function elements(def: Json): DesignElement[] {
  const opened = openDefinition(JSON.stringify(def));
  if (!opened.ok) throw new Error(opened.reason.code);
  const m = opened.model;
  const parts = [m.screen, ...(m.source ? [m.source] : [])];
  if (m.kind === 'list') return [...parts, ...m.filters, ...m.columns, ...m.actions];
  return [...parts, ...m.sections.flatMap((s) => [s, ...s.fields]), ...m.actions];
}

/** Definitions with one element of every kind the language names at each place. */
function probes(): Json[] {
  const values = (doc: Json, path: Array<string | number>) => enumValues(schema, doc, path);
  const list: Json = { kind: 'list', source: { operation: 'x' }, filters: [{}], columns: [{}], actions: [{}] };
  const edit: Json = { kind: 'edit', load: { operation: 'x' }, sections: [{ fields: [{}] }], actions: [{}] };
  const actionKinds = values(list, ['actions', 0, 'kind']);
  list.actions = actionKinds.map((kind) => ({ kind }));
  edit.actions = values(edit, ['actions', 0, 'kind']).map((kind) => ({ kind }));
  list.filters = values(list, ['filters', 0, 'widget']).map((widget) => ({ field: 'f', widget }));
  list.columns = ['', ...values(list, ['columns', 0, 'type'])].map((type) =>
    type ? { field: 'c', type } : { field: 'c' },
  );
  (edit.sections as Json[])[0].fields = values(edit, ['sections', 0, 'fields', 0, 'widget']).map((widget) => ({
    field: 'f',
    widget,
  }));
  return [list, edit];
}

/** The panel's enum values and described properties over every probe element. */
function panelWords() {
  const enums = new Map<string, Set<string>>();
  const described = new Set<string>();
  const named = new Set<string>();
  for (const def of probes())
    for (const e of elements(def))
      for (const { name, schema: s } of propertySchemas(schema, def, e.path)) {
        named.add(name);
        const control = controlOf(schema, s);
        if (control.type === 'enum')
          for (const v of control.values) (enums.get(name) ?? enums.set(name, new Set()).get(name)!).add(v);
        if (typeof s.description === 'string') described.add(name);
      }
  return { enums, described, named };
}

const texts = (bundle: unknown) =>
  (bundle as { screen: { screenStudio: { designer: Record<string, Record<string, unknown>> } } }).screen.screenStudio
    .designer;

describe('the property panel’s words', () => {
  const { enums, described, named } = panelWords();

  it('finds the places: enum properties and described ones at every kind of element', () => {
    expect(enums.get('align')).toEqual(new Set(['left', 'center', 'right']));
    expect(enums.get('widget')?.has('dateRange')).toBe(true);
    expect(described.size).toBeGreaterThan(5);
  });

  for (const [lang, bundle] of [
    ['ko', studioKo],
    ['en', studioEn],
  ] as const)
    it(`every enum value and every description has its words in ${lang}`, () => {
      const d = texts(bundle);
      const missing: string[] = [];
      for (const [name, vs] of enums)
        for (const v of vs)
          if (typeof (d.enumValue?.[name] as Record<string, unknown> | undefined)?.[v] !== 'string')
            missing.push(`enumValue.${name}.${v}`);
      for (const name of described) if (typeof d.propHelp?.[name] !== 'string') missing.push(`propHelp.${name}`);
      for (const name of named) if (typeof d.prop?.[name] !== 'string') missing.push(`prop.${name}`);
      expect(missing).toEqual([]);
    });
});
