import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eLane } from './helpers/lane';
import { apiLogin, openLoggedIn, unexpected } from './helpers/auth';
import { blocking, axeViolations, describeFindings } from './helpers/axe';
import { launchBrowser, screenshot, type TestPage } from './helpers/browser';
import { confirm, poll } from './helpers/screen';

/**
 * The screen studio journey against the shared server: the analyst (admin, group 99)
 * writes "협력사별 미납 발주" with one mistake, sees the error at its place with the suggestion,
 * fixes it, previews real rows, publishes it under 구매관리 › 발주 for group 20; operator (group 20)
 * finds it in the menu and opens it; monitor (group 40) lands on /info401; the analyst publishes a
 * second version, then restores the first, and operator sees the first again at once. The screen is
 * unpublished at the end, so the shared server's menus are as they were.
 */
const run = Date.now().toString(36).toUpperCase();
const NAME = `openPo${run}`;
const TITLE = `협력사별 미납 발주 ${run}`;
const TITLE_V2 = `협력사별 미납 발주 (상태) ${run}`;
const CANCEL_DESK = `cancelDesk${run}`;

function definition(opts: { title: string; firstField: string; status?: boolean }) {
  return `${JSON.stringify(
    {
      kind: 'list',
      title: opts.title,
      source: {
        operation: 'listPos',
        rowKey: 'poNo',
        defaultSort: 'compNameKr:asc',
        params: { query: { status: "['SENT', 'ACKNOWLEDGED', 'PARTLY_DELIVERED']" } },
      },
      filters: [{ field: 'compName' }, { field: 'poNo' }],
      columns: [
        { field: opts.firstField, width: 200 },
        { field: 'poNo', width: 140 },
        { field: 'title', width: 240 },
        { field: 'dueDate', type: 'date', width: 110 },
        { field: 'totalAmount', type: 'money', currencyField: 'currency', width: 130 },
        ...(opts.status ? [{ field: 'status', type: 'code', codeGroup: 'PO_STATUS', width: 110 }] : []),
      ],
    },
    null,
    2,
  )}\n`;
}

