// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { actionsFrom } from '../../../server/domain/machine.js';
import { COORDINATION_MACHINE, coordinationClock } from '../../../server/modules/purchase/coordination/workflow.js';

/** 납품대금 조정협의's clocks across a month end and a year end, and who may do what from each state. */
describe('납품대금 조정협의 clocks', () => {
  const open = { requestedOn: '2026-12-22', status: 'REQUESTED', talksStartedOn: null };

  it('talks are due by the end of day 10 and an outcome by the end of day 30, calendar days across the year end', () => {
    expect(coordinationClock(open, '2026-12-22')).toEqual({
      talksDue: '2027-01-01',
      agreementDue: '2027-01-21',
      talksLateDays: null,
      agreementLateDays: null,
    });
    expect(coordinationClock(open, '2027-01-01').talksLateDays).toBeNull();
    expect(coordinationClock(open, '2027-01-02').talksLateDays).toBe(1);
    expect(coordinationClock(open, '2027-01-21').agreementLateDays).toBeNull();
    expect(coordinationClock(open, '2027-01-22')).toMatchObject({ talksLateDays: 21, agreementLateDays: 1 });
  });

  it('talks started stop the first clock; an outcome stops both', () => {
    const talking = { ...open, status: 'TALKS_STARTED', talksStartedOn: '2027-01-05' };
    expect(coordinationClock(talking, '2027-01-22')).toMatchObject({ talksLateDays: null, agreementLateDays: 1 });
    for (const status of ['AGREED', 'FAILED', 'WITHDRAWN'])
      expect(coordinationClock({ ...open, status }, '2027-03-01')).toMatchObject({
        talksLateDays: null,
        agreementLateDays: null,
      });
  });

  it('the buyer fails a request before or after talks started; agreement needs talks; the supplier withdraws an open one', () => {
    expect(actionsFrom(COORDINATION_MACHINE, 'REQUESTED')).toEqual(['startTalks', 'fail', 'withdraw']);
    expect(actionsFrom(COORDINATION_MACHINE, 'TALKS_STARTED')).toEqual(['agree', 'fail', 'withdraw']);
    for (const closed of ['AGREED', 'FAILED', 'WITHDRAWN'])
      expect(actionsFrom(COORDINATION_MACHINE, closed)).toEqual([]);
  });
});
