import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import type { LoggedIn } from '../../helpers/login.js';
import { readPdf } from '../../helpers/pdf.js';
import { api, expectError } from '../fulfilment/helpers.js';
import { awardedRfq, client, day, logins } from '../purchase/helpers.js';
import { contractFontsAvailable } from '../../../server/modules/contracts/render.js';
import { addDays, contractSteps, kstToday, ok, oneContractApprover } from './steps.js';

/**
 * 납품대금 연동 on e-contracts (상생협력법 §21; docs/contracts.md "납품대금 연동"): a contract of a 하도급 order holds a
 * 연동 clause or a 미연동 agreement before it is submitted, checked by the agreement's own rules (the share at exactly
 * 10 %, the trigger up to 10 %, the 소액 and 단기 exceptions against the contract's amount and period); setting it on a
 * draft renders the PDF again, which prints it; the answer of the agreement a call-off calls off (and of an amended
 * original) is the default; once past the draft the database refuses to change it; the supplier reads its own.
 */
const BODY = [
  '{{contract.typeName}}',
  '',
  '제1조 (목적)',
  '',
  '발주자 {{buyer.name}}과 수급자 {{supplier.name}}은 {{contract.title}}에 관하여 다음과 같이 계약한다.',
].join('\n');

const MISSING =
  '제조위탁 하도급 계약은 납품대금 연동 약정 또는 미연동 합의를 입력한 뒤 상신할 수 있습니다 (상생협력법 제21조)';

