import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemsInWords } from '../../../app/custom-screens/portal/studio/problem-words.js';
import type { StudioOperation } from '../../../app/custom-screens/portal/studio/completion.js';
import type { Problem } from '../../../app/custom-screens/portal/studio/studio-types.js';
import { up as studioMenu } from '../../../server/db/migrations/0421-studio-menu.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import type { LoggedIn } from '../../helpers/login.js';
import { sessionAs } from '../../helpers/session.js';

/**
 * The screen studio: stored definitions checked with the rules of screens:check,
 * versioned, published to a menu for chosen groups in one audited step, restored, and served to
 * the runtime under the menu's authority. Every refusal answers 4xx naming the pointer and leaves
 * nothing published.
 */

/** "협력사별 미납 발주": open purchase orders by supplier, from the existing listPos operation. */
function openPoDefinition(extra: Record<string, unknown> = {}) {
  return {
    kind: 'list',
    title: '협력사별 미납 발주',
    source: {
      operation: 'listPos',
      rowKey: 'poNo',
      defaultSort: 'compNameKr:asc',
      params: { query: { status: "'SENT'" } },
    },
    filters: [{ field: 'compName' }, { field: 'poNo' }],
    columns: [
      { field: 'compNameKr', width: 200 },
      { field: 'poNo', width: 140 },
      { field: 'title', width: 240 },
      { field: 'dueDate', type: 'date', width: 110 },
      { field: 'totalAmount', type: 'money', currencyField: 'currency', width: 130 },
    ],
    ...extra,
  };
}

const text = (def: unknown) => `${JSON.stringify(def, null, 2)}\n`;

