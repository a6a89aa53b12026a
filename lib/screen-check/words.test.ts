// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import doc from '../../schemas/openapi.generated.json';
import { checkDefinition } from './check';
import { indexApi } from './cross-check';
import { hasWords, placeWords, problemWords } from './words';

const api = indexApi(doc as unknown as Record<string, unknown>);
const head = { id: 'studio.x', route: '/s/x', title: 'x' };
const list = (over: Record<string, unknown>) => ({
  kind: 'list',
  ...head,
  source: { operation: 'listPos', rowKey: 'poNo' },
  columns: [{ field: 'poNo' }],
  ...over,
});

/** The first problem of a definition, worded in both languages. */
function first(def: unknown) {
  const problems = checkDefinition(def, { api, file: 'studio:x' });
  expect(problems.length).toBeGreaterThan(0);
  const p = problems[0]!;
  return { code: p.code, pointer: p.pointer, ko: problemWords(p, 'ko').message, en: problemWords(p, 'en').message };
}

describe('the check’s problems in words', () => {
  it.each([
    [
      'pattern',
      list({ source: { operation: '' } }),
      'schema.pattern',
      '데이터 원본(source)의 operation: API 작업 이름을 써야 합니다(영문자로 시작하는 영문자와 숫자, 예: listPos). 지금 값: ""',
      'source › operation: expected an operation name of the API (letters and digits, starting with a letter, e.g. listPos); it is ""',
    ],
    [
      'required',
      { kind: 'list', ...head, columns: [{ field: 'poNo' }] },
      'schema.required',
      '정의 전체: 꼭 있어야 하는 속성 "source"가 없습니다',
      'the whole definition: the required property "source" is missing',
    ],
    [
      'enum',
      list({ columns: [{ field: 'poNo', type: 'bogus' }] }),
      'schema.enum',
      '1번째 열의 type: text, number, money, date, datetime, month, code, checkbox, link 중 하나를 써야 합니다 (지금 값: "bogus")',
      'column 1 › type: must be one of text, number, money, date, datetime, month, code, checkbox, link; it is "bogus"',
    ],
    [
      'type',
      list({ columns: [{ field: 'poNo', width: 'wide' }] }),
      'schema.type',
      '1번째 열의 width: 정수 값을 써야 합니다 (지금: 글자(문자열) "wide")',
      'column 1 › width: must be a whole number; it is text (a string) "wide"',
    ],
    [
      'additionalProperties',
      list({ colums: [] }),
      'schema.additionalProperties',
      '정의 전체: "colums"는 이곳에 쓸 수 없는 속성입니다',
      'the whole definition: "colums" is not a property allowed here',
    ],
    [
      'minItems',
      list({ columns: [] }),
      'schema.minItems',
      '열(columns): 1개 이상 있어야 합니다',
      'columns: needs at least 1 item(s)',
    ],
    [
      'const',
      {
        kind: 'list',
        ...head,
        portals: ['internal'],
        source: { operation: 'listPos' },
        columns: [{ field: 'poNo' }],
        $schema: 3,
      },
      'schema.type',
      '$schema: 글자(문자열) 값을 써야 합니다',
      '$schema: must be text (a string)',
    ],
    [
      'duplicate column',
      list({ columns: [{ field: 'poNo' }, { field: 'poNo' }] }),
      'rule.duplicateColumn',
      '2번째 열의 field: 열 "poNo"가 두 번 나옵니다',
      'column 2 › field: column "poNo" appears twice',
    ],
    [
      'expression',
      list({ source: { operation: 'listPos', params: { query: { status: "['SENT'" } } } }),
      'rule.expression',
      '데이터 원본(source)의 입력값(params)의 query의 status: 식 "[\'SENT\'"를 읽을 수 없습니다 (8번째 글자',
      'source › params › query › status: the expression "[\'SENT\'" cannot be read',
    ],
    [
      'a column not in the rows',
      list({ columns: [{ field: 'compNameKo' }] }),
      'api.notAField',
      '1번째 열의 field: 열 "compNameKo"는 listPos의 행에 없는 필드입니다. 필드: ',
      'column 1 › field: column "compNameKo" is not a field of the rows of listPos; fields: ',
    ],
    [
      'a YYYYMM month shown raw',
      list({ source: { operation: 'listSettlements', rowKey: 'settleNo' }, columns: [{ field: 'period' }] }),
      'api.rawText',
      '1번째 열의 type: "period"는 YYYYMM 연월입니다: 열 형식(type)을 "month"로 하세요',
      'column 1 › type: "period" is a YYYYMM month: give the column type "month"',
    ],
    [
      'an exact decimal shown raw',
      list({
        source: { operation: 'listLateReceipts', rowKey: 'receiptNo' },
        columns: [{ field: 'quantity' }],
      }),
      'api.rawText',
      '1번째 열의 type: "quantity"는 글자로 받은 정확한 소수입니다',
      'column 1 › type: "quantity" is an exact decimal held as text',
    ],
    [
      'exact on a text column',
      list({ columns: [{ field: 'poNo', exact: true }] }),
      'rule.exactColumn',
      '1번째 열의 exact: exact는 숫자(number)와 금액(money) 열에만 씁니다',
      'column 1 › exact: exact is for number and money columns',
    ],
    [
      'unknown operation',
      list({ source: { operation: 'listPoz' } }),
      'api.unknownOperation',
      '데이터 원본(source)의 operation: API에 작업 "listPoz"가 없습니다',
      'source › operation: the API has no operation "listPoz"',
    ],
    [
      'a filter not a parameter',
      list({ filters: [{ field: 'zzz' }] }),
      'api.unknownFilterParam',
      '1번째 검색조건의 field: listPos에는 검색 입력값 "zzz"가 없습니다',
      'filter 1 › field: listPos has no filter parameter "zzz"',
    ],
    [
      'not sortable',
      list({ source: { operation: 'listPos', defaultSort: 'zzz:asc' } }),
      'api.notSortable',
      '데이터 원본(source)의 defaultSort: 서버는 "zzz"로 정렬할 수 없습니다',
      'source › defaultSort: the server cannot sort by "zzz"',
    ],
    [
      'a write without a click',
      { kind: 'edit', ...head, load: { operation: 'confirmTenderOpening' }, sections: [{ fields: [{ field: 'x' }] }] },
      'api.automaticWrite',
      '불러오기(load)의 operation: confirmTenderOpening은 POST 작업입니다. 화면이 클릭 없이 부르는 호출은 조회(GET)만 할 수 있으니',
      'load › operation: confirmTenderOpening is POST: the engine calls it without a click',
    ],
  ])('%s', (_name, def, code, ko, en) => {
    const p = first(def);
    expect(p.code).toBe(code);
    expect(p.ko).toContain(ko);
    expect(p.en).toContain(en);
  });

  it('names an operation by its name, never its id, with the particle its name takes', () => {
    const p = checkDefinition(
      { kind: 'edit', ...head, load: { operation: 'confirmTenderOpening' }, sections: [{ fields: [{ field: 'x' }] }] },
      { api, file: 'studio:x' },
    ).find((x) => x.code === 'api.automaticWrite')!;
    const titles = (op: string) => api[op]?.title;
    expect(problemWords(p, 'ko', titles).message).toContain('개찰 확인은 POST 작업입니다');
    expect(problemWords(p, 'en', titles).message).toMatch(/^load › operation: “[^”]+” is POST/);
    for (const lang of ['ko', 'en'] as const)
      expect(problemWords(p, lang, titles).message).not.toContain('confirmTenderOpening');
    const column = checkDefinition(list({ columns: [{ field: 'compNameKo' }] }), { api, file: 'studio:x' })[0]!;
    expect(problemWords(column, 'ko', titles).message).toMatch(/열 "compNameKo"는 .+ 조회의 행에 없는 필드입니다/);
    expect(problemWords(column, 'ko', titles).message).not.toContain('listPos');
  });

  it('never shows a regular expression, in either language', () => {
    const defs = [
      list({ source: { operation: '' } }),
      list({ source: { operation: 'listPos', defaultSort: 'poDate' } }),
      list({ columns: [{ field: 'poNo', link: { route: 'nope' } }] }),
    ];
    for (const def of defs)
      for (const p of checkDefinition(def, { api, file: 'studio:x' }))
        for (const lang of ['ko', 'en'] as const) {
          const { message } = problemWords(p, lang);
          expect(message).not.toMatch(/\^|\$\W|\[A-Z|\(asc\|desc\)|pattern/);
        }
  });

  it('names places in words', () => {
    expect(placeWords('/columns/0/field', 'ko')).toBe('1번째 열의 field');
    expect(placeWords('/columns/0/field', 'en')).toBe('column 1 › field');
    expect(placeWords('/sections/1/fields/2/optionsFrom/operation', 'ko')).toBe(
      '2번째 구역의 3번째 항목의 선택지 원본(optionsFrom)의 operation',
    );
    expect(placeWords('', 'ko')).toBe('정의 전체');
    expect(placeWords('/a~1b', 'en')).toBe('a/b');
  });

  it('has a sentence for every code the check and the studio produce', () => {
    const files = ['lib/screen-check/validate.ts', 'lib/screen-check/cross-check.ts', 'server/modules/studio/check.ts'];
    const codes = new Set(
      files.flatMap((f) =>
        [...readFileSync(f, 'utf8').matchAll(/'((?:schema|rule|api|stored|json)\.[A-Za-z]+)'/g)].map((m) => m[1]!),
      ),
    );
    expect(codes.size).toBeGreaterThan(40);
    expect([...codes].filter((c) => !hasWords(c))).toEqual([]);
  });

  it('a number cell a body takes as text (an exact decimal) must be exact, or it is sent as a JS number', () => {
    const def = (exact: boolean) => ({
      kind: 'edit',
      ...head,
      sections: [{ fields: [{ field: 'title' }] }],
      details: [
        {
          id: 'lines',
          rowKey: 'lineNo',
          send: ['itemName', 'quantity'],
          columns: [{ field: 'itemName' }, { field: 'quantity', type: 'number', exact }],
        },
      ],
      actions: [{ kind: 'save', operation: 'createPr' }],
    });
    const found = (exact: boolean) =>
      checkDefinition(def(exact), { api, file: 'studio:x' }).filter((p) => p.code === 'api.decimalAsNumber');
    const [p] = found(false);
    expect(p.pointer).toBe('/details/0/columns/1/exact');
    expect(problemWords(p, 'ko').message).toContain('"quantity"를 글자(정확한 소수)로 받습니다');
    expect(problemWords(p, 'en').message).toContain('takes "quantity" of "lines" as text');
    expect(found(true)).toEqual([]);
  });

  it('keeps the stored message of a problem without a code', () => {
    expect(problemWords({ pointer: '/x', message: 'old words' }, 'ko')).toEqual({ place: 'x', message: 'old words' });
  });
});
