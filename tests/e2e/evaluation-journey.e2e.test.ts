import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eLane } from './helpers/lane';
import { apiLogin, unexpected } from './helpers/auth';
import { launchBrowser, screenshot, type TestPage } from './helpers/browser';
import { LoginTabs } from './helpers/tabs';
import { columnOffset, confirm, gridRows, koreanDate, poll } from './helpers/screen';
import { visit } from './helpers/in-app';

/**
 * Supplier evaluation in the browser, on the shared demo server:
 * tfadmin sets up a period with two qualitative criteria over C00001 and C00002 (operator evaluates)
 * and opens it → operator scores C00001 on the task screen and submits (C00002's task through the
 * API, the same operation) → tfadmin closes the period, finalizes both totals and publishes C00001's
 * → supplier1 sees its grade and each criterion's score and comment; supplier2 sees nothing of the
 * period (its total is final but not published) → operator invites C00118, graded "block" by the demo
 * evaluation: the invitation dialog shows the grade and the refusal names it.
 *
 * The period is the journey's own: the half-year before the earliest period on the server (so it
 * never overlaps one, and it is never a supplier's newest standing).
 */
const RUN = Date.now().toString(36);
const PERIOD = `여정 평가 ${RUN}`;

/** The half-year before `start` (yyyy-MM-dd, a 1 January or 1 July). */
function halfYearBefore(start: string): { startDate: string; endDate: string } {
  const [y, m] = start.split('-').map(Number);
  return m === 7
    ? { startDate: `${y}-01-01`, endDate: `${y}-06-30` }
    : { startDate: `${y - 1}-07-01`, endDate: `${y - 1}-12-31` };
}

/** Presses row `row`'s first data cell of a glide grid (a canvas) and releases once glide has taken it. */
async function clickGridRow(page: Page, grid: Locator, row: number): Promise<void> {
  await grid.scrollIntoViewIfNeeded();
  // An edit further right scrolls the grid sideways: back to its first column first.
  await grid.locator('.dvn-scroller').evaluate((el) => el.scrollTo({ left: 0 }));
  const box = await grid.locator('canvas[data-testid="data-grid-canvas"]').boundingBox();
  if (!box) throw new Error('the grid has no canvas on screen');
  const d = await grid.evaluate((el) => ({ ...(el as HTMLElement).dataset }));
  const [marker, header, height] = [Number(d.rowMarkerWidth), Number(d.headerHeight), Number(d.rowHeight)];
  await page.mouse.move(box.x + marker + 20, box.y + header + row * height + height / 2);
  await page.mouse.down();
  await grid.locator(`#glide-cell-${marker > 0 ? 1 : 0}-${row}[aria-selected="true"]`).waitFor({ state: 'attached' });
  await page.mouse.up();
}

/**
 * Types into an editable cell as a user does: a click in the middle of the cell (found from the
 * widths the grid drew, the grid scrolled back to its left edge), Enter opens the editor, the text,
 * Enter commits.
 */
async function editCell(page: Page, grid: Locator, row: number, column: number, text: string): Promise<void> {
  await grid.scrollIntoViewIfNeeded();
  await grid.locator('.dvn-scroller').evaluate((el) => el.scrollTo({ left: 0 }));
  const box = await grid.locator('canvas[data-testid="data-grid-canvas"]').boundingBox();
  if (!box) throw new Error('the grid has no canvas on screen');
  const d = await grid.evaluate((el) => ({ ...(el as HTMLElement).dataset }));
  const [marker, header, height] = [Number(d.rowMarkerWidth), Number(d.headerHeight), Number(d.rowHeight)];
  const x = Math.min(box.x + marker + (await columnOffset(grid, column)), box.x + box.width - 6);
  await page.mouse.click(x, box.y + header + row * height + height / 2);
  await grid
    .locator(`#glide-cell-${(marker > 0 ? 1 : 0) + column}-${row}[aria-selected="true"]`)
    .waitFor({ state: 'attached' });
  const editor = page.locator('#portal textarea, #portal input').first();
  await page.keyboard.press('Enter');
  if (
    !(await editor.waitFor({ timeout: 5_000 }).then(
      () => true,
      () => false,
    ))
  ) {
    await page.keyboard.press('Enter');
    await editor.waitFor();
  }
  await editor.fill(text);
  await editor.press('Enter');
  await editor.waitFor({ state: 'detached' });
}

