import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eLane } from './helpers/lane';
import { apiLogin, nextOtp, outboxMark, unexpected } from './helpers/auth';
import { launchBrowser, screenshot } from './helpers/browser';
import { LoginTabs } from './helpers/tabs';
import { axeViolations, blocking, describeFindings } from './helpers/axe';
import { confirm, expectField, fieldText, koreanDate, succeeded } from './helpers/screen';
import {
  approvePr,
  awardQuote,
  orderFromAward,
  receivePr,
  requestQuotes,
  submitQuote,
  writeAndSubmitPr,
} from './helpers/purchasing';
import { visit } from './helpers/in-app';

/**
 * Electronic contracts in the browser (docs/contracts.md), on the shared browser-test server, from an
 * award made in the journey: the requester (buyer) writes a PR, its approver (uadmin1) approves it,
 * purchasing (operator) receives it and asks supplier1 alone to quote, supplier1 quotes, operator
 * awards the quotation and builds the purchase order from it (the purchasing journey's steps, shared
 * in helpers/purchasing.ts) → on the order, 계약서 작성 opens 계약 작성 filled from it; operator
 * chooses the template and makes the contract → submits it → the approval rule's approver (opadmin)
 * approves it on the contract → supplier1 signs in /cyber with the one-time code from the outbox →
 * operator, the named buyer signer, signs → the executed PDF downloads and the verification page says
 * it is the executed contract, unchanged → an amendment (변경계약) of it shows its change summary and
 * the original.
 *
 * No setup by hand ("a fresh `npm start` walks the journey"): the template is the demo
 * seed's 물품공급계약서 (SUPPLY-STD, server/db/seed/contracts.ts) and the approval is the seed's
 * CONTRACT rule (전자계약 결재: opadmin, server/db/seed/purchasing.ts) — the journey only reads that
 * they are there. Each signer's 서명 stays disabled until its own 열람 of the copy to sign.
 */

/** The demo seed's supply-contract template (no stamp duty: a supply of goods is no 도급 document). */
const TEMPLATE = 'SUPPLY-STD';

/** No serious or critical WCAG 2.1 A/AA finding on the page as it is. */
async function expectAccessible(page: Page, route: string): Promise<void> {
  const bad = blocking((await axeViolations(page)).findings);
  expect(bad.length, describeFindings(route, bad)).toBe(0);
}

/**
 * 열람 on a signing screen: 서명 is disabled, saying why, until the dialog's own button opens the copy to
 * sign (recorded with its hash); closed, the screen reads the contract again and 서명 is enabled.
 */
async function openToSign(page: Page) {
  const sign = page.getByRole('button', { name: '서명', exact: true });
  await expect.poll(() => sign.isDisabled()).toBe(true);
  await page.getByText('먼저 열람하세요: 서명용 계약서를 연 뒤에 서명할 수 있습니다').waitFor();
  await page.getByRole('button', { name: '열람', exact: true }).click();
  const files = page.getByRole('dialog', { name: '계약서 내려받기' });
  await files.waitFor();
  await Promise.all([
    page.waitForEvent('download'),
    files.getByRole('button', { name: '열람 (서명용 계약서)' }).click(),
  ]);
  await files.getByText(/SHA-256 [0-9a-f]{64}/).waitFor();
  await page.keyboard.press('Escape');
  await files.waitFor({ state: 'detached' });
  await expect.poll(() => sign.isEnabled()).toBe(true);
}

