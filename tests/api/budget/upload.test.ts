import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { multipart } from '../../helpers/multipart.js';
import { client, logins, ok, refused, type Flow } from '../purchase/helpers.js';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
type Aoa = Array<Array<string | number | null>>;

/** The year's budget workbook: download, change, upload again; bad rows refuse the whole file with per-row errors. */
describe('budget Excel upload and download', () => {
  let t: TestApp;
  let f: Flow;
  beforeAll(async () => {
    t = await buildTestApp();
    f = { ...client(t), u: await logins(t, ['admin', 'operator', 'monitor', 'buyer', 'supplier1']) };
  });
  afterAll(() => t.close());

  const download = async (year: number, who = f.u.operator): Promise<Aoa> => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/budget/years/${year}/workbook`,
      headers: who.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain(XLSX_TYPE);
    const wb = XLSX.read(res.rawPayload, { type: 'buffer' });
    expect(wb.SheetNames).toEqual(['예산', '안내']);
    return XLSX.utils.sheet_to_json<Array<string | number | null>>(wb.Sheets['예산'], { header: 1, defval: null });
  };
  const book = (aoa: Aoa, sheet = '예산') => {
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(aoa), sheet);
    return new Uint8Array(XLSX.write(wb, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
  };
  /** As the screen does: the file to the file API, then the upload names its group. */
  const upload = async (
    content: Uint8Array<ArrayBuffer>,
    year: number,
    who = f.u.operator,
    name = 'budget.xlsx',
    type = XLSX_TYPE,
  ) => {
    const body = await multipart([{ name, content, type }]);
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/v1/cmmn/file/upload?kind=spreadsheet',
      headers: { ...who.headers, ...body.headers },
      payload: body.payload,
    });
    expect(up.statusCode, up.body).toBe(200);
    return f.post('/api/v1/budget/uploads/from-file', who, { fiscalYear: year, fileId: up.json().fileId });
  };
  const lines = (year: number) =>
    t.db.db
      .selectFrom('budgetLine')
      .select(['month', 'deptcd', 'accountCode', 'amount', 'version'])
      .where('fiscalYear', '=', year)
      .orderBy('deptcd')
      .orderBy('accountCode')
      .orderBy('month')
      .execute();
  const HEAD = [
    '연도 (fiscalYear)',
    '월 (month)',
    '부서코드 (deptcd)',
    '부서명 (deptnm)',
    '예산계정 (accountCode)',
    '계정명 (accountName)',
    '예산금액 (amount)',
    '버전 (version)',
  ];

  it('downloads a year as the template, and the same file uploaded back changes nothing; changed amounts update with the version', async () => {
    const aoa = await download(2026);
    expect(aoa[0]).toEqual(HEAD);
    const before = await lines(2026);
    expect(aoa.length - 1).toBe(before.length);
    const byKey = new Map(before.map((l) => [`${l.month}|${l.deptcd}|${l.accountCode}`, l]));
    for (const r of aoa.slice(1)) {
      const l = byKey.get(`${r[1]}|${r[2]}|${r[4]}`)!;
      expect([r[0], r[6], r[7]]).toEqual([2026, Number(l.amount), l.version]);
    }
    // Unchanged: every row UNCHANGED, no version moves.
    const same = ok(await upload(book(aoa), 2026));
    expect(same).toMatchObject({
      status: 'APPLIED',
      rowsTotal: before.length,
      countNew: 0,
      countUpdate: 0,
      countUnchanged: before.length,
      countError: 0,
    });
    expect(await lines(2026)).toEqual(before);

    // Three amounts changed (one with thousands commas as text), one left blank: 3 updates, 1 skipped.
    const edited = aoa.map((r) => [...r]);
    edited[1][6] = 1234567;
    edited[2][6] = '2,000,000';
    edited[3][6] = 0;
    edited[4][6] = null;
    const res = ok(await upload(book(edited), 2026));
    expect(res).toMatchObject({
      status: 'APPLIED',
      countUpdate: 3,
      countSkipped: 1,
      countUnchanged: before.length - 4,
      countError: 0,
      failMessage: null,
    });
    const after = new Map((await lines(2026)).map((l) => [`${l.month}|${l.deptcd}|${l.accountCode}`, l]));
    const at = (r: Aoa[number]) => after.get(`${r[1]}|${r[2]}|${r[4]}`)!;
    expect([at(edited[1]).amount, at(edited[1]).version].map(String)).toEqual([
      '1234567',
      String(Number(edited[1][7]) + 1),
    ]);
    expect(String(at(edited[2]).amount)).toBe('2000000');
    expect(String(at(edited[3]).amount)).toBe('0');
    expect(at(edited[4])).toEqual(byKey.get(`${edited[4][1]}|${edited[4][2]}|${edited[4][4]}`));
    const rows = ok(await f.get(`/api/v1/budget/uploads/${res.batchId}/rows?result=UPDATE`, f.u.operator));
    expect(rows.rows.map((r: { rowNo: number }) => r.rowNo)).toEqual([2, 3, 4]);

    // The first file again: its versions are stale for the three changed lines — refused whole.
    const stale = ok(await upload(book(edited), 2026));
    expect(stale).toMatchObject({ status: 'REJECTED', countError: 3 });
    const errs = ok(await f.get(`/api/v1/budget/uploads/${stale.batchId}/rows?result=ERROR`, f.u.operator)).rows;
    expect(errs.map((r: { rowNo: number; errorColumns: string }) => [r.rowNo, r.errorColumns])).toEqual([
      [2, 'version'],
      [3, 'version'],
      [4, 'version'],
    ]);
    expect(errs[0].errorText).toContain('내려받은 뒤 바뀐 예산입니다');
    expect(await lines(2026)).toEqual(
      [...after.values()].sort(
        (a, b) => a.deptcd.localeCompare(b.deptcd) || a.accountCode.localeCompare(b.accountCode) || a.month - b.month,
      ),
    );
  });

  it('refuses the whole file with an error per bad row: negative, non-numeric, unknown department or account, a key twice, a wrong month or year, an existing line without its version', async () => {
    const dept = (
      await t.db.db
        .selectFrom('department')
        .select('deptcd')
        .where('useYn', '=', 'Y')
        .orderBy('deptcd')
        .executeTakeFirstOrThrow()
    ).deptcd;
    const existing = await t.db.db
      .selectFrom('budgetLine')
      .selectAll()
      .where('fiscalYear', '=', 2025)
      .where('deptcd', '=', dept)
      .where('accountCode', '=', 'SUP')
      .where('month', '=', 1)
      .executeTakeFirstOrThrow();
    const before2025 = await lines(2025);
    const budgetAudit = async () =>
      Number(
        (
          await t.db.db
            .selectFrom('auditLog')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('entity', 'in', ['budget_line', 'budget_upload'])
            .executeTakeFirstOrThrow()
        ).n,
      );
    const auditBefore = await budgetAudit();
    const row = (
      month: number | string,
      amount: string | number | null,
      o: { year?: number | string; dept?: string; account?: string; version?: number | null } = {},
    ) => [o.year ?? 2025, month, o.dept ?? dept, '', o.account ?? 'SUP', '', amount, o.version ?? null];
    const aoa: Aoa = [
      HEAD,
      row(1, 5, { version: existing.version }), // fine
      row(2, -5, { version: 1 }),
      row(3, '백만', { version: 1 }),
      row(4, 100, { dept: 'ZZ999' }),
      row(5, 100, { account: 'NOPE' }),
      row(1, 6, { version: existing.version }), // the key of row 2 again
      row(13, 100),
      row(6, 100, { year: 2024 }),
      row(7, 100), // an existing line without its version
      row(8, 1.5, { version: 1 }),
    ];
    const res = ok(await upload(book(aoa), 2025));
    expect(res).toMatchObject({ status: 'REJECTED', rowsTotal: 10, countError: 9, countNew: 0, countUpdate: 1 });
    expect(res.failMessage).toContain('아무것도 반영하지 않았습니다');
    const errs = ok(await f.get(`/api/v1/budget/uploads/${res.batchId}/rows?result=ERROR`, f.u.operator)).rows;
    expect(errs.map((r: { rowNo: number; errorColumns: string }) => [r.rowNo, r.errorColumns])).toEqual([
      [3, 'amount'],
      [4, 'amount'],
      [5, 'deptcd'],
      [6, 'accountCode'],
      [7, 'month'],
      [8, 'month'],
      [9, 'fiscalYear'],
      [10, 'version'],
      [11, 'amount'],
    ]);
    expect(errs.find((r: { rowNo: number }) => r.rowNo === 7).errorText).toBe(
      '같은 예산(연도·월·부서·계정)이 2행에도 있습니다',
    );
    expect(errs.find((r: { rowNo: number }) => r.rowNo === 5).errorText).toBe('부서를 찾을 수 없습니다: ZZ999');
    // Nothing changed: no line, no version, no audit row.
    expect(await lines(2025)).toEqual(before2025);
    expect(await budgetAudit()).toBe(auditBefore);

    // The error workbook: the bad rows in the template's columns with the reasons beside them.
    const files = ok(await f.get(`/api/v1/budget/uploads/${res.batchId}/error-files`, f.u.operator)).files;
    expect(files).toHaveLength(1);
    expect(files[0].originalName).toBe('budget_오류.xlsx');
    const dl = await t.app.inject({
      method: 'GET',
      url: `/api/v1/cmmn/file/${files[0].fileId}/${files[0].seq}/wsdownload`,
      headers: f.u.operator.headers,
    });
    expect(dl.statusCode, dl.body).toBe(200);
    const errAoa = XLSX.utils.sheet_to_json<Aoa[number]>(XLSX.read(dl.rawPayload, { type: 'buffer' }).Sheets['예산'], {
      header: 1,
      defval: null,
    });
    expect(errAoa[0]).toEqual([...HEAD, '오류내용']);
    expect(errAoa).toHaveLength(10);
    expect(errAoa[1][8]).toBe('3행: [amount] 예산 금액은 0 이상의 원 단위 숫자로 입력하세요: -5');
  });

  it('a year without lines: the template lists every key empty; the amounts filled in become new lines', async () => {
    const aoa = await download(2031);
    const depts = Number(
      (
        await t.db.db
          .selectFrom('department')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('useYn', '=', 'Y')
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(aoa.length - 1).toBe(depts * 6 * 12);
    expect(aoa.slice(1).every((r) => r[6] === null && r[7] === null)).toBe(true);
    const filled = aoa.map((r, i) => (i >= 1 && i <= 12 ? [...r.slice(0, 6), 1_000_000 * i, null] : r));
    const res = ok(await upload(book(filled), 2031));
    expect(res).toMatchObject({ status: 'APPLIED', countNew: 12, countSkipped: aoa.length - 13, countError: 0 });
    const made = await lines(2031);
    expect(made).toHaveLength(12);
    expect(made.every((l) => l.version === 1)).toBe(true);
    // Downloaded again: those twelve carry their amount and version 1.
    const again = await download(2031);
    expect(
      again
        .slice(1)
        .filter((r) => r[6] !== null)
        .map((r) => r[7]),
    ).toEqual(Array(12).fill(1));
  });

  it('refuses a workbook that is not the template (422) and changes nothing', async () => {
    refused(
      await upload(book([HEAD, [2025, 1, 'D1100', '', 'SUP', '', 1, null]], 'Sheet1'), 2025),
      422,
      'UPLOAD_SHEET_MISSING',
    );
    refused(
      await upload(
        book([
          ['연도', '월', '부서코드', '예산금액'],
          [2025, 1, 'D1100', 1],
        ]),
        2025,
      ),
      422,
      'UPLOAD_COLUMNS',
    );
    refused(await upload(book([HEAD]), 2025), 422, 'UPLOAD_EMPTY');
    refused(
      await f.post('/api/v1/budget/uploads/from-file', f.u.operator, {
        fiscalYear: 1999,
        fileId: '00000000-0000-0000-0000-000000000000',
      }),
      400,
    );
  });

  it('suppliers are refused every budget upload operation; monitoring downloads but does not upload', async () => {
    const sup = f.u.supplier1;
    refused(await f.get('/api/v1/budget/years/2026/workbook', sup), 403);
    refused(await f.get('/api/v1/budget/years/2026/workbook/files', sup), 403);
    refused(
      await f.post('/api/v1/budget/uploads/from-file', sup, {
        fiscalYear: 2026,
        fileId: '00000000-0000-0000-0000-000000000000',
      }),
      403,
    );
    refused(await f.get('/api/v1/budget/uploads/BU2026-000001', sup), 403);
    refused(await f.get('/api/v1/budget/uploads/BU2026-000001/rows', sup), 403);
    refused(await f.get('/api/v1/budget/uploads/BU2026-000001/error-files', sup), 403);
    await download(2026, f.u.monitor);
    // Monitoring writes nothing: refused at the file upload already, and at the budget upload.
    const body = await multipart([
      { name: 'budget.xlsx', content: book([HEAD, [2026, 1, 'D1100', '', 'SUP', '', 1, null]]), type: XLSX_TYPE },
    ]);
    refused(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/cmmn/file/upload?kind=spreadsheet',
        headers: { ...f.u.monitor.headers, ...body.headers },
        payload: body.payload,
      }),
      403,
    );
    refused(
      await f.post('/api/v1/budget/uploads/from-file', f.u.monitor, {
        fiscalYear: 2026,
        fileId: '00000000-0000-0000-0000-000000000000',
      }),
      403,
    );
    refused(await f.get('/api/v1/budget/uploads/BU2099-000001', f.u.operator), 404, 'UPLOAD_NOT_FOUND');
  });
});
