// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { answersBesideAuthCheck, sameAnswer } from '../../../server/auth/check-beside.js';
import { access } from '../../../server/http/access.js';
import { ListOf } from '../../../server/domain/schemas.js';

const keysetList = { 200: ListOf('PrRow', undefined, 'keyset') };
const declared = { access: access.login(['/prList'], 'read'), readOnlyList: true };
const route = (over: Record<string, unknown> = {}) => ({
  method: 'GET' as const,
  url: '/api/v1/prs',
  config: declared,
  schema: { response: keysetList },
  ...over,
});

describe('which routes are answered beside the authority check', () => {
  it('a GET declared a read-only list, for a logged-in caller, with no gate or a masking one', () => {
    expect(answersBesideAuthCheck(route(), 'none')).toBe(true);
    expect(answersBesideAuthCheck(route(), 'mask-only')).toBe(true);
  });
  it('not a route that logs a personal-data view, is public, or is not declared (whatever its answer looks like)', () => {
    expect(answersBesideAuthCheck(route(), 'logs-or-asks')).toBe(false);
    expect(answersBesideAuthCheck(route({ config: { ...declared, access: access.public() } }), 'none')).toBe(false);
    expect(answersBesideAuthCheck(route({ config: { access: declared.access } }), 'none')).toBe(false);
    expect(answersBesideAuthCheck(route({ config: {} }), 'none')).toBe(false);
    expect(answersBesideAuthCheck(route({ method: 'HEAD' }), 'none')).toBe(false);
  });
  it('a declaration on a route that is not a GET stops the start', () => {
    expect(() => answersBesideAuthCheck(route({ method: 'POST' }), 'none')).toThrow(/only a GET/);
  });
});

describe('sameAnswer', () => {
  const employee = { singleid: 'E000006', hname: '강동현', section: 'S2', deptcd: 'D2110' };
  const answer = {
    sessionId: 's1',
    userId: 'u1',
    portal: 'I' as const,
    authGroupId: '20',
    compNo: null,
    holdsScreen: true,
    employee,
  };
  it('is true only when every part the handler used is the same', () => {
    expect(sameAnswer({ ...answer }, answer)).toBe(true);
    expect(sameAnswer({ ...answer, authGroupId: '30' }, answer)).toBe(false);
    expect(sameAnswer({ ...answer, compNo: 'C00001' }, answer)).toBe(false);
    expect(sameAnswer({ ...answer, holdsScreen: false }, answer)).toBe(false);
    expect(sameAnswer({ ...answer, userId: 'u2' }, answer)).toBe(false);
    // The employee row scopes department and section lists (migration 0530).
    expect(sameAnswer({ ...answer, employee: { ...employee } }, answer)).toBe(true);
    expect(sameAnswer({ ...answer, employee: { ...employee, deptcd: 'D2120' } }, answer)).toBe(false);
    expect(sameAnswer({ ...answer, employee: { ...employee, section: 'S3' } }, answer)).toBe(false);
    expect(sameAnswer({ ...answer, employee: { ...employee, hname: '김동현' } }, answer)).toBe(false);
    expect(sameAnswer({ ...answer, employee: null }, answer)).toBe(false);
    expect(sameAnswer({ ...answer, employee: null }, { ...answer, employee: null })).toBe(true);
  });
});
