import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { client, logins, ok, receivedPr, refused, type Flow } from '../purchase/helpers.js';
import {
  OWN_COMPANIES,
  auctionTerms,
  createDraft,
  inMinutes,
  moveWindow,
  ownCompanies,
  publish,
} from './auction-helpers.js';

/**
 * Editing a draft auction (issue 30): `PUT /api/v1/bid/auctions/{no}` changes its terms, lines,
 * times, decrement, soft close and invited suppliers at the version read, checked as the create
 * checks them, by its buyer or a purchasing manager only; once published it is refused (409).
 */
describe('reverse auction drafts', () => {
  let t: TestApp;
  let f: Flow;
  /** Three companies of this file's own (auction-helpers.ts OWN_COMPANIES says why). */
  let comps: string[] = [];
  beforeAll(async () => {
    t = await buildTestApp();
    f = { ...client(t), u: await logins(t, ['operator', 'tfadmin', 'opadmin', 'buyer', 'uadmin1', 'supplier1']) };
    comps = await ownCompanies(t, OWN_COMPANIES.drafts);
  }, 120_000);
  afterAll(() => t?.close());

  const url = (no: string) => `/api/v1/bid/auctions/${no}`;
  const terms = () => auctionTerms({ title: '편집 시험 역경매', suppliers: [comps[0], comps[1]] });
  const draft = (who = f.u.operator, body: Record<string, unknown> = {}) =>
    createDraft(f, who, { ...terms(), ...body });

  it('changes a draft’s terms, lines, times, decrement, soft close and suppliers at the version read; the history says so', async () => {
    const d = await draft();
    expect(d.actions).toEqual(['update', 'publish', 'cancel']);
    expect(d.suppliers).toEqual(
      [comps[0], comps[1]].sort().map((compNo) => ({ compNo, compNameKr: expect.any(String) })),
    );
    const startAt = '2099-03-02 10:00';
    const changed = ok(
      await f.put(url(d.auctionNo), f.u.operator, {
        version: d.version,
        title: '편집 후 역경매',
        description: '사양 보완',
        lines: [
          { itemName: '볼트 M10', unitCode: 'EA', quantity: '50', refUnitPrice: '150' },
          { itemName: '너트 M10', unitCode: 'EA', quantity: '50', refUnitPrice: '40.5' },
        ],
        startPrice: '9000',
        decrementKind: 'PERCENT',
        decrementValue: '1.5',
        startAt,
        endAt: '2099-03-02 12:00',
        softCloseMinutes: 5,
        maxExtensions: 2,
        suppliers: [comps[1], comps[2]],
        confirmEvaluationWarning: true,
      }),
    );
    expect(changed).toMatchObject({
      auctionNo: d.auctionNo,
      status: 'DRAFT',
      version: d.version + 1,
      title: '편집 후 역경매',
      description: '사양 보완',
      startPrice: '9000.00',
      decrementKind: 'PERCENT',
      softCloseMinutes: 5,
      maxExtensions: 2,
      startAt: '2099-03-02T01:00:00.000Z',
      endAt: '2099-03-02T03:00:00.000Z',
      plannedEndAt: '2099-03-02T03:00:00.000Z',
      extensions: 0,
    });
    expect(Number(changed.decrementValue)).toBe(1.5);
    expect(
      changed.lines.map((l: { lineNo: number; itemName: string; quantity: string; refUnitPrice: string }) => [
        l.lineNo,
        l.itemName,
        Number(l.quantity),
        l.refUnitPrice,
      ]),
    ).toEqual([
      [1, '볼트 M10', 50, '150.00'],
      [2, '너트 M10', 50, '40.50'],
    ]);
    expect(changed.suppliers.map((s: { compNo: string }) => s.compNo)).toEqual([comps[1], comps[2]].sort());
    const participants = await t.db.db
      .selectFrom('auctionParticipant')
      .select('compNo')
      .where('auctionNo', '=', d.auctionNo)
      .orderBy('compNo')
      .execute();
    expect(participants.map((p) => p.compNo)).toEqual([comps[1], comps[2]].sort());
    expect(changed.history.map((h: { action: string }) => h.action)).toContain('UPDATE');
    // The lines left out: unchanged.
    const again = ok(
      await f.put(url(d.auctionNo), f.u.operator, {
        ...terms(),
        lines: undefined,
        version: changed.version,
        startAt,
        endAt: '2099-03-02 12:00',
      }),
    );
    expect(again.lines).toHaveLength(2);
    expect(again.suppliers.map((s: { compNo: string }) => s.compNo)).toEqual([comps[0], comps[1]].sort());
  });

  it('two people saving the same version: one wins, the other gets 409 VERSION_CONFLICT and changes nothing', async () => {
    const d = await draft();
    const a = { ...terms(), version: d.version, title: 'A의 제목' };
    const b = { ...terms(), version: d.version, title: 'B의 제목', startPrice: '15000' };
    const [ra, rb] = await Promise.all([
      f.put(url(d.auctionNo), f.u.operator, a),
      f.put(url(d.auctionNo), f.u.opadmin, b),
    ]);
    expect([ra.statusCode, rb.statusCode].sort()).toEqual([200, 409]);
    const loser = ra.statusCode === 409 ? ra : rb;
    expect(loser.json().code).toBe('VERSION_CONFLICT');
    const now = ok(await f.get(url(d.auctionNo), f.u.operator));
    expect(now.version).toBe(d.version + 1);
    expect(now.title).toBe(ra.statusCode === 200 ? 'A의 제목' : 'B의 제목');
    // A stale version afterwards: 409 too.
    refused(await f.put(url(d.auctionNo), f.u.operator, { ...terms(), version: d.version }), 409, 'VERSION_CONFLICT');
  });

  it('checks what the create checks: the window, the start price, the decrement, the suppliers, the title of own lines', async () => {
    const d = await draft();
    const put = (body: Record<string, unknown>) =>
      f.put(url(d.auctionNo), f.u.operator, { ...terms(), version: d.version, ...body });
    const paths = (body: Record<string, unknown>) => put(body).then((r) => refused(r, 400).details?.map((e) => e.path));
    expect(await paths({ startAt: inMinutes(120), endAt: inMinutes(60) })).toContain('body/endAt');
    expect(await paths({ startAt: inMinutes(-120), endAt: inMinutes(-60) })).toContain('body/endAt');
    expect(await paths({ startPrice: '0' })).toContain('body/startPrice');
    expect(await paths({ decrementKind: 'PERCENT', decrementValue: '100' })).toContain('body/decrementValue');
    expect(await paths({ decrementValue: '20000' })).toContain('body/decrementValue');
    expect(await paths({ suppliers: [comps[0], comps[0]] })).toContain('body/suppliers/1');
    expect(await paths({ suppliers: ['ZZ99999'] })).toContain('body/suppliers/0');
    expect(await paths({ title: ' ' })).toContain('body/title');
    expect(await paths({ lines: [] })).toContain('body/lines');
    expect(
      await paths({ lines: [{ itemName: '무단위', unitCode: 'NOPE', quantity: '1', refUnitPrice: '1' }] }),
    ).toContain('body/lines/0/unitCode');
    // A suspended supplier is refused as on create.
    await t.db.db.updateTable('company').set({ status: 'SUSPENDED' }).where('compNo', '=', comps[2]).execute();
    try {
      refused(await put({ suppliers: [comps[2]] }), 400, 'SUPPLIER_NOT_ELIGIBLE');
    } finally {
      await t.db.db.updateTable('company').set({ status: 'ACTIVE' }).where('compNo', '=', comps[2]).execute();
    }
    // Nothing was changed by any of them.
    expect(ok(await f.get(url(d.auctionNo), f.u.operator))).toMatchObject({
      version: d.version,
      title: '편집 시험 역경매',
      startPrice: '20000.00',
    });
  });

  it('only its buyer or a purchasing manager changes it; a supplier or a user without the menu’s write cannot', async () => {
    const d = await draft(f.u.tfadmin);
    // operator holds the menu's write but is neither this draft's buyer nor a purchasing manager.
    refused(await f.put(url(d.auctionNo), f.u.operator, { ...terms(), version: d.version }), 403);
    refused(await f.put(url(d.auctionNo), f.u.buyer, { ...terms(), version: d.version }), 403);
    refused(await f.put(url(d.auctionNo), f.u.supplier1, { ...terms(), version: d.version }), 403);
    refused(await f.put(url('RA2099-999999'), f.u.opadmin, { ...terms(), version: 1 }), 404, 'AUCTION_NOT_FOUND');
    const byManager = ok(
      await f.put(url(d.auctionNo), f.u.opadmin, { ...terms(), version: d.version, title: '관리자 수정' }),
    );
    expect(byManager).toMatchObject({ title: '관리자 수정', buyerId: d.buyerId, version: d.version + 1 });
    // The detail offers the change only to whom may make it.
    expect(ok(await f.get(url(d.auctionNo), f.u.operator)).actions).toEqual([]);
    expect(ok(await f.get(url(d.auctionNo), f.u.tfadmin)).actions).toEqual(['update', 'publish', 'cancel']);
  });

  it('is refused once published, with the state in words (409), and after a cancel; the published terms stay as announced', async () => {
    const d = await draft();
    const p = await publish(f, f.u.operator, d);
    expect(p.actions).not.toContain('update');
    const r = refused(
      await f.put(url(d.auctionNo), f.u.operator, { ...terms(), version: p.version, title: '공고 후 수정' }),
      409,
      'INVALID_STATE',
    );
    expect(r.msg).toBe('공고 상태의 역경매는 수정할 수 없습니다');
    // Open by the clock: said as such.
    await moveWindow(t, d.auctionNo, { startAt: new Date(Date.now() - 60_000) });
    expect(
      refused(await f.put(url(d.auctionNo), f.u.operator, { ...terms(), version: p.version }), 409, 'INVALID_STATE')
        .msg,
    ).toBe('진행중 상태의 역경매는 수정할 수 없습니다');
    // Even with a stale form's bad fields, the state is what is said.
    expect(
      refused(await f.put(url(d.auctionNo), f.u.operator, { ...terms(), version: d.version, startPrice: '0' }), 409)
        .code,
    ).toBe('INVALID_STATE');
    expect(ok(await f.get(url(d.auctionNo), f.u.operator)).title).toBe('편집 시험 역경매');

    const c = await draft();
    const cancelled = ok(
      await f.post(`${url(c.auctionNo)}/cancel`, f.u.operator, { version: c.version, reason: '중복' }),
    );
    expect(
      refused(
        await f.put(url(c.auctionNo), f.u.operator, { ...terms(), version: cancelled.version }),
        409,
        'INVALID_STATE',
      ).msg,
    ).toBe('취소 상태의 역경매는 수정할 수 없습니다');
  });

  it('a draft from a PR keeps the PR’s lines and currency; only the reference prices change', async () => {
    const pr = await receivedPr(f);
    const {
      title: _t,
      lines: _l,
      ...fromPr
    } = auctionTerms({ prNo: pr.prNo, prVersion: pr.version, startPrice: '50000', suppliers: [comps[0]] });
    const d = await createDraft(f, f.u.operator, fromPr);
    const sent = d.lines.map((l: Record<string, unknown>) => ({
      itemCode: l.itemCode,
      itemName: l.itemName,
      spec: l.spec,
      unitCode: l.unitCode,
      quantity: l.quantity,
      refUnitPrice: l.refUnitPrice,
      deliveryDate: l.deliveryDate,
    }));
    const body = {
      version: d.version,
      currency: d.currency,
      title: '',
      startPrice: '45000',
      decrementKind: 'AMOUNT',
      decrementValue: '100',
      startAt: inMinutes(90),
      endAt: inMinutes(150),
      softCloseMinutes: 0,
      maxExtensions: 0,
      suppliers: [comps[0], comps[1]],
      confirmEvaluationWarning: true,
    };
    const put = (over: Record<string, unknown>) => f.put(url(d.auctionNo), f.u.operator, { ...body, ...over });
    expect(refused(await put({ lines: [sent[0]] }), 400).details?.map((e) => e.path)).toEqual(['body/lines']);
    expect(
      refused(await put({ lines: [{ ...sent[0], quantity: '999' }, sent[1]] }), 400).details?.map((e) => e.path),
    ).toEqual(['body/lines/0/quantity']);
    expect(
      refused(await put({ lines: sent, currency: d.currency === 'KRW' ? 'JPY' : 'KRW' }), 400).details?.map(
        (e) => e.path,
      ),
    ).toEqual(['body/currency']);
    const changed = ok(await put({ lines: [{ ...sent[0], refUnitPrice: '1400' }, sent[1]] }));
    expect(changed.lines.map((l: { refUnitPrice: string }) => l.refUnitPrice)).toEqual([
      '1400.00',
      sent[1].refUnitPrice,
    ]);
    expect(changed.lines.map((l: { itemName: string }) => l.itemName)).toEqual(
      sent.map((l: { itemName: string }) => l.itemName),
    );
    // A blank title keeps the PR's; the PR is still this auction's.
    expect(changed).toMatchObject({ title: d.title, prNo: pr.prNo, startPrice: '45000.00' });
    expect(ok(await f.get(`/api/v1/prs/${pr.prNo}`, f.u.operator)).status).toBe('QUOT_REQUESTED');
    const prLines = await t.db.db
      .selectFrom('auctionLine')
      .select(['prLineNo'])
      .where('auctionNo', '=', d.auctionNo)
      .orderBy('lineNo')
      .execute();
    expect(prLines.map((l) => l.prLineNo)).toEqual([1, 2]);
  });
});
