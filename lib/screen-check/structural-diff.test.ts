// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { structuralDiff } from './structural-diff';

const def = (columns: object[], extra: Record<string, unknown> = {}) => ({
  kind: 'list',
  title: '발주',
  source: { operation: 'listPos', rowKey: 'poNo' },
  columns,
  ...extra,
});
const a = { field: 'compNameKr', width: 200 };
const b = { field: 'poNo', width: 140 };
const c = { field: 'title', width: 240 };

describe('the version diff by JSON pointer', () => {
  it('reformatting alone, or the order of keys, is no change', () => {
    const before = def([a, b, c]);
    const reformatted = JSON.parse(JSON.stringify(before, null, 8)) as unknown;
    expect(structuralDiff(before, reformatted)).toEqual([]);
    const reordered = {
      columns: [{ width: 200, field: 'compNameKr' }, b, c],
      source: { rowKey: 'poNo', operation: 'listPos' },
      title: '발주',
      kind: 'list',
    };
    expect(structuralDiff(before, reordered)).toEqual([]);
  });

  it('a moved column is one move, not every column changed', () => {
    expect(structuralDiff(def([a, b, c]), def([b, c, a]))).toEqual([
      { op: 'move', pointer: '/columns/2', from: '/columns/0', value: a },
    ]);
  });

  it('a moved and edited column is a move and the change at its new place', () => {
    expect(structuralDiff(def([a, b, c]), def([b, { ...a, width: 180 }, c]))).toEqual([
      { op: 'move', pointer: '/columns/1', from: '/columns/0', value: { ...a, width: 180 } },
      { op: 'change', pointer: '/columns/1/width', before: 200, after: 180 },
    ]);
  });

  it('adds and removes columns and properties', () => {
    const status = { field: 'status', width: 100 };
    expect(structuralDiff(def([a, b]), def([a, b, status]))).toEqual([
      { op: 'add', pointer: '/columns/2', after: status },
    ]);
    expect(structuralDiff(def([a, b, c]), def([a, c]))).toEqual([{ op: 'remove', pointer: '/columns/1', before: b }]);
    expect(structuralDiff(def([a]), def([a], { filters: [{ field: 'poNo' }] }))).toEqual([
      { op: 'add', pointer: '/filters', after: [{ field: 'poNo' }] },
    ]);
    expect(structuralDiff(def([a], { description: 'x' }), def([a]))).toEqual([
      { op: 'remove', pointer: '/description', before: 'x' },
    ]);
  });

  it('changes a value in place', () => {
    expect(structuralDiff(def([a]), def([a], { title: '미납 발주' }))).toEqual([
      { op: 'change', pointer: '/title', before: '발주', after: '미납 발주' },
    ]);
    expect(structuralDiff(def([a]), { ...def([a]), source: { operation: 'listPrs', rowKey: 'poNo' } })).toEqual([
      { op: 'change', pointer: '/source/operation', before: 'listPos', after: 'listPrs' },
    ]);
  });

  it('items without a name are known by content; one changed in place is a change', () => {
    expect(structuralDiff({ x: ['a', 'b', 'c'] }, { x: ['c', 'a', 'b'] })).toEqual([
      { op: 'move', pointer: '/x/0', from: '/x/2', value: 'c' },
    ]);
    expect(structuralDiff({ x: [{ v: 1 }, { v: 2 }] }, { x: [{ v: 1 }, { v: 3 }] })).toEqual([
      { op: 'change', pointer: '/x/1/v', before: 2, after: 3 },
    ]);
  });
});