describe.runIf(process.env.CI === 'true' || contractFontsAvailable())(
  '납품대금 연동 on e-contracts',
  { timeout: 180_000 },
  () => {
    let t: TestApp;
    let http: ReturnType<typeof api>;
    let u: Record<string, LoggedIn>;

    beforeAll(async () => {
      t = await buildTestApp();
      http = api(t.app);
      u = await logins(t, ['tfadmin', 'buyer', 'operator', 'opadmin', 'uadmin1', 'monitor', 'supplier1', 'supplier2']);
      // C00001's orders are 제조위탁 하도급 from now on; C00002's stay outside the Act.
      ok(
        await http.post('/api/v1/subcon/rules', u.tfadmin, {
          matchKind: 'COMP_NO',
          matchValue: 'C00001',
          subconKind: 'MANUFACTURE',
        }),
      );
      await t.db.db
        .insertInto('linkageIndex')
        .values([
          { indexCode: 'STEEL_HRC', indexName: '열연강판 가격지수', unit: '지수', source: '시험', updatedBy: 'test' },
          { indexCode: 'OLD_CU', indexName: '구리(폐지)', unit: 'USD/t', source: 'LME', useYn: 'N', updatedBy: 'test' },
        ])
        .execute();
      await oneContractApprover(t, 931);
      ok(
        await http.put('/api/v1/contract-templates/LNK', u.operator, {
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

    /**
     * A draft order of C00001, made after the rule: 제조위탁 하도급 — one for the whole suite (a PR, an RFQ and its
     * award each time would only slow it): the contracts below are each their own.
     */
    let subconPoNo: string | null = null;
    async function subconPo(): Promise<string> {
      if (subconPoNo) return subconPoNo;
      const rfq = await awardedRfq(flow(), 'C00001');
      const po = ok(
        await http.post('/api/v1/pos', u.operator, { rfqNo: rfq.rfqNo, rfqVersion: rfq.version, dueDate: day(20) }),
      );
      expect(po.subconKind).toBe('MANUFACTURE');
      subconPoNo = po.poNo as string;
      return subconPoNo;
    }

    /** A draft contract (₩2,000,000 + VAT, 180 days) on the order, or on nothing. */
    async function draft(extra: Record<string, unknown> = {}) {
      const created = ok(
        await http.post('/api/v1/contracts', u.operator, {
          templateNo: 'LNK',
          compNo: 'C00001',
          title: '강판 가공품 공급',
          supplyAmount: '2000000',
          vatAmount: '200000',
          startDate: day(0),
          endDate: day(179),
          signDeadline: addDays(kstToday(), 14),
          buyerSignerId: 'operator',
          ...extra,
        }),
      );
      return detail(created.contractNo as string);
    }

    const clause = (overrides: Record<string, unknown> = {}) => ({
      linkageKind: 'LINKED',
      linkageMaterial: '열연강판',
      linkageSharePct: '10',
      linkageIndexCode: 'STEEL_HRC',
      linkageBaseDate: day(-1),
      linkageBaseValue: '125.5',
      linkageCompareBasis: 'MONTH_AVG',
      linkageComparePeriodMonths: 1,
      linkageTriggerPct: '10',
      linkageFormulaNote: '변경 단가 = 기준 단가 × (1 + 비중 × 변동률)',
      ...overrides,
    });
    const setLinkage = (c: Record<string, unknown>, b: Record<string, unknown>, who = u.operator) =>
      http.put(`/api/v1/contracts/${String(c.contractNo)}/linkage`, who, { version: c.version, ...b });
    const details = (r: { body: unknown }) => (r.body as { details: Array<{ path: string; message: string }> }).details;
    const draftText = async (no: string) =>
      (await readPdf((await http.get(`/api/v1/contracts/${no}/document/draft`, u.operator)).res.rawPayload)).text.join(
        '\n',
      );

    it('a contract of a 하도급 order is not submitted without an answer; one on no order goes without', async () => {
      const poNo = await subconPo();
      const c = await draft({ sourceKind: 'PO', sourceNo: poNo });
      expect(c).toMatchObject({ subconKind: 'MANUFACTURE', linkageKind: null, linkageCopiedFromKind: null });
      const bad = await http.post(`/api/v1/contracts/${c.contractNo}/submit`, u.operator, { version: c.version });
      expectError(bad, 400, 'VALIDATION');
      expect((bad.body as { msg: string }).msg).toBe(MISSING);
      expect((await detail(c.contractNo)).status).toBe('DRAFT');

      const plain = await draft();
      expect(plain.subconKind).toBeNull();
      const sent = ok(
        await http.post(`/api/v1/contracts/${plain.contractNo}/submit`, u.operator, { version: plain.version }),
      );
      expect(sent.status).toBe('IN_APPROVAL');
    });

    it('takes a 10 % share and a 10 % trigger; refuses 9.999 %, a trigger of 0 or 10.01 %, an index out of use, field by field', async () => {
      const c = await draft({ sourceKind: 'PO', sourceNo: await subconPo() });
      const linked = ok(await setLinkage(c, clause()));
      expect(linked).toMatchObject({
        linkageKind: 'LINKED',
        linkageMaterial: '열연강판',
        linkageIndexCode: 'STEEL_HRC',
        linkageIndexName: '열연강판 가격지수',
        linkageBaseDate: day(-1),
        linkageCompareBasis: 'MONTH_AVG',
        linkageComparePeriodMonths: 1,
        linkageExceptionType: null,
        version: c.version + 1,
      });
      expect(Number(linked.linkageSharePct)).toBe(10);
      expect(Number(linked.linkageTriggerPct)).toBe(10);

      const share = await setLinkage(linked, clause({ linkageSharePct: '9.999' }));
      expectError(share, 400, 'VALIDATION');
      expect(details(share)).toEqual([
        { path: 'body/linkageSharePct', message: '주요 원재료 비중은 10% 이상 100% 이하여야 합니다' },
      ]);
      for (const linkageTriggerPct of ['0', '10.01']) {
        const trigger = await setLinkage(linked, clause({ linkageTriggerPct }));
        expectError(trigger, 400, 'VALIDATION');
        expect(details(trigger)).toEqual([
          { path: 'body/linkageTriggerPct', message: '조정요건(변동률)은 0%보다 크고 10% 이하여야 합니다' },
        ]);
      }
      const index = await setLinkage(linked, clause({ linkageIndexCode: 'OLD_CU' }));
      expectError(index, 400, 'VALIDATION');
      expect(details(index)).toEqual([
        { path: 'body/linkageIndexCode', message: '사용 중인 기준 지표가 아닙니다: OLD_CU' },
      ]);
      const many = await setLinkage(
        linked,
        clause({ linkageMaterial: ' ', linkageCompareBasis: 'WEEK', linkageComparePeriodMonths: 13 }),
      );
      expectError(many, 400, 'VALIDATION');
      expect(details(many).map((d) => d.path)).toEqual([
        'body/linkageMaterial',
        'body/linkageCompareBasis',
        'body/linkageComparePeriodMonths',
      ]);
      // Nothing of the refused answers was kept.
      expect(await detail(c.contractNo)).toMatchObject({ linkageKind: 'LINKED', version: linked.version });
    });

    it('a 미연동 exception is checked against the contract’s own amount and period', async () => {
      const poNo = await subconPo();
      const c = await draft({ sourceKind: 'PO', sourceNo: poNo });
      const small = ok(
        await setLinkage(c, { linkageKind: 'NOT_LINKED', linkageExceptionType: 'SMALL_AMOUNT', linkageReason: '소액' }),
      );
      expect(small).toMatchObject({
        linkageKind: 'NOT_LINKED',
        linkageExceptionType: 'SMALL_AMOUNT',
        linkageReason: '소액',
      });
      // 180 days is not 단기; a reason is asked.
      const long = await setLinkage(small, { linkageKind: 'NOT_LINKED', linkageExceptionType: 'SHORT_TERM' });
      expectError(long, 400, 'VALIDATION');
      expect(details(long)).toEqual([
        { path: 'body/linkageExceptionType', message: '단기 예외는 계약기간 90일 이내에만 적용됩니다' },
        { path: 'body/linkageReason', message: '미연동 사유를 입력하세요' },
      ]);
      // Over ₩100,000,000 is not 소액; without an end date, 단기 cannot be shown.
      const big = await draft({ sourceKind: 'PO', sourceNo: poNo, supplyAmount: '100000001', vatAmount: '10000000' });
      const bigSmall = await setLinkage(big, {
        linkageKind: 'NOT_LINKED',
        linkageExceptionType: 'SMALL_AMOUNT',
        linkageReason: '소액',
      });
      expectError(bigSmall, 400, 'VALIDATION');
      expect(details(bigSmall)).toEqual([
        { path: 'body/linkageExceptionType', message: '소액 예외는 납품대금 1억 원 이하에만 적용됩니다' },
      ]);
      const open = await draft({ sourceKind: 'PO', sourceNo: poNo, endDate: null });
      const openShort = await setLinkage(open, {
        linkageKind: 'NOT_LINKED',
        linkageExceptionType: 'SHORT_TERM',
        linkageReason: '단기',
      });
      expectError(openShort, 400, 'VALIDATION');
      expect(details(openShort)).toEqual([
        { path: 'body/linkageExceptionType', message: '단기 예외는 계약 시작일과 종료일이 정해진 계약에만 적용됩니다' },
      ]);
      // Exactly ₩100,000,000 is 소액, and the contract may then go.
      const edge = await draft({ sourceKind: 'PO', sourceNo: poNo, supplyAmount: '100000000', vatAmount: '10000000' });
      const answered = ok(
        await setLinkage(edge, {
          linkageKind: 'NOT_LINKED',
          linkageExceptionType: 'SMALL_AMOUNT',
          linkageReason: '소액',
        }),
      );
      expect(
        ok(await http.post(`/api/v1/contracts/${edge.contractNo}/submit`, u.operator, { version: answered.version }))
          .status,
      ).toBe('IN_APPROVAL');
    });

    it('the draft’s PDF is rendered again with the answer, and its chain keeps each copy’s hash', async () => {
      const c = await draft({ sourceKind: 'PO', sourceNo: await subconPo() });
      expect(await draftText(c.contractNo)).not.toContain('납품대금 연동');
      const linked = ok(await setLinkage(c, clause({ linkageSharePct: '12.5', linkageTriggerPct: '5' })));
      expect(linked.documentSha).not.toBe(c.documentSha);
      const text = await draftText(c.contractNo);
      expect(text).toContain('납품대금 연동 약정 (상생협력법 제21조)');
      expect(text).toContain('주요 원재료: 열연강판 (납품대금 중 비중 12.5%)');
      expect(text).toContain('기준 지표: 열연강판 가격지수 (STEEL_HRC)');
      expect(text).toContain('기준시점 지표값: 125.5');
      expect(text).toContain('5% 이상');
      const set = linked.events.filter((e: { kind: string }) => e.kind === 'LINKAGE_SET');
      expect(set).toHaveLength(1);
      expect(set[0].docSha).toBe(linked.documentSha);

      const notLinked = ok(
        await setLinkage(linked, {
          linkageKind: 'NOT_LINKED',
          linkageExceptionType: 'AGREED_NONE',
          linkageReason: '원재료 가격 변동이 적은 품목',
        }),
      );
      const again = await draftText(c.contractNo);
      expect(again).toContain('납품대금 미연동 합의 (상생협력법 제21조)');
      expect(again).toContain('미연동 사유: 원재료 가격 변동이 적은 품목');
      expect(again).not.toContain('납품대금 연동 약정');
      expect(notLinked.events.filter((e: { kind: string }) => e.kind === 'LINKAGE_SET')).toHaveLength(2);
      expect(ok(await http.get(`/api/v1/contracts/${c.contractNo}/verify`, u.operator)).ok).toBe(true);
    });

    it('403 for a supplier and a reader, 409 for a stale version and past the draft', async () => {
      const c = await draft({ sourceKind: 'PO', sourceNo: await subconPo() });
      expect((await setLinkage(c, clause(), u.supplier1)).status).toBe(403);
      expect((await setLinkage(c, clause(), u.monitor)).status).toBe(403);
      const linked = ok(await setLinkage(c, clause()));
      expectError(await setLinkage(c, clause()), 409, 'VERSION_CONFLICT');
      const submitted = ok(
        await http.post(`/api/v1/contracts/${c.contractNo}/submit`, u.operator, { version: linked.version }),
      );
      expect(submitted.status).toBe('IN_APPROVAL');
      const late = await setLinkage(submitted, clause({ linkageTriggerPct: '3' }));
      expectError(late, 409, 'INVALID_STATE');
      expect((await detail(c.contractNo)).linkageTriggerPct).toMatch(/^10(\.0+)?$/);
    });

    it('once executed the answer is frozen in the database; the supplier reads its own, another company nothing', async () => {
      const c = await draft({ sourceKind: 'PO', sourceNo: await subconPo() });
      const linked = ok(await setLinkage(c, clause()));
      const sent = await steps().submitAndApprove(c.contractNo, linked.version);
      expect(sent.status).toBe('SENT');
      ok(await steps().supplierSigns(c.contractNo));
      await steps().buyerViews(c.contractNo);
      ok(await steps().buyerSignsViewed(c.contractNo));
      const executed = await detail(c.contractNo);
      expect(executed).toMatchObject({ status: 'EXECUTED', linkageKind: 'LINKED' });

      expectError(await setLinkage(executed, clause({ linkageTriggerPct: '3' })), 409, 'INVALID_STATE');
      await expect(
        sql`update econtract_linkage set trigger_pct = 3 where contract_no = ${c.contractNo}`.execute(t.db.db),
      ).rejects.toThrow(/does not change/);
      await expect(
        sql`delete from econtract_linkage where contract_no = ${c.contractNo}`.execute(t.db.db),
      ).rejects.toThrow(/does not change/);
      await expect(
        sql`update econtract_document set size_bytes = size_bytes where contract_no = ${c.contractNo}`.execute(t.db.db),
      ).rejects.toThrow(/append-only/);

      const mine = ok(await http.get(`/api/v1/cyber/contracts/${c.contractNo}`, u.supplier1));
      expect(mine).toMatchObject({ linkageKind: 'LINKED', linkageMaterial: '열연강판', subconKind: 'MANUFACTURE' });
      expect((await http.get(`/api/v1/cyber/contracts/${c.contractNo}`, u.supplier2)).status).toBe(404);
      const executedPdf = await http.get(`/api/v1/cyber/contracts/${c.contractNo}/document/executed`, u.supplier1);
      expect((await readPdf(executedPdf.res.rawPayload)).text.join('\n')).toContain(
        '납품대금 연동 약정 (상생협력법 제21조)',
      );

      // An amendment starts with its original's answer, printed, and may change it while a draft; drawn again, its
      // PDF still states the change of the order it agrees.
      const amendment = ok(
        await http.post(`/api/v1/contracts/${c.contractNo}/amendments`, u.operator, {
          title: '강판 가공품 공급 (변경)',
          supplyAmount: '2000000',
          vatAmount: '200000',
          startDate: day(0),
          endDate: day(179),
          signDeadline: addDays(kstToday(), 14),
          buyerSignerId: 'operator',
          sourceChange: { dueDate: day(30) },
        }),
      );
      const orderChange = `발주 ${String(c.sourceNo)} 변경 내용 (이 변경계약의 체결로 적용)`;
      const amended = await detail(amendment.contractNo);
      expect(amended).toMatchObject({
        linkageKind: 'LINKED',
        linkageCopiedFromKind: 'CONTRACT',
        linkageCopiedFromNo: c.contractNo,
      });
      const first = await draftText(amendment.contractNo);
      expect(first).toContain('납품대금 연동 약정 (상생협력법 제21조)');
      expect(first).toContain(orderChange);
      const changed = ok(await setLinkage(amended, clause({ linkageTriggerPct: '3' })));
      expect(changed).toMatchObject({ linkageCopiedFromKind: null, linkageCopiedFromNo: null });
      expect(Number(changed.linkageTriggerPct)).toBe(3);
      const again = await draftText(amendment.contractNo);
      expect(again).toContain('3% 이상');
      expect(again).toContain(orderChange);
      expect(again).toContain(`납기일: `);
      // The original still says 10 %.
      expect(Number((await detail(c.contractNo)).linkageTriggerPct)).toBe(10);
    });

    it('a contract on a call-off starts with the answer of the agreement it calls off, and may be submitted on it', async () => {
      const a = ok(
        await http.post('/api/v1/agreements', u.operator, {
          compNo: 'C00001',
          title: '강판 단가계약',
          currency: 'KRW',
          validFrom: day(0),
          validTo: day(150),
          ceilingAmount: null,
          callOffPolicy: 'REFUSE',
          lines: [{ itemCode: 'MRO0101-0001', unitPrice: '1000', agreedQty: '100' }],
        }),
      );
      const answered = ok(
        await http.put(`/api/v1/agreements/${a.agreementNo}/linkage`, u.operator, {
          version: a.version,
          ...clause({ linkageSharePct: '40', linkageTriggerPct: '5', linkageCompareBasis: 'DAY' }),
        }),
      );
      let approval = ok(
        await http.post(`/api/v1/agreements/${a.agreementNo}/submit`, u.operator, { version: answered.version }),
      ).approvals.at(-1);
      while (approval.status === 'PENDING' || approval.status === 'IN_PROGRESS') {
        const step = (approval.steps as Array<{ status: string; approverId: string }>).find(
          (s) => s.status === 'PENDING',
        )!;
        const by = step.approverId === 'E000006' ? u.uadmin1 : u.opadmin;
        approval = ok(
          await http.post(`/api/v1/approvals/${approval.approvalId}/approve`, by, { version: approval.version }),
        ).approval;
      }
      const po = ok(
        await http.post(`/api/v1/agreements/${a.agreementNo}/call-offs`, u.operator, {
          dueDate: day(45),
          lines: [{ agreementLineNo: 1, quantity: '10' }],
        }),
      );
      const c = await draft({ sourceKind: 'PO', sourceNo: po.poNo });
      expect(c).toMatchObject({
        subconKind: 'MANUFACTURE',
        linkageKind: 'LINKED',
        linkageMaterial: '열연강판',
        linkageCompareBasis: 'DAY',
        linkageCopiedFromKind: 'AGREEMENT',
        linkageCopiedFromNo: a.agreementNo,
      });
      expect(Number(c.linkageSharePct)).toBe(40);
      expect(await draftText(c.contractNo)).toContain('주요 원재료: 열연강판 (납품대금 중 비중 40%)');
      expect(
        ok(await http.post(`/api/v1/contracts/${c.contractNo}/submit`, u.operator, { version: c.version })).status,
      ).toBe('IN_APPROVAL');
    });
  },
);
