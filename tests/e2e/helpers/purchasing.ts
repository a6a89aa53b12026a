import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import {
  clickGridRow,
  confirm,
  editCell,
  expectField,
  fieldText,
  gridRows,
  poll,
  searchOne,
  succeeded,
} from './screen';
import { visit } from './in-app';

/**
 * The purchasing steps another journey needs to reach a quotation request, an award and its order,
 * done through the screens as the purchasing journey does them (tests/e2e/purchasing-journey.e2e.test.ts
 * checks each in detail): the requester writes and submits a PR, the approver approves it, purchasing
 * receives it as its buyer and invites suppliers; a supplier quotes; purchasing awards a quotation and
 * builds the order from it. Each works on a page already logged in as the right user.
 */

export interface PrLine {
  name: string;
  unit: string;
  quantity: string;
  unitPrice: string;
}

/** The requester (buyer) writes a PR with free-text lines, saves it and submits it: its number. */
export async function writeAndSubmitPr(
  page: Page,
  o: { title: string; desired: string; purpose: string; lines: PrLine[] },
): Promise<string> {
  await visit(page, '/prEdit');
  await page.getByRole('heading', { name: '구매요청서' }).waitFor();
  await page.getByLabel('제목').fill(o.title);
  await page.getByLabel('희망 납기일').fill(o.desired);
  await page.getByLabel('구매 목적').fill(o.purpose);
  const lines = page.getByRole('region', { name: '품목' });
  for (const [i, l] of o.lines.entries()) {
    await page.getByRole('button', { name: '행 추가' }).click();
    await editCell(page, lines, i, 2, l.name);
    await editCell(page, lines, i, 4, l.unit);
    await editCell(page, lines, i, 5, l.quantity);
    await editCell(page, lines, i, 6, l.unitPrice);
  }
  await poll(async () => (await gridRows(lines)).map((r) => r[2])).toEqual(o.lines.map((l) => l.name));
  await page.getByRole('button', { name: '저장', exact: true }).click();
  await confirm(page, '저장하시겠습니까?');
  await succeeded(page, '저장되었습니다.');
  await expectField(page, 'prNo', /^PR\d{4}-\d{6}$/);
  const prNo = await fieldText(page, 'prNo');
  await page.getByRole('button', { name: '결재 상신' }).click();
  await confirm(page, '저장된 내용으로 결재를 상신하시겠습니까?');
  await succeeded(page, '결재를 상신했습니다.');
  await expectField(page, 'status', '결재중');
  return prNo;
}

/** The PR's approver (uadmin1 below 10,000,000 won) approves it on its screen. */
export async function approvePr(page: Page, prNo: string, comment: string): Promise<void> {
  await visit(page, `/prEdit?prNo=${encodeURIComponent(prNo)}`);
  await page.getByRole('button', { name: '승인', exact: true }).waitFor();
  await expectField(page, 'prNo', prNo);
  await page.getByRole('button', { name: '승인', exact: true }).click();
  const prompt = page.getByRole('dialog', { name: '결재 승인' });
  await prompt.waitFor();
  await prompt.getByLabel('승인 의견').fill(comment);
  await prompt.getByRole('button', { name: '확인', exact: true }).click();
  await succeeded(page, '승인했습니다.');
  await expectField(page, 'status', '결재완료');
}

/**
 * Purchasing (operator) finds the PR on /prConfirmList, opens it and receives it with itself as the
 * buyer (김민수, E000004, chosen in the person popup: the name alone is not unique).
 */
export async function receivePr(page: Page, prNo: string): Promise<void> {
  await visit(page, '/prConfirmList');
  const list = await searchOne(page, '구매요청번호', prNo);
  await clickGridRow(page, list, 0);
  await page.waitForURL((u) => u.pathname === '/prConfirmEdit' && u.searchParams.get('prNo') === prNo);
  await page.getByRole('button', { name: '접수', exact: true }).click();
  const receive = page.getByRole('dialog', { name: '구매요청 접수' });
  await receive.waitFor();
  await receive.getByRole('textbox', { name: '구매 담당자' }).fill('김민수');
  await receive.getByRole('textbox', { name: '구매 담당자' }).press('Enter');
  const people = page.getByRole('dialog', { name: '사원 검색' });
  await people.waitFor();
  await people.getByLabel('사번').fill('E000004');
  await people.getByRole('button', { name: '조회' }).click();
  await poll(async () => (await gridRows(people.locator('[data-gpms-grid]'))).map((r) => r[3])).toEqual(['E000004']);
  await people.getByRole('button', { name: '선택' }).click();
  await people.waitFor({ state: 'detached' });
  await receive.getByRole('button', { name: '확인', exact: true }).click();
  await succeeded(page, '접수했습니다.');
  await expectField(page, 'status', '구매접수');
}

