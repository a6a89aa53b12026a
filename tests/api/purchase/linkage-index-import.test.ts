import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { multipart } from '../../helpers/multipart.js';
import { client, day, logins, ok, refused, type Who } from './helpers.js';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
type Aoa = Array<Array<string | number | Date>>;
const HEAD = ['지표 코드 (indexCode)', '기준일 (valueDate)', '지표값 (value)'];

/**
 * 연동 기준 지표 values from a file (docs/subcontracting.md "The 기준 지표"): an .xlsx or .csv sent to the file API,
 * then imported all or nothing — every row checked as a value entered by hand (a known index, a real day not after the
 * business day, above 0 with at most 4 decimals, once in the file), every row's errors answered in Korean and nothing
 * written; a day again replaces its value, each write audited as one entered by hand. The template names the columns
 * and lists the indexes in use.
 */
describe('연동 기준 지표 values from a file', { timeout: 120_000 }, () => {
  let t: TestApp;
  let f: ReturnType<typeof client>;
  let u: Record<string, Who>;
  beforeAll(async () => {
    t = await buildTestApp();
    f = client(t);
    u = await logins(t, ['operator', 'opadmin', 'monitor', 'supplier1']);
    for (const index of [
      { indexCode: 'STEEL_HRC', indexName: '열연강판 가격지수', unit: '지수', source: '한국물가정보 월간' },
      { indexCode: 'CU_LME', indexName: 'LME 전기동', unit: 'USD/t', source: 'LME' },
    ])
      ok(await f.post('/api/v1/subcon/linkage-indexes', u.operator, index));
  });
  afterAll(() => t.close());

  /** A day as an Excel date cell (SheetJS writes a Date in local time). */
  const excelDay = (iso: string) => {
    const [y, m, d] = iso.split('-').map(Number);
    return new Date(y, m - 1, d);
  };
  const book = (aoa: Aoa, sheet = '지표값') => {
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(aoa, { cellDates: true }), sheet);
    return new Uint8Array(XLSX.write(wb, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
  };
  /** As the dialog does: the file to the file API, then the import names its group. */
  const send = async (content: string | Uint8Array<ArrayBuffer>, name: string, type: string, who = u.operator) => {
    const body = await multipart([{ name, content, type }]);
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/v1/cmmn/file/upload',
      headers: { ...who.headers, ...body.headers },
      payload: body.payload,
    });
    expect(up.statusCode, up.body).toBe(200);
    return up.json().fileId as string;
  };
  const importFile = (fileId: string, who = u.operator) =>
    f.post('/api/v1/subcon/linkage-index-values/from-file', who, { fileId });
  const upload = async (content: string | Uint8Array<ArrayBuffer>, name = 'values.xlsx', type = XLSX_TYPE) =>
    importFile(await send(content, name, type));
  const values = async (indexCode: string) =>
    (
      ok(await f.get(`/api/v1/subcon/linkage-index-values?indexCode=${indexCode}&size=100`, u.operator)).rows as Array<{
        valueDate: string;
        value: string;
      }>
    ).map((r) => [r.valueDate, Number(r.value)]);
  const audits = () =>
    t.db.db
      .selectFrom('auditLog')
      .select(['entityKey', 'action', 'beforeData', 'afterData'])
      .where('entity', '=', 'linkage_index')
      .where('action', 'in', ['VALUE', 'VALUE_CHANGE'])
      .orderBy('id')
      .execute();

  it('the template: the three columns, and the indexes in use to choose from', async () => {
    const files = ok(await f.get('/api/v1/subcon/linkage-index-values/template/files', u.operator)).files;
    expect(files).toHaveLength(1);
    expect(files[0].originalName).toBe('연동지표값_양식.xlsx');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/cmmn/file/${files[0].fileId}/${files[0].seq}/wsdownload`,
      headers: u.operator.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const wb = XLSX.read(res.rawPayload, { type: 'buffer' });
    expect(wb.SheetNames).toEqual(['지표값', '안내']);
    expect(XLSX.utils.sheet_to_json(wb.Sheets['지표값'], { header: 1 })).toEqual([HEAD]);
    const help = XLSX.utils.sheet_to_json<string[]>(wb.Sheets['안내'], { header: 1 });
    expect(help).toContainEqual(['STEEL_HRC', '열연강판 가격지수', '지수']);
    expect(help).toContainEqual(['CU_LME', 'LME 전기동', 'USD/t']);
  });

  it('an .xlsx of the template: every row written and audited; an Excel date cell is a day', async () => {
    const before = (await audits()).length;
    const answer = ok(
      await upload(
        book([
          HEAD,
          ['steel_hrc', day(-40), '120.5'],
          ['STEEL_HRC', excelDay(day(-10)), 125.25],
          ['CU_LME', day(-10), '8912.1234'],
          [],
        ]),
      ),
    );
    expect(answer).toEqual({ rows: 3, created: 3, replaced: 0 });
    expect(await values('STEEL_HRC')).toEqual([
      [day(-10), 125.25],
      [day(-40), 120.5],
    ]);
    expect(await values('CU_LME')).toEqual([[day(-10), 8912.1234]]);
    const written = (await audits()).slice(before);
    expect(written.map((a) => [a.entityKey, a.action])).toEqual([
      ['STEEL_HRC', 'VALUE'],
      ['STEEL_HRC', 'VALUE'],
      ['CU_LME', 'VALUE'],
    ]);
  });

  it('a .csv in UTF-8 (with its mark) or EUC-KR; a day again replaces its value, audited with the old one', async () => {
    const csv = `\uFEFF지표 코드,기준일,지표값\r\nSTEEL_HRC,${day(-10).replace(/-/g, '/')},130\r\nSTEEL_HRC,${day(-5)},"1,131.5"\r\n`;
    const answer = ok(await upload(csv, 'values.csv', 'text/csv'));
    expect(answer).toEqual({ rows: 2, created: 1, replaced: 1 });
    expect(await values('STEEL_HRC')).toEqual([
      [day(-5), 1131.5],
      [day(-10), 130],
      [day(-40), 120.5],
    ]);
    const changed = (await audits()).filter((a) => a.action === 'VALUE_CHANGE');
    expect(changed).toHaveLength(1);
    const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);
    expect(parse(changed[0].beforeData)).toEqual({ valueDate: day(-10), value: expect.stringMatching(/^125\.25/) });
    expect(parse(changed[0].afterData)).toEqual({ valueDate: day(-10), value: '130' });

    // The header as Excel writes a Korean CSV on Windows: EUC-KR bytes.
    const euckr = Buffer.concat([
      Buffer.from('c1f6c7a520c4dab5e52cb1e2c1d8c0cf2cc1f6c7a5b0aa0d0a', 'hex'),
      Buffer.from(`CU_LME,${day(-3)},9001\r\n`),
    ]);
    ok(await upload(new Uint8Array(euckr), 'lme.csv', 'text/csv'));
    expect(await values('CU_LME')).toEqual([
      [day(-3), 9001],
      [day(-10), 8912.1234],
    ]);
  });

  it('a wrong row refuses the whole file with every row’s errors in Korean, and nothing is written', async () => {
    const before = { audits: (await audits()).length, steel: await values('STEEL_HRC') };
    const res = await upload(
      book([
        HEAD,
        ['STEEL_HRC', day(-2), '140'],
        ['NOPE', day(-2), '1'],
        ['STEEL_HRC', '2026-02-30', '1'],
        ['STEEL_HRC', day(1), '1'],
        ['STEEL_HRC', day(-3), '0'],
        ['STEEL_HRC', day(-4), '1.23456'],
        ['', day(-4), ''],
        ['steel_hrc', day(-2), '141'],
      ]),
    );
    const body = refused(res, 400, 'LINKAGE_INDEX_FILE_INVALID') as unknown as {
      msg: string;
      details: { problems: Array<{ rowNo: number; column: string; message: string }> };
    };
    expect(body.msg).toBe('7개 행에 오류가 있어 아무것도 반영하지 않았습니다');
    expect(body.details.problems).toEqual([
      { rowNo: 3, column: 'indexCode', message: '3행 지표 코드: 등록되지 않은 기준 지표입니다: NOPE' },
      {
        rowNo: 4,
        column: 'valueDate',
        message: '4행 기준일: 기준일은 YYYY-MM-DD 형식의 올바른 날짜여야 합니다',
      },
      { rowNo: 5, column: 'valueDate', message: '5행 기준일: 지표값은 오늘 이후 날짜로 입력할 수 없습니다' },
      { rowNo: 6, column: 'value', message: '6행 지표값: 지표값은 0보다 커야 합니다' },
      { rowNo: 7, column: 'value', message: '7행 지표값: 지표값은 소수점 이하 4자리까지 입력할 수 있습니다' },
      { rowNo: 8, column: 'indexCode', message: '8행 지표 코드: 지표 코드를 입력하세요' },
      { rowNo: 8, column: 'value', message: '8행 지표값: 지표값을 입력하세요' },
      { rowNo: 9, column: 'valueDate', message: '9행 기준일: 같은 지표·기준일이 2행에도 있습니다' },
    ]);
    expect((await audits()).length).toBe(before.audits);
    expect(await values('STEEL_HRC')).toEqual(before.steel);
  });

  it('refuses a file that is not one: another kind, no columns, no rows, too many rows, someone else’s upload', async () => {
    refused(await upload('지표 코드,기준일,지표값\n', 'values.txt', 'text/plain'), 415, 'UPLOAD_NOT_SPREADSHEET');
    const columns = refused(
      await upload(
        book([
          ['코드', '날짜'],
          ['STEEL_HRC', day(-1)],
        ]),
      ),
      422,
      'UPLOAD_COLUMNS',
    );
    expect(columns.msg).toBe('첫 줄에 열 이름이 없습니다: 지표값 (value). 양식을 내려받아 사용하세요');
    refused(await upload(book([HEAD])), 422, 'UPLOAD_EMPTY');
    const rows = Array.from({ length: 2001 }, () => `STEEL_HRC,${day(-1)},1`);
    const many = refused(
      await upload(['indexCode,valueDate,value', ...rows].join('\n'), 'many.csv', 'text/csv'),
      422,
      'UPLOAD_TOO_MANY_ROWS',
    );
    expect(many.msg).toBe('지표값은 한 번에 2,000행까지 올릴 수 있습니다');
    const others = await send(book([HEAD, ['STEEL_HRC', day(-1), '1']]), 'v.xlsx', XLSX_TYPE, u.opadmin);
    refused(await importFile(others), 404, 'FILE_NOT_FOUND');
  });

  /**
   * A staff account in a group of its own holding only the index screen (write or read): a new colleague of `buyer`
   * in the same department, as the browser tests' no-menu accounts are made.
   */
  async function indexScreenOnly(userId: string, groupId: string, canWrite: 'Y' | 'N', singleid: string) {
    await t.db.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('authGroup')
        .values({ authGroupId: groupId, nameKo: '연동 지표 담당(시험)', nameEn: 'Index keeper (test)', portal: 'I' })
        .execute();
      await trx
        .insertInto('menuAuth')
        .values({ authGroupId: groupId, pgmId: 'PUR_SUBCON_LINKAGE_INDEX', canRead: 'Y', canWrite })
        .execute();
      const from = await trx.selectFrom('appUser').selectAll().where('userId', '=', 'buyer').executeTakeFirstOrThrow();
      const employee = await trx
        .selectFrom('employee')
        .selectAll()
        .where('singleid', '=', from.singleid!)
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('employee')
        .values({ ...employee, singleid, email: `${userId}@gpms.test` })
        .execute();
      const { createdAt: _c, updatedAt: _u, ...rest } = from;
      await trx
        .insertInto('appUser')
        .values({ ...rest, userId, singleid, email: `${userId}@gpms.test`, authGroupId: groupId, version: 1 })
        .execute();
    });
    return (await logins(t, [userId]))[userId];
  }

  it('write on the index screen alone sends the file and imports it; the import then holds it; read only: 403', async () => {
    const keeper = await indexScreenOnly('indexkeeper', 'TW', 'Y', 'T9100001');
    const reader = await indexScreenOnly('indexreader', 'TR', 'N', 'T9100002');
    const fileId = await send(book([HEAD, ['CU_LME', day(-200), '9950.5']]), 'lme.xlsx', XLSX_TYPE, keeper);
    const download = (who: Who) =>
      t.app.inject({ method: 'GET', url: `/api/v1/cmmn/file/${fileId}/1/wsdownload`, headers: who.headers });
    // Before the import the upload is its sender's alone, as every fresh upload is.
    expect((await download(reader)).statusCode).toBe(404);
    expect(ok(await importFile(fileId, keeper))).toEqual({ rows: 1, created: 1, replaced: 0 });
    const held = await t.db.db
      .selectFrom('linkageIndexImport')
      .selectAll()
      .where('fileId', '=', fileId)
      .executeTakeFirstOrThrow();
    expect(held).toMatchObject({ importNo: expect.stringMatching(/^LX/), rowCount: 1, importedBy: 'indexkeeper' });
    // Held by the import: the index screen's readers read the file it came from; it is not imported twice.
    expect((await download(reader)).statusCode).toBe(200);
    expect((await download(keeper)).statusCode).toBe(200);
    refused(await importFile(fileId, keeper), 404, 'FILE_NOT_FOUND');

    const body = await multipart([{ name: 'lme.xlsx', content: book([HEAD]), type: XLSX_TYPE }]);
    const upload = (who: Who) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/cmmn/file/upload',
        headers: { ...who.headers, ...body.headers },
        payload: body.payload,
      });
    expect((await upload(reader)).statusCode).toBe(403);
    expect((await importFile(fileId, reader)).statusCode).toBe(403);
  });

  it('only the index keepers import: monitoring reads, a supplier is refused', async () => {
    const fileId = await send(book([HEAD, ['STEEL_HRC', day(-1), '1']]), 'v.xlsx', XLSX_TYPE);
    refused(await importFile(fileId, u.monitor), 403);
    expect((await f.get('/api/v1/subcon/linkage-index-values/template/files', u.supplier1)).statusCode).toBe(403);
    expect((await importFile(fileId, u.supplier1)).statusCode).toBe(403);
  });
});
