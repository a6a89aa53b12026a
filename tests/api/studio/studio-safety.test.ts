import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../server/db/seed/accounts.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { client, logins, ok, receivedPr, refused, type Flow } from '../purchase/helpers.js';

/**
 * A stored screen can never act for the person who opens it: what the engine calls by itself is a
 * read (a problem at its pointer otherwise), an operation whose rule is who calls is never named
 * by a stored screen (the studio's check) nor answered to a call carrying a stored screen's mark
 * (the server), the preview never writes, and a write from a stored screen is audited with the
 * screen and its version. The two demonstrations of the security review are the tests at the end.
 */
describe('what a stored screen can and cannot do', () => {
  let t: TestApp;
  let f: Flow;
  beforeAll(async () => {
    t = await buildTestApp();
    f = {
      ...client(t),
      u: await logins(t, ['admin', 'buyer', 'uadmin1', 'operator', 'tfadmin', 'opadmin', 'supplier2']),
    };
  });
  afterAll(() => t.close());

  const check = async (def: unknown, portal: 'I' | 'X' = 'I') =>
    ok<{ valid: boolean; problems: Array<{ pointer: string; message: string }> }>(
      await f.post('/api/v1/studio/check', f.u.admin, { name: 'safetyProbe', portal, source: JSON.stringify(def) }),
    );
  const pointers = async (def: unknown, portal: 'I' | 'X' = 'I') =>
    (await check(def, portal)).problems.map((p) => p.pointer);
  const marked = (who: Flow['u'][string], mark: Record<string, string>) => ({
    ...who,
    headers: { ...who.headers, ...mark },
  });
  const SCREEN = { 'x-studio-screen': 'studio.safetyProbe@v1' };
  const PREVIEW = { 'x-studio-preview': 'studio.safetyProbe' };

  const column = [{ field: 'groupId' }];
  const sections = [{ fields: [{ field: 'groupId' }] }];

  it('names every call the engine makes without a click that is not a plain GET, at its pointer', async () => {
    const cases: Array<[unknown, string[]]> = [
      // An edit screen's load, a detail grid's load and fill, a field's value and options, a lookup.
      [
        { kind: 'edit', title: 'x', singleton: true, load: { operation: 'createCodeGroup' }, sections },
        ['/load/operation'],
      ],
      [
        {
          kind: 'edit',
          title: 'x',
          load: { operation: 'getCodeGroup', params: { path: { groupId: "'X'" }, body: { a: "'1'" } } },
          sections,
        },
        ['/load/params/body'],
      ],
      [
        {
          kind: 'edit',
          title: 'x',
          load: { operation: 'getCodeGroup', params: { path: { groupId: "'X'" } } },
          sections: [
            {
              fields: [
                {
                  field: 'groupId',
                  valueFrom: { operation: 'deleteCodeGroup', params: { path: { groupId: "'X'" } }, value: 'ok' },
                },
              ],
            },
          ],
        },
        ['/sections/0/fields/0/valueFrom/operation'],
      ],
      [
        {
          kind: 'edit',
          title: 'x',
          load: { operation: 'getCodeGroup', params: { path: { groupId: "'X'" } } },
          sections: [
            {
              fields: [
                {
                  field: 'groupId',
                  widget: 'select',
                  optionsFrom: { operation: 'createCodeGroup', value: 'groupId', text: 'nameKo' },
                },
              ],
            },
          ],
        },
        ['/sections/0/fields/0/optionsFrom/operation'],
      ],
      [
        {
          kind: 'edit',
          title: 'x',
          load: { operation: 'getCodeGroup', params: { path: { groupId: "'X'" } } },
          sections,
          details: [
            {
              id: 'codes',
              rowKey: 'code',
              load: { operation: 'saveCodes', params: { path: { groupId: "'X'" } } },
              columns: [{ field: 'code' }],
            },
          ],
        },
        ['/details/0/load/operation'],
      ],
      [
        {
          kind: 'edit',
          title: 'x',
          load: { operation: 'getCodeGroup', params: { path: { groupId: "'X'" } } },
          sections,
          details: [
            {
              id: 'codes',
              rowKey: 'code',
              fillFrom: { operation: 'saveCodes', params: { path: { groupId: "'X'" } }, fill: ['code'] },
              columns: [{ field: 'code' }],
            },
          ],
        },
        ['/details/0/fillFrom/operation'],
      ],
      [
        {
          kind: 'edit',
          title: 'x',
          load: { operation: 'getCodeGroup', params: { path: { groupId: "'X'" } } },
          sections,
          details: [
            {
              id: 'codes',
              rowKey: 'code',
              columns: [
                {
                  field: 'code',
                  editable: true,
                  lookup: { operation: 'deleteCodeGroup', param: 'groupId', fill: ['code'] },
                },
              ],
            },
          ],
        },
        ['/details/0/columns/0/lookup/operation'],
      ],
      // A list's source and filter options, a tree, a dashboard panel.
      [
        { kind: 'list', title: 'x', source: { operation: 'createCodeGroup', rowKey: 'groupId' }, columns: column },
        ['/source/operation'],
      ],
      [
        {
          kind: 'list',
          title: 'x',
          source: { operation: 'listCodeGroups', rowKey: 'groupId', params: { body: { a: "'1'" } } },
          columns: column,
        },
        ['/source/params/body'],
      ],
      [
        {
          kind: 'list',
          title: 'x',
          source: { operation: 'listCodeGroups', rowKey: 'groupId' },
          filters: [
            {
              field: 'useYn',
              widget: 'select',
              optionsFrom: { operation: 'createCodeGroup', value: 'groupId', text: 'nameKo' },
            },
          ],
          columns: column,
        },
        ['/filters/0/optionsFrom/operation'],
      ],
      [
        {
          kind: 'tree',
          title: 'x',
          tree: { operation: 'createCodeGroup', idField: 'groupId', labelField: 'nameKo' },
          detail: { sections },
        },
        ['/tree/operation'],
      ],
      [
        {
          kind: 'dashboard',
          title: 'x',
          panels: [{ id: 'p', title: 'p', type: 'stat', aggregate: 'total', source: { operation: 'createCodeGroup' } }],
        },
        ['/panels/0/source/operation'],
      ],
    ];
    for (const [def, expected] of cases) {
      const found = await pointers(def);
      for (const p of expected) expect(found, JSON.stringify(def)).toContain(p);
    }
    // The same reads as GET, without a body: no such problem.
    const fine = await check({
      kind: 'list',
      title: 'x',
      source: { operation: 'listCodeGroups', rowKey: 'groupId' },
      columns: column,
    });
    expect(fine.problems).toEqual([]);
    const message = (await check(cases[0][0])).problems.find((p) => p.pointer === '/load/operation')!.message;
    expect(message).toContain('불러오기(load)의 operation: createCodeGroup은 POST 작업입니다');
  });

  it('names every operation bound to the caller that a click action of a stored screen calls', async () => {
    const list = (operation: string, params: Record<string, unknown>) => ({
      kind: 'list',
      title: 'x',
      source: { operation: 'listCodeGroups', rowKey: 'groupId' },
      columns: column,
      selection: 'single',
      actions: [{ kind: 'call', id: 'go', label: '실행', confirm: '실행?', operation, selection: 'single', params }],
    });
    for (const [operation, params] of [
      ['approveApproval', { path: { approvalId: 'row.groupId' }, body: { version: 'row.version' } }],
      ['blockUser', { path: { userId: 'row.groupId' }, body: { version: 'row.version' } }],
      ['endSession', { path: { sessionId: 'row.groupId' } }],
      ['saveGroupMenuAuth', { path: { authGroupId: 'row.groupId' } }],
      ['confirmTenderOpening', { path: { tenderNo: 'row.groupId' }, body: { version: 'row.version' } }],
      ['changeMyPassword', { body: { newPassword: "'x'" } }],
    ] as const) {
      const problems = (await check(list(operation, params))).problems;
      const at = problems.find((p) => p.pointer === '/actions/0/operation');
      expect(at?.message, `${operation}: ${JSON.stringify(problems)}`).toMatch(
        /저장된 화면은 이 작업을 부를 수 없습니다/,
      );
    }
    // An ordinary write pressed and confirmed by a person stays possible.
    const save = (
      await check(
        list('updateCodeGroup', {
          path: { groupId: 'row.groupId' },
          body: { nameKo: 'row.nameKo', nameEn: 'row.nameEn', version: 'row.version' },
        }),
      )
    ).problems;
    expect(save.filter((p) => p.pointer.startsWith('/actions/0/operation'))).toEqual([]);
  });

  it('refuses a call carrying a stored screen’s mark to an operation bound to the caller, and a preview’s writes', async () => {
    refused(
      await f.post('/api/v1/users/supplier2/block', marked(f.u.admin, SCREEN), { version: 1 }),
      403,
      'IDENTITY_BOUND',
    );
    refused(
      await f.post('/api/v1/portal/sessions/none/end', marked(f.u.admin, PREVIEW), {}),
      403,
      'STUDIO_PREVIEW_READ_ONLY',
    );
    refused(
      await f.post('/api/v1/portal/code-groups', marked(f.u.admin, PREVIEW), {
        groupId: 'PREVIEW_W',
        nameKo: '미리보기',
        nameEn: 'Preview',
      }),
      403,
      'STUDIO_PREVIEW_READ_ONLY',
    );
    expect(
      await t.db.db.selectFrom('codeGroup').select('groupId').where('groupId', '=', 'PREVIEW_W').executeTakeFirst(),
    ).toBeUndefined();
    // A preview reads; a malformed mark is refused, never ignored.
    ok(await f.get('/api/v1/portal/code-groups?size=1', marked(f.u.admin, PREVIEW)));
    refused(
      await f.get('/api/v1/portal/code-groups?size=1', marked(f.u.admin, { 'x-studio-screen': 'studio.x' })),
      400,
      'STUDIO_MARK_INVALID',
    );
  });

  it('records the screen and version in the audit row of a write made from a stored screen, beside the user', async () => {
    ok(
      await f.post('/api/v1/portal/code-groups', marked(f.u.admin, { 'x-studio-screen': 'studio.codeDesk@v3' }), {
        groupId: 'FROM_SCREEN',
        nameKo: '화면에서',
        nameEn: 'From a screen',
      }),
    );
    ok(
      await f.post('/api/v1/portal/code-groups', f.u.admin, {
        groupId: 'FROM_MENU',
        nameKo: '메뉴에서',
        nameEn: 'From the menu',
      }),
    );
    const rows = await t.db.db
      .selectFrom('auditLog')
      .select(['entityKey', 'actor', 'viaScreen'])
      .where('entity', '=', 'code_group')
      .where('entityKey', 'in', ['FROM_SCREEN', 'FROM_MENU'])
      .orderBy('entityKey')
      .execute();
    expect(rows).toEqual([
      { entityKey: 'FROM_MENU', actor: 'admin', viaScreen: null },
      { entityKey: 'FROM_SCREEN', actor: 'admin', viaScreen: 'studio.codeDesk@v3' },
    ]);
  });

  it('demonstration 1: an edit screen whose load is confirmTenderOpening, opened by opadmin, opens nothing', async () => {
    const def = {
      kind: 'edit',
      title: '입찰 확인',
      singleton: true,
      load: {
        operation: 'confirmTenderOpening',
        params: { path: { tenderNo: 'query.tenderNo' }, body: { version: "'1'" } },
      },
      sections: [{ fields: [{ field: 'tenderNo' }] }],
    };
    const problems = await pointers(def);
    expect(problems).toContain('/load/operation');
    expect(problems).toContain('/load/params/body');
    const created = ok(
      await f.post('/api/v1/studio/screens', f.u.admin, {
        name: 'tenderPeek',
        portal: 'I',
        source: JSON.stringify(def),
      }),
    );
    expect(created.problems.map((p: { pointer: string }) => p.pointer)).toContain('/load/operation');
    refused(
      await f.post('/api/v1/studio/screens/tenderPeek/publish', f.u.admin, {
        version: created.draftVersion,
        parentId: 'PUR_ORDER',
        menuName: '입찰 확인',
        menuNameEn: 'Tender',
        groups: [{ authGroupId: '50', canWrite: 'N' }],
        note: '게시',
      }),
      400,
      'SCREEN_DEFINITION_INVALID',
    );

    // The server half: a closed tender with its first confirmation; opadmin's browser sends the
    // second one with the stored screen's mark (a definition stored before the check existed).
    const pr = await receivedPr(f);
    const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();
    const draft = ok(
      await f.post('/api/v1/bid/tenders', f.u.operator, {
        prNo: pr.prNo,
        prVersion: pr.version,
        awardRule: 'LOWEST_TOTAL',
        openAt: inMinutes(60),
        closeAt: inMinutes(120),
        suppliers: ['C00001', 'C00002'],
      }),
    );
    const published = ok(
      await f.post(`/api/v1/bid/tenders/${draft.tenderNo}/publish`, f.u.operator, { version: draft.version }),
    );
    await t.db.db
      .updateTable('tender')
      .set({ openAt: new Date(Date.now() - 120 * 60_000), closeAt: new Date(Date.now() - 60_000) })
      .where('tenderNo', '=', published.tenderNo)
      .execute();
    const closed = ok(await f.get(`/api/v1/bid/tenders/${published.tenderNo}`, f.u.tfadmin));
    const first = ok(
      await f.post(`/api/v1/bid/tenders/${published.tenderNo}/open`, f.u.tfadmin, { version: closed.version }),
    );
    expect(first.status).toBe('CLOSED');
    refused(
      await f.post(
        `/api/v1/bid/tenders/${published.tenderNo}/open`,
        marked(f.u.opadmin, { 'x-studio-screen': 'studio.tenderPeek@v1' }),
        { version: first.version },
      ),
      403,
      'IDENTITY_BOUND',
    );
    expect(ok(await f.get(`/api/v1/bid/tenders/${published.tenderNo}`, f.u.tfadmin)).status).toBe('CLOSED');
  });

  it('demonstration 2: a supplier screen whose load is changeMyPassword changes no password', async () => {
    const def = {
      kind: 'edit',
      title: '내 정보',
      singleton: true,
      load: {
        operation: 'changeMyPassword',
        params: { body: { newPassword: "'Chosen!Pw123'", newPasswordCheck: "'Chosen!Pw123'" } },
      },
      sections: [{ fields: [{ field: 'userId' }] }],
    };
    const problems = (await check(def, 'X')).problems;
    expect(problems.map((p) => p.pointer)).toEqual(expect.arrayContaining(['/load/operation', '/load/params/body']));
    expect(
      problems.some(
        (p) => p.pointer === '/load/operation' && /저장된 화면은 이 작업을 부를 수 없습니다/.test(p.message),
      ),
    ).toBe(true);

    // supplier2 re-entered its password a minute ago; its browser opens the stored screen.
    const hash = () =>
      t.db.db.selectFrom('appUser').select('passwordHash').where('userId', '=', 'supplier2').executeTakeFirstOrThrow();
    const before = await hash();
    ok(await f.post('/api/v1/my-account/reauth', f.u.supplier2, { password: DEMO_PASSWORD }));
    refused(
      await f.post('/api/v1/my-account/password', marked(f.u.supplier2, { 'x-studio-screen': 'studio.myInfo@v1' }), {
        newPassword: 'Chosen!Pw123',
        newPasswordCheck: 'Chosen!Pw123',
      }),
      403,
      'IDENTITY_BOUND',
    );
    expect(await hash()).toEqual(before);
  });
});
