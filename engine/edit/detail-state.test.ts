import { describe, expect, it } from 'vitest';
import { addRow, changedRows, deleteRows, editCell, isDirty, loadDetail, validateDetail } from './detail-state';

const def = { rowKey: 'code', columns: [{ field: 'code', required: true, maxLength: 3 }, { field: 'text', required: true }, { field: 'order', type: 'number' as const }], newRow: { order: 0 } };
const messages = { required: 'req', tooLong: (n: number) => `max ${n}`, duplicate: 'dup' };

describe('detail rows', () => {
  it('tracks new, changed and deleted rows against what was loaded', () => {
    let s = loadDetail([{ code: 'A', text: '가', order: 1, version: 3 }, { code: 'B', text: '나', order: 2, version: 1 }]);
    expect(isDirty(s)).toBe(false);
    s = editCell(s, 0, 'text', '가나');
    s = addRow(s, def);
    s = editCell(s, 2, 'code', 'C');
    s = deleteRows(s, [1]);
    expect(changedRows(s).map((r) => r.data)).toEqual([{ code: 'A', text: '가나', order: 1, version: 3 }, { code: 'C', text: '', order: 0 }]);
    expect(s.deleted).toEqual([{ code: 'B', text: '나', order: 2, version: 1 }]);
    expect(isDirty(s)).toBe(true);
    s = editCell(s, 0, 'text', '가');
    expect(changedRows(s)).toHaveLength(1);
  });

  it('validates required cells, lengths and duplicate keys by row', () => {
    let s = loadDetail([{ code: 'A', text: '가' }]);
    s = addRow(s, def);
    s = editCell(s, 1, 'code', 'ABCD');
    s = addRow(s, def);
    s = editCell(s, 2, 'code', 'A');
    s = editCell(s, 2, 'text', 'x');
    expect(validateDetail(s, def, messages)).toEqual([
      { index: 1, field: 'code', message: 'max 3' },
      { index: 1, field: 'text', message: 'req' },
      { index: 2, field: 'code', message: 'dup' },
    ]);
  });
});