describe('screen studio', () => {
  let t: TestApp;
  let admin: LoggedIn;
  let operator: LoggedIn;
  let monitor: LoggedIn;
  beforeAll(async () => {
    t = await buildTestApp();
    [admin, operator, monitor] = [
      await sessionAs(t.app, 'admin'),
      await sessionAs(t.app, 'operator'),
      await sessionAs(t.app, 'monitor'),
    ];
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: LoggedIn = admin, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: who.headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const create = (name: string, def: unknown, who: LoggedIn = admin) =>
    call('POST', '/api/v1/studio/screens', who, {
      name,
      portal: 'I',
      source: typeof def === 'string' ? def : text(def),
    });
  const publishBody = (version: number, extra: Record<string, unknown> = {}) => ({
    version,
    parentId: 'PUR_ORDER',
    menuName: '협력사별 미납 발주',
    menuNameEn: 'Open POs by Supplier',
    groups: [{ authGroupId: '20', canWrite: 'N' }],
    note: '첫 게시',
    ...extra,
  });
  const menuOf = (path: string) => t.app.dbh.db.selectFrom('menu').selectAll().where('sspUrl', '=', path).execute();
  const audits = (name: string) =>
    t.app.dbh.db
      .selectFrom('auditLog')
      .select(['action', 'actor'])
      .where('entity', '=', 'stored_screen')
      .where('entityKey', '=', name)
      .orderBy('id')
      .execute();
  const versions = (name: string) =>
    t.app.dbh.db.selectFrom('storedScreenVersion').select('versionNo').where('name', '=', name).execute();

  it('words problems in Korean, or in English on request, naming the place in words and never a pattern; malformed JSON by line and column', async () => {
    const check = async (source: string, lang?: 'en') =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/studio/check',
          headers: { ...admin.headers, ...(lang ? { 'accept-language': 'en' } : {}) },
          payload: { name: 'wordsProbe', portal: 'I', source },
        })
      ).json() as {
        problems: Array<{
          pointer: string;
          message: string;
          place: string;
          code: string;
          line?: number;
          column?: number;
        }>;
      };
    const cases: Array<[string, string, string, string, string]> = [
      // [what, source, pointer, Korean, English]
      [
        'an empty operation (a pattern)',
        text(openPoDefinition({ source: { operation: '', rowKey: 'poNo' } })),
        '/source/operation',
        '데이터 원본(source)의 operation: API 작업 이름을 써야 합니다(영문자로 시작하는 영문자와 숫자, 예: listPos). 지금 값: ""',
        'source › operation: expected an operation name of the API (letters and digits, starting with a letter, e.g. listPos); it is ""',
      ],
      [
        'a column of another operation',
        text(openPoDefinition({ columns: [{ field: 'poNo' }, { field: 'compNameKo' }] })),
        '/columns/1/field',
        '2번째 열의 field: 열 "compNameKo"는 발주요청 조회의 행에 없는 필드입니다.',
        'column 2 › field: column "compNameKo" is not a field of the rows of “Purchase orders and simple orders”;',
      ],
      [
        'a missing property',
        text({ kind: 'list', title: 'x', columns: [{ field: 'poNo' }] }),
        '',
        '정의 전체: 꼭 있어야 하는 속성 "source"가 없습니다',
        'the whole definition: the required property "source" is missing',
      ],
      [
        'an enum',
        text(openPoDefinition({ columns: [{ field: 'poNo', type: 'bogus' }] })),
        '/columns/0/type',
        '1번째 열의 type: text, number, money, date, datetime, month, code, checkbox, link 중 하나를 써야 합니다 (지금 값: "bogus")',
        'column 1 › type: must be one of text, number, money, date, datetime, month, code, checkbox, link; it is "bogus"',
      ],
      [
        'a write on load',
        text({
          kind: 'edit',
          title: 'x',
          load: { operation: 'confirmTenderOpening', params: { path: { tenderNo: "'T1'" } } },
          sections: [{ fields: [{ field: 'tenderNo' }] }],
        }),
        '/load/operation',
        '불러오기(load)의 operation: 개찰 확인은 POST 작업입니다',
        'load › operation: “개찰 confirmation by one person” is POST',
      ],
      [
        'a comma missing',
        '{\n  "kind": "list",\n  "title": "x"\n  "columns": []\n}',
        '',
        '4행 3열: 쉼표(,)가 빠졌습니다',
        'line 4, column 3: a comma (,) is missing',
      ],
      [
        'a trailing comma',
        '{\n  "kind": "list",\n  "title": "x",\n}',
        '',
        '4행 1열: 속성 이름(따옴표로 감싼 "이름")이 와야 합니다',
        'line 4, column 1: a property name (in double quotes) is expected',
      ],
      [
        'a bracket left open',
        '{\n  "kind": "list",\n  "columns": [{ "field": "poNo" }\n}',
        '',
        '4행 1열: 닫는 대괄호(])가 빠졌습니다',
        'line 4, column 1: a closing bracket (]) is missing',
      ],
      [
        'a string left open',
        '{ "kind": "list", "title": "x }',
        '',
        '1행 28열: 큰따옴표(")가 닫히지 않았습니다',
        'line 1, column 28: a double quote (") is not closed',
      ],
      [
        'a comment',
        '// 발주\n{ "kind": "list" }',
        '',
        '1행 1열: JSON에는 주석을 쓸 수 없습니다',
        'line 1, column 1: JSON has no comments',
      ],
      ['nothing', '  ', '', '1행 3열: 정의가 비어 있습니다', 'line 1, column 3: the definition is empty'],
    ];
    // The studio words each problem again in the other language from its code and values, exactly as the
    // server words it (problem-words.ts, operations named by the titles the completion answer carries).
    const ops = (await call('GET', '/api/v1/studio/operations')).json().rows as StudioOperation[];
    const reworded = (problems: unknown[], lang: 'ko' | 'en') =>
      problemsInWords(problems as Problem[], lang, ops).map((p) => p.message);
    for (const [what, source, pointer, ko, en] of cases) {
      const [inKo, inEn] = [await check(source), await check(source, 'en')];
      expect(reworded(inKo.problems, 'en'), what).toEqual(inEn.problems.map((p) => p.message));
      expect(reworded(inEn.problems, 'ko'), what).toEqual(inKo.problems.map((p) => p.message));
      const k = inKo.problems.find((p) => p.pointer === pointer);
      const e = inEn.problems.find((p) => p.pointer === pointer);
      expect(k?.message, `${what}: ${JSON.stringify(inKo.problems)}`).toContain(ko);
      expect(e?.message, `${what}: ${JSON.stringify(inEn.problems)}`).toContain(en);
      expect(k?.code).toBe(e?.code);
      for (const p of [...inKo.problems, ...inEn.problems])
        expect(p.message, what).not.toMatch(/pattern|\^\[|\]\*\$|Unexpected token|in JSON at position/);
    }
    const comma = await check('{\n  "kind": "list",\n  "title": "x"\n  "columns": []\n}');
    expect(comma.problems).toEqual([expect.objectContaining({ pointer: '', line: 4, column: 3, code: 'json.syntax' })]);
    // The place in words beside the pointer the editor jumps to.
    expect((await check(cases[1][1])).problems[0]).toMatchObject({
      pointer: '/columns/1/field',
      place: '2번째 열의 field',
      suggestion: 'compNameKr',
    });
  });

  it('completion names each operation in words and the screens that use it; an unlabelled field takes the words of its operation’s screen', async () => {
    const ops = async (lang?: 'en') =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/v1/studio/operations',
          headers: { ...admin.headers, ...(lang ? { 'accept-language': 'en' } : {}) },
        })
      ).json().rows as Array<{
        id: string;
        summary: string | null;
        screens: string[];
        screenLabels: Record<string, { ko: string; en: string }>;
      }>;
    const [ko, en] = [await ops(), await ops('en')];
    const listPos = ko.find((o) => o.id === 'listPos')!;
    expect(listPos).toMatchObject({ summary: '발주요청', screens: ['발주요청', '소액발주'] });
    expect(en.find((o) => o.id === 'listPos')).toMatchObject({
      summary: 'Order Requests',
      screens: ['Order Requests', 'Simple Orders'],
    });
    // An operation no menu serves is named by the contract's summary.
    expect(ko.find((o) => o.id === 'listStudioOperations')?.screens).toEqual(['화면 스튜디오']);
    expect(listPos.screenLabels.status).toEqual({ ko: '발주상태', en: 'PO status' });

    const def = openPoDefinition({ columns: [{ field: 'poNo' }, { field: 'status' }, { field: 'compNameKr' }] });
    expect((await create('poStatusWords', def)).statusCode).toBe(200);
    expect((await call('POST', '/api/v1/studio/screens/poStatusWords/publish', admin, publishBody(1))).statusCode).toBe(
      200,
    );
    const runtime = (await call('GET', '/api/v1/studio/published/poStatusWords', operator)).json();
    expect(runtime.labels).toMatchObject({ status: { ko: '발주상태', en: 'PO status' }, compNameKr: { ko: '협력사' } });
  });

  it('stores a definition, checks it like screens:check and publishes it to a menu for group 20, audited', async () => {
    const created = await create('openPoBySupplier', openPoDefinition());
    expect(created.statusCode, created.body).toBe(200);
    const s = created.json();
    expect(s).toMatchObject({
      name: 'openPoBySupplier',
      route: '/s/openPoBySupplier',
      kind: 'list',
      title: '협력사별 미납 발주',
      draftVersion: 1,
      publishedVersion: null,
      problems: [],
    });

    const list = (await call('GET', '/api/v1/studio/screens?name=openPo')).json();
    expect(list.rows.map((r: { name: string }) => r.name)).toContain('openPoBySupplier');

    const published = await call('POST', '/api/v1/studio/screens/openPoBySupplier/publish', admin, publishBody(1));
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({
      publishedVersion: 1,
      draftVersion: 2,
      draftIsPublished: true,
      menu: { pgmId: 'S_openPoBySupplier', parentId: 'PUR_ORDER', groups: [{ authGroupId: '20', canWrite: 'N' }] },
    });

    const [menu] = await menuOf('/s/openPoBySupplier');
    expect(menu).toMatchObject({
      pgmId: 'S_openPoBySupplier',
      parentId: 'PUR_ORDER',
      depth: 3,
      leaf: 'T',
      portal: 'I',
      pgmName: '협력사별 미납 발주',
      useYn: 'Y',
    });
    expect((await audits('openPoBySupplier')).map((a) => a.action)).toEqual(['CREATE', 'PUBLISH']);

    // The buyer sees it in the menu at once and reads it; monitoring is refused by the menu's authority.
    const check = (await call('GET', '/api/v1/loginCheck?path=/s/openPoBySupplier&store=Y', operator)).json();
    expect(check.code).toBe('OK');
    const leaves = JSON.stringify(check.menus);
    expect(leaves).toContain('/s/openPoBySupplier');
    const runtime = await call('GET', '/api/v1/studio/published/openPoBySupplier', operator);
    expect(runtime.statusCode, runtime.body).toBe(200);
    expect(runtime.json()).toMatchObject({
      versionNo: 1,
      route: '/s/openPoBySupplier',
      definition: { id: 'studio.openPoBySupplier', route: '/s/openPoBySupplier', kind: 'list', portals: ['internal'] },
    });
    expect((await call('GET', '/api/v1/loginCheck?path=/s/openPoBySupplier', monitor)).json().code).toBe('GPMS006');
    expect((await call('GET', '/api/v1/studio/published/openPoBySupplier', monitor)).statusCode).toBe(403);
    // The screen's rows come from listPos with the buyer's own authority.
    expect((await call('GET', '/api/v1/pos?status=SENT&sort=compNameKr:asc', operator)).statusCode).toBe(200);
  });

  it('reports each problem with its pointer and suggestion; an invalid draft is saved but never published', async () => {
    const wrong = openPoDefinition({
      filters: [{ field: 'supplier' }],
      columns: [{ field: 'compNameKo' }, { field: 'poNo', visible: 'x' }],
      source: { operation: 'listPo', rowKey: 'poNo' },
    });
    const checked = (
      await call('POST', '/api/v1/studio/check', admin, { name: 'brokenScreen', portal: 'I', source: text(wrong) })
    ).json();
    expect(checked.valid).toBe(false);
    // The schema first (an unknown property with its suggestion) …
    expect(checked.problems).toEqual([
      expect.objectContaining({
        pointer: '/columns/1',
        message: expect.stringContaining('2번째 열: "visible"은 이곳에 쓸 수 없는 속성입니다'),
      }),
    ]);

    const apiWrong = openPoDefinition({
      filters: [{ field: 'supplier' }],
      columns: [{ field: 'compNameKo' }, { field: 'poNo' }],
      source: { operation: 'listPo', rowKey: 'poNo' },
    });
    const api = (
      await call('POST', '/api/v1/studio/check', admin, { name: 'brokenScreen', portal: 'I', source: text(apiWrong) })
    ).json();
    expect(api.problems).toEqual([
      expect.objectContaining({
        pointer: '/source/operation',
        suggestion: 'listPos',
        message: expect.stringContaining('API에 작업 "listPo"가 없습니다'),
      }),
    ]);

    const fieldWrong = openPoDefinition({
      filters: [{ field: 'compNam' }],
      columns: [{ field: 'compNameKo' }, { field: 'poNo' }],
    });
    const fields = (
      await call('POST', '/api/v1/studio/check', admin, { name: 'brokenScreen', portal: 'I', source: text(fieldWrong) })
    ).json();
    expect(fields.problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          pointer: '/filters/0/field',
          suggestion: 'compName',
          message: expect.stringContaining('발주요청 조회에는 검색 입력값 "compNam"이 없습니다'),
        }),
        expect.objectContaining({
          pointer: '/columns/0/field',
          suggestion: 'compNameKr',
          message: expect.stringContaining('1번째 열의 field: 열 "compNameKo"는 발주요청 조회의 행에 없는 필드입니다'),
        }),
      ]),
    );

    const badExpr = openPoDefinition({
      source: { operation: 'listPos', rowKey: 'poNo', params: { query: { status: "'SENT' =" } } },
    });
    const expr = (
      await call('POST', '/api/v1/studio/check', admin, { name: 'brokenScreen', portal: 'I', source: text(badExpr) })
    ).json();
    expect(expr.problems).toEqual([
      expect.objectContaining({
        pointer: '/source/params/query/status',
        message: expect.stringContaining('읽을 수 없습니다'),
      }),
    ]);

    const malformed = (
      await call('POST', '/api/v1/studio/check', admin, {
        name: 'brokenScreen',
        portal: 'I',
        source: '{\n  "kind": "list",\n  "title": "x"\n  "columns": []\n}',
      })
    ).json();
    expect(malformed.problems).toEqual([
      expect.objectContaining({ pointer: '', line: 4, message: '4행 3열: 쉼표(,)가 빠졌습니다', column: 3 }),
    ]);

    // Saved as a draft with its problems …
    const saved = await create('brokenScreen', fieldWrong);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().problems.map((p: { pointer: string }) => p.pointer)).toEqual(
      expect.arrayContaining(['/filters/0/field', '/columns/0/field']),
    );
    expect((await call('GET', '/api/v1/studio/screens?name=brokenScreen')).json().rows[0].problemCount).toBeGreaterThan(
      0,
    );
    // … never published: 400 naming the pointers, no version, no menu row.
    const refused = await call(
      'POST',
      '/api/v1/studio/screens/brokenScreen/publish',
      admin,
      publishBody(1, { menuName: '고장' }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'SCREEN_DEFINITION_INVALID',
      msg: expect.stringContaining('1번째 검색조건의 field'),
    });
    expect(refused.json().details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          pointer: '/columns/0/field',
          suggestion: 'compNameKr',
          path: 'body/source/columns/0/field',
        }),
      ]),
    );
    expect(await versions('brokenScreen')).toEqual([]);
    expect(await menuOf('/s/brokenScreen')).toEqual([]);
    expect((await call('GET', '/api/v1/studio/screens/brokenScreen')).json().publishedVersion).toBeNull();

    // An expression that does not parse: 400 at its pointer, nothing published.
    const exprScreen = await create('badExpression', badExpr);
    expect(exprScreen.statusCode).toBe(200);
    const exprRefused = await call('POST', '/api/v1/studio/screens/badExpression/publish', admin, publishBody(1));
    expect(exprRefused.statusCode).toBe(400);
    expect(exprRefused.json().details[0]).toMatchObject({ pointer: '/source/params/query/status' });
    expect(await menuOf('/s/badExpression')).toEqual([]);
  });

  it('refuses a duplicate route, a route that shadows a built-in one and a definition over 64 KiB', async () => {
    expect((await create('dupScreen', openPoDefinition())).statusCode).toBe(200);
    const again = await create('dupScreen', openPoDefinition());
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'DUPLICATE_ROUTE', details: [{ path: 'body/name' }] });
    const otherCase = await create('DupScreen'.replace('D', 'd').replace('S', 's'), openPoDefinition());
    expect(otherCase.statusCode).toBe(409);

    // A menu an administrator wrote by hand already opens /s/handMade: publishing there is refused.
    await call('POST', '/api/v1/portal/admin/menus', admin, {
      pgmId: 'HAND_MADE',
      parentId: 'PUR_ORDER',
      pgmName: '수기 메뉴',
      pgmNameEn: 'Hand made',
      leaf: 'T',
      portal: 'I',
      sspUrl: '/s/handMade',
    });
    expect((await menuOf('/s/handMade')).length).toBe(1);
    const hand = await create('handMade', openPoDefinition());
    expect(hand.statusCode).toBe(409);
    expect(hand.json().code).toBe('DUPLICATE_ROUTE');

    // Shadowing: the definition claims a built-in route.
    const shadow = await create('shadowScreen', openPoDefinition({ route: '/prList' }));
    expect(shadow.statusCode).toBe(200);
    expect(shadow.json().problems).toEqual([
      expect.objectContaining({
        pointer: '/route',
        suggestion: '/s/shadowScreen',
        message: expect.stringContaining('/prList는 앱에 이미 있는 경로'),
      }),
    ]);
    const shadowPublish = await call('POST', '/api/v1/studio/screens/shadowScreen/publish', admin, publishBody(1));
    expect(shadowPublish.statusCode).toBe(400);
    expect(shadowPublish.json().details[0]).toMatchObject({ pointer: '/route' });
    expect(await menuOf('/s/shadowScreen')).toEqual([]);
    const prList = await menuOf('/prList');
    expect(prList.map((m) => m.pgmId)).toEqual(['PUR_PR_LIST']);

    // Too large: 413 naming the whole definition, nothing stored.
    const huge = text(openPoDefinition({ description: 'x'.repeat(70_000) }));
    const large = await create('hugeScreen', huge);
    expect(large.statusCode).toBe(413);
    expect(large.json()).toMatchObject({
      code: 'DEFINITION_TOO_LARGE',
      details: [{ path: 'body/source', pointer: '' }],
    });
    expect((await call('GET', '/api/v1/studio/screens/hugeScreen')).statusCode).toBe(404);
    const checkLarge = await call('POST', '/api/v1/studio/check', admin, {
      name: 'hugeScreen',
      portal: 'I',
      source: huge,
    });
    expect(checkLarge.statusCode).toBe(413);
    const draftLarge = await call('PUT', '/api/v1/studio/screens/dupScreen/draft', admin, { version: 1, source: huge });
    expect(draftLarge.statusCode).toBe(413);
    expect((await call('GET', '/api/v1/studio/screens/dupScreen')).json().draftVersion).toBe(1);
  });

  it('two analysts save the same draft: the second gets 409 and the first one’s text is kept', async () => {
    await create('twoAnalysts', openPoDefinition());
    const first = await call('PUT', '/api/v1/studio/screens/twoAnalysts/draft', admin, {
      version: 1,
      source: text(openPoDefinition({ title: '첫 번째 분석가' })),
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().draftVersion).toBe(2);
    const second = await call('PUT', '/api/v1/studio/screens/twoAnalysts/draft', admin, {
      version: 1,
      source: text(openPoDefinition({ title: '두 번째 분석가' })),
    });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'VERSION_CONFLICT', details: { currentVersion: 2 } });
    const now = (await call('GET', '/api/v1/studio/screens/twoAnalysts')).json();
    expect(now.title).toBe('첫 번째 분석가');
    expect(now.source).toContain('첫 번째 분석가');
    // A publish with the old version is refused too.
    expect((await call('POST', '/api/v1/studio/screens/twoAnalysts/publish', admin, publishBody(1))).statusCode).toBe(
      409,
    );
    expect((await audits('twoAnalysts')).map((a) => a.action)).toEqual(['CREATE', 'SAVE_DRAFT']);
  });

  it('versions, diff, restore: the restored version is published at once; export gives the .screen.json', async () => {
    await create('restoreMe', openPoDefinition());
    expect((await call('POST', '/api/v1/studio/screens/restoreMe/publish', admin, publishBody(1))).statusCode).toBe(
      200,
    );
    const withStatus = openPoDefinition({
      columns: [...(openPoDefinition().columns as object[]), { field: 'status', width: 100 }],
    });
    const saved = await call('PUT', '/api/v1/studio/screens/restoreMe/draft', admin, {
      version: 2,
      source: text(withStatus),
      labels: { status: { ko: '발주상태', en: 'PO status' } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().draftIsPublished).toBe(false);
    const v2 = await call(
      'POST',
      '/api/v1/studio/screens/restoreMe/publish',
      admin,
      publishBody(3, { note: '상태 열 추가' }),
    );
    expect(v2.statusCode, v2.body).toBe(200);
    expect((await call('GET', '/api/v1/studio/published/restoreMe', operator)).json()).toMatchObject({
      versionNo: 2,
      labels: { status: { ko: '발주상태', en: 'PO status' } },
    });

    const diff = (await call('GET', '/api/v1/studio/screens/restoreMe/versions/1/diff?against=2')).json();
    expect(diff).toMatchObject({
      from: 'v1',
      to: 'v2',
      labels: [{ field: 'status', from: null, to: { ko: '발주상태', en: 'PO status' } }],
    });
    expect(diff.lines.filter((l: { op: string }) => l.op === '+').map((l: { text: string }) => l.text.trim())).toEqual(
      expect.arrayContaining(['"field": "status",']),
    );

    const restored = await call('POST', '/api/v1/studio/screens/restoreMe/versions/1/restore', admin, { version: 4 });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ publishedVersion: 3, draftIsPublished: true, labels: {} });
    const runtime = (await call('GET', '/api/v1/studio/published/restoreMe', operator)).json();
    expect(runtime.versionNo).toBe(3);
    expect(runtime.definition.columns.map((c: { field: string }) => c.field)).not.toContain('status');
    const list = (await call('GET', '/api/v1/studio/screens/restoreMe/versions')).json();
    expect(
      list.rows.map((r: { versionNo: number; restoredFrom: number | null; published: boolean }) => [
        r.versionNo,
        r.restoredFrom,
        r.published,
      ]),
    ).toEqual([
      [3, 1, true],
      [2, null, false],
      [1, null, false],
    ]);
    expect((await audits('restoreMe')).map((a) => a.action)).toEqual([
      'CREATE',
      'PUBLISH',
      'SAVE_DRAFT',
      'PUBLISH',
      'RESTORE',
    ]);
    // A stale restore changes nothing.
    expect(
      (await call('POST', '/api/v1/studio/screens/restoreMe/versions/2/restore', admin, { version: 4 })).statusCode,
    ).toBe(409);

    const exported = (await call('GET', '/api/v1/studio/screens/restoreMe/export?version=2')).json();
    expect(exported.fileName).toBe('restoreMe.screen.json');
    const file = JSON.parse(exported.content);
    expect(file).toMatchObject({
      $schema: '../../schemas/screen.schema.json',
      id: 'studio.restoreMe',
      route: '/s/restoreMe',
      labels: 'screen.studio.restoreMe',
    });
    expect(exported.i18n.en.screen.studio.restoreMe.status).toBe('PO status');

    // Unpublished: off the menu, the runtime answers 404; the versions stay.
    const off = await call('POST', '/api/v1/studio/screens/restoreMe/unpublish', admin, { version: 5 });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ publishedVersion: null, menu: null });
    expect(await menuOf('/s/restoreMe')).toEqual([]);
    expect((await call('GET', '/api/v1/studio/published/restoreMe', operator)).statusCode).toBe(404);
    expect((await versions('restoreMe')).length).toBe(3);
    expect((await audits('restoreMe')).map((a) => a.action).at(-1)).toBe('UNPUBLISH');
  });

  it('a definition may name only operations its author may call; only the studio’s writers save; suppliers get 403', async () => {
    // Group 30 (requesters) is given write on the studio, but has no authority over purchase orders.
    await t.app.dbh.db
      .insertInto('menuAuth')
      .values({ authGroupId: '30', pgmId: 'PORTAL_SCREEN_STUDIO', canRead: 'Y', canWrite: 'Y' })
      .execute();
    const buyer = await sessionAs(t.app, 'buyer');
    const made = await create('notMine', openPoDefinition(), buyer);
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().problems).toEqual([
      expect.objectContaining({
        pointer: '/source/operation',
        message: expect.stringContaining('발주요청 조회를 부를 권한이 없습니다'),
      }),
    ]);
    const publish = await call('POST', '/api/v1/studio/screens/notMine/publish', buyer, publishBody(1));
    expect(publish.statusCode).toBe(400);
    expect(publish.json().details[0]).toMatchObject({ pointer: '/source/operation' });
    expect(await menuOf('/s/notMine')).toEqual([]);

    // Read-only on the studio cannot save or publish; no studio menu at all cannot list.
    expect(
      (await call('POST', '/api/v1/studio/screens', operator, { name: 'byOperator', portal: 'I', source: '{}' }))
        .statusCode,
    ).toBe(403);
    expect((await call('GET', '/api/v1/studio/screens', operator)).statusCode).toBe(403);
    const supplier = await sessionAs(t.app, 'supplier1');
    for (const [method, url] of [
      ['GET', '/api/v1/studio/screens'],
      ['GET', '/api/v1/studio/screens/openPoBySupplier'],
      ['POST', '/api/v1/studio/screens/openPoBySupplier/publish'],
    ] as const) {
      expect((await call(method, url, supplier, method === 'POST' ? publishBody(1) : undefined)).statusCode).toBe(403);
    }
    // An internal screen is not served to the external portal.
    expect((await call('GET', '/api/v1/studio/published/openPoBySupplier', supplier)).statusCode).toBe(404);
  });

  it('publishes only under a folder of the screen’s portal, for groups of that portal', async () => {
    await create('placeMe', openPoDefinition());
    const leaf = await call(
      'POST',
      '/api/v1/studio/screens/placeMe/publish',
      admin,
      publishBody(1, { parentId: 'PUR_PR_LIST' }),
    );
    expect(leaf.json()).toMatchObject({ code: 'MENU_PARENT_LEAF', details: [{ path: 'body/parentId' }] });
    const external = await call(
      'POST',
      '/api/v1/studio/screens/placeMe/publish',
      admin,
      publishBody(1, { parentId: 'CY_ORDER_MAIN' }),
    );
    expect(external.json().code).toBe('MENU_PARENT_PORTAL');
    const supplierGroup = await call(
      'POST',
      '/api/v1/studio/screens/placeMe/publish',
      admin,
      publishBody(1, { groups: [{ authGroupId: '60', canWrite: 'N' }] }),
    );
    expect(supplierGroup.json()).toMatchObject({
      code: 'MENU_GROUP_INVALID',
      details: [{ path: 'body/groups/0/authGroupId' }],
    });
    expect(await versions('placeMe')).toEqual([]);
    expect(await menuOf('/s/placeMe')).toEqual([]);
  });

  it('an external screen is served at /cyber/s/<name> to the supplier groups chosen, with its own company’s rows', async () => {
    const def = {
      kind: 'list',
      title: '내 미납 발주',
      source: {
        operation: 'listSupplierPos',
        rowKey: 'poNo',
        defaultSort: 'dueDate:asc',
        params: { query: { open: "'Y'" } },
      },
      columns: [{ field: 'poNo' }, { field: 'title' }, { field: 'dueDate', type: 'date' }],
    };
    const made = await call('POST', '/api/v1/studio/screens', admin, {
      name: 'myOpenPos',
      portal: 'X',
      source: text(def),
      labels: { dueDate: { ko: '납기', en: 'Due' } },
    });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({ route: '/cyber/s/myOpenPos', problems: [] });
    // An internal folder or group is refused for an external screen.
    expect((await call('POST', '/api/v1/studio/screens/myOpenPos/publish', admin, publishBody(1))).json().code).toBe(
      'MENU_PARENT_PORTAL',
    );
    const published = await call(
      'POST',
      '/api/v1/studio/screens/myOpenPos/publish',
      admin,
      publishBody(1, {
        parentId: 'CY_ORDER_MAIN',
        groups: [
          { authGroupId: '60', canWrite: 'N' },
          { authGroupId: '61', canWrite: 'N' },
        ],
      }),
    );
    expect(published.statusCode, published.body).toBe(200);
    const [menu] = await menuOf('/s/myOpenPos');
    expect(menu).toMatchObject({ portal: 'X', parentId: 'CY_ORDER_MAIN' });

    const supplier = await sessionAs(t.app, 'supplier1');
    const runtime = await call('GET', '/api/v1/studio/published/myOpenPos', supplier);
    expect(runtime.statusCode, runtime.body).toBe(200);
    expect(runtime.json()).toMatchObject({
      route: '/cyber/s/myOpenPos',
      definition: { portals: ['external'] },
      labels: { dueDate: { ko: '납기' } },
    });
    expect((await call('GET', '/api/v1/loginCheck?path=/cyber/s/myOpenPos', supplier)).json().code).toBe('OK');
    // The rows come from listSupplierPos under the supplier's own company scope.
    const rows = (await call('GET', '/api/v1/cyber/pos?open=Y&size=500', supplier)).json().rows as Array<{
      compNo: string;
    }>;
    expect(rows.every((r) => r.compNo === 'C00001')).toBe(true);
    // Staff do not get the external screen at the internal address.
    expect((await call('GET', '/api/v1/studio/published/myOpenPos', operator)).statusCode).toBe(404);
  });

  it('migration 0421 gives a database seeded before the studio the menu and authority the seed gives', async () => {
    const db = t.app.dbh.db;
    const ids = ['PORTAL_SCREEN', 'PORTAL_SCREEN_STUDIO'];
    const read = async () => ({
      menus: await db
        .selectFrom('menu')
        .select([
          'pgmId',
          'parentId',
          'depth',
          'pgmName',
          'pgmNameEn',
          'sspUrl',
          'leaf',
          'portal',
          'sortOrder',
          'useYn',
        ])
        .where('pgmId', 'in', ids)
        .orderBy('pgmId')
        .execute(),
      grants: await db
        .selectFrom('menuAuth')
        .selectAll()
        .where('pgmId', 'in', ids)
        .orderBy('pgmId')
        .orderBy('authGroupId')
        .execute(),
    });
    // This test file gave group 30 the studio above; the seed gives it to 99 alone.
    await db.deleteFrom('menuAuth').where('pgmId', 'in', ids).where('authGroupId', '<>', '99').execute();
    const seeded = await read();
    expect(seeded.menus).toHaveLength(2);
    expect(seeded.grants.map((g) => [g.authGroupId, g.pgmId, g.canWrite])).toEqual([
      ['99', 'PORTAL_SCREEN', 'Y'],
      ['99', 'PORTAL_SCREEN_STUDIO', 'Y'],
    ]);
    await db.deleteFrom('menuAuth').where('pgmId', 'in', ids).execute();
    await db.deleteFrom('menu').where('pgmId', '=', 'PORTAL_SCREEN_STUDIO').execute();
    await db.deleteFrom('menu').where('pgmId', '=', 'PORTAL_SCREEN').execute();
    await studioMenu(db as unknown as Kysely<unknown>);
    expect(await read()).toEqual(seeded);
    // Run again, it adds nothing.
    await studioMenu(db as unknown as Kysely<unknown>);
    expect(await read()).toEqual(seeded);
  });
});
