import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { todayKst } from '../../../server/domain/dates.js';
import { retainedUntil } from '../../../server/domain/subcontracting.js';
import { client, day, logins, ok, refused, type Flow } from './helpers.js';

const DAY = 86_400_000;

const order = (title: string) => ({
  compNo: 'C00002',
  title,
  currency: 'KRW',
  dueDate: day(10),
  lines: [{ itemName: '가공 부품', unitCode: 'EA', quantity: '10', unitPrice: '1000' }],
});

/**
 * 하도급 orders (docs/subcontracting.md): the kind is fixed from the rule table when the order is made, the
 * written contract comes before sending (§3: refused without, allowed after a paper contract is recorded or an
 * e-contract executed, or with the gate off), and a sent 하도급 order is kept three years from its end (§3⑨).
 */
describe('하도급 orders', () => {
  let t: TestApp;
  let f: Flow;
  beforeAll(async () => {
    t = await buildTestApp();
    f = { ...client(t), u: await logins(t, ['operator', 'supplier2']) };
    await t.db.db
      .insertInto('subconRule')
      .values({ matchKind: 'PO_TYPE', matchValue: 'SIMPLE', subconKind: 'MANUFACTURE', updatedBy: 'test' })
      .execute();
  });
  afterAll(() => t.close());

  /** A 하도급 simple order made through the API, then marked approved (the approval flow is not under test). */
  const approvedOrder = async (title: string) => {
    const created = ok(await f.post('/api/v1/simple-orders', f.u.operator, order(title)));
    expect(created).toMatchObject({ subconKind: 'MANUFACTURE', writtenContract: null });
    await t.db.db
      .updateTable('poHeader')
      .set({ status: 'APPROVED', approvalStatus: 'APPROVED', approvedAmount: created.totalAmount })
      .where('poNo', '=', created.poNo)
      .execute();
    return ok(await f.get(`/api/v1/pos/${created.poNo}`, f.u.operator));
  };
  const send = (po: { poNo: string; version: number }) =>
    f.post(`/api/v1/pos/${po.poNo}/send`, f.u.operator, { version: po.version });

  it('fixes the kind from the rules when the order is made and shows it in the list', async () => {
    const po = await approvedOrder('하도급 목록 확인');
    const list = ok(await f.get(`/api/v1/pos?poType=SIMPLE&size=100`, f.u.operator));
    expect(list.rows.find((r: { poNo: string }) => r.poNo === po.poNo)).toMatchObject({ subconKind: 'MANUFACTURE' });
    // A rule changed later leaves the orders already made as they are.
    await t.db.db.updateTable('subconRule').set({ subconKind: 'REPAIR' }).where('matchValue', '=', 'SIMPLE').execute();
    expect(ok(await f.get(`/api/v1/pos/${po.poNo}`, f.u.operator)).subconKind).toBe('MANUFACTURE');
    await t.db.db
      .updateTable('subconRule')
      .set({ subconKind: 'MANUFACTURE' })
      .where('matchValue', '=', 'SIMPLE')
      .execute();
  });

  it('refuses to send without a written contract; sends after a paper contract is recorded', async () => {
    const po = await approvedOrder('서면 계약 확인');
    const r = refused(await send(po), 409, 'SUBCON_CONTRACT_MISSING');
    expect(r.msg).toContain('하도급법 제3조');
    expect(r.msg).toContain('제조위탁');
    expect(ok(await f.get(`/api/v1/pos/${po.poNo}`, f.u.operator))).toMatchObject({
      status: 'APPROVED',
      version: po.version,
    });
    refused(
      await f.post(`/api/v1/pos/${po.poNo}/paper-contract`, f.u.operator, {
        version: po.version,
        contractDate: day(1),
        reference: '계약서 2026-77',
      }),
      400,
      'VALIDATION',
    );
    const recorded = ok(
      await f.post(`/api/v1/pos/${po.poNo}/paper-contract`, f.u.operator, {
        version: po.version,
        contractDate: todayKst(t.app.clock.now()),
        reference: '계약서 2026-77 (문서고 3번)',
        // The order screen's dialog sends its empty file field as '': no scan, not a group to look up.
        fileId: '',
      }),
    );
    expect(recorded.writtenContract).toMatchObject({ kind: 'PAPER', reference: '계약서 2026-77 (문서고 3번)' });
    expect(ok(await send(recorded)).status).toBe('SENT');
  });

  it('sends after an executed e-contract names the order', async () => {
    const po = await approvedOrder('전자계약 확인');
    refused(await send(po), 409, 'SUBCON_CONTRACT_MISSING');
    const template = await t.db.db
      .selectFrom('econtractTemplate')
      .select(['templateNo', 'version'])
      .orderBy('templateNo')
      .executeTakeFirstOrThrow();
    const at = new Date();
    await t.db.db
      .insertInto('econtract')
      .values({
        contractNo: `EC-T-${po.poNo.slice(-6)}`,
        compNo: 'C00002',
        templateNo: template.templateNo,
        templateVersion: template.version,
        contractType: 'SUPPLY',
        signOrder: 'SUPPLIER_FIRST',
        title: '하도급 계약',
        sourceKind: 'PO',
        sourceNo: po.poNo,
        supplyAmount: '10000',
        vatAmount: '1000',
        totalAmount: '11000',
        contractDate: todayKst(t.app.clock.now()),
        signDeadline: todayKst(t.app.clock.now()),
        variables: JSON.stringify({}),
        status: 'EXECUTED',
        buyerSignerId: 'E000004',
        supplierSignedAt: at,
        buyerSignedAt: at,
        executedAt: at,
        createdBy: 'test',
      })
      .execute();
    const detail = ok(await f.get(`/api/v1/pos/${po.poNo}`, f.u.operator));
    expect(detail.writtenContract).toMatchObject({ kind: 'ECONTRACT' });
    expect(ok(await send(detail)).status).toBe('SENT');
  });

  it('sends without a contract when the gate is off (SYSTEM_CONST / SUBCON_CONTRACT_GATE = N)', async () => {
    const po = await approvedOrder('게이트 해제');
    await t.db.db
      .insertInto('code')
      .values({
        groupId: 'SYSTEM_CONST',
        code: 'SUBCON_CONTRACT_GATE',
        textKo: '하도급 서면계약 게이트',
        textEn: 'Subcontract gate',
        attr1: 'N',
      })
      .execute();
    try {
      expect(ok(await send(po)).status).toBe('SENT');
    } finally {
      await t.db.db
        .deleteFrom('code')
        .where('groupId', '=', 'SYSTEM_CONST')
        .where('code', '=', 'SUBCON_CONTRACT_GATE')
        .execute();
    }
  });

  it('keeps a sent and cancelled 하도급 order three years from its end, then lets it be deleted', async () => {
    const draft = ok(await f.post('/api/v1/simple-orders', f.u.operator, order('초안 삭제')));
    // A draft never reached the supplier: no transaction, deleted at once.
    ok(await f.del(`/api/v1/pos/${draft.poNo}?version=${draft.version}`, f.u.operator));
    refused(await f.get(`/api/v1/pos/${draft.poNo}`, f.u.operator), 404, 'PO_NOT_FOUND');

    const po = await approvedOrder('보존 확인');
    const recorded = ok(
      await f.post(`/api/v1/pos/${po.poNo}/paper-contract`, f.u.operator, {
        version: po.version,
        contractDate: todayKst(t.app.clock.now()),
        reference: '보존 시험 계약서',
      }),
    );
    const sent = ok(await send(recorded));
    const cancelled = ok(
      await f.post(`/api/v1/pos/${po.poNo}/cancel`, f.u.operator, { version: sent.version, reason: '발주 철회' }),
    );
    const endedOn = todayKst(t.app.clock.now());
    expect(cancelled.endedOn).toBe(endedOn);
    const del = () => f.del(`/api/v1/pos/${po.poNo}?version=${cancelled.version}`, f.u.operator);
    const kept = refused(await del(), 409, 'SUBCON_RETENTION');
    expect(kept.msg).toContain('3년');
    // Still kept on the third anniversary (the last day), by the business clock; deletable the day after.
    const until = retainedUntil(endedOn);
    t.app.clock.advance(Date.parse(`${until}T12:00:00+09:00`) - t.app.clock.now().getTime());
    expect(todayKst(t.app.clock.now())).toBe(until);
    refused(await del(), 409, 'SUBCON_RETENTION');
    t.app.clock.advance(DAY);
    ok(await del());
    refused(await f.get(`/api/v1/pos/${po.poNo}`, f.u.operator), 404, 'PO_NOT_FOUND');
  });
});
