/**
 * The designer's promises, over every built-in screen: opening and saving without a change is
 * byte-identical; random visual edits make exactly their semantic change (so keys the designer does
 * not know survive); 50 random edits then 50 undos give back the loaded text exactly.
 */
import fc from 'fast-check';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { screenDefinitions } from '../../../../../screens';
import { createHistoryStore } from './history';
import { insertItem, moveItem, removeItem, setProperty, type JsonPath } from './json-text';
import { openDefinition, type DesignElement, type DesignModel } from './model';
import { applyPatch, type Patch } from './text-patch';

type Json = Record<string, unknown>;

/** Every built-in definition as a text: a .screen.json file as it is, a .screen.ts one as the studio exports it. */
const BUILT_IN: Array<{ file: string; text: string }> = screenDefinitions.map(({ file, definition }) => ({
  file,
  text: file.endsWith('.json')
    ? fs.readFileSync(path.resolve(import.meta.dirname, '../../../../..', file), 'utf8')
    : `${JSON.stringify(definition, null, 2)}\n`,
}));

const designable = BUILT_IN.filter((s) => openDefinition(s.text).ok);

function elements(model: DesignModel): DesignElement[] {
  if (model.kind === 'list') return [...model.filters, ...model.columns, ...model.actions];
  return [...model.sections.flatMap((s) => [s, ...s.fields]), ...model.actions];
}

function lists(model: DesignModel): Array<{ path: JsonPath; length: number; item: Json }> {
  if (model.kind === 'list')
    return [
      { path: ['filters'], length: model.filters.length, item: { field: 'f' } },
      { path: ['columns'], length: model.columns.length, item: { field: 'c', width: 90 } },
      { path: ['actions'], length: model.actions.length, item: { kind: 'exportExcel' } },
    ];
  return [
    { path: ['sections'], length: model.sections.length, item: { title: 't', fields: [] } },
    ...model.sections.map((s) => ({ path: [...s.path, 'fields'], length: s.fields.length, item: { field: 'g' } })),
    { path: ['actions'], length: model.actions.length, item: { kind: 'save' } },
  ];
}

/** The JSON value at a path, made when missing (a list the edit adds). */
function at(root: unknown, p: JsonPath, make = false): unknown {
  let cur = root as Json;
  for (const [i, k] of p.entries()) {
    if (make && cur[k] === undefined) cur[k] = typeof p[i + 1] === 'number' ? [] : [];
    cur = cur[k as string] as Json;
  }
  return cur;
}

interface Seed {
  op: number;
  a: number;
  b: number;
  v: string | number | boolean | null;
}

const PROPS = ['label', 'width', 'hidden', 'required', 'help', 'visible'];

/** One visual edit chosen from a seed: its patch and the same change made on the parsed value. */
function edit(text: string, seed: Seed): { patch: Patch | null; expected: unknown } {
  const opened = openDefinition(text);
  if (!opened.ok) throw new Error(`the designer lost its model: ${opened.reason.code}`);
  const value = JSON.parse(text) as unknown;
  const all = elements(opened.model);
  const kind = all.length === 0 ? 0 : seed.op % 5;
  if (kind === 0) {
    const ls = lists(opened.model);
    const l = ls[seed.a % ls.length];
    const index = seed.b % (l.length + 1);
    const item = { ...l.item, n: seed.a };
    (at(value, l.path, true) as unknown[]).splice(index, 0, item);
    return { patch: insertItem(text, l.path, index, item), expected: value };
  }
  const e = all[seed.a % all.length];
  const listPath = e.path.slice(0, -1);
  const index = Number(e.path[e.path.length - 1]);
  const list = at(value, listPath) as unknown[];
  if (kind === 1) {
    list.splice(index, 1);
    return { patch: removeItem(text, listPath, index), expected: value };
  }
  if (kind === 2) {
    const to = seed.b % list.length;
    list.splice(to, 0, list.splice(index, 1)[0]);
    return { patch: moveItem(text, listPath, index, to), expected: value };
  }
  const target = at(value, e.path) as Json;
  // An action written as its kind alone has no properties to set (the designer leaves it to JSON).
  if (e.shorthand) return { patch: setProperty(text, e.path, 'label', 'x'), expected: value };
  if (kind === 3) {
    const name = PROPS[seed.b % PROPS.length];
    target[name] = seed.v;
    return { patch: setProperty(text, e.path, name, seed.v), expected: value };
  }
  const own = Object.keys(target).filter((k) => k !== 'x-keep' && k !== 'fields');
  if (own.length === 0) return { patch: null, expected: value };
  const name = own[seed.b % own.length];
  delete target[name];
  return { patch: setProperty(text, e.path, name, undefined), expected: value };
}

