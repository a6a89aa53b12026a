// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  addRow,
  addRowFrom,
  changedRows,
  deleteRows,
  editCell,
  isDirty,
  loadDetail,
  moveRow,
  startDetail,
  validateDetail,
} from './detail-state';

const def = {
  rowKey: 'code',
  columns: [
    { field: 'code', required: true, maxLength: 3 },
    { field: 'text', required: true },
    { field: 'order', type: 'number' as const },
  ],
  newRow: { order: 0 },
};
const messages = { required: 'req', tooLong: (n: number) => `max ${n}`, duplicate: 'dup' };

describe('detail rows', () => {
  it('tracks new, changed and deleted rows against what was loaded', () => {
    let s = loadDetail([
      { code: 'A', text: '가', order: 1, version: 3 },
      { code: 'B', text: '나', order: 2, version: 1 },
    ]);
    expect(isDirty(s)).toBe(false);
    s = editCell(s, 0, 'text', '가나');
    s = addRow(s, def);
    s = editCell(s, 2, 'code', 'C');
    s = deleteRows(s, [1]);
    expect(changedRows(s).map((r) => r.data)).toEqual([
      { code: 'A', text: '가나', order: 1, version: 3 },
      { code: 'C', text: '', order: 0 },
    ]);
    expect(s.deleted).toEqual([{ code: 'B', text: '나', order: 2, version: 1 }]);
    expect(isDirty(s)).toBe(true);
    s = editCell(s, 0, 'text', '가');
    expect(changedRows(s)).toHaveLength(1);
  });

  it('a new record’s initial rows are added rows: sent with the save, not reported as deleted when removed', () => {
    let s = startDetail([
      { code: 'A', text: '가' },
      { code: 'B', text: '나' },
    ]);
    expect(changedRows(s).map((r) => r.data)).toEqual([
      { code: 'A', text: '가' },
      { code: 'B', text: '나' },
    ]);
    expect(isDirty(s)).toBe(true);
    s = deleteRows(s, [0]);
    expect(s.deleted).toEqual([]);
    s = addRow(s, def);
    expect(s.rows.map((r) => r.uid)).toEqual([2, 3]);
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

describe('detail rows from a popup and in a chosen order', () => {
  const def = { columns: [{ field: 'approverId' }, { field: 'approverName' }], newRow: {} };
  it('addRowFrom fills the new row from the chosen entry through `fill`', () => {
    const s = addRowFrom(
      loadDetail([]),
      def,
      { singleid: 'E000006', hname: '강동현', deptnm: '구매팀' },
      { approverId: 'singleid', approverName: 'hname' },
    );
    expect(s.rows.map((r) => r.data)).toEqual([{ approverId: 'E000006', approverName: '강동현' }]);
    expect(isDirty(s)).toBe(true);
  });
  it('a fill given as a list of names fills each from the field of the same name', () => {
    const s = addRowFrom(loadDetail([]), def, { singleid: 'E000006', hname: '강동현', deptnm: '구매팀' }, [
      'hname',
      'deptnm',
    ]);
    expect(s.rows[0].data).toMatchObject({ hname: '강동현', deptnm: '구매팀' });
    expect(s.rows[0].data).not.toHaveProperty('singleid');
  });
  it('moveRow moves one row up or down; a reorder counts as a change', () => {
    const s = loadDetail([{ approverId: 'A' }, { approverId: 'B' }, { approverId: 'C' }]);
    expect(isDirty(s)).toBe(false);
    const moved = moveRow(s, 2, -1);
    expect(moved.rows.map((r) => r.data.approverId)).toEqual(['A', 'C', 'B']);
    expect(isDirty(moved)).toBe(true);
    expect(moveRow(s, 0, -1)).toBe(s);
    expect(moveRow(moveRow(s, 0, 1), 1, -1).rows.map((r) => r.data.approverId)).toEqual(['A', 'B', 'C']);
    expect(isDirty(moveRow(moveRow(s, 0, 1), 1, -1))).toBe(false);
  });
});
