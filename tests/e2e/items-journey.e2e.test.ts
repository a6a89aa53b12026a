import fs from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { e2eLane } from './helpers/lane';
import * as XLSX from 'xlsx';
import { pageSession, unexpected } from './helpers/auth';
import { launchBrowser, screenshot, type TestPage } from './helpers/browser';
import { LoginTabs } from './helpers/tabs';
import { confirm, fieldText, gridRows, koreanDate, rowPoint } from './helpers/screen';
import { visit } from './helpers/in-app';

/**
 * The items journey in Chromium against the shared demo server, through the screens:
 * staff (tfadmin) download the upload template → fill it (SheetJS, as the server does) with five
 * good rows and two bad ones → upload → see the two errors and download them as a workbook with the
 * reasons → fix the file and upload it again (the first batch is replaced) → apply → the buyer finds
 * the new items with the item search popup on a PR line → supplier1 proposes a price change for one
 * of its items and then edits the waiting proposal → staff approve it with today's date → the
 * item's price history lists the proposal and its chart draws → supplier2 sees the proposal neither
 * in its list nor at its address. Every item and proposal it touches is its own (names with RUN).
 */
const RUN = Date.now().toString(36).toUpperCase();
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** expect.poll with time for a busy machine (its default gives up after a second). */
const poll = <T>(read: () => Promise<T>, timeout = 30_000) => expect.poll(read, { timeout });

/** A workbook file as the browser hands it over. */
const xlsxFile = (name: string, wb: XLSX.WorkBook) => ({
  name,
  mimeType: XLSX_TYPE,
  buffer: Buffer.from(XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer),
});

/** Reads a download as rows of cell texts (first sheet). */
async function downloadedRows(page: Page, link: Locator): Promise<{ name: string; sheet: string; rows: string[][] }> {
  const [file] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const book = XLSX.read(fs.readFileSync(await file.path()));
  const sheet = book.SheetNames[0];
  const rows = XLSX.utils
    .sheet_to_json<unknown[]>(book.Sheets[sheet], { header: 1, defval: '', raw: false })
    .map((r) => r.map((c) => String(c)));
  return { name: file.suggestedFilename(), sheet, rows };
}

/** The page's login; the app may still be navigating right after it logged in, so ask again. */
async function sessionOf(page: Page): ReturnType<typeof pageSession> {
  for (let i = 0; ; i++) {
    try {
      return await pageSession(page);
    } catch (e) {
      if (i >= 10) throw e;
      await page.waitForTimeout(300);
    }
  }
}

