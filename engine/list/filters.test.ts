// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { FIXTURE_LOGINS } from '../../widgets/testing/fixture-services';
import type { FilterDef } from '../definition/types';
import { filterQuery, initialFilterValues, missingRequired, queryFilterValues } from './filters';

const filters: FilterDef[] = [
  { field: 'poNo' },
  { field: 'section', widget: 'businessSection', prefill: 'section', params: { topDept: 'section' } },
  { field: 'dept', widget: 'department', prefill: 'department', params: { deptcd: 'deptcd' } },
  { field: 'person', widget: 'person', prefill: 'person', params: { singleid: 'eprId' } },
  { field: 'status', widget: 'multiSelect', codeGroup: 'WH_STATUS', default: ['REQUESTED'] },
  {
    field: 'whReqDates',
    widget: 'dateRange',
    params: { from: 'whReqFrom', to: 'whReqTo' },
    default: { preset: 'lastMonth' },
    required: true,
  },
  { field: 'mine', default: { login: 'singleid' } },
];

const today = new Date(2026, 4, 31);

describe('filters', () => {
  it.each([
    ['99', { section: false, dept: false, person: false }],
    ['50', { section: false, dept: false, person: false }],
    ['33', { section: false, dept: false, person: false }],
    ['32', { section: true, dept: false, person: false }],
    ['31', { section: true, dept: true, person: false }],
    ['30', { section: true, dept: true, person: true }],
    ['20', { section: true, dept: true, person: true }],
  ])('spec §6 prefill for group %s', (group, expected) => {
    const login = FIXTURE_LOGINS[group] ?? { ...FIXTURE_LOGINS['30'], authGroupId: group };
    const v = initialFilterValues(filters, login, today);
    expect({
      section: 'topDept' in (v.section as object),
      dept: 'deptcd' in (v.dept as object),
      person: 'singleid' in (v.person as object),
    }).toEqual(expected);
  });

  it('defaults: literals, presets and login data; the query maps parts to parameters and leaves blanks out', () => {
    const v = initialFilterValues(filters, FIXTURE_LOGINS['31'], today);
    expect(v.whReqDates).toEqual({ from: '2026-04-30', to: '2026-05-31' });
    expect(v.status).toEqual(['REQUESTED']);
    expect(v.mine).toBe('E000006');
    expect(filterQuery(filters, { ...v, poNo: '  PO-1 ' })).toEqual({
      query: {
        poNo: 'PO-1',
        section: 'D2000',
        deptcd: 'D2110',
        status: ['REQUESTED'],
        whReqFrom: '2026-04-30',
        whReqTo: '2026-05-31',
        mine: 'E000006',
      },
      path: {},
    });
  });

  it('required: a half-filled range is missing', () => {
    expect(missingRequired(filters, { whReqDates: { from: '2026-01-01', to: '' } }).map((f) => f.field)).toEqual([
      'whReqDates',
    ]);
    expect(missingRequired(filters, { whReqDates: { from: '2026-01-01', to: '2026-01-31' } })).toEqual([]);
  });
});

describe('compound widgets in the query', () => {
  it('a sourcing group sends its deepest chosen level; an employee search its parts by params', () => {
    const defs: FilterDef[] = [
      { field: 'sg', widget: 'sourcingGroup' },
      { field: 'emp', widget: 'employeeSearch', params: { section: 'section', deptcd: 'deptcd', singleid: 'eprId' } },
    ];
    const v = initialFilterValues(defs, FIXTURE_LOGINS['31'], today);
    expect(v.emp).toMatchObject({ section: 'D2000', deptcd: 'D2110', singleid: '' });
    v.sg = { L1_SG_CODE: 'A', L2_SG_CODE: 'A01', L3_SG_CODE: '', L4_SG_CODE: '' };
    expect(filterQuery(defs, v).query).toEqual({ sg: 'A01', section: 'D2000', deptcd: 'D2110' });
  });
});

describe('ranges without params: [from, to] under the filter’s own parameter', () => {
  const defs: FilterDef[] = [
    { field: 'periods', widget: 'monthRange', default: { preset: 'last3Months' } },
    { field: 'requestedDates', widget: 'dateRange' },
    { field: 'whReqDates', widget: 'dateRange', params: { from: 'whReqFrom', to: 'whReqTo' } },
  ];
  it('a month range starts from a preset as YYYYMM and goes out as a repeated parameter', () => {
    const v = initialFilterValues(defs, null, today);
    expect(v.periods).toEqual({ from: '202602', to: '202605' });
    expect(v.requestedDates).toEqual({ from: '', to: '' });
    expect(filterQuery(defs, v).query).toEqual({ periods: ['202602', '202605'] });
  });
  it('an open end is sent blank; an empty range not at all; params still split the ends', () => {
    const q = filterQuery(defs, {
      periods: { from: '', to: '202605' },
      requestedDates: { from: '2026-05-01', to: '' },
      whReqDates: { from: '2026-05-01', to: '2026-05-31' },
    }).query;
    expect(q).toEqual({
      periods: ['', '202605'],
      requestedDates: ['2026-05-01', ''],
      whReqFrom: '2026-05-01',
      whReqTo: '2026-05-31',
    });
  });
});

describe('filters a link sets', () => {
  const defs: FilterDef[] = [
    { field: 'settleNo' },
    { field: 'status', widget: 'multiSelect', codeGroup: 'ADJUST_STATUS' },
    { field: 'period', widget: 'month' },
    { field: 'periods', widget: 'monthRange' },
    { field: 'dept', widget: 'department' },
  ];
  it('takes plain values by the filter’s name, a comma list for a multi-select, and leaves compound widgets alone', () => {
    expect(
      queryFilterValues(defs, {
        settleNo: 'ST2026-000001',
        status: 'REQUESTED,APPROVED',
        period: '202610',
        periods: '202601',
        dept: 'D1',
        other: 'x',
      }),
    ).toEqual({
      settleNo: 'ST2026-000001',
      status: ['REQUESTED', 'APPROVED'],
      period: '202610',
    });
  });
  it('is null when the query names no filter', () => {
    expect(queryFilterValues(defs, { other: 'x', settleNo: '' })).toBeNull();
    expect(queryFilterValues(defs, undefined)).toBeNull();
  });
});
