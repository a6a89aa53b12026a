import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOperations } from '../../../server/modules/studio/generate.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { loginAs, type LoggedIn } from '../../helpers/login.js';

/**
 * The analyst's next steps in the studio: a definition file brought in (export → import → publish
 * gives the same definition), a list screen generated from any list operation of the contract that
 * passes the check, the published screens the current contract breaks (in the studio and on
 * /metrics), and a preview as another authority group that never shows more than the analyst's own.
 */
describe('screen studio: import, generate, what the contract breaks, preview as a group', () => {
  let t: TestApp;
  let admin: LoggedIn;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await loginAs(t.app, 'admin');
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: LoggedIn = admin, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: who.headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field below
  const okJson = (res: { statusCode: number; body: string; json: () => any }) => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const publishBody = (version: number) => ({
    version,
    parentId: 'PUR_ORDER',
    menuName: '가져온 화면',
    menuNameEn: 'Imported',
    groups: [{ authGroupId: '99', canWrite: 'N' }],
  });

  const definition = {
    kind: 'list',
    title: '코드그룹 둘러보기',
    source: { operation: 'listCodeGroups', rowKey: 'groupId' },
    filters: [
      {
        field: 'useYn',
        widget: 'select',
        options: [
          { value: 'Y', text: '사용' },
          { value: 'N', text: '미사용' },
        ],
      },
    ],
    columns: [{ field: 'groupId', width: 140 }, { field: 'nameKo' }],
  };
  const labels = { groupId: { ko: '그룹 코드', en: 'Group code' }, nameKo: { ko: '그룹명', en: 'Group name' } };

  it('export → import as the draft → publish gives the same definition and labels; as a new screen too', async () => {
    const created = okJson(
      await call('POST', '/api/v1/studio/screens', admin, {
        name: 'importRound',
        portal: 'I',
        source: JSON.stringify(definition),
        labels,
      }),
    );
    const published = okJson(
      await call('POST', '/api/v1/studio/screens/importRound/publish', admin, publishBody(created.draftVersion)),
    );
    const exported = okJson(await call('GET', '/api/v1/studio/screens/importRound/export'));
    expect(exported.i18n.ko.screen.studio.importRound.groupId).toBe('그룹 코드');

    // Someone edits the draft; the exported file brought back as its draft and published restores it.
    const edited = okJson(
      await call('PUT', '/api/v1/studio/screens/importRound/draft', admin, {
        version: published.draftVersion,
        source: JSON.stringify({ ...definition, title: '바뀐 제목' }),
        labels: {},
      }),
    );
    const taken = await call('POST', '/api/v1/studio/import', admin, {
      fileName: exported.fileName,
      content: exported.content,
      labels: exported.i18n,
    });
    expect(taken.statusCode, taken.body).toBe(409);
    expect(taken.json().code).toBe('SCREEN_EXISTS');
    const imported = okJson(
      await call('POST', '/api/v1/studio/import', admin, {
        fileName: exported.fileName,
        content: exported.content,
        labels: exported.i18n,
        version: edited.draftVersion,
      }),
    );
    expect(imported).toMatchObject({ name: 'importRound', problems: [], labels });
    const again = okJson(
      await call('POST', '/api/v1/studio/screens/importRound/publish', admin, publishBody(imported.draftVersion)),
    );
    expect(again.publishedVersion).toBe(2);
    const reexported = okJson(await call('GET', '/api/v1/studio/screens/importRound/export'));
    expect(reexported.content).toBe(exported.content);
    expect(reexported.i18n).toEqual(exported.i18n);
    const audit = await t.app.dbh.db
      .selectFrom('auditLog')
      .select('action')
      .where('entity', '=', 'stored_screen')
      .where('entityKey', '=', 'importRound')
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['CREATE', 'PUBLISH', 'SAVE_DRAFT', 'IMPORT', 'PUBLISH']);

    // The same file under another name: a new screen whose published definition is the same but for its own id and route.
    const copy = okJson(
      await call('POST', '/api/v1/studio/import', admin, {
        name: 'importCopy',
        content: exported.content,
        labels: exported.i18n,
      }),
    );
    expect(copy).toMatchObject({ name: 'importCopy', portal: 'I', problems: [], labels, draftVersion: 1 });
    okJson(
      await call('POST', '/api/v1/studio/screens/importCopy/publish', admin, {
        ...publishBody(copy.draftVersion),
        menuName: '가져온 사본',
        menuNameEn: 'Imported copy',
      }),
    );
    const [a, b] = [
      okJson(await call('GET', '/api/v1/studio/published/importRound')),
      okJson(await call('GET', '/api/v1/studio/published/importCopy')),
    ];
    expect({ ...b.definition, id: a.definition.id, route: a.definition.route }).toEqual(a.definition);
    expect(b.labels).toEqual(a.labels);
  });

  it('checks an imported file as a draft: malformed JSON and unknown fields are problems, a bad labels file is refused', async () => {
    const broken = okJson(
      await call('POST', '/api/v1/studio/import', admin, {
        fileName: 'importBroken.screen.json',
        content: '{\n  "kind": "list",\n  "title": \n}',
      }),
    );
    expect(broken.name).toBe('importBroken');
    expect(broken.problems).toHaveLength(1);
    expect(broken.problems[0]).toMatchObject({ pointer: '', line: 4 });
    const wrong = okJson(
      await call('POST', '/api/v1/studio/import', admin, {
        fileName: 'importWrong.screen.json',
        content: JSON.stringify({ ...definition, columns: [{ field: 'groupIdd' }] }),
      }),
    );
    expect(wrong.problems.map((p: { pointer: string }) => p.pointer)).toEqual(['/columns/0/field']);
    const badLabels = await call('POST', '/api/v1/studio/import', admin, {
      fileName: 'importLabels.screen.json',
      content: JSON.stringify(definition),
      labels: { 'not a field': { ko: 'x', en: 'x' } },
    });
    expect(badLabels.statusCode).toBe(400);
    expect(badLabels.json().code).toBe('LABELS_FILE_INVALID');
    expect(
      await t.app.dbh.db
        .selectFrom('storedScreen')
        .select('name')
        .where('name', '=', 'importLabels')
        .executeTakeFirst(),
    ).toBeUndefined();
    const nameless = await call('POST', '/api/v1/studio/import', admin, { content: JSON.stringify(definition) });
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json().code).toBe('SCREEN_NAME_REQUIRED');
  });

  it('generates, for every list operation of the contract, a list screen that passes the check with no problem', async () => {
    // The check of the definition itself; whether its author may call the operation is asked when it is saved.
    const contract = listOperations(t.app.swagger() as unknown as Record<string, unknown>).map((l) => l.id);
    const offered = okJson(await call('GET', '/api/v1/studio/generate'));
    expect(offered.rows.map((r: { id: string }) => r.id)).toEqual(contract);
    expect(contract.length).toBeGreaterThan(100);
    const failing: string[] = [];
    for (const id of contract) {
      const g = okJson(await call('POST', '/api/v1/studio/generate', admin, { operation: id }));
      if (g.problems.length > 0) failing.push(`${id}: ${JSON.stringify(g.problems)}`);
    }
    expect(failing).toEqual([]);

    // Typed columns and filters from the schema: numbers, date-times, codes with their values.
    const pos = okJson(await call('POST', '/api/v1/studio/generate', admin, { operation: 'listPos' }));
    const def = JSON.parse(pos.source);
    const column = (field: string) => def.columns.find((c: { field: string }) => c.field === field);
    expect(def.source).toMatchObject({ operation: 'listPos', rowKey: 'poNo' });
    expect(column('poNo').type).toBeUndefined();
    expect(column('forwardedAt')).toEqual({ field: 'forwardedAt', type: 'datetime' });
    expect(column('lineCount')).toEqual({ field: 'lineCount', type: 'number' });
    // A code by the group its description names ("PO_STATUS code"), shown by the code's text.
    expect(column('status')).toEqual({ field: 'status', type: 'code', codeGroup: 'PO_STATUS' });
    expect(def.filters.find((f: { field: string }) => f.field === 'currency')).toEqual({
      field: 'currency',
      widget: 'select',
      options: [
        { value: 'KRW', text: 'KRW' },
        { value: 'JPY', text: 'JPY' },
      ],
      emptyOption: 'all',
    });
    expect(def.filters.map((f: { field: string }) => f.field)).not.toContain('page');
    // A repeated enumeration (`status=SENT&status=ACKNOWLEDGED`) is a multi-select, not a text box: of the code group
    // the built-in screen shows it by, the code's text shown.
    expect(def.filters.find((f: { field: string }) => f.field === 'status')).toEqual({
      field: 'status',
      widget: 'multiSelect',
      codeGroup: 'PO_STATUS',
    });
    // An enumeration's values named as the built-in screens name them, never as raw values; the offer by name.
    const agreements = JSON.parse(
      okJson(await call('POST', '/api/v1/studio/generate', admin, { operation: 'listAgreements' })).source,
    );
    expect(agreements.filters.find((f: { field: string }) => f.field === 'status')).toMatchObject({
      widget: 'multiSelect',
      options: expect.arrayContaining([
        { value: 'ACTIVE', text: '유효' },
        { value: 'DRAFT', text: '작성' },
      ]),
    });
    expect(offered.rows.find((r: { id: string }) => r.id === 'listRfqs').title).toBe('견적요청 목록 조회');
    // Named in Korean as the built-in screen reading listPos names it: its title, and its fields' labels (in the
    // label table beside the definition, editable under 항목 이름), not the contract's English summary.
    expect(def.title).toBe('발주요청');
    expect(pos.labels).toMatchObject({ poNo: { ko: '발주번호', en: 'PO no.' }, title: { ko: '제목', en: 'Title' } });
    const labelled = pos.fields.filter((f: string) => Object.hasOwn(pos.labels, f));
    expect(labelled.length / pos.fields.length).toBeGreaterThan(0.5);
    expect(def.columns.every((c: { label?: string }) => c.label === undefined)).toBe(true);

    // A list served to suppliers alone belongs to the external portal.
    expect(
      okJson(await call('POST', '/api/v1/studio/generate', admin, { operation: 'listSupplierAuctions' })).portal,
    ).toBe('X');
    const write = await call('POST', '/api/v1/studio/generate', admin, { operation: 'saveCodes' });
    expect(write.statusCode).toBe(400);
    expect(write.json().code).toBe('NOT_A_LIST_OPERATION');
  });

  it('reports a published screen the contract breaks, with the pointer, in the studio and on /metrics', async () => {
    const broken = {
      ...definition,
      columns: [{ field: 'groupId' }, { field: 'renamedAway' }],
      source: { operation: 'listCodeGroups', rowKey: 'groupId' },
    };
    const gone = {
      kind: 'list',
      title: '없어진 조작',
      source: { operation: 'listRemovedThings' },
      columns: [{ field: 'x' }],
    };
    // Stored as if published before the contract changed: straight into the tables.
    for (const [name, def] of [
      ['driftField', broken],
      ['driftOperation', gone],
    ] as const) {
      await t.app.dbh.db
        .insertInto('storedScreen')
        .values({
          name,
          portal: 'I',
          kind: 'list',
          title: def.title,
          draftSource: JSON.stringify(def),
          draftLabels: '{}',
          draftProblems: '[]',
          publishedVersion: 1,
          createdBy: 'admin',
          updatedBy: 'admin',
        })
        .execute();
      await t.app.dbh.db
        .insertInto('storedScreenVersion')
        .values({ name, versionNo: 1, source: JSON.stringify(def), labels: '{}', createdBy: 'admin' })
        .execute();
    }
    const report = okJson(await call('GET', '/api/v1/studio/drift'));
    const byName = (name: string) => report.rows.find((r: { name: string }) => r.name === name);
    expect(byName('driftField')).toMatchObject({
      route: '/s/driftField',
      versionNo: 1,
      problems: [expect.objectContaining({ pointer: '/columns/1/field' })],
    });
    expect(byName('driftField').problems[0].message).toContain('renamedAway');
    // In words, the operation by its name (공통코드 그룹 목록 조회), not its id.
    expect(byName('driftField').problems[0].message).toContain('공통코드 그룹 목록 조회의 행에 없는 필드입니다');
    expect(byName('driftField').problems[0].message).not.toContain('listCodeGroups');
    expect(byName('driftOperation').problems.map((p: { pointer: string }) => p.pointer)).toContain('/source/operation');
    // Screens published through the check are not in it.
    expect(byName('importRound')).toBeUndefined();
    expect(report.published).toBeGreaterThanOrEqual(4);

    const metrics = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.statusCode).toBe(200);
    const line = metrics.body.split('\n').find((l) => l.startsWith('gpms_studio_screens_broken{portal="I"}'));
    expect(line).toBe(
      `gpms_studio_screens_broken{portal="I"} ${report.rows.filter((r: { portal: string }) => r.portal === 'I').length}`,
    );
    expect(metrics.body).not.toContain('driftField');
  });

  it('previews as a group whose authority the analyst’s own includes, and refuses one that holds more', async () => {
    const buyers = okJson(await call('GET', '/api/v1/studio/preview-groups/30'));
    expect(buyers).toMatchObject({ authGroupId: '30', portal: 'I' });
    expect(buyers.menus.length).toBeGreaterThan(0);
    expect(buyers.menus.some((m: { canWrite: boolean }) => m.canWrite)).toBe(true);

    // A supplier group holds the external portal's menus, which no internal analyst holds.
    const supplier = await call('GET', '/api/v1/studio/preview-groups/60');
    expect(supplier.statusCode).toBe(403);
    expect(supplier.json().code).toBe('PREVIEW_GROUP_EXCEEDS_OWN');
    expect(supplier.json().msg).toMatch(/권한으로 미리 볼 수 없습니다/);

    // The monitoring group reads the studio but writes nothing: it may preview as itself, never as the buyers.
    await t.app.dbh.db
      .insertInto('menuAuth')
      .values({ authGroupId: '40', pgmId: 'PORTAL_SCREEN_STUDIO', canRead: 'Y', canWrite: 'N' })
      .onConflict((oc) => oc.columns(['authGroupId', 'pgmId']).doUpdateSet({ canRead: 'Y', canWrite: 'N' }))
      .execute();
    const monitor = await loginAs(t.app, 'monitor');
    const refused = await call('GET', '/api/v1/studio/preview-groups/30', monitor);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toMatch(/^사용자는 내 권한그룹에 없는 권한을 가지고 있어/);
    expect(okJson(await call('GET', '/api/v1/studio/preview-groups/40', monitor)).authGroupId).toBe('40');
    expect((await call('GET', '/api/v1/studio/preview-groups/ZZ')).statusCode).toBe(404);
  });
});
