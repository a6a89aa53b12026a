import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eLane } from './helpers/lane';
import { apiLogin, pageSession, unexpected } from './helpers/auth';
import { axeViolations, blocking, describeFindings } from './helpers/axe';
import { launchBrowser, screenshot } from './helpers/browser';
import { serverNow } from './helpers/clock';
import { LoginTabs } from './helpers/tabs';
import { amount, confirm, expectField, fieldText, gridRows, koreanDate, poll, succeeded } from './helpers/screen';

/**
 * 하도급 in the browser (docs/subcontracting.md): a rule makes C00002's orders 제조위탁; a simple order to it,
 * approved, is refused at 전송 with the Act's message until its buyer records the paper contract from the order's
 * screen, and then goes; once delivered and received, the supplier sees the line's 검사 기한 and 지급 기한 on its
 * delivery at /cyber. A second order, received 62 days before the server's day, is settled: staff put a 감액 서면 on
 * the settlement, the supplier acknowledges it at /cyber, and once the settlement is confirmed staff record its
 * payment from the settlement's screen; the supplier then sees its 지급 기한 and the 지연이자 of two late days. The
 * rule list, the compliance view and the rate table are opened and checked with axe. The rule is removed at the
 * end, so that the lane's other journeys make ordinary orders to C00002.
 */
