import fs from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eLane } from './helpers/lane';
import { apiLogin, unexpected } from './helpers/auth';
import { launchBrowser, screenshot, type TestPage } from './helpers/browser';
import { LoginTabs } from './helpers/tabs';
import { erpCalls, erpFailNext } from './helpers/erp-control';
import { visit } from './helpers/in-app';
import { succeeded } from './helpers/screen';

/**
 * Fulfilment and settlement in the browser: supplier1 registers a delivery against one
 * of its acknowledged orders → purchasing receives it into warehousing → another person approves
 * the receipt (the requester may not: SELF_APPROVAL) and decides it → purchasing settles the month
 * and puts it to the supplier → the supplier confirms → posting to the ERP fails and shows in
 * /posting-error with the ERP's message → a retry posts the voucher, booked once → the voucher on
 * /signifier and /signifierDetail → the statement prints.
 *
 * It runs on the shared browser-test server, whose ERP is the run's fake ERP (helpers/fake-erp.ts):
 * told to answer this journey's first voucher post with 503, it books every later one once per
 * Idempotency-Key (a repeat answers the same document) and lists what it was sent
 * and cannot fail. The month settled is the month the receipt is decided in: today's, in Seoul.
 */

/** A voucher post as the fake ERP received it. */
interface VoucherBody {
  voucherNo: string;
  settleNo: string;
  period: string;
  amount: string;
  vendor: { compNo: string };
  lines: Array<{ side: string; amount: string }>;
}

// ── reading and clicking the screens ────────────────────────────────────────

/** What a labelled form control shows: an input's value, a select's chosen text. */
async function shown(scope: Page | Locator, label: string): Promise<string> {
  return scope
    .getByLabel(label, { exact: true })
    .first()
    .evaluate((el) =>
      el instanceof HTMLSelectElement ? (el.selectedOptions[0]?.text ?? '') : (el as HTMLInputElement).value,
    );
}

/** Waits until a labelled control shows `text`. */
async function expectShown(scope: Page | Locator, label: string, text: string, timeout = 20_000): Promise<void> {
  await expect.poll(() => shown(scope, label), { timeout }).toBe(text);
}

/** The rows glide exposes in its accessibility table (the visible cells), one array per row. */
async function gridRows(grid: Locator): Promise<string[][]> {
  return grid
    .locator('canvas tbody tr')
    .evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => td.textContent ?? '')));
}

/** A settlement month (YYYYMM) as a grid shows it: 2026-11. */
const monthShown = (period: string) => `${period.slice(0, 4)}-${period.slice(4)}`;

/** Waits for the row holding the cell `key`; answers its cells and its index on screen. */
async function rowWith(grid: Locator, key: string, timeout = 20_000): Promise<{ cells: string[]; index: number }> {
  let found: { cells: string[]; index: number } | null = null;
  await expect
    .poll(
      async () => {
        const rows = await gridRows(grid);
        const index = rows.findIndex((r) => r.includes(key));
        found = index < 0 ? null : { cells: rows[index], index };
        return found !== null;
      },
      { timeout },
    )
    .toBe(true);
  return found!;
}

/** Clicks data row `row` of a grid at `x` px from its left (default: the check box of a multi-select list). */
async function clickGridRow(page: Page, grid: Locator, row: number, x?: number): Promise<void> {
  const canvas = grid.locator('canvas[data-testid="data-grid-canvas"]');
  const box = await canvas.boundingBox();
  if (!box) throw new Error('the grid is not on screen');
  const header = Number(await grid.getAttribute('data-header-height'));
  const rowHeight = Number(await grid.getAttribute('data-row-height'));
  const marker = Number(await grid.getAttribute('data-row-marker-width'));
  await page.mouse.click(box.x + (x ?? marker / 2), box.y + header + row * rowHeight + rowHeight / 2);
}

/**
 * Edits one cell as a keyboard user does: a click on the row's first cell, → to the column, Enter
 * opens the cell's editor (glide's overlay in #portal: a text box, or a drop-down for a code), and
 * `act` changes it; the editor closes when the change is committed.
 */
async function editGridCell(
  page: Page,
  grid: Locator,
  row: number,
  field: string,
  act: (editor: Locator) => Promise<void>,
): Promise<void> {
  // The grid names its columns' fields in order (data-fields): the keyboard moves through them.
  const column = ((await grid.getAttribute('data-fields')) ?? '').split(' ').indexOf(field);
  if (column < 0) throw new Error(`the grid has no column ${field}`);
  // The grid sits below the delivery's sections: on screen first, or the click lands nowhere.
  await grid.scrollIntoViewIfNeeded();
  await clickGridRow(page, grid, row, 20);
  await grid.locator(`#glide-cell-0-${row}[aria-selected="true"]`).waitFor({ state: 'attached' });
  for (let i = 0; i < column; i++) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  const editor = page.locator('#portal');
  await editor.locator('textarea, select').first().waitFor();
  await act(editor);
  await editor.locator('textarea, select').first().waitFor({ state: 'detached' });
}

