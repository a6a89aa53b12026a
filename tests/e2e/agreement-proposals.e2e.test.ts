import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eLane } from './helpers/lane';
import { apiLogin, openLoggedIn, unexpected } from './helpers/auth';
import { launchBrowser, screenshot, type TestPage } from './helpers/browser';
import { columnOffset, confirm, expectField, gridRows, koreanDate, poll, rowPoint } from './helpers/screen';

/**
 * 단가계약 제안 in Debian's Chromium against the shared server (docs/agreements.md "Agreements proposed
 * for a PR"): an active agreement of a master item and a received PR whose line of that item names no
 * agreement are made through the API; on /prConfirmEdit purchasing opens 단가계약 제안, finds the
 * agreement proposed for the line, opens the call-off from it — the PR line filled in under the
 * agreement line — and orders it: the draft order opens at its address, the PR's, at the agreed price.
 */
describe('agreement proposals: a PR line naming no agreement → 단가계약 제안 → the call-off filled in → the draft order', () => {
  const baseURL = e2eLane().baseUrl;
  const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  let browser: Browser;
  let current: TestPage | undefined;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await current?.context.close();
    await browser?.close();
  });

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
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field
    const json = (await res.json()) as any;
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(json)}`);
    return json;
  }

  it('purchasing opens the proposal’s call-off from /prConfirmEdit and orders the PR line at the agreed price', async () => {
    const draft = await api('operator', 'POST', '/api/v1/agreements', {
      compNo: 'C00001',
      title: `제안 여정 단가계약 ${run}`,
      currency: 'KRW',
      validFrom: koreanDate(0),
      validTo: koreanDate(60),
      lines: [{ itemCode: 'MRO0101-0001', unitPrice: '777', agreedQty: '500' }],
    });
    const agreementNo: string = draft.agreementNo;
    const submitted = await api('operator', 'POST', `/api/v1/agreements/${agreementNo}/submit`, {
      version: draft.version,
    });
    const a = submitted.approvals.at(-1);
    await api('opadmin', 'POST', `/api/v1/approvals/${a.approvalId}/approve`, { version: a.version });

    const pr = await api('buyer', 'POST', '/api/v1/prs', {
      title: `제안 여정 구매요청 ${run}`,
      desiredDate: koreanDate(30),
      purpose: '단가계약 제안 여정 시험',
      currency: 'KRW',
      lines: [{ itemCode: 'MRO0101-0001', quantity: '12', estUnitPrice: '800' }],
    });
    const prNo: string = pr.prNo;
    let approval = (await api('buyer', 'POST', `/api/v1/prs/${prNo}/submit`, { version: pr.version })).approvals.at(-1);
    while (approval.status === 'PENDING' || approval.status === 'IN_PROGRESS') {
      const step = approval.steps.find((s: { status: string }) => s.status === 'PENDING');
      const who = step.approverId === 'E000006' ? 'uadmin1' : 'opadmin';
      approval = (
        await api(who, 'POST', `/api/v1/approvals/${approval.approvalId}/approve`, { version: approval.version })
      ).approval;
    }
    const approved = await api('operator', 'GET', `/api/v1/prs/${prNo}`);
    await api('operator', 'POST', `/api/v1/prs/${prNo}/receive`, { version: approved.version, buyerId: 'E000004' });

    const { page, problems } = (current = await openLoggedIn(
      browser,
      baseURL,
      'internal',
      'operator',
      `/prConfirmEdit?prNo=${encodeURIComponent(prNo)}`,
    ));
    await expectField(page, 'prNo', prNo);
    await page.getByRole('button', { name: '단가계약 제안', exact: true }).click();
    const proposals = page.getByRole('dialog', { name: '단가계약 제안' });
    await proposals.waitFor();
    const grid = proposals.getByRole('region', { name: '품목별로 발주할 수 있는 단가계약' });
    // Other journeys' agreements of the item may be proposed too: this one's row, by its number.
    await poll(async () => (await gridRows(grid)).some((r) => r[3] === agreementNo)).toBe(true);
    const rows = await gridRows(grid);
    const index = rows.findIndex((r) => r[3] === agreementNo);
    // [PR line, item, left to order, agreement, its line, supplier, agreed price]
    expect(rows[index].slice(0, 7)).toEqual(['1', rows[index][1], '12', agreementNo, '1', '㈜대한정밀', '777']);
    await screenshot(page, 'agreement-proposals-00-dialog');

    // The agreement number is a link: it opens the call-off with the PR line under the proposed line. A
    // press glide has taken (the cell reads as selected) before the release, as a user's mouse.
    const at = await rowPoint(grid, index, await columnOffset(grid, 3));
    const marker = Number(await grid.getAttribute('data-row-marker-width'));
    await page.mouse.move(at.x, at.y);
    await page.mouse.down();
    await grid.locator(`#glide-cell-${(marker > 0 ? 1 : 0) + 3}-${index}[aria-selected="true"]`).waitFor({
      state: 'attached',
    });
    await page.mouse.up();
    const callOff = page.getByRole('dialog', { name: '단가계약 발주' });
    await callOff.waitFor();
    await expectField(callOff, 'prNo', prNo);
    const lines = callOff.getByRole('region', { name: '발주할 품목 (잔여 수량)' });
    // [agreement line, item, remaining, quantity, PR line, PR quantity, already ordered]
    await poll(async () => (await gridRows(lines)).map((r) => [r[0], r[3], r[4], r[5], r[6]])).toEqual([
      ['1', '12', '1', '12', '0'],
    ]);
    const due = callOff.getByRole('textbox', { name: '납기일', exact: true });
    await due.fill(koreanDate(14));
    await due.press('Enter');
    await screenshot(page, 'agreement-proposals-01-call-off');
    await callOff.locator('[data-action="callOff"]').click();
    await confirm(page, '입력한 수량으로 발주서(작성 상태)를 만드시겠습니까?');
    await page.waitForURL(
      (u) => u.pathname === '/OrderRequestEdit' && /^PO\d{4}-\d{6}$/.test(u.searchParams.get('poNo') ?? ''),
    );
    const poNo = new URL(page.url()).searchParams.get('poNo')!;
    await expectField(page, 'poNo', poNo);
    await expectField(page, 'agreementNo', agreementNo);
    const order = await api('operator', 'GET', `/api/v1/pos/${poNo}`);
    expect(order).toMatchObject({ prNo, totalAmount: '9324.00' });
    expect(order.lines.map((l: Record<string, unknown>) => [l.lineNo, l.agreementNo, l.unitPrice, l.quantity])).toEqual(
      [[1, agreementNo, '777.00', '12.000']],
    );
    expect((await api('operator', 'GET', `/api/v1/prs/${prNo}`)).status).toBe('ORDERED');
    expect(unexpected(problems)).toEqual([]);
  }, 240_000);
});