/** Marks every element and the root with a key the designer does not know. */
function withUnknownKeys(text: string): string {
  const opened = openDefinition(text);
  if (!opened.ok) throw new Error(opened.reason.code);
  let out = text;
  // Deepest first, so the earlier offsets stay valid for each patch read anew.
  for (const [i, e] of elements(opened.model).reverse().entries())
    if (!e.shorthand) out = applyPatch(out, setProperty(out, e.path, 'x-keep', `k${i}`)!);
  return applyPatch(out, setProperty(out, [], 'x-root', { nested: [1, { a: null }], 한글: '값' })!);
}

const seeds = fc.array(
  fc.record({
    op: fc.nat(),
    a: fc.nat(),
    b: fc.nat(),
    v: fc.oneof(fc.string({ maxLength: 12 }), fc.integer({ min: 20, max: 1000 }), fc.boolean()),
  }),
  { minLength: 1, maxLength: 30 },
);

describe('the designer over every built-in screen', () => {
  it('reads every built-in screen, and opens the list and edit ones', () => {
    expect(BUILT_IN.length).toBeGreaterThan(100);
    const kinds = BUILT_IN.map((s) => (JSON.parse(s.text) as Json).kind);
    const listOrEdit = kinds.filter((k) => k === 'list' || k === 'edit').length;
    // Every list and edit screen the project ships is one the designer can show.
    expect(designable.length).toBe(listOrEdit);
  });

  it('opening and saving with no change is byte-identical, for every built-in screen', () => {
    for (const { file, text } of BUILT_IN) {
      const history = createHistoryStore();
      history.getState().load(file, text);
      openDefinition(history.getState().text);
      expect(history.getState().text, file).toBe(text);
      expect(history.getState().undoSteps, file).toHaveLength(0);
    }
  });

  it('random visual edits make exactly their change: unknown keys and untouched values survive', () => {
    fc.assert(
      fc.property(fc.constantFrom(...designable), seeds, ({ text }, steps) => {
        let current = withUnknownKeys(text);
        for (const seed of steps) {
          const { patch, expected } = edit(current, seed);
          if (!patch) continue;
          current = applyPatch(current, patch);
          expect(JSON.parse(current)).toEqual(expected);
        }
        expect((JSON.parse(current) as Json)['x-root']).toEqual({ nested: [1, { a: null }], 한글: '값' });
      }),
      { numRuns: 40 },
    );
  });

  it('50 random edits, then 50 undos, give back the loaded text exactly (and 50 redos the edited one)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...designable),
        fc.array(fc.record({ op: fc.nat(), a: fc.nat(), b: fc.nat(), v: fc.string({ maxLength: 8 }) }), {
          minLength: 120,
          maxLength: 120,
        }),
        ({ file, text }, steps) => {
          const history = createHistoryStore();
          const loaded = withUnknownKeys(text);
          history.getState().load(file, loaded);
          let made = 0;
          for (let i = 0; made < 50; i++) {
            // Past the seeds, adds: they always change the text.
            const seed = steps[i] ?? { op: 0, a: i, b: i, v: '' };
            const before = history.getState().text;
            history.getState().change(edit(before, seed).patch, { now: i * 10_000 });
            if (history.getState().text !== before) made++;
          }
          const edited = history.getState().text;
          for (let i = 0; i < 50; i++) expect(history.getState().undo()).toBe(true);
          expect(history.getState().text).toBe(loaded);
          for (let i = 0; i < 50; i++) expect(history.getState().redo()).toBe(true);
          expect(history.getState().text).toBe(edited);
        },
      ),
      { numRuns: 20 },
    );
  });
});
