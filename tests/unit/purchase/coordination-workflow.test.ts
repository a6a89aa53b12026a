// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { actionsFrom } from '../../../server/domain/machine.js';
import {
  COORDINATION_MACHINE,
  clocksToNotice,
  coordinationClock,
} from '../../../server/modules/purchase/coordination/workflow.js';

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

/** When the buyer is told a clock nears its day (docs/subcontracting.md "Notices"): day 8 of 10, day 25 of 30, once. */
describe('납품대금 조정협의 clock notices', () => {
  interface Request {
    requestedOn: string;
    status: string;
    talksStartedOn: string | null;
    talksNoticedAt: unknown;
    outcomeNoticedAt: unknown;
  }
  const open: Request = {
    requestedOn: '2026-12-22',
    status: 'REQUESTED',
    talksStartedOn: null,
    talksNoticedAt: null,
    outcomeNoticedAt: null,
  };
  const clocks = (c: Partial<Request>, today: string) =>
    clocksToNotice({ ...open, ...c }, today).map((k) => `${k.clock}:${k.due}:${k.daysLeft}`);

  it('talks from day 8 to day 10, an outcome from day 25 to day 30, across the year end; none before or after', () => {
    expect(clocks(open, '2026-12-29')).toEqual([]); // day 7
    expect(clocks(open, '2026-12-30')).toEqual(['talks:2027-01-01:2']); // day 8
    expect(clocks(open, '2027-01-01')).toEqual(['talks:2027-01-01:0']); // day 10
    expect(clocks(open, '2027-01-02')).toEqual([]); // day 11: late, the compliance view's
    expect(clocks(open, '2027-01-15')).toEqual([]); // day 24
    expect(clocks(open, '2027-01-16')).toEqual(['outcome:2027-01-21:5']); // day 25
    expect(clocks(open, '2027-01-21')).toEqual(['outcome:2027-01-21:0']); // day 30
    expect(clocks(open, '2027-01-22')).toEqual([]); // day 31
  });

  it('once: a clock already told is not told again; talks started stop the first; an outcome stops both', () => {
    expect(clocks({ talksNoticedAt: new Date() }, '2026-12-31')).toEqual([]);
    expect(clocks({ outcomeNoticedAt: '2027-01-16T00:00:00Z' }, '2027-01-17')).toEqual([]);
    const talking = { status: 'TALKS_STARTED', talksStartedOn: '2026-12-24' };
    expect(clocks(talking, '2026-12-30')).toEqual([]);
    expect(clocks(talking, '2027-01-16')).toEqual(['outcome:2027-01-21:5']);
    for (const status of ['AGREED', 'FAILED', 'WITHDRAWN']) expect(clocks({ status }, '2027-01-16')).toEqual([]);
  });
});
