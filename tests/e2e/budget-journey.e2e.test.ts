import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eLane } from './helpers/lane';
import { apiLogin, unexpected } from './helpers/auth';
import { launchBrowser, type TestPage } from './helpers/browser';
import { LoginTabs } from './helpers/tabs';
import { confirm, expectField, gridRows, poll, succeeded } from './helpers/screen';
import { visit } from './helpers/in-app';
import { RESULTS_DIR } from './helpers/paths';

/**
 * Budget control in the browser: a PR charged to the STOP account 시험연구 (RND), whose
 * budget this month is 0 in the seed, shows 가용 0 on its edit screen; its approval is refused with
 * BUDGET_EXCEEDED's message; a budget transfer (예산전용) into that key is approved on
 * /budget/budgetTransfer by the BUDGET rule's approver (opadmin); the same approval then passes.
 * The PR is written through the API (its screen is tested elsewhere); the transfer is asked in the
 * 전용 요청 dialog (departments typed by code, a refusal that keeps what was typed), and everything the
 * users decide is done on the screens: 결재 상신 asks first with the budget's shortfall. Amounts carry the run's stamp, so a rerun against the same server
 * works with its own documents.
 */
describe('budget journey: PR refused under STOP → budget transfer approved → PR approved', () => {
  const baseURL = e2eLane().baseUrl;
  const stamp = Number(new Date().toISOString().replace(/\D/g, '').slice(8, 14));
  const [year, month] = new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10).split('-').map(Number);
  const price = 300_000 + (stamp % 1000);
  const doc = { prNo: '', transferNo: '' };
  let browser: Browser;
  const tabs = new LoginTabs(() => browser, baseURL);

  async function api<T>(user: string, method: string, path: string, body?: unknown): Promise<T> {
    const token = await apiLogin(baseURL, user);
    const res = await fetch(`${baseURL}${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, IsCyber: 'N', 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = (await res.json()) as T;
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(answer)}`);
    return answer;
  }

  const internal = (userId: string, at?: string): Promise<TestPage> => tabs.as('internal', userId, at);

  beforeAll(async () => {
    browser = await launchBrowser();
    const desired = new Date(Date.now() + 30 * 86400_000).toISOString().slice(0, 10);
    const pr = await api<{ prNo: string }>('buyer', 'POST', '/api/v1/prs', {
      title: `예산 여정 시험 ${stamp}`,
      desiredDate: desired,
      purpose: '예산 통제 여정',
      currency: 'KRW',
      lines: [
        {
          itemName: `시험 지그 ${stamp}`,
          unitCode: 'EA',
          quantity: '1',
          estUnitPrice: String(price),
          budgetAccount: 'RND',
        },
      ],
    });
    doc.prNo = pr.prNo;
  });

  afterAll(async () => {
    await tabs.closeAll();
    await browser?.close();
  });

  it('the requester sees the line’s budget before submitting and, without the right to ask for a transfer, whom to ask; submits', async () => {
    const { page, problems } = await internal('buyer', `/prEdit?prNo=${encodeURIComponent(doc.prNo)}`);
    await expectField(page, 'prNo', doc.prNo);
    const budget = page.getByRole('region', { name: /예산 가용/ });
    // Account, policy, budget 0 and available 0 on the one line.
    await poll(async () => (await gridRows(budget)).map((r) => r.join('|')), 30_000).toEqual([
      expect.stringMatching(/시험연구\|초과 불가\|0\|0\|/),
    ]);
    // Asked at the place of the decision: the approval's own message and the next step. A requester (group 30)
    // cannot open 예산전용: told whom to ask, and given no link that would end on 401.
    await page.getByRole('button', { name: '결재 상신' }).click();
    const ask = page.getByRole('dialog', { name: '결재 상신' });
    await ask.waitFor();
    await ask.getByText(/예산을 초과합니다: .*시험연구 .*가용 0원, 요청 [\d,]+원/).waitFor();
    await ask
      .getByText(
        /예산전용은 예산관리 권한이 있는 담당자만 요청할 수 있습니다\. .+에게 시험연구 [\d,]+원의 예산전용을 요청하세요/,
      )
      .waitFor();
    expect(await ask.getByRole('link', { name: '예산전용 요청으로 가기' }).count()).toBe(0);
    await page.screenshot({ path: `${RESULTS_DIR}/budget-requester-submit.png` });
    await ask.getByRole('button', { name: '확인', exact: true }).click();
    await succeeded(page, '결재를 상신했습니다.', 30_000);
    await expectField(page, 'status', '결재중');
    expect(unexpected(problems)).toEqual([]);
  });

  it('the approver is shown the shortfall before approving; the refusal says how to go on; the requester is told', async () => {
    const { page } = await internal('uadmin1', `/prEdit?prNo=${encodeURIComponent(doc.prNo)}`);
    // The budget grid read (the warning is decided on it).
    const budget = page.getByRole('region', { name: /예산 가용/ });
    await poll(async () => (await gridRows(budget)).map((r) => r.join('|')), 30_000).toEqual([
      expect.stringMatching(/시험연구\|초과 불가\|0\|0\|/),
    ]);
    await page.getByRole('button', { name: '승인', exact: true }).click();
    // First what the budget is: the shortfall, what the last approval will do, and the next step.
    const warned = page.getByRole('dialog', { name: '승인', exact: true });
    await warned.waitFor();
    await warned.getByText(/이 구매요청은 예산이 부족합니다/).waitFor();
    await warned.getByText(/예산을 초과합니다: .*시험연구 .*가용 0원/).waitFor();
    await warned
      .getByText(/예산전용/)
      .first()
      .waitFor();
    await page.screenshot({ path: `${RESULTS_DIR}/budget-approver-warned.png` });
    await warned.getByRole('button', { name: '확인', exact: true }).click();
    const prompt = page.getByRole('dialog', { name: '결재 승인' });
    await prompt.waitFor();
    await prompt.getByRole('button', { name: '확인', exact: true }).click();
    const refusal = page.getByRole('alertdialog').filter({
      hasText:
        /예산을 초과합니다.*시험연구.*가용 0원.*예산전용\(구매관리 › 예산관리 › 예산전용\)으로 채운 뒤에 다시 처리할 수 있습니다/,
    });
    await refusal.waitFor({ timeout: 30_000 });
    await page.screenshot({ path: `${RESULTS_DIR}/budget-approver-refused.png` });
    await refusal.getByRole('button', { name: '확인', exact: true }).click();
    await page.reload();
    await expectField(page, 'status', '결재중');
    // The requester learns it from a notice (the decision rolled back; nothing else would tell them).
    await poll(async () => {
      const res = await fetch(`${baseURL}/api/dev/outbox?limit=200`);
      const sent = (await res.json()) as { text: string }[];
      return sent.some((m) => m.text.includes(doc.prNo) && m.text.includes('예산이 부족해 승인되지 않았습니다'));
    }, 90_000).toBe(true);
  });

  it('operator asks for a transfer of 1,000,000 won from 소모품 to 시험연구 in the 전용 요청 dialog; a refusal keeps what was typed', async () => {
    const pr = await api<{ deptcd: string }>('buyer', 'GET', `/api/v1/prs/${encodeURIComponent(doc.prNo)}`);
    const { page, problems } = await internal('operator', '/budget/budgetTransfer');
    await page.getByRole('button', { name: '전용 요청', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '전용 요청' });
    await dialog.waitFor();
    // This fiscal year is filled in; nothing is called missing before a save is tried.
    expect(await dialog.getByLabel('회계연도').inputValue()).toBe(String(year));
    expect(await dialog.getByText('필수 입력 항목입니다.').count()).toBe(0);
    // The departments typed by their code (the popup is for a part of a name).
    for (const label of ['보내는 부서', '받는 부서']) {
      const box = dialog.getByRole('textbox', { name: new RegExp(`^${label}`) });
      await box.fill(pr.deptcd);
      await box.press('Tab');
      await poll(async () => box.inputValue(), 15_000).not.toBe(pr.deptcd);
    }
    await dialog.getByLabel('보내는 계정').selectOption('SUP');
    await dialog.getByLabel('받는 계정').selectOption('RND');
    await dialog.getByLabel('보내는 월').selectOption(String(month));
    await dialog.getByLabel('받는 월').selectOption(String(month));
    await dialog.getByLabel('전용 사유').fill(`시험연구 예산 보충 ${stamp}`);
    // More than the source has: refused, and the dialog keeps everything typed.
    await dialog.getByLabel('전용 금액').fill('999,999,999,999');
    await dialog.getByRole('button', { name: '확인', exact: true }).click();
    const refusal = page.getByRole('alertdialog').filter({ hasText: /전용 금액이 가용 예산을 초과합니다/ });
    await refusal.waitFor({ timeout: 30_000 });
    await refusal.getByRole('button', { name: '확인', exact: true }).click();
    expect(await dialog.getByLabel('전용 사유').inputValue()).toBe(`시험연구 예산 보충 ${stamp}`);
    await dialog.getByLabel('전용 금액').fill('1,000,000');
    await dialog.getByRole('button', { name: '확인', exact: true }).click();
    await succeeded(page, '예산전용을 요청하고 결재를 올렸습니다', 30_000);
    await dialog.waitFor({ state: 'detached' });
    const mine = await api<{ rows: { transferNo: string; reason: string; fromDeptcd: string; toAccount: string }[] }>(
      'operator',
      'GET',
      `/api/v1/budget/transfers?fiscalYear=${year}&size=50&sort=transferNo:desc`,
    );
    const sent = mine.rows.find((r) => r.reason === `시험연구 예산 보충 ${stamp}`);
    expect(sent).toMatchObject({ fromDeptcd: pr.deptcd, toAccount: 'RND' });
    doc.transferNo = sent!.transferNo;
    // The one refusal asked for above (409) and nothing else.
    expect(unexpected(problems).filter((p) => !/status of 409/.test(p))).toEqual([]);
  });

  it('opadmin approves it on 예산전용, opened as the approval card links it (the transfer selected)', async () => {
    const { page, problems } = await internal('opadmin');
    // Where the home page's approval card links it (the card shows the oldest few; the seed has older ones).
    await visit(
      page,
      `/budget/budgetTransfer?transferNo=${encodeURIComponent(doc.transferNo)}&selected=${encodeURIComponent(doc.transferNo)}`,
    );
    const list = page.getByTestId('list-grid');
    await poll(async () => (await gridRows(list)).map((r) => [r[0], r[1]]), 30_000).toEqual([
      [doc.transferNo, '결재중'],
    ]);
    // Selected already: 승인 is ready without a click on the row.
    await poll(async () => page.getByRole('button', { name: '승인', exact: true }).isEnabled(), 15_000).toBe(true);
    await page.getByRole('button', { name: '승인', exact: true }).click();
    await confirm(page, /예산전용을 승인하시겠습니까/);
    await succeeded(page, '승인했습니다', 30_000);
    await poll(async () => (await gridRows(list)).map((r) => r[1]), 30_000).toEqual(['결재완료']);
    expect(unexpected(problems)).toEqual([]);
  });

  it('the same PR now shows the transferred budget and its approval passes', async () => {
    const { page } = await internal('uadmin1', `/prEdit?prNo=${encodeURIComponent(doc.prNo)}`);
    const budget = page.getByRole('region', { name: /예산 가용/ });
    await poll(async () => (await gridRows(budget)).map((r) => r.join('|')), 30_000).toEqual([
      expect.stringMatching(/시험연구\|초과 불가\|1,000,000\|1,000,000\|/),
    ]);
    await page.getByRole('button', { name: '승인', exact: true }).click();
    const prompt = page.getByRole('dialog', { name: '결재 승인' });
    await prompt.waitFor();
    await prompt.getByLabel('승인 의견').fill('예산전용 후 승인');
    await prompt.getByRole('button', { name: '확인', exact: true }).click();
    await succeeded(page, '승인했습니다.', 30_000);
    await expectField(page, 'status', '결재완료');
  });
});
