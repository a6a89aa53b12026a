import { zipSync } from 'fflate';
import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app.js';
import { buildTestApp, testCompiles, type TestApp } from '../../helpers/app.js';
import { FILE_STORES, fileStoreConfig } from '../../helpers/file-stores.js';
import type { LoggedIn } from '../../helpers/login.js';
import { sessionAs } from '../../helpers/session.js';
import { multipart } from '../../helpers/multipart.js';
import { COLUMN_KEYS, headerText } from '../../../server/modules/items/upload/columns.js';

type Row = Partial<Record<(typeof COLUMN_KEYS)[number], string | number>>;
const good = (i: number): Row => ({
  itemName: `업로드 시험 품목 ${i}`,
  spec: `규격 ${i}`,
  catCode: 'MRO0101',
  sgCode: 'SGI-MRO0101-D',
  unitCode: 'EA',
  refPrice: 1000 + i,
  currency: 'KRW',
  maker: '시험제조',
  MATERIAL: 'SUS304',
  ORIGIN: 'KR',
  useYn: 'Y',
});

function workbook(
  rows: Row[],
  opts: { columns?: readonly string[]; sheet?: string; formula?: boolean } = {},
): Uint8Array<ArrayBuffer> {
  const cols = opts.columns ?? COLUMN_KEYS;
  const aoa = [
    cols.map((c) =>
      (COLUMN_KEYS as readonly string[]).includes(c) ? headerText(c as (typeof COLUMN_KEYS)[number]) : c,
    ),
    ...rows.map((r) => cols.map((c) => (r as Record<string, unknown>)[c] ?? null)),
  ];
  const ws = XLSX.utils.aoa_to_sheet(aoa);
  if (opts.formula) ws['J2'] = { t: 's', v: '계산된 제조사', f: 'CONCAT("=cmd","|")' };
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, ws, opts.sheet ?? '품목');
  return new Uint8Array(XLSX.write(wb, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
}

describe('item Excel upload', () => {
  let t: TestApp;
  let who: LoggedIn;
  beforeAll(async () => {
    t = await buildTestApp();
    who = await sessionAs(t.app, 'tfadmin');
  });
  afterAll(() => t.close());

  const upload = async (
    content: Uint8Array<ArrayBuffer>,
    name = 'items.xlsx',
    qs = '',
    type = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ) => {
    const body = await multipart([{ name, content, type }], 'file');
    return t.app.inject({
      method: 'POST',
      url: `/api/v1/item/uploads${qs}`,
      headers: { ...who.headers, ...body.headers },
      payload: body.payload,
    });
  };
  const settle = async (batchId: string) => {
    for (let i = 0; i < 600; i++) {
      const b = (
        await t.app.inject({ method: 'GET', url: `/api/v1/item/uploads/${batchId}`, headers: who.headers })
      ).json();
      if (!['RECEIVED', 'PARSING', 'APPLYING'].includes(b.status)) return b;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('batch did not settle');
  };

  it('serves the template with the 15 columns', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/item/uploads/template', headers: who.headers });
    expect(res.statusCode).toBe(200);
    const wb = XLSX.read(res.rawPayload, { type: 'buffer' });
    expect(wb.SheetNames[0]).toBe('품목');
    const head = XLSX.utils.sheet_to_json<string[]>(wb.Sheets['품목'], { header: 1 })[0];
    expect(head).toHaveLength(15);
    expect(head[0]).toBe('품목코드 (itemCode)');
  });

  it('answers at once, checks every row, writes the error workbook without formulas, re-uploads and applies once', async () => {
    const [existing] = await t.db.db
      .selectFrom('item')
      .selectAll()
      .where('catCode', '=', 'MRO0101')
      .orderBy('itemCode')
      .limit(1)
      .execute();
    const rows: Row[] = [];
    for (let i = 0; i < 18; i++) rows.push(good(i));
    rows.push({ ...good(100), unitCode: 'XX' }); // unknown unit
    rows.push({ ...good(101), COLOR: 'PINK' }); // value not allowed
    rows.push({ ...good(102), refPrice: 'abc', priceDate: '2026-13-45' }); // bad number and date
    rows.push({ ...good(0) }); // duplicate within the file
    rows.push({ ...good(103), itemName: '=HYPERLINK("http://evil","x")' }); // a good row whose name starts with =
    rows.push({
      itemCode: existing.itemCode,
      itemName: existing.itemName,
      itemNameEn: existing.itemNameEn ?? '',
      spec: existing.spec ?? '',
      catCode: existing.catCode,
      sgCode: existing.sgCode,
      unitCode: existing.unitCode,
      refPrice: Number(existing.refPrice) + 10,
      currency: existing.currency,
      maker: existing.maker ?? '',
      ORIGIN: 'KR',
      useYn: 'Y',
    });
    rows.push({ ...good(104), itemCode: 'NOPE-0001' });
    rows.push({ ...good(105), itemName: '-1+2', catCode: 'MRO' }); // not a leaf category
    const res = await upload(workbook(rows));
    expect(res.statusCode).toBe(200);
    expect(['RECEIVED', 'PARSING']).toContain(res.json().status);
    const b = await settle(res.json().batchId);
    expect(b).toMatchObject({
      status: 'CHECKED',
      rowsTotal: 26,
      rowsChecked: 26,
      progress: 100,
      countNew: 19,
      countUpdate: 1,
      countError: 6,
    });
    const errs = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/item/uploads/${b.batchId}/rows?result=ERROR`,
        headers: who.headers,
      })
    ).json();
    const byRow = Object.fromEntries(
      errs.rows.map((r: { rowNo: number; errorColumns: string; errorText: string }) => [r.rowNo, r]),
    );
    expect(byRow[20].errorColumns).toBe('unitCode');
    expect(byRow[21].errorColumns).toBe('COLOR');
    expect(byRow[21].errorText).toContain('허용되지 않은 속성값');
    expect(byRow[22].errorColumns).toBe('refPrice, priceDate');
    expect(byRow[23].errorText).toContain('중복');
    expect(byRow[26].errorText).toContain('등록되지 않은 품목코드');
    expect(byRow[27].errorText).toContain('최하위 분류');

    const file = await t.app.inject({
      method: 'GET',
      url: `/api/v1/item/uploads/${b.batchId}/errors`,
      headers: who.headers,
    });
    expect(file.statusCode).toBe(200);
    const wb = XLSX.read(file.rawPayload, { type: 'buffer', cellFormula: true });
    const ws = wb.Sheets['품목'];
    const grid = XLSX.utils.sheet_to_json<string[]>(ws, { header: 1 });
    expect(grid).toHaveLength(7);
    expect(grid[0][15]).toBe('오류내용');
    expect(grid[2][15]).toContain('[COLOR]');
    for (const addr of Object.keys(ws).filter((k) => !k.startsWith('!'))) expect(ws[addr].f).toBeUndefined();
    const minus = Object.values(ws).find((c) => (c as XLSX.CellObject).v === '-1+2') as XLSX.CellObject;
    expect(minus.t).toBe('s');

    // Fix the error rows and upload them again, replacing the batch.
    const fixedRows: Row[] = grid.slice(1).map((r, i) => {
      const row: Row = {};
      COLUMN_KEYS.forEach((k, c) => (row[k] = r[c] ?? ''));
      return {
        ...row,
        itemCode: '',
        itemName: `고친 품목 ${i}`,
        unitCode: 'EA',
        COLOR: '',
        refPrice: '500',
        priceDate: '',
        catCode: 'MRO0101',
      };
    });
    const again = await upload(
      workbook(fixedRows, { columns: [...COLUMN_KEYS, '오류내용'] }),
      'items_fixed.xlsx',
      `?replaces=${b.batchId}`,
    );
    expect(again.statusCode).toBe(200);
    const b2 = await settle(again.json().batchId);
    expect(b2).toMatchObject({ status: 'CHECKED', countNew: 6, countError: 0, replaces: b.batchId });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/item/uploads/${b.batchId}`, headers: who.headers })).json(),
    ).toMatchObject({ status: 'REPLACED', replacedBy: b2.batchId });
    // A replaced batch cannot be applied.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/v1/item/uploads/${b.batchId}/apply`,
          headers: who.headers,
          payload: { version: 3 },
        })
      ).statusCode,
    ).toBe(409);

    const before = await t.db.db
      .selectFrom('item')
      .select((e) => e.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const apply = await t.app.inject({
      method: 'POST',
      url: `/api/v1/item/uploads/${b2.batchId}/apply`,
      headers: who.headers,
      payload: { version: b2.version },
    });
    expect(apply.statusCode).toBe(200);
    const done = await settle(b2.batchId);
    expect(done.status).toBe('APPLIED');
    const after = await t.db.db
      .selectFrom('item')
      .select((e) => e.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n) - Number(before.n)).toBe(6);
    const again2 = await t.app.inject({
      method: 'POST',
      url: `/api/v1/item/uploads/${b2.batchId}/apply`,
      headers: who.headers,
      payload: { version: done.version },
    });
    expect(again2.json().code).toBe('UPLOAD_ALREADY_APPLIED');
    const created = await t.db.db
      .selectFrom('itemUploadRow')
      .select('itemCode')
      .where('batchId', '=', b2.batchId)
      .execute();
    expect(created.every((r) => r.itemCode?.startsWith('MRO0101-'))).toBe(true);
  });

  it('reads a formula cell as its stored value, never evaluating it', async () => {
    const res = await upload(workbook([good(300)], { formula: true }));
    const b = await settle(res.json().batchId);
    expect(b.status).toBe('CHECKED');
    const row = await t.db.db
      .selectFrom('itemUploadRow')
      .select('data')
      .where('batchId', '=', b.batchId)
      .executeTakeFirstOrThrow();
    expect((row.data as Record<string, string>).maker).toBe('계산된 제조사');
  });

  it('refuses bad files with a clear message and writes nothing', async () => {
    const count = async () =>
      Number(
        (
          await t.db.db
            .selectFrom('itemUploadBatch')
            .select((e) => e.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const n0 = await count();
    // An .xls renamed.
    const old = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(old, XLSX.utils.aoa_to_sheet([['품목명'], ['볼트']]), '품목');
    const xls = new Uint8Array(XLSX.write(old, { type: 'array', bookType: 'biff8' }) as ArrayBuffer);
    expect([...xls.slice(0, 4)]).toEqual([0xd0, 0xcf, 0x11, 0xe0]);
    const renamed = await upload(xls, 'old.xlsx');
    expect(renamed.statusCode).toBe(415);
    expect(renamed.json().msg).toContain('.xls');
    // Not a spreadsheet at all, and a wrong extension.
    expect((await upload(new TextEncoder().encode('a,b,c'), 'items.xlsx')).statusCode).toBe(415);
    expect((await upload(workbook([good(1)]), 'items.csv')).statusCode).toBe(415);
    // A zip bomb: a small file that inflates to a huge sheet.
    const bomb = zipSync(
      {
        'xl/workbook.xml': new TextEncoder().encode('<workbook/>'),
        'xl/worksheets/sheet1.xml': new Uint8Array(40 * 1_048_576),
      },
      { level: 9 },
    );
    const b = await upload(new Uint8Array(bomb), 'bomb.xlsx');
    expect(b.statusCode).toBe(422);
    expect(b.json().code).toBe('UPLOAD_ZIP_BOMB');
    // A 50 MB file (over the 10 MB limit).
    const big = await upload(new Uint8Array(50 * 1_048_576), 'big.xlsx');
    expect(big.statusCode).toBe(413);
    expect(await count()).toBe(n0);
  });

  it('fails a batch with a missing column or the wrong sheet, naming what is wrong', async () => {
    const cols = COLUMN_KEYS.filter((c) => c !== 'unitCode');
    const res = await upload(workbook([good(1)], { columns: cols }));
    const b = await settle(res.json().batchId);
    expect(b).toMatchObject({ status: 'FAILED', failCode: 'UPLOAD_COLUMNS' });
    expect(b.failMessage).toContain('단위 (unitCode)');
    const sheet = await settle((await upload(workbook([good(1)], { sheet: 'Sheet1' }))).json().batchId);
    expect(sheet).toMatchObject({ status: 'FAILED', failCode: 'UPLOAD_SHEET_MISSING' });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/v1/item/uploads/${sheet.batchId}/apply`,
          headers: who.headers,
          payload: { version: sheet.version },
        })
      ).statusCode,
    ).toBe(409);
  });

  it('reads a file of several chunks as the checks keep up, numbering rows as Excel does; a sheet of blank rows is empty', async () => {
    // 4,100 rows: three chunks of 2,000, so the worker waits for the first chunk's acknowledgement.
    const rows: Row[] = [];
    for (let i = 0; i < 4100; i++) rows.push(i === 4000 ? { ...good(20_000 + i), unitCode: 'NOPE' } : good(20_000 + i));
    const aoa = [COLUMN_KEYS.map((k) => headerText(k)), ...rows.map((r) => COLUMN_KEYS.map((c) => r[c] ?? null))];
    aoa.splice(
      3,
      0,
      COLUMN_KEYS.map(() => ''),
    ); // a row of empty strings: skipped, and the rows after it keep their numbers
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(aoa), '품목');
    const b = await settle(
      (
        await upload(new Uint8Array(XLSX.write(wb, { type: 'array', bookType: 'xlsx', bookSST: true }) as ArrayBuffer))
      ).json().batchId,
    );
    expect(b).toMatchObject({
      status: 'CHECKED',
      rowsTotal: 4100,
      rowsChecked: 4100,
      progress: 100,
      countNew: 4099,
      countError: 1,
    });
    const err = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/item/uploads/${b.batchId}/rows?result=ERROR`,
        headers: who.headers,
      })
    ).json();
    expect(err.rows.map((r: { rowNo: number }) => r.rowNo)).toEqual([4003]);

    const blank = XLSX.utils.aoa_to_sheet([
      COLUMN_KEYS.map((k) => headerText(k)),
      COLUMN_KEYS.map(() => ''),
      COLUMN_KEYS.map(() => '  '),
    ]);
    const empty = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(empty, blank, '품목');
    const e = await settle(
      (await upload(new Uint8Array(XLSX.write(empty, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer))).json()
        .batchId,
    );
    expect(e).toMatchObject({ status: 'FAILED', failCode: 'UPLOAD_EMPTY', failMessage: '품목 행이 없습니다' });
  });

  it('10 % bad rows: the good ones are applied, the bad ones never', async () => {
    const rows: Row[] = [];
    for (let i = 0; i < 200; i++) rows.push(i % 10 === 0 ? { ...good(1000 + i), unitCode: 'BAD' } : good(1000 + i));
    const b = await settle((await upload(workbook(rows))).json().batchId);
    expect(b).toMatchObject({ countNew: 180, countError: 20 });
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/item/uploads/${b.batchId}/apply`,
      headers: who.headers,
      payload: { version: b.version },
    });
    expect((await settle(b.batchId)).status).toBe('APPLIED');
    const made = await t.db.db
      .selectFrom('item')
      .select('itemName')
      .where('itemName', 'like', '업로드 시험 품목 1%')
      .where('unitCode', '=', 'BAD')
      .execute();
    expect(made).toHaveLength(0);
  });

  it('applies new and changed rows as the item screens would write them: codes after the highest, texts, prices, attributes', async () => {
    const [target] = await t.db.db
      .selectFrom('item')
      .selectAll()
      .where('catCode', '=', 'MRO0101')
      .where('useYn', '=', 'Y')
      .orderBy('itemCode', 'desc')
      .limit(1)
      .execute();
    const last = await t.db.db
      .selectFrom('item')
      .select('itemCode')
      .where('catCode', '=', 'MRO0102')
      .orderBy('itemCode', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    const changed: Row = {
      itemCode: target.itemCode,
      itemName: `${target.itemName} 개정`,
      itemNameEn: '',
      spec: '새 규격',
      catCode: target.catCode,
      sgCode: target.sgCode,
      unitCode: target.unitCode,
      refPrice: '1,234',
      currency: 'KRW',
      maker: '',
      COLOR: 'BLACK',
      useYn: 'N',
    };
    const fresh: Row[] = [
      { ...good(7000), itemNameEn: 'Applied item', catCode: 'MRO0102', COLOR: 'RED', ORIGIN: '' },
      { ...good(7001), catCode: 'MRO0102', maker: '', MATERIAL: '', ORIGIN: '', useYn: '' },
    ];
    const b = await settle((await upload(workbook([changed, ...fresh]))).json().batchId);
    expect(b).toMatchObject({ status: 'CHECKED', countNew: 2, countUpdate: 1, countError: 0 });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/v1/item/uploads/${b.batchId}/apply`,
          headers: who.headers,
          payload: { version: b.version },
        })
      ).statusCode,
    ).toBe(200);
    expect((await settle(b.batchId)).status).toBe('APPLIED');

    const after = await t.db.db
      .selectFrom('item')
      .selectAll()
      .where('itemCode', '=', target.itemCode)
      .executeTakeFirstOrThrow();
    expect(after).toMatchObject({
      itemName: `${target.itemName} 개정`,
      itemNameEn: null,
      spec: '새 규격',
      maker: null,
      useYn: 'N',
      version: target.version + 1,
      updatedBy: 'tfadmin',
    });
    expect(Number(after.refPrice)).toBe(1234);
    const attrsOf = async (code: string) =>
      Object.fromEntries(
        (
          await t.db.db.selectFrom('itemAttr').select(['attrCode', 'valueCode']).where('itemCode', '=', code).execute()
        ).map((a) => [a.attrCode, a.valueCode]),
      );
    // The row's attribute columns replace the item's: MATERIAL and ORIGIN were empty, so they are gone.
    expect(await attrsOf(target.itemCode)).toEqual({ COLOR: 'BLACK' });

    const rows = await t.db.db
      .selectFrom('itemUploadRow')
      .select(['rowNo', 'itemCode'])
      .where('batchId', '=', b.batchId)
      .where('result', '=', 'NEW')
      .orderBy('rowNo')
      .execute();
    const n = Number(last.itemCode.split('-').pop());
    expect(rows.map((r) => r.itemCode)).toEqual([
      `MRO0102-${String(n + 1).padStart(4, '0')}`,
      `MRO0102-${String(n + 2).padStart(4, '0')}`,
    ]);
    const made = await t.db.db
      .selectFrom('item')
      .selectAll()
      .where(
        'itemCode',
        'in',
        rows.map((r) => r.itemCode!),
      )
      .orderBy('itemCode')
      .execute();
    expect(made[0]).toMatchObject({
      itemName: '업로드 시험 품목 7000',
      itemNameEn: 'Applied item',
      spec: '규격 7000',
      catCode: 'MRO0102',
      sgCode: 'SGI-MRO0101-D',
      unitCode: 'EA',
      currency: 'KRW',
      maker: '시험제조',
      useYn: 'Y',
      version: 1,
    });
    expect(Number(made[0].refPrice)).toBe(8000);
    expect(made[1]).toMatchObject({ maker: null, useYn: 'Y' });
    expect(await attrsOf(made[0].itemCode)).toEqual({ MATERIAL: 'SUS304', COLOR: 'RED' });
    expect(await attrsOf(made[1].itemCode)).toEqual({});
  });

  // On both file stores: the S3 case is a second app on the same database.
  it.each(FILE_STORES)(
    'the screen path: template and error workbook as file links, upload from a file group (%s store)',
    { timeout: 120_000 },
    async (store) => {
      const app =
        store === 'disk'
          ? t.app
          : await buildApp({
              config: { ...t.config, fileStore: await fileStoreConfig(store) },
              dbh: { ...t.db, close: async () => undefined },
              ...testCompiles,
            });
      try {
        await screenPath(app);
      } finally {
        if (app !== t.app) await app.close();
      }
    },
  );

  const screenPath = async (app: FastifyInstance) => {
    const tpl = (
      await app.inject({ method: 'GET', url: '/api/v1/item/uploads/template/files', headers: who.headers })
    ).json();
    expect(tpl.files[0].originalName).toBe('품목등록_양식.xlsx');
    const body = await multipart([
      {
        name: 'from-file.xlsx',
        content: workbook([good(5000), { ...good(5001), unitCode: 'ZZ' }]),
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      },
    ]);
    const up = await app.inject({
      method: 'POST',
      url: '/api/v1/cmmn/file/upload?kind=spreadsheet',
      headers: { ...who.headers, ...body.headers },
      payload: body.payload,
    });
    expect(up.statusCode).toBe(200);
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/item/uploads/from-file',
      headers: who.headers,
      payload: { fileId: up.json().fileId },
    });
    expect(res.statusCode).toBe(200);
    const b = await settle(res.json().batchId);
    expect(b).toMatchObject({ status: 'CHECKED', fileName: 'from-file.xlsx', countNew: 1, countError: 1 });
    const errs = (
      await app.inject({ method: 'GET', url: `/api/v1/item/uploads/${b.batchId}/error-files`, headers: who.headers })
    ).json();
    expect(errs.files).toHaveLength(1);
    const again = (
      await app.inject({ method: 'GET', url: `/api/v1/item/uploads/${b.batchId}/error-files`, headers: who.headers })
    ).json();
    expect(again.files[0].fileId).toBe(errs.files[0].fileId);
    const file = await app.inject({
      method: 'GET',
      url: `/api/v1/cmmn/file/${errs.files[0].fileId}/download`,
      headers: who.headers,
    });
    expect(
      XLSX.utils.sheet_to_json<string[]>(XLSX.read(file.rawPayload, { type: 'buffer' }).Sheets['품목'], { header: 1 }),
    ).toHaveLength(2);
  };

  it('is for the upload menu only', async () => {
    const buyer = await sessionAs(t.app, 'buyer');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/item/uploads', headers: buyer.headers })).statusCode,
    ).toBe(403);
  });
});
