import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../server/db/seed/accounts.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { client, logins, ok, receivedPr, refused, type Flow } from '../purchase/helpers.js';
import { multipart } from '../../helpers/multipart.js';
import { sessionAs } from '../../helpers/session.js';

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
  // Well formed (a seal of 43 characters), though not sealed by the server: the identity-bound
  // refusal comes first, before the caller and the seal are known.
  const SEAL = 'A'.repeat(43);
  const SCREEN = { 'x-studio-screen': `studio.safetyProbe@v1;${SEAL}` };
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
    expect(message).toContain('불러오기(load)의 operation: 코드 그룹 추가는 POST 작업입니다');
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

  /** A screen created and published for group 99 (the admin's), answering its runtime (with the sealed mark). */
  const publish = async (name: string, def: unknown, who = f.u.admin) => {
    const created = ok(
      await f.post('/api/v1/studio/screens', f.u.admin, { name, portal: 'I', source: JSON.stringify(def) }),
    );
    expect(created.problems, JSON.stringify(created.problems)).toEqual([]);
    ok(
      await f.post(`/api/v1/studio/screens/${name}/publish`, f.u.admin, {
        version: created.draftVersion,
        parentId: 'PUR_ORDER',
        menuName: name,
        menuNameEn: name,
        groups: [{ authGroupId: '99', canWrite: 'Y' }],
        note: '게시',
      }),
    );
    return ok<{ versionNo: number; mark: string }>(await f.get(`/api/v1/studio/published/${name}`, who));
  };
  const codeDesk = {
    kind: 'list',
    title: '코드 그룹',
    source: { operation: 'listCodeGroups', rowKey: 'groupId' },
    columns: column,
    actions: [
      {
        kind: 'call',
        id: 'add',
        label: '추가',
        operation: 'createCodeGroup',
        params: { body: { groupId: "'X'", nameKo: "'가'", nameEn: "'a'" } },
      },
    ],
  };
  const auditOf = (entity: string, keys: string[]) =>
    t.db.db
      .selectFrom('auditLog')
      .select(['entity', 'entityKey', 'actor', 'viaScreen'])
      .where('entity', '=', entity)
      .where('entityKey', 'in', keys)
      .orderBy('entityKey')
      .execute();

  it('records the screen and version in the audit row of a write made from a stored screen, beside the user, and the call itself', async () => {
    const { mark, versionNo } = await publish('codeDesk', codeDesk);
    expect(mark).toMatch(new RegExp(`^studio\\.codeDesk@v${versionNo};[A-Za-z0-9_-]{43}$`));
    ok(
      await f.post('/api/v1/portal/code-groups', marked(f.u.admin, { 'x-studio-screen': mark }), {
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
    const via = `studio.codeDesk@v${versionNo}`;
    expect(await auditOf('code_group', ['FROM_SCREEN', 'FROM_MENU'])).toEqual([
      { entity: 'code_group', entityKey: 'FROM_MENU', actor: 'admin', viaScreen: null },
      { entity: 'code_group', entityKey: 'FROM_SCREEN', actor: 'admin', viaScreen: via },
    ]);
    expect(await auditOf('stored_screen_call', ['createCodeGroup'])).toEqual([
      { entity: 'stored_screen_call', entityKey: 'createCodeGroup', actor: 'admin', viaScreen: via },
    ]);
  });

  it('verifies the mark: sealed for this session, the version served, the operation declared in an action; a made-up or unknown screen is refused and recorded nowhere', async () => {
    const { mark, versionNo } = await publish('markDesk', codeDesk);
    const body = (groupId: string) => ({ groupId, nameKo: '표시', nameEn: 'Mark' });
    const post = (who: Flow['u'][string], value: string, groupId: string) =>
      f.post('/api/v1/portal/code-groups', marked(who, { 'x-studio-screen': value }), body(groupId));
    // Any well-formed name: not sealed by the server, refused (before, it was recorded as given).
    refused(await post(f.u.admin, `studio.noSuchScreen@v1;${SEAL}`, 'MARK_UNKNOWN'), 403, 'STUDIO_MARK_UNVERIFIED');
    refused(await post(f.u.admin, mark.replace(/;.*/, `;${SEAL}`), 'MARK_FORGED'), 403, 'STUDIO_MARK_UNVERIFIED');
    // Another session's mark (the same user logged in again) is not this one's.
    const again = await sessionAs(t.app, 'admin');
    refused(
      await post(
        { ...f.u.admin, headers: { ...f.u.admin.headers, authorization: again.headers.authorization } },
        mark,
        'MARK_OTHER',
      ),
      403,
      'STUDIO_MARK_UNVERIFIED',
    );
    // An operation the screen does not call from an action: refused even with the right mark.
    refused(
      await f.del(
        `/api/v1/portal/code-groups/${'FROM_SCREEN'}?version=1`,
        marked(f.u.admin, { 'x-studio-screen': mark }),
      ),
      403,
      'STUDIO_OPERATION_UNDECLARED',
    );
    // A version no longer served: the screen changed under the viewer.
    const draft = ok(await f.get('/api/v1/studio/screens/markDesk', f.u.admin));
    ok(
      await f.post('/api/v1/studio/screens/markDesk/publish', f.u.admin, {
        version: draft.draftVersion,
        parentId: 'PUR_ORDER',
        menuName: 'markDesk',
        menuNameEn: 'markDesk',
        groups: [{ authGroupId: '99', canWrite: 'Y' }],
        note: '다시 게시',
      }),
    );
    refused(await post(f.u.admin, mark, 'MARK_OLD'), 409, 'STUDIO_SCREEN_CHANGED');
    const fresh = ok<{ mark: string; versionNo: number }>(await f.get('/api/v1/studio/published/markDesk', f.u.admin));
    expect(fresh.versionNo).toBe(versionNo + 1);
    ok(await post(f.u.admin, fresh.mark, 'MARK_FRESH'));
    const made = await t.db.db.selectFrom('codeGroup').select('groupId').where('groupId', 'like', 'MARK_%').execute();
    expect(made.map((r) => r.groupId)).toEqual(['MARK_FRESH']);
    expect(
      (await t.db.db.selectFrom('auditLog').select('viaScreen').where('viaScreen', 'like', 'studio.noSuch%').execute())
        .length,
    ).toBe(0);
  });

  it('a GET that leaves something behind is never an automatic load: named by the check, refused by the server unless an action of the screen calls it, and in the preview', async () => {
    const load = {
      kind: 'edit',
      title: '입찰서',
      singleton: true,
      load: { operation: 'getTenderBids', params: { path: { tenderNo: 'query.tenderNo' } } },
      sections: [{ fields: [{ field: 'tenderNo' }] }],
    };
    const problems = (await check(load)).problems;
    const at = problems.find((p) => p.pointer === '/load/operation');
    expect(at?.message, JSON.stringify(problems)).toMatch(
      /개찰된 입찰서 열람은 조회이지만 감사 기록을 남기는 작업입니다/,
    );
    const download = {
      kind: 'list',
      title: '계약서',
      source: { operation: 'listContracts', rowKey: 'econtractNo' },
      filters: [
        {
          field: 'status',
          widget: 'select',
          optionsFrom: { operation: 'printPo', value: 'x', text: 'x' },
        },
      ],
      columns: [{ field: 'econtractNo' }],
    };
    expect((await pointers(download)).filter((p) => p.startsWith('/filters/0/optionsFrom'))).toContain(
      '/filters/0/optionsFrom/operation',
    );
    // In an action a person presses, it may stand.
    const pressed = {
      kind: 'list',
      title: '입찰',
      source: { operation: 'listTenders', rowKey: 'tenderNo' },
      columns: [{ field: 'tenderNo' }],
      selection: 'single',
      actions: [
        {
          kind: 'call',
          id: 'bids',
          label: '입찰서',
          operation: 'getTenderBids',
          selection: 'single',
          params: { path: { tenderNo: 'row.tenderNo' } },
        },
      ],
    };
    expect((await check(pressed)).problems.filter((p) => p.pointer.startsWith('/actions'))).toEqual([]);
    // The server: a screen that does not declare it, and the preview, are refused before any audit row.
    const { mark } = await publish('bidPeek', codeDesk);
    const before = await t.db.db
      .selectFrom('auditLog')
      .select((e) => e.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    refused(
      await f.get('/api/v1/bid/tenders/NONE/bids', marked(f.u.admin, { 'x-studio-screen': mark })),
      403,
      'STUDIO_OPERATION_UNDECLARED',
    );
    refused(await f.get('/api/v1/bid/tenders/NONE/bids', marked(f.u.admin, PREVIEW)), 403, 'STUDIO_PREVIEW_READ_ONLY');
    const after = await t.db.db
      .selectFrom('auditLog')
      .select((e) => e.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('uploads and deletes of the file widgets carry the mark: refused in the preview and from a screen without a file field', async () => {
    const upload = async (mark: Record<string, string>) => {
      const form = await multipart([{ name: 'a.txt', content: 'x', type: 'text/plain' }]);
      return t.app.inject({
        method: 'POST',
        url: '/api/v1/cmmn/file/upload',
        headers: { ...f.u.admin.headers, ...form.headers, ...mark },
        payload: form.payload,
      });
    };
    const groups = () =>
      t.db.db
        .selectFrom('fileGroup')
        .select((e) => e.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
    const before = await groups();
    refused(await upload(PREVIEW), 403, 'STUDIO_PREVIEW_READ_ONLY');
    const { mark } = await publish('noFiles', codeDesk);
    refused(await upload({ 'x-studio-screen': mark }), 403, 'STUDIO_OPERATION_UNDECLARED');
    expect(Number((await groups()).n)).toBe(Number(before.n));
    const withFiles = await publish('withFiles', {
      kind: 'edit',
      title: '첨부',
      key: ['prNo'],
      load: { operation: 'getPr', params: { path: { prNo: 'query.prNo' } } },
      sections: [{ fields: [{ field: 'prNo' }] }],
      attachments: { field: 'fileId' },
    });
    const saved = ok<{ fileId: string; files: Array<{ seq: number }> }>(
      await upload({ 'x-studio-screen': withFiles.mark }),
    );
    refused(
      await f.del(`/api/v1/cmmn/file/${saved.fileId}/${saved.files[0]!.seq}`, marked(f.u.admin, PREVIEW)),
      403,
      'STUDIO_PREVIEW_READ_ONLY',
    );
    ok(
      await f.del(
        `/api/v1/cmmn/file/${saved.fileId}/${saved.files[0]!.seq}`,
        marked(f.u.admin, { 'x-studio-screen': withFiles.mark }),
      ),
    );
  });

  it('a contract cancelled from a stored screen is in the audit log with the screen', async () => {
    const tpl = ok(
      await f.put('/api/v1/contract-templates/SCREENTPL', f.u.operator, {
        name: '공급 계약서',
        contractType: 'SUPPLY',
        signOrder: 'BUYER_FIRST',
        body: '{{contract.title}}',
        version: 0,
      }),
    );
    const contract = ok(
      await f.post('/api/v1/contracts', f.u.operator, {
        templateNo: tpl.templateNo ?? 'SCREENTPL',
        compNo: 'C00001',
        title: '저장 화면 계약',
        supplyAmount: '1000000',
        vatAmount: '100000',
        startDate: '2026-12-01',
        endDate: '2027-11-30',
        signDeadline: '2026-12-20',
        buyerSignerId: 'operator',
      }),
    );
    const { mark, versionNo } = await publish(
      'contractDesk',
      {
        kind: 'list',
        title: '계약 현황',
        source: { operation: 'listContracts', rowKey: 'contractNo' },
        columns: [{ field: 'contractNo' }],
        selection: 'single',
        actions: [
          {
            kind: 'call',
            id: 'refresh',
            label: '새로고침',
            confirm: '최신 상태로 새로고침하시겠습니까?',
            operation: 'cancelContract',
            selection: 'single',
            params: { path: { econtractNo: 'row.contractNo' }, body: { version: 'row.version', reason: "'새로고침'" } },
          },
        ],
      },
      f.u.admin,
    );
    ok(
      await f.post(`/api/v1/contracts/${contract.contractNo}/cancel`, marked(f.u.admin, { 'x-studio-screen': mark }), {
        version: contract.version,
        reason: '새로고침',
      }),
    );
    expect(await auditOf('stored_screen_call', ['cancelContract'])).toEqual([
      {
        entity: 'stored_screen_call',
        entityKey: 'cancelContract',
        actor: 'admin',
        viaScreen: `studio.contractDesk@v${versionNo}`,
      },
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
        marked(f.u.opadmin, { 'x-studio-screen': `studio.tenderPeek@v1;${SEAL}` }),
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
      await f.post(
        '/api/v1/my-account/password',
        marked(f.u.supplier2, { 'x-studio-screen': `studio.myInfo@v1;${SEAL}` }),
        {
          newPassword: 'Chosen!Pw123',
          newPasswordCheck: 'Chosen!Pw123',
        },
      ),
      403,
      'IDENTITY_BOUND',
    );
    expect(await hash()).toEqual(before);
  });
});
