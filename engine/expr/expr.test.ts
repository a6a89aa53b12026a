import { describe, expect, it } from 'vitest';
import { evalExpr, evalRule, ExprError, parseExpr } from './expr';

const scope = {
  login: { authGroupId: '31', section: 'S1' },
  row: { endedAt: null, useFlag: 'Y', count: 3, name: '홍길동' },
  rows: [{ useFlag: 'Y' }, { useFlag: 'N' }],
  selection: 2,
  mode: 'update',
  form: { tags: ['a', 'b'], description: '' },
  screen: { canWrite: true },
};

describe('expressions', () => {
  it.each([
    ['row.endedAt == null', true],
    ['row.endedAt != null', false],
    ["login.authGroupId in ['99', '50']", false],
    ["login.authGroupId in ['31', '32']", true],
    ['login.authGroupId == 31', true],
    ['row.count >= 3 && row.count < 4', true],
    ["!screen.canWrite || mode == 'create'", false],
    ['selection > 0 && all(rows, "useFlag", "Y")', false],
    ["some(rows, 'useFlag', 'N')", true],
    ['empty(form.description) && !empty(form.tags)', true],
    ['count(form.tags) == 2', true],
    ["contains(form.tags, 'b') && startsWith(row.name, '홍')", true],
    ['row.missing.deeper == null', true],
    ['form.tags[1] == "b"', true],
    ['(mode == "create" || mode == "update") && selection == 2', true],
    ['-1 < row.count', true],
  ])('%s → %s', (src, expected) => {
    expect(evalExpr(src, scope)).toBe(expected);
  });

  it('a missing root reads as null; rules fall back when absent', () => {
    expect(evalExpr('node.groupId', {})).toBeNull();
    expect(evalRule(undefined, {}, true)).toBe(true);
    expect(evalRule(false, {}, true)).toBe(false);
    expect(evalRule('screen.canWrite', scope, false)).toBe(true);
  });

  it('never reaches JavaScript: prototype names and calls are not available', () => {
    expect(evalExpr('row.constructor', scope)).toBeNull();
    expect(evalExpr('row.__proto__', scope)).toBeNull();
    expect(() => parseExpr('alert(1)')).toThrow(/unknown function 'alert'/);
    expect(() => parseExpr('window.location')).toThrow(/unknown name 'window'/);
  });

  it.each([
    ['row.a = 1', /unexpected character '='.*compare with ==/],
    ['row.a == 1 and row.b', /use && or \|\|/],
    ['row.a ==', /ended where a value was expected/],
    ["row.a == 'x", /unterminated string/],
    ['(row.a == 1', /expected '\)'/],
    ['empty(row.a, row.b)', /empty\(\) takes 1 argument/],
    ['row.', /expected a field name after '.'/],
    ['', /empty expression/],
  ])('rejects %j with a precise message', (src, message) => {
    expect(() => parseExpr(src)).toThrow(ExprError);
    expect(() => parseExpr(src)).toThrow(message);
  });

  it('names the position of the problem', () => {
    try {
      parseExpr('row.a == 1 && ]');
      expect.unreachable();
    } catch (e) {
      expect((e as ExprError).position).toBe(14);
      expect((e as Error).message).toContain('position 15');
    }
  });
});

describe('list functions for request bodies (pluck, pick) and the input root', () => {
  const rows = [
    { compNo: 'C00001', compNameKr: '가나', version: 1 },
    { compNo: 'C00002', compNameKr: '다라' },
  ];
  it('pluck takes one field of every row', () => {
    expect(evalExpr("pluck(detail.s.rows, 'compNo')", { detail: { s: { rows } } })).toEqual(['C00001', 'C00002']);
    expect(evalExpr("pluck(detail.s.rows, 'nothing')", { detail: { s: { rows } } })).toEqual([null, null]);
    expect(evalExpr("pluck(form.x, 'a')", { form: {} })).toEqual([]);
  });
  it('pick keeps only the named fields of every row (a closed body schema takes no others)', () => {
    expect(evalExpr("pick(detail.s.rows, ['compNo', 'version'])", { detail: { s: { rows } } })).toEqual([
      { compNo: 'C00001', version: 1 },
      { compNo: 'C00002' },
    ]);
    expect(evalExpr("pick(detail.s.rows, 'compNo')", { detail: { s: { rows } } })).toEqual([
      { compNo: 'C00001' },
      { compNo: 'C00002' },
    ]);
  });
  it('reads what an action prompt asked for under input', () => {
    expect(evalExpr('input.reason', { input: { reason: '단가 오류' } })).toBe('단가 오류');
    expect(evalExpr('input.buyer.singleid', { input: { buyer: { singleid: 'E000004', hname: '김민수' } } })).toBe(
      'E000004',
    );
  });
});
