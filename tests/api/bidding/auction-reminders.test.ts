import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type DbHandle } from '../../../server/db/connect.js';
import { createJobRunner } from '../../../server/jobs/runner.js';
import { JOBS } from '../../../server/jobs/registry.js';
import { biddingJobs } from '../../../server/modules/bidding/jobs.js';
import { dueAuctionLead, remindClosingAuctions } from '../../../server/modules/bidding/auctions/service.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { client, logins, ok, type Flow, type Who } from '../purchase/helpers.js';
import { OWN_COMPANIES, auctionTerms, createDraft, moveWindow, ownSuppliers, publish } from './auction-helpers.js';

const log = pino({ level: 'silent' });
const H = 3_600_000;
const M = 60_000;
const LEADS = [24, 1];

/**
 * The auctions' closing reminder (issue 30): before the end in force, at each lead of
 * AUCTION_REMINDER_HOURS (24 h and 1 h by default), each invited supplier that has not bid gets
 * `auction.closing` through the outbox — once per lead however many servers run the job; none
 * for a lead that had passed at the publish, none after a bid, none for a cancelled or ended
 * auction. The job is run by calling it with a time; the window is moved in the database.
 */
describe('auction closing reminders', () => {
  let t: TestApp;
  let f: Flow;
  /** A second connection to the same database, as a second server has (PGlite: the one database). */
  let second: DbHandle;
  /** Two companies of this file's own with a supplier user each (auction-helpers.ts OWN_COMPANIES says why). */
  let own: Array<{ compNo: string; who: Who }> = [];
  beforeAll(async () => {
    t = await buildTestApp();
    second = t.db.url ? await connect({ databaseUrl: t.db.url, pgliteDir: null }) : t.db;
    f = { ...client(t), u: await logins(t, ['operator']) };
    own = await ownSuppliers(t, OWN_COMPANIES.reminders, (i) => `aucremind${i + 1}`);
  }, 120_000);
  afterAll(async () => {
    if (second !== t.db) await second.close();
    await t?.close();
  });

  const at = (ms: number) => new Date(Date.now() + ms);
  const comp = (i: number) => own[i].compNo;

  /** A published auction of the operator's for both companies: start and end as given. */
  async function published(startAt: Date, endAt: Date) {
    const terms = auctionTerms({
      title: '알림 마감 시험 역경매',
      startAt: startAt.toISOString(),
      endAt: endAt.toISOString(),
      suppliers: own.map((o) => o.compNo),
    });
    return publish(f, f.u.operator, await createDraft(f, f.u.operator, terms));
  }
  const setWindow = (auctionNo: string, v: { startAt?: Date; endAt?: Date; publishedAt?: Date }) =>
    moveWindow(t, auctionNo, v);
  const notices = (auctionNo: string) =>
    t.db.db
      .selectFrom('notification')
      .select(['refKey', 'subject', 'body', 'recipient', 'lang'])
      .where('template', '=', 'auction.closing')
      .where('refKey', 'like', `${auctionNo}/%`)
      .orderBy('id')
      .execute();
  const leadOf = (subject: string) => /(\d+)(시간| h)/.exec(subject)?.[1];
  /**
   * The reminders sent as "company lead", in order, each once — and it checks that every recipient
   * (a company has several accounts) got each lead exactly once.
   */
  const reminders = async (auctionNo: string) => {
    const rows = await notices(auctionNo);
    const perRecipient = new Map<string, number>();
    for (const n of rows)
      perRecipient.set(
        `${n.refKey} ${n.recipient} ${leadOf(n.subject)}`,
        (perRecipient.get(`${n.refKey} ${n.recipient} ${leadOf(n.subject)}`) ?? 0) + 1,
      );
    expect([...perRecipient.entries()].filter(([, count]) => count !== 1)).toEqual([]);
    return [...new Set(rows.map((n) => `${n.refKey!.split('/')[1]} ${leadOf(n.subject)}h`))];
  };
  const run = (db = t.db.db, now = new Date()) => remindClosingAuctions(db, now, LEADS);

  it('is a registered job, and picks the shortest lead the end is within', () => {
    const job = biddingJobs.find((j) => j.name === 'auction.closingReminder');
    expect(job).toBeDefined();
    expect(JOBS).toContain(job);
    expect(t.config.auctionReminderHours).toEqual([24, 1]);
    expect(dueAuctionLead(30 * H, LEADS)).toBeNull();
    expect(dueAuctionLead(24 * H, LEADS)).toBe(24);
    expect(dueAuctionLead(2 * H, LEADS)).toBe(24);
    expect(dueAuctionLead(H, LEADS)).toBe(1);
    expect(dueAuctionLead(M, [])).toBeNull();
  });

  it('reminds each invited supplier that has not bid at 24 h and 1 h, once each, however many servers race', async () => {
    const a = await published(at(H), at(30 * H));
    const no = a.auctionNo;
    await run();
    expect(await reminders(no)).toEqual([]);
    // 23 hours left, published two days ago (not yet started: a reminder still goes — an auction lasts hours).
    await setWindow(no, { publishedAt: at(-48 * H), startAt: at(22 * H), endAt: at(23 * H) });
    const raced = await Promise.all([run(), run(second.db), run(), run(second.db)]);
    expect(raced.reduce((n, r) => n + r.reminded, 0)).toBe(2);
    expect((await reminders(no)).sort()).toEqual([`${comp(0)} 24h`, `${comp(1)} 24h`]);
    await run();
    expect(await reminders(no)).toHaveLength(2);
    const ko = (await notices(no))[0];
    expect(ko.lang).toBe('ko');
    expect(ko.subject).toBe(`[OGPMS] 역경매 마감 24시간 전: ${no}`);
    expect(ko.body).toContain(`역경매 ${no} (알림 마감 시험 역경매)의 마감은`);
    expect(ko.body).toContain('아직 입찰하지 않았습니다');

    // Open, the first company bids; 50 minutes left: only the other gets the 1 h reminder, once.
    await setWindow(no, { startAt: at(-M), endAt: at(50 * M) });
    ok(await f.post(`/api/v1/cyber/bid/auctions/${no}/bids`, own[0].who, { amount: '19000' }));
    await Promise.all([run(), run(second.db), run()]);
    expect((await reminders(no)).slice(2)).toEqual([`${comp(1)} 1h`]);
    await run();
    expect(await reminders(no)).toHaveLength(3);
    const audit = await t.db.db
      .selectFrom('auditLog')
      .select(['entityKey', 'actor', 'afterData'])
      .where('action', '=', 'CLOSING_REMINDER')
      .where('entityKey', 'like', `${no}/%`)
      .execute();
    expect(audit).toHaveLength(3);
    expect(audit.every((r) => r.actor === 'system:job')).toBe(true);
    // Ended: nothing more.
    await setWindow(no, { endAt: at(-M) });
    await run();
    expect(await reminders(no)).toHaveLength(3);
  });

  it('two job runners polling at once: one runs the job, each supplier reminded once', async () => {
    const a = await published(at(H), at(30 * H));
    await setWindow(a.auctionNo, { publishedAt: at(-48 * H), endAt: at(20 * H) });
    const jobs = biddingJobs.filter((j) => j.name === 'auction.closingReminder');
    const ra = createJobRunner({ db: t.db.db, log, config: t.app.config, jobs, pollMs: 0, serverId: 'server-a' });
    const rb = createJobRunner({ db: second.db, log, config: t.app.config, jobs, pollMs: 0, serverId: 'server-b' });
    await ra.register();
    await rb.register();
    const ran = (await Promise.all([ra.runDue(), rb.runDue(), ra.runDue(), rb.runDue()])).flat();
    expect(ran.filter((n) => n === 'auction.closingReminder')).toEqual(['auction.closingReminder']);
    expect((await reminders(a.auctionNo)).sort()).toEqual([`${comp(0)} 24h`, `${comp(1)} 24h`]);
  });

  it('skips a lead that had passed at the publish, sends only the shortest due lead, none for a cancelled auction or a draft', async () => {
    // Published 20 h before the end: the invitation came inside the 24 h lead.
    const late = await published(at(H), at(20 * H));
    await run();
    expect(await reminders(late.auctionNo)).toEqual([]);
    // 19 h later: 30 minutes left; the invitation came before the 1 h lead began.
    await setWindow(late.auctionNo, { publishedAt: at(-19 * H), startAt: at(-H), endAt: at(30 * M) });
    await run();
    expect((await reminders(late.auctionNo)).sort()).toEqual([`${comp(0)} 1h`, `${comp(1)} 1h`]);

    // No server ran through the 24 h lead: only the 1 h one.
    const missed = await published(at(H), at(30 * H));
    await setWindow(missed.auctionNo, { publishedAt: at(-48 * H), startAt: at(-H), endAt: at(30 * M) });
    await run();
    expect((await reminders(missed.auctionNo)).sort()).toEqual([`${comp(0)} 1h`, `${comp(1)} 1h`]);

    // Cancelled: nothing.
    const cancelled = await published(at(H), at(30 * H));
    ok(
      await f.post(`/api/v1/bid/auctions/${cancelled.auctionNo}/cancel`, f.u.operator, {
        version: cancelled.version,
        reason: '사양 변경',
      }),
    );
    await setWindow(cancelled.auctionNo, { publishedAt: at(-48 * H), endAt: at(20 * H) });
    await run();
    expect(await reminders(cancelled.auctionNo)).toEqual([]);

    // A draft: its suppliers never heard of it.
    const d = await createDraft(
      f,
      f.u.operator,
      auctionTerms({
        title: '초안',
        startAt: at(H).toISOString(),
        endAt: at(20 * H).toISOString(),
        suppliers: own.map((o) => o.compNo),
      }),
    );
    await run();
    expect(await reminders(d.auctionNo)).toEqual([]);

    // Leads configured off: nothing at all.
    const off = await published(at(H), at(30 * H));
    await setWindow(off.auctionNo, { publishedAt: at(-48 * H), endAt: at(20 * H) });
    expect(await remindClosingAuctions(t.db.db, new Date(), [])).toEqual({ reminded: 0, notices: 0 });
    expect(await reminders(off.auctionNo)).toEqual([]);
  });
});
