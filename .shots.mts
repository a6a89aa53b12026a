import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:45110';
const [user, ...routes] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'], headless: true });
const ctx = await browser.newContext({ baseURL: base, locale: 'ko-KR', timezoneId: 'Asia/Seoul', viewport: { width: 1280, height: 800 } });
const page = await ctx.newPage();
page.on('pageerror', (e) => console.log('pageerror', e.message));
page.on('console', (m) => { if (m.type() === 'error') console.log('console', m.text()); });
if (user.startsWith('supplier')) {
  await page.goto('/cyberLogin');
  await page.getByLabel('아이디').fill(user);
  await page.getByLabel('비밀번호').fill('Gpms!2345');
  await page.getByRole('button', { name: '인증번호 받기' }).click();
  await page.getByLabel('인증번호 6자리').waitFor();
  await new Promise((r) => setTimeout(r, 500));
  const out = await (await fetch(`${base}/api/dev/outbox?limit=5`)).json();
  await page.getByLabel('인증번호 6자리').fill(out.find((e: any) => e.code).code);
  await page.getByRole('button', { name: '확인', exact: true }).click();
  await page.getByRole('heading', { name: 'OGPMS 협력사 포털에 오신 것을 환영합니다' }).waitFor();
} else {
  await page.goto('/login');
  await page.getByLabel('아이디').fill(user);
  await page.getByLabel('비밀번호').fill('Gpms!2345');
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await page.getByRole('heading', { name: 'GPMS에 오신 것을 환영합니다' }).waitFor();
}
for (const r of routes) {
  await page.goto(r);
  await new Promise((res) => setTimeout(res, 4000));
  const name = r.replace(/[^a-zA-Z0-9]+/g, '_').slice(0, 60);
  await page.screenshot({ path: `/tmp/s10-eval/shots/${user}${name}.png`, fullPage: true });
  console.log('shot', name);
}
await browser.close();
