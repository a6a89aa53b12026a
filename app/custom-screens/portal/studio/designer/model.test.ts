import { describe, expect, it } from 'vitest';
import { openDefinition } from './model';

describe('what the designer can show, and why not', () => {
  it('a list screen: its filters, columns and actions at their pointers', () => {
    const o = openDefinition(
      '{"kind":"list","filters":[{"field":"a"}],"columns":[{"field":"b"},{"field":"c"}],"actions":[{"kind":"exportExcel"}]}',
    );
    expect(o.ok).toBe(true);
    if (!o.ok || o.model.kind !== 'list') throw new Error('list');
    expect(o.model.columns.map((c) => c.pointer)).toEqual(['/columns/0', '/columns/1']);
    expect(o.model.filters[0].value).toEqual({ field: 'a' });
    expect(o.model.actions[0].kind).toBe('action');
  });

  it('an edit screen: sections with their fields', () => {
    const o = openDefinition(
      '{"kind":"edit","sections":[{"title":"t","fields":[{"field":"x"},{"field":"y"}]},{"fields":[]}]}',
    );
    if (!o.ok || o.model.kind !== 'edit') throw new Error('edit');
    expect(o.model.sections[0].fields.map((f) => f.pointer)).toEqual(['/sections/0/fields/0', '/sections/0/fields/1']);
    expect(o.model.sections[1].fields).toEqual([]);
  });

  it.each([
    ['{"kind":"list",', 'syntax'],
    ['{"kind":"list" // note\n}', 'syntax'],
    ['[1]', 'notObject'],
    ['{"kind":"tree"}', 'kind'],
    ['{"kind":"list","columns":[{"field":"a","field":"b"}]}', 'duplicateKey'],
    ['{"kind":"list","columns":{"field":"a"}}', 'notList'],
    ['{"kind":"list","columns":["a"]}', 'itemNotObject'],
    ['{"kind":"edit","sections":[{"fields":[1]}]}', 'itemNotObject'],
  ])('%s opens in JSON: %s', (text, code) => {
    const o = openDefinition(text);
    expect(o.ok).toBe(false);
    if (!o.ok) expect(o.reason.code).toBe(code);
  });

  it('names where: the line and column of a syntax error, the place of a duplicate', () => {
    const o = openDefinition('{\n  "kind": "list",\n  "columns": [}\n}');
    expect(!o.ok && o.reason.vars).toMatchObject({ line: 3 });
    const d = openDefinition('{"kind":"list","columns":[{"field":"a","field":"b"}]}');
    expect(!d.ok && d.reason.vars).toEqual({ key: 'field', place: '/columns/0' });
  });
});
