// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { MenuItem } from '../../stores/session';
import { withoutAbsentPages } from './dev-menus';

const leaf = (pgmId: string, sspUrl: string): MenuItem => ({ pgmId, pgmName: pgmId, sspUrl, leaf: 'T' });
const group = (pgmId: string, childs: MenuItem[]): MenuItem => ({
  pgmId,
  pgmName: pgmId,
  sspUrl: null,
  leaf: 'F',
  childs,
});

const MENUS: MenuItem[] = [
  group('PUR', [
    group('PUR_ORDER', [leaf('PUR_ORDER_REQUEST', '/OrderRequestList')]),
    group('PUR_DEV', [leaf('PUR_DEV_TEST_PO', '/testPo')]),
    group('PUR_MIXED', [leaf('A', '/testPo/'), leaf('B', '/prList')]),
  ]),
  group('EMPTY', []),
];

describe('menus without the pages a build does not have', () => {
  it('a production build drops the rows of devOnly screens and the groups left empty', () => {
    const shown = withoutAbsentPages(MENUS, false, new Set(['/testpo']));
    expect(shown).toEqual([
      group('PUR', [
        group('PUR_ORDER', [leaf('PUR_ORDER_REQUEST', '/OrderRequestList')]),
        group('PUR_MIXED', [leaf('B', '/prList')]),
      ]),
      // A group that came empty from the server stays as the server sent it.
      group('EMPTY', []),
    ]);
    expect(MENUS[0].childs).toHaveLength(3);
  });

  it('with development pages every row stays', () => {
    expect(withoutAbsentPages(MENUS, true, new Set(['/testpo']))).toEqual(MENUS);
  });

  it('knows /testPo as a devOnly route from the screen manifest', () => {
    expect(withoutAbsentPages([leaf('PUR_DEV_TEST_PO', '/testPo'), leaf('PUR_PR_LIST', '/prList')], false)).toEqual([
      leaf('PUR_PR_LIST', '/prList'),
    ]);
  });
});
