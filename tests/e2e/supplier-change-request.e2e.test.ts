import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eLane } from './helpers/lane';
import { maskBankAccount } from '../../lib/bank-account';
import { launchBrowser } from './helpers/browser';
import { requestAndApproveBankChange } from './helpers/supplier-change-request';

/**
 * A supplier asks for a bank change on its own page with the bankbook copy attached →
 * staff open the request from the master and approve it → the master holds the new account (in
 * full for staff who keep it) and the supplier sees it masked. The steps live in
 * helpers/supplier-change-request.ts so the lifecycle journey can run them for its new supplier.
 */
describe('supplier change request: a bank change asked by the supplier, approved by staff', () => {
  const baseURL = e2eLane().baseUrl;
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('supplier1 asks, opadmin approves, the master shows the new account', async () => {
    const result = await requestAndApproveBankChange(browser, {
      baseURL,
      supplierLogin: 'supplier1',
      staffLogin: 'opadmin',
    });
    expect(result.compNo).toBe('C00001');
    expect(result.reqNo).toMatch(/^CCR\d{4}-\d{6}$/);
    expect(result.masterAccount).toBe(result.newAccount);
    // The supplier sees its new account as the master's rule masks it for anyone who does not keep it.
    expect(result.supplierAccount).toBe(maskBankAccount(result.newAccount));
  }, 180_000);
});
