// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { pointerRange } from './json-pointer';

const source = `{
  "kind": "list",
  "columns": [
    { "field": "compNameKr" },
    { "field": "compNameKo", "width": 120 }
  ],
  "a/b": { "c~d": 1 }
}`;

const at = (pointer: string) => {
  const r = pointerRange(source, pointer);
  return source.slice(r.from, r.to);
};

describe('pointerRange', () => {
  it('finds a member with its value, a list item and an escaped name', () => {
    expect(at('/kind')).toBe('"kind": "list"');
    expect(at('/columns/1/field')).toBe('"field": "compNameKo"');
    expect(at('/columns/1/width')).toBe('"width": 120');
    expect(at('/a~1b/c~0d')).toBe('"c~d": 1');
  });

  it('marks an object or a list at its name or bracket, and a pointer to nowhere at the deepest place reached', () => {
    expect(at('/columns')).toBe('"columns"');
    expect(at('/columns/0')).toBe('{');
    expect(at('/columns/0/nothing')).toBe('{');
    expect(at('')).toBe('{');
  });

  it('answers the start of a text that does not parse', () => {
    expect(pointerRange('{ "kind": ', '/kind')).toEqual({ from: 0, to: 1 });
  });
});