/** Ticks (or unticks) row `row`'s check box in a grid with row markers. */
async function tickRow(page: Page, grid: Locator, row: number): Promise<void> {
  const box = await grid.locator('canvas[data-testid="data-grid-canvas"]').boundingBox();
  if (!box) throw new Error('the grid has no canvas on screen');
  const d = await grid.evaluate((el) => ({ ...(el as HTMLElement).dataset }));
  const [marker, header, height] = [Number(d.rowMarkerWidth), Number(d.headerHeight), Number(d.rowHeight)];
  await page.mouse.click(box.x + marker / 2, box.y + header + row * height + height / 2);
}

async function api<T>(baseURL: string, token: string, url: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${baseURL}${url}`, {
    ...init,
    headers: {
      authorization: `Bearer ${token}`,
      iscyber: 'N',
      'content-type': 'application/json',
      ...(init.headers ?? {}),
    },
  });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

interface Task {
  taskId: number;
  compNo: string;
  periodName: string;
  version: number;
}

describe('supplier evaluation journey', () => {
  const baseURL = e2eLane().baseUrl;
  let browser: Browser;
  const tabs = new LoginTabs(() => browser, baseURL);
  let dates: { startDate: string; endDate: string };

  beforeAll(async () => {
    browser = await launchBrowser();
    const token = await apiLogin(baseURL, 'monitor');
    const periods = await api<{ rows: Array<{ startDate: string }> }>(
      baseURL,
      token,
      '/api/v1/evaluation/periods?size=500',
    );
    dates = halfYearBefore(periods.rows.map((p) => p.startDate).sort()[0]);
  }, 120_000);
  afterAll(async () => {
    await tabs.closeAll();
    await browser?.close();
  });

  const internal = (userId: string, at?: string): Promise<TestPage> => tabs.as('internal', userId, at);

  const external = (userId: string, at?: string): Promise<TestPage> => tabs.as('external', userId, at);

  async function openPeriod(page: Page): Promise<void> {
    await visit(page, '/business/evaManage/evaSetting');
    await page.getByRole('treeitem', { name: new RegExp(PERIOD) }).click();
    await poll(() => page.locator('[data-field="periodName"] input').inputValue()).toBe(PERIOD);
  }

  it('tfadmin sets up a period with two criteria over two suppliers and opens it', async () => {
    const { page, problems } = await internal('tfadmin', '/business/evaManage/evaSetting');
    await page.getByRole('button', { name: '평가기간 추가' }).click();
    await page.getByLabel('평가기간명').fill(PERIOD);
    await page.getByLabel('시작일').fill(dates.startDate);
    await page.getByLabel('종료일').fill(dates.endDate);
    await page.getByLabel('평가 마감일').fill(koreanDate(10));
    await page.getByLabel('평가 대상').selectOption({ label: '지정 협력사' });
    await page.getByLabel('대상 협력사 목록').fill('C00001, C00002');

    // Two qualitative criteria (weights 60 + 40), each scored by operator (E000004); the grade bands start as A 90 / B 75 / C 60 warn / D block.
    const criteria = page.getByRole('region', { name: '평가 항목 (가중치 합 100)' });
    for (const [row, [seq, category, name, weight]] of [
      ['1', '협력', '협조도', '60'],
      ['2', '기술', '기술 대응력', '40'],
    ].entries()) {
      await page.getByRole('button', { name: '행 추가' }).click();
      await editCell(page, criteria, row, 0, seq);
      await editCell(page, criteria, row, 1, category);
      await editCell(page, criteria, row, 2, name);
      await editCell(page, criteria, row, 4, weight);
    }
    // The evaluator of each, from the person popup: operator (김민수, E000004), then the criterion's seq.
    const evaluators = page.getByRole('region', { name: /정성 항목 평가자/ });
    for (const [row, seq] of ['1', '2'].entries()) {
      await page.getByRole('button', { name: '평가자 추가' }).click();
      const people = page.getByRole('dialog', { name: '사원 검색' });
      await people.getByLabel('사번').fill('E000004');
      await people.getByRole('button', { name: '조회' }).click();
      await poll(async () => (await gridRows(people.locator('[data-gpms-grid]'))).map((r) => [r[0], r[3]])).toEqual([
        ['김민수', 'E000004'],
      ]);
      await people.getByRole('button', { name: '선택' }).click();
      await people.waitFor({ state: 'detached' });
      await editCell(page, evaluators, row, 0, seq);
    }
    await poll(async () => (await gridRows(evaluators)).map((r) => [r[0], r[2], r[3]])).toEqual([
      ['1', 'E000004', '김민수'],
      ['2', 'E000004', '김민수'],
    ]);
    const grades = page.getByRole('region', { name: /등급 기준/ });
    expect((await gridRows(grades)).map((r) => r.slice(0, 3))).toEqual([
      ['A', '90', '없음'],
      ['B', '75', '없음'],
      ['C', '60', '확인 후 거래'],
      ['D', '0', '거래 제한'],
    ]);
    await screenshot(page, 'evaluation-01-setup');
    await page.locator('[data-action="save"]').click();
    await confirm(page, '저장하시겠습니까?');
    await page.getByRole('treeitem', { name: new RegExp(PERIOD) }).waitFor();
    await openPeriod(page);
    await poll(() => page.locator('[data-field="weightSum"] input').inputValue()).toBe('100');

    await page.locator('[data-action="open"]').click();
    await confirm(page, /시작/);
    await poll(() => page.locator('[data-field="taskCount"] input').inputValue()).toBe('2');
    await screenshot(page, 'evaluation-02-opened');
    expect(unexpected(problems)).toEqual([]);
  });

  it('operator scores C00001 on its task and submits it', async () => {
    const { page, problems } = await internal('operator');
    const token = await apiLogin(baseURL, 'operator');
    const tasks = (await api<{ rows: Task[] }>(baseURL, token, `/api/v1/evaluation/tasks?size=500`)).rows.filter(
      (t) => t.periodName === PERIOD,
    );
    expect(tasks.map((t) => t.compNo).sort()).toEqual(['C00001', 'C00002']);

    await visit(page, '/evaWorkList');
    await page.getByLabel('평가기간').selectOption({ label: PERIOD });
    await page.getByRole('button', { name: '조회', exact: true }).click();
    const list = page.getByTestId('list-grid');
    await poll(async () => (await gridRows(list)).map((r) => [r[1], r[2], r[4]]).sort()).toEqual([
      [PERIOD, 'C00001', '미평가'],
      [PERIOD, 'C00002', '미평가'],
    ]);
    const c1 = tasks.find((t) => t.compNo === 'C00001')!;
    await clickGridRow(
      page,
      list,
      (await gridRows(list)).findIndex((r) => r[2] === 'C00001'),
    );
    await page.waitForURL((u) => u.pathname === '/evaWorkEdit' && u.searchParams.get('taskId') === String(c1.taskId));
    await poll(() => page.locator('[data-field="compNo"] input').inputValue()).toBe('C00001');
    const scores = page.getByRole('region', { name: /평가 항목/ });
    await editCell(page, scores, 0, 9, '5');
    await editCell(page, scores, 0, 10, '여정 협조 우수');
    await editCell(page, scores, 1, 9, '4');
    await screenshot(page, 'evaluation-03-scoring');
    await page.locator('[data-action="submit"]').click();
    await confirm(page, /제출/);
    await poll(() =>
      page
        .locator('[data-field="status"] select')
        .evaluate((s) => (s as HTMLSelectElement).selectedOptions[0]?.textContent ?? ''),
    ).toBe('제출');

    // C00002 through the same operations: 2 and 2 → 40 points, grade D.
    const c2 = tasks.find((t) => t.compNo === 'C00002')!;
    const detail = await api<{ version: number; scores: Array<{ criterionId: number; kind: string }> }>(
      baseURL,
      token,
      `/api/v1/evaluation/tasks/${c2.taskId}`,
    );
    const body = {
      version: detail.version,
      scores: detail.scores
        .filter((s) => s.kind === 'QUAL')
        .map((s) => ({ criterionId: s.criterionId, score: 2, comment: null })),
    };
    await api(baseURL, token, `/api/v1/evaluation/tasks/${c2.taskId}/submit`, {
      method: 'POST',
      body: JSON.stringify(body),
    });
    expect(unexpected(problems)).toEqual([]);
  });

  it('tfadmin closes the period, finalizes both totals and publishes C00001’s', async () => {
    const { page, problems } = await internal('tfadmin');
    await openPeriod(page);
    await page.locator('[data-action="close"]').click();
    await confirm(page, /마감/);
    await poll(() =>
      page
        .locator('[data-field="status"] select')
        .evaluate((s) => (s as HTMLSelectElement).selectedOptions[0]?.textContent ?? ''),
    ).toBe('마감');

    const totals = async () => {
      await visit(page, '/compEvaTotalList');
      await page.getByLabel('평가기간').selectOption({ label: PERIOD });
      await page.getByRole('button', { name: '조회', exact: true }).click();
      return page.getByTestId('list-grid');
    };
    // compNo, total, grade (rank order); C00002's 40 points are grade D.
    let grid = await totals();
    await poll(async () => (await gridRows(grid)).map((r) => [r[2], r[6], r[7]])).toEqual([
      ['C00001', '92', 'A'],
      ['C00002', '40', 'D'],
    ]);
    await tickRow(page, grid, 0);
    await tickRow(page, grid, 1);
    await page.locator('[data-action="finalize"]').click();
    await confirm(page, /확정/);
    await poll(async () => (await gridRows(grid)).map((r) => r[11])).toEqual(['확정', '확정']);
    // Afresh, nothing ticked: C00001 alone is published.
    grid = await totals();
    await poll(async () => (await gridRows(grid)).map((r) => r[2])).toEqual(['C00001', 'C00002']);
    await tickRow(page, grid, 0);
    await page.locator('[data-action="publish"]').click();
    await confirm(page, /공개/);
    await poll(async () => (await gridRows(grid)).map((r) => r[13])).toEqual(['공개', '미공개']);
    await screenshot(page, 'evaluation-04-published');
    expect(unexpected(problems)).toEqual([]);
  });

  it('supplier1 sees its grade and each criterion; supplier2 sees nothing of the period', async () => {
    {
      const { page, problems } = await external('supplier1', '/cyber/compInfo/evaTotalList');
      const grid = page.getByTestId('list-grid');
      await grid.locator('td', { hasText: PERIOD }).first().waitFor({ state: 'attached' });
      const row = (await gridRows(grid)).find((r) => r[0] === PERIOD)!;
      expect([row[3], row[4]]).toEqual(['92', 'A']);
      const index = (await gridRows(grid)).findIndex((r) => r[0] === PERIOD);
      await clickGridRow(page, grid, index);
      await page.waitForURL((u) => u.pathname === '/cyber/compInfo/evaTotalView');
      await poll(() => page.locator('[data-field="grade"] input').inputValue()).toBe('A');
      const lines = page.getByRole('region', { name: /항목별/ });
      await poll(async () => (await gridRows(lines)).filter((r) => r.some((c) => c.length)).length).toBe(2);
      expect((await gridRows(lines)).some((r) => r.includes('여정 협조 우수'))).toBe(true);
      await screenshot(page, 'evaluation-05-supplier1');
      expect(unexpected(problems)).toEqual([]);
    }
    {
      const { page, problems } = await external('supplier2', '/cyber/compInfo/evaTotalList');
      const grid = page.getByTestId('list-grid');
      await grid.locator('tbody tr').first().waitFor({ state: 'attached' });
      await poll(async () => (await gridRows(grid)).length).toBeGreaterThan(0);
      expect((await gridRows(grid)).some((r) => r[0] === PERIOD)).toBe(false);
      expect(unexpected(problems)).toEqual([]);
    }
  });

  it('a supplier graded "block" cannot be invited: the dialog shows the grade, the refusal names it', async () => {
    const { page, problems } = await internal('operator');
    const token = await apiLogin(baseURL, 'operator');
    const prs = await api<{ rows: Array<{ prNo: string }> }>(baseURL, token, '/api/v1/prs?status=RECEIVED&size=50');
    let prNo = '';
    for (const r of prs.rows) {
      const pr = await api<{ actions: string[] }>(baseURL, token, `/api/v1/prs/${r.prNo}`);
      if (pr.actions.includes('requestQuote')) {
        prNo = r.prNo;
        break;
      }
    }
    expect(prNo, 'a received PR the operator may request quotations on').not.toBe('');
    await visit(page, `/prConfirmEdit?prNo=${prNo}`);
    await page.getByRole('button', { name: '견적 요청' }).click();
    const rfq = page.getByRole('dialog', { name: '견적요청' });
    await rfq.waitFor();
    await rfq.getByLabel('견적 마감일').fill(koreanDate(3));
    await rfq.getByRole('button', { name: '협력사 추가' }).click();
    const companies = page.getByRole('dialog', { name: '업체 검색' });
    await companies.getByLabel('업체명 또는 사업자번호').fill('C00118');
    await companies.getByRole('button', { name: '조회' }).click();
    await poll(async () => (await gridRows(companies.locator('[data-gpms-grid]'))).map((r) => r[0])).toEqual([
      'C00118',
    ]);
    await companies.getByRole('button', { name: '선택' }).click();
    await companies.waitFor({ state: 'detached' });
    const invited = rfq.getByRole('region', { name: '견적 요청 협력사' });
    await poll(async () => (await gridRows(invited)).map((r) => [r[0], r[3], r[4]])).toEqual([
      ['C00118', 'D', '거래 제한'],
    ]);
    await rfq.locator('[data-action="save"]').click();
    await confirm(page, '선택한 협력사에 견적을 요청하시겠습니까?');
    const error = page.getByRole('alertdialog').filter({ hasText: /거래가 제한된 협력사입니다.*C00118.*D등급/ });
    await error.waitFor();
    await screenshot(page, 'evaluation-06-blocked');
    await error.getByRole('button', { name: '확인', exact: true }).click();

    // C00117 is graded "warn" (C): the dialog asks for the confirmation check box, and sends once it is ticked.
    await tickRow(page, invited, 0);
    await rfq.getByRole('button', { name: '행 삭제' }).click();
    await rfq.getByRole('button', { name: '협력사 추가' }).click();
    await companies.getByLabel('업체명 또는 사업자번호').fill('C00117');
    await companies.getByRole('button', { name: '조회' }).click();
    await poll(async () => (await gridRows(companies.locator('[data-gpms-grid]'))).map((r) => r[0])).toEqual([
      'C00117',
    ]);
    await companies.getByRole('button', { name: '선택' }).click();
    await companies.waitFor({ state: 'detached' });
    await poll(async () => (await gridRows(invited)).map((r) => [r[0], r[3], r[4]])).toEqual([
      ['C00117', 'C', '확인 후 거래'],
    ]);
    const check = rfq.getByLabel('평가 등급 확인');
    await check.waitFor();
    await rfq.locator('[data-action="save"]').click();
    await confirm(page, '선택한 협력사에 견적을 요청하시겠습니까?');
    const warn = page.getByRole('alertdialog').filter({ hasText: /주의 등급입니다.*C00117/ });
    await warn.waitFor();
    await warn.getByRole('button', { name: '확인', exact: true }).click();
    await check.check();
    await screenshot(page, 'evaluation-07-warn-confirmed');
    await rfq.locator('[data-action="save"]').click();
    await confirm(page, '선택한 협력사에 견적을 요청하시겠습니까?');
    await rfq.waitFor({ state: 'detached' });
    await poll(() => page.locator('[data-field="rfqNo"] input').inputValue()).toMatch(/^RFQ\d{4}-\d{6}$/);
    expect(unexpected(problems).filter((p) => !/status of 409/.test(p))).toEqual([]);
  });
});
