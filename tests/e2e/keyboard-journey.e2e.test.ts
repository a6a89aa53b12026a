import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eLane } from './helpers/lane';
import { unexpected } from './helpers/auth';
import { launchBrowser, openPage, screenshot, type TestPage } from './helpers/browser';
import { arrowTo, editCellByKeyboard, keyboardLogin, press, tabTo, typeInto } from './helpers/keyboard';
import { expectField, fieldText, gridRows, koreanDate, poll, succeeded } from './helpers/screen';
import { visit } from './helpers/in-app';

/**
 * A buyer writes a PR with two lines through the item popup and submits it, and the
 * approver approves it, with the keyboard alone — Tab/Shift+Tab, arrows, Enter, Escape and typed
 * text; no mouse event, no click(), no fill(). The grid cells are edited as a keyboard user does:
 * arrows to the cell, Enter opens the editor, Enter commits.
 */
describe('keyboard only: a PR written through the item popup, submitted and approved', () => {
  const baseURL = e2eLane().baseUrl;
  const title = `키보드 여정 ${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}`;
  let browser: Browser;
  let current: TestPage | undefined;
  let prNo = '';

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await current?.context.close();
    await browser?.close();
  });

  async function as(userId: string): Promise<TestPage> {
    await current?.context.close();
    current = await openPage(browser, baseURL);
    await keyboardLogin(current.page, userId);
    return current;
  }

  it(
    'the buyer writes the PR: two lines from the item popup, quantities and prices typed into the grid, saved and submitted',
    { timeout: 180_000 },
    async () => {
      const { page, problems } = await as('buyer');
      await visit(page, '/prEdit');
      await page.getByRole('heading', { name: '구매요청서' }).waitFor();
      await typeInto(page, page.getByLabel('제목'), title);
      await typeInto(page, page.getByLabel('희망 납기일'), koreanDate(30));
      await typeInto(page, page.getByLabel('구매 목적'), '키보드만으로 작성한 구매요청');

      const popup = page.getByRole('dialog', { name: '품목 검색' });
      // Line 1: an item code the master knows once — the popup chooses it without showing its grid.
      await press(page, page.getByRole('button', { name: '품목 검색' }));
      await typeInto(page, popup.getByLabel('품목코드'), 'MRO0101-0001');
      await page.keyboard.press('Enter');
      await popup.waitFor({ state: 'detached' });
      // Line 2: a name with many items — Tab into the popup's grid, the arrows choose the second, Enter takes it.
      await press(page, page.getByRole('button', { name: '품목 검색' }));
      await typeInto(page, popup.getByLabel('품목명'), '육각너트');
      await page.keyboard.press('Enter');
      const found = popup.locator('[data-gpms-grid]');
      await found.locator('tbody tr').nth(1).waitFor({ state: 'attached' });
      await tabTo(page, found.locator('canvas[data-testid="data-grid-canvas"]'));
      await page.keyboard.press('ArrowDown');
      // The popup's grid moves its chosen row with the arrows (glide's second row: aria-rowindex 3).
      const second = found.locator('tbody tr[aria-rowindex="3"][aria-selected="true"]');
      await second.waitFor({ state: 'attached' });
      const chosen = (await second.locator('td').first().textContent()) ?? '';
      await page.keyboard.press('Enter');
      await popup.waitFor({ state: 'detached' });

      const lines = page.getByRole('region', { name: '품목' });
      await poll(async () => (await gridRows(lines)).map((r) => r[1])).toEqual(['MRO0101-0001', chosen]);
      // Data columns: 0 순번, 1 품목코드, 2 품목명, 3 규격, 4 단위, 5 수량, 6 예상단가.
      await editCellByKeyboard(page, lines, 5, 0, '10');
      await editCellByKeyboard(page, lines, 6, 0, '200');
      await editCellByKeyboard(page, lines, 5, 1, '20');
      await editCellByKeyboard(page, lines, 6, 1, '30');
      await arrowTo(page, lines, 0, 0);
      await poll(async () => (await gridRows(lines)).map((r) => [r[1], r[5], r[6]])).toEqual([
        ['MRO0101-0001', '10', '200'],
        [chosen, '20', '30'],
      ]);
      await screenshot(page, 'keyboard-01-pr-draft');

      await press(page, page.getByRole('button', { name: '저장', exact: true }));
      const confirmDialog = page.getByRole('alertdialog');
      await confirmDialog.waitFor();
      expect(await confirmDialog.innerText()).toContain('저장하시겠습니까?');
      await press(page, confirmDialog.getByRole('button', { name: '확인', exact: true }));
      await succeeded(page, '저장되었습니다.');
      await expectField(page, 'prNo', /^PR\d{4}-\d{6}$/);
      prNo = await fieldText(page, 'prNo');

      await press(page, page.getByRole('button', { name: '결재 상신' }));
      await confirmDialog.waitFor();
      await press(page, confirmDialog.getByRole('button', { name: '확인', exact: true }));
      await succeeded(page, '결재를 상신했습니다.');
      await expectField(page, 'status', '결재중');
      expect(unexpected(problems)).toEqual([]);
    },
  );

  it('the approver (uadmin1) approves it with a comment, by keyboard', { timeout: 120_000 }, async () => {
    expect(prNo).not.toBe('');
    const { page, problems } = await as('uadmin1');
    await visit(page, `/prEdit?prNo=${encodeURIComponent(prNo)}`);
    await expectField(page, 'prNo', prNo);
    await press(page, page.getByRole('button', { name: '승인', exact: true }));
    const prompt = page.getByRole('dialog', { name: '결재 승인' });
    await prompt.waitFor();
    await typeInto(page, prompt.getByLabel('승인 의견'), '키보드로 승인');
    await press(page, prompt.getByRole('button', { name: '확인', exact: true }));
    await succeeded(page, '승인했습니다.');
    await expectField(page, 'status', '결재완료');
    await screenshot(page, 'keyboard-02-pr-approved');
    expect(unexpected(problems)).toEqual([]);
  });
});
