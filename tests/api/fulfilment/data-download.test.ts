import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import type { LoggedIn } from '../../helpers/login.js';
import { sessionAs } from '../../helpers/session.js';

/** Bulk Excel extracts (dataDownload): streamed .xlsx that Excel and SheetJS open, rows = the filter's count. */
describe('data download', () => {
  let t: TestApp;
  let monitor: LoggedIn;

  beforeAll(async () => {
    t = await buildTestApp();
    monitor = await sessionAs(t.app, 'monitor');
  });
  afterAll(() => t.close());

  const download = async (url: string, who: LoggedIn = monitor) => {
    const res = await t.app.inject({ method: 'GET', url, headers: who.headers });
    return res;
  };
  const sheetRows = (buf: Buffer) => {
    const wb = XLSX.read(buf, { type: 'buffer' });
    const ws = wb.Sheets[wb.SheetNames[0]];
    return { name: wb.SheetNames[0], ws, rows: XLSX.utils.sheet_to_json<unknown[]>(ws, { header: 1, raw: true }) };
  };

  it('extracts receipt lines by the warehousing filter, one row per line with numbers as numbers', async () => {
    const filter = 'lastDeciDates=2026-09-01&lastDeciDates=2026-09-30&status=DECIDED';
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/v1/warehousing/items?${filter}&size=1`,
      headers: monitor.headers,
    });
    const total = list.json().total;
    expect(total).toBeGreaterThan(100);
    const res = await download(`/api/v1/data-download/receipts?${filter}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="receipts-\d{4}-\d{2}-\d{2}\.xlsx"; filename\*=UTF-8''/,
    );
    expect(decodeURIComponent(String(res.headers['content-disposition']).split("''")[1])).toMatch(/^입고내역_/);
    expect(res.headers['x-total-count']).toBe(String(total));
    const { name, ws, rows } = sheetRows(res.rawPayload);
    expect(name).toBe('입고내역');
    expect(rows[0]).toEqual(
      expect.arrayContaining(['입고요청번호', '발주번호', '수량', '단가', '금액', '비고', '정산번호']),
    );
    expect(rows).toHaveLength(total + 1);
    const header = rows[0] as string[];
    const amountCol = header.indexOf('금액');
    const cell = ws[XLSX.utils.encode_cell({ r: 1, c: amountCol })];
    expect(cell.t).toBe('n');
    const sum = (rows.slice(1) as unknown[][]).reduce((s, r) => s + Number(r[amountCol]), 0);
    expect(sum).toBeGreaterThan(0);
    expect(
      (rows.slice(1) as unknown[][]).every((r) => String(r[header.indexOf('최종확정일')]).startsWith('2026-09')),
    ).toBe(true);
  });

  it('streams the whole receipt history (every line, no filter) within the bound', async () => {
    const count = await t.db.db
      .selectFrom('whReceiptLine')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await download('/api/v1/data-download/receipts');
    expect(res.statusCode).toBe(200);
    expect(Number(res.headers['x-total-count'])).toBe(Number(count.n));
    expect(sheetRows(res.rawPayload).rows).toHaveLength(Number(count.n) + 1);
    // The bound is rows, not seconds: 9 s alone on PGlite, past 30 s on CI's loaded two cores.
  }, 180_000);

  it('extracts settlements by header and by line; sums agree with the settlement list', async () => {
    const list = (
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/settlements?periods=202607&periods=202609&size=1',
        headers: monitor.headers,
      })
    ).json();
    const headers = await download('/api/v1/data-download/settlements?periods=202607&periods=202609&level=header');
    expect(headers.statusCode).toBe(200);
    const h = sheetRows(headers.rawPayload);
    expect(h.name).toBe('월정산');
    expect(h.rows).toHaveLength(list.total + 1);
    const totalCol = (h.rows[0] as string[]).indexOf('정산 합계');
    expect((h.rows.slice(1) as unknown[][]).reduce((s, r) => s + Number(r[totalCol]), 0)).toBe(
      Number(list.totals.totalAmount),
    );
    const lines = await download('/api/v1/data-download/settlements?periods=202607&periods=202609');
    const l = sheetRows(lines.rawPayload);
    expect(l.name).toBe('월정산내역');
    const krwCol = (l.rows[0] as string[]).indexOf('원화금액');
    expect((l.rows.slice(1) as unknown[][]).reduce((s, r) => s + Number(r[krwCol]), 0)).toBe(
      Number(list.totals.goodsAmount),
    );
  });

  it('refuses a bad period range and callers without the data-download menu', async () => {
    const bad = await download('/api/v1/data-download/settlements?periods=202609&periods=202601');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION');
    const buyer = await sessionAs(t.app, 'buyer');
    expect((await download('/api/v1/data-download/receipts', buyer)).statusCode).toBe(403);
    const supplier = await sessionAs(t.app, 'supplier1');
    expect((await download('/api/v1/data-download/settlements', supplier)).statusCode).toBe(403);
  });
});
