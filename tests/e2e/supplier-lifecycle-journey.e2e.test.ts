import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eLane } from './helpers/lane';
import { businessNumberCheckDigit, formatBusinessNumber } from '../../lib/business-number';
import { apiLogin, nextOtp, openLoggedIn, outboxMark, submitExternalLogin, unexpected } from './helpers/auth';
import { launchBrowser, openPage, screenshot, type TestPage } from './helpers/browser';
import { LoginTabs } from './helpers/tabs';
import { erpCalls } from './helpers/erp-control';
import {
  approvePr,
  openRfqDialog,
  pickSupplier,
  receivePr,
  requestQuotes,
  sendRfq,
  submitQuote,
  writeAndSubmitPr,
} from './helpers/purchasing';
import {
  actionIds,
  clickGridRow,
  confirm,
  expectField,
  fieldText,
  gridRows,
  koreanDate,
  label,
  poll,
  searchOne,
  succeeded,
} from './helpers/screen';
import { requestAndApproveBankChange } from './helpers/supplier-change-request';
import { visit } from './helpers/in-app';

/**
 * The supplier lifecycle in Debian's Chromium against the shared e2e server, through the
 * screens as each person would: a new company applies on the four public pages (the one-time code
 * from the dev outbox, both attachments) and gets a receipt number → staff approve its user
 * (RegisterUser) and pass its registration evaluation (compRegMngList → compRegMngDetail), which
 * creates the company → the ERP vendor application is sent once (compGerpAppList → compGerpAppEdit;
 * the fake ERP sees exactly one call, a second send is refused) → the new supplier logs in on /cyber,
 * is invited to a quotation request on a PR written, approved and received for it, and quotes → it
 * asks for a bank change and staff approve it → a status change to 거래정지 (requested by one staff
 * member, approved by another on compChangeStatusList) stops the buyer's next invitation, and the
 * buyer is told why.
 *
 * Everything it creates is its own (a fresh business number, login id, company name and PRs), so it
 * shares the one e2e server with the other journeys. API calls only read what no screen shows (the
 * outbox, the fake ERP's calls) or try what the screens no longer offer (a second ERP send).
 */

const RUN = Date.now().toString(36);
const DIGITS = String(Date.now()).slice(-8);

/** A business number nobody holds: 8 + this run's clock digits + the National Tax Service check digit. */
function freshBusinessNumber(): string {
  const first9 = `8${DIGITS}`;
  return formatBusinessNumber(`${first9}${businessNumberCheckDigit(first9)}`);
}

