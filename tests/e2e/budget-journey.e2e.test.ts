import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiLogin, openLoggedIn, unexpected } from './helpers/auth';
import { launchBrowser, type TestPage } from './helpers/browser';
import { clickGridRow, confirm, expectField, gridRows, notice, poll } from './helpers/screen';

/**
 * Budget control in the browser (issue #26): a PR charged to the STOP account 시험연구 (RND), whose
 * budget this month is 0 in the seed, shows 가용 0 on its edit screen; its approval is refused with
 * BUDGET_EXCEEDED's message; a budget transfer (예산전용) into that key is approved on
 * /budget/budgetTransfer by the BUDGET rule's approver (opadmin); the same approval then passes.
 * The PR and the transfer request are written through the API (their screens are tested elsewhere;
 * the request prompt's department popups are not what this journey is about); everything the users
 * decide is done on the screens. Amounts carry the run's stamp, so a rerun against the same server
 * works with its own documents.
 */
describe('budget journey: PR refused under STOP → budget transfer approved → PR approved', () => {
  const baseURL = inject('e2eBaseUrl');
  const stamp = Number(new Date().toISOString().replace(/\D/g, '').slice(8, 14));
  const [year, month] = new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10).split('-').map(Number);
  const price = 300_000 + (stamp % 1000);
  const doc = { prNo: '', transferNo: '' };
  let browser: Browser;
  let current: TestPage | undefined;

  async function api<T>(user: string, method: string, path: string, body?: unknown): Promise<T> {
    const token = await apiLogin(baseURL, user);
    const res = await fetch(`${baseURL}${path}`, { method, headers: { Authorization: `Bearer ${token}`, IsCyber: 'N', 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    const answer = (await res.json()) as T;
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(answer)}`);
    return answer;
  }

  async function internal(userId: string): Promise<TestPage> {
    await current?.context.close();
    return (current = await openLoggedIn(browser, baseURL, 'internal', userId));
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    const desired = new Date(Date.now() + 30 * 86400_000).toISOString().slice(0, 10);
    const pr = await api<{ prNo: string }>('buyer', 'POST', '/api/v1/prs', {
      title: `예산 여정 시험 ${stamp}`, desiredDate: desired, purpose: '예산 통제 여정', currency: 'KRW',
      lines: [{ itemName: `시험 지그 ${stamp}`, unitCode: 'EA', quantity: '1', estUnitPrice: String(price), budgetAccount: 'RND' }],
    });
    doc.prNo = pr.prNo;
  });

  afterAll(async () => {
    await current?.context.close();
    await browser?.close();
  });

  it('the requester sees the line’s budget before submitting: 시험연구, 초과 불가, nothing available; submits', async () => {
    const { page, problems } = await internal('buyer');
    await page.goto(`/prEdit?prNo=${encodeURIComponent(doc.prNo)}`);
    await expectField(page, 'prNo', doc.prNo);
    const budget = page.getByRole('region', { name: /예산 가용/ });
    // Account, policy, budget 0 and available 0 on the one line.
    await poll(async () => (await gridRows(budget)).map((r) => r.join('|')), 30_000).toEqual([expect.stringMatching(/시험연구\|초과 불가\|0\|0\|/)]);
    await page.getByRole('button', { name: '결재 상신' }).click();
    await confirm(page, '저장된 내용으로 결재를 상신하시겠습니까?');
    await notice(page, '결재를 상신했습니다.').waitFor({ timeout: 30_000 });
    await expectField(page, 'status', '결재중');
    expect(unexpected(problems)).toEqual([]);
  });

  it('the approver’s 승인 is refused: the budget is exceeded, and the PR stays in approval', async () => {
    const { page } = await internal('uadmin1');
    await page.goto(`/prEdit?prNo=${encodeURIComponent(doc.prNo)}`);
    await page.getByRole('button', { name: '승인', exact: true }).click();
    const prompt = page.getByRole('dialog', { name: '결재 승인' });
    await prompt.waitFor();
    await prompt.getByRole('button', { name: '확인', exact: true }).click();
    const refusal = page.getByRole('alertdialog').filter({ hasText: /예산을 초과합니다.*시험연구.*가용 0원/ });
    await refusal.waitFor({ timeout: 30_000 });
    await refusal.getByRole('button', { name: '확인', exact: true }).click();
    await page.reload();
    await expectField(page, 'status', '결재중');
  });

  it('a transfer of 1,000,000 won from 소모품 to 시험연구 is approved by opadmin on 예산전용', async () => {
    const pr = await api<{ deptcd: string }>('buyer', 'GET', `/api/v1/prs/${encodeURIComponent(doc.prNo)}`);
    const t = await api<{ transferNo: string }>('operator', 'POST', '/api/v1/budget/transfers', {
      fiscalYear: year, fromMonth: month, fromDeptcd: pr.deptcd, fromAccount: 'SUP', toMonth: month, toDeptcd: pr.deptcd, toAccount: 'RND', amount: '1,000,000', reason: `시험연구 예산 보충 ${stamp}`,
    });
    doc.transferNo = t.transferNo;
    const { page, problems } = await internal('opadmin');
    // Where the home page's approval card links it (the card shows the oldest few; the seed has older ones).
    await page.goto(`/budget/budgetTransfer?transferNo=${encodeURIComponent(doc.transferNo)}`);
    const list = page.getByTestId('list-grid');
    await poll(async () => (await gridRows(list)).map((r) => [r[0], r[1]]), 30_000).toEqual([[doc.transferNo, '결재중']]);
    await clickGridRow(page, list, 0);
    await page.getByRole('button', { name: '승인', exact: true }).click();
    await confirm(page, /예산전용을 승인하시겠습니까/);
    await notice(page, '승인했습니다').waitFor({ timeout: 30_000 });
    await poll(async () => (await gridRows(list)).map((r) => r[1]), 30_000).toEqual(['결재완료']);
    expect(unexpected(problems)).toEqual([]);
  });

  it('the same PR now shows the transferred budget and its approval passes', async () => {
    const { page } = await internal('uadmin1');
    await page.goto(`/prEdit?prNo=${encodeURIComponent(doc.prNo)}`);
    const budget = page.getByRole('region', { name: /예산 가용/ });
    await poll(async () => (await gridRows(budget)).map((r) => r.join('|')), 30_000).toEqual([expect.stringMatching(/시험연구\|초과 불가\|1,000,000\|1,000,000\|/)]);
    await page.getByRole('button', { name: '승인', exact: true }).click();
    const prompt = page.getByRole('dialog', { name: '결재 승인' });
    await prompt.waitFor();
    await prompt.getByLabel('승인 의견').fill('예산전용 후 승인');
    await prompt.getByRole('button', { name: '확인', exact: true }).click();
    await notice(page, '승인했습니다.').waitFor({ timeout: 30_000 });
    await expectField(page, 'status', '결재완료');
  });
});
