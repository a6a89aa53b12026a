// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { mergeTextBundles } from './text-bundles';

describe('mergeTextBundles', () => {
  it('merges nested groups from several files', () => {
    const r = mergeTextBundles([
      { file: 'screens/i18n/ko.json', tree: { field: { code: '코드' }, screen: { a: 'A' } } },
      {
        file: 'screens/purchase/i18n/ko.json',
        tree: { field: { prNo: '구매요청번호', code: '코드' }, screen: { b: 'B' } },
      },
    ]);
    expect(r.tree).toEqual({ field: { code: '코드', prNo: '구매요청번호' }, screen: { a: 'A', b: 'B' } });
    expect(r.conflicts).toEqual([]);
  });

  it('names every key two bundles define differently, and keeps the first', () => {
    const r = mergeTextBundles([
      { file: 'a.json', tree: { field: { code: '코드' }, x: 'text' } },
      { file: 'b.json', tree: { field: { code: '부호' }, x: { y: 'nested' } } },
    ]);
    expect(r.tree).toEqual({ field: { code: '코드' }, x: 'text' });
    expect(r.conflicts).toEqual([
      'field.code: a.json vs b.json',
      'x: a.json has a text where b.json has a group of keys',
    ]);
  });
});
