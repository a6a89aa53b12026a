import { describe, expect, it } from 'vitest';
import { checkLinkageAnswer, linkageGateErrors, type LinkageFacts } from '../../../server/domain/linkage-answer.js';
import type { LinkageAnswerBody } from '../../../server/domain/linkage-schemas.js';
import { linkagePrint } from '../../../server/modules/contracts/linkage.js';

/**
 * A document's 납품대금 연동 answer as a body gives it (상생협력법 §21; server/domain/linkage-answer.ts): the checks an
 * agreement and an e-contract share, at their edges, and the section the contract's PDF prints.
 */
const facts: LinkageFacts = {
  amountKrw: '100000000',
  periodDays: 90,
  unfixed: { amount: '금액이 정해지지 않았습니다', period: '기간이 정해지지 않았습니다' },
};
const inUse = async (code: string) => code === 'STEEL_HRC';
const clause = (o: Partial<LinkageAnswerBody> = {}): LinkageAnswerBody => ({
  linkageKind: 'LINKED',
  linkageMaterial: '열연강판',
  linkageSharePct: '10',
  linkageIndexCode: 'steel_hrc',
  linkageBaseDate: '2026-10-31',
  linkageBaseValue: '125.5',
  linkageCompareBasis: 'DAY',
  linkageComparePeriodMonths: 1,
  linkageTriggerPct: '10',
  ...o,
});
const notLinked = (exceptionType: string, reason = '사유'): LinkageAnswerBody => ({
  linkageKind: 'NOT_LINKED',
  linkageExceptionType: exceptionType,
  linkageReason: reason,
});
const paths = async (b: LinkageAnswerBody, f = facts) =>
  (await checkLinkageAnswer(b, f, inUse)).errors.map((e) => e.path);

describe('a 납품대금 연동 answer (상생협력법 §21)', () => {
  it('stores a clause with a 10 % share and a 10 % trigger, the index upper-cased, the other kind’s fields null', async () => {
    const { errors, row } = await checkLinkageAnswer(clause(), facts, inUse);
    expect(errors).toEqual([]);
    expect(row).toMatchObject({ kind: 'LINKED', sharePct: '10', triggerPct: '10', indexCode: 'STEEL_HRC' });
    expect(row).toMatchObject({ exceptionType: null, reason: null });
  });

  it('refuses a 9.999 % share, a trigger of 0 or 10.01 %, a fourth decimal of share, an index out of use', async () => {
    expect(await paths(clause({ linkageSharePct: '9.999' }))).toEqual(['body/linkageSharePct']);
    expect(await paths(clause({ linkageSharePct: '10.0001' }))).toEqual(['body/linkageSharePct']);
    expect(await paths(clause({ linkageTriggerPct: '0' }))).toEqual(['body/linkageTriggerPct']);
    expect(await paths(clause({ linkageTriggerPct: '10.01' }))).toEqual(['body/linkageTriggerPct']);
    expect(await paths(clause({ linkageIndexCode: 'OLD_CU' }))).toEqual(['body/linkageIndexCode']);
    expect(await paths(clause({ linkageComparePeriodMonths: 0, linkageCompareBasis: 'WEEK' }))).toEqual([
      'body/linkageCompareBasis',
      'body/linkageComparePeriodMonths',
    ]);
  });

  it('소액 up to ₩100,000,000 and 단기 up to 90 days, both ends included; unfixed facts refuse them in the document’s words', async () => {
    expect(await paths(notLinked('SMALL_AMOUNT'))).toEqual([]);
    expect(await paths(notLinked('SMALL_AMOUNT'), { ...facts, amountKrw: '100000001' })).toEqual([
      'body/linkageExceptionType',
    ]);
    expect(await paths(notLinked('SHORT_TERM'))).toEqual([]);
    expect(await paths(notLinked('SHORT_TERM'), { ...facts, periodDays: 91 })).toEqual(['body/linkageExceptionType']);
    const unfixed = { ...facts, amountKrw: null, periodDays: null };
    expect((await checkLinkageAnswer(notLinked('SMALL_AMOUNT'), unfixed, inUse)).errors).toEqual([
      { path: 'body/linkageExceptionType', message: '금액이 정해지지 않았습니다' },
    ]);
    expect((await checkLinkageAnswer(notLinked('SHORT_TERM'), unfixed, inUse)).errors).toEqual([
      { path: 'body/linkageExceptionType', message: '기간이 정해지지 않았습니다' },
    ]);
    expect(await paths(notLinked('AGREED_NONE', ' '))).toEqual(['body/linkageReason']);
    expect(await paths(notLinked('NONE'))).toEqual(['body/linkageExceptionType']);
  });

  it('the gate: no answer is refused in the document’s words; a 미연동 answer the facts no longer allow, as the document’s', () => {
    expect(linkageGateErrors(undefined, facts, '없음')).toEqual([{ path: 'body', message: '없음' }]);
    const small = { kind: 'NOT_LINKED', exceptionType: 'SMALL_AMOUNT', reason: '소액' };
    expect(linkageGateErrors(small, facts, '없음')).toEqual([]);
    expect(linkageGateErrors(small, { ...facts, amountKrw: '100000001' }, '없음')).toEqual([
      { path: 'body', message: '소액 예외는 납품대금 1억 원 이하에만 적용됩니다' },
    ]);
    expect(linkageGateErrors({ kind: 'LINKED', exceptionType: null, reason: null }, facts, '없음')).toEqual([]);
  });

  it('prints the clause with the formula’s numbers, or the 미연동 합의 with its reason', async () => {
    const { row } = await checkLinkageAnswer(
      clause({ linkageSharePct: '12.5', linkageBaseValue: '1234.5' }),
      facts,
      inUse,
    );
    const linked = linkagePrint(row, '열연강판 가격지수');
    expect(linked.heading).toBe('납품대금 연동 약정 (상생협력법 제21조)');
    expect(linked.lines).toEqual([
      '주요 원재료: 열연강판 (납품대금 중 비중 12.5%)',
      '기준 지표: 열연강판 가격지수 (STEEL_HRC)',
      '기준시점: 2026년 10월 31일, 기준시점 지표값: 1,234.5',
      '비교시점 지표값: 비교시점 당일의 지표값, 조정주기: 1개월',
      '조정요건: 기준시점 대비 지표 변동률(상승·하락)이 10% 이상일 때',
      '연동 산식: 변경 단가 = 기준 단가 × (1 + 주요 원재료 비중 × 지표 변동률)',
    ]);
    const none = linkagePrint(
      (await checkLinkageAnswer(notLinked('SMALL_AMOUNT', '소액 거래'), facts, inUse)).row,
      null,
    );
    expect(none).toEqual({
      heading: '납품대금 미연동 합의 (상생협력법 제21조)',
      lines: ['미연동 사유 유형: 소액 (납품대금 1억 원 이하)', '미연동 사유: 소액 거래'],
    });
  });
});
