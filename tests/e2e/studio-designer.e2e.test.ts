import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eLane } from './helpers/lane';
import { apiLogin, openLoggedIn, unexpected } from './helpers/auth';
import { blocking, axeViolations, describeFindings } from './helpers/axe';
import { launchBrowser, screenshot, type TestPage } from './helpers/browser';
import { confirm, poll } from './helpers/screen';

/**
 * The studio's designer in the real app, by keyboard only: the analyst makes a list screen of
 * purchase orders — title, data source, two filters, three columns, one moved — without typing
 * JSON, undoes and redoes through the designer, sees the same text in the JSON tab, checks, saves
 * and publishes it; operator (group 20) opens it. axe finds nothing serious with the designer open.
 * The screen is unpublished at the end.
 */
const run = Date.now().toString(36).toUpperCase();
const NAME = `designed${run}`;
const TITLE = `디자이너로 만든 발주 목록 ${run}`;

describe('screen studio designer: a list screen by keyboard only, published and opened', () => {
  const baseURL = e2eLane().baseUrl;
  let browser: Browser;
  let analyst: TestPage;
  let operator: TestPage;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    try {
      const token = await apiLogin(baseURL, 'admin');
      const headers = { Authorization: `Bearer ${token}`, IsCyber: 'N', 'Content-Type': 'application/json' };
      const s = await fetch(`${baseURL}/api/v1/studio/screens/${NAME}`, { headers });
      if (s.ok) {
        const screen = (await s.json()) as { draftVersion: number; publishedVersion: number | null };
        if (screen.publishedVersion !== null)
          await fetch(`${baseURL}/api/v1/studio/screens/${NAME}/unpublish`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ version: screen.draftVersion }),
          });
      }
    } finally {
      await analyst?.context.close();
      await operator?.context.close();
      await browser?.close();
    }
  });

  /** Types into a labelled box of the designer and presses Enter (an add form submits). */
  const typeInto = async (page: Page, label: string | RegExp, text: string, enter = false) => {
    await page.getByTestId('designer-pane').getByLabel(label).focus();
    await page.keyboard.type(text);
    if (enter) await page.keyboard.press('Enter');
  };
  const announced = (page: Page, text: string | RegExp) =>
    page.getByTestId('designer-announcement').getByText(text).waitFor();

  it('builds the list in the designer by keyboard, undoes and redoes, and the JSON tab shows the same text', async () => {
    analyst = await openLoggedIn(browser, baseURL, 'internal', 'admin', '/portal/screen/studio');
    const { page } = analyst;
    await page.getByRole('heading', { name: '화면 스튜디오' }).first().waitFor({ timeout: 30_000 });
    await page.getByLabel('이름 (경로 /s/이름)').focus();
    await page.keyboard.type(NAME);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: new RegExp(`정의 편집: ${NAME}`) }).waitFor();
    await page.locator('.cm-content').waitFor({ timeout: 30_000 });

    // The designer tab, by the tab list's arrow keys.
    await page.getByRole('tab', { name: 'JSON' }).focus();
    await page.keyboard.press('ArrowRight');
    const pane = page.getByTestId('designer-pane');
    await pane.waitFor({ timeout: 30_000 });

    // The screen's title and its data source, chosen as elements and set in their panels.
    await pane.getByRole('button', { name: '화면 전체', exact: true }).focus();
    await page.keyboard.press('Enter');
    await typeInto(page, /^제목 title/, TITLE);
    await pane.getByRole('button', { name: '데이터 원본(source)', exact: true }).focus();
    await page.keyboard.press('Enter');
    await typeInto(page, /^작업 operation/, 'listPos');
    await typeInto(page, /^rowKey/, 'poNo');

    for (const field of ['compName', 'poNo']) {
      await typeInto(page, '새 검색조건의 필드', field, true);
      await announced(page, new RegExp(`검색조건 ${field}[을를] 추가했습니다`));
    }
    for (const field of ['compNameKr', 'poNo', 'title']) {
      await typeInto(page, '새 열의 필드', field, true);
      await announced(page, new RegExp(`열 ${field}[을를] 추가했습니다`));
    }
    // The third column to second place: Alt+↑ on it, the focus staying with it.
    await pane.getByRole('button', { name: '3번째 열 title', exact: true }).focus();
    await page.keyboard.press('Alt+ArrowUp');
    await announced(page, 'title을 2번째로 옮겼습니다');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('2번째 열 title');
    await page.keyboard.press('Control+z');
    await announced(page, '되돌렸습니다');
    await pane.getByRole('button', { name: '3번째 열 title', exact: true }).waitFor();
    await page.keyboard.press('Control+Shift+z');
    await announced(page, '다시 실행했습니다');
    await pane.getByRole('button', { name: '2번째 열 title', exact: true }).waitFor();
    await screenshot(page, 'studio-designer');

    const { findings } = await axeViolations(page);
    expect(blocking(findings), describeFindings('/portal/screen/studio (designer)', blocking(findings))).toEqual([]);

    // The JSON tab: the same definition, written in the template's own style.
    await page.getByRole('tab', { name: '디자이너' }).focus();
    await page.keyboard.press('ArrowLeft');
    const text = await page.locator('.cm-content').innerText();
    const def = JSON.parse(text) as { title: string; source: unknown; filters: unknown; columns: unknown };
    expect(def.title).toBe(TITLE);
    expect(def.source).toEqual({ operation: 'listPos', rowKey: 'poNo' });
    expect(def.filters).toEqual([{ field: 'compName' }, { field: 'poNo' }]);
    expect(def.columns).toEqual([{ field: 'compNameKr' }, { field: 'title' }, { field: 'poNo' }]);

    await page.getByRole('button', { name: '검사', exact: true }).click();
    await page.getByTestId('studio-status').getByText('문제가 없습니다. 게시할 수 있습니다.').waitFor();
    await page.getByRole('button', { name: '초안 저장' }).click();
    await page
      .getByTestId('studio-status')
      .getByText(/초안을 저장했습니다/)
      .waitFor();
    expect(unexpected(analyst.problems)).toEqual([]);
  });

  it('publishes it for group 20, and operator opens it', async () => {
    const { page } = analyst;
    await page.getByLabel('상위 메뉴').selectOption({ label: '구매관리 › 발주' });
    await page.getByLabel('메뉴 이름 (한국어)').fill(TITLE);
    await page.getByLabel('메뉴 이름 (영어)').fill(`Designed POs ${run}`);
    await page.getByRole('checkbox', { name: /^20 / }).check();
    await page.getByRole('button', { name: '게시', exact: true }).click();
    await confirm(page, /게시하시겠습니까/);
    await page.getByTestId('studio-status').getByText(`v1을 게시했습니다: /s/${NAME}`).waitFor();

    operator = await openLoggedIn(browser, baseURL, 'internal', 'operator', `/s/${NAME}`);
    await operator.page.getByRole('heading', { name: TITLE }).first().waitFor({ timeout: 30_000 });
    await poll(
      async () => Number((await operator.page.getByTestId('list-total').innerText()).replace(/[^0-9]/g, '')),
      30_000,
    ).toBeGreaterThan(0);
    expect(unexpected(operator.problems)).toEqual([]);
  });
});
