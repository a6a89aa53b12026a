import { chromium } from 'playwright-core';
import { requestAndApproveBankChange } from '../tests/e2e/helpers/supplier-change-request.ts';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'], headless: true });
try {
  const r = await requestAndApproveBankChange(browser, { baseURL: 'http://127.0.0.1:18931', supplierLogin: 'supplier1', staffLogin: 'opadmin' });
  console.log(JSON.stringify(r));
} catch (e) { console.log('FAILED', e); }
await browser.close();
