import { screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installGlideJsdom } from '../testing/grid';
import { renderScreen } from '../testing/screen-harness';
import { filterSpan } from './ListScreen';

let uninstall: () => void;
beforeAll(() => {
  uninstall = installGlideJsdom();
});
afterAll(() => uninstall());

/** /CompManageList's sourcing group filter took one column and stacked its four selects. */
describe('filter panel layout', () => {
  it('gives the four-level sourcing group two columns unless the definition says otherwise', () => {
    expect(filterSpan({ widget: 'sourcingGroup' })).toBe(2);
    expect(filterSpan({ widget: 'sourcingGroup', span: 3 })).toBe(3);
    expect(filterSpan({ widget: 'text' })).toBe(1);
    expect(filterSpan({ span: 2 })).toBe(2);
  });

  it(
    'renders the sourcing group cell over two columns with its four selects, other cells over one',
    { timeout: 30_000 },
    async () => {
      const { container } = renderScreen('test.suppliers', {
        entries: [
          {
            file: 'screens/test/suppliers.screen.json',
            definition: {
              id: 'test.suppliers',
              kind: 'list',
              route: '/test/suppliers',
              title: '협력사',
              source: { operation: 'listSuppliers', rowKey: 'compNo' },
              filters: [
                { field: 'compNameKr', label: '업체명', maxLength: 100 },
                { field: 'sgCode', label: '소싱그룹', widget: 'sourcingGroup' },
              ],
              columns: [{ field: 'compNo', label: '업체번호' }],
            },
          },
        ],
        answers: { listSuppliers: () => ({ rows: [], total: 0 }) },
      });
      await screen.findByRole('search');
      const cell = container.querySelector<HTMLElement>('[data-filter="sgCode"]')!;
      expect(cell.style.gridColumn).toBe('span 2');
      expect(cell.querySelectorAll('select')).toHaveLength(4);
      expect(container.querySelector<HTMLElement>('[data-filter="compNameKr"]')!.style.gridColumn).toBe('');
    },
  );
});
