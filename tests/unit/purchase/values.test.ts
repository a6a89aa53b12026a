// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { lineAmount, toKrw, totalOf, wonText } from '../../../server/domain/money.js';
import { formatDocumentNumber } from '../../../server/db/document-number.js';
import { AMOUNT, QUANTITY, UNIT_PRICE, decimalProblem, isEmail, josa } from '../../../server/domain/values.js';
import { checkDate, isValidDate, parseDeadline, todayKst } from '../../../server/domain/dates.js';
import type { FieldError } from '../../../server/domain/errors.js';

describe('decimal input rules', () => {
  it('accepts quantities > 0 with up to 3 decimals and prices ≥ 0 with up to 2', () => {
    expect(decimalProblem('1', QUANTITY)).toBeNull();
    expect(decimalProblem('0.001', QUANTITY)).toBeNull();
    expect(decimalProblem('999999999999.999', QUANTITY)).toBeNull();
    expect(decimalProblem('0', UNIT_PRICE)).toBeNull();
    expect(decimalProblem('12.50', UNIT_PRICE)).toBeNull();
  });

  it('explains every refusal in Korean, with the right particle', () => {
    expect(decimalProblem('0', QUANTITY)).toBe('수량은 0보다 커야 합니다');
    expect(decimalProblem('-2', QUANTITY)).toBe('수량은 0보다 커야 합니다');
    expect(decimalProblem('1.0001', QUANTITY)).toBe('수량은 소수점 이하 3자리까지 입력할 수 있습니다');
    expect(decimalProblem('1.001', UNIT_PRICE)).toBe('단가는 소수점 이하 2자리까지 입력할 수 있습니다');
    expect(decimalProblem('-0.01', UNIT_PRICE)).toBe('단가는 0 이상이어야 합니다');
    expect(decimalProblem('1e5', UNIT_PRICE)).toBe('단가는 숫자로 입력하세요');
    expect(decimalProblem('', QUANTITY)).toBe('수량을 입력하세요');
    expect(decimalProblem('1234567890123', QUANTITY)).toBe('수량이 너무 큽니다');
    expect(decimalProblem('1.5', { ...AMOUNT, scale: 0 })).toBe('금액은 소수점 없이 입력하세요');
  });

  it('picks 은/는, 이/가, 을/를 by the last syllable', () => {
    expect(josa('수량', '은/는')).toBe('수량은');
    expect(josa('단가', '은/는')).toBe('단가는');
    expect(josa('금액', '이/가')).toBe('금액이');
    expect(josa('LOI', '은/는')).toBe('LOI는');
    expect(josa('제목', '을/를')).toBe('제목을');
  });
});

describe('money', () => {
  it('rounds a line once to whole units (KRW and JPY have none), half up', () => {
    expect(lineAmount('2.5', '12000.50', 'KRW')).toBe('30001');
    expect(lineAmount('2.5', '11999.99', 'KRW')).toBe('30000');
    expect(lineAmount('0.001', '0.49', 'JPY')).toBe('0');
    expect(totalOf(['15000', '30001'])).toBe('45001');
    expect(totalOf([])).toBe('0');
  });

  it('converts JPY per 100 yen and rounds to whole won', () => {
    expect(toKrw('1200000', 'JPY', '905.32')).toBe('10863840');
    expect(toKrw('552300', 'JPY', '905.32')).toBe('5000082');
    expect(toKrw('45001.00', 'KRW', '905.32')).toBe('45001');
    expect(wonText('5000000')).toBe('5,000,000');
  });
});

describe('dates and numbers', () => {
  it('checks calendar dates from 1900 and "not before" bounds', () => {
    expect(isValidDate('2026-02-29')).toBe(false);
    expect(isValidDate('2028-02-29')).toBe(true);
    expect(isValidDate('1899-12-31')).toBe(false);
    const errors: FieldError[] = [];
    checkDate(errors, 'body/d', '2026-01-01', '납기일', { notBefore: '2026-01-02' });
    checkDate(errors, 'body/e', '', '납기일', { required: true });
    checkDate(errors, 'body/f', '2026/01/01', '납기일');
    expect(errors).toEqual([
      { path: 'body/d', message: '납기일은 오늘 이후여야 합니다' },
      { path: 'body/e', message: '납기일을 입력하세요' },
      { path: 'body/f', message: '납기일은 YYYY-MM-DD 형식의 올바른 날짜여야 합니다' },
    ]);
  });

  it('reads a deadline as the end of a Korean day or an ISO date-time, and refuses the past', () => {
    const now = new Date('2026-11-22T00:00:00Z');
    const errors: FieldError[] = [];
    expect(parseDeadline(errors, 'p', '2026-11-22', now)?.toISOString()).toBe('2026-11-22T14:59:59.000Z');
    expect(parseDeadline(errors, 'p', '2026-11-23T18:00:00+09:00', now)?.toISOString()).toBe(
      '2026-11-23T09:00:00.000Z',
    );
    expect(parseDeadline(errors, 'p', '2026-11-21', now)).toBeNull();
    expect(parseDeadline(errors, 'p', '2026-11-23 18:00', now)).toBeNull();
    expect(errors.map((e) => e.message)).toEqual([
      '마감일시는 현재 이후여야 합니다',
      expect.stringContaining('YYYY-MM-DD'),
    ]);
  });

  it('uses the Korean business day and formats readable numbers', () => {
    expect(todayKst(new Date('2026-11-21T15:30:00Z'))).toBe('2026-11-22');
    expect(todayKst(new Date('2026-11-21T14:59:59Z'))).toBe('2026-11-21');
    expect(formatDocumentNumber('PR', '2026', 123)).toBe('PR2026-000123');
    expect(formatDocumentNumber('RFQ', '2027', 1)).toBe('RFQ2027-000001');
  });
});

describe('e-mail addresses', () => {
  it('takes something@domain.tld and refuses blanks, a missing part or a second @', () => {
    expect(isEmail('buyer@example.co.kr')).toBe(true);
    expect(isEmail('a.b+c@d.io')).toBe(true);
    for (const bad of ['', 'buyer', 'buyer@example', '@example.com', 'buyer@', 'bu yer@example.com', 'a@b@c.com'])
      expect(isEmail(bad)).toBe(false);
  });
});