describe('subcontracting journey: 전송 refused until a paper contract, then the clocks to the supplier', () => {
  const baseURL = e2eLane().baseUrl;
  const stamp = Number(new Date().toISOString().replace(/\D/g, '').slice(8, 14));
  const doc = { ruleId: 0, ruleVersion: 0, poNo: '', deliveryNo: '', receivedOn: '', settleNo: '', reductionNo: '' };
  let browser: Browser;
  const tabs = new LoginTabs(() => browser, baseURL);

  /** Calls the API as an internal user (logged in through the API) or with a supplier tab's own token. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field
  async function api(user: string | { token: string }, method: string, path: string, body?: unknown): Promise<any> {
    const cyber = typeof user !== 'string';
    const token = cyber ? user.token : await apiLogin(baseURL, user);
    const res = await fetch(`${baseURL}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        IsCyber: cyber ? 'Y' : 'N',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = await res.json();
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(answer)}`);
    return answer;
  }

  async function noSeriousAxe(page: Page, route: string) {
    const bad = blocking((await axeViolations(page)).findings);
    expect(bad.length, describeFindings(route, bad)).toBe(0);
  }

  /** The server's day (Korean time) `days` from its today: its business clock may run ahead of this machine's. */
  async function serverDay(days: number): Promise<string> {
    return new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Asia/Seoul',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(new Date((await serverNow(baseURL)) + days * 86_400_000));
  }

  /** Submits an order and approves every step of its approval line. */
  async function approved(po: { poNo: string; version: number }) {
    let approval = (
      await api('operator', 'POST', `/api/v1/pos/${po.poNo}/submit`, { version: po.version })
    ).approvals.at(-1);
    while (approval.status === 'PENDING' || approval.status === 'IN_PROGRESS') {
      const step = approval.steps.find((s: { status: string }) => s.status === 'PENDING');
      const who = step.approverId === 'E000006' ? 'uadmin1' : 'opadmin';
      approval = (
        await api(who, 'POST', `/api/v1/approvals/${approval.approvalId}/approve`, { version: approval.version })
      ).approval;
    }
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    const rule = await api('tfadmin', 'POST', '/api/v1/subcon/rules', {
      matchKind: 'COMP_NO',
      matchValue: 'C00002',
      subconKind: 'MANUFACTURE',
      remark: `하도급 여정 ${stamp}`,
    });
    [doc.ruleId, doc.ruleVersion] = [rule.ruleId, rule.version];
    const po = await api('operator', 'POST', '/api/v1/simple-orders', {
      compNo: 'C00002',
      title: `하도급 여정 ${stamp}`,
      currency: 'KRW',
      dueDate: koreanDate(10),
      lines: [{ itemName: `가공 부품 ${stamp}`, unitCode: 'EA', quantity: '3', unitPrice: '1000' }],
    });
    doc.poNo = po.poNo;
    expect(po.subconKind).toBe('MANUFACTURE');
    await approved(po);
  }, 120_000);

  afterAll(async () => {
    if (doc.ruleId) await api('tfadmin', 'DELETE', `/api/v1/subcon/rules/${doc.ruleId}?version=${doc.ruleVersion}`);
    await tabs.closeAll();
    await browser?.close();
  });

  it(
    '전송 is refused without a written contract; 서면 계약 등록 on the order, then 전송 goes',
    { timeout: 180_000 },
    async () => {
      const { page, problems } = await tabs.as(
        'internal',
        'operator',
        `/SimpleOrderEdit?poNo=${encodeURIComponent(doc.poNo)}`,
      );
      await expectField(page, 'poNo', doc.poNo);
      await expectField(page, 'subconKind', '제조위탁');
      await expectField(page, 'status', '결재완료');
      await page.getByRole('button', { name: '발주 전송', exact: true }).click();
      await confirm(page, /전송 처리하시겠습니까/);
      await page.getByRole('alertdialog').filter({ hasText: '하도급법 제3조' }).waitFor();
      await screenshot(page, 'subcon-01-send-refused');
      await page.getByRole('alertdialog').getByRole('button', { name: '확인', exact: true }).click();

      await page.getByRole('button', { name: '서면 계약 등록', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: '서면 계약 등록' });
      await dialog.waitFor();
      await dialog.getByLabel('서면 계약 참조(보관 위치·번호)').fill(`계약서 보관함 ${stamp}`);
      await noSeriousAxe(page, 'subcontracting.paperContract');
      await screenshot(page, 'subcon-02-paper-contract');
      await dialog.getByRole('button', { name: '서면 계약 등록', exact: true }).click();
      await confirm(page, /저장|등록/).catch(() => undefined);
      await succeeded(page, '서면 계약을 등록했습니다');
      await expectField(page, 'writtenContractKind', '서면 계약');
      await expectField(page, 'writtenContractReference', `계약서 보관함 ${stamp}`);
      await noSeriousAxe(page, '/SimpleOrderEdit');

      await page.getByRole('button', { name: '발주 전송', exact: true }).click();
      await confirm(page, /전송 처리하시겠습니까/);
      await poll(async () => (await api('operator', 'GET', `/api/v1/pos/${doc.poNo}`)).status).toBe('SENT');
      await screenshot(page, 'subcon-03-sent');
      // The one refusal the journey asks for (전송 before the contract) is the only 409 the browser logs.
      expect(problems.filter((p) => /status of 409/.test(p))).toHaveLength(1);
      expect(unexpected(problems).filter((p) => !/status of 409/.test(p))).toEqual([]);
    },
  );

  it('the supplier sees its line’s 검사 기한 and 지급 기한 on its delivery', { timeout: 180_000 }, async () => {
    // The supplier logs in on its portal (the one-time code included) and acts with its tab's own token.
    const { page, problems } = await tabs.as('external', 'supplier2');
    const supplier = { token: (await pageSession(page)).accessToken };
    const po = await api(supplier, 'GET', `/api/v1/cyber/pos/${doc.poNo}`);
    await api(supplier, 'POST', `/api/v1/cyber/pos/${doc.poNo}/acknowledge`, { version: po.version });
    doc.receivedOn = koreanDate(0);
    const d = await api(supplier, 'POST', '/api/v1/cyber/deliveries', {
      poNo: doc.poNo,
      deliveryDate: doc.receivedOn,
      lines: [{ poLineNo: 1, quantity: '3' }],
    });
    doc.deliveryNo = d.delivery.deliveryNo;
    await api('operator', 'POST', `/api/v1/deliveries/${doc.deliveryNo}/receive`, {
      version: d.delivery.version,
      expenses: 'MATERIAL',
      whReqDate: doc.receivedOn,
    });
    await tabs.as('external', 'supplier2', `/cyber/deliverEdit?deliveryNo=${encodeURIComponent(doc.deliveryNo)}`);
    const clocks = page.getByRole('region', { name: /하도급 기한/ });
    await poll(async () => (await gridRows(clocks)).map((r) => r.join('|')), 30_000).toEqual([
      expect.stringMatching(
        new RegExp(`제조위탁\\|${doc.receivedOn}\\|${koreanDate(10)}\\|검사 중\\|\\|${koreanDate(60)}`),
      ),
    ]);
    await noSeriousAxe(page, '/cyber/deliverEdit');
    await screenshot(page, 'subcon-04-supplier-clocks');
    expect(unexpected(problems)).toEqual([]);
  });

  it(
    'a late-paid settlement: 감액 서면 written and acknowledged, payment recorded, the supplier sees its 지연이자',
    { timeout: 300_000 },
    async () => {
      // An order received 62 days before the server's day: its day 60 has passed, so paying today owes two days.
      const receivedOn = await serverDay(-62);
      let po = await api('operator', 'POST', '/api/v1/simple-orders', {
        compNo: 'C00002',
        title: `하도급 지연 지급 ${stamp}`,
        currency: 'KRW',
        dueDate: koreanDate(10),
        lines: [{ itemName: `가공 부품 지연 ${stamp}`, unitCode: 'EA', quantity: '4', unitPrice: '1000000' }],
      });
      await approved(po);
      po = await api('operator', 'GET', `/api/v1/pos/${po.poNo}`);
      po = await api('operator', 'POST', `/api/v1/pos/${po.poNo}/paper-contract`, {
        version: po.version,
        contractDate: receivedOn,
        reference: `계약서 보관함 지연 ${stamp}`,
      });
      po = await api('operator', 'GET', `/api/v1/pos/${po.poNo}`);
      if (po.status !== 'SENT') await api('operator', 'POST', `/api/v1/pos/${po.poNo}/send`, { version: po.version });
      const sup = await tabs.as('external', 'supplier2');
      const supplier = { token: (await pageSession(sup.page)).accessToken };
      const cyberPo = await api(supplier, 'GET', `/api/v1/cyber/pos/${po.poNo}`);
      await api(supplier, 'POST', `/api/v1/cyber/pos/${po.poNo}/acknowledge`, { version: cyberPo.version });
      const d = await api(supplier, 'POST', '/api/v1/cyber/deliveries', {
        poNo: po.poNo,
        deliveryDate: receivedOn,
        lines: [{ poLineNo: 1, quantity: '4' }],
      });
      let r = (
        await api('operator', 'POST', `/api/v1/deliveries/${d.delivery.deliveryNo}/receive`, {
          version: d.delivery.version,
          expenses: 'MATERIAL',
          whReqDate: receivedOn,
        })
      ).receipt;
      r = (await api('opadmin', 'POST', `/api/v1/warehousing/${r.whReqNo}/approve`, { version: r.version })).receipt;
      await api('operator', 'POST', `/api/v1/warehousing/${r.whReqNo}/decide`, { version: r.version });
      const period = (await serverDay(0)).slice(0, 7).replace('-', '');
      await api('operator', 'POST', '/api/v1/settlements/build', { period, compNo: 'C00002' });
      const list = await api(
        'operator',
        'GET',
        `/api/v1/settlements?compNo=C00002&periods=${period}&periods=${period}`,
      );
      expect(list.rows.map((x: { status: string }) => x.status)).toEqual(['DRAFT']);
      doc.settleNo = list.rows[0].settleNo;

      // Staff: the settlement shows its payment side; 감액 서면 작성 puts a 서면 to the supplier.
      const staff = await tabs.as('internal', 'operator', `/monthlyCalcADetail?settleNo=${doc.settleNo}`);
      await expectField(staff.page, 'subcon_paymentDue', await serverDay(-2));
      await expectField(staff.page, 'subcon_subconKind', '제조위탁');
      await staff.page.getByRole('button', { name: '감액 서면 작성', exact: true }).click();
      const letter = staff.page.getByRole('dialog', { name: '감액 서면 작성' });
      await letter.waitFor();
      await letter.getByLabel('감액 금액').fill('10000');
      await letter.getByLabel('감액 사유').fill(`도장 불량 1건 차감 ${stamp}`);
      await noSeriousAxe(staff.page, 'createReduction prompt');
      await letter.getByRole('button', { name: '확인', exact: true }).click();
      await succeeded(staff.page, /감액 서면 RD.+(을|를) 협력사에 보냈습니다/);
      const reductions = staff.page.getByRole('region', { name: /감액 서면/ });
      await poll(async () => (await gridRows(reductions)).map((x) => x.join('|'))).toEqual([
        expect.stringMatching(/^RD.+\|10,000\|도장 불량 1건 차감 .+\|확인 대기/),
      ]);
      doc.reductionNo = (await gridRows(reductions))[0][0];
      await noSeriousAxe(staff.page, '/monthlyCalcADetail');
      await screenshot(staff.page, 'subcon-07-reduction-written');

      // The supplier reads its 서면 and acknowledges it.
      await tabs.as('external', 'supplier2', '/cyber/myReductionList');
      await sup.page.getByRole('button', { name: '조회', exact: true }).click();
      await poll(async () =>
        (await gridRows(sup.page.getByTestId('list-grid'))).map((x) => x.join('|')),
      ).toContainEqual(expect.stringContaining(doc.reductionNo));
      await noSeriousAxe(sup.page, '/cyber/myReductionList');
      await tabs.as('external', 'supplier2', `/cyber/myReductionDetail?reductionNo=${doc.reductionNo}`);
      await expectField(sup.page, 'status', '확인 대기');
      await noSeriousAxe(sup.page, '/cyber/myReductionDetail');
      await sup.page.getByRole('button', { name: '감액 서면 확인', exact: true }).click();
      await confirm(sup.page, /감액 서면의 사유와 금액을 확인하시겠습니까/);
      await succeeded(sup.page, '감액 서면을 확인했습니다');
      await expectField(sup.page, 'status', '확인 완료');
      await screenshot(sup.page, 'subcon-08-reduction-acknowledged');

      // Confirmed by the supplier, the settlement is paid: 지급 기록 on the staff screen.
      const s = await api('operator', 'GET', `/api/v1/settlements/${doc.settleNo}`);
      const asked = await api('operator', 'POST', `/api/v1/settlements/${doc.settleNo}/request-confirm`, {
        version: s.settlement.version,
      });
      await api(supplier, 'POST', `/api/v1/cyber/settlements/${doc.settleNo}/confirm`, {
        version: asked.settlement.version,
      });
      await tabs.as('internal', 'operator', `/monthlyCalcADetail?settleNo=${doc.settleNo}`);
      await expectField(staff.page, 'status', '협력사확인');
      await staff.page.getByRole('button', { name: '지급 기록', exact: true }).click();
      const pay = staff.page.getByRole('dialog', { name: '지급 기록' });
      await pay.waitFor();
      await pay.getByLabel('지급일').fill(await serverDay(0));
      await pay.getByRole('radio', { name: '현금', exact: true }).check();
      await noSeriousAxe(staff.page, 'recordPayment prompt');
      await pay.getByRole('button', { name: '확인', exact: true }).click();
      await succeeded(staff.page, '지급을 기록했습니다');
      const paid = (await api('operator', 'GET', `/api/v1/settlements/${doc.settleNo}`)).subcon;
      expect(paid).toMatchObject({ paid: true, paymentMethod: 'CASH', daysLate: 2 });
      expect(Number(paid.lateInterest)).toBeGreaterThan(0);
      await expectField(staff.page, 'subcon_paymentMethod', '현금');
      await poll(async () => amount(await fieldText(staff.page, 'subcon_lateInterest'))).toBe(
        Number(paid.lateInterest),
      );
      await screenshot(staff.page, 'subcon-09-paid');

      // The supplier sees the 지급 기한 and the 지연이자 on its settlement.
      await tabs.as('external', 'supplier2', `/cyber/monthlyCalcDetail?settleNo=${doc.settleNo}`);
      await expectField(sup.page, 'subcon_paymentDue', await serverDay(-2));
      await expectField(sup.page, 'subcon_daysLate', '2');
      await poll(async () => amount(await fieldText(sup.page, 'subcon_lateInterest'))).toBe(Number(paid.lateInterest));
      await noSeriousAxe(sup.page, '/cyber/monthlyCalcDetail');
      await screenshot(sup.page, 'subcon-10-supplier-interest');
      expect(unexpected(staff.problems)).toEqual([]);
      expect(unexpected(sup.problems)).toEqual([]);
    },
  );

  it('the rule list and the compliance view open without serious axe findings', { timeout: 120_000 }, async () => {
    const { page, problems } = await tabs.as('internal', 'tfadmin', '/subconRuleManage');
    await page.getByRole('button', { name: '조회', exact: true }).click();
    await poll(async () => (await gridRows(page.getByTestId('list-grid'))).map((r) => r.join('|'))).toContainEqual(
      expect.stringContaining(`하도급 여정 ${stamp}`),
    );
    await noSeriousAxe(page, '/subconRuleManage');
    await screenshot(page, 'subcon-05-rules');
    const rules = await tabs.as('internal', 'tfadmin', '/subconCompliance');
    await rules.page.getByRole('button', { name: '조회', exact: true }).click();
    await rules.page.getByTestId('list-total').waitFor();
    await noSeriousAxe(rules.page, '/subconCompliance');
    await screenshot(rules.page, 'subcon-06-compliance');
    const rates = await tabs.as('internal', 'tfadmin', '/subconRateManage');
    await poll(async () =>
      (await gridRows(rates.page.getByTestId('list-grid'))).map((x) => x.join('|')),
    ).toContainEqual(expect.stringMatching(/지연이자율\|2015-07-01\|15\.5/));
    await noSeriousAxe(rates.page, '/subconRateManage');
    await screenshot(rates.page, 'subcon-11-rates');
    expect(unexpected(problems)).toEqual([]);
  });
});
