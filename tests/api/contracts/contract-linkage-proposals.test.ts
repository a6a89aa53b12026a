import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plusMonths } from '../../../server/domain/linkage-schedule.js';
import { writeContractLinkageProposals } from '../../../server/modules/contracts/linkage-proposals.js';
import { contractFontsAvailable } from '../../../server/modules/contracts/render.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import type { LoggedIn } from '../../helpers/login.js';
import { api, expectError } from '../fulfilment/helpers.js';
import { awardedRfq, client, day, logins } from '../purchase/helpers.js';
import { addDays, contractSteps, kstToday, ok, oneContractApprover } from './steps.js';

/**
 * 연동 조정 제안 on e-contracts (상생협력법 §21; docs/subcontracting.md "연동 조정 제안 on e-contracts"): the job reads
 * an executed contract's 연동 clause at each 조정주기 point by the agreement job's own rules (exactly at the trigger on
 * a rise and a fall, not a hair below; no value, no proposal; once per point), proposes the order's unit prices by
 * the 산식; accepting draws up an amendment (a draft) whose execution changes the order's prices through the order's
 * own command; a change order since the proposal makes it outdated; rejecting keeps the prices; a supplier reads its
 * own company's proposals; only who may amend the contract decides.
 */
const BODY = ['{{contract.typeName}}', '', '발주자 {{buyer.name}}과 수급자 {{supplier.name}}은 계약한다.'].join('\n');
const INDEX = 'CLP_AL';