/** On a received PR's screen (/prConfirmEdit): opens the 견적요청 dialog with its deadline and text. */
export async function openRfqDialog(page: Page, o: { deadline: string; description: string }): Promise<Locator> {
  await page.getByRole('button', { name: '견적 요청' }).click();
  const rfq = page.getByRole('dialog', { name: '견적요청' });
  await rfq.waitFor();
  await rfq.getByLabel('견적 마감일').fill(o.deadline);
  await rfq.getByLabel('요청 내용').fill(o.description);
  return rfq;
}

/**
 * Searches the company popup of the 견적요청 dialog for `query` (a name, company or business
 * number) and answers the company numbers it offers — only trading suppliers are offered. When
 * `compNo` is among them it must be the only one, and it is chosen; else the popup is closed.
 */
export async function pickSupplier(page: Page, rfq: Locator, query: string, compNo: string): Promise<string[]> {
  await rfq.getByRole('button', { name: '협력사 추가' }).click();
  const companies = page.getByRole('dialog', { name: '업체 검색' });
  await companies.waitFor();
  await companies.getByLabel('업체명 또는 사업자번호').fill(query);
  await companies.getByRole('button', { name: '조회' }).click();
  const grid = companies.locator('[data-gpms-grid]');
  // The answer has come when the popup shows a row or says it found none.
  await poll(
    async () => (await gridRows(grid)).length > 0 || (await companies.innerText()).includes('조회된 데이터가 없습니다'),
  ).toBe(true);
  const offered = (await gridRows(grid)).map((r) => r[0]);
  if (offered.includes(compNo)) {
    expect(offered).toEqual([compNo]);
    await companies.getByRole('button', { name: '선택' }).click();
  } else {
    await companies.getByRole('button', { name: '취소', exact: true }).click();
  }
  await companies.waitFor({ state: 'detached' });
  return offered;
}

/** Sends the 견적요청 dialog (its confirmation answered); the dialog closes when the server took it. */
export async function sendRfq(page: Page, rfq: Locator): Promise<void> {
  await rfq.locator('[data-action="save"]').click();
  await confirm(page, '선택한 협력사에 견적을 요청하시겠습니까?');
}

/**
 * Purchasing invites the suppliers (each found in the popup by `query`) to quote on a received PR it has open: answers the request's number
 * as the PR shows it afterwards.
 */
export async function requestQuotes(
  page: Page,
  o: { deadline: string; description: string; suppliers: Array<{ query: string; compNo: string }> },
): Promise<string> {
  const rfq = await openRfqDialog(page, o);
  for (const s of o.suppliers) expect(await pickSupplier(page, rfq, s.query, s.compNo)).toContain(s.compNo);
  const invited = rfq.getByRole('region', { name: '견적 요청 협력사' });
  await poll(async () => (await gridRows(invited)).map((r) => r[0])).toEqual(o.suppliers.map((s) => s.compNo));
  await sendRfq(page, rfq);
  await rfq.waitFor({ state: 'detached' });
  await expectField(page, 'status', '견적요청');
  await expectField(page, 'rfqNo', /^RFQ\d{4}-\d{6}$/);
  return fieldText(page, 'rfqNo');
}

/**
 * A supplier (logged in on /cyber) finds the request in its list, opens it and submits one price
 * per line with its lead time and validity: answers the quotation number.
 */
