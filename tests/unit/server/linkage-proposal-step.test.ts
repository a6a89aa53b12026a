import { describe, expect, it } from 'vitest';
import { nextProposal, type ProposalClause } from '../../../server/domain/linkage-proposal-step.js';
import { chainHistory } from '../../../server/modules/contracts/linkage-proposals.js';

const CLAUSE: ProposalClause = {
  indexCode: 'AL',
  baseDate: '2026-01-15',
  baseValue: '100',
  basis: 'DAY',
  months: 1,
  sharePct: '50',
  triggerPct: '5',
};
const NONE = { lastPoint: null, open: false, accepted: null };
const values =
  (byDay: Record<string, string>) =>
  async (_index: string, from: string): Promise<string[]> =>
    byDay[from] ? [byDay[from]] : [];

describe('one run of the 연동 조정 제안 job on one document (agreements and e-contracts alike)', () => {
  it('proposes exactly at the trigger, on a rise and on a fall; a hair below and a day without a value do not', async () => {
    const span = { from: '2026-01-01', to: '2026-03-20' };
    const at = await nextProposal(CLAUSE, NONE, span, values({ '2026-02-15': '105' }));
    expect(at.numbers).toMatchObject({ compareDate: '2026-02-15', baseValue: '100', compareValue: '105.0000' });
    expect(at.numbers!.changePct).toBe('5.0000');
    expect(at.counts).toMatchObject({ proposed: 1, noValue: 0, belowTrigger: 0 });
    const fall = await nextProposal(CLAUSE, NONE, span, values({ '2026-02-15': '95' }));
    expect(fall.numbers!.changePct).toBe('-5.0000');
    const below = await nextProposal(CLAUSE, NONE, span, values({ '2026-02-15': '104.9999', '2026-03-15': '95.0001' }));
    expect(below).toEqual({ counts: { proposed: 0, awaitingDecision: 0, belowTrigger: 2, noValue: 0 }, numbers: null });
    const none = await nextProposal(CLAUSE, NONE, span, values({}));
    expect(none.counts).toMatchObject({ noValue: 2, proposed: 0 });
  });

  it('once per point, waits while one is open, and measures from the adjustment in force', async () => {
    const span = { from: '2026-01-01', to: '2026-04-20' };
    const byDay = values({ '2026-02-15': '110', '2026-03-15': '110', '2026-04-15': '121' });
    expect((await nextProposal(CLAUSE, { ...NONE, lastPoint: '2026-02-15', open: true }, span, byDay)).counts).toEqual({
      proposed: 0,
      awaitingDecision: 1,
      belowTrigger: 0,
      noValue: 0,
    });
    const after = await nextProposal(
      CLAUSE,
      { lastPoint: '2026-02-15', open: false, accepted: { compareDate: '2026-02-15', compareValue: '110' } },
      span,
      byDay,
    );
    // 03-15 is 0 % from 110; 04-15 is +10 %.
    expect(after.counts.belowTrigger).toBe(1);
    expect(after.numbers).toMatchObject({ compareDate: '2026-04-15', baseDate: '2026-02-15', baseValue: '110' });
  });
});

describe('an e-contract chain’s proposals as the next run reads them', () => {
  const p = (compareDate: string, status: string, amendmentStatus: string | null, indexCode = 'AL') => ({
    compareDate,
    compareValue: '110.0000',
    status,
    amendmentStatus,
    indexCode,
  });
  const clause = { indexCode: 'AL', baseDate: '2026-01-15' };

  it('an accepted proposal is the base once its amendment is executed, and holds the later points while on its way', () => {
    expect(chainHistory([p('2026-02-15', 'ACCEPTED', 'EXECUTED')], clause)).toEqual({
      lastPoint: '2026-02-15',
      open: false,
      accepted: { compareDate: '2026-02-15', compareValue: '110.0000' },
    });
    for (const onItsWay of ['DRAFT', 'IN_APPROVAL', 'SENT', 'PARTLY_SIGNED', 'EXECUTING'])
      expect(chainHistory([p('2026-02-15', 'ACCEPTED', onItsWay)], clause)).toMatchObject({
        open: true,
        accepted: null,
      });
    expect(chainHistory([p('2026-02-15', 'PROPOSED', null)], clause).open).toBe(true);
  });

  it('an amendment ended unsigned changed nothing; an adjustment of another index or before the clause’s base is no base', () => {
    for (const ended of ['DECLINED', 'EXPIRED', 'CANCELLED'])
      expect(chainHistory([p('2026-02-15', 'ACCEPTED', ended)], clause)).toEqual({
        lastPoint: '2026-02-15',
        open: false,
        accepted: null,
      });
    expect(chainHistory([p('2026-02-15', 'ACCEPTED', 'EXECUTED', 'CU')], clause).accepted).toBeNull();
    expect(
      chainHistory([p('2026-02-15', 'ACCEPTED', 'EXECUTED')], { indexCode: 'AL', baseDate: '2026-03-01' }).accepted,
    ).toBeNull();
  });
});
