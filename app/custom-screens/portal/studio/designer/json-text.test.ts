import { describe, expect, it } from 'vitest';
import { insertItem, moveItem, removeItem, setProperty } from './json-text';
import { applyPatch, diffPatch, invertPatch } from './text-patch';

const LIST = `{
  "kind": "list",
  "filters": [
    {
      "field": "a",
      "x-note": "kept"
    },
    { "field": "b" }
  ],
  "columns": [
    { "field": "c", "width": 100 },
    { "field": "d" },
    { "field": "e" }
  ]
}
`;

const run = (text: string, p: ReturnType<typeof setProperty>) => {
  expect(p).not.toBeNull();
  return applyPatch(text, p!);
};

describe('json-text: edits at a place that leave every other byte alone', () => {
  it('adds a column between two one-line columns, in their style, the others untouched', () => {
    const out = run(LIST, insertItem(LIST, ['columns'], 1, { field: 'new', width: 80 }));
    expect(out).toContain(
      `    { "field": "c", "width": 100 },\n    { "field": "new", "width": 80 },\n    { "field": "d" },`,
    );
    expect(out.replace(`    { "field": "new", "width": 80 },\n`, '')).toBe(LIST);
  });

  it('adds at the end of a list and into a list that is not there yet', () => {
    const out = run(LIST, insertItem(LIST, ['columns'], 3, { field: 'z' }));
    expect(out).toContain(`{ "field": "e" },\n    { "field": "z" }\n  ]`);
    const added = run(LIST, insertItem(LIST, ['actions'], 0, { kind: 'exportExcel' }));
    expect(JSON.parse(added).actions).toEqual([{ kind: 'exportExcel' }]);
    expect(added.startsWith(LIST.slice(0, LIST.lastIndexOf(']') + 1))).toBe(true);
    const empty = '{ "kind": "list", "filters": [] }';
    expect(run(empty, insertItem(empty, ['filters'], 0, { field: 'q' }))).toBe(
      '{ "kind": "list", "filters": [{ "field": "q" }] }',
    );
  });

  it('removes the first, a middle and the last item with one separator each', () => {
    expect(JSON.parse(run(LIST, removeItem(LIST, ['columns'], 0))).columns).toEqual([{ field: 'd' }, { field: 'e' }]);
    const last = run(LIST, removeItem(LIST, ['columns'], 2));
    expect(last).toContain(`{ "field": "d" }\n  ]`);
    const only = '{"a":[1]}';
    expect(run(only, removeItem(only, ['a'], 0))).toBe('{"a":[]}');
    expect(removeItem(LIST, ['columns'], 7)).toBeNull();
  });

  it('moves an item by rotating the items’ own texts, separators in place', () => {
    const out = run(LIST, moveItem(LIST, ['filters'], 0, 1));
    expect(out).toContain(
      `"filters": [\n    { "field": "b" },\n    {\n      "field": "a",\n      "x-note": "kept"\n    }\n  ]`,
    );
    const back = run(out, moveItem(out, ['filters'], 1, 0));
    expect(back).toBe(LIST);
    expect(
      JSON.parse(run(LIST, moveItem(LIST, ['columns'], 2, 0))).columns.map((c: { field: string }) => c.field),
    ).toEqual(['e', 'c', 'd']);
    expect(moveItem(LIST, ['columns'], 1, 1)).toBeNull();
  });

  it('sets a value in place, adds a property after the last, removes one', () => {
    expect(setProperty(LIST, ['columns', 0], 'width', 140)).toEqual({
      from: LIST.indexOf('100'),
      to: LIST.indexOf('100') + 3,
      insert: '140',
    });
    expect(run(LIST, setProperty(LIST, ['columns', 1], 'label', '품번'))).toContain(
      `{ "field": "d", "label": "품번" }`,
    );
    expect(run(LIST, setProperty(LIST, ['filters', 0], 'required', true))).toContain(
      `"x-note": "kept",\n      "required": true\n    }`,
    );
    expect(run(LIST, setProperty(LIST, ['columns', 0], 'width', undefined))).toContain(`{ "field": "c" }`);
    expect(run('{}', setProperty('{}', [], 'kind', 'list'))).toBe('{ "kind": "list" }');
    expect(setProperty(LIST, ['columns', 0], 'width', 100)).toBeNull();
    expect(setProperty(LIST, ['columns', 0], 'nothing', undefined)).toBeNull();
  });

  it('keeps Windows line ends', () => {
    const crlf = LIST.replace(/\n/g, '\r\n');
    const out = run(crlf, insertItem(crlf, ['filters'], 0, { field: 'n', params: { from: 'x' } }));
    expect(out.replace(/\r\n/g, '')).not.toContain('\n');
  });
});

describe('text-patch', () => {
  it('finds the smallest span and inverts it', () => {
    const p = diffPatch('abcdef', 'abXYef')!;
    expect(p).toEqual({ from: 2, to: 4, insert: 'XY' });
    expect(applyPatch('abXYef', invertPatch('abcdef', p))).toBe('abcdef');
    expect(diffPatch('same', 'same')).toBeNull();
    expect(diffPatch('aaa', 'aaaa')).toEqual({ from: 3, to: 3, insert: 'a' });
  });
});
