import { describe, expect, it } from 'vitest';
import { validateDefinition } from '../definition/validate';
import { computeCells, loadDetail, productOf, rowsFromAnswer, startDetail } from './detail-state';

describe('fillFrom: a document’s lines as a detail grid’s rows', () => {
  const answer = {
    order: { poNo: 'PO1' },
    lines: [
      { lineNo: 1, itemName: '볼트', quantity: '10.000', openQty: '4.000' },
      { lineNo: 2, itemName: '너트', quantity: '2.000', openQty: '0.000' },
    ],
  };

  it('maps each row by fill (row field ← answer field) from the dotted path, leaving out what `keep` refuses', () => {
    expect(
      rowsFromAnswer(
        answer,
        'lines',
        { poLineNo: 'lineNo', itemName: 'itemName', availableQty: 'openQty' },
        (r) => r.openQty !== '0.000',
      ),
    ).toEqual([{ poLineNo: 1, itemName: '볼트', availableQty: '4.000' }]);
    // A list of names fills each field from the field of the same name; a missing one is blank.
    expect(rowsFromAnswer(answer, 'lines', ['itemName', 'spec'])).toEqual([
      { itemName: '볼트', spec: '' },
      { itemName: '너트', spec: '' },
    ]);
  });

  it('takes a list answer or its rows without a path; anything else is no rows', () => {
    expect(rowsFromAnswer([{ a: 1 }], undefined, ['a'])).toEqual([{ a: 1 }]);
    expect(rowsFromAnswer({ rows: [{ a: 2 }], total: 1 }, undefined, ['a'])).toEqual([{ a: 2 }]);
    expect(rowsFromAnswer({ order: {} }, 'lines', ['a'])).toEqual([]);
    expect(rowsFromAnswer(null, 'x.y', ['a'])).toEqual([]);
  });

  it('rows filled start as new rows: a save sends them', () => {
    const s = startDetail(rowsFromAnswer(answer, 'lines', ['itemName']));
    expect(s.rows.every((r) => r.original === undefined)).toBe(true);
  });
});

describe('computed cells (product)', () => {
  it('is the exact product to 2 decimals, empty while a factor is not a number', () => {
    expect(productOf({ q: '4.5', p: '2000' }, ['q', 'p'])).toBe('9000.00');
    expect(productOf({ q: '0.1', p: '0.2' }, ['q', 'p'])).toBe('0.02');
    expect(productOf({ q: '1.005', p: '1' }, ['q', 'p'])).toBe('1.01');
    expect(productOf({ q: '1,000', p: '3' }, ['q', 'p'])).toBe('3000.00');
    expect(productOf({ q: '2', p: '3', r: '1.5' }, ['q', 'p', 'r'])).toBe('9.00');
    expect(productOf({ q: '', p: '3' }, ['q', 'p'])).toBe('');
    expect(productOf({ q: 'x', p: '3' }, ['q', 'p'])).toBe('');
  });

  it('brings every row’s computed cells up to date, and leaves the state alone when nothing changed', () => {
    const columns = [{ field: 'q' }, { field: 'p' }, { field: 'amt', product: ['q', 'p'] }];
    const s = startDetail([
      { q: '2', p: '3', amt: '' },
      { q: '', p: '1', amt: '' },
    ]);
    const next = computeCells(s, columns);
    expect(next.rows.map((r) => r.data.amt)).toEqual(['6.00', '']);
    expect(computeCells(next, columns)).toBe(next);
    // A loaded row whose amount the server already computed is not a change.
    const loaded = loadDetail([{ q: '6.000', p: '1500.00', amt: '9000.00' }]);
    expect(computeCells(loaded, columns)).toBe(loaded);
  });
});

describe('the language checks the new parts', () => {
  const edit = (patch: Record<string, unknown>, field: Record<string, unknown> = {}) => ({
    kind: 'edit',
    id: 'x.y',
    route: '/xy',
    title: 't',
    sections: [{ fields: [{ field: 'mode', widget: 'radio', options: [{ value: 'N', text: 'a' }], ...field }] }],
    details: [
      {
        id: 'lines',
        rowKey: 'no',
        columns: [{ field: 'no' }, { field: 'q' }, { field: 'p' }, { field: 'amt', product: ['q', 'p'] }],
        ...patch,
      },
    ],
  });

  it('accepts fillFrom, sendWhen, omitBlank, product and a radio', () => {
    expect(
      validateDefinition(
        edit(
          {
            fillFrom: {
              operation: 'getX',
              params: { path: { id: 'form.id' } },
              rows: 'lines',
              when: "form.mode == 'N'",
              where: "row.open != '0'",
              fill: { no: 'lineNo' },
            },
            sendWhen: '!empty(row.q)',
            omitBlank: true,
            send: ['no', 'q'],
          },
          { sendWhen: "form.mode == 'N'" },
        ),
        'x',
      ),
    ).toEqual([]);
  });

  it('refuses a product of a field that is not a column, a radio without choices and unreadable expressions', () => {
    const messages = (def: unknown) => validateDefinition(def, 'x').map((p) => `${p.pointer}: ${p.message}`);
    const bad = edit(
      { columns: [{ field: 'no' }, { field: 'amt', product: ['no', 'price'] }], sendWhen: 'row.q ==' },
      { options: undefined, sendWhen: 'form.(' },
    );
    const found = messages(bad);
    expect(found).toContainEqual(expect.stringMatching(/^\/details\/0\/columns\/1\/product\/1: product names "price"/));
    expect(found).toContainEqual(expect.stringMatching(/^\/sections\/0\/fields\/0\/widget: a radio needs its choices/));
    expect(found).toContainEqual(expect.stringMatching(/^\/details\/0\/sendWhen: expression/));
    expect(found).toContainEqual(expect.stringMatching(/^\/sections\/0\/fields\/0\/sendWhen: expression/));
    expect(messages(edit({ fillFrom: { operation: 'getX', fill: {} } }))).toContainEqual(
      expect.stringMatching(/fillFrom\/fill/),
    );
  });
});

describe('a form field’s default from the address', () => {
  it('is the query parameter, else `or`', async () => {
    const { defaultValue } = await import('../list/filters');
    expect(defaultValue({ query: 'noPo', or: 'N' }, 'radio', null, new Date(), { noPo: 'Y' })).toBe('Y');
    expect(defaultValue({ query: 'noPo', or: 'N' }, 'radio', null, new Date(), {})).toBe('N');
    expect(defaultValue({ query: 'noPo' }, 'radio', null, new Date())).toBe('');
  });
});
