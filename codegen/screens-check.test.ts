import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatProblem } from '../engine/definition/problems';
import { checkScreens, generatedFiles, storiesModule } from './screens-check';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

const texts = { ko: { screen: { test: '시험' } }, en: { screen: { test: 'Test' } } };

/** A screens/ folder of its own with these files; the repository's OpenAPI document. */
async function check(files: Record<string, string | object>) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'screens-check-'));
  dirs.push(root);
  for (const [name, content] of Object.entries(files)) {
    const p = path.join(root, 'screens', name);
    fs.mkdirSync(path.dirname(p), { recursive: true });
    fs.writeFileSync(p, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  }
  const result = await checkScreens({ root, texts });
  return result.problems.map(formatProblem);
}

const list = (over: Record<string, unknown> = {}) => ({
  id: 'test.list',
  kind: 'list',
  title: 'screen.test',
  route: '/test',
  source: { operation: 'listMessages', defaultSort: 'msgKey:asc' },
  filters: [{ field: 'msgKey' }, { field: 'category', widget: 'select', options: [{ value: 'ui', text: 'UI' }] }],
  columns: [{ field: 'msgKey' }, { field: 'textKo' }],
  ...over,
});

describe('npm run screens:check', () => {
  it('passes on the repository’s definitions and generates a story for each', async () => {
    const result = await checkScreens();
    expect(result.problems.map(formatProblem)).toEqual([]);
    expect(result.definitions.length).toBeGreaterThanOrEqual(7);
    expect(result.stories).toContain("export const PortalMessageManage: Story = { name: 'portal.messageManage'");
    expect(result.stories).toContain("name: 'examples.codeList'");
    // The generated files in the repository are current (the stories and the compiled schema validator).
    for (const [file, content] of generatedFiles(result.stories, result.routes))
      expect(fs.readFileSync(path.resolve(import.meta.dirname, '..', file), 'utf8'), file).toBe(content);
  });

  it('accepts a correct definition', async () => {
    expect(await check({ 'a/test.screen.json': list() })).toEqual([]);
  });

  it('names file, JSON pointer and what was expected for schema errors', async () => {
    const problems = await check({
      'a/test.screen.json': list({
        colums: [],
        columns: [
          { field: 'msgKey', type: 'mony' },
          { field: 'textKo', width: '200' },
        ],
        selection: 'many',
      }),
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^screens\/a\/test\.screen\.json#\/: unknown property "colums" \(did you mean "columns"\?\); expected one of: .*columns/,
        ),
        'screens/a/test.screen.json#/columns/0/type: must be one of: "text", "number", "money", "date", "datetime", "month", "code", "checkbox", "link"; got "mony" (did you mean "money"?)',
        'screens/a/test.screen.json#/columns/1/width: must be integer; got string "200"',
        'screens/a/test.screen.json#/selection: must be one of: "none", "single", "multi"; got "many"',
      ]),
    );
  });

  it('cross-checks operation ids, filter parameters, column fields and sorting against the OpenAPI document', async () => {
    const problems = await check({
      'a/test.screen.json': list({
        source: { operation: 'listMesages' },
      }),
      'b/other.screen.json': list({
        id: 'test.other',
        route: '/other',
        source: { operation: 'listMessages', defaultSort: 'version:desc' },
        filters: [{ field: 'msgKye' }],
        columns: [{ field: 'msgKey' }, { field: 'textKr' }, { field: 'version', sortable: true }],
      }),
    });
    expect(problems).toEqual([
      'screens/a/test.screen.json#/source/operation: operation "listMesages" is not in the OpenAPI document (did you mean "listMessages"?)',
      'screens/b/other.screen.json#/filters/0/field: listMessages has no query parameter "msgKye" (did you mean "msgKey"?); filter parameters: msgKey, text, category',
      'screens/b/other.screen.json#/columns/1/field: column "textKr" is not a field of the rows of listMessages (did you mean "textKo"?); fields: msgKey, category, textKo, textEn, updatedAt, version',
      'screens/b/other.screen.json#/columns/2/sortable: the server cannot sort by "version"; sortable fields: msgKey, category, textKo, textEn, updatedAt',
      'screens/b/other.screen.json#/source/defaultSort: the server cannot sort by "version"; sortable fields: msgKey, category, textKo, textEn, updatedAt',
    ]);
  });

  it('checks action parameters, expressions, label keys and references to other screens', async () => {
    const problems = await check({
      'a/test.screen.json': list({
        actions: [
          { kind: 'call', operation: 'endSession', selection: 'multi', params: { path: { session: 'row.sessionId' } } },
          {
            kind: 'call',
            id: 'x',
            operation: 'endSession',
            enabled: 'row.endedAt = null',
            params: { path: { sessionId: 'row.sessionId' } },
          },
          { kind: 'open', screen: 'test.missing' },
          { kind: 'exportExcel', fileName: 'screen.test.file' },
        ],
      }),
    });
    expect(problems).toEqual([
      "screens/a/test.screen.json#/actions/1/enabled: expression: unexpected character '=' (compare with ==) at position 13 of `row.endedAt = null`",
    ]);
    const second = await check({
      'a/test.screen.json': list({
        actions: [
          { kind: 'call', operation: 'endSession', selection: 'multi', params: { path: { session: 'row.sessionId' } } },
          { kind: 'open', screen: 'test.missing' },
          { kind: 'exportExcel', fileName: 'screen.test.file' },
        ],
      }),
    });
    expect(second).toEqual([
      'screens/a/test.screen.json#/actions/0/params/path/session: endSession has no path parameter "session"; path parameters: sessionId',
      'screens/a/test.screen.json#/actions/0/params: endSession (POST /api/v1/portal/sessions/{sessionId}/end) needs the path parameter "sessionId": add "params": { "path": { "sessionId": "…" } }',
      'screens/a/test.screen.json#/actions/1/screen: no screen with id "test.missing"',
      'screens/a/test.screen.json#/actions/0/params/path/session: row.sessionId is not a field of the rows of listMessages',
      'screens/a/test.screen.json#/actions/2/fileName: text key "screen.test.file" has no ko and en text in any screens/**/i18n/ko.json (write the text itself, or add the key)',
    ]);
  });

  it('what the engine calls without a click is a GET without a body, in a built-in screen too', async () => {
    const problems = await check({
      'a/doc.screen.json': {
        id: 'test.doc',
        kind: 'edit',
        title: 'screen.test',
        route: '/test/doc',
        singleton: true,
        load: {
          operation: 'confirmTenderOpening',
          params: { path: { tenderNo: 'query.tenderNo' }, body: { version: "'1'" } },
        },
        sections: [
          {
            fields: [
              {
                field: 'tenderNo',
                valueFrom: {
                  operation: 'getForwardYn',
                  params: { body: { params: '[form.compNo]' } },
                  value: 'resultData.0.FORWARD_YN',
                },
              },
            ],
          },
        ],
      },
    });
    expect(problems).toEqual([
      'screens/a/doc.screen.json#/load/operation: confirmTenderOpening is POST: the engine calls it without a click, so it must be a GET (a read); writes belong in an action a person presses',
      'screens/a/doc.screen.json#/load/params/body: a call the engine makes without a click sends no body (it reads with GET)',
      'screens/a/doc.screen.json#/sections/0/fields/0/valueFrom/operation: getForwardYn is POST: the engine calls it without a click, so it must be a GET (a read); writes belong in an action a person presses',
      'screens/a/doc.screen.json#/sections/0/fields/0/valueFrom/params/body: a call the engine makes without a click sends no body (it reads with GET)',
    ]);
  });

  it('a document saved whole: detail rows checked against the record’s list and the body’s; popup params targets; prompts and addFrom', async () => {
    const edit = (over: Record<string, unknown> = {}) => ({
      id: 'test.doc',
      kind: 'edit',
      title: 'screen.test',
      route: '/test/doc',
      key: ['prNo'],
      load: { operation: 'getPr', params: { path: { prNo: 'query.prNo' } } },
      sections: [
        {
          fields: [
            { field: 'title' },
            { field: 'desiredDate', widget: 'date' },
            { field: 'currency' },
            { field: 'section', widget: 'businessSection', params: { topDept: 'section', sectionName: 'sectionName' } },
          ],
        },
      ],
      details: [
        {
          id: 'lines',
          rowKey: 'lineNo',
          send: ['itemCode', 'quantity', 'estUnitPrice'],
          columns: [{ field: 'lineNo' }, { field: 'itemCode' }, { field: 'estAmount' }, { field: 'sgName' }],
        },
      ],
      actions: [
        { kind: 'save', operation: 'createPr', updateOperation: 'updatePr' },
        {
          kind: 'workflow',
          id: 'cancel',
          operation: 'cancelPr',
          prompt: { fields: [{ field: 'reason', required: true }] },
          params: { body: { version: 'form.version', reason: 'input.reason' } },
        },
      ],
      ...over,
    });
    // estAmount and sgName are answered by getPr (not taken by updatePr): display-only columns pass.
    expect(await check({ 'a/doc.screen.json': edit() })).toEqual([]);
    // The supplier picker's search and the pages a refusal opens are checked too.
    expect(
      await check({
        'a/doc.screen.json': edit({
          choose: { param: 'compNo', widget: 'company', operation: 'listSupplierz' },
          refused: { REAUTH_REQUIRED: { screen: 'test.nowhere' } },
        }),
      }),
    ).toEqual([
      'screens/a/doc.screen.json#/choose/operation: operation "listSupplierz" is not in the OpenAPI document (did you mean "listSuppliers"?)',
      'screens/a/doc.screen.json#/refused/REAUTH_REQUIRED/screen: no screen with id "test.nowhere"',
    ]);
    const wrongNames = await check({
      'a/doc.screen.json': edit({
        sections: [
          {
            fields: [
              { field: 'section', widget: 'businessSection', params: { topDept: 'sektion' } },
              { field: 'title' },
              { field: 'desiredDate', widget: 'date' },
              { field: 'currency' },
            ],
          },
        ],
        details: [
          {
            id: 'lines',
            rowKey: 'lineNo',
            send: ['itemCode', 'quantity', 'estUnitPrice'],
            columns: [
              { field: 'lineNo' },
              { field: 'estAmout' },
              { field: 'itemCode', lookup: { operation: 'getPrItem', param: 'code', fill: { itemName: 'itemNme' } } },
            ],
          },
        ],
      }),
    });
    expect(wrongNames).toEqual([
      expect.stringContaining(
        '#/sections/0/fields/0/params/topDept: params target "sektion" is neither in the loaded record nor in the body of createPr/updatePr',
      ),
      expect.stringContaining(
        '#/details/0/columns/1/field: column "estAmout" is not a field of the "lines" rows (did you mean "estAmount"?)',
      ),
      expect.stringContaining(
        '#/details/0/columns/2/lookup: getPrItem has no path or query parameter "code"; name it with "param"',
      ),
      expect.stringContaining(
        '#/details/0/columns/2/lookup/fill/itemName: field "itemNme" is not a field of the answer of getPrItem (did you mean "itemName"?)',
      ),
    ]);
    const incomplete = await check({
      'a/doc.screen.json': edit({
        details: [
          {
            id: 'lines',
            rowKey: 'lineNo',
            addFrom: { widget: 'company', fill: { itemCode: 'compNo' } },
            columns: [{ field: 'lineNo' }],
          },
        ],
        actions: [
          {
            kind: 'workflow',
            id: 'cancel',
            operation: 'cancelPr',
            prompt: { fields: [{ field: 'kind', widget: 'select' }] },
            params: { body: { version: 'form.version', reason: 'input.reason' } },
          },
        ],
      }),
    });
    expect(incomplete).toEqual([
      'screens/a/doc.screen.json#/details/0/addFrom: the company popup searches with an operation: add "operation" (called with q; rows with compNo, compNameKr, taxNo2)',
      'screens/a/doc.screen.json#/actions/0/prompt/fields/0/widget: a select needs its choices: codeGroup, options or optionsFrom',
    ]);
  });

  it('a save sends every property its operation requires: fields, grids, the version read, a body map’s keys', async () => {
    const pr = (over: Record<string, unknown> = {}) => ({
      id: 'test.pr',
      kind: 'edit',
      title: 'screen.test',
      route: '/test/pr',
      key: ['prNo'],
      load: { operation: 'getPr', params: { path: { prNo: 'query.prNo' } } },
      sections: [{ fields: [{ field: 'title' }, { field: 'desiredDate', widget: 'date' }, { field: 'currency' }] }],
      details: [
        {
          id: 'lines',
          rowKey: 'lineNo',
          send: ['itemCode', 'quantity', 'estUnitPrice'],
          columns: [{ field: 'lineNo' }, { field: 'itemCode' }, { field: 'quantity' }, { field: 'estUnitPrice' }],
        },
      ],
      actions: [{ kind: 'save', operation: 'createPr', updateOperation: 'updatePr' }],
      ...over,
    });
    expect(await check({ 'a/pr.screen.json': pr() })).toEqual([]);
    // createPr and updatePr require currency: a form without it saves nothing but a 400.
    const noCurrency = await check({
      'a/pr.screen.json': pr({
        sections: [{ fields: [{ field: 'title' }, { field: 'desiredDate', widget: 'date' }] }],
      }),
    });
    expect(noCurrency).toEqual([
      expect.stringContaining(
        '#/actions/0/operation: createPr requires "currency" in its body; no field of the form sends it',
      ),
      expect.stringContaining(
        '#/actions/0/updateOperation: updatePr requires "currency" in its body when updating; no field of the form sends it',
      ),
    ]);
    // A create-only field is not sent by an update; a save shown only while creating is never an update.
    const createOnly = {
      sections: [
        {
          fields: [
            { field: 'title' },
            { field: 'desiredDate', widget: 'date' },
            { field: 'currency', createOnly: true },
          ],
        },
      ],
    };
    expect(await check({ 'a/pr.screen.json': pr(createOnly) })).toEqual([
      expect.stringContaining(
        '#/actions/0/updateOperation: updatePr requires "currency" in its body when updating; the field "currency" is createOnly',
      ),
    ]);
    expect(
      await check({
        'a/pr.screen.json': pr({
          ...createOnly,
          actions: [{ kind: 'save', operation: 'createPr', updateOperation: 'updatePr', visible: "mode == 'create'" }],
        }),
      }),
    ).toEqual([]);
    // The agreement's defect: a grid that sends no rows (or sends them without a required field).
    const lines = (send?: string[]) => [
      {
        id: 'lines',
        rowKey: 'lineNo',
        ...(send ? { send } : {}),
        columns: [{ field: 'lineNo' }, { field: 'quantity' }],
      },
    ];
    expect(await check({ 'a/pr.screen.json': pr({ details: lines() }) })).toEqual([
      expect.stringContaining('#/details/0/send: createPr requires the list "lines" in its body'),
      expect.stringContaining('#/details/0/send: updatePr requires the list "lines" in its body'),
    ]);
    expect(await check({ 'a/pr.screen.json': pr({ details: lines(['quantity']) }) })).toEqual([
      expect.stringContaining('#/details/0/send: createPr requires "estUnitPrice" in each row of "lines"'),
      expect.stringContaining('#/details/0/send: updatePr requires "estUnitPrice" in each row of "lines"'),
    ]);
    // A body built from expressions carries its keys and nothing else.
    const mapped = (body: Record<string, string>) =>
      pr({ actions: [{ kind: 'save', operation: 'cancelPr', visible: "mode == 'update'", params: { body } }] });
    expect(await check({ 'a/pr.screen.json': mapped({ version: 'form.version', reason: "'취소'" }) })).toEqual([]);
    expect(await check({ 'a/pr.screen.json': mapped({ version: 'form.version' }) })).toEqual([
      expect.stringContaining('#/actions/0/params/body: cancelPr requires "reason" in its body; add it to "body"'),
    ]);
  });

  it('reports malformed JSON with its line, a duplicate id and a .screen.ts without a default export', async () => {
    const problems = await check({
      'a/bad.screen.json': '{\n  "id": "test.bad",\n  "kind": "list",,\n}',
      'a/one.screen.json': list(),
      'a/two.screen.json': list({ route: '/two' }),
    });
    expect(problems.find((p) => p.startsWith('screens/a/bad'))).toBe(
      'screens/a/bad.screen.json#/: not valid JSON: Expected double-quoted property name (line 3, column 18)',
    );
    expect(problems).toContain(
      'screens/a/two.screen.json#/id: id "test.list" is already used by screens/a/one.screen.json',
    );
  });

  it('stories: one per definition, named from its id', () => {
    const text = storiesModule([
      { file: 'screens/x/a.screen.json', definition: { id: 'portal.authUserManage' } },
      { file: 'screens/x/bad.screen.json', definition: null },
    ]);
    expect(text).toContain("title: 'Screens'");
    expect(text).toContain(
      "export const PortalAuthUserManage: Story = { name: 'portal.authUserManage', args: { id: 'portal.authUserManage' } };",
    );
    expect(text.match(/export const \w+: Story/g)).toHaveLength(1);
  });
});