describe('screen studio: write, check, preview, publish, open, refuse, restore', () => {
  const baseURL = e2eLane().baseUrl;
  let browser: Browser;
  let analyst: TestPage;
  let operator: TestPage;

  const replaceText = async (page: Page, text: string) => {
    const content = page.locator('.cm-content');
    await content.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    await page.keyboard.insertText(text);
  };

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    try {
      // Leave the shared server's menus as they were.
      const token = await apiLogin(baseURL, 'admin');
      const headers = { Authorization: `Bearer ${token}`, IsCyber: 'N', 'Content-Type': 'application/json' };
      for (const name of [NAME, CANCEL_DESK]) {
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

  it('the analyst writes a definition with a mistake, sees it at its place with the suggestion, fixes it and previews real rows', async () => {
    analyst = await openLoggedIn(browser, baseURL, 'internal', 'admin', '/portal/screen/studio');
    const { page } = analyst;
    await page.getByRole('heading', { name: '화면 스튜디오' }).first().waitFor({ timeout: 30_000 });
    await page.getByLabel('이름 (경로 /s/이름)').fill(NAME);
    await page.getByRole('button', { name: '만들기', exact: true }).click();
    await page.getByRole('heading', { name: new RegExp(`정의 편집: ${NAME}`) }).waitFor();
    await page.locator('.cm-content').waitFor({ timeout: 30_000 });

    // One mistake: the rows of listPos have compNameKr, not compNameKo.
    await replaceText(page, definition({ title: TITLE, firstField: 'compNameKo' }));
    await page.getByRole('button', { name: '초안 저장' }).click();
    const problems = page.getByTestId('studio-problems');
    // The operation by its name (the built-in screen's title, 발주요청), never its id.
    await problems.getByText(/1번째 열의 field: 열 "compNameKo"는 발주요청 조회의 행에 없는 필드입니다/).waitFor();
    expect(await problems.innerText()).not.toContain('listPos');
    await problems.getByText('제안: compNameKr').waitFor();
    // 게시 waits while the saved draft has problems.
    expect(await page.getByRole('button', { name: '게시', exact: true }).isDisabled()).toBe(true);
    // …and at its place in the editor: the lint mark on the mistaken member.
    await poll(() => page.locator('.cm-lintRange-error').count()).toBeGreaterThan(0);
    expect(await page.locator('.cm-lintRange-error').first().innerText()).toContain('compNameKo');
    await screenshot(page, 'studio-error-at-place');

    // By keyboard: 위치로 이동 puts the focus in the editor at the mistake.
    await problems.getByRole('button', { name: '위치로 이동: 1번째 열의 field' }).focus();
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.classList.contains('cm-content'))).toBe(true);
    expect(await page.evaluate(() => window.getSelection()?.toString())).toContain('compNameKo');
    await problems.getByRole('button', { name: 'compNameKr로 고치기' }).click();
    expect(await page.locator('.cm-content').innerText()).toContain('"field": "compNameKr"');
    await page.getByRole('button', { name: '검사', exact: true }).click();
    await page.getByTestId('studio-status').getByText('문제가 없습니다. 게시할 수 있습니다.').waitFor();

    // Labels typed beside the editor: poNo and title are not in the shared field dictionary.
    await page.getByLabel('poNo 한국어').fill('발주번호');
    await page.getByLabel('poNo 영어').fill('PO no.');
    await page.getByLabel('title 한국어').fill('발주명');
    await page.getByLabel('compName 한국어').fill('협력사명');
    await page.getByLabel('dueDate 한국어').fill('납기일');
    await page.getByLabel('totalAmount 한국어').fill('발주금액');
    // The preview's reads carry its mark (the server refuses a write with it).
    const previewRead = page.waitForRequest(
      (r) => r.url().includes('/api/v1/pos') && r.headers()['x-studio-preview'] === `studio.${NAME}`,
      { timeout: 30_000 },
    );
    await page.getByRole('button', { name: '미리보기', exact: true }).click();
    await previewRead;
    const preview = page.getByTestId('studio-preview');
    const total = preview.getByTestId('list-total');
    await poll(async () => Number((await total.innerText()).replace(/[^0-9]/g, '')), 30_000).toBeGreaterThan(0);
    await preview.getByTestId('list-grid').locator('tbody tr').first().waitFor({ state: 'attached' });
    await screenshot(page, 'studio-preview');

    const { findings } = await axeViolations(page);
    expect(blocking(findings), describeFindings('/portal/screen/studio', blocking(findings))).toEqual([]);
    await page.getByRole('button', { name: '초안 저장' }).click();
    await page
      .getByTestId('studio-status')
      .getByText(/초안을 저장했습니다/)
      .waitFor();
  });

  it('publishes it under 구매관리 › 발주 for group 20', async () => {
    const { page } = analyst;
    await page.getByLabel('상위 메뉴').selectOption({ label: '구매관리 › 발주' });
    await page.getByLabel('메뉴 이름 (한국어)').fill(TITLE);
    await page.getByLabel('메뉴 이름 (영어)').fill(`Open POs by supplier ${run}`);
    await page.getByRole('checkbox', { name: /^20 / }).check();
    await page.getByLabel('변경 메모').fill('첫 게시');
    await page.getByRole('button', { name: '게시', exact: true }).click();
    await confirm(page, /게시하시겠습니까/);
    await page.getByTestId('studio-status').getByText(`v1을 게시했습니다: /s/${NAME}`).waitFor();
    await page.getByRole('region', { name: '버전 이력' }).getByText('게시 중').waitFor();
    await screenshot(page, 'studio-published');
    expect(unexpected(analyst.problems)).toEqual([]);
  });

  it('operator (group 20) finds it in the menu and opens it; monitor (group 40) gets /info401', async () => {
    operator = await openLoggedIn(browser, baseURL, 'internal', 'operator');
    const { page } = operator;
    await page
      .getByRole('navigation', { name: '주 메뉴' })
      .getByRole('button', { name: /구매관리/ })
      .click();
    const leaf = page.getByRole('region', { name: '전체 메뉴' }).getByRole('link', { name: TITLE, exact: true });
    await leaf.waitFor();
    await screenshot(page, 'studio-operator-menu');
    // Every call of the published screen names the screen and its version.
    const markedRead = page.waitForRequest(
      (r) =>
        r.url().includes('/api/v1/pos') &&
        /^studio\.\w+@v1;[\w-]{43}$/.test(r.headers()['x-studio-screen'] ?? '') &&
        r.headers()['x-studio-screen']!.startsWith(`studio.${NAME}@v1;`),
      { timeout: 30_000 },
    );
    await leaf.click();
    await page.waitForURL((u) => u.pathname === `/s/${NAME}`);
    await markedRead;
    await page.getByRole('heading', { name: TITLE }).first().waitFor({ timeout: 30_000 });
    await poll(
      async () => Number((await page.getByTestId('list-total').innerText()).replace(/[^0-9]/g, '')),
      30_000,
    ).toBeGreaterThan(0);
    await screenshot(page, 'studio-operator-opens');

    // A definition stored before the check refused writes on load (served as the runtime would
    // serve it): the engine sends nothing that writes and says why.
    const writes: string[] = [];
    page.on('request', (r) => {
      if (r.method() !== 'GET' && r.url().includes('/api/v1/bid/')) writes.push(r.url());
    });
    await page.route(`**/api/v1/studio/published/${NAME}`, async (route) => {
      const answer = await route.fetch();
      const body = (await answer.json()) as Record<string, unknown>;
      const definition = {
        kind: 'edit',
        title: TITLE,
        singleton: true,
        load: {
          operation: 'confirmTenderOpening',
          params: { path: { tenderNo: "'BD2026-000001'" }, body: { version: "'1'" } },
        },
        sections: [{ fields: [{ field: 'tenderNo' }] }],
      };
      await route.fulfill({
        response: answer,
        json: {
          ...body,
          versionNo: 999,
          definition: { ...definition, id: `studio.${NAME}`, route: `/s/${NAME}`, portals: ['internal'] },
        },
      });
    });
    await page.goto(`/s/${NAME}`);
    await page
      .getByText(
        /저장된 화면은 사람이 누르고 확인한 작업으로만 데이터를 바꾸거나 기록을 남길 수 있습니다 \(작업: 개찰 확인\)/,
      )
      .first()
      .waitFor({ timeout: 30_000 });
    expect(writes).toEqual([]);
    await page.unroute(`**/api/v1/studio/published/${NAME}`);

    // A screen whose load is a GET that leaves something behind (the opened bids' audit row naming the
    // viewer; an order's print, audited as a copy that left the system): the engine never calls it when the
    // screen opens.
    const effectful: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/v1\/bid\/tenders\/[^/]+\/bids|\/api\/v1\/pos\/[^/]+\/pdf/.test(r.url())) effectful.push(r.url());
    });
    // Each refused by its name for people, never its id.
    for (const [i, { name, ...load }] of [
      { name: '개찰된 입찰서 열람', operation: 'getTenderBids', params: { path: { tenderNo: "'BD2026-000001'" } } },
      { name: '발주서 인쇄', operation: 'printPo', params: { path: { poNo: "'PO2026-000001'" } } },
    ].entries()) {
      await page.route(`**/api/v1/studio/published/${NAME}`, async (route) => {
        const answer = await route.fetch();
        const body = (await answer.json()) as Record<string, unknown>;
        const definition = {
          kind: 'edit',
          title: TITLE,
          singleton: true,
          load,
          sections: [{ fields: [{ field: 'tenderNo' }] }],
        };
        await route.fulfill({
          response: answer,
          json: {
            ...body,
            versionNo: 990 + i,
            definition: { ...definition, id: `studio.${NAME}`, route: `/s/${NAME}`, portals: ['internal'] },
          },
        });
      });
      await page.goto('/');
      await page.goto(`/s/${NAME}`);
      await page.getByText(`기록을 남길 수 있습니다 (작업: ${name})`).first().waitFor({ timeout: 30_000 });
      await page.unroute(`**/api/v1/studio/published/${NAME}`);
    }
    expect(effectful).toEqual([]);

    const monitor = await openLoggedIn(browser, baseURL, 'internal', 'monitor', `/s/${NAME}`);
    try {
      await monitor.page.waitForURL((u) => u.pathname === '/info401', { timeout: 20_000 });
      await screenshot(monitor.page, 'studio-monitor-401');
    } finally {
      await monitor.context.close();
    }
  });

  it('a second version is published; restoring the first shows it to operator at once', async () => {
    const { page } = analyst;
    await replaceText(page, definition({ title: TITLE_V2, firstField: 'compNameKr', status: true }));
    await page.getByRole('button', { name: '초안 저장' }).click();
    await page
      .getByTestId('studio-status')
      .getByText(/초안을 저장했습니다/)
      .waitFor();
    await page.getByLabel('변경 메모').fill('상태 열 추가');
    await page.getByRole('button', { name: '게시', exact: true }).click();
    await confirm(page, /게시하시겠습니까/);
    await page.getByTestId('studio-status').getByText(`v2를 게시했습니다: /s/${NAME}`).waitFor();

    await operator.page.goto('/');
    await operator.page.goto(`/s/${NAME}`);
    await operator.page.getByRole('heading', { name: TITLE_V2 }).first().waitFor({ timeout: 30_000 });

    // The history: compare v1 with the draft, then restore it.
    const history = page.getByRole('region', { name: '버전 이력' });
    await history.getByRole('button', { name: 'v1 초안과 비교' }).click();
    const diff = page.getByTestId('studio-diff');
    await diff.waitFor();
    // By JSON pointer, in words: the title changed and a column was added, nothing else.
    expect(await diff.innerText()).toContain(`변경: title: "${TITLE}" → "${TITLE_V2}"`);
    expect(await diff.innerText()).toContain('추가: 6번째 열 — {"field":"status"');
    expect(await diff.locator('li').count()).toBe(2);
    await screenshot(page, 'studio-diff');
    await history.getByRole('button', { name: 'v1 이 버전으로 복원' }).click();
    await confirm(page, /복원하시겠습니까/);
    await page.getByTestId('studio-status').getByText('v1을 복원했습니다.').waitFor();
    await history.getByRole('row', { name: /v3/ }).getByText('게시 중').waitFor();

    await operator.page.goto('/');
    await operator.page.goto(`/s/${NAME}`);
    await operator.page.getByRole('heading', { name: TITLE }).first().waitFor({ timeout: 30_000 });
    expect(await operator.page.getByRole('heading', { name: TITLE_V2 }).count()).toBe(0);
    await screenshot(operator.page, 'studio-operator-restored');
    expect(unexpected(analyst.problems)).toEqual([]);
    expect(unexpected(operator.problems)).toEqual([]);
  });

  it('speaks the analyst’s language: Korean problems in words, malformed JSON by line and column, labels chosen by context, 게시 held while problems remain', async () => {
    const { page } = analyst;
    const problems = page.getByTestId('studio-problems');
    const publish = page.getByRole('button', { name: '게시', exact: true });

    // An unlabelled status column on a PO list: named by the purchase-order screens, not the dictionary's 계정상태.
    await replaceText(page, definition({ title: TITLE, firstField: 'compNameKr', status: true }));
    await poll(() => page.getByTestId('label-source-status').innerText()).toBe('기본 화면: 발주상태');

    // A pattern in the schema is said in words, never shown.
    await replaceText(
      page,
      definition({ title: TITLE, firstField: 'compNameKr' }).replace('"operation": "listPos"', '"operation": ""'),
    );
    await page.getByRole('button', { name: '검사', exact: true }).click();
    await problems.getByText(/데이터 원본\(source\)의 operation: API 작업 이름을 써야 합니다/).waitFor();
    expect(await problems.innerText()).not.toMatch(/pattern|\^\[A-Za-z\]/);
    expect(await publish.isDisabled()).toBe(true);

    // A comma missing: its line and column, in Korean.
    await replaceText(page, '{\n  "kind": "list",\n  "title": "x"\n  "columns": []\n}\n');
    await page.getByRole('button', { name: '검사', exact: true }).click();
    await problems.getByText('4행 3열: 쉼표(,)가 빠졌습니다').waitFor();
    expect(await problems.innerText()).not.toMatch(/Unexpected|JSON at position/);
    expect(await publish.isDisabled()).toBe(true);
    await problems.getByRole('button', { name: '위치로 이동: 4행 3열' }).click();
    await screenshot(page, 'studio-korean-problems');
    const { findings } = await axeViolations(page);
    expect(blocking(findings), describeFindings('/portal/screen/studio', blocking(findings))).toEqual([]);
    expect(unexpected(analyst.problems)).toEqual([]);
  });

  it('imports the exported file back as the draft, generates a list screen from an operation, and shows what the contract breaks', async () => {
    const { page } = analyst;
    const token = await apiLogin(baseURL, 'admin');
    const headers = { Authorization: `Bearer ${token}`, IsCyber: 'N', 'Content-Type': 'application/json' };
    const exported = (await (await fetch(`${baseURL}/api/v1/studio/screens/${NAME}/export`, { headers })).json()) as {
      fileName: string;
      content: string;
      i18n: unknown;
    };

    // The file (and its labels) picked in the studio: the screen exists, so it becomes its draft once confirmed.
    await page
      .getByTestId('studio-import-file')
      .setInputFiles({ name: exported.fileName, mimeType: 'application/json', buffer: Buffer.from(exported.content) });
    await page.getByTestId('studio-import-labels').setInputFiles({
      name: `${NAME}.i18n.json`,
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(exported.i18n)),
    });
    await page.getByRole('button', { name: '가져오기', exact: true }).click();
    await confirm(page, /초안으로 가져올까요/);
    await page.getByTestId('studio-status').getByText(`${NAME} 화면을 가져왔습니다.`).waitFor();
    // The draft is the published definition again, with its Korean labels.
    const screen = (await (await fetch(`${baseURL}/api/v1/studio/screens/${NAME}`, { headers })).json()) as {
      source: string;
      labels: Record<string, { ko: string }>;
      problems: unknown[];
      publishedVersion: number;
    };
    const live = (await (
      await fetch(`${baseURL}/api/v1/studio/screens/${NAME}/versions/${screen.publishedVersion}`, { headers })
    ).json()) as { source: string; labels: Record<string, { ko: string }> };
    expect(screen.problems).toEqual([]);
    expect(JSON.parse(screen.source)).toEqual(JSON.parse(live.source));
    const ko = (l: Record<string, { ko: string }>) => Object.fromEntries(Object.entries(l).map(([f, v]) => [f, v.ko]));
    expect(ko(screen.labels)).toEqual(ko(live.labels));

    // A list screen generated from listCodeGroups passes the check and previews real rows. The operation is offered by
    // its name; its id, which the definition is written in, shows beside it as code, never in a sentence.
    const generated = `gen${run}`;
    const operation = page.getByLabel('목록 조작');
    await operation.selectOption({ label: '공통코드 그룹 목록 조회' });
    expect(await operation.inputValue()).toBe('listCodeGroups');
    await page.locator('code', { hasText: 'listCodeGroups' }).waitFor();
    await page.getByLabel('생성할 화면 이름').fill(generated);
    await page.getByRole('button', { name: '생성', exact: true }).click();
    await page.getByRole('heading', { name: new RegExp(`정의 편집: ${generated}`) }).waitFor();
    await page
      .getByTestId('studio-status')
      .getByText(`「공통코드 그룹 목록 조회」에서 ${generated} 화면을 만들었습니다`, { exact: false })
      .waitFor();
    await page.getByRole('button', { name: '검사', exact: true }).click();
    await page.getByTestId('studio-status').getByText('문제가 없습니다. 게시할 수 있습니다.').waitFor();
    await page.getByRole('button', { name: '미리보기', exact: true }).click();
    const preview = page.getByTestId('studio-preview');
    await poll(
      async () => Number((await preview.getByTestId('list-total').innerText()).replace(/[^0-9]/g, '')),
      30_000,
    ).toBeGreaterThan(0);
    await screenshot(page, 'studio-generated');

    // The published screens checked against the contract as it is now: none broken here, and /metrics agrees.
    const drift = page.getByTestId('studio-drift');
    await drift.getByRole('button', { name: '다시 점검' }).click();
    await drift.getByText(/게시한 화면 \d+개 모두 지금의 API와 맞습니다/).waitFor();
    const metrics = await (await fetch(`${baseURL}/metrics`)).text();
    expect(metrics).toContain('gpms_studio_screens_broken{portal="I"} 0');
    const { findings } = await axeViolations(page);
    expect(blocking(findings), describeFindings('/portal/screen/studio', blocking(findings))).toEqual([]);
    expect(unexpected(analyst.problems)).toEqual([]);
  });

  it('a button labelled 새로고침 that cancels a contract shows and confirms what it does: 계약 취소, "계약을 취소합니다. 계속하시겠습니까?"', async () => {
    const json = (token: string) => ({
      Authorization: `Bearer ${token}`,
      IsCyber: 'N',
      'Content-Type': 'application/json',
    });
    const send = async (token: string, method: string, url: string, body?: unknown) => {
      const res = await fetch(`${baseURL}${url}`, {
        method,
        headers: json(token),
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const answer = (await res.json()) as Record<string, unknown>;
      expect(res.status, JSON.stringify(answer)).toBe(200);
      return answer;
    };
    // A contract in draft, made by the buyer (operator).
    const buyer = await apiLogin(baseURL, 'operator');
    const templateNo = `E2E${run}`.slice(0, 20);
    await send(buyer, 'PUT', `/api/v1/contract-templates/${templateNo}`, {
      name: '공급 계약서',
      contractType: 'SUPPLY',
      signOrder: 'BUYER_FIRST',
      body: '{{contract.title}}',
      version: 0,
    });
    const contract = await send(buyer, 'POST', '/api/v1/contracts', {
      templateNo,
      compNo: 'C00001',
      title: `저장 화면 계약 ${run}`,
      supplyAmount: '1000000',
      vatAmount: '100000',
      startDate: '2026-12-01',
      endDate: '2027-11-30',
      signDeadline: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
      buyerSignerId: 'operator',
    });
    // The stored screen as the review found it: a button "새로고침" whose author's prompt speaks of refreshing.
    const analystToken = await apiLogin(baseURL, 'admin');
    const created = await send(analystToken, 'POST', '/api/v1/studio/screens', {
      name: CANCEL_DESK,
      portal: 'I',
      source: JSON.stringify({
        kind: 'edit',
        title: `계약 현황 ${run}`,
        singleton: true,
        load: { operation: 'getContract', params: { path: { econtractNo: 'query.contractNo' } } },
        sections: [{ fields: [{ field: 'contractNo' }, { field: 'title' }, { field: 'status' }] }],
        actions: [
          {
            kind: 'call',
            id: 'refresh',
            label: '새로고침',
            confirm: '최신 상태로 새로고침하시겠습니까?',
            operation: 'cancelContract',
            params: {
              path: { econtractNo: 'form.contractNo' },
              body: { version: 'form.version', reason: "'새로고침'" },
            },
          },
        ],
      }),
    });
    expect(created.problems).toEqual([]);
    await send(analystToken, 'POST', `/api/v1/studio/screens/${CANCEL_DESK}/publish`, {
      version: created.draftVersion,
      parentId: 'PUR_ORDER',
      menuName: `계약 현황 ${run}`,
      menuNameEn: `Contracts ${run}`,
      groups: [{ authGroupId: '99', canWrite: 'Y' }],
      note: '게시',
    });

    const { page } = analyst;
    await page.goto(`/s/${CANCEL_DESK}?contractNo=${String(contract.contractNo)}`);
    // The button says what the operation does; the author's word only follows it.
    const button = page.getByRole('button', { name: '계약 취소 (새로고침)', exact: true });
    await button.waitFor({ timeout: 30_000 });
    expect(await page.getByRole('button', { name: '새로고침', exact: true }).count()).toBe(0);
    await button.click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    expect(await dialog.innerText()).toMatch(
      /계약을 취소합니다\. 계속하시겠습니까\?[\s\S]*최신 상태로 새로고침하시겠습니까\?/,
    );
    await screenshot(page, 'studio-write-worded-by-operation');
    // Sent with the screen's sealed mark, only after 확인.
    const cancelled = page.waitForRequest(
      (r) =>
        r.url().endsWith(`/api/v1/contracts/${String(contract.contractNo)}/cancel`) &&
        (r.headers()['x-studio-screen'] ?? '').startsWith(`studio.${CANCEL_DESK}@v1;`),
    );
    await confirm(page, /계약을 취소합니다/);
    await cancelled;
    await poll(async () => {
      const res = await fetch(`${baseURL}/api/v1/contracts/${String(contract.contractNo)}`, { headers: json(buyer) });
      return ((await res.json()) as { status: string }).status;
    }, 30_000).toBe('CANCELLED');
    expect(unexpected(analyst.problems)).toEqual([]);
  });
});
