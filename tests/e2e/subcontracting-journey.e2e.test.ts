import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eLane } from './helpers/lane';
import { apiLogin, pageSession, unexpected } from './helpers/auth';
import { axeViolations, blocking, describeFindings } from './helpers/axe';
import { launchBrowser, screenshot } from './helpers/browser';
import { LoginTabs } from './helpers/tabs';
import { confirm, expectField, gridRows, koreanDate, poll, succeeded } from './helpers/screen';

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