describe('items journey: Excel upload → item popup on a PR line → supplier price proposal → approval → price history', () => {
  const baseURL = e2eLane().baseUrl;
  const today = koreanDate(0);
  const names = ['A', 'B', 'C', 'D', 'E'].map((s) => `여정 품목 ${RUN} ${s}`);
  const state = { header: [] as string[], example: [] as string[], itemCode: '', itemName: '', proposalNo: '' };
  let browser: Browser;
  const tabs = new LoginTabs(() => browser, baseURL);

  beforeAll(async () => {
    browser = await launchBrowser();
  }, 60_000);
  // A failed step leaves a picture of where it stopped.
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail' && tabs.current)
      await screenshot(tabs.current.page, `items-failed-${ctx.task.name.slice(0, 24).replace(/\W+/g, '-')}`, {
        always: true,
      }).catch(() => undefined);
  });
  afterAll(async () => {
    await tabs.closeAll();
    await browser?.close();
  });

  const internal = (userId: string, at?: string): Promise<TestPage> => tabs.as('internal', userId, at);

  const external = (userId: string, at?: string): Promise<TestPage> => tabs.as('external', userId, at);

  /** The API as the page's own login (supplier calls carry IsCyber: Y). */
  async function api<T>(page: Page, url: string, cyber: boolean): Promise<{ status: number; body: T }> {
    const { accessToken } = await sessionOf(page);
    const res = await fetch(`${baseURL}${url}`, {
      headers: { Authorization: `Bearer ${accessToken}`, IsCyber: cyber ? 'Y' : 'N' },
    });
    return { status: res.status, body: (await res.json()) as T };
  }

  /** The upload screen's batch once the worker has checked it (새로고침 until it says so). */
  async function waitForBatch(page: Page, status: string): Promise<void> {
    await poll(async () => {
      if ((await fieldText(page, 'status')) !== status) await page.getByRole('button', { name: '새로고침' }).click();
      return fieldText(page, 'status');
    }).toBe(status);
  }

  /** Attaches a workbook on the upload screen and sends it (올리기); answers with the new batch id. */
  async function uploadWorkbook(page: Page, file: ReturnType<typeof xlsxFile>): Promise<string> {
    const attachments = page.getByRole('group', { name: '올릴 엑셀 파일' });
    await attachments.locator('input[type="file"]').setInputFiles(file);
    await attachments.getByRole('link', { name: file.name }).waitFor();
    await page.getByRole('button', { name: '올리기', exact: true }).click();
    await confirm(page, '저장하시겠습니까?');
    await poll(() => fieldText(page, 'batchId')).toMatch(/^IU\d{4}-\d{6}$/);
    return fieldText(page, 'batchId');
  }

  it('staff upload items from the template: the bad rows are named, downloaded, fixed, uploaded again and applied', async () => {
    const { page, problems } = await internal('tfadmin', '/itemExcelUpDetail');
    await page.getByRole('heading', { name: '품목 엑셀등록' }).waitFor();
    const template = await downloadedRows(page, page.locator('[data-field="template"]').getByRole('link').first());
    expect(template.sheet).toBe('품목');
    [state.header, state.example] = [template.rows[0], template.rows[1]];
    expect(state.header).toHaveLength(15);
    expect(state.header[1]).toContain('itemName');

    // Five good rows from the template's example, two bad: an unknown unit, a colour not allowed.
    const col = (key: string) => state.header.findIndex((h) => h.includes(`(${key})`));
    const row = (name: string, change: Record<string, string> = {}) => {
      const r = [...state.example];
      r[col('itemName')] = name;
      r[col('spec')] = `여정 규격 ${RUN}`;
      for (const [k, v] of Object.entries(change)) r[col(k)] = v;
      return r;
    };
    const rows = [
      row(names[0]),
      row(names[1]),
      row(names[2], { unitCode: 'XX' }),
      row(names[3]),
      row(names[4], { COLOR: 'PURPLE' }),
    ];
    const book = (data: string[][]) => {
      const wb = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([state.header, ...data]), '품목');
      return wb;
    };
    const first = await uploadWorkbook(page, xlsxFile(`items-${RUN}.xlsx`, book(rows)));
    await waitForBatch(page, '검사 완료');
    expect([await fieldText(page, 'countNew'), await fieldText(page, 'countError')]).toEqual(['3', '2']);
    // Each bad row with its column and reason (errors sort first).
    const results = page.getByRole('region', { name: '행별 결과' });
    await poll(async () => (await gridRows(results)).filter((r) => r[1] === '오류').map((r) => [r[0], r[2]])).toEqual([
      ['4', 'unitCode'],
      ['6', 'COLOR'],
    ]);
    await screenshot(page, 'items-01-upload-errors');

    // The error workbook: the two rows in the template's columns, the reasons beside them.
    const errors = await downloadedRows(page, page.locator('[data-field="errorFiles"]').getByRole('link').first());
    expect(errors.rows[0].slice(0, 15)).toEqual(state.header);
    expect(errors.rows[0][15]).toBe('오류내용');
    expect(errors.rows.slice(1).map((r) => r[col('itemName')])).toEqual([names[2], names[4]]);
    expect(errors.rows[1][15]).toContain('[unitCode]');
    expect(errors.rows[2][15]).toContain('[COLOR]');

    // Fix the file and upload it again: the new batch replaces the first.
    rows[2][col('unitCode')] = 'EA';
    rows[4][col('COLOR')] = '';
    await page.getByRole('button', { name: '고쳐서 다시 올리기' }).click();
    await page.waitForURL(/replaces=/);
    const second = await uploadWorkbook(page, xlsxFile(`items-${RUN}-fixed.xlsx`, book(rows)));
    expect(second).not.toBe(first);
    await waitForBatch(page, '검사 완료');
    expect([
      await fieldText(page, 'countNew'),
      await fieldText(page, 'countError'),
      await fieldText(page, 'replaces'),
    ]).toEqual(['5', '0', first]);

    await page.getByRole('button', { name: '반영', exact: true }).click();
    await confirm(page, /한 번만 반영할 수 있습니다/);
    await waitForBatch(page, '반영 완료');
    await poll(
      async () => (await gridRows(results)).map((r) => r[4]).filter((code) => /^MRO0101-\d{4,}$/.test(code)).length,
    ).toBe(5);
    await screenshot(page, 'items-02-applied');
    const old = await api<{ status: string }>(page, `/api/v1/item/uploads/${first}`, false);
    expect(old.body.status).toBe('REPLACED');
    expect(unexpected(problems)).toEqual([]);
  }, 180_000);

  it('the buyer finds the new items with the item search popup on a PR line', async () => {
    const { page, problems } = await internal('buyer', '/prEdit');
    await page.getByRole('heading', { name: '구매요청서' }).waitFor();
    await page.getByRole('button', { name: '품목 검색' }).click();
    const popup = page.getByRole('dialog', { name: '품목 검색' });
    await popup.getByLabel('품목명').fill(`여정 품목 ${RUN}`);
    await popup.getByLabel('품목명').press('Enter');
    await poll(async () => (await gridRows(popup)).map((r) => r[1])).toEqual(names);
    // One search grid in the popup (the shared widgets once drew two).
    expect(await popup.locator('canvas[data-testid="data-grid-canvas"]').count()).toBe(1);
    await screenshot(page, 'items-03-item-popup');
    const chosen = (await gridRows(popup))[1];
    const at = await rowPoint(popup.locator('[data-row-height]').first(), 1);
    await page.mouse.dblclick(at.x, at.y);
    await popup.waitFor({ state: 'detached' });
    const lines = page.getByRole('region', { name: '품목' });
    await poll(async () => (await gridRows(lines)).some((r) => r.includes(chosen[0]) && r.includes(names[1]))).toBe(
      true,
    );
    expect(unexpected(problems)).toEqual([]);
  }, 120_000);

  it('supplier1 proposes a price change for one of its items and edits it while it waits', async () => {
    const { page, problems } = await external('supplier1');
    const mine = await api<{ rows: Array<{ itemCode: string; itemName: string; pendingProposal: string | null }> }>(
      page,
      '/api/v1/cyber/items?size=50&sort=itemCode:asc',
      true,
    );
    const item = mine.body.rows.find((r) => r.pendingProposal === null);
    if (!item) throw new Error('supplier1 should supply an item without a waiting proposal');
    [state.itemCode, state.itemName] = [item.itemCode, item.itemName];

    await visit(page, '/cyber/itemManagement/ItemInfoEdit');
    await page.getByRole('heading', { name: '단가변경·신규품목 제안' }).waitFor();
    await page.locator('[data-field="itemCode"] select').selectOption(item.itemCode);
    await page.getByLabel('제안 단가').fill('24680');
    await page.getByLabel('적용 희망일').fill(today);
    await page.getByLabel('제안 사유').fill(`여정 시험 ${RUN}: 원자재 가격 변동`);
    await page.getByRole('button', { name: '제안 제출' }).click();
    await confirm(page, '제안을 제출하시겠습니까?');
    // The screen goes back after saving: let that navigation land before this test opens the next page.
    await page.waitForURL((u) => !u.pathname.endsWith('/ItemInfoEdit'));
    await poll(
      async () =>
        (
          await api<{ rows: Array<{ proposalNo: string; status: string }> }>(
            page,
            `/api/v1/item-proposals?itemCode=${item.itemCode}&status=SUBMITTED`,
            true,
          )
        ).body.rows.length,
    ).toBe(1);
    state.proposalNo = (
      await api<{ rows: Array<{ proposalNo: string }> }>(
        page,
        `/api/v1/item-proposals?itemCode=${item.itemCode}&status=SUBMITTED`,
        true,
      )
    ).body.rows[0].proposalNo;

    // Change the waiting proposal: a lower price.
    await visit(page, `/cyber/itemManagement/upItemDetail?proposalNo=${state.proposalNo}`);
    await poll(() => fieldText(page, 'proposalNo')).toBe(state.proposalNo);
    await page.getByRole('button', { name: '제안 수정' }).click();
    const edit = page.getByRole('dialog', { name: '단가 제안 수정' });
    await poll(() => fieldText(edit, 'proposalNo')).toBe(state.proposalNo);
    // By its field: the page behind the dialog has a field of the same name (and label).
    await edit.locator('[data-field="proposedPrice"] input').fill('23450');
    await screenshot(page, 'items-04-proposal-edit');
    await edit.getByRole('button', { name: '저장', exact: true }).click();
    await confirm(page, '제안을 수정하시겠습니까?');
    await edit.waitFor({ state: 'detached' });
    await poll(() => fieldText(page, 'proposedPrice')).toBe('23,450');
    expect(unexpected(problems)).toEqual([]);
  }, 120_000);

  it('supplier2 sees the proposal neither in its list nor at its address', async () => {
    expect(state.proposalNo).not.toBe('');
    const { page, problems } = await external('supplier2', '/cyber/itemManagement/upItemView');
    const search = page.getByRole('search');
    await search.getByLabel('품목코드').fill(state.itemCode);
    await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/v1/item-proposals?') && r.ok()),
      search.getByRole('button', { name: '조회' }).click(),
    ]);
    await page.getByTestId('list-total').waitFor();
    expect((await gridRows(page.getByTestId('list-grid'))).map((r) => r[0])).not.toContain(state.proposalNo);
    await visit(page, `/cyber/itemManagement/upItemDetail?proposalNo=${state.proposalNo}`);
    const refused = page.getByRole('main').getByRole('alert');
    await refused.waitFor();
    expect(await refused.innerText()).toContain('제안이 없습니다');
    expect(await api(page, `/api/v1/item-proposals/${state.proposalNo}`, true).then((r) => r.status)).toBe(404);
    expect(unexpected(problems).filter((p) => !p.includes('status of 404'))).toEqual([]);
  }, 120_000);

  it('staff approve it with today as the effective date: the item price history shows it and its chart draws', async () => {
    expect(state.proposalNo).not.toBe('');
    const { page, problems } = await internal('tfadmin', `/itemProposalDetail?proposalNo=${state.proposalNo}`);
    await poll(() => fieldText(page, 'proposalNo')).toBe(state.proposalNo);
    const supplier = await fieldText(page, 'compNameKr');
    expect(await fieldText(page, 'proposedPrice')).toBe('23,450');
    await page.getByRole('button', { name: '승인', exact: true }).click();
    const prompt = page.getByRole('dialog', { name: '승인' });
    await prompt.getByLabel('적용일').fill(today);
    await prompt.getByRole('button', { name: '확인', exact: true }).click();
    await poll(() => fieldText(page, 'status')).toBe('승인');

    await visit(page, `/itemDetail?itemCode=${state.itemCode}`);
    const list = page.getByTestId('list-grid');
    await list.locator('td', { hasText: state.itemCode }).first().waitFor({ state: 'attached' });
    const at = await rowPoint(list, 0);
    await page.mouse.dblclick(at.x, at.y);
    const item = page.getByRole('dialog', { name: '품목 상세' });
    const history = item.getByRole('region', { name: '단가 이력' });
    await poll(async () => (await gridRows(history)).find((r) => r.includes(state.proposalNo))?.slice(0, 3)).toEqual([
      today,
      supplier,
      '23,450',
    ]);
    await item.getByRole('button', { name: '단가 추이' }).click();
    const trend = page.getByRole('dialog', { name: '단가 추이' });
    await trend.locator('[data-testid="list-chart"] svg .recharts-line').first().waitFor();
    // Today's approval is a point of the chart (its date on the x axis).
    await poll(async () => trend.locator('[data-testid="list-chart"] svg text').allTextContents()).toContain(today);
    await screenshot(page, 'items-05-price-trend');
    expect(unexpected(problems)).toEqual([]);
  }, 120_000);
});
