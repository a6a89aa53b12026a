import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceTenderClock } from '../../../server/modules/bidding/tenders/service.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { client, day, logins, ok, receivedPr, refused, type Flow } from '../purchase/helpers.js';

/**
 * Sealed-bid tenders (issue 30 item 1): draft → publish → sealed bids in the window → dual-control
 * opening → award through the PO flow; and every refusal of "Bad input and fairness" that applies.
 * The clock is moved by writing the tender's window in the database (the server reads the time
 * from its own clock against open_at/close_at), as a day passing would.
 */
describe('sealed-bid tenders', () => {
  let t: TestApp;
  let f: Flow;
  beforeAll(async () => {
    t = await buildTestApp();
    f = {
      ...client(t),
      u: await logins(t, [
        'buyer',
        'uadmin1',
        'operator',
        'tfadmin',
        'opadmin',
        'admin',
        'monitor',
        'supplier1',
        'supplier1adm',
        'supplier2',
      ]),
    };
  });
  afterAll(() => t.close());

  const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();
  const setWindow = async (tenderNo: string, openAt: Date, closeAt: Date) => {
    await t.db.db.updateTable('tender').set({ openAt, closeAt }).where('tenderNo', '=', tenderNo).execute();
  };
  const ago = (m: number) => new Date(Date.now() - m * 60_000);
  const open = (tenderNo: string) => setWindow(tenderNo, ago(10), new Date(Date.now() + 3_600_000));
  const close = (tenderNo: string) => setWindow(tenderNo, ago(120), ago(1));
  const bid = (tenderNo: string, who: Flow['u'][string], version: number, prices: string[]) =>
    f.put(`/api/v1/cyber/bid/tenders/${tenderNo}/bid`, who, {
      version,
      lines: prices.map((unitPrice, i) => ({ lineNo: i + 1, unitPrice })),
    });
  const auditCount = async (entityKey: string, action: string) =>
    Number(
      (
        await t.db.db
          .selectFrom('auditLog')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('entityKey', '=', entityKey)
          .where('action', '=', action)
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** A published tender from a received PR (operator is the buyer), bidding open for an hour. */
  async function publishedTender(suppliers = ['C00001', 'C00002'], awardRule = 'LOWEST_TOTAL') {
    const pr = await receivedPr(f);
    const draft = ok(
      await f.post('/api/v1/bid/tenders', f.u.operator, {
        prNo: pr.prNo,
        prVersion: pr.version,
        awardRule,
        openAt: inMinutes(60),
        closeAt: inMinutes(120),
        suppliers,
      }),
    );
    const published = ok(
      await f.post(`/api/v1/bid/tenders/${draft.tenderNo}/publish`, f.u.operator, { version: draft.version }),
    );
    return { pr, tender: published };
  }

  it('runs a tender from a PR to two sealed bids, a dual-control opening and an award that makes the PO', async () => {
    const { pr, tender } = await publishedTender();
    expect(tender.tenderNo).toMatch(/^BD\d{4}-\d{6}$/);
    expect(tender).toMatchObject({ status: 'PUBLISHED', prNo: pr.prNo, buyerId: 'E000004', awardRule: 'LOWEST_TOTAL' });
    expect(tender.lines).toHaveLength(2);
    expect(ok(await f.get(`/api/v1/prs/${pr.prNo}`, f.u.operator)).status).toBe('QUOT_REQUESTED');
    // The invitations went to the outbox.
    const invites = await t.db.db
      .selectFrom('notification')
      .select(['template', 'refKey'])
      .where('template', '=', 'tender.invitation')
      .where('refKey', 'like', `${tender.tenderNo}/%`)
      .execute();
    expect(new Set(invites.map((n) => n.refKey))).toEqual(
      new Set([`${tender.tenderNo}/C00001`, `${tender.tenderNo}/C00002`]),
    );

    // Before the opening time: refused, nothing stored.
    const s1 = ok(await f.get(`/api/v1/cyber/bid/tenders/${tender.tenderNo}`, f.u.supplier1));
    expect(s1).toMatchObject({ status: 'PUBLISHED', editable: false, revision: 0, receipt: null });
    refused(await bid(tender.tenderNo, f.u.supplier1, s1.version, ['1000', '2000']), 409, 'BID_NOT_OPEN');

    await open(tender.tenderNo);
    const b1 = ok(await bid(tender.tenderNo, f.u.supplier1, s1.version, ['1000', '2000']));
    expect(b1).toMatchObject({ status: 'OPEN', bidStatus: 'SUBMITTED', revision: 1, editable: true });
    expect(b1.receipt).toMatch(/^[0-9a-f]{64}$/);
    // The company reads back what it sent (to it alone); the stored row stays sealed.
    expect(b1.lines.map((l: { unitPrice: string | null }) => l.unitPrice)).toEqual(['1000.00', '2000.00']);
    // Replaced until the close: the newer bid counts.
    const b1b = ok(await bid(tender.tenderNo, f.u.supplier1, b1.version, ['900', '1900']));
    expect(b1b.revision).toBe(2);
    expect(b1b.receipt).not.toBe(b1.receipt);
    const s2 = ok(await f.get(`/api/v1/cyber/bid/tenders/${tender.tenderNo}`, f.u.supplier2));
    ok(await bid(tender.tenderNo, f.u.supplier2, s2.version, ['950', '1950']));

    // Staff see who bid, never a price; the price read is refused and audited.
    const during = ok(await f.get(`/api/v1/bid/tenders/${tender.tenderNo}`, f.u.admin));
    expect(
      during.suppliers.map((s: { submitted: boolean; totalAmount: null }) => [s.submitted, s.totalAmount]),
    ).toEqual([
      [true, null],
      [true, null],
    ]);
    const refusedBefore = await auditCount(tender.tenderNo, 'SEALED_READ_REFUSED');
    refused(await f.get(`/api/v1/bid/tenders/${tender.tenderNo}/bids`, f.u.admin), 409, 'BID_SEALED');
    refused(await f.get(`/api/v1/bid/tenders/${tender.tenderNo}/bids`, f.u.operator), 409, 'BID_SEALED');
    expect(await auditCount(tender.tenderNo, 'SEALED_READ_REFUSED')).toBe(refusedBefore + 2);
    // No opening while bidding is open.
    refused(
      await f.post(`/api/v1/bid/tenders/${tender.tenderNo}/open`, f.u.tfadmin, { version: during.version }),
      409,
      'BID_NOT_CLOSED',
    );

    await close(tender.tenderNo);
    const s2after = ok(await f.get(`/api/v1/cyber/bid/tenders/${tender.tenderNo}`, f.u.supplier2));
    refused(await bid(tender.tenderNo, f.u.supplier2, s2after.version, ['1', '1']), 409, 'BID_CLOSED');

    // Dual control: the buyer may not open; one person twice is refused; the second person opens.
    const closed = ok(await f.get(`/api/v1/bid/tenders/${tender.tenderNo}`, f.u.tfadmin));
    expect(closed.status).toBe('CLOSED');
    expect(closed.actions).toContain('open');
    refused(
      await f.post(`/api/v1/bid/tenders/${tender.tenderNo}/open`, f.u.operator, { version: closed.version }),
      403,
      'OPENING_BY_BUYER',
    );
    const first = ok(
      await f.post(`/api/v1/bid/tenders/${tender.tenderNo}/open`, f.u.tfadmin, { version: closed.version }),
    );
    expect(first.status).toBe('CLOSED');
    expect(first.openings).toMatchObject([{ confirmedBy: 'tfadmin', live: true }]);
    expect(first.actions).not.toContain('open');
    refused(
      await f.post(`/api/v1/bid/tenders/${tender.tenderNo}/open`, f.u.tfadmin, { version: first.version }),
      409,
      'OPENING_SAME_PERSON',
    );
    refused(await f.get(`/api/v1/bid/tenders/${tender.tenderNo}/bids`, f.u.tfadmin), 409, 'BID_SEALED');
    const opened = ok(
      await f.post(`/api/v1/bid/tenders/${tender.tenderNo}/open`, f.u.opadmin, { version: first.version }),
    );
    expect(opened.status).toBe('OPENED');
    expect(
      opened.suppliers.map((s: { compNo: string; rank: number; totalAmount: string }) => [
        s.compNo,
        s.rank,
        s.totalAmount,
      ]),
    ).toEqual(
      [
        ['C00001', 1, String(10 * 900 + 2.5 * 1900)],
        ['C00002', 2, String(10 * 950 + 2.5 * 1950)],
      ].map(([c, r, a]) => [c, r, Number(a).toFixed(2)]),
    );
    const ceremony = opened.history.find((h: { action: string }) => h.action === 'OPEN');
    expect(ceremony).toMatchObject({ actor: 'opadmin' });
    const openAudit = await t.db.db
      .selectFrom('auditLog')
      .select('afterData')
      .where('entityKey', '=', tender.tenderNo)
      .where('action', '=', 'OPEN')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(openAudit.afterData)).toContain('tfadmin');
    const bids = ok(await f.get(`/api/v1/bid/tenders/${tender.tenderNo}/bids`, f.u.operator));
    expect(
      bids.bids.map((b: { compNo: string; lines: Array<{ unitPrice: string }> }) => [
        b.compNo,
        b.lines.map((l) => l.unitPrice),
      ]),
    ).toEqual([
      ['C00001', ['900.00', '1900.00']],
      ['C00002', ['950.00', '1950.00']],
    ]);

    // Award: the PO through the PO flow, the PR ordered, the loser told without prices.
    const award = ok(
      await f.post(`/api/v1/bid/tenders/${tender.tenderNo}/award`, f.u.operator, {
        version: opened.version,
        dueDate: day(30),
      }),
    );
    expect(award.status).toBe('AWARDED');
    expect(award.orders).toHaveLength(1);
    // Awarded: a framework agreement may be made from it (단가계약 작성).
    expect(award.actions).toContain('agreement');
    const po = ok(await f.get(`/api/v1/pos/${award.orders[0].poNo}`, f.u.operator));
    expect(po).toMatchObject({ compNo: 'C00001', status: 'DRAFT', prNo: pr.prNo, poType: 'PO' });
    expect(po.lines.map((l: { unitPrice: string }) => l.unitPrice)).toEqual(['900.00', '1900.00']);
    expect(ok(await f.get(`/api/v1/prs/${pr.prNo}`, f.u.operator)).status).toBe('ORDERED');
    const results = await t.db.db
      .selectFrom('notification')
      .select(['refKey', 'body', 'subject'])
      .where('template', '=', 'tender.result')
      .where('refKey', 'like', `${tender.tenderNo}/%`)
      .execute();
    expect(results.length).toBeGreaterThanOrEqual(2);
    for (const n of results) expect(`${n.subject} ${n.body}`).not.toMatch(/900|950|1,?9[05]0/);
    const lost = ok(await f.get(`/api/v1/cyber/bid/tenders/${tender.tenderNo}`, f.u.supplier2));
    expect(lost).toMatchObject({ result: 'LOST', bidStatus: 'LOST' });
    expect(lost.lines.map((l: { unitPrice: string }) => l.unitPrice)).toEqual(['950.00', '1950.00']);
    expect(JSON.stringify(lost)).not.toContain('900.00');
  });

  it('keeps the prices out of every database row in clear until the opening', async () => {
    const { tender } = await publishedTender();
    await open(tender.tenderNo);
    const s1 = ok(await f.get(`/api/v1/cyber/bid/tenders/${tender.tenderNo}`, f.u.supplier1));
    ok(await bid(tender.tenderNo, f.u.supplier1, s1.version, ['7654321.98', '1234567.89']));
    const row = await t.db.db
      .selectFrom('tenderBid')
      .selectAll()
      .where('tenderNo', '=', tender.tenderNo)
      .where('compNo', '=', 'C00001')
      .executeTakeFirstOrThrow();
    expect(row.sealed).toMatch(/^[A-Za-z0-9+/=]+\.[A-Za-z0-9+/=]+\.[A-Za-z0-9+/=]+$/);
    const raw = JSON.stringify(row);
    for (const clear of ['7654321', '1234567', '7654321.98']) expect(raw).not.toContain(clear);
    expect(Buffer.from(row.sealed!.split('.')[2], 'base64').toString('latin1')).not.toContain('7654321');
    expect(row.totalAmount).toBeNull();
    expect(
      await t.db.db.selectFrom('tenderBidLine').selectAll().where('tenderNo', '=', tender.tenderNo).execute(),
    ).toEqual([]);
    // The key row holds only the wrapped key; the audit and the outbox hold no price either.
    const key = await t.db.db
      .selectFrom('tenderKey')
      .selectAll()
      .where('tenderNo', '=', tender.tenderNo)
      .executeTakeFirstOrThrow();
    expect(key.wrappedKey).toMatch(/\./);
    const audits = await t.db.db
      .selectFrom('auditLog')
      .select(['afterData', 'beforeData'])
      .where('entityKey', 'like', `${tender.tenderNo}%`)
      .execute();
    expect(JSON.stringify(audits)).not.toContain('7654321');
    // The master key is not in the database: a key file under the data directory.
    expect(key.keyRef).toMatch(/^file:[0-9a-f]{16}$/);
  });

  it('a server whose master key is not the one a tender was sealed under answers a named 409, not a 500: publish, bid and open compare key_ref', async () => {
    const { tender } = await publishedTender(['C00001']);
    await open(tender.tenderNo);
    const s1 = ok(await f.get(`/api/v1/cyber/bid/tenders/${tender.tenderNo}`, f.u.supplier1));
    ok(await bid(tender.tenderNo, f.u.supplier1, s1.version, ['1000', '2000']));
    const pr = await receivedPr(f);
    const draft = ok(
      await f.post('/api/v1/bid/tenders', f.u.operator, {
        prNo: pr.prNo,
        prVersion: pr.version,
        awardRule: 'LOWEST_TOTAL',
        openAt: inMinutes(60),
        closeAt: inMinutes(120),
        suppliers: ['C00001'],
      }),
    );
    const keyOfThisServer = t.app.config.bidMasterKey;
    // Another server's key (one that made its own instead of sharing BID_MASTER_KEY).
    t.app.config.bidMasterKey = Buffer.alloc(32, 9);
    try {
      const mismatch = async (res: Awaited<ReturnType<typeof bid>>) => {
        refused(res, 409, 'TENDER_KEY_MISMATCH');
        expect(res.json().msg).toMatch(/입찰 키|마스터 키/);
      };
      const s1now = ok(await f.get(`/api/v1/cyber/bid/tenders/${tender.tenderNo}`, f.u.supplier1));
      await mismatch(await bid(tender.tenderNo, f.u.supplier1, s1now.version, ['900', '1900']));
      await mismatch(
        await f.post(`/api/v1/bid/tenders/${draft.tenderNo}/publish`, f.u.operator, { version: draft.version }),
      );
      expect(
        await t.db.db.selectFrom('tenderKey').select('tenderNo').where('tenderNo', '=', draft.tenderNo).execute(),
      ).toEqual([]);
      await close(tender.tenderNo);
      const closed = ok(await f.get(`/api/v1/bid/tenders/${tender.tenderNo}`, f.u.tfadmin));
      const first = ok(
        await f.post(`/api/v1/bid/tenders/${tender.tenderNo}/open`, f.u.tfadmin, { version: closed.version }),
      );
      await mismatch(
        await f.post(`/api/v1/bid/tenders/${tender.tenderNo}/open`, f.u.opadmin, { version: first.version }),
      );
    } finally {
      t.app.config.bidMasterKey = keyOfThisServer;
    }
    // The same key again: the draft publishes and the tender opens with the bid sealed before.
    ok(await f.post(`/api/v1/bid/tenders/${draft.tenderNo}/publish`, f.u.operator, { version: draft.version }));
    const again = ok(await f.get(`/api/v1/bid/tenders/${tender.tenderNo}`, f.u.tfadmin));
    const opened = ok(
      await f.post(`/api/v1/bid/tenders/${tender.tenderNo}/open`, f.u.opadmin, { version: again.version }),
    );
    expect(opened.status).toBe('OPENED');
  });

  it('refuses a bid from an uninvited, another company, a suspended supplier, with a stale version or missing lines; nothing changes', async () => {
    const { tender } = await publishedTender(['C00001']);
    await open(tender.tenderNo);
    // C00002 is not invited: the tender does not exist for it.
    refused(await f.get(`/api/v1/cyber/bid/tenders/${tender.tenderNo}`, f.u.supplier2), 404, 'TENDER_NOT_FOUND');
    refused(await bid(tender.tenderNo, f.u.supplier2, 1, ['1', '1']), 404, 'TENDER_NOT_FOUND');
    const list2 = ok(await f.get('/api/v1/cyber/bid/tenders', f.u.supplier2));
    expect(list2.rows.map((r: { tenderNo: string }) => r.tenderNo)).not.toContain(tender.tenderNo);
    const list1 = ok(await f.get('/api/v1/cyber/bid/tenders', f.u.supplier1));
    expect(list1.rows.map((r: { tenderNo: string }) => r.tenderNo)).toContain(tender.tenderNo);
    // Staff cannot bid; a supplier cannot reach the staff operations.
    refused(await bid(tender.tenderNo, f.u.operator, 1, ['1', '1']), 403);
    refused(await f.get(`/api/v1/bid/tenders/${tender.tenderNo}`, f.u.supplier1), 403);
    const s1 = ok(await f.get(`/api/v1/cyber/bid/tenders/${tender.tenderNo}`, f.u.supplier1));
    const missingLine = refused(
      await f.put(`/api/v1/cyber/bid/tenders/${tender.tenderNo}/bid`, f.u.supplier1, {
        version: s1.version,
        lines: [{ lineNo: 1, unitPrice: '10' }],
      }),
      400,
      'VALIDATION',
    );
    expect(missingLine.details).toEqual([{ path: 'body/lines', message: '2번 품목의 단가를 입력하세요' }]);
    refused(
      await f.put(`/api/v1/cyber/bid/tenders/${tender.tenderNo}/bid`, f.u.supplier1, {
        version: s1.version,
        lines: [
          { lineNo: 1, unitPrice: '-5' },
          { lineNo: 2, unitPrice: '1' },
        ],
      }),
      400,
    );
    refused(await bid(tender.tenderNo, f.u.supplier1, s1.version + 5, ['1', '1']), 409, 'VERSION_CONFLICT');
    // Suspended after the invitation: refused with the reason, nothing stored.
    await t.db.db
      .updateTable('company')
      .set({ status: 'SUSPENDED', statusReason: '시험용 거래정지' })
      .where('compNo', '=', 'C00001')
      .execute();
    try {
      const r = refused(
        await bid(tender.tenderNo, f.u.supplier1, s1.version, ['1', '1']),
        400,
        'SUPPLIER_NOT_ELIGIBLE',
      );
      expect(r.msg).toContain('시험용 거래정지');
    } finally {
      await t.db.db
        .updateTable('company')
        .set({ status: 'ACTIVE', statusReason: null })
        .where('compNo', '=', 'C00001')
        .execute();
    }
    const after = ok(await f.get(`/api/v1/cyber/bid/tenders/${tender.tenderNo}`, f.u.supplier1));
    expect(after).toMatchObject({ revision: 0, version: s1.version, receipt: null });
  });

  it('detects two concurrent replacements of one bid by version: one wins, the other is 409', async () => {
    const { tender } = await publishedTender(['C00001']);
    await open(tender.tenderNo);
    const s1 = ok(await f.get(`/api/v1/cyber/bid/tenders/${tender.tenderNo}`, f.u.supplier1));
    const answers = await Promise.all([
      bid(tender.tenderNo, f.u.supplier1, s1.version, ['100', '200']),
      bid(tender.tenderNo, f.u.supplier1adm, s1.version, ['110', '210']),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().code).toBe('VERSION_CONFLICT');
    const after = ok(await f.get(`/api/v1/cyber/bid/tenders/${tender.tenderNo}`, f.u.supplier1));
    expect(after.revision).toBe(1);
  });

  it('refuses bad tenders, lets only the owner act, awards per line, cancels with the key destroyed', async () => {
    const lines = [
      { itemCode: 'MRO0101-0001', quantity: '10' },
      { itemName: '비규격 브래킷', unitCode: 'EA', quantity: '4' },
    ];
    const base = {
      title: '자체 입찰',
      awardRule: 'LOWEST_PER_LINE',
      openAt: inMinutes(60),
      closeAt: inMinutes(120),
      suppliers: ['C00001', 'C00002'],
      lines,
    };
    const window = refused(
      await f.post('/api/v1/bid/tenders', f.u.operator, { ...base, closeAt: inMinutes(30) }),
      400,
      'VALIDATION',
    );
    expect(window.details).toEqual([{ path: 'body/closeAt', message: '입찰 마감일시는 시작일시 이후여야 합니다' }]);
    refused(
      await f.post('/api/v1/bid/tenders', f.u.operator, { ...base, openAt: '2026-12-01 10시' }),
      400,
      'VALIDATION',
    );
    refused(
      await f.post('/api/v1/bid/tenders', f.u.operator, { ...base, suppliers: ['C00001', 'C00001'] }),
      400,
      'VALIDATION',
    );
    refused(await f.post('/api/v1/bid/tenders', f.u.operator, { ...base, suppliers: ['C09999'] }), 400, 'VALIDATION');
    refused(await f.post('/api/v1/bid/tenders', f.u.operator, { ...base, lines: [] }), 400, 'VALIDATION');
    refused(await f.post('/api/v1/bid/tenders', f.u.buyer, base), 403);
    await t.db.db.updateTable('company').set({ status: 'SUSPENDED' }).where('compNo', '=', 'C00002').execute();
    try {
      refused(await f.post('/api/v1/bid/tenders', f.u.operator, base), 400, 'SUPPLIER_NOT_ELIGIBLE');
    } finally {
      await t.db.db.updateTable('company').set({ status: 'ACTIVE' }).where('compNo', '=', 'C00002').execute();
    }
    const draft = ok(await f.post('/api/v1/bid/tenders', f.u.operator, base));
    expect(draft).toMatchObject({ status: 'DRAFT', prNo: null, actions: ['update', 'publish', 'cancel'] });
    // A draft is invisible to the invited suppliers.
    refused(await f.get(`/api/v1/cyber/bid/tenders/${draft.tenderNo}`, f.u.supplier1), 404, 'TENDER_NOT_FOUND');
    // Only the buyer or a purchasing manager acts on it.
    const tf = ok(
      await f.put(`/api/v1/bid/tenders/${draft.tenderNo}`, f.u.tfadmin, {
        ...base,
        lines: undefined,
        title: '자체 입찰(수정)',
        version: draft.version,
      }),
    );
    expect(tf.title).toBe('자체 입찰(수정)');
    refused(
      await f.post(`/api/v1/bid/tenders/${draft.tenderNo}/publish`, f.u.operator, { version: draft.version }),
      409,
      'VERSION_CONFLICT',
    );
    const pub = ok(
      await f.post(`/api/v1/bid/tenders/${draft.tenderNo}/publish`, f.u.operator, { version: tf.version }),
    );
    refused(
      await f.put(`/api/v1/bid/tenders/${draft.tenderNo}`, f.u.operator, {
        ...base,
        lines: undefined,
        version: pub.version,
      }),
      409,
      'INVALID_STATE',
    );

    await open(draft.tenderNo);
    for (const [who, prices] of [
      [f.u.supplier1, ['100', '900']],
      [f.u.supplier2, ['120', '800']],
    ] as const) {
      const s = ok(await f.get(`/api/v1/cyber/bid/tenders/${draft.tenderNo}`, who));
      ok(await bid(draft.tenderNo, who, s.version, [...prices]));
    }
    await close(draft.tenderNo);
    const c = ok(await f.get(`/api/v1/bid/tenders/${draft.tenderNo}`, f.u.tfadmin));
    refused(
      await f.post(`/api/v1/bid/tenders/${draft.tenderNo}/award`, f.u.operator, {
        version: c.version,
        dueDate: day(30),
      }),
      409,
      'INVALID_STATE',
    );
    const one = ok(await f.post(`/api/v1/bid/tenders/${draft.tenderNo}/open`, f.u.tfadmin, { version: c.version }));
    // A confirmation older than the window lapses: the next person starts a new pair.
    await t.db.db
      .updateTable('tenderOpening')
      .set({ confirmedAt: ago(31) })
      .where('tenderNo', '=', draft.tenderNo)
      .execute();
    const again = ok(await f.post(`/api/v1/bid/tenders/${draft.tenderNo}/open`, f.u.opadmin, { version: one.version }));
    expect(again.status).toBe('CLOSED');
    const opened = ok(
      await f.post(`/api/v1/bid/tenders/${draft.tenderNo}/open`, f.u.admin, { version: again.version }),
    );
    expect(opened.status).toBe('OPENED');
    refused(
      await f.post(`/api/v1/bid/tenders/${draft.tenderNo}/award`, f.u.tfadmin, {
        version: opened.version,
        dueDate: day(-1),
      }),
      400,
      'VALIDATION',
    );
    const awarded = ok(
      await f.post(`/api/v1/bid/tenders/${draft.tenderNo}/award`, f.u.operator, {
        version: opened.version,
        dueDate: day(30),
      }),
    );
    // Per line: line 1 to C00001 (100 < 120), line 2 to C00002 (800 < 900): two orders.
    expect(awarded.orders.map((o: { compNo: string }) => o.compNo)).toEqual(['C00001', 'C00002']);
    for (const o of awarded.orders) {
      const po = ok(await f.get(`/api/v1/pos/${o.poNo}`, f.u.operator));
      expect(po.lines).toHaveLength(1);
      expect(po.lines[0].unitPrice).toBe(o.compNo === 'C00001' ? '100.00' : '800.00');
    }

    // Cancelling: a published tender with a bid; the bid is discarded unread and the key destroyed; the PR goes back.
    const { pr, tender } = await publishedTender(['C00001']);
    await open(tender.tenderNo);
    const s1 = ok(await f.get(`/api/v1/cyber/bid/tenders/${tender.tenderNo}`, f.u.supplier1));
    ok(await bid(tender.tenderNo, f.u.supplier1, s1.version, ['5', '5']));
    const cur = ok(await f.get(`/api/v1/bid/tenders/${tender.tenderNo}`, f.u.operator));
    refused(
      await f.post(`/api/v1/bid/tenders/${tender.tenderNo}/cancel`, f.u.operator, {
        version: cur.version,
        reason: ' ',
      }),
      400,
    );
    const cancelled = ok(
      await f.post(`/api/v1/bid/tenders/${tender.tenderNo}/cancel`, f.u.operator, {
        version: cur.version,
        reason: '사양 변경',
      }),
    );
    expect(cancelled.status).toBe('CANCELLED');
    const key = await t.db.db
      .selectFrom('tenderKey')
      .selectAll()
      .where('tenderNo', '=', tender.tenderNo)
      .executeTakeFirstOrThrow();
    expect(key.wrappedKey).toBeNull();
    expect(key.destroyedAt).not.toBeNull();
    const row = await t.db.db
      .selectFrom('tenderBid')
      .select(['sealed', 'status'])
      .where('tenderNo', '=', tender.tenderNo)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ sealed: null, status: 'CANCELLED' });
    expect(ok(await f.get(`/api/v1/prs/${pr.prNo}`, f.u.operator)).status).toBe('RECEIVED');
    refused(await f.get(`/api/v1/bid/tenders/${tender.tenderNo}/bids`, f.u.admin), 409, 'BID_SEALED');
  });

  // Last in the file: the app's business clock stays ahead once moved (it never goes back).
  it('moves past the bidding window by the development clock, forward only, and the tender job follows it', async () => {
    const { tender } = await publishedTender();
    const anon = { headers: {} } as Flow['u'][string];
    expect(ok(await f.get('/api/dev/clock', anon)).offsetSeconds).toBe(0);
    expect(ok(await f.get(`/api/v1/cyber/bid/tenders/${tender.tenderNo}`, f.u.supplier1)).status).toBe('PUBLISHED');
    expect((await f.post('/api/dev/clock', anon, { advanceSeconds: 0 })).statusCode).toBe(400);
    expect((await f.post('/api/dev/clock', anon, { advanceSeconds: -60 })).statusCode).toBe(400);

    // Past the opening (an hour ahead): bidding runs by the moved clock.
    const moved = ok(await f.post('/api/dev/clock', anon, { advanceSeconds: 61 * 60 }));
    expect(moved.offsetSeconds).toBe(61 * 60);
    expect(Date.parse(moved.now) - Date.now()).toBeGreaterThan(60 * 60_000);
    const s1 = ok(await f.get(`/api/v1/cyber/bid/tenders/${tender.tenderNo}`, f.u.supplier1));
    expect(s1.status).toBe('OPEN');
    ok(await bid(tender.tenderNo, f.u.supplier1, s1.version, ['1000', '2000']));

    // Past the close (two hours ahead): closed for bidders and staff, and the job records it by the same clock.
    ok(await f.post('/api/dev/clock', anon, { advanceSeconds: 60 * 60 }));
    const s2 = ok(await f.get(`/api/v1/cyber/bid/tenders/${tender.tenderNo}`, f.u.supplier2));
    expect(s2.status).toBe('CLOSED');
    refused(await bid(tender.tenderNo, f.u.supplier2, s2.version, ['900', '1900']), 409, 'BID_CLOSED');
    expect(ok(await f.get(`/api/v1/bid/tenders/${tender.tenderNo}`, f.u.tfadmin)).status).toBe('CLOSED');
    expect(await auditCount(tender.tenderNo, 'BIDDING_CLOSE')).toBe(0);
    // The tender.clock job, as the runner calls it with the app's time.
    await advanceTenderClock(t.db.db, t.app.clock.now());
    expect(await auditCount(tender.tenderNo, 'BIDDING_CLOSE')).toBe(1);
    expect(ok(await f.get('/api/dev/clock', anon)).offsetSeconds).toBe(121 * 60);
  });
});