/** The order's lines as the server has them (what was delivered of each) and its status. */
async function poLineDelivered(
  poNo: string,
): Promise<{ status: string; lines: Array<{ itemName: string; deliveredQty: number }> }> {
  const base = e2eLane().baseUrl;
  const token = await apiLogin(base, 'operator');
  const res = await fetch(`${base}/api/v1/pos/${poNo}`, {
    headers: { Authorization: `Bearer ${token}`, IsCyber: 'N' },
  });
  expect(res.status).toBe(200);
  const po = (await res.json()) as { status: string; lines: Array<{ itemName: string; deliveredQty: string }> };
  return {
    status: po.status,
    lines: po.lines.map((l) => ({ itemName: l.itemName, deliveredQty: Number(l.deliveredQty) })),
  };
}

/** The delivery's lines as the server has them (what was received short, and why). */
async function deliveryLines(
  deliveryNo: string,
): Promise<
  Array<{ itemName: string; shortQty: string | null; shortReason: string | null; shortRemark: string | null }>
> {
  const base = e2eLane().baseUrl;
  const token = await apiLogin(base, 'operator');
  const res = await fetch(`${base}/api/v1/deliveries/${deliveryNo}`, {
    headers: { Authorization: `Bearer ${token}`, IsCyber: 'N' },
  });
  expect(res.status).toBe(200);
  return (
    (await res.json()) as {
      lines: Array<{
        itemName: string;
        shortQty: string | null;
        shortReason: string | null;
        shortRemark: string | null;
      }>;
    }
  ).lines;
}

/** expect.poll with time for a busy machine. */
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 20_000 });

const listGrid = (page: Page) => page.getByTestId('list-grid');
const listTotal = async (page: Page) => {
  const total = page.getByTestId('list-total');
  await total.waitFor();
  return (await total.innerText()).trim();
};
const won = (n: number) => n.toLocaleString('ko-KR');