describe.runIf(process.env.CI === 'true' || contractFontsAvailable())(
  '연동 조정 제안 on e-contracts',
  { timeout: 240_000 },
  () => {
    let t: TestApp;
    let http: ReturnType<typeof api>;
    let u: Record<string, LoggedIn>;

    beforeAll(async () => {
      t = await buildTestApp();
      http = api(t.app);
      u = await logins(t, ['tfadmin', 'buyer', 'operator', 'opadmin', 'uadmin1', 'monitor', 'supplier1', 'supplier2']);
      ok(
        await http.post('/api/v1/subcon/rules', u.tfadmin, {
          matchKind: 'COMP_NO',
          matchValue: 'C00001',
          subconKind: 'MANUFACTURE',
        }),
      );
      await t.db.db
        .insertInto('linkageIndex')
        .values({ indexCode: INDEX, indexName: '알루미늄 시험 지표', unit: '원/kg', source: '시험', updatedBy: 'test' })
        .execute();
      await oneContractApprover(t, 935);
      ok(
        await http.put('/api/v1/contract-templates/CLP', u.operator, {
          name: '물품공급계약서',
          contractType: 'SUPPLY',
          signOrder: 'SUPPLIER_FIRST',
          body: BODY,
          version: 0,
        }),
      );
    }, 120_000);
    afterAll(() => t?.close());

    const steps = () =>
      contractSteps(t, http, () => ({ operator: u.operator, opadmin: u.opadmin, supplier1: u.supplier1 }));
    const detail = (no: string) => steps().detail(no);
    const flow = () => ({ ...client(t), u });

    /** 기준시점 a month before today: the first point is about today, the next a month on. */
    const base = plusMonths(day(0), -1);
    const point = (k: number) => plusMonths(base, k);
    /** The job's run at noon (KST) of `day`. */
    const runAt = (d: string) => writeContractLinkageProposals(t.db.db, new Date(`${d}T03:00:00Z`), 'system:job');
    const setValue = async (valueDate: string, value: string) => {
      await t.db.db
        .insertInto('linkageIndexValue')
        .values({ indexCode: INDEX, valueDate, value, updatedBy: 'test' })
        .onConflict((oc) => oc.columns(['indexCode', 'valueDate']).doUpdateSet({ value }))
        .execute();
    };
    const proposalsOf = (contractNo: string) =>
      t.db.db
        .selectFrom('contractLinkageProposal')
        .selectAll()
        .where('contractNo', '=', contractNo)
        .orderBy('compareDate')
        .execute();
    const orderPrices = async (poNo: string) =>
      (
        await t.db.db
          .selectFrom('poLine')
          .select(['lineNo', 'unitPrice'])
          .where('poNo', '=', poNo)
          .orderBy('lineNo')
          .execute()
      ).map((l) => [l.lineNo, Number(l.unitPrice)]);

    /** An order of C00001 (제조위탁 하도급), approved when asked: the contract's source. */
    async function order(approved: boolean) {
      const rfq = await awardedRfq(flow(), 'C00001');
      const po = ok(
        await http.post('/api/v1/pos', u.operator, { rfqNo: rfq.rfqNo, rfqVersion: rfq.version, dueDate: day(20) }),
      );
      expect(po.subconKind).toBe('MANUFACTURE');
      if (approved) {
        const submitted = ok(await http.post(`/api/v1/pos/${po.poNo}/submit`, u.operator, { version: po.version }));
        const pa = submitted.approvals.at(-1);
        ok(await http.post(`/api/v1/approvals/${pa.approvalId}/approve`, u.opadmin, { version: pa.version }));
      }
      return po.poNo as string;
    }

    /** Approved and signed by both: the contract executed. */
    async function execute(no: string) {
      await steps().submitAndApprove(no, (await detail(no)).version as number);
      ok(await steps().supplierSigns(no));
      await steps().buyerViews(no);
      ok(await steps().buyerSignsViewed(no));
      expect((await detail(no)).status).toBe('EXECUTED');
    }

    /** An executed contract on a new order with a 연동 clause: DAY, monthly, share 50 %, trigger 5 %, base 100. */
    async function executedLinked(o: { approved?: boolean } = {}) {
      const poNo = await order(o.approved ?? false);
      const created = ok(
        await http.post('/api/v1/contracts', u.operator, {
          templateNo: 'CLP',
          compNo: 'C00001',
          title: '알루미늄 가공품 공급',
          sourceKind: 'PO',
          sourceNo: poNo,
          supplyAmount: '2000000',
          vatAmount: '200000',
          startDate: base,
          endDate: day(179),
          signDeadline: addDays(kstToday(), 14),
          buyerSignerId: 'operator',
        }),
      );
      const no = created.contractNo as string;
      ok(
        await http.put(`/api/v1/contracts/${no}/linkage`, u.operator, {
          version: created.version,
          linkageKind: 'LINKED',
          linkageMaterial: '알루미늄',
          linkageSharePct: '50',
          linkageIndexCode: INDEX,
          linkageBaseDate: base,
          linkageBaseValue: '100',
          linkageCompareBasis: 'DAY',
          linkageComparePeriodMonths: 1,
          linkageTriggerPct: '5',
        }),
      );
      await execute(no);
      if (o.approved) {
        // Held back on approval by the written-contract gate, the order goes to its supplier once the contract holds.
        const po = ok(await http.get(`/api/v1/pos/${poNo}`, u.operator));
        expect(ok(await http.post(`/api/v1/pos/${poNo}/send`, u.operator, { version: po.version })).status).toBe(
          'SENT',
        );
      }
      return { no, poNo };
    }

    it('proposes exactly at the trigger on a rise and on a fall, not a hair below; none without a value; once per point', async () => {
      const { no, poNo } = await executedLinked();
      const prices = await orderPrices(poNo);
      // No value on the point: nothing proposed, the point read again next time.
      expect((await runAt(point(1))).noValue).toBeGreaterThanOrEqual(1);
      expect(await proposalsOf(no)).toEqual([]);
      // A hair below +5 %: nothing.
      await setValue(point(1), '104.9999');
      expect((await runAt(point(1))).belowTrigger).toBeGreaterThanOrEqual(1);
      expect(await proposalsOf(no)).toEqual([]);
      // Exactly +5 %: proposed, each order line at price × (1 + 50 % × 5 %), half up to the won.
      await setValue(point(1), '105');
      await runAt(point(1));
      const [rise] = await proposalsOf(no);
      expect(rise).toMatchObject({
        proposalNo: expect.stringMatching(/^CLP\d{4}-\d{6}$/),
        chainNo: no,
        poNo,
        compareDate: point(1),
        baseDate: base,
        status: 'PROPOSED',
        effectiveFrom: point(1),
        amendmentNo: null,
      });
      expect(Number(rise!.changePct)).toBe(5);
      const lines = await t.db.db
        .selectFrom('contractLinkageProposalLine')
        .select(['lineNo', 'currentPrice', 'proposedPrice'])
        .where('proposalNo', '=', rise!.proposalNo)
        .orderBy('lineNo')
        .execute();
      expect(lines.map((l) => [l.lineNo, Number(l.currentPrice), Number(l.proposedPrice)])).toEqual(
        prices.map(([lineNo, price]) => [lineNo, price, Math.round((price as number) * 1.025)]),
      );
      // Run again the same day, and the next: one proposal; the later point waits for the decision.
      await runAt(point(1));
      await setValue(point(2), '130');
      expect((await runAt(point(2))).awaitingDecision).toBeGreaterThanOrEqual(1);
      expect(await proposalsOf(no)).toHaveLength(1);

      // Staff read it on the contract, the supplier on its own, another supplier not at all.
      const staff = await detail(no);
      expect(staff).toMatchObject({
        openLinkageProposalNo: rise!.proposalNo,
        openLinkageProposalVersion: 1,
        mayDecideLinkage: true,
      });
      expect(staff.linkageProposalLines).toHaveLength(prices.length);
      const mine = ok(await http.get(`/api/v1/cyber/contracts/${no}`, u.supplier1));
      expect(mine).toMatchObject({ openLinkageProposalNo: rise!.proposalNo, mayDecideLinkage: false });
      expect(mine.linkageProposals).toHaveLength(1);
      expect(mine.linkageProposalLines).toHaveLength(prices.length);
      expect((await http.get(`/api/v1/cyber/contracts/${no}`, u.supplier2)).status).toBe(404);
      expect(ok(await http.get(`/api/v1/contracts/${no}`, u.monitor)).mayDecideLinkage).toBe(false);

      // Rejected, with a reason (400 without); the next point is measured from the clause's base again.
      const reject = (b: Record<string, unknown>) =>
        http.post(`/api/v1/contracts/${no}/linkage-proposals/${rise!.proposalNo}/reject`, u.operator, {
          version: staff.version,
          proposalVersion: 1,
          ...b,
        });
      expectError(await reject({ reason: ' ' }), 400, 'VALIDATION');
      expect(ok(await reject({ reason: '협의 후 다음 시점에 반영' }))).toMatchObject({
        status: 'REJECTED',
        amendmentNo: null,
      });
      expectError(await reject({ reason: '다시' }), 409, 'INVALID_STATE');
      expect(await orderPrices(poNo)).toEqual(prices);

      // A fall: a hair above −5 % does not propose, exactly −5 % does.
      await setValue(point(2), '95.0001');
      await runAt(point(2));
      expect(await proposalsOf(no)).toHaveLength(1);
      await setValue(point(2), '95');
      await runAt(point(2));
      const fall = (await proposalsOf(no))[1]!;
      expect(fall).toMatchObject({ compareDate: point(2), baseDate: base, status: 'PROPOSED' });
      expect(Number(fall.changePct)).toBe(-5);
      const fallLines = await t.db.db
        .selectFrom('contractLinkageProposalLine')
        .select(['lineNo', 'proposedPrice'])
        .where('proposalNo', '=', fall.proposalNo)
        .orderBy('lineNo')
        .execute();
      expect(fallLines.map((l) => [l.lineNo, Number(l.proposedPrice)])).toEqual(
        prices.map(([lineNo, price]) => [lineNo, Math.round((price as number) * 0.975)]),
      );

      // Told: the order's buyer and the supplier's users of each proposal, the supplier of the rejection.
      const notices = await t.db.db
        .selectFrom('notification')
        .select(['template', 'refKey'])
        .where('refKey', 'in', [rise!.proposalNo, fall.proposalNo])
        .execute();
      const templates = notices.filter((n) => n.refKey === rise!.proposalNo).map((n) => n.template);
      expect(templates).toContain('contractLinkage.proposed.buyer');
      expect(templates).toContain('contractLinkage.proposed');
      expect(templates).toContain('contractLinkage.decided');
    });

    it('accepting draws up an amendment agreeing the new prices; executed, it changes the order through the order’s command; the next point measures from it', async () => {
      const { no, poNo } = await executedLinked({ approved: true });
      const prices = await orderPrices(poNo);
      await setValue(point(1), '110');
      await runAt(point(1));
      const [p] = await proposalsOf(no);
      expect(p).toMatchObject({ status: 'PROPOSED' });
      const c = await detail(no);
      const accept = (who: LoggedIn, b: Record<string, unknown> = {}) =>
        http.post(`/api/v1/contracts/${no}/linkage-proposals/${p!.proposalNo}/accept`, who, {
          version: c.version,
          proposalVersion: p!.version,
          ...b,
        });

      // Who may not amend the contract may not decide: the supplier, a reader; an unknown proposal is 404.
      expect((await accept(u.supplier1)).status).toBe(403);
      expect((await accept(u.monitor)).status).toBe(403);
      expectError(
        await http.post(`/api/v1/contracts/${no}/linkage-proposals/CLP2000-000001/accept`, u.operator, {
          version: c.version,
          proposalVersion: 1,
        }),
        404,
        'LINKAGE_PROPOSAL_NOT_FOUND',
      );
      expectError(await accept(u.operator, { proposalVersion: p!.version + 1 }), 409, 'VERSION_CONFLICT');
      expectError(await accept(u.operator, { version: c.version + 1 }), 409, 'VERSION_CONFLICT');

      const accepted = ok(await accept(u.operator));
      expect(accepted).toMatchObject({ status: 'ACCEPTED', amendmentNo: expect.stringMatching(/^CT/) });
      const am = await detail(accepted.amendmentNo);
      const proposed = prices.map(([lineNo, price]) => [lineNo, Math.round((price as number) * 1.05)]);
      expect(am).toMatchObject({ status: 'DRAFT', amendsContractNo: no, sourceKind: 'PO', sourceNo: poNo });
      expect(
        (am.sourceChange.lines as Array<{ lineNo: number; unitPrice: string }>).map((l) => [
          l.lineNo,
          Number(l.unitPrice),
        ]),
      ).toEqual(proposed);
      expect(ok(await http.get(`/api/v1/contracts/${no}`, u.operator)).linkageProposals[0]).toMatchObject({
        status: 'ACCEPTED',
        amendmentNo: accepted.amendmentNo,
      });
      expectError(await accept(u.operator, { proposalVersion: p!.version + 1 }), 409, 'INVALID_STATE');
      // Nothing of the order changed yet: the amendment is a draft.
      expect(await orderPrices(poNo)).toEqual(prices);
      // While the amendment is on its way, the next point waits.
      await setValue(point(2), '130');
      await runAt(point(2));
      expect(await proposalsOf(no)).toHaveLength(1);

      // Executed, the amendment changes the order's prices (the order's change command, at the amendment's approval).
      await execute(accepted.amendmentNo as string);
      expect(await orderPrices(poNo)).toEqual(proposed);
      // The amendment is the chain's newest now; its point 2 is measured from the accepted point's 110: +18.18 %.
      await runAt(point(2));
      const next = await proposalsOf(accepted.amendmentNo as string);
      expect(next).toHaveLength(1);
      expect(next[0]).toMatchObject({ chainNo: no, baseDate: point(1), compareDate: point(2) });
      expect(Number(next[0]!.baseValue)).toBe(110);
      expect(await proposalsOf(no)).toHaveLength(1);
    });

    it('only who may change the order decides (403); a change of the order’s prices since the proposal makes it outdated: 409 with the line, nothing written', async () => {
      const { no, poNo } = await executedLinked();
      await setValue(point(1), '111');
      await runAt(point(1));
      const [p] = await proposalsOf(no);
      const decide = async () => {
        const c = await detail(no);
        return http.post(`/api/v1/contracts/${no}/linkage-proposals/${p!.proposalNo}/accept`, u.operator, {
          version: c.version,
          proposalVersion: p!.version,
        });
      };
      // The order passed to another buyer: operator (not a purchasing manager) may no longer amend its contract.
      const buyer = (
        await t.db.db.selectFrom('poHeader').select('buyerId').where('poNo', '=', poNo).executeTakeFirstOrThrow()
      ).buyerId;
      await t.db.db.updateTable('poHeader').set({ buyerId: 'E000005' }).where('poNo', '=', poNo).execute();
      expectError(await decide(), 403, 'NOT_ALLOWED');
      await t.db.db.updateTable('poHeader').set({ buyerId: buyer }).where('poNo', '=', poNo).execute();
      // The order's line 1 repriced after the proposal was written (as a change order would).
      await t.db.db
        .updateTable('poLine')
        .set({ unitPrice: '777' })
        .where('poNo', '=', poNo)
        .where('lineNo', '=', 1)
        .execute();
      const r = await decide();
      expectError(r, 409, 'LINKAGE_PROPOSAL_OUTDATED');
      expect((r.body as { details: { lines: Array<{ lineNo: number; now: string }> } }).details.lines).toEqual([
        expect.objectContaining({ lineNo: 1, now: expect.stringMatching(/^777(\.0+)?$/) }),
      ]);
      expect((await proposalsOf(no))[0]).toMatchObject({ status: 'PROPOSED', amendmentNo: null });
      const amendments = await t.db.db
        .selectFrom('econtract')
        .select('contractNo')
        .where('amendsContractNo', '=', no)
        .execute();
      expect(amendments).toEqual([]);
    });
  },
);
