import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { connect, type DbHandle } from '../../../server/db/connect.js';
import { createJobRunner } from '../../../server/jobs/runner.js';
import { JOBS } from '../../../server/jobs/registry.js';
import { biddingJobs } from '../../../server/modules/bidding/jobs.js';
import { tenderJobs } from '../../../server/modules/bidding/tenders/jobs.js';
import { advanceTenderClock, dueLead, remindClosingTenders } from '../../../server/modules/bidding/tenders/service.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { client, logins, ok, type Flow } from '../purchase/helpers.js';

const log = pino({ level: 'silent' });

/**
 * The tender jobs (issue 30 item 5): tender.clock moves a published tender's status when its window
 * opens and closes and does once what the moment brings (its history; at the close the buyer's
 * notice that it awaits the opening); tender.closingReminder reminds, 24 h and 1 h before the close,
 * each invited supplier that has not bid — once each. Two servers racing do each thing once.
 * Jobs are run by calling them with a time, as the runner does; the window is moved in the database.
 */
describe('tender jobs', () => {
  let t: TestApp;
  let f: Flow;
  /** A second connection to the same database, as a second server has (PGlite: the one in-process database). */
  let second: DbHandle;
  beforeAll(async () => {
    t = await buildTestApp();
    second = t.db.url ? await connect({ databaseUrl: t.db.url, pgliteDir: null }) : t.db;
    f = { ...client(t), u: await logins(t, ['operator', 'tfadmin', 'opadmin', 'supplier1', 'supplier2']) };
  });
  afterAll(async () => {
    if (second !== t.db) await second.close();
    await t.close();
  });

  const at = (ms: number) => new Date(Date.now() + ms);
  const H = 3_600_000;
  const M = 60_000;
  const lines = [{ itemCode: 'MRO0101-0001', quantity: '10' }];

  /** A published tender of the operator's (E000004) for C00001 and C00002, bidding from openAt to closeAt. */
  async function published(openAt: Date, closeAt: Date) {
    const draft = ok(
      await f.post('/api/v1/bid/tenders', f.u.operator, {
        title: '작업 시험 입찰',
        awardRule: 'LOWEST_TOTAL',
        openAt: openAt.toISOString(),
        closeAt: closeAt.toISOString(),
        suppliers: ['C00001', 'C00002'],
        lines,
      }),
    );
    return ok(await f.post(`/api/v1/bid/tenders/${draft.tenderNo}/publish`, f.u.operator, { version: draft.version }));
  }
  const setWindow = (tenderNo: string, values: { openAt?: Date; closeAt?: Date; publishedAt?: Date }) =>
    t.db.db.updateTable('tender').set(values).where('tenderNo', '=', tenderNo).execute();
  const stored = async (tenderNo: string) =>
    await t.db.db
      .selectFrom('tender')
      .select(['status', 'version'])
      .where('tenderNo', '=', tenderNo)
      .executeTakeFirstOrThrow();
  const audits = async (tenderNo: string, action: string) =>
    t.db.db
      .selectFrom('auditLog')
      .select(['actor', 'afterData'])
      .where('entityKey', '=', tenderNo)
      .where('action', '=', action)
      .execute();
  const closedNotices = async (tenderNo: string) =>
    t.db.db
      .selectFrom('notification')
      .select(['recipient', 'subject', 'body'])
      .where('template', '=', 'tender.closed')
      .where('refKey', '=', tenderNo)
      .execute();
  const notices = (tenderNo: string, template: string) =>
    t.db.db
      .selectFrom('notification')
      .select(['refKey', 'subject'])
      .where('template', '=', template)
      .where('refKey', 'like', `${tenderNo}/%`)
      .orderBy('id')
      .execute();
  /** The reminders sent, as "company lead", in order: each company's notices (one per recipient) counted once per lead. */
  const reminders = async (tenderNo: string) => [
    ...new Set(
      (await notices(tenderNo, 'tender.closing')).map(
        (n) => `${n.refKey!.split('/')[1]} ${/(\d+)(시간| h)/.exec(n.subject)?.[1]}h`,
      ),
    ),
  ];
  /** Every recipient of the company got each reminder exactly once: as many notices per lead as the invitation had. */
  const expectOncePerRecipient = async (tenderNo: string) => {
    const per = (rows: Array<{ refKey: string | null; subject: string }>, lead: boolean) => {
      const m = new Map<string, number>();
      for (const n of rows) {
        const k = lead ? `${n.refKey} ${/(\d+)(시간| h)/.exec(n.subject)?.[1]}` : n.refKey!;
        m.set(k, (m.get(k) ?? 0) + 1);
      }
      return m;
    };
    const invited = per(await notices(tenderNo, 'tender.invitation'), false);
    for (const [k, n] of per(await notices(tenderNo, 'tender.closing'), true))
      expect(n, k).toBe(invited.get(k.split(' ')[0]));
  };
  const bid = async (tenderNo: string, who: Flow['u'][string], price: string) => {
    const s = ok(await f.get(`/api/v1/cyber/bid/tenders/${tenderNo}`, who));
    return ok(
      await f.put(`/api/v1/cyber/bid/tenders/${tenderNo}/bid`, who, {
        version: s.version,
        lines: [{ lineNo: 1, unitPrice: price }],
      }),
    );
  };

  it('registers both jobs with the runner', () => {
    expect(tenderJobs.map((j) => j.name)).toEqual(['tender.clock', 'tender.closingReminder']);
    for (const j of tenderJobs) {
      expect(biddingJobs).toContain(j);
      expect(JOBS).toContain(j);
    }
  });

  it('opens and closes a tender on time, once: its history, and at the close the buyer told it awaits the opening', async () => {
    const tender = await published(at(H), at(2 * H));
    expect(await stored(tender.tenderNo)).toMatchObject({ status: 'PUBLISHED' });
    // Not yet due: nothing moves.
    await advanceTenderClock(t.db.db, new Date());
    expect((await stored(tender.tenderNo)).status).toBe('PUBLISHED');

    await setWindow(tender.tenderNo, { openAt: at(-M), closeAt: at(H) });
    const versionBefore = (await stored(tender.tenderNo)).version;
    const first = await advanceTenderClock(t.db.db, new Date());
    expect(first.opened).toBeGreaterThanOrEqual(1);
    // The clock moves the status, not the version: a screen holding the tender still acts on it.
    expect(await stored(tender.tenderNo)).toEqual({ status: 'OPEN', version: versionBefore });
    await advanceTenderClock(t.db.db, new Date());
    expect(await audits(tender.tenderNo, 'BIDDING_OPEN')).toMatchObject([{ actor: 'system:job' }]);
    // The history names the job as its actor (the screen labels it), not an empty name.
    const history = ok(await f.get(`/api/v1/bid/tenders/${tender.tenderNo}`, f.u.operator)).history as Array<{
      action: string;
      actor: string;
      actorName: string | null;
    }>;
    expect(history.find((h) => h.action === 'BIDDING_OPEN')).toMatchObject({
      actor: 'system:job',
      actorName: 'system:job',
    });
    expect(history.find((h) => h.action === 'CREATE')!.actorName).not.toBe('system:job');
    await bid(tender.tenderNo, f.u.supplier1, '1000');

    await setWindow(tender.tenderNo, { openAt: at(-2 * H), closeAt: at(-M) });
    expect((await advanceTenderClock(t.db.db, new Date())).closed).toBeGreaterThanOrEqual(1);
    await advanceTenderClock(t.db.db, new Date());
    expect((await stored(tender.tenderNo)).status).toBe('CLOSED');
    const close = await audits(tender.tenderNo, 'BIDDING_CLOSE');
    expect(close).toHaveLength(1);
    expect(close[0].afterData).toMatchObject({ status: 'CLOSED', invited: 2, submitted: 1 });
    const notices = await closedNotices(tender.tenderNo);
    expect(notices).toHaveLength(1);
    expect(notices[0].subject).toContain(tender.tenderNo);
    expect(notices[0].body).toMatch(/2개 협력사 중 1개사|1 of 2/);
    expect(notices[0].body).not.toContain('1000');
    // The opening later does not record the close again.
    ok(await f.post(`/api/v1/bid/tenders/${tender.tenderNo}/open`, f.u.tfadmin, { version: tender.version }));
    expect(await audits(tender.tenderNo, 'BIDDING_CLOSE')).toHaveLength(1);
    expect(await closedNotices(tender.tenderNo)).toHaveLength(1);
  });

  it('a write that gets to a closed tender before the job records the close itself; the job then has nothing to do', async () => {
    const tender = await published(at(-M), at(H));
    // Published inside its window: open at once, recorded as the job would.
    expect(tender.status).toBe('OPEN');
    expect(await stored(tender.tenderNo)).toMatchObject({ status: 'OPEN' });
    expect(await audits(tender.tenderNo, 'BIDDING_OPEN')).toHaveLength(1);
    await setWindow(tender.tenderNo, { openAt: at(-2 * H), closeAt: at(-M) });
    const one = ok(
      await f.post(`/api/v1/bid/tenders/${tender.tenderNo}/open`, f.u.tfadmin, { version: tender.version }),
    );
    expect(one.status).toBe('CLOSED');
    expect(await closedNotices(tender.tenderNo)).toHaveLength(1);
    await advanceTenderClock(t.db.db, new Date());
    expect(await closedNotices(tender.tenderNo)).toHaveLength(1);
    expect(await audits(tender.tenderNo, 'BIDDING_CLOSE')).toMatchObject([
      { actor: 'system:job', afterData: { invited: 2, submitted: 0 } },
    ]);
  });

  it('two servers running the clock at once close each tender once', async () => {
    const tenders = [];
    for (let i = 0; i < 3; i++) tenders.push(await published(at(H), at(2 * H)));
    for (const x of tenders) await setWindow(x.tenderNo, { openAt: at(-2 * H), closeAt: at(-M) });
    // The functions themselves, racing on two connections (the row lock decides)…
    const [a, b] = await Promise.all([
      advanceTenderClock(t.db.db, new Date()),
      advanceTenderClock(second.db, new Date()),
    ]);
    expect(a.closed + b.closed).toBeGreaterThanOrEqual(3);
    for (const x of tenders) {
      expect(await closedNotices(x.tenderNo)).toHaveLength(1);
      expect(await audits(x.tenderNo, 'BIDDING_CLOSE')).toHaveLength(1);
      expect(await audits(x.tenderNo, 'BIDDING_OPEN')).toHaveLength(1);
    }
    // …and two job runners polling at the same moment: one runs the job, the other finds it taken.
    const more = [];
    for (let i = 0; i < 2; i++) more.push(await published(at(H), at(2 * H)));
    for (const x of more) await setWindow(x.tenderNo, { openAt: at(-2 * H), closeAt: at(-M) });
    const ra = createJobRunner({
      db: t.db.db,
      log,
      config: t.app.config,
      jobs: tenderJobs,
      pollMs: 0,
      serverId: 'server-a',
    });
    const rb = createJobRunner({
      db: second.db,
      log,
      config: t.app.config,
      jobs: tenderJobs,
      pollMs: 0,
      serverId: 'server-b',
    });
    await ra.register();
    await rb.register();
    const ran = (await Promise.all([ra.runDue(), rb.runDue(), ra.runDue(), rb.runDue()])).flat();
    expect(ran.filter((n) => n === 'tender.clock')).toEqual(['tender.clock']);
    for (const x of more) expect(await closedNotices(x.tenderNo)).toHaveLength(1);
    const runs = await t.db.db
      .selectFrom('jobRun')
      .select(['serverId', 'summary'])
      .where('name', '=', 'tender.clock')
      .execute();
    expect(runs).toHaveLength(1);
    expect(runs[0].summary).toMatchObject({ closed: 2 });
  });

  it('tells the invited suppliers once when bidding opens, with the close; not when the invitation came inside the window, nor when the clock finds it already closed', async () => {
    const tender = await published(at(H), at(26 * H));
    const no = tender.tenderNo;
    expect(await notices(no, 'tender.opened')).toEqual([]);
    await setWindow(no, { publishedAt: at(-2 * H), openAt: at(-M) });
    // Two servers' clocks and a repeat: one opening, one notice per recipient.
    await Promise.all([advanceTenderClock(t.db.db, new Date()), advanceTenderClock(second.db, new Date())]);
    await advanceTenderClock(t.db.db, new Date());
    const opened = await notices(no, 'tender.opened');
    const invited = await notices(no, 'tender.invitation');
    expect(opened.map((n) => n.refKey).sort()).toEqual(invited.map((n) => n.refKey).sort());
    expect(new Set(opened.map((n) => n.refKey))).toEqual(new Set([`${no}/C00001`, `${no}/C00002`]));
    const ko = await t.db.db
      .selectFrom('notification')
      .select(['subject', 'body', 'lang'])
      .where('template', '=', 'tender.opened')
      .where('refKey', 'like', `${no}/%`)
      .where('lang', '=', 'ko')
      .executeTakeFirstOrThrow();
    expect(ko.subject).toBe(`[OGPMS] 입찰 시작: ${no} 작업 시험 입찰`);
    const close = (
      await t.db.db.selectFrom('tender').select('closeAt').where('tenderNo', '=', no).executeTakeFirstOrThrow()
    ).closeAt;
    const kst = `${new Date(Date.parse(close) + 9 * H).toISOString().slice(0, 16).replace('T', ' ')} (KST)`;
    expect(ko.body).toContain(`전자입찰 ${no} (작업 시험 입찰)의 투찰이 시작되었습니다`);
    expect(ko.body).toContain(`마감: ${kst}`);
    expect(await audits(no, 'BIDDING_OPEN')).toHaveLength(1);

    // Published inside its window: the invitation said bidding is open; no second notice.
    const inside = await published(at(-M), at(H));
    expect(inside.status).toBe('OPEN');
    await advanceTenderClock(t.db.db, new Date());
    expect(await notices(inside.tenderNo, 'tender.opened')).toEqual([]);
    // No clock ran through the whole window: recorded as opened and closed, but nobody is told to bid.
    const missed = await published(at(H), at(2 * H));
    await setWindow(missed.tenderNo, { publishedAt: at(-3 * H), openAt: at(-2 * H), closeAt: at(-M) });
    await advanceTenderClock(t.db.db, new Date());
    expect((await stored(missed.tenderNo)).status).toBe('CLOSED');
    expect(await notices(missed.tenderNo, 'tender.opened')).toEqual([]);
    // Cancelled before its opening: nothing.
    const cancelled = await published(at(H), at(2 * H));
    ok(
      await f.post(`/api/v1/bid/tenders/${cancelled.tenderNo}/cancel`, f.u.operator, {
        version: cancelled.version,
        reason: '사양 변경',
      }),
    );
    await setWindow(cancelled.tenderNo, { publishedAt: at(-2 * H), openAt: at(-M) });
    await advanceTenderClock(t.db.db, new Date());
    expect(await notices(cancelled.tenderNo, 'tender.opened')).toEqual([]);
  });

  it('picks the reminder lead from the time left', () => {
    expect(dueLead(30 * H)).toBeNull();
    expect(dueLead(24 * H)).toBe(24);
    expect(dueLead(2 * H)).toBe(24);
    expect(dueLead(H)).toBe(1);
    expect(dueLead(M)).toBe(1);
  });

  it('reminds each invited supplier that has not bid 24 h and 1 h before the close, once each, racing servers included', async () => {
    const tender = await published(at(-M), at(30 * H));
    const no = tender.tenderNo;
    await remindClosingTenders(t.db.db, new Date());
    expect(await reminders(no)).toEqual([]);
    // 23 hours left (published two days ago): both suppliers get the 24 h reminder, once, however many run it.
    await setWindow(no, { publishedAt: at(-48 * H), openAt: at(-24 * H), closeAt: at(23 * H) });
    await Promise.all([
      remindClosingTenders(t.db.db, new Date()),
      remindClosingTenders(second.db, new Date()),
      remindClosingTenders(t.db.db, new Date()),
    ]);
    expect((await reminders(no)).sort()).toEqual(['C00001 24h', 'C00002 24h']);
    await expectOncePerRecipient(no);
    await remindClosingTenders(t.db.db, new Date());
    expect(await reminders(no)).toHaveLength(2);
    await expectOncePerRecipient(no);
    // supplier1 bids; 50 minutes left: only supplier2 gets the 1 h reminder.
    await bid(no, f.u.supplier1, '900');
    await setWindow(no, { closeAt: at(50 * M) });
    await Promise.all([remindClosingTenders(t.db.db, new Date()), remindClosingTenders(second.db, new Date())]);
    await remindClosingTenders(t.db.db, new Date());
    expect((await reminders(no)).slice(2)).toEqual(['C00002 1h']);
    await expectOncePerRecipient(no);
    const audit = await t.db.db
      .selectFrom('auditLog')
      .select(['entityKey', 'afterData'])
      .where('action', '=', 'CLOSING_REMINDER')
      .where('entityKey', 'like', `${no}/%`)
      .execute();
    expect(audit).toHaveLength(3);
    // Closed: no more reminders.
    await setWindow(no, { closeAt: at(-M) });
    await remindClosingTenders(t.db.db, new Date());
    expect(await reminders(no)).toHaveLength(3);
  });

  it('skips a lead that had passed when the tender was published, sends only the shortest due lead, and nothing before bidding opens', async () => {
    // Published 20 h before the close: the invitation came inside the 24 h lead — no 24 h reminder.
    const late = await published(at(-M), at(20 * H));
    await setWindow(late.tenderNo, { publishedAt: at(-M) });
    await remindClosingTenders(t.db.db, new Date());
    expect(await reminders(late.tenderNo)).toEqual([]);
    // 19 h later: 30 minutes left, and the invitation came before the 1 h lead began.
    await setWindow(late.tenderNo, { publishedAt: at(-19 * H), closeAt: at(30 * M) });
    await remindClosingTenders(t.db.db, new Date());
    expect((await reminders(late.tenderNo)).sort()).toEqual(['C00001 1h', 'C00002 1h']);
    // No server ran through the 24 h lead: only the 1 h one is sent, not both at once.
    const missed = await published(at(-M), at(30 * H));
    await setWindow(missed.tenderNo, { publishedAt: at(-48 * H), closeAt: at(30 * M) });
    await remindClosingTenders(t.db.db, new Date());
    expect((await reminders(missed.tenderNo)).sort()).toEqual(['C00001 1h', 'C00002 1h']);
    // Not open yet (bidding starts in 10 minutes): nothing.
    const notYet = await published(at(10 * M), at(20 * H));
    await setWindow(notYet.tenderNo, { publishedAt: at(-48 * H), closeAt: at(30 * M) });
    await remindClosingTenders(t.db.db, new Date());
    expect(await reminders(notYet.tenderNo)).toEqual([]);
  });
});
