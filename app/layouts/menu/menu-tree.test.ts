// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { EXTERNAL_MENUS, INTERNAL_MENUS } from './menu-fixture';
import {
  firstLeaf,
  leavesOf,
  megaMenuWidth,
  menuForPath,
  menuHref,
  menuPathOf,
  menuRows,
  menuTrail,
} from './menu-tree';

const names = (items: Array<{ pgmName: string }>) => items.map((m) => m.pgmName);

describe('menu trail (breadcrumb, active entries)', () => {
  it('finds the three levels of a screen', () => {
    expect(names(menuTrail(INTERNAL_MENUS, '/warehousingList', false))).toEqual(['입고/정산', '입고', '입고현황']);
  });

  it('finds a screen by one of its sub-URLs (an edit screen under its list)', () => {
    expect(names(menuTrail(INTERNAL_MENUS, '/prEdit', false))).toEqual(['구매관리', '구매요청', '구매요청']);
  });

  it('strips /cyber in the external portal, case and trailing slash aside', () => {
    expect(names(menuTrail(EXTERNAL_MENUS, '/cyber/deliverEdit/', true))).toEqual([
      '납품',
      '납품관리',
      '납품등록/현황',
    ]);
    expect(names(menuTrail(INTERNAL_MENUS, '/WarehousingList', false))).toEqual(['입고/정산', '입고', '입고현황']);
  });

  it('is empty for home and unknown addresses', () => {
    expect(menuTrail(INTERNAL_MENUS, '/', false)).toEqual([]);
    expect(menuTrail(EXTERNAL_MENUS, '/cyber', true)).toEqual([]);
    expect(menuTrail(INTERNAL_MENUS, '/nope', false)).toEqual([]);
    expect(menuForPath(INTERNAL_MENUS, '/nope', false)).toBeNull();
    expect(menuForPath(INTERNAL_MENUS, '/monthlyCalcADetail', false)?.pgmId).toBe('WHS_SETTLE_MONTHLY');
  });
});

describe('menu links', () => {
  it('only leaves navigate, with /cyber added in the external portal', () => {
    expect(menuHref(INTERNAL_MENUS[0], false)).toBeNull();
    expect(menuHref(EXTERNAL_MENUS[0].childs![0].childs![0], true)).toBe('/cyber/prCheckList');
    expect(menuPathOf('/cyber/prCheckList', true)).toBe('/prCheckList');
  });

  it('a group opens its first leaf; an empty group has none', () => {
    expect(firstLeaf(INTERNAL_MENUS[1])?.sspUrl).toBe('/warehousingList');
    expect(firstLeaf(INTERNAL_MENUS[2].childs![1])).toBeNull();
  });

  it('lists every leaf with its ancestors', () => {
    const all = leavesOf(INTERNAL_MENUS);
    expect(all).toHaveLength(12);
    expect(names(all[0].ancestors)).toEqual(['구매관리', '구매요청']);
  });
});

describe('mega menu layout (spec §9)', () => {
  it('puts five columns in a row', () => {
    expect(menuRows(INTERNAL_MENUS).map((r) => r.length)).toEqual([5, 1]);
    expect(menuRows([])).toEqual([]);
  });

  it('is 900 px wide below the 1600 px breakpoint and 1200 px from it', () => {
    expect(megaMenuWidth(1280)).toBe(900);
    expect(megaMenuWidth(1599)).toBe(900);
    expect(megaMenuWidth(1600)).toBe(1200);
    expect(megaMenuWidth(2560)).toBe(1200);
  });
});
