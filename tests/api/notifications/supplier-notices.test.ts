import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayKst } from '../../../server/domain/dates.js';
import {
  companyRecipients,
  notifySupplierApplicationResult,
  remindRfqDeadlines,
} from '../../../server/modules/notifications/supplier.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { insertAcknowledgedPo } from '../fulfilment/helpers.js';
import { awardedRfq, client, day, logins, ok, openRfq, type Flow } from '../purchase/helpers.js';

/**
 * The notices to suppliers (issue 15) are recorded in the outbox by the action that causes them,
 * in its transaction: RFQ invitations, the deadline reminder job, PO sent (by hand and on
 * approval), the settlement confirmation request; and the supplier application result.
 */
describe('supplier notices in the outbox', () => {
  let t: TestApp;
  let f: Flow;
  /** supplier1 reads English (its language preference); everyone else Korean. */
  const EN_USER = 'supplier1';

  beforeAll(async () => {
    t = await buildTestApp();
    f = {
      ...client(t),
      u: await logins(t, ['buyer', 'uadmin1', 'opadmin', 'operator', 'admin', 'supplier1', 'supplier2']),
    };
    await t.db.db
      .insertInto('userPref')
      .values({ userId: EN_USER, prefKey: 'language', value: JSON.stringify('en') })
      .execute();
  });
  afterAll(() => t?.close());

  const notices = (template: string, refKeyPrefix: string) =>
    t.db.db
      .selectFrom('notification')
      .selectAll()
      .where('template', '=', template)
      .where('refKey', 'like', `${refKeyPrefix}%`)
      .orderBy('id')
      .execute();

  /** The enabled supplier accounts of a company that have an e-mail address (the rule under test). */
  async function accountsOf(compNo: string): Promise<Array<{ userId: string; email: string }>> {
    const rows = await t.db.db
      .selectFrom('appUser')
      .select(['userId', 'email'])
      .where('compNo', '=', compNo)
      .where('portal', '=', 'X')
      .where('useFlag', '=', 'Y')
      .where('status', '=', 'NORMAL')
      .where('email', 'is not', null)
      .orderBy('userId')
      .execute();
    return rows.map((r) => ({ userId: r.userId, email: r.email! }));
  }

  it('RFQ issued: every invited supplier’s accounts get the invitation, each in its language', async () => {
    const c1 = await accountsOf('C00001');
    const c2 = await accountsOf('C00002');
    expect(c1.map((a) => a.userId)).toEqual(expect.arrayContaining(['supplier1', 'supplier1adm']));
    expect(c2.map((a) => a.userId)).toContain('supplier2');

    const rfq = await openRfq(f, ['C00001', 'C00002']);
    const rows = await notices('rfq.invitation', `${rfq.rfqNo}/`);
    expect(rows.map((r) => [r.refKey, r.recipient]).sort()).toEqual(
      [...c1.map((a) => [`${rfq.rfqNo}/C00001`, a.email]), ...c2.map((a) => [`${rfq.rfqNo}/C00002`, a.email])].sort(),
    );
    for (const r of rows)
      expect(r).toMatchObject({ channel: 'EMAIL', state: 'PENDING', refEntity: 'quotation', sensitive: 'N' });
    const en = rows.find((r) => r.recipient === c1.find((a) => a.userId === EN_USER)!.email)!;
    expect(en.lang).toBe('en');
    expect(en.subject).toBe(`[OGPMS] Request for quotation: ${rfq.rfqNo} ${rfq.title}`);
    expect(en.body).toMatch(/Deadline: \d{4}-\d{2}-\d{2} \d{2}:\d{2} \(KST\)/);
    const ko = rows.find((r) => r.recipient === c2[0].email)!;
    expect(ko.lang).toBe('ko');
    expect(ko.body).toContain('견적 요청이 도착했습니다');
    expect(ko.body).toContain(rfq.rfqNo);
  });

  it('deadline reminder: once, within 24 hours of the deadline, only to suppliers that have not quoted', async () => {
    const rfq = await openRfq(f, ['C00001', 'C00002']);
    const q = ok(await f.get(`/api/v1/cyber/quotations/${rfq.rfqNo}`, f.u.supplier1));
    ok(
      await f.put(`/api/v1/cyber/quotations/${rfq.rfqNo}`, f.u.supplier1, {
        version: q.version,
        leadTimeDays: 10,
        validUntil: day(60),
        lines: q.lines.map((l: { lineNo: number }) => ({ lineNo: l.lineNo, unitPrice: '1000' })),
      }),
    );
    const deadline = new Date(rfq.deadline).getTime();
    const mine = () => notices('rfq.deadline', `${rfq.rfqNo}/`);

    await remindRfqDeadlines(t.db.db, new Date(deadline - 30 * 3600_000));
    expect(await mine()).toEqual([]);
    await remindRfqDeadlines(t.db.db, new Date(deadline - 3 * 3600_000));
    const rows = await mine();
    expect(rows.map((r) => r.recipient).sort()).toEqual((await accountsOf('C00002')).map((a) => a.email).sort());
    expect(rows.every((r) => r.refKey === `${rfq.rfqNo}/C00002` && r.body.includes(rfq.rfqNo))).toBe(true);
    // Again, and past the deadline: nothing more.
    await remindRfqDeadlines(t.db.db, new Date(deadline - 2 * 3600_000));
    await remindRfqDeadlines(t.db.db, new Date(deadline + 60_000));
    expect((await mine()).length).toBe(rows.length);
  });

  it('PO sent by hand (FORWARD_YN=N) and on approval (FORWARD_YN=Y): the supplier’s accounts are told', async () => {
    for (const [winner, byHand] of [
      ['C00002', true],
      ['C00001', false],
    ] as const) {
      const rfq = await awardedRfq(f, winner);
      const draft = ok(
        await f.post('/api/v1/pos', f.u.operator, { rfqNo: rfq.rfqNo, rfqVersion: rfq.version, dueDate: day(20) }),
      );
      const submitted = ok(await f.post(`/api/v1/pos/${draft.poNo}/submit`, f.u.operator, { version: draft.version }));
      const a = submitted.approvals.at(-1);
      ok(await f.post(`/api/v1/approvals/${a.approvalId}/approve`, f.u.opadmin, { version: a.version }));
      let po = ok(await f.get(`/api/v1/pos/${draft.poNo}`, f.u.operator));
      if (byHand) {
        expect(po.status).toBe('APPROVED');
        expect(await notices('po.sent', po.poNo)).toEqual([]);
        po = ok(await f.post(`/api/v1/pos/${po.poNo}/send`, f.u.operator, { version: po.version }));
      }
      expect(po.status).toBe('SENT');
      const rows = await notices('po.sent', po.poNo);
      expect(rows.map((r) => r.recipient).sort()).toEqual((await accountsOf(winner)).map((x) => x.email).sort());
      for (const r of rows) {
        expect(r).toMatchObject({ refEntity: 'po_header', refKey: po.poNo, state: 'PENDING' });
        expect(r.subject).toContain(po.poNo);
      }
    }
  });

  it('settlement put to the supplier: the confirmation request goes to its accounts', async () => {
    const [operator, admin, supplier1] = [f.u.operator, f.u.admin, f.u.supplier1];
    const today = todayKst(new Date());
    const period = today.slice(0, 4) + today.slice(5, 7);
    const poNo = await insertAcknowledgedPo(t, 'C00001', 'KRW', [{ quantity: '10', unitPrice: '1500' }]);
    const d = ok(
      await f.post('/api/v1/cyber/deliveries', supplier1, {
        poNo,
        deliveryDate: today,
        lines: [{ poLineNo: 1, quantity: '10' }],
      }),
    ).delivery;
    let r = ok(
      await f.post(`/api/v1/deliveries/${d.deliveryNo}/receive`, operator, {
        version: d.version,
        expenses: 'MATERIAL',
      }),
    ).receipt;
    r = ok(await f.post(`/api/v1/warehousing/${r.whReqNo}/approve`, admin, { version: r.version })).receipt;
    ok(await f.post(`/api/v1/warehousing/${r.whReqNo}/decide`, operator, { version: r.version }));
    const built = ok(await f.post('/api/v1/settlements/build', operator, { period, compNo: 'C00001' }));
    const settleNo: string = [...built.created, ...built.rebuilt][0];
    const s = ok(await f.get(`/api/v1/settlements/${settleNo}`, operator)).settlement;
    expect(await notices('settlement.confirm', settleNo)).toEqual([]);
    ok(await f.post(`/api/v1/settlements/${settleNo}/request-confirm`, operator, { version: s.version }));
    const rows = await notices('settlement.confirm', settleNo);
    expect(rows.map((x) => x.recipient).sort()).toEqual((await accountsOf('C00001')).map((a) => a.email).sort());
    const en = rows.find((x) => x.lang === 'en')!;
    expect(en.subject).toBe(`[OGPMS] Please confirm the ${period.slice(0, 4)}-${period.slice(4)} settlement`);
    expect(en.body).toContain(`KRW ${Number(s.totalAmount).toLocaleString('en-US')}`);
    expect(rows.find((x) => x.lang === 'ko')!.body).toContain('월정산 금액');
  });

  it('a company without supplier accounts is told at its main contact’s address', async () => {
    await t.db.db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('appUser').set({ useFlag: 'N' }).where('compNo', '=', 'C00002').execute();
        const contact = await trx
          .selectFrom('companyContact')
          .select('email')
          .where('compNo', '=', 'C00002')
          .where('email', 'is not', null)
          .orderBy('mainYn', 'desc')
          .orderBy('seq')
          .executeTakeFirst();
        const company = await trx
          .selectFrom('company')
          .select('email')
          .where('compNo', '=', 'C00002')
          .executeTakeFirstOrThrow();
        const expected = contact?.email ?? company.email;
        expect(expected).toBeTruthy();
        expect(await companyRecipients(trx, 'C00002')).toEqual([{ to: expected, lang: 'ko' }]);
        throw new Error('rollback');
      })
      .catch((e: unknown) => {
        if (!(e instanceof Error) || e.message !== 'rollback') throw e;
      });
    expect((await accountsOf('C00002')).length).toBeGreaterThan(0);
  });

  it('supplier application result: approval and rejection, in Korean and English, recorded only if the decision commits', async () => {
    const db = t.db.db;
    const id = await db.transaction().execute((trx) =>
      notifySupplierApplicationResult(trx, {
        applicationNo: 'SA-TEST-1',
        email: 'apply@newco.test',
        companyName: '㈜새회사',
        approved: true,
        reason: null,
      }),
    );
    const row = await db.selectFrom('notification').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      recipient: 'apply@newco.test',
      template: 'supplier.application',
      lang: 'ko',
      refEntity: 'supplier_application',
      refKey: 'SA-TEST-1',
      subject: '[OGPMS] 협력사 등록 신청 결과: 승인',
    });
    expect(row.body).toBe('㈜새회사의 협력사 등록 신청이 승인되었습니다.\n사유: -');
    const enId = await db.transaction().execute((trx) =>
      notifySupplierApplicationResult(trx, {
        applicationNo: 'SA-TEST-2',
        email: 'apply@other.test',
        companyName: 'Other Co.',
        approved: false,
        reason: ' Missing business licence ',
        lang: 'en',
      }),
    );
    const en = await db.selectFrom('notification').selectAll().where('id', '=', enId).executeTakeFirstOrThrow();
    expect(en.subject).toBe('[OGPMS] Supplier application: rejected');
    expect(en.body).toBe('The supplier application of Other Co. was rejected.\nReason: Missing business licence');
    await db
      .transaction()
      .execute(async (trx) => {
        await notifySupplierApplicationResult(trx, {
          applicationNo: 'SA-TEST-3',
          email: 'x@y.test',
          companyName: 'X',
          approved: true,
          reason: null,
        });
        throw new Error('rollback');
      })
      .catch(() => undefined);
    expect(await db.selectFrom('notification').select('id').where('refKey', '=', 'SA-TEST-3').execute()).toEqual([]);
  });
});