/** Answers the confirmation asking `question` with 확인 (an alert may follow it: the wait is for this one). */
async function confirm(page: Page, question: string): Promise<void> {
  const dialog = page.getByRole('alertdialog').filter({ hasText: question });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: '확인' }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('fulfilment and settlement journey', () => {
  const baseURL = e2eLane().baseUrl;
  const erpBase = e2eLane().erpBase;
  let browser: Browser;
  /** What the fake ERP was sent for this journey's settlement. */
  const voucherCalls = async () =>
    (
      await erpCalls(
        erpBase,
        (c) => c.path === '/erp/vouchers' && (c.body as VoucherBody | null)?.settleNo === j.settleNo,
      )
    ).map((c) => ({ ...c, body: c.body as VoucherBody }));
  const tabs = new LoginTabs(() => browser, baseURL);

  // What the journey carries from step to step.
  const j = {
    poNo: '',
    deliveryNo: '',
    whReqNo: '',
    lines: [] as Array<{ itemName: string; quantity: number; price: number }>,
    total: 0,
    decidedOn: '',
    period: '',
    settleNo: '',
    voucherNo: '',
  };

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await tabs.closeAll().catch(() => undefined);
    await browser?.close();
  });

  /** One logged-in tab per user, kept for the later steps; opened at `at` when given, or moved there. */
  const as = (user: string, portal: 'internal' | 'external' = 'internal', at?: string): Promise<TestPage> =>
    tabs.kept(portal, user, at);

  /** Console problems of every tab, less the refusals a step provokes on purpose (4xx) and the failed posting (424). */
  const consoleProblems = () =>
    [...tabs.users()].flatMap(([user, s]) =>
      unexpected(s.problems)
        .filter((p) => !/status of 424 /.test(p))
        .map((p) => `${user}: ${p}`),
    );

  it('the supplier registers a delivery against an acknowledged order', { timeout: 180_000 }, async () => {
    // The order: supplier1's newest acknowledged order in won (the API only finds its number).
    const token = await apiLogin(baseURL, 'operator');
    const res = await fetch(
      `${baseURL}/api/v1/pos?compNo=C00001&status=ACKNOWLEDGED&currency=KRW&sort=poNo:desc&size=1`,
      { headers: { Authorization: `Bearer ${token}`, IsCyber: 'N' } },
    );
    expect(res.status).toBe(200);
    const order = ((await res.json()) as { rows: Array<{ poNo: string }> }).rows[0];
    expect(order, 'the demo data has an acknowledged KRW order of C00001').toBeDefined();
    j.poNo = order.poNo;

    const { page } = await as('supplier1', 'external', '/cyber/deliverInfo');
    await listTotal(page);
    await page.getByRole('button', { name: '납품 등록' }).click();
    await page.waitForURL((u) => u.pathname === '/cyber/deliverEdit');
    await page.getByText('납품할 발주를 선택하면 발주 품목과 잔량이 표시됩니다.').waitFor();
    await page.getByRole('combobox', { name: '발주', exact: true }).selectOption(j.poNo);

    // The order's open lines fill the grid: deliver the first one (up to 2 units) and one unit of the second.
    const lines = page.getByRole('region', { name: '납품 품목' });
    await poll(async () => (await gridRows(lines)).length).toBeGreaterThan(0);
    const fields = ((await lines.getAttribute('data-fields')) ?? '').split(' ');
    const col = (field: string) => fields.indexOf(field);
    const bodyRows = await gridRows(lines);
    const number = (s: string) => Number(s.replace(/,/g, ''));
    for (const [i, cells] of bodyRows.slice(0, 2).entries()) {
      const available = number(cells[col('availableQty')]);
      // The first line gets two units or more: purchasing receives one less (a partial receipt).
      const quantity = i === 0 ? Math.min(3, Math.floor(available)) : 1;
      expect(quantity).toBeGreaterThan(i === 0 ? 1 : 0);
      j.lines.push({ itemName: cells[col('itemName')], quantity, price: number(cells[col('PRICE')]) });
      await editGridCell(page, lines, i, 'quantity', async (editor) => {
        const box = editor.locator('textarea');
        await box.fill(String(quantity));
        await box.press('Enter');
      });
    }
    j.total = j.lines.reduce((sum, l) => sum + l.quantity * l.price, 0);
    await page.getByLabel('납품자', { exact: true }).fill('김배송');
    await page.getByLabel('차량번호').fill('12가3456');
    await expect.poll(() => page.locator('[data-total="AMT"]').innerText()).toBe(`금액 합계 ${won(j.total)}`);
    await screenshot(page, 'fulfilment-01-delivery-form');

    await page.getByRole('button', { name: '납품 등록' }).click();
    await confirm(page, '납품을 등록하시겠습니까?');
    // The registered delivery is shown in place: its number, its state.
    await expect.poll(() => shown(page, '납품번호'), { timeout: 20_000 }).toMatch(/^DLV\d{4}-\d{6}$/);
    j.deliveryNo = await shown(page, '납품번호');
    await succeeded(page, `납품이 등록되었습니다: ${j.deliveryNo}`);
    await expectShown(page, '납품상태', '납품등록');
    await screenshot(page, 'fulfilment-02-delivery-registered');

    // The supplier's list shows it, registered, for the order and the amount.
    await visit(page, `/cyber/deliverInfo?deliveryNo=${j.deliveryNo}`);
    expect(await listTotal(page)).toBe('총 1건');
    const { cells } = await rowWith(listGrid(page), j.deliveryNo);
    expect(cells.slice(0, 3)).toEqual([j.deliveryNo, '납품등록', j.poNo]);
    expect(cells).toContain(won(j.total));
    expect(consoleProblems()).toEqual([]);
  });

  it('purchasing receives the delivery into warehousing', { timeout: 180_000 }, async () => {
    const { page } = await as('operator', 'internal', `/deliverListAdmin?deliveryNo=${j.deliveryNo}`);
    expect(await listTotal(page)).toBe('총 1건');
    const { cells } = await rowWith(listGrid(page), j.deliveryNo);
    expect(cells.slice(0, 5)).toEqual([j.deliveryNo, '납품등록', '㈜대한정밀', 'C00001', j.poNo]);
    // The number opens the delivery (a link cell: the first column).
    await clickGridRow(page, listGrid(page), 0, 40);
    await page.waitForURL(
      (u) => u.pathname === '/deliverEditAdmin' && u.searchParams.get('deliveryNo') === j.deliveryNo,
    );
    await expectShown(page, '납품상태', '납품등록');
    expect(await shown(page, '협력사명')).toBe('㈜대한정밀');
    expect(await shown(page, '금액')).toMatch(new RegExp(`^${won(j.total)}(\\.00)?$`));

    // A partial receipt: one unit of the first line is short. Its cells are edited as a user does:
    // a double-click opens the cell's editor (a text box; a drop-down for the reason).
    const receiveLines = page.getByRole('region', { name: '입고할 수량 (납품보다 적으면 사유 선택)' });
    await poll(async () => (await gridRows(receiveLines)).length).toBe(j.lines.length);
    const received = j.lines[0].quantity - 1;
    await editGridCell(page, receiveLines, 0, 'quantity', async (editor) => {
      const box = editor.locator('textarea');
      await box.fill(String(received));
      await box.press('Enter');
    });
    await editGridCell(page, receiveLines, 0, 'shortReason', async (editor) => {
      await editor.locator('select').selectOption({ label: '수량 부족' });
    });
    await editGridCell(page, receiveLines, 0, 'shortRemark', async (editor) => {
      const box = editor.locator('textarea');
      await box.fill('포장 1개 누락');
      await box.press('Enter');
    });
    await poll(async () => (await gridRows(receiveLines))[0]).toEqual([
      '1',
      j.lines[0].itemName,
      expect.any(String),
      String(j.lines[0].quantity),
      String(received),
      '수량 부족',
      '포장 1개 누락',
    ]);
    await screenshot(page, 'fulfilment-03a-partial-receipt-lines');
    const deliveredBefore = await poLineDelivered(j.poNo);

    await page.getByRole('button', { name: '입고 처리' }).click();
    const prompt = page.getByRole('dialog', { name: '입고 처리' });
    await prompt.getByText('납품보다 적게 받는 줄은 사유를 골라야 하며').waitFor();
    await prompt.getByRole('combobox', { name: '비용유형' }).selectOption({ label: '재료비' });
    const requestedOn = await prompt.getByLabel('입고요청일').inputValue();
    expect(requestedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await screenshot(page, 'fulfilment-03-receive-prompt');
    await prompt.getByRole('button', { name: '확인' }).click();
    await succeeded(page, '입고요청이 등록되었습니다. 입고현황에서 승인을 진행하세요.');
    await expectShown(page, '납품상태', '입고완료');
    // The short unit leaves the delivery: it is the order's again (its line open, the order partly delivered).
    // (The delivery's grid has the shortfall columns far right, off screen: the server is asked.)
    const shortLine = (await deliveryLines(j.deliveryNo)).find((l) => l.itemName === j.lines[0].itemName);
    expect(shortLine).toMatchObject({ shortReason: 'SHORT', shortRemark: '포장 1개 누락' });
    expect(Number(shortLine!.shortQty)).toBe(1);
    const deliveredAfter = await poLineDelivered(j.poNo);
    const line = deliveredBefore.lines.findIndex((l) => l.itemName === j.lines[0].itemName);
    expect(deliveredAfter.lines[line].deliveredQty).toBe(deliveredBefore.lines[line].deliveredQty - 1);
    expect(deliveredAfter.status).toBe('PARTLY_DELIVERED');
    await screenshot(page, 'fulfilment-03b-partial-receipt-done');
    j.lines[0].quantity = received;
    j.total = j.lines.reduce((sum, l) => sum + l.quantity * l.price, 0);
    j.whReqNo = await shown(page, '입고요청번호');
    expect(j.whReqNo).toMatch(/^WR\d{4}-\d{6}$/);
    const receipts = await rowWith(page.getByRole('region', { name: '입고 내역' }), j.whReqNo);
    expect(receipts.cells).toEqual([j.whReqNo, '입고요청', '결재대기', requestedOn]);
    await expect.poll(() => page.getByRole('button', { name: '입고 처리' }).count()).toBe(0);
    await screenshot(page, 'fulfilment-04-received');

    // The requester may not approve their own receipt.
    await visit(page, `/warehousingList?whReqNo=${j.whReqNo}`);
    expect(await listTotal(page)).toBe('총 1건');
    await rowWith(listGrid(page), j.whReqNo);
    await clickGridRow(page, listGrid(page), 0);
    await page.getByText('1건 선택').waitFor();
    await page.getByRole('button', { name: '승인', exact: true }).click();
    await confirm(page, '선택한 1건의 입고요청을 승인하시겠습니까?');
    const refusal = page.getByRole('alertdialog');
    await refusal.getByText('본인이 요청한 입고는 승인할 수 없습니다').waitFor();
    await screenshot(page, 'fulfilment-05-self-approval-refused');
    await refusal.getByRole('button', { name: '확인' }).click();
    expect((await rowWith(listGrid(page), j.whReqNo)).cells.slice(0, 4)).toEqual([
      j.whReqNo,
      '',
      '입고요청',
      '결재대기',
    ]);
    expect(consoleProblems()).toEqual([]);
  });

  it('another person approves the receipt and decides it finally', { timeout: 180_000 }, async () => {
    const { page } = await as('opadmin', 'internal', `/warehousingList?whReqNo=${j.whReqNo}`);
    expect(await listTotal(page)).toBe('총 1건');
    expect(await page.getByTestId('list-currency-totals').innerText()).toBe(`합계 KRW ${won(j.total)}`);
    let row = await rowWith(listGrid(page), j.whReqNo);
    expect(row.cells.slice(0, 6)).toEqual([j.whReqNo, '', '입고요청', '결재대기', j.poNo, '㈜대한정밀']);

    await clickGridRow(page, listGrid(page), 0);
    await page.getByText('1건 선택').waitFor();
    await page.getByRole('button', { name: '승인', exact: true }).click();
    await confirm(page, '선택한 1건의 입고요청을 승인하시겠습니까?');
    await succeeded(page, '1건 처리되었습니다.');
    await expect
      .poll(async () => (await rowWith(listGrid(page), j.whReqNo)).cells[2], { timeout: 20_000 })
      .toBe('입고승인');
    row = await rowWith(listGrid(page), j.whReqNo);
    expect(row.cells[1]).toMatch(/^WA\d{4}-\d{6}$/);
    expect(row.cells[3]).toBe('승인');

    // The list reloaded and the selection was cleared: select again and decide.
    await clickGridRow(page, listGrid(page), 0);
    await page.getByText('1건 선택').waitFor();
    await page.getByRole('button', { name: '최종확정' }).click();
    const prompt = page.getByRole('dialog', { name: '최종확정' });
    await prompt.getByText('확정된 입고는 정산 대상이 되며 변경할 수 없습니다.').waitFor();
    j.decidedOn = await prompt.getByLabel('최종확정일').inputValue();
    expect(j.decidedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    j.period = j.decidedOn.slice(0, 7).replace('-', '');
    await prompt.getByRole('button', { name: '확인' }).click();
    await expect
      .poll(async () => (await rowWith(listGrid(page), j.whReqNo)).cells[2], { timeout: 20_000 })
      .toBe('최종확정');
    await screenshot(page, 'fulfilment-06-receipt-decided');
    expect(consoleProblems()).toEqual([]);
  });

  it('purchasing settles the month and puts it to the supplier', { timeout: 180_000 }, async () => {
    const { page } = await as('operator', 'internal', '/monthlyCalcAdmin?compNo=C00001');
    await listTotal(page);
    await page.getByRole('button', { name: '정산 집계' }).click();
    const prompt = page.getByRole('dialog', { name: '월정산 집계' });
    await prompt.getByLabel('정산월').fill(monthShown(j.period));
    await prompt.getByLabel('협력사 (비우면 전체)').fill('C00001');
    await screenshot(page, 'fulfilment-07-build-prompt');
    await prompt.getByRole('button', { name: '확인' }).click();
    await succeeded(page, '월정산을 집계했습니다.');

    // The list reloads: the supplier-month, a draft of the receipt's lines at the order's prices.
    const grid = listGrid(page);
    const { cells, index } = await rowWith(grid, monthShown(j.period));
    j.settleNo = cells[0];
    expect(j.settleNo).toMatch(/^ST\d{4}-\d{6}$/);
    expect(cells.slice(1, 11)).toEqual([
      monthShown(j.period),
      'C00001',
      '㈜대한정밀',
      '정산작성',
      String(j.lines.length),
      won(j.total),
      '0',
      '0',
      won(j.total),
      '0',
    ]);
    await screenshot(page, 'fulfilment-08-settlement-built');

    await clickGridRow(page, grid, index, 36 + 40);
    const opened = (u: URL) => u.pathname === '/monthlyCalcADetail' && u.searchParams.get('settleNo') === j.settleNo;
    // The grid keeps its current cell across a reload, and a click on that same cell is sometimes
    // taken as no click (seen once in a full run): open the settlement by its address then.
    await page
      .waitForURL(opened, { timeout: 10_000 })
      .catch(() => page.goto(`/monthlyCalcADetail?settleNo=${j.settleNo}`));
    await page.waitForURL(opened);
    await expectShown(page, '정산상태', '정산작성');
    expect(await shown(page, '정산월')).toBe(monthShown(j.period));
    expect(await shown(page, '3자 대사')).toBe('일치');
    expect(await shown(page, '건수')).toBe(String(j.lines.length));
    expect(await shown(page, '물품대금(원)')).toBe(won(j.total));
    expect(await shown(page, '정산금액(원)')).toBe(won(j.total));
    const lines = page.getByRole('region', { name: '정산 내역' });
    for (const l of j.lines) {
      const line = await rowWith(lines, l.itemName);
      expect(line.cells).toContain(j.whReqNo);
      expect(line.cells).toContain(j.decidedOn);
      expect(line.cells).toContain(won(l.price));
    }

    await page.getByRole('button', { name: '확인 요청' }).click();
    await confirm(page, '이 정산을 협력사에 확인 요청하시겠습니까?');
    await expectShown(page, '정산상태', '확인요청');
    expect(await page.getByRole('button', { name: '확인 요청' }).count()).toBe(0);
    await screenshot(page, 'fulfilment-09-confirm-requested');
    expect(consoleProblems()).toEqual([]);
  });

  it('the supplier sees its delivery received and confirms the settlement', { timeout: 180_000 }, async () => {
    const { page } = await as('supplier1', 'external', `/cyber/deliverInfo?deliveryNo=${j.deliveryNo}`);
    expect((await rowWith(listGrid(page), j.deliveryNo)).cells.slice(0, 2)).toEqual([j.deliveryNo, '입고완료']);

    await visit(page, '/cyber/monthlyCalculate');
    const grid = listGrid(page);
    const { cells, index } = await rowWith(grid, j.settleNo);
    expect(cells.slice(0, 4)).toEqual([j.settleNo, monthShown(j.period), '확인요청', String(j.lines.length)]);
    expect(cells).toContain(won(j.total));
    await clickGridRow(page, grid, index, 40);
    await page.waitForURL(
      (u) => u.pathname === '/cyber/monthlyCalcDetail' && u.searchParams.get('settleNo') === j.settleNo,
    );
    await expectShown(page, '정산상태', '확인요청');
    expect(await shown(page, '정산금액(원)')).toBe(won(j.total));
    await screenshot(page, 'fulfilment-10-supplier-settlement');

    await page.getByRole('button', { name: '정산 확인' }).click();
    await confirm(page, '정산 내역을 확인하셨습니까?');
    await succeeded(page, '정산을 확인했습니다.');
    await expectShown(page, '정산상태', '확인완료');
    expect(await page.getByRole('button', { name: '정산 확인' }).count()).toBe(0);
    await screenshot(page, 'fulfilment-11-supplier-confirmed');
    expect(consoleProblems()).toEqual([]);
  });

  it(
    'posting to the ERP fails: the settlement shows it and /posting-error has the ERP’s message',
    { timeout: 180_000 },
    async () => {
      const { page, problems } = await as('operator', 'internal', `/monthlyCalcADetail?settleNo=${j.settleNo}`);
      await expectShown(page, '정산상태', '협력사확인');
      expect(await shown(page, '확인자')).toBe('supplier1');
      // The shared server makes one request per posting (ERP_RETRIES=0): this one fails.
      await erpFailNext(erpBase, {
        path: '/erp/vouchers',
        times: 1,
        status: 503,
        code: 'ERP_MAINTENANCE',
        message: 'ERP 정기 점검 중입니다',
      });
      await page.getByRole('button', { name: 'ERP 전기' }).click();
      await confirm(page, '이 정산을 ERP에 전기하시겠습니까?');
      const alert = page.getByRole('alertdialog');
      await alert
        .getByText(
          'ERP 전기에 실패했습니다: ERP 정기 점검 중입니다 (HTTP 503). 전기오류 화면에서 다시 처리할 수 있습니다',
        )
        .waitFor();
      await screenshot(page, 'fulfilment-12-posting-failed');
      await alert.getByRole('button', { name: '확인' }).click();
      // The failure is recorded: the settlement as it now is, with its voucher.
      await expectShown(page, '정산상태', '전기오류');
      await expectShown(page, '기표상태', '전기오류');
      j.voucherNo = await shown(page, '전표번호');
      expect(j.voucherNo).toMatch(/^VC\d{4}-\d{6}$/);
      expect(problems.filter((p) => /status of 424 /.test(p))).toHaveLength(1);

      const calls = await voucherCalls();
      expect(calls).toHaveLength(1);
      expect(calls[0]).toMatchObject({
        status: 503,
        body: {
          voucherNo: j.voucherNo,
          settleNo: j.settleNo,
          period: j.period,
          amount: String(j.total),
          vendor: { compNo: 'C00001' },
        },
      });

      await visit(page, `/posting-error?voucherNo=${j.voucherNo}`);
      expect(await listTotal(page)).toBe('총 1건');
      const grid = listGrid(page);
      const { cells } = await rowWith(grid, j.voucherNo);
      expect(cells.slice(1, 10)).toEqual([
        '미처리',
        expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/),
        j.voucherNo,
        '전기오류',
        j.settleNo,
        monthShown(j.period),
        '㈜대한정밀',
        won(j.total),
        '1',
      ]);
      // The ERP's answer is further right: scroll the grid sideways as a user would.
      const box = (await grid.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.wheel(2000, 0);
      const scrolled = await rowWith(grid, 'ERP 정기 점검 중입니다 (HTTP 503)');
      expect(scrolled.cells).toEqual(expect.arrayContaining(['503', 'ERP_MAINTENANCE']));
      await screenshot(page, 'fulfilment-13-posting-error');
      expect(consoleProblems()).toEqual([]);
    },
  );

  it('a retry from /posting-error posts the voucher, booked once', { timeout: 180_000 }, async () => {
    const { page } = await as('operator', 'internal', `/posting-error?voucherNo=${j.voucherNo}`);
    await rowWith(listGrid(page), j.voucherNo);
    await clickGridRow(page, listGrid(page), 0);
    await page.getByText('1건 선택').waitFor();
    await page.getByRole('button', { name: '재전기' }).click();
    await confirm(page, '선택한 전표를 ERP에 다시 전송하시겠습니까?');
    await succeeded(page, '재전기를 완료했습니다.');
    // Nothing open is left; the error is kept as retried.
    await expect.poll(() => listTotal(page), { timeout: 20_000 }).toBe('총 0건');
    await visit(page, `/posting-error?voucherNo=${j.voucherNo}&status=RETRIED`);
    expect((await rowWith(listGrid(page), j.voucherNo)).cells.slice(1, 2)).toEqual(['재처리됨']);
    await screenshot(page, 'fulfilment-14-retried');

    // Sent twice under one key, booked once.
    const calls = await voucherCalls();
    expect(calls.map((c) => c.status)).toEqual([503, 201]);
    expect(new Set(calls.map((c) => c.idempotencyKey)).size).toBe(1);
    expect(calls[1].body).toEqual(calls[0].body);
    expect(calls.filter((c) => c.docNo !== null)).toHaveLength(1);
    expect(consoleProblems()).toEqual([]);
  });

  it('the voucher is posted: /signifier and /signifierDetail', { timeout: 180_000 }, async () => {
    const { page } = await as('operator');
    const booked = (await voucherCalls()).find((c) => c.docNo !== null)!;
    const [key, docNo] = [booked.idempotencyKey, booked.docNo!];
    await visit(page, `/signifier?voucherNo=${j.voucherNo}`);
    expect(await listTotal(page)).toBe('총 1건');
    const { cells } = await rowWith(listGrid(page), j.voucherNo);
    expect(cells.slice(0, 10)).toEqual([
      j.voucherNo,
      '전기완료',
      j.settleNo,
      monthShown(j.period),
      'C00001',
      '㈜대한정밀',
      won(j.total),
      docNo,
      '2',
      '0',
    ]);
    await clickGridRow(page, listGrid(page), 0, 36 + 40);
    await page.waitForURL((u) => u.pathname === '/signifierDetail' && u.searchParams.get('voucherNo') === j.voucherNo);
    await expectShown(page, '기표상태', '전기완료');
    expect(await shown(page, 'ERP 전표번호')).toBe(docNo);
    expect(await shown(page, '전표금액(원)')).toBe(won(j.total));
    expect(await shown(page, '전송 횟수')).toBe('2');
    expect(await shown(page, '연계 방식')).toBe('http');
    expect(await shown(page, '멱등키')).toBe(key);
    // Debit the goods (재료비), credit the payable: balanced.
    const lines = page.getByRole('region', { name: '분개 내역' });
    const debit = await rowWith(lines, '차변');
    const credit = await rowWith(lines, '대변');
    expect(debit.cells).toEqual([
      '1',
      '차변',
      '물품대',
      '재료비',
      `${j.period.slice(0, 4)}-${j.period.slice(4)} ㈜대한정밀 재료비`,
      won(j.total),
      '',
    ]);
    expect(credit.cells).toEqual([
      '2',
      '대변',
      '외상매입금',
      '',
      `${j.period.slice(0, 4)}-${j.period.slice(4)} ㈜대한정밀 외상매입금`,
      '',
      won(j.total),
    ]);
    const errors = await rowWith(page.getByRole('region', { name: '전기 오류' }), 'ERP_MAINTENANCE');
    expect(errors.cells.slice(2)).toEqual([
      '1',
      '503',
      'ERP_MAINTENANCE',
      'ERP 정기 점검 중입니다 (HTTP 503)',
      '재처리됨',
      expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/),
      'operator',
    ]);
    // A posted voucher is never sent again: no retry here.
    expect(await page.getByRole('button', { name: '재전기' }).count()).toBe(0);
    await screenshot(page, 'fulfilment-15-voucher');

    // The settlement is posted too.
    await page.getByRole('button', { name: '정산 보기' }).click();
    await page.waitForURL((u) => u.pathname === '/monthlyCalcADetail');
    await expectShown(page, '정산상태', '전기완료');
    expect(await voucherCalls()).toHaveLength(2);
    expect(consoleProblems()).toEqual([]);
  });

  it('the statement prints with the supplier, the month and the amounts', { timeout: 180_000 }, async () => {
    const { page } = await as('operator', 'internal', '/statement?compNo=C00001');
    const grid = listGrid(page);
    const { cells, index } = await rowWith(grid, j.settleNo);
    expect(cells.slice(0, 8)).toEqual([
      j.settleNo,
      monthShown(j.period),
      'C00001',
      '㈜대한정밀',
      expect.stringMatching(/^\d{3}-\d{2}-\d{5}$/),
      '전기완료',
      String(j.lines.length),
      won(j.total),
    ]);
    // The statement number opens the printable statement in a dialog.
    await clickGridRow(page, grid, index, 40);
    const dialog = page.getByRole('dialog', { name: '거래명세서' });
    await dialog.waitFor();
    const sheet = page.frameLocator(`iframe[title="거래명세서 ${j.settleNo}"]`);
    await sheet.getByRole('heading', { name: '거래명세서' }).waitFor();
    const monthLabel = `${j.period.slice(0, 4)}년 ${Number(j.period.slice(4))}월`;
    const meta = await sheet.locator('.meta').innerText();
    expect(meta).toContain(`${monthLabel} · 정산번호 ${j.settleNo}`);
    expect(meta).toContain('상태 전기완료');
    const supplier = await sheet.locator('table.party').first().innerText();
    expect(supplier).toContain('㈜대한정밀');
    expect(supplier).toContain('C00001');
    const lineRows = await sheet.locator('table.lines tbody tr').allInnerTexts();
    expect(lineRows).toHaveLength(j.lines.length);
    for (const [i, l] of j.lines.entries()) {
      expect(lineRows[i]).toContain(l.itemName);
      expect(lineRows[i]).toContain(won(l.quantity * l.price));
      expect(lineRows[i]).toContain(j.whReqNo);
    }
    expect(await sheet.locator('table.totals tr.grand').innerText()).toMatch(
      new RegExp(`합계 \\(부가세 별도\\)\\s+₩${won(j.total)}`),
    );
    await screenshot(page, 'fulfilment-16-statement');

    // The print stylesheet: no page margin, the header row repeated on every printed page.
    expect(await sheet.locator('body').evaluate((b) => getComputedStyle(b).marginTop)).toBe('24px');
    await page.emulateMedia({ media: 'print' });
    expect(await sheet.locator('body').evaluate((b) => getComputedStyle(b).marginTop)).toBe('0px');
    expect(await sheet.locator('table.lines thead').evaluate((h) => getComputedStyle(h).display)).toBe(
      'table-header-group',
    );
    await screenshot(page, 'fulfilment-17-statement-print');
    await page.emulateMedia({ media: 'screen' });

    // PDF 저장: the server answers a PDF, saved under the statement's name.
    const pdfAnswer = page.waitForResponse(
      (r) => r.url().includes(`/api/v1/statements/${j.settleNo}`) && r.url().includes('format=pdf'),
    );
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'PDF 저장' }).click();
    const answer = await pdfAnswer;
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toContain('application/pdf');
    const file = await download;
    expect(file.suggestedFilename()).toBe(`거래명세서_${j.settleNo}.pdf`);
    const saved = await file.path();
    expect(fs.readFileSync(saved).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // Said in the statement's dialog, and on the page that opened it (so it outlives the dialog).
    await page
      .getByRole('dialog', { name: '거래명세서' })
      .getByRole('status')
      .filter({ hasText: 'PDF를 저장했습니다.' })
      .waitFor();
    await page.locator('#main-content').getByRole('status').filter({ hasText: 'PDF를 저장했습니다.' }).waitFor();
    expect(await voucherCalls()).toHaveLength(2);
    expect(consoleProblems()).toEqual([]);
  });
});
