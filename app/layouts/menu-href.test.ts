// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { menuHref } from './menu-href';

const leaf = (sspUrl: string) => ({ pgmId: 'X', pgmName: 'x', sspUrl, leaf: 'T' });

describe('menuHref', () => {
  it('links leaf entries only (spec §2)', () => {
    expect(menuHref({ ...leaf('/prList'), leaf: 'F' }, false)).toBeNull();
    expect(menuHref(leaf(''), false)).toBeNull();
    expect(menuHref(leaf('/prList'), false)).toBe('/prList');
  });

  it('prefixes /cyber inside the external portal, once', () => {
    expect(menuHref(leaf('/prCheckList'), true)).toBe('/cyber/prCheckList');
    expect(menuHref(leaf('prCheckList'), true)).toBe('/cyber/prCheckList');
    expect(menuHref(leaf('/cyber/prCheckList'), true)).toBe('/cyber/prCheckList');
  });
});
