import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, blocking, describeFindings } from './helpers/axe';
import { e2eLane } from './helpers/lane';
import { apiLogin, unexpected } from './helpers/auth';
import { launchBrowser, screenshot, type TestPage } from './helpers/browser';
import { LoginTabs } from './helpers/tabs';
import {
  approvePr,
  receivePr,
  requestQuotes,
  selectQuotation,
  submitQuote,
  writeAndSubmitPr,
} from './helpers/purchasing';
import {
  actionIds,
  amount,
  confirm,
  editCell,
  expectField,
  fieldText,
  gridRows,
  koreanDate,
  label,
  poll,
  succeeded,
} from './helpers/screen';
import { visit } from './helpers/in-app';

/**
 * Framework agreements in Debian's Chromium against the shared server (docs/agreements.md):
 *
 * (a) an agreement from an award made in the journey — the requester's PR (two free-text lines) is
 *     approved, received by purchasing and sent to C00001 for quotation, supplier1 quotes and
 *     purchasing selects it (the shared steps of helpers/purchasing.ts) — made on /prConfirmEdit with
 *     단가계약 작성, which opens the draft agreement; purchasing submits it and its approver (opadmin)
 *     approves it on /AgreementEdit → purchasing makes two call-offs on the screen (발주: quantities
 *     per line, the remaining shown), each landing on the draft order at its own address, which names
 *     its agreement → the remaining quantities for the buyer (/AgreementEdit, the consumption report)
 *     and, once the first call-off is approved and sent, for the supplier (/cyber/CyberAgreementEdit:
 *     the orders sent to it).
 * (b) supplier1 acknowledges that first call-off in /cyber; purchasing changes a quantity on the
 *     order's screen — above the approved amount, so the change is proposed — opadmin approves it on
 *     the order's screen, and supplier1 acknowledges the revision in /cyber, its revision history shown.
 * (c) purchasing gives the first line a new price from a later day in the 단가 변경 dialog (checked with axe): the
 *     price history shows it to come beside the agreed one.
 */