describe('contract journey: PO → contract from a template → approval → both signatures → executed PDF verified', () => {
  const baseURL = e2eLane().baseUrl;
  let browser: Browser;
  const tabs = new LoginTabs(() => browser, baseURL);
  const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
  const j = {
    prNo: '',
    rfqNo: '',
    poNo: '',
    poTitle: `전자계약 여정 구매요청 ${stamp}`,
    due: koreanDate(45),
    contractNo: '',
    pdf: '',
    amendmentNo: '',
  };

  const call = async <T>(method: string, url: string, user: string, body?: unknown): Promise<T> => {
    const token = await apiLogin(baseURL, user);
    const res = await fetch(`${baseURL}${url}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        IsCyber: 'N',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    expect(res.status, `${method} ${url}: ${text}`).toBe(200);
    return JSON.parse(text) as T;
  };

  /** `user`'s tab as the last step left it, opened or moved to `at` when given (a supplier's on the external portal). */
  const as = async (user: string, at?: string): Promise<Page> =>
    (await tabs.kept(user.startsWith('supplier') ? 'external' : 'internal', user, at)).page;

  /** `user`'s tab alone: the others closed first (as the purchasing steps are run elsewhere, one page at a time). */
  async function only(user: string): Promise<Page> {
    for (const [who, tp] of [...tabs.users()])
      if (who !== user) {
        expect(unexpected(tp.problems), who).toEqual([]);
        await tabs.close(who.startsWith('supplier') ? 'external' : 'internal', who);
      }
    return as(user);
  }

  /** Runs an action that asks in a prompt: fills it and presses 확인. */
  async function promptAction(page: Page, button: string, fill: (d: ReturnType<Page['getByRole']>) => Promise<void>) {
    await page.getByRole('button', { name: button, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: button });
    await dialog.waitFor();
    await fill(dialog);
    await dialog.getByRole('button', { name: '확인', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    // Nothing is set up: the demo seed's CONTRACT approval rule is there (read, not written).
    const rules = await call<{ rows: unknown[] }>('GET', '/api/v1/approval/rules?docType=CONTRACT', 'admin');
    expect(rules.rows.length).toBeGreaterThan(0);
  }, 120_000);

  afterAll(async () => {
    await tabs.closeAll().catch(() => undefined);
    await browser?.close();
  });

  it(
    'the seeded template is there: its editor shows the text and lists the variables by meaning',
    { timeout: 120_000 },
    async () => {
      const page = await as('operator', '/contract/templateList');
      await page
        .getByTestId('list-grid')
        .locator('td', { hasText: '물품공급계약서 (표준)' })
        .first()
        .waitFor({ state: 'attached' });
      await visit(page, `/contract/templateEdit?templateNo=${TEMPLATE}`);
      await expectField(page, 'templateNo', TEMPLATE);
      const variables = page.getByRole('region', { name: '템플릿 변수' });
      await variables.getByRole('button', { name: '{{contract.date}} 계약일자' }).waitFor();
      await screenshot(page, 'contract-00-template');
      await expectAccessible(page, '/contract/templateEdit');
    },
  );

  it('operator adds a clause to the library on screen', { timeout: 120_000 }, async () => {
    const page = await as('operator', '/contract/clauseList');
    await page.getByRole('button', { name: '조항 등록', exact: true }).click();
    // A code without '_': the template's stored clauses are read through the camel-case plugin, which
    // rewrites a nested key's underscores (E2E_DELIVERY → E2EDELIVERY) — reported, not the screen's to fix.
    await page.getByLabel(/^조항 코드/).fill('DELIVERY');
    await page.getByLabel(/^조항 제목/).fill('납품');
    await page.getByLabel(/^조항 본문/).fill('제3조 (납품) 수급자는 {{source.no}}에 따라 납품한다.');
    await page.getByRole('button', { name: '저장', exact: true }).click();
    await confirm(page, /저장하시겠습니까/);
    await page.getByRole('tree', { name: '조항 라이브러리' }).getByText('납품', { exact: true }).waitFor();
    await screenshot(page, 'contract-00-clauses');
    await expectAccessible(page, '/contract/clauseList');
  });

  it(
    'the award: a PR approved, supplier1 alone asked to quote, its quotation awarded and the order built from it',
    { timeout: 360_000 },
    async () => {
      const lines = [{ name: '전자계약 여정 사출 부품', unit: 'EA', quantity: '40', unitPrice: '25000' }];
      j.prNo = await writeAndSubmitPr(await only('buyer'), {
        title: j.poTitle,
        desired: koreanDate(30),
        purpose: '전자계약 여정: 낙찰에서 계약까지',
        lines,
      });
      await approvePr(await only('uadmin1'), j.prNo, '여정 승인');
      const operator = await only('operator');
      await receivePr(operator, j.prNo);
      j.rfqNo = await requestQuotes(operator, {
        deadline: koreanDate(1),
        description: '사출 부품 단가와 납기를 알려 주세요.',
        suppliers: [{ query: 'C00001', compNo: 'C00001' }],
      });
      await submitQuote(await only('supplier1'), {
        rfqNo: j.rfqNo,
        prices: ['24000'],
        leadTimeDays: '14',
        validUntil: koreanDate(60),
      });
      // Its only invited supplier has answered: the award is allowed before the deadline.
      const buyer = await only('operator');
      await awardQuote(buyer, { prNo: j.prNo, compNo: 'C00001' });
      j.poNo = await orderFromAward(buyer, { rfqNo: j.rfqNo, dueDate: j.due, note: '전자계약 여정 발주' });
      await expectField(buyer, 'compNo', 'C00001');
      await expectField(buyer, 'title', j.poTitle);
    },
  );

  it(
    'operator makes the contract from the order’s 계약서 작성 with the template, and submits it',
    { timeout: 180_000 },
    async () => {
      const page = await as('operator', `/OrderRequestEdit?poNo=${j.poNo}`);
      await expectField(page, 'poNo', j.poNo);
      await page.getByRole('button', { name: '계약서 작성', exact: true }).click();
      await page.waitForURL(/\/contract\/contractCreate\?sourceKind=PO&sourceNo=/);
      // Filled from the order: its supplier, title and amounts (960,000 won and VAT proposed at a tenth).
      await succeeded(page, `${j.poNo}의 협력사와 금액을 채웠습니다`);
      await expect.poll(() => page.getByLabel(/^근거 번호/).inputValue()).toBe(j.poNo);
      await expect.poll(() => page.getByLabel(/^계약명/).inputValue()).toBe(j.poTitle);
      await expect.poll(() => page.getByLabel(/^공급가액/).inputValue()).toBe('960,000');
      await page.getByRole('combobox', { name: /계약서 양식/ }).selectOption(TEMPLATE);
      // The tax type is chosen on the form (과세 by default; the VAT proposed follows it).
      const taxType = page.getByRole('combobox', { name: /^과세 구분/ });
      await expect.poll(async () => (await taxType.locator('option:checked').innerText()).trim()).toBe('과세 (10%)');
      await taxType.selectOption('EXEMPT');
      await expect.poll(() => page.getByLabel(/^부가세/).inputValue()).toBe('0');
      await taxType.selectOption('TAXABLE');
      await expect.poll(() => page.getByLabel(/^부가세/).inputValue()).toBe('96,000');
      // The signer is a person, chosen by name: the logged-in operator, 김민수 (the demo has two of that name, so
      // the option adds the user id to tell them apart).
      const signer = page.getByRole('combobox', { name: /^당사 서명자/ });
      await expect
        .poll(async () => (await signer.locator('option:checked').innerText()).trim())
        .toBe('김민수 (operator)');
      await page.getByLabel(/^계약 시작일/).fill('2027-01-01');
      await page.getByLabel(/^계약 종료일/).fill('2027-12-31');
      await page.keyboard.press('Tab');
      await screenshot(page, 'contract-01-create');
      await expectAccessible(page, '/contract/contractCreate');
      await page.getByRole('button', { name: '계약서 작성', exact: true }).click();
      await confirm(page, /계약서를 작성하시겠습니까/);
      // Saved, the address is the new contract's detail: a reload opens it again.
      await page.waitForURL(/\/contract\/contractDetail\?contractNo=CT/);
      j.contractNo = new URL(page.url()).searchParams.get('contractNo')!;
      await page.reload();
      await expectField(page, 'contractNo', j.contractNo);
      await expectField(page, 'status', '작성중');
      await expectField(page, 'sourceNo', j.poNo);
      await expectField(page, 'buyerSignerName', '김민수');
      await screenshot(page, 'contract-02-detail-draft');
      await expectAccessible(page, '/contract/contractDetail');
      await page.getByRole('button', { name: '결재상신', exact: true }).click();
      await confirm(page, /결재상신하시겠습니까/);
      await succeeded(page, '결재상신했습니다');
      await expectField(page, 'status', '결재중');
      expect(await page.getByRole('button', { name: '승인', exact: true }).count()).toBe(0);
    },
  );

  it('the approver approves it on the contract: it is sent to the supplier', { timeout: 120_000 }, async () => {
    const page = await as('opadmin', `/contract/contractDetail?contractNo=${j.contractNo}`);
    await expectField(page, 'status', '결재중');
    await promptAction(page, '승인', async (d) => {
      await d.getByLabel(/승인 의견/).fill('계약 조건 확인');
    });
    await succeeded(page, '승인했습니다');
    await expectField(page, 'status', '서명 요청');
  });

  it('supplier1 signs in /cyber with the one-time code sent to it', { timeout: 180_000 }, async () => {
    const page = await as('supplier1', '/cyber/contract/contractList');
    await page.getByTestId('list-grid').locator('td', { hasText: j.contractNo }).first().waitFor({ state: 'attached' });
    await visit(page, `/cyber/contract/contractSign?contractNo=${j.contractNo}`);
    await expectField(page, 'status', '서명 요청');
    await screenshot(page, 'contract-03-supplier-sign');
    await expectAccessible(page, '/cyber/contract/contractSign');
    await openToSign(page);
    const mark = await outboxMark(baseURL);
    await page.getByRole('button', { name: '인증번호 요청', exact: true }).click();
    await succeeded(page, '인증번호를 보냈습니다');
    const code = await nextOtp(baseURL, mark);
    await promptAction(page, '서명', async (d) => {
      await d.getByLabel(/인증번호/).fill(code);
      await d.getByLabel(/전자서명에 동의합니다/).check();
    });
    await succeeded(page, '서명했습니다');
    await expectField(page, 'status', '일부 서명');
    expect(await fieldText(page, 'supplierSignedAt')).not.toBe('');
  });

  it('operator, the named signer, signs: the contract is executed', { timeout: 120_000 }, async () => {
    const page = await as('operator', `/contract/contractDetail?contractNo=${j.contractNo}`);
    await expectField(page, 'status', '일부 서명');
    await openToSign(page);
    await promptAction(page, '서명', async (d) => {
      await d.getByLabel(/전자서명에 동의합니다/).check();
    });
    await succeeded(page, '서명했습니다');
    await expectField(page, 'status', '체결');
    await screenshot(page, 'contract-04-executed');
  });

  it('the executed PDF downloads and the verification page finds it unchanged', { timeout: 120_000 }, async () => {
    const page = await as('operator');
    await page.getByRole('button', { name: '계약서 내려받기', exact: true }).click();
    const files = page.getByRole('dialog', { name: '계약서 내려받기' });
    await files.waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      files.getByRole('button', { name: '체결본 (전자서명) 내려받기' }).click(),
    ]);
    j.pdf = path.join(fs.mkdtempSync(path.join(fs.realpathSync('/tmp'), 'contract-e2e-')), 'executed.pdf');
    await download.saveAs(j.pdf);
    expect(fs.readFileSync(j.pdf).subarray(0, 5).toString()).toBe('%PDF-');
    await page.keyboard.press('Escape');
    await files.waitFor({ state: 'detached' });

    await visit(page, '/contract/contractVerify');
    await page.locator('input[type="file"]').setInputFiles(j.pdf);
    await page.getByRole('button', { name: '검증', exact: true }).click();
    const verdict = page.getByRole('status').filter({ hasText: '체결된 계약서 원본과 같습니다' });
    await verdict.waitFor();
    expect(await verdict.innerText()).toContain(`계약번호 ${j.contractNo}`);
    expect(await verdict.innerText()).toContain('전자서명(봉인)이 유효합니다');
    await screenshot(page, 'contract-05-verified');
    await expectAccessible(page, '/contract/contractVerify');
  });

  it(
    'an amendment of the executed contract records what changed and links the original',
    { timeout: 180_000 },
    async () => {
      const page = await as('operator', `/contract/contractDetail?contractNo=${j.contractNo}`);
      await expectField(page, 'status', '체결');
      await page.getByRole('button', { name: '변경계약 작성', exact: true }).click();
      await page.waitForURL(/\/contract\/contractCreate\?amends=/);
      await page.getByRole('note').filter({ hasText: j.contractNo }).waitFor();
      await expect.poll(() => page.getByLabel(/^계약 종료일/).inputValue()).toBe('2027-12-31');
      await page.getByLabel(/^계약 종료일/).fill('2028-06-30');
      await page.keyboard.press('Tab');
      // With it, the order's change it agrees: a later due date (applied to the order when executed).
      const newDue = koreanDate(60);
      const orderChange = page.getByRole('group', { name: '발주/LOI 변경 내용' });
      await expect.poll(() => orderChange.getByLabel(/^새 납기일/).inputValue()).toBe(j.due);
      await orderChange.getByLabel(/^새 납기일/).fill(newDue);
      await page.keyboard.press('Tab');
      await page.getByRole('button', { name: '변경계약서 작성', exact: true }).click();
      await confirm(page, /변경계약서를 작성하시겠습니까/);
      await page.waitForURL(/\/contract\/contractDetail\?contractNo=CT/);
      j.amendmentNo = new URL(page.url()).searchParams.get('contractNo')!;
      expect(j.amendmentNo).not.toBe(j.contractNo);
      await expectField(page, 'amendsContractNo', j.contractNo);
      const changes = page.getByRole('region', { name: '변경 내용' });
      await changes.locator('td', { hasText: '계약 종료일' }).first().waitFor({ state: 'attached' });
      // The order's agreed change, field by field: the due date before and after.
      const agreed = page.getByRole('region', { name: '발주/LOI 변경 내용' });
      await agreed.locator('td', { hasText: '발주 납기일' }).first().waitFor({ state: 'attached' });
      await agreed.locator('td', { hasText: j.due }).first().waitFor({ state: 'attached' });
      await agreed.locator('td', { hasText: newDue }).first().waitFor({ state: 'attached' });
      await screenshot(page, 'contract-06-amendment');
      await page.getByRole('button', { name: '원계약 보기', exact: true }).click();
      await expectField(page, 'contractNo', j.contractNo);
      await expectField(page, 'status', '체결');

      for (const [who, tp] of tabs.users()) expect(unexpected(tp.problems), who).toEqual([]);
    },
  );
});
