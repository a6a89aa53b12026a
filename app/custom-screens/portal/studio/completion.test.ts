// @vitest-environment node
import { describe, expect, it } from 'vitest';
import schema from '../../../../schemas/screen.schema.json';
import { contractValues, enumValues, propertyNames, sourceOperation, type StudioOperation } from './completion';

const root = schema as unknown as Record<string, unknown>;
const ops: StudioOperation[] = [
  {
    id: 'listPos',
    method: 'get',
    list: true,
    pathParams: [],
    queryParams: ['poNo', 'compName', 'status', 'page', 'size', 'sort'],
    sortFields: ['poNo', 'compNameKr'],
    rowFields: ['poNo', 'compNameKr', 'currency'],
    answerFields: null,
    bodyFields: null,
  },
  {
    id: 'getPo',
    method: 'get',
    list: false,
    pathParams: ['poNo'],
    queryParams: [],
    sortFields: [],
    rowFields: null,
    answerFields: ['poNo'],
    bodyFields: null,
  },
];

describe('studio completion', () => {
  it('offers the properties the schema allows at a place, by the definition’s kind', () => {
    const list = propertyNames(root, { kind: 'list' }, []).map((p) => p.name);
    expect(list).toEqual(expect.arrayContaining(['source', 'filters', 'columns', 'selection']));
    expect(list).not.toContain('sections');
    expect(propertyNames(root, { kind: 'edit' }, []).map((p) => p.name)).toContain('sections');
    const column = propertyNames(root, { kind: 'list', columns: [{}] }, ['columns', 0]).map((p) => p.name);
    expect(column).toEqual(expect.arrayContaining(['field', 'type', 'width', 'codeGroup']));
  });

  it('offers enum values from the schema', () => {
    expect(enumValues(root, { kind: 'list', columns: [{}] }, ['columns', 0, 'type'])).toEqual(
      expect.arrayContaining(['text', 'money', 'date', 'code']),
    );
    expect(enumValues(root, { kind: 'list' }, ['selection'])).toEqual(['none', 'single', 'multi']);
  });

  it('offers operations, filter parameters, row fields and sort fields from the contract', () => {
    expect(contractValues(['source', 'operation'], ops, null)).toEqual(['listPos']);
    expect(contractValues(['actions', 0, 'operation'], ops, null)).toEqual(['listPos', 'getPo']);
    expect(contractValues(['filters', 0, 'field'], ops, 'listPos')).toEqual(['poNo', 'compName', 'status']);
    expect(contractValues(['columns', 1, 'field'], ops, 'listPos')).toEqual(['poNo', 'compNameKr', 'currency']);
    expect(contractValues(['source', 'defaultSort'], ops, 'listPos')).toEqual([
      'poNo:asc',
      'poNo:desc',
      'compNameKr:asc',
      'compNameKr:desc',
    ]);
  });

  it('finds the source operation while the text does not parse', () => {
    expect(sourceOperation(undefined, '{ "kind": "list", "source": { "operation": "listPos", "rowKey": ')).toBe(
      'listPos',
    );
    expect(sourceOperation({ source: { operation: 'getPo' } }, '')).toBe('getPo');
  });
});