export async function submitQuote(
  page: Page,
  o: { rfqNo: string; prices: string[]; leadTimeDays: string; validUntil: string },
): Promise<string> {
  await visit(page, '/cyber/prCheckList');
  const list = await searchOne(page, '견적요청번호', o.rfqNo);
  await clickGridRow(page, list, 0);
  await page.waitForURL((u) => u.pathname === '/cyber/prCheckEdit' && u.searchParams.get('rfqNo') === o.rfqNo);
  await page.getByRole('button', { name: '견적 작성' }).waitFor();
  await expectField(page, 'status', '요청확인');
  await page.getByRole('button', { name: '견적 작성' }).click();
  await page.waitForURL((u) => u.pathname === '/cyber/prSubmitEdit');
  await page.getByRole('button', { name: '견적 제출' }).waitFor();
  const lines = page.getByRole('region', { name: '품목별 단가' });
  for (const [i, price] of o.prices.entries()) await editCell(page, lines, i, 5, price);
  await page.getByLabel('납품 소요일(일)').fill(o.leadTimeDays);
  await page.getByLabel('견적유효기한').fill(o.validUntil);
  await page.getByRole('button', { name: '견적 제출' }).click();
  await confirm(page, '견적을 제출하시겠습니까?');
  await succeeded(page, '견적을 제출했습니다.');
  await expectField(page, 'status', '견적제출');
  await expectField(page, 'quoteNo', /^QT\d{4}-\d{6}$/);
  return fieldText(page, 'quoteNo');
}

/**
 * On the PR's screen (/prConfirmEdit) every invited supplier has quoted: purchasing opens 견적 비교
 * and selects `compNo`'s quotation (`question`: the confirmation it answers); the request is awarded.
 */
export async function selectQuotation(page: Page, compNo: string, question: string | RegExp): Promise<void> {
  await page.getByRole('button', { name: '견적 비교' }).click();
  const compare = page.getByRole('dialog', { name: '견적 비교' });
  await compare.getByRole('table', { name: '견적 비교표' }).waitFor();
  await compare.locator(`[data-action="select-${compNo}"]`).click();
  await confirm(page, question);
  await compare.waitFor({ state: 'detached' });
  await expectField(page, 'rfqStatus', '업체선정');
  expect(await fieldText(page, 'rfqSelectedCompNo')).toBe(compNo);
}

/**
 * Purchasing opens the PR's screen and selects `compNo`'s quotation in its 견적 비교 dialog (allowed before the
 * deadline once every invited supplier has answered): the request is awarded (업체선정).
 */
export async function awardQuote(page: Page, o: { prNo: string; compNo: string }): Promise<void> {
  await visit(page, `/prConfirmEdit?prNo=${encodeURIComponent(o.prNo)}`);
  await selectQuotation(page, o.compNo, /의 견적\(.+\)을 선정하시겠습니까\?/);
}

/**
 * On an awarded PR's screen, purchasing builds the PO from the awarded request (발주 작성) with its
 * due date: answers the new order's number (the order is in draft, on /OrderRequestEdit).
 */
export async function orderFromAward(page: Page, o: { rfqNo: string; dueDate: string; note: string }): Promise<string> {
  await page.getByRole('button', { name: '발주 작성' }).click();
  await page.waitForURL((u) => u.pathname === '/OrderRequestEdit');
  await page.getByRole('heading', { name: '발주요청 상세' }).waitFor();
  const request = page.locator('[data-field="rfqNo"] select');
  await request.locator(`option[value="${o.rfqNo}"]`).waitFor({ state: 'attached' });
  await request.selectOption(o.rfqNo);
  await page.getByLabel('납기일').fill(o.dueDate);
  await page.getByLabel('비고').fill(o.note);
  // What the order is made from, as the screen holds it when 발주 작성 is pressed (a late load must not have reset it).
  await poll(() => request.inputValue()).toBe(o.rfqNo);
  await poll(() => page.getByLabel('납기일').inputValue()).toBe(o.dueDate);
  await page.getByRole('button', { name: '발주 작성' }).click();
  await confirm(page, '선택한 견적으로 발주를 작성하시겠습니까?');
  await succeeded(page, '발주가 작성되었습니다.');
  await expectField(page, 'poNo', /^PO\d{4}-\d{6}$/);
  return fieldText(page, 'poNo');
}
