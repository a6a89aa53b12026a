/**
 * npx tsx tests/e2e/designer-screenshots-cli.ts — the screenshots of docs/studio.md's designer section,
 * taken in Debian's Chromium on the production bundle (dist/) against the real server: started here
 * (compiled, a fresh demo company; `node scripts/web-build.mjs && node scripts/build-server.mjs`
 * first) or BASE=http://127.0.0.1:PORT. Three screens are stored through the studio's API (a list,
 * an edit form, a tree) and shown in the 디자이너 tab; the pictures go to docs/img/.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { apiLogin } from './helpers/auth';
import { launchBrowser } from './helpers/browser';
import { switchLanguage } from './helpers/page-words';
import { REPO_ROOT } from './helpers/paths';
import { requireBuild, startServer } from './helpers/server';

const OUT = path.join(REPO_ROOT, 'docs/img');
const run = Date.now().toString(36);

const LIST = `{
  "kind": "list",
  "title": "발주 목록(디자이너 예시)",
  "source": { "operation": "listPos", "rowKey": "poNo" },
  "filters": [{ "field": "compName" }, { "field": "poNo" }],
  "columns": [
    { "field": "poNo", "width": 140 },
    { "field": "title", "width": 260 },
    { "field": "compNameKr", "align": "left" },
    { "field": "nope" }
  ],
  "actions": ["search", { "kind": "exportExcel", "fileName": "발주 목록" }]
}
`;

const EDIT = `{
  "kind": "edit",
  "title": "공통코드 편집(디자이너 예시)",
  "sections": [
    { "title": "기본", "columns": 2, "fields": [{ "field": "code", "required": true }, { "field": "textKo" }] },
    { "title": "표시", "fields": [{ "field": "sortOrder", "widget": "number" }, { "field": "useYn", "widget": "select" }] }
  ],
  "actions": ["back"]
}
`;

const TREE = `{ "kind": "tree", "title": "부서 트리", "tree": {} }
`;

const given = process.env.BASE;
if (!given) requireBuild();
const server = given ? null : await startServer({ readyTimeoutMs: 300_000 });
const baseURL = given ?? server!.url;
const browser = await launchBrowser();
try {
  const token = await apiLogin(baseURL, 'admin');
  const names = { list: `docList${run}`, edit: `docEdit${run}`, tree: `docTree${run}` };
  for (const [key, text] of [
    ['list', LIST],
    ['edit', EDIT],
    ['tree', TREE],
  ] as const) {
    const res = await fetch(`${baseURL}/api/v1/studio/screens`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, IsCyber: 'N', 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: names[key], portal: 'I', source: text }),
    });
    if (!res.ok) throw new Error(`createStudioScreen: ${res.status} ${await res.text()}`);
  }
  const context = await browser.newContext({
    baseURL,
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
    // Tall enough that the pane needs no scrolling: the app's fixed header would cover a scrolled picture.
    viewport: { width: 1280, height: 2400 },
  });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('아이디').fill('admin');
  await page.getByLabel('비밀번호').fill('Gpms!2345');
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await page.getByRole('heading', { name: 'GPMS에 오신 것을 환영합니다' }).waitFor({ timeout: 60_000 });

  const open = async (name: string) => {
    await page.goto('/portal/screen/studio');
    await page.getByRole('button', { name: `${name} 열기` }).click();
    await page.locator('.cm-content').waitFor({ timeout: 30_000 });
    await page.getByRole('tab', { name: '디자이너' }).click();
    await page.getByTestId('designer-pane').waitFor();
  };
  const shoot = async (p: Page, file: string) => {
    fs.mkdirSync(OUT, { recursive: true });
    const pane = p.locator('#studio-tab-designer');
    await p.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await pane.screenshot({ path: path.join(OUT, file) });
    console.log(`→ docs/img/${file}`);
  };
  const pane = page.getByTestId('designer-pane');

  // A list: checked (the unknown column marked at its place), the second column chosen, its panel in words.
  await open(names.list);
  await page.getByRole('button', { name: '검사', exact: true }).click();
  await pane.getByText('문제 1건').waitFor();
  await pane.getByRole('button', { name: '3번째 열 협력사', exact: true }).click();
  await shoot(page, 'studio-designer-list.png');

  // Carried by keyboard: Space on the handle lifts the column, ↑ carries it; the picture before the drop.
  await pane.getByRole('button', { name: '3번째 열 협력사 끌어서 옮기기', exact: true }).focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowUp');
  await page.getByText('3번째 열 협력사를 2번째 자리로 가져왔습니다').waitFor({ state: 'attached' });
  await shoot(page, 'studio-designer-drag.png');
  await page.keyboard.press('Escape');

  // The same list in English.
  await switchLanguage(page, 'en');
  await shoot(page, 'studio-designer-english.png');
  await switchLanguage(page, 'ko');

  // An edit form: sections with their fields, a field's widget chosen from the language's words.
  await open(names.edit);
  await pane.locator('[data-item="/sections/1/fields/1"]').click();
  await shoot(page, 'studio-designer-edit.png');

  // A tree: the designer names why it opens in JSON only.
  await open(names.tree);
  await pane.getByTestId('designer-refused').waitFor();
  await shoot(page, 'studio-designer-refused.png');
  await context.close();
} finally {
  await browser.close();
  await server?.stop();
}