describe('supplier lifecycle journey: application → approval → ERP → quotation → bank change → suspension', () => {
  const baseURL = e2eLane().baseUrl;
  const erpBase = e2eLane().erpBase;
  const company = { name: `㈜여정정밀 ${RUN}`, taxNo: freshBusinessNumber(), ceo: '한여정' };
  const user = {
    id: `jr${RUN}`,
    name: '한여정',
    email: `jr${RUN}@yeojung.example`,
    cell: `010-7${DIGITS.slice(0, 3)}-${DIGITS.slice(3, 7)}`,
    password: 'Yeojung!2026',
  };
  const doc = { receiptNo: '', compNo: '', appNo: '', prA: '', prB: '', rfqNo: '' };
  const dates = { desired: koreanDate(30), deadline: koreanDate(2), validUntil: koreanDate(60) };
  const suspendReason = `품질 감사 부적합 (여정 ${RUN})`;
  let browser: Browser;
  /** The visitor's tab (the public pages, the new supplier's first login through the form). */
  let current: TestPage | undefined;
  const tabs = new LoginTabs(() => browser, baseURL);
  const files = fs.mkdtempSync(path.join(os.tmpdir(), 'gpms-lifecycle-'));
  const pdf = (name: string) => {
    const file = path.join(files, name);
    fs.writeFileSync(file, '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    return file;
  };

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await current?.context.close();
    await tabs.closeAll();
    await browser?.close();
    fs.rmSync(files, { recursive: true, force: true });
  });

  const internal = (userId: string, at?: string): Promise<TestPage> => tabs.as('internal', userId, at);

  it('a new company applies on the four public pages and gets a receipt number', async () => {
    await current?.context.close();
    current = await openPage(browser, baseURL);
    const { page, problems } = current;
    await visit(page, '/template/userApply');
    await page.getByRole('button', { name: '신청 시작' }).waitFor();
    expect(await page.getByRole('radio', { name: /신규 협력사/ }).isChecked()).toBe(true);
    await page.getByRole('button', { name: '신청 시작' }).click();
    await page.waitForURL((u) => u.pathname === '/template/ogpmsUserApply1');
    const draft = page.getByTestId('apply-draft');
    await poll(async () => (await draft.innerText()).match(/SA\d{4}-\d{6}/)?.[0] ?? '').toMatch(/^SA\d{4}-\d{6}$/);
    doc.receiptNo = (await draft.innerText()).match(/SA\d{4}-\d{6}/)![0];

    // A later step opened by its address is refused with a way back to the right one.
    await visit(page, '/template/ogpmsUserApply3');
    await page.getByRole('alert').filter({ hasText: '이전 단계를 먼저 마치세요' }).waitFor();
    await page.getByRole('button', { name: '약관 동의 단계로 이동' }).click();
    await page.waitForURL((u) => u.pathname === '/template/ogpmsUserApply1');

    // 1. Terms and privacy, both required.
    await page.getByLabel('이용약관에 동의합니다 (필수)').check();
    await page.getByLabel('개인정보 수집·이용에 동의합니다 (필수)').check();
    await screenshot(page, 'lifecycle-01-terms');
    await page.getByRole('button', { name: '다음', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/template/ogpmsUserApply2');

    // 2. The company, its certificate and bankbook copy.
    await page.getByLabel(label('사업자등록번호')).fill(company.taxNo);
    await page.getByLabel(label('상호')).fill(company.name);
    await page.getByLabel(label('영문 상호')).fill(`Yeojung Precision ${RUN}`);
    await page.getByLabel(label('대표자명')).fill(company.ceo);
    await page.getByLabel(label('전화번호')).fill('02-555-7788');
    await page.getByLabel(label('주소')).fill('서울특별시 강남구 테헤란로 7');
    await page.getByLabel(label('업태')).fill('제조업');
    await page.getByLabel(label('종목')).fill('정밀가공');
    await page.getByRole('button', { name: /공급 품목 분류/ }).click();
    await page.getByRole('group', { name: '공급 품목 분류' }).getByLabel(label('MRO 소모품')).check();
    await page.keyboard.press('Escape');
    await page.getByLabel(label('은행')).selectOption('004');
    await page.getByLabel(label('계좌번호')).fill(`123-${DIGITS.slice(0, 3)}-${DIGITS.slice(2, 8)}`);
    await page.getByLabel(label('예금주')).fill(company.name);
    await page.getByLabel(label('사업자등록증')).setInputFiles(pdf('사업자등록증.pdf'));
    await poll(() => page.getByTestId('apply-file-CERT').innerText()).toBe('사업자등록증.pdf');
    await page.getByLabel(label('통장사본')).setInputFiles(pdf('통장사본.pdf'));
    await poll(() => page.getByTestId('apply-file-BANKBOOK').innerText()).toBe('통장사본.pdf');
    await screenshot(page, 'lifecycle-02-company');
    await page.getByRole('button', { name: '다음', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/template/ogpmsUserApply3');

    // 3. The first user; the one-time code proves the cell phone.
    await page.getByLabel(label('아이디')).fill(user.id);
    await page.getByLabel(label('이름')).fill(user.name);
    await page.getByLabel(label('이메일')).fill(user.email);
    // Optional here, but without it every login asks for it (연락처 등록 안내).
    await page.getByLabel(label('전화번호')).fill('02-555-7789');
    await page.getByLabel(label('비밀번호')).fill(user.password);
    await page.getByLabel(label('비밀번호 확인')).fill(user.password);
    await page.getByLabel(label('휴대전화번호')).fill(user.cell);
    const mark = await outboxMark(baseURL);
    await page.getByRole('button', { name: '인증번호 받기' }).click();
    await page.getByRole('status').filter({ hasText: '인증번호를 보냈습니다' }).waitFor();
    await page.getByLabel(label('인증번호')).fill(await nextOtp(baseURL, mark));
    await screenshot(page, 'lifecycle-03-user');
    await page.getByRole('button', { name: '신청서 제출' }).click();
    await page.getByRole('heading', { name: '신청이 접수되었습니다' }).waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('apply-receipt').innerText()).toContain(doc.receiptNo);
    await screenshot(page, 'lifecycle-04-receipt');
    expect(unexpected(problems)).toEqual([]);
  }, 180_000);

  it('staff approve the user, and the registration evaluation passes: the company exists', async () => {
    expect(doc.receiptNo).not.toBe('');
    {
      const { page, problems } = await internal('opadmin', '/portal/ogpmsManage/RegisterUser');
      const list = await searchOne(page, '접수번호', doc.receiptNo);
      const [row] = await gridRows(list);
      expect([row[0], row[1], row[2], row[3], row[4], row[6]]).toEqual([
        doc.receiptNo,
        '신규 협력사',
        '심사중',
        '대기',
        user.id,
        company.name,
      ]);
      await clickGridRow(page, list, 0);
      await page.getByRole('button', { name: '사용자 승인' }).click();
      const prompt = page.getByRole('dialog', { name: '사용자 승인' });
      await prompt.waitFor();
      await prompt.getByLabel(label('의견')).fill('서류 확인 (여정)');
      await prompt.locator('[data-action="prompt-ok"]').click();
      await succeeded(page, '사용자를 승인했습니다.');
      // Approved, but no company nor login until the evaluation passes.
      await poll(async () => (await gridRows(list)).map((r) => [r[2], r[3]])).toEqual([['심사중', '승인']]);
      await screenshot(page, 'lifecycle-05-user-approved');
      expect(unexpected(problems)).toEqual([]);
    }
    {
      const { page, problems } = await internal('tfadmin', '/business/evaManage/compRegMngList');
      const list = await searchOne(page, '상호', company.name);
      const [row] = await gridRows(list);
      expect([row[1], row[2], row[4]]).toEqual([doc.receiptNo, company.name, '평가중']);
      await clickGridRow(page, list, 0);
      await page.waitForURL((u) => u.pathname === '/business/evaManage/compRegMngDetail');
      await expectField(page, 'receiptNo', doc.receiptNo);
      for (const item of [
        '사업자등록증 진위 확인',
        '통장사본 예금주·계좌 일치',
        '국세청 휴폐업 조회 (정상)',
        '신용평가 등급 확인',
        '품질·안전 관리 체계 확인',
      ])
        await page.getByLabel(label(item)).check();
      await page.getByLabel(label('점수')).fill('85');
      await page.getByRole('button', { name: '합격', exact: true }).click();
      await confirm(page, /합격 처리하시겠습니까/);
      await succeeded(page, '등록평가 합격 처리했습니다.');
      await expectField(page, 'status', '합격');
      await expectField(page, 'applicationStatus', '승인');
      await screenshot(page, 'lifecycle-06-evaluation-passed');
      expect(unexpected(problems)).toEqual([]);
    }
  }, 180_000);

  it('the ERP vendor application is sent once: the fake ERP sees one call, a second send is refused', async () => {
    const { page, problems } = await internal('tfadmin', '/compGerpAppList');
    const list = await searchOne(page, '업체명', company.name);
    const [row] = await gridRows(list);
    expect(row[0]).toMatch(/^GV\d{4}-\d{6}$/);
    expect(row[1]).toMatch(/^C\d{5}$/);
    expect([row[2], row[3], row[4]]).toEqual([company.name, company.taxNo, '전송대기']);
    [doc.appNo, doc.compNo] = [row[0], row[1]];
    const vendorCalls = () =>
      erpCalls(
        erpBase,
        (c) => c.path === '/erp/vendors' && (c.body as { compNo?: string } | null)?.compNo === doc.compNo,
      );
    expect(await vendorCalls()).toEqual([]);
    await clickGridRow(page, list, 0);
    await page.waitForURL((u) => u.pathname === '/compGerpAppEdit' && u.searchParams.get('appNo') === doc.appNo);
    await expectField(page, 'appNo', doc.appNo);
    await page.getByRole('button', { name: 'ERP 전송' }).click();
    await confirm(page, 'ERP 거래처로 등록합니다. 전송하시겠습니까?');
    // The success line stays a few seconds only; the state the screen reads back stays.
    await expectField(page, 'status', '등록완료');
    const calls = await vendorCalls();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ body: { appNo: doc.appNo, compNo: doc.compNo, name: company.name } });
    expect(await fieldText(page, 'erpVendorNo')).toBe(calls[0].docNo);
    // The screen offers no second send; asked all the same, the server refuses and the ERP hears nothing.
    expect(await actionIds(page)).not.toContain('send');
    await screenshot(page, 'lifecycle-07-erp-sent');
    const token = await apiLogin(baseURL, 'tfadmin');
    const headers = { Authorization: `Bearer ${token}`, IsCyber: 'N', 'content-type': 'application/json' };
    const app = (await (await fetch(`${baseURL}/api/v1/erp-vendor-apps/${doc.appNo}`, { headers })).json()) as {
      version: number;
    };
    const again = await fetch(`${baseURL}/api/v1/erp-vendor-apps/${doc.appNo}/send`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ version: app.version }),
    });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { code: string }).code).toBe('ERP_VENDOR_ALREADY_SENT');
    expect(await vendorCalls()).toHaveLength(1);
    expect(unexpected(problems).filter((p) => !/status of 409/.test(p))).toEqual([]);
  }, 180_000);

  it('a buyer writes two PRs, the approver approves them, purchasing receives them and invites the new supplier', async () => {
    expect(doc.compNo).not.toBe('');
    {
      const { page, problems } = await internal('buyer');
      const lines = [{ name: `여정 시험 베어링 ${RUN}`, unit: 'EA', quantity: '20', unitPrice: '15000' }];
      doc.prA = await writeAndSubmitPr(page, {
        title: `협력사 여정 구매요청 A ${RUN}`,
        desired: dates.desired,
        purpose: '신규 협력사 견적 (여정)',
        lines,
      });
      doc.prB = await writeAndSubmitPr(page, {
        title: `협력사 여정 구매요청 B ${RUN}`,
        desired: dates.desired,
        purpose: '거래정지 후 견적 시도 (여정)',
        lines,
      });
      expect(unexpected(problems)).toEqual([]);
    }
    {
      const { page, problems } = await internal('uadmin1');
      for (const prNo of [doc.prA, doc.prB]) await approvePr(page, prNo, '여정 승인');
      expect(unexpected(problems)).toEqual([]);
    }
    {
      const { page, problems } = await internal('operator');
      await receivePr(page, doc.prB);
      await receivePr(page, doc.prA);
      doc.rfqNo = await requestQuotes(page, {
        deadline: dates.deadline,
        description: '베어링 단가와 납기를 알려 주세요.',
        suppliers: [{ query: company.name, compNo: doc.compNo }],
      });
      const quotations = page.getByRole('region', { name: '견적 현황' });
      await poll(async () => (await gridRows(quotations)).map((r) => r.slice(0, 3))).toEqual([
        [doc.compNo, company.name, '견적요청'],
      ]);
      await screenshot(page, 'lifecycle-08-rfq-sent');
      expect(unexpected(problems)).toEqual([]);
    }
  }, 360_000);

  it('the new supplier logs in on /cyber with its own password and one-time code, and quotes', async () => {
    expect(doc.rfqNo).not.toBe('');
    await current?.context.close();
    current = await openPage(browser, baseURL);
    const { page, problems } = current;
    await visit(page, '/cyberLogin');
    await submitExternalLogin(page, baseURL, user.id, user.password);
    await page.getByRole('heading', { name: 'OGPMS 협력사 포털에 오신 것을 환영합니다' }).waitFor();
    const quoteNo = await submitQuote(page, {
      rfqNo: doc.rfqNo,
      prices: ['14200'],
      leadTimeDays: '12',
      validUntil: dates.validUntil,
    });
    expect(quoteNo).toMatch(/^QT\d{4}-\d{6}$/);
    await screenshot(page, 'lifecycle-09-quoted');
    expect(unexpected(problems)).toEqual([]);
  }, 180_000);

  it('the new supplier asks for a bank change and staff approve it', async () => {
    expect(doc.compNo).not.toBe('');
    const result = await requestAndApproveBankChange(browser, {
      baseURL,
      supplierLogin: user.id,
      supplierPassword: user.password,
      staffLogin: 'opadmin',
      shots: 'lifecycle-10-bank',
    });
    expect(result.compNo).toBe(doc.compNo);
    expect(result.masterAccount).toBe(result.newAccount);
  }, 240_000);

  it('a suspension requested and approved on compChangeStatusList stops the buyer’s next invitation, and says why', async () => {
    expect(doc.prB).not.toBe('');
    // The buyer has the PR's 견적요청 dialog open with the supplier chosen while it still trades.
    const buyer = await openLoggedIn(
      browser,
      baseURL,
      'internal',
      'operator',
      `/prConfirmEdit?prNo=${encodeURIComponent(doc.prB)}`,
    );
    try {
      const bp = buyer.page;
      await expectField(bp, 'status', '구매접수');
      const rfq = await openRfqDialog(bp, { deadline: dates.deadline, description: '거래정지 이후 견적 요청 시도' });
      expect(await pickSupplier(bp, rfq, company.name, doc.compNo)).toEqual([doc.compNo]);

      // One staff member asks for 거래정지 with a reason…
      {
        const { page, problems } = await internal('tfadmin', '/compChangeStatusList');
        await page.getByRole('button', { name: '변경요청', exact: true }).click();
        const prompt = page.getByRole('dialog', { name: '변경요청' });
        await prompt.waitFor();
        await prompt.getByLabel(label('업체번호')).fill(doc.compNo);
        await prompt.getByLabel(label('변경할 상태')).selectOption({ label: '거래정지' });
        await prompt.getByLabel(label('사유')).fill(suspendReason);
        await prompt.locator('[data-action="prompt-ok"]').click();
        await succeeded(page, '거래상태 변경을 요청했습니다.');
        expect(unexpected(problems)).toEqual([]);
      }
      // …another approves it.
      {
        const { page, problems } = await internal('opadmin', '/compChangeStatusList');
        const list = await searchOne(page, '업체번호', doc.compNo);
        const [row] = await gridRows(list);
        expect([row[1], row[2], row[3], row[4], row[5], row[6]]).toEqual([
          doc.compNo,
          company.name,
          '거래중',
          '거래정지',
          '요청',
          suspendReason,
        ]);
        await clickGridRow(page, list, 0);
        await page.getByRole('button', { name: '승인', exact: true }).click();
        const prompt = page.getByRole('dialog', { name: '승인' });
        await prompt.waitFor();
        await prompt.getByLabel(label('처리 의견')).fill('감사 결과 확인');
        await prompt.locator('[data-action="prompt-ok"]').click();
        await prompt.waitFor({ state: 'detached' });
        await poll(async () => (await gridRows(list)).map((r) => r[5])).toEqual(['승인']);
        await screenshot(page, 'lifecycle-11-suspended');
        expect(unexpected(problems)).toEqual([]);
      }

      // The buyer sends: refused, naming the supplier and the reason; nothing is requested.
      await sendRfq(bp, rfq);
      // Any alert first, then what it says: a different alert fails naming its text, not as a timeout.
      const refusal = bp.getByRole('alertdialog');
      await refusal.waitFor({ timeout: 60_000 });
      const said = await refusal.innerText();
      expect(said).toContain('거래정지 협력사에는 견적을 요청할 수 없습니다');
      expect(said).toContain(`${company.name} (${doc.compNo})`);
      expect(said).toContain(suspendReason);
      await screenshot(bp, 'lifecycle-12-invitation-refused');
      await refusal.getByRole('button', { name: '확인', exact: true }).click();
      // And the company popup no longer offers it.
      expect(await pickSupplier(bp, rfq, company.name, doc.compNo)).toEqual([]);
      await rfq.locator('[data-action="close"]').click();
      await bp.reload();
      await expectField(bp, 'status', '구매접수');
      // No request was made: the PR shows none (the field appears only once there is one).
      expect((await bp.locator('[data-field="rfqNo"]').count()) === 0 || (await fieldText(bp, 'rfqNo')) === '').toBe(
        true,
      );
      expect(unexpected(buyer.problems).filter((p) => !/status of 400/.test(p))).toEqual([]);
    } finally {
      await buyer.context.close();
    }
  }, 300_000);
});
