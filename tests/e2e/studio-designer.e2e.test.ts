import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eLane } from './helpers/lane';
import { apiLogin, openLoggedIn, unexpected } from './helpers/auth';
import { blocking, axeViolations, describeFindings } from './helpers/axe';
import { launchBrowser, screenshot, type TestPage } from './helpers/browser';
import { switchLanguage } from './helpers/page-words';
import { confirm, poll } from './helpers/screen';

/**
 * The studio's designer in the real app. By keyboard only, the analyst makes a list screen of
 * purchase orders — title, data source, two filters (one carried by dnd-kit's keyboard drag), three
 * columns (one moved with Alt+↑) — without typing JSON, undoes and redoes through the designer,
 * sees the same text in the JSON tab, checks, saves and publishes it. By single clicks only (and
 * text typed into boxes), a second list screen: the same parts, a column moved with 아래로, undo and
 * redo by their buttons, then published. A mouse drags a column of it, and the 되돌리기 button
 * takes the drop back. operator (group 20) opens both screens. axe finds nothing serious with the
 * designer open, in Korean and in English. The screens are unpublished at the end.
 */
const run = Date.now().toString(36).toUpperCase();
const NAME = `designed${run}`;
const TITLE = `디자이너로 만든 발주 목록 ${run}`;
const CLICKED = `clicked${run}`;
const CLICKED_TITLE = `클릭으로 만든 발주 목록 ${run}`;
/** The items are named by their fields' words (listPos's, from the purchase-order screens), not the fields' names. */
const WORDS = { poNo: '발주번호', compName: '협력사명', compNameKr: '협력사', title: '제목' } as const;