describe('agreement journey: award → agreement → call-offs on screen → remaining for buyer and supplier; a changed PO acknowledged again', () => {
  const baseURL = e2eLane().baseUrl;
  const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const title = `여정 시험 단가계약 ${run}`;
  const doc = { prNo: '', rfqNo: '', agreementNo: '', poNos: [] as string[], simpleNo: '' };
  let browser: Browser;
  const tabs = new LoginTabs(() => browser, baseURL);

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await tabs.closeAll();
    await browser?.close();
  });

  const as = (portal: 'internal' | 'external', userId: string, at?: string): Promise<TestPage> =>
    tabs.as(portal, userId, at);

  async function api(userId: string, method: string, path: string, body?: unknown) {
    const token = await apiLogin(baseURL, userId);
    const res = await fetch(`${baseURL}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        IsCyber: 'N',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as Record<string, unknown> & { version: number };
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(json)}`);
    return json;
  }

  /** Approves the open round on the document's screen with a comment (the prompt 결재 승인). */
  async function approveOnScreen(page: Page, comment: string): Promise<void> {
    await page.getByRole('button', { name: '승인', exact: true }).click();
    const prompt = page.getByRole('dialog', { name: '결재 승인' });
    await prompt.waitFor();
    await prompt.getByLabel('결재 의견').fill(comment);
    await prompt.getByRole('button', { name: '확인', exact: true }).click();
    await succeeded(page, '승인되었습니다.');
  }

  /** The agreement's lines as a grid shows them: [itemName, agreed, ordered, remaining]. */
  async function agreementLines(grid: Locator): Promise<Array<[string, number, number, number | null]>> {
    return (await gridRows(grid)).map((r) => [r[2], amount(r[5]), amount(r[6]), r[7] === '' ? null : amount(r[7])]);
  }

  it('a PR is approved, received, sent to C00001 for quotation and quoted by supplier1', async () => {
    const requester = await as('internal', 'buyer');
    doc.prNo = await writeAndSubmitPr(requester.page, {
      title,
      desired: koreanDate(30),
      purpose: '단가계약 여정 시험: 낙찰에서 단가계약까지',
      lines: [
        { name: '여정 시험 볼트', unit: 'EA', quantity: '100', unitPrice: '1000' },
        { name: '여정 시험 너트', unit: 'EA', quantity: '40', unitPrice: '500' },
      ],
    });
    expect(unexpected(requester.problems)).toEqual([]);
    const approver = await as('internal', 'uadmin1');
    await approvePr(approver.page, doc.prNo, '여정 시험 승인');
    expect(unexpected(approver.problems)).toEqual([]);
    const buyer = await as('internal', 'operator');
    await receivePr(buyer.page, doc.prNo);
    doc.rfqNo = await requestQuotes(buyer.page, {
      deadline: koreanDate(1),
      description: '연간 단가계약 견적을 요청합니다.',
      suppliers: [{ query: 'C00001', compNo: 'C00001' }],
    });
    expect(unexpected(buyer.problems)).toEqual([]);
    const supplier = await as('external', 'supplier1');
    await submitQuote(supplier.page, {
      rfqNo: doc.rfqNo,
      prices: ['1000', '500'],
      leadTimeDays: '7',
      validUntil: koreanDate(60),
    });
    expect(unexpected(supplier.problems)).toEqual([]);
  }, 300_000);

  it('purchasing selects the quotation and makes the agreement from the award on screen; its approver approves it', async () => {
    expect(doc.rfqNo).not.toBe('');
    const { page, problems } = await as('internal', 'operator', `/prConfirmEdit?prNo=${encodeURIComponent(doc.prNo)}`);
    await expectField(page, 'rfqNo', doc.rfqNo);
    // Nothing awarded yet: no agreement from it.
    expect(await actionIds(page)).not.toContain('agreement');
    await selectQuotation(page, 'C00001', '㈜대한정밀의 견적(120,000)을 선정하시겠습니까?');
    await page.getByRole('button', { name: '단가계약 작성', exact: true }).click();
    const prompt = page.getByRole('dialog', { name: '단가계약 작성' });
    await prompt.waitFor();
    await prompt.getByLabel('유효 종료일').fill(koreanDate(60));
    await screenshot(page, 'agreement-00-from-award');
    await prompt.getByRole('button', { name: '확인', exact: true }).click();
    // The draft made from the award opens at its own address.
    await page.waitForURL(
      (u) => u.pathname === '/AgreementEdit' && /^AG\d{4}-\d{6}$/.test(u.searchParams.get('agreementNo') ?? ''),
    );
    doc.agreementNo = new URL(page.url()).searchParams.get('agreementNo')!;
    await expectField(page, 'agreementNo', doc.agreementNo);
    await expectField(page, 'status', '작성');
    expect(await fieldText(page, 'sourceNo')).toBe(doc.rfqNo);
    expect(await fieldText(page, 'title')).toBe(title);
    // The quoted prices, the requested quantities agreed.
    const agreed = page.getByRole('region', { name: '계약 품목 (발주·잔여 수량)' });
    await poll(async () => (await gridRows(agreed)).map((r) => [r[2], amount(r[4]), amount(r[5])])).toEqual([
      ['여정 시험 볼트', 1000, 100],
      ['여정 시험 너트', 500, 40],
    ]);
    // A change of the header alone is saved with the lines (the save once sent none and answered 400 in English).
    await page.locator('[data-field="remark"] textarea').fill('여정 시험: 머리글만 고쳐 저장');
    await page.getByRole('button', { name: '저장', exact: true }).click();
    await confirm(page, '저장하시겠습니까?');
    await succeeded(page, '저장되었습니다.');
    await expectField(page, 'remark', '여정 시험: 머리글만 고쳐 저장');
    await poll(async () => (await gridRows(agreed)).map((r) => [r[2], amount(r[4]), amount(r[5])])).toEqual([
      ['여정 시험 볼트', 1000, 100],
      ['여정 시험 너트', 500, 40],
    ]);
    await screenshot(page, 'agreement-00b-header-saved');
    await page.getByRole('button', { name: '결재상신', exact: true }).click();
    await confirm(page, '결재를 상신하시겠습니까?');
    await succeeded(page, '결재가 상신되었습니다.');
    await expectField(page, 'status', '결재중');
    expect(unexpected(problems)).toEqual([]);

    const approver = await as(
      'internal',
      'opadmin',
      `/AgreementEdit?agreementNo=${encodeURIComponent(doc.agreementNo)}`,
    );
    await approver.page.getByRole('button', { name: '승인', exact: true }).waitFor();
    await expectField(approver.page, 'status', '결재중');
    await approveOnScreen(approver.page, '여정 시험 단가계약 승인');
    await expectField(approver.page, 'status', '유효');
    await screenshot(approver.page, 'agreement-01-approved');
    expect(unexpected(approver.problems)).toEqual([]);
  }, 240_000);

  /** On /AgreementEdit: 발주 with `quantities` (one per line, '' for none); lands on the draft order. */
  async function callOff(page: Page, quantities: string[], due: string): Promise<string> {
    await page.getByRole('button', { name: '발주', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '단가계약 발주' });
    await dialog.waitFor();
    const lines = dialog.getByRole('region', { name: '발주할 품목 (잔여 수량)' });
    await poll(async () => (await gridRows(lines)).length).toBe(quantities.length);
    await expectField(dialog, 'title', title);
    const dueField = dialog.getByRole('textbox', { name: '납기일', exact: true });
    await dueField.fill(due);
    await dueField.press('Enter');
    for (const [i, q] of quantities.entries()) if (q) await editCell(page, lines, i, 3, q);
    await dialog.locator('[data-action="callOff"]').click();
    await confirm(page, '입력한 수량으로 발주서(작성 상태)를 만드시겠습니까?');
    await page.waitForURL(
      (u) => u.pathname === '/OrderRequestEdit' && /^PO\d{4}-\d{6}$/.test(u.searchParams.get('poNo') ?? ''),
    );
    const poNo = new URL(page.url()).searchParams.get('poNo')!;
    await expectField(page, 'poNo', poNo);
    return poNo;
  }

  it('purchasing makes two call-offs on the screen, each opened as a draft order at its address', async () => {
    expect(doc.agreementNo).not.toBe('');
    const { page, problems } = await as('internal', 'operator');
    const at = `/AgreementEdit?agreementNo=${encodeURIComponent(doc.agreementNo)}`;
    await visit(page, at);
    await expectField(page, 'status', '유효');
    const agreed = page.getByRole('region', { name: '계약 품목 (발주·잔여 수량)' });
    await poll(async () => agreementLines(agreed)).toEqual([
      ['여정 시험 볼트', 100, 0, 100],
      ['여정 시험 너트', 40, 0, 40],
    ]);

    const first = await callOff(page, ['30', '10'], koreanDate(14));
    expect(await fieldText(page, 'status')).toBe('작성중');
    expect(await fieldText(page, 'compNo')).toBe('C00001');
    expect(amount(await fieldText(page, 'totalAmount'))).toBe(35_000);
    // The order names its agreement (단가계약 보기 opens it); no quotation field to fill.
    expect(await fieldText(page, 'agreementNo')).toBe(doc.agreementNo);
    expect(await page.locator('[data-field="rfqNo"]').count()).toBe(0);
    expect(await actionIds(page)).toContain('agreement');
    // The order is at its own address: F5 shows it again.
    await page.reload();
    await expectField(page, 'poNo', first);
    await screenshot(page, 'agreement-02-call-off-order');

    await visit(page, at);
    await expectField(page, 'status', '유효');
    await poll(async () => agreementLines(agreed)).toEqual([
      ['여정 시험 볼트', 100, 30, 70],
      ['여정 시험 너트', 40, 10, 30],
    ]);
    // Beyond what remains: refused, every problem said; nothing ordered.
    await page.getByRole('button', { name: '발주', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '단가계약 발주' });
    const lines = dialog.getByRole('region', { name: '발주할 품목 (잔여 수량)' });
    await poll(async () => (await gridRows(lines)).map((r) => amount(r[2]))).toEqual([70, 30]);
    const dueField = dialog.getByRole('textbox', { name: '납기일', exact: true });
    await dueField.fill(koreanDate(14));
    await dueField.press('Enter');
    await editCell(page, lines, 0, 3, '71');
    await editCell(page, lines, 1, 3, '31');
    await dialog.locator('[data-action="callOff"]').click();
    await confirm(page, '입력한 수량으로 발주서(작성 상태)를 만드시겠습니까?');
    const refusal = page.getByRole('alertdialog');
    await refusal.waitFor();
    const said = await refusal.innerText();
    expect(said).toContain('1번 품목의 발주 수량(71)이 계약 잔여 수량(70)을 넘습니다');
    expect(said).toContain('2번 품목의 발주 수량(31)이 계약 잔여 수량(30)을 넘습니다');
    await screenshot(page, 'agreement-03-call-off-refused');
    await refusal.getByRole('button', { name: '확인', exact: true }).click();
    await dialog.locator('[data-action="close"]').click();
    await dialog.waitFor({ state: 'detached' });

    const second = await callOff(page, ['25', ''], koreanDate(21));
    expect(amount(await fieldText(page, 'totalAmount'))).toBe(25_000);
    doc.poNos = [first, second];
    // The one refusal above is the browser's 409, asked for.
    expect(unexpected(problems).filter((p) => !/status of 409 /.test(p))).toEqual([]);
  }, 240_000);

  it('the remaining quantities: the buyer on /AgreementEdit, the supplier on /cyber/CyberAgreementEdit', async () => {
    expect(doc.poNos).toHaveLength(2);
    const staff = await as('internal', 'operator', `/AgreementEdit?agreementNo=${encodeURIComponent(doc.agreementNo)}`);
    const agreed = staff.page.getByRole('region', { name: '계약 품목 (발주·잔여 수량)' });
    await poll(async () => agreementLines(agreed)).toEqual([
      ['여정 시험 볼트', 100, 55, 45],
      ['여정 시험 너트', 40, 10, 30],
    ]);
    const history = staff.page.getByRole('region', { name: '발주 이력' });
    await poll(async () => [...new Set((await gridRows(history)).map((r) => r[0]))].sort()).toEqual(
      [...doc.poNos].sort(),
    );
    await screenshot(staff.page, 'agreement-04-remaining-buyer');
    // The consumption report says the same, with the share consumed.
    await visit(staff.page, '/AgreementList');
    await staff.page.getByRole('button', { name: '소진 현황', exact: true }).click();
    await staff.page.waitForURL((u) => u.pathname === '/AgreementConsumption');
    const search = staff.page.getByRole('search');
    await search.getByLabel('계약번호').fill(doc.agreementNo);
    await search.getByRole('button', { name: '조회' }).click();
    await poll(async () => staff.page.getByTestId('list-total').innerText()).toBe('총 2건');
    const report = staff.page.getByTestId('list-grid');
    await poll(async () =>
      (await gridRows(report)).map((r) => [r[3], amount(r[4]), amount(r[5]), amount(r[6]), amount(r[7])]),
    ).toEqual([
      ['여정 시험 볼트', 100, 55, 45, 55],
      ['여정 시험 너트', 40, 10, 30, 25],
    ]);
    await screenshot(staff.page, 'agreement-04b-consumption-report');
    expect(unexpected(staff.problems)).toEqual([]);

    // The first call-off submitted and approved (sent on approval: C00001 forwards) through the API —
    // the steps the purchasing journey shows. The supplier counts the orders sent to it: the first
    // only; the second, a draft, reserves quantity on the buyer's side alone.
    const po = await api('operator', 'GET', `/api/v1/pos/${doc.poNos[0]}`);
    const submitted = await api('operator', 'POST', `/api/v1/pos/${doc.poNos[0]}/submit`, { version: po.version });
    const round = (submitted.approvals as Array<{ approvalId: number; version: number }>).at(-1)!;
    await api('opadmin', 'POST', `/api/v1/approvals/${round.approvalId}/approve`, { version: round.version });
    const { page, problems } = await as(
      'external',
      'supplier1',
      `/cyber/CyberAgreementEdit?agreementNo=${encodeURIComponent(doc.agreementNo)}`,
    );
    await expectField(page, 'agreementNo', doc.agreementNo);
    const lines = page.getByRole('region', { name: '계약 품목 (발주·잔여 수량)' });
    await poll(async () => agreementLines(lines)).toEqual([
      ['여정 시험 볼트', 100, 30, 70],
      ['여정 시험 너트', 40, 10, 30],
    ]);
    const sent = page.getByRole('region', { name: '발주 이력' });
    await poll(async () => [...new Set((await gridRows(sent)).map((r) => r[0]))]).toEqual([doc.poNos[0]]);
    expect(amount(await fieldText(page, 'orderedAmount'))).toBe(35_000);
    await screenshot(page, 'agreement-05-remaining-supplier');
    expect(unexpected(problems)).toEqual([]);
  }, 180_000);

  it('a simple order line from the agreement, chosen in its popup: the agreed item and price; the line consumed', async () => {
    expect(doc.agreementNo).not.toBe('');
    const { page, problems } = await as('internal', 'operator', '/SimpleOrderEdit');
    await page.getByRole('button', { name: '단가계약 품목', exact: true }).waitFor();
    await page.locator('[data-field="compNo"] input').first().fill('C00001');
    await expectField(page, 'forwardCheck', '예');
    await page.getByLabel(/^제목/).fill(`여정 시험 소액발주 ${run}`);
    await page.getByLabel(/^납기일/).fill(koreanDate(14));
    await page.getByRole('button', { name: '단가계약 품목', exact: true }).click();
    const popup = page.getByRole('dialog', { name: '단가계약 품목 선택' });
    await popup.waitFor();
    await popup.getByRole('textbox', { name: '계약번호' }).fill(doc.agreementNo);
    await popup.getByRole('textbox', { name: '품목명' }).fill('너트');
    await popup.getByRole('button', { name: '조회' }).click();
    await poll(async () => (await gridRows(popup.locator('[data-gpms-grid]'))).map((r) => [r[0], r[3]])).toEqual([
      [doc.agreementNo, '여정 시험 너트'],
    ]);
    await popup.getByRole('button', { name: '선택' }).click();
    await popup.waitFor({ state: 'detached' });
    const lines = page.getByRole('region', { name: '발주 품목' });
    // The agreement's item and price (its number and line are columns past the window's right edge, which glide
    // leaves out of its accessible table; the agreement's counts below show the line carried them).
    await poll(async () => (await gridRows(lines)).map((r) => [r[2], r[4], amount(r[6])])).toEqual([
      ['여정 시험 너트', 'EA', 500],
    ]);
    await editCell(page, lines, 0, 5, '5');
    await page.getByRole('button', { name: '저장', exact: true }).click();
    await confirm(page, '저장하시겠습니까?');
    await succeeded(page, '저장되었습니다.');
    await expectField(page, 'poNo', /^PO\d{4}-\d{6}$/);
    const simple = await fieldText(page, 'poNo');
    doc.simpleNo = simple;
    expect(amount(await fieldText(page, 'totalAmount'))).toBe(2_500);
    await screenshot(page, 'agreement-05b-simple-order');
    // The agreement counts it: the nut line 10 + 5 ordered; the order among its call-offs.
    await visit(page, `/AgreementEdit?agreementNo=${encodeURIComponent(doc.agreementNo)}`);
    const agreed = page.getByRole('region', { name: '계약 품목 (발주·잔여 수량)' });
    await poll(async () => agreementLines(agreed)).toEqual([
      ['여정 시험 볼트', 100, 55, 45],
      ['여정 시험 너트', 40, 15, 25],
    ]);
    const history = page.getByRole('region', { name: '발주 이력' });
    await poll(async () => (await gridRows(history)).map((r) => r[0])).toContain(simple);
    expect(unexpected(problems)).toEqual([]);
  }, 180_000);

  /**
   * On an edit screen with lines: a header field changed (`field`, a textarea) and saved alone, then the page read
   * again: the change kept and the lines as they were (a save once sent no lines and answered 400).
   */
  async function saveHeaderOnly(page: Page, grid: string, field: string, text: string): Promise<void> {
    const lines = page.getByRole('region', { name: grid });
    await poll(async () => (await gridRows(lines)).length).toBeGreaterThan(0);
    const before = await gridRows(lines);
    await page.locator(`[data-field="${field}"] textarea`).fill(text);
    await page.getByRole('button', { name: '저장', exact: true }).click();
    await confirm(page, '저장하시겠습니까?');
    await succeeded(page, '저장되었습니다.');
    await page.reload();
    await expectField(page, field, text);
    await poll(async () => gridRows(lines)).toEqual(before);
  }

  it('a header-only save keeps the lines on the order, simple-order and PR screens too', async () => {
    expect(doc.poNos).toHaveLength(2);
    expect(doc.simpleNo).not.toBe('');
    const { page, problems } = await as('internal', 'operator');
    // The second call-off, still a draft order.
    await visit(page, `/OrderRequestEdit?poNo=${encodeURIComponent(doc.poNos[1])}`);
    await expectField(page, 'status', '작성중');
    await saveHeaderOnly(page, '발주 품목', 'remark', '여정 시험: 발주 머리글만 저장');
    expect(amount(await fieldText(page, 'totalAmount'))).toBe(25_000);
    await visit(page, `/SimpleOrderEdit?poNo=${encodeURIComponent(doc.simpleNo)}`);
    await saveHeaderOnly(page, '발주 품목', 'remark', '여정 시험: 소액발주 머리글만 저장');
    expect(amount(await fieldText(page, 'totalAmount'))).toBe(2_500);
    expect(unexpected(problems)).toEqual([]);
    // A draft PR of two lines, written through the API: its requester changes the purpose alone.
    const pr = await api('buyer', 'POST', '/api/v1/prs', {
      title: `여정 시험 머리글 저장 ${run}`,
      desiredDate: koreanDate(30),
      currency: 'KRW',
      lines: [
        { itemName: '여정 시험 와셔', unitCode: 'EA', quantity: '7', estUnitPrice: '300' },
        { itemName: '여정 시험 스프링', unitCode: 'EA', quantity: '3', estUnitPrice: '1200' },
      ],
    });
    const requester = await as('internal', 'buyer', `/prEdit?prNo=${encodeURIComponent(String(pr.prNo))}`);
    await expectField(requester.page, 'prNo', String(pr.prNo));
    await saveHeaderOnly(requester.page, '품목', 'purpose', '여정 시험: 구매 목적만 고쳐 저장');
    await screenshot(requester.page, 'agreement-05c-pr-header-saved');
    expect(unexpected(requester.problems)).toEqual([]);
  }, 180_000);

  it('a call-off changed after the supplier acknowledged it: approved again, acknowledged again in /cyber, its revisions shown', async () => {
    const poNo = doc.poNos[0];
    expect(poNo).toBeTruthy();
    // Sent on its approval in the step before.
    await acknowledge(poNo, ['1'], 'agreement-06-acknowledged');

    // Purchasing raises line 1 from 30 to 35 on the order's screen: above the approved amount, so proposed.
    const buyer = await as('internal', 'operator', `/OrderRequestEdit?poNo=${encodeURIComponent(poNo)}`);
    await expectField(buyer.page, 'status', '발주확인');
    const lines = buyer.page.getByRole('region', { name: '발주 품목' });
    await poll(async () => (await gridRows(lines)).length).toBe(2);
    await editCell(buyer.page, lines, 0, 5, '35');
    await buyer.page.getByRole('button', { name: '발주 변경', exact: true }).click();
    const prompt = buyer.page.getByRole('dialog', { name: '발주 변경' });
    await prompt.waitFor();
    await prompt.getByLabel('변경 사유').fill('여정 시험 수량 증가');
    await prompt.getByRole('button', { name: '확인', exact: true }).click();
    // Above the approved amount the change is a proposal: the page says so, not that the order changed.
    await succeeded(buyer.page, '변경안이 결재에 올라갔습니다 (변경차수 2)');
    const revisions = buyer.page.getByRole('region', { name: '발주 차수' });
    await poll(async () => (await gridRows(revisions)).map((r) => [r[0], r[1]])).toEqual([
      ['1', '현재'],
      ['2', '결재중'],
    ]);
    await screenshot(buyer.page, 'agreement-07-change-proposed');
    expect(unexpected(buyer.problems)).toEqual([]);

    const approver = await as('internal', 'opadmin', `/OrderRequestEdit?poNo=${encodeURIComponent(poNo)}`);
    await approver.page.getByRole('button', { name: '승인', exact: true }).waitFor();
    await approveOnScreen(approver.page, '여정 시험 변경 승인');
    await expectField(approver.page, 'status', '발주전송');
    expect(amount(await fieldText(approver.page, 'totalAmount'))).toBe(40_000);
    expect(unexpected(approver.problems)).toEqual([]);

    await acknowledge(poNo, ['1', '2'], 'agreement-08-revision-acknowledged');
  }, 300_000);

  it('a new price from a later day in the 단가 변경 dialog: the price history shows it beside the agreed one', async () => {
    expect(doc.agreementNo).not.toBe('');
    const { page, problems } = await as(
      'internal',
      'operator',
      `/AgreementEdit?agreementNo=${encodeURIComponent(doc.agreementNo)}`,
    );
    await page.getByRole('button', { name: '단가 변경', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '단가 변경' });
    await dialog.waitFor();
    const lines = dialog.getByRole('region', { name: /품목별 새 단가/ });
    await poll(async () => (await gridRows(lines)).map((r) => r[1])).toEqual(['여정 시험 볼트', '여정 시험 너트']);
    await dialog.getByLabel(label('적용 시작일')).fill(koreanDate(30));
    await dialog.getByLabel(label('변경 사유')).fill('여정 시험 원자재 가격 상승');
    await editCell(page, lines, 0, 3, '1250');
    const bad = blocking((await axeViolations(page)).findings);
    expect(bad.length, describeFindings('/AgreementEdit 단가 변경', bad)).toBe(0);
    await screenshot(page, 'agreement-09-price-change');
    await dialog.getByRole('button', { name: '단가 변경', exact: true }).click();
    await confirm(page, /적용 시작일부터/);
    await succeeded(page, '단가를 변경했습니다');
    await dialog.waitFor({ state: 'detached' });
    const history = page.getByRole('region', { name: '단가 이력' });
    await poll(async () => (await gridRows(history)).map((r) => [r[1], amount(r[3]), r[5], r[6]])).toContainEqual([
      '여정 시험 볼트',
      1250,
      '단가 변경',
      '여정 시험 원자재 가격 상승',
    ]);
    await screenshot(page, 'agreement-10-price-history');
    expect(unexpected(problems)).toEqual([]);
  }, 180_000);

  /** supplier1 acknowledges the order in /cyber; its revision history (`revisions`, none before a change) first. */
  async function acknowledge(poNo: string, revisions: string[], shot: string): Promise<void> {
    const { page, problems } = await as(
      'external',
      'supplier1',
      `/cyber/CyberOrderRequestEdit?poNo=${encodeURIComponent(poNo)}`,
    );
    await page.getByRole('button', { name: '발주 확인' }).waitFor();
    expect(await fieldText(page, 'status')).toBe('발주전송');
    if (revisions.length > 1) {
      const history = page.getByRole('region', { name: '발주 차수' });
      await poll(async () => (await gridRows(history)).map((r) => r[0])).toEqual(revisions);
    }
    await page.getByRole('button', { name: '발주 확인' }).click();
    await confirm(page, '이 발주서의 내용을 확인하셨습니까?');
    await succeeded(page, '발주를 확인했습니다.');
    await expectField(page, 'status', '발주확인');
    expect(await actionIds(page)).not.toContain('acknowledge');
    await screenshot(page, shot);
    expect(unexpected(problems)).toEqual([]);
  }
});
