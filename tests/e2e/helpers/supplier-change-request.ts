import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD, submitExternalLogin, submitInternalLogin } from './auth';
import { openPage, screenshot, type TestPage } from './browser';
import { clickGridRow } from './screen';
import { visit } from './in-app';

export interface BankChangeOptions {
  baseURL: string;
  /** The supplier user who asks (its company's master changes). */
  supplierLogin: string;
  supplierPassword?: string;
  /** The staff member who approves (write on /CompManageEdit). */
  staffLogin?: string;
  staffPassword?: string;
  /** The new account, digits and hyphens; a fresh one per run by default. */
  newAccount?: string;
  reason?: string;
  /** Screenshots under test-results/e2e/ with this prefix. */
  shots?: string;
}

export interface BankChangeResult {
  reqNo: string;
  compNo: string;
  newAccount: string;
  /** The account as the master shows it afterwards (to staff who keep it: in full). */
  masterAccount: string;
  /** As the supplier's page shows it afterwards: masked. */
  supplierAccount: string;
}

/** The input of a form field of an engine screen, by its data-field. */
const field = (page: Page, name: string) =>
  page.locator(`[data-field="${name}"] input, [data-field="${name}"] textarea`).first();

/**
 * Clicks the first data column of the grid row showing `text` (glide draws on a canvas: by
 * coordinates, as a user's mouse). glide acts on the mouse-up, so the button is released only once
 * the press has been taken (the pressed cell reads as selected).
 */
async function clickGridRowWith(page: Page, text: string): Promise<void> {
  const cell = page.locator('td[id^="glide-cell-"]', { hasText: text }).first();
  await cell.waitFor({ state: 'attached' });
  const row = Number((await cell.getAttribute('id'))!.split('-').at(-1));
  const grid = page.locator('[data-row-marker-width]').filter({ has: cell }).first();
  await clickGridRow(page, grid, row);
}

/** Presses a button of the engine's confirmation dialog (확인), if one is asked. */
async function confirmDialog(page: Page): Promise<void> {
  const dialog = page.getByRole('alertdialog');
  await dialog.waitFor();
  await dialog.getByRole('button', { name: '확인', exact: true }).click();
}

/**
 * The supplier asks for a bank change on /cyber/compManage/CyberCompManageEdit with a bankbook copy
 * attached → a staff member opens the request from the master (/CompManageEdit) and approves it →
 * the master holds the new account (in full for staff who keep it), and the supplier sees it masked.
 * Every step through the browser, as the users would; each party in its own context.
 */
export async function requestAndApproveBankChange(browser: Browser, o: BankChangeOptions): Promise<BankChangeResult> {
  const newAccount = o.newAccount ?? `110-${String(Date.now()).slice(-3)}-${String(Date.now()).slice(-6)}`;
  const shots = o.shots ?? 'supplier-change-request';
  const reason = o.reason ?? '결제 계좌 변경 (E2E)';
  let supplier: TestPage | undefined;
  let staff: TestPage | undefined;
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'gpms-bankbook-')), '통장사본.pdf');
  fs.writeFileSync(file, '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
  try {
    // 1. The supplier asks.
    supplier = await openPage(browser, o.baseURL);
    const sp = supplier.page;
    await visit(sp, '/cyberLogin');
    await submitExternalLogin(sp, o.baseURL, o.supplierLogin, o.supplierPassword ?? DEMO_PASSWORD);
    await sp.getByRole('heading', { name: 'OGPMS 협력사 포털에 오신 것을 환영합니다' }).waitFor();
    await visit(sp, '/cyber/compManage/CyberCompManageEdit');
    await sp.getByRole('heading', { name: '회사정보 변경' }).waitFor();
    const compNo = await field(sp, 'compNo').inputValue({ timeout: 20_000 });
    await field(sp, 'bankAccount').fill(newAccount);
    await field(sp, 'changeReason').fill(reason);
    await sp.locator('[data-field="changeFileId"] input[type="file"]').setInputFiles(file);
    await sp.locator('[data-field="changeFileId"]').getByText('통장사본.pdf').waitFor({ timeout: 20_000 });
    await sp.getByRole('button', { name: '저장', exact: true }).click();
    await confirmDialog(sp);
    await sp.getByText('저장했습니다. 은행·등록정보 변경은 담당자 승인 후 반영됩니다').waitFor({ timeout: 20_000 });
    const reqNo = await field(sp, 'openReqNo').inputValue({ timeout: 20_000 });
    if (!/^CCR\d{4}-\d{6}$/.test(reqNo)) throw new Error(`no open change request shown after saving: "${reqNo}"`);
    await screenshot(sp, `${shots}-1-requested`);

    // 2. Staff approve it from the supplier master.
    staff = await openPage(browser, o.baseURL);
    const st = staff.page;
    await visit(st, '/login');
    await submitInternalLogin(st, o.staffLogin ?? 'opadmin', o.staffPassword ?? DEMO_PASSWORD);
    await st.getByRole('heading', { name: 'GPMS에 오신 것을 환영합니다' }).waitFor();
    await visit(st, `/CompManageEdit?compNo=${compNo}`);
    await st.getByRole('heading', { name: '협력사 정보' }).waitFor();
    await clickGridRowWith(st, reqNo);
    const dialog = st.getByRole('dialog', { name: '협력사 정보 변경요청' });
    await dialog.waitFor();
    await dialog.getByText('통장사본.pdf').waitFor();
    await screenshot(st, `${shots}-2-review`);
    await dialog.getByRole('button', { name: '승인', exact: true }).click();
    const prompt = st.getByRole('dialog').filter({ hasText: '승인하면 협력사 마스터가 바로 바뀝니다' });
    await prompt.waitFor();
    await prompt.getByRole('button', { name: '확인', exact: true }).click();
    await dialog
      .getByText('승인했습니다. 협력사 마스터에 반영했습니다')
      .or(st.getByText('승인했습니다. 협력사 마스터에 반영했습니다'))
      .first()
      .waitFor({ timeout: 20_000 });
    await dialog.getByRole('button', { name: '닫기', exact: true }).last().click();

    // 3. The master shows the new account: staff who keep it see it in full.
    await st.reload();
    await field(st, 'bankAccount').waitFor();
    let masterAccount = '';
    for (let i = 0; i < 40 && masterAccount !== newAccount; i++) {
      masterAccount = await field(st, 'bankAccount').inputValue();
      if (masterAccount !== newAccount) await st.waitForTimeout(250);
    }
    await screenshot(st, `${shots}-3-master`);

    // 4. The supplier sees it masked, the request approved.
    await sp.reload();
    await sp.getByRole('heading', { name: '회사정보 변경' }).waitFor();
    let supplierAccount = '';
    const last4 = newAccount.replace(/\D/g, '').slice(-4);
    for (let i = 0; i < 40 && !(supplierAccount.includes('*') && supplierAccount.endsWith(last4)); i++) {
      supplierAccount = await field(sp, 'bankAccount').inputValue();
      if (!supplierAccount.endsWith(last4)) await sp.waitForTimeout(250);
    }
    await screenshot(sp, `${shots}-4-supplier-after`);
    return { reqNo, compNo, newAccount, masterAccount, supplierAccount };
  } finally {
    await supplier?.context.close();
    await staff?.context.close();
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}