describe('screen studio designer: list screens by keyboard only and by single clicks only, published and opened', () => {
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
      for (const name of [NAME, CLICKED]) {
        const s = await fetch(`${baseURL}/api/v1/studio/screens/${name}`, { headers });
        if (!s.ok) continue;
        const screen = (await s.json()) as { draftVersion: number; publishedVersion: number | null };
        if (screen.publishedVersion !== null)
          await fetch(`${baseURL}/api/v1/studio/screens/${name}/unpublish`, {
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
    await typeInto(page, /^행 키 rowKey/, 'poNo');

    for (const field of ['poNo', 'compName'] as const) {
      await typeInto(page, '새 검색조건의 필드', field, true);
      await announced(page, new RegExp(`검색조건 ${WORDS[field]}[을를] 추가했습니다`));
    }
    // The second filter carried to first place by dnd-kit's keyboard drag: Space lifts, ↑ carries, Space drops.
    await pane.getByRole('button', { name: '2번째 검색조건 협력사명 끌어서 옮기기', exact: true }).focus();
    await page.keyboard.press('Space');
    await page.getByText('2번째 검색조건 협력사명을 들었습니다').waitFor({ state: 'attached' });
    await page.keyboard.press('ArrowUp');
    await page.getByText('2번째 검색조건 협력사명을 1번째 자리로 가져왔습니다').waitFor({ state: 'attached' });
    await page.keyboard.press('Space');
    await announced(page, '협력사명을 1번째로 옮겼습니다');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      '1번째 검색조건 협력사명 끌어서 옮기기',
    );
    for (const field of ['compNameKr', 'poNo', 'title'] as const) {
      await typeInto(page, '새 열의 필드', field, true);
      await announced(page, new RegExp(`열 ${WORDS[field]}[을를] 추가했습니다`));
    }
    // The third column to second place: Alt+↑ on it, the focus staying with it.
    await pane.getByRole('button', { name: '3번째 열 제목', exact: true }).focus();
    await page.keyboard.press('Alt+ArrowUp');
    await announced(page, '제목을 2번째로 옮겼습니다');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('2번째 열 제목');
    await page.keyboard.press('Control+z');
    await announced(page, '되돌렸습니다');
    await pane.getByRole('button', { name: '3번째 열 제목', exact: true }).waitFor();
    await page.keyboard.press('Control+Shift+z');
    await announced(page, '다시 실행했습니다');
    await pane.getByRole('button', { name: '2번째 열 제목', exact: true }).waitFor();
    await screenshot(page, 'studio-designer');

    const { findings } = await axeViolations(page);
    expect(blocking(findings), describeFindings('/portal/screen/studio (designer)', blocking(findings))).toEqual([]);
    // In English on request: the designer's own words switch, and axe still finds nothing serious.
    await switchLanguage(page, 'en');
    // The last announcement too, worded again from its key: it was "다시 실행했습니다".
    await announced(page, 'Redone');
    await pane.getByRole('button', { name: 'Column 2: Title', exact: true }).waitFor();
    await pane.getByRole('button', { name: 'Drag Filter 1: Supplier name', exact: true }).waitFor();
    const english = await axeViolations(page);
    expect(
      blocking(english.findings),
      describeFindings('/portal/screen/studio (designer, English)', blocking(english.findings)),
    ).toEqual([]);
    await switchLanguage(page, 'ko');

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
    // The status line is worded again in the language of the moment.
    await switchLanguage(page, 'en');
    await page.getByTestId('studio-status').getByText('No problems. It can be published.').waitFor();
    await switchLanguage(page, 'ko');
    await page.getByRole('button', { name: '초안 저장' }).click();
    await page
      .getByTestId('studio-status')
      .getByText(/초안을 저장했습니다/)
      .waitFor();
    expect(unexpected(analyst.problems)).toEqual([]);
  });

  /** Publishes the open screen under 구매관리 › 발주 for group 20. */
  const publish = async (page: Page, name: string, title: string, english: string) => {
    await page.getByLabel('상위 메뉴').selectOption({ label: '구매관리 › 발주' });
    await page.getByLabel('메뉴 이름 (한국어)').fill(title);
    await page.getByLabel('메뉴 이름 (영어)').fill(english);
    await page.getByRole('checkbox', { name: /^20 / }).check();
    await page.getByRole('button', { name: '게시', exact: true }).click();
    await confirm(page, /게시하시겠습니까/);
    await page.getByTestId('studio-status').getByText(`v1을 게시했습니다: /s/${name}`).waitFor();
  };

  it('publishes it for group 20', async () => {
    await publish(analyst.page, NAME, TITLE, `Designed POs ${run}`);
    expect(unexpected(analyst.problems)).toEqual([]);
  });

  it('builds a second list by single clicks only (text typed into boxes), and publishes it', async () => {
    const { page } = analyst;
    await page.getByLabel('이름 (경로 /s/이름)').fill(CLICKED);
    await page.getByRole('button', { name: '만들기', exact: true }).click();
    await page.getByRole('heading', { name: new RegExp(`정의 편집: ${CLICKED}`) }).waitFor();
    await page.locator('.cm-content').waitFor({ timeout: 30_000 });
    await page.getByRole('tab', { name: '디자이너' }).click();
    const pane = page.getByTestId('designer-pane');
    await pane.waitFor({ timeout: 30_000 });

    await pane.getByRole('button', { name: '화면 전체', exact: true }).click();
    await pane.getByLabel(/^제목 title/).fill(CLICKED_TITLE);
    await pane.getByRole('button', { name: '데이터 원본(source)', exact: true }).click();
    await pane.getByLabel(/^작업 operation/).fill('listPos');
    await pane.getByLabel(/^행 키 rowKey/).fill('poNo');
    const add = async (label: string, button: string, field: string, said: RegExp) => {
      await pane.getByLabel(label).fill(field);
      await pane.getByRole('button', { name: button, exact: true }).click();
      await announced(page, said);
    };
    await add('새 검색조건의 필드', '검색조건 추가', 'poNo', /검색조건 발주번호를 추가했습니다/);
    for (const field of ['title', 'poNo', 'compNameKr'] as const)
      await add('새 열의 필드', '열 추가', field, new RegExp(`열 ${WORDS[field]}[을를] 추가했습니다`));
    // A property from a choice worded in Korean: the third column aligned to the right.
    await pane.getByRole('button', { name: '3번째 열 협력사', exact: true }).click();
    await pane.getByLabel(/^정렬 align/).selectOption({ label: '오른쪽 (right)' });
    // The first column down one place by its 아래로 button; undo and redo by theirs.
    await pane.getByRole('button', { name: '1번째 열 제목 아래로 옮기기', exact: true }).click();
    await announced(page, '제목을 2번째로 옮겼습니다');
    await pane.getByRole('button', { name: '되돌리기', exact: true }).click();
    await pane.getByRole('button', { name: '1번째 열 제목', exact: true }).waitFor();
    await pane.getByRole('button', { name: '다시 실행', exact: true }).click();
    await pane.getByRole('button', { name: '2번째 열 제목', exact: true }).waitFor();

    await page.getByRole('tab', { name: 'JSON' }).click();
    const def = JSON.parse(await page.locator('.cm-content').innerText()) as Record<string, unknown>;
    expect(def.title).toBe(CLICKED_TITLE);
    expect(def.source).toEqual({ operation: 'listPos', rowKey: 'poNo' });
    expect(def.filters).toEqual([{ field: 'poNo' }]);
    expect(def.columns).toEqual([{ field: 'poNo' }, { field: 'title' }, { field: 'compNameKr', align: 'right' }]);

    await page.getByRole('button', { name: '검사', exact: true }).click();
    await page.getByTestId('studio-status').getByText('문제가 없습니다. 게시할 수 있습니다.').waitFor();
    await page.getByRole('button', { name: '초안 저장' }).click();
    await page
      .getByTestId('studio-status')
      .getByText(/초안을 저장했습니다/)
      .waitFor();
    await publish(page, CLICKED, CLICKED_TITLE, `Clicked POs ${run}`);
    expect(unexpected(analyst.problems)).toEqual([]);
  });

  it('a mouse drags a column by its handle (one step, which 되돌리기 takes back)', async () => {
    const { page } = analyst;
    await page.getByRole('tab', { name: '디자이너' }).click();
    const pane = page.getByTestId('designer-pane');
    // The mouse reaches what is on the screen: the columns scrolled into view first.
    await pane.getByRole('region', { name: /^열/ }).scrollIntoViewIfNeeded();
    const handle = await pane.getByRole('button', { name: '3번째 열 협력사 끌어서 옮기기', exact: true }).boundingBox();
    const target = await pane.getByRole('button', { name: '1번째 열 발주번호', exact: true }).boundingBox();
    const x = handle!.x + handle!.width / 2;
    const from = handle!.y + handle!.height / 2;
    const to = target!.y + target!.height / 2 - 4;
    await page.mouse.move(x, from);
    await page.mouse.down();
    // A few steps a frame apart, as a hand moves: dnd-kit measures the items once the drag has started.
    for (let k = 1; k <= 10; k++) {
      await page.mouse.move(x, from + ((to - from) * k) / 10);
      await page.waitForTimeout(30);
    }
    await page.mouse.up();
    await announced(page, /협력사를 1번째로 옮겼습니다/);
    await pane.getByRole('button', { name: '1번째 열 협력사', exact: true }).waitFor();
    await pane.getByRole('button', { name: '되돌리기', exact: true }).click();
    await pane.getByRole('button', { name: '3번째 열 협력사', exact: true }).waitFor();
    expect(unexpected(analyst.problems)).toEqual([]);
  });

  it('operator opens both screens', async () => {
    operator = await openLoggedIn(browser, baseURL, 'internal', 'operator', `/s/${NAME}`);
    for (const [name, title] of [
      [NAME, TITLE],
      [CLICKED, CLICKED_TITLE],
    ]) {
      if (name !== NAME) await operator.page.goto(`/s/${name}`);
      await operator.page.getByRole('heading', { name: title }).first().waitFor({ timeout: 30_000 });
      await poll(
        async () => Number((await operator.page.getByTestId('list-total').innerText()).replace(/[^0-9]/g, '')),
        30_000,
      ).toBeGreaterThan(0);
    }
    expect(unexpected(operator.problems)).toEqual([]);
  });
});
