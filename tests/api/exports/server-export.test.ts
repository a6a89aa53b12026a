import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import type { ExportColumn } from '../../../lib/export-cell.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import type { LoggedIn } from '../../helpers/login.js';
import { sessionAs } from '../../helpers/session.js';
import { FILE_STORES, storedKeys } from '../../helpers/file-stores.js';
import { listOperations } from '../../../server/modules/exports/list-operations.js';

/** The PO list's columns as the screen resolves them for export (codes: value → text). */
const COLUMNS: ExportColumn[] = [
  { field: 'poNo', header: '발주번호', type: 'text', width: 14 },
  { field: 'status', header: '상태', type: 'code', codes: { SENT: '발송', DRAFT: '작성중' }, width: 10 },
  { field: 'compNameKr', header: '협력사', type: 'text', width: 20 },
  { field: 'poDate', header: '발주일', type: 'date', width: 12 },
  { field: 'totalAmount', header: '금액', type: 'money', currencyField: 'currency', width: 14 },
  { field: 'updatedAt', header: '수정일시', type: 'datetime', width: 16 },
];

type Status = {
  exportId: string;
  status: string;
  rowsTotal: number;
  rowsDone: number;
  error: string | null;
  bytes: number | null;
};

// On DATA_DIR and on an S3-compatible store: the workbook streams into either.
describe.each(FILE_STORES)('server-side export: a list result written as a streamed .xlsx job (%s store)', (store) => {
  let t: TestApp;
  let operator: LoggedIn;
  let buyer: LoggedIn;
  let supplier1: LoggedIn;
  beforeAll(async () => {
    t = await buildTestApp({ config: { exportPageSize: 7 }, fileStore: store });
    operator = await sessionAs(t.app, 'operator');
    buyer = await sessionAs(t.app, 'buyer');
    supplier1 = await sessionAs(t.app, 'supplier1');
  });
  afterAll(() => t.close());

  const start = (who: LoggedIn, body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/v1/exports', headers: who.headers, payload: body });
  const status = async (who: LoggedIn, id: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/v1/exports/${id}`, headers: who.headers })).json() as Status;
  async function finished(who: LoggedIn, id: string): Promise<Status> {
    for (let i = 0; i < 400; i++) {
      const s = await status(who, id);
      if (s.status !== 'RUNNING') return s;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`export ${id} still running`);
  }
  const sheetOf = (buf: Buffer) => {
    const wb = XLSX.read(buf, { cellNF: true });
    return wb.Sheets[wb.SheetNames[0]];
  };

  /** A supplier with a few pages of orders (pages of 7 here): the whole result stays quick to write. */
  async function smallFilter() {
    for (let n = 3; n < 120; n++) {
      const compNo = `C${String(n).padStart(5, '0')}`;
      const list = (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/pos?compNo=${compNo}&size=5000&sort=poNo:asc`,
          headers: operator.headers,
        })
      ).json();
      if (list.total > 14 && list.total < 120) return { compNo, list };
    }
    throw new Error('no supplier with 15 to 119 orders in the demo data');
  }

  it('writes every row of the filtered list, page by page, with the grid’s headers, code texts and number formats', async () => {
    const { compNo, list } = await smallFilter();
    const res = await start(operator, {
      operation: 'listPos',
      query: { compNo, sort: 'poNo:asc' },
      columns: COLUMNS,
      sheetName: '발주 목록',
      tzOffsetMinutes: -540,
    });
    expect(res.statusCode).toBe(202);
    const s = await finished(operator, res.json().exportId);
    expect(s).toMatchObject({ status: 'DONE', rowsTotal: list.total, rowsDone: list.total, error: null });
    expect(await storedKeys(t.config, `exports/${s.exportId}`)).toEqual([`exports/${s.exportId}.xlsx`]);
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/v1/exports/${s.exportId}/file`,
      headers: operator.headers,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain(encodeURIComponent('발주 목록.xlsx'));
    const sheet = sheetOf(file.rawPayload);
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true });
    expect(rows[0]).toEqual(COLUMNS.map((c) => c.header));
    expect(rows).toHaveLength(list.total + 1);
    expect(rows.slice(1).map((r) => r[0])).toEqual(list.rows.map((r: { poNo: string }) => r.poNo));
    const sent = list.rows.findIndex((r: { status: string }) => r.status === 'SENT');
    if (sent >= 0) expect(rows[sent + 1][1]).toBe('발송');
    // Money as a number with the won format; a date as a real date.
    const amount = sheet[`E2`];
    expect(amount.t).toBe('n');
    expect(amount.v).toBe(Number(list.rows[0].totalAmount));
    expect(amount.z).toBe(list.rows[0].currency === 'KRW' || list.rows[0].currency === 'JPY' ? '#,##0' : '#,##0.00');
    const date = sheet[`D2`];
    expect(date.t).toBe('n');
    expect(date.z).toBe('yyyy-mm-dd');
    expect(XLSX.SSF.format('yyyy-mm-dd', date.v)).toBe(list.rows[0].poDate.slice(0, 10));
  });

  it('reads a keyset list by cursor: every row exactly once, in the list’s order, through ties on the sort column', async () => {
    const { compNo } = await smallFilter();
    // Many orders share a date: pages of 7 end inside a run of equal dates.
    const list = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/pos?compNo=${compNo}&size=5000&sort=poDate:asc`,
        headers: operator.headers,
      })
    ).json();
    const dates = list.rows.map((r: { poDate: string }) => r.poDate);
    expect(new Set(dates).size, 'ties on the sort column').toBeLessThan(dates.length);
    const res = await start(operator, {
      operation: 'listPos',
      query: { compNo, sort: 'poDate:asc' },
      columns: COLUMNS,
      sheetName: 'PO',
    });
    expect(res.statusCode).toBe(202);
    const s = await finished(operator, res.json().exportId);
    expect(s).toMatchObject({ status: 'DONE', rowsDone: list.total });
    const job = await t.db.db
      .selectFrom('exportJob')
      .select('request')
      .where('exportId', '=', s.exportId)
      .executeTakeFirstOrThrow();
    expect((job.request as { keyset?: boolean }).keyset, 'listPos pages by key: the export walks by cursor').toBe(true);
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/v1/exports/${s.exportId}/file`,
      headers: operator.headers,
    });
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheetOf(file.rawPayload), { header: 1, raw: true });
    expect(rows.slice(1).map((r) => r[0])).toEqual(list.rows.map((r: { poNo: string }) => r.poNo));
  });

  it('a list that does not page by key is read by page number, as before', async () => {
    const ops = listOperations(t.app);
    for (const id of [
      'listPos',
      'listSimpleOrders',
      'listWarehousing',
      'listWarehousingItems',
      'listDeliveries',
      'listMyDeliveries',
      'listSettlements',
      'listMySettlements',
      'listPrs',
      'listPrConfirm',
      'listItems',
      'listBudgetLines',
      'listSuppliers',
      'listAdminAudit',
      'listPoChanges',
      'listSupplierPos',
      'listVouchers',
      'listPostingErrors',
    ]) {
      expect(ops.get(id)?.keyset, id).toBe(true);
    }
    // The quotation requests sort by counted columns (docs/api.md "Lists"): still by page number.
    expect(ops.get('listRfqs')?.keyset).toBe(false);
    const all = (
      await t.app.inject({ method: 'GET', url: '/api/v1/rfqs?size=5000&sort=rfqNo:asc', headers: operator.headers })
    ).json();
    expect(all.total).toBeGreaterThan(7);
    const res = await start(operator, {
      operation: 'listRfqs',
      query: { sort: 'rfqNo:asc' },
      columns: [{ field: 'rfqNo', header: 'RFQ', type: 'text', width: 12 }],
      sheetName: 'RFQ',
    });
    expect(res.statusCode).toBe(202);
    const s = await finished(operator, res.json().exportId);
    expect(s).toMatchObject({ status: 'DONE', rowsDone: all.total });
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/v1/exports/${s.exportId}/file`,
      headers: operator.headers,
    });
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheetOf(file.rawPayload), { header: 1, raw: true });
    expect(rows.slice(1).map((r) => r[0])).toEqual(all.rows.map((r: { rfqNo: string }) => r.rfqNo));
  });

  it('a supplier’s own orders, now paged by key, are read by cursor: every row once, in order', async () => {
    const own = (
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/cyber/pos?size=5000&sort=poDate:asc',
        headers: supplier1.headers,
      })
    ).json();
    expect(own.total).toBeGreaterThan(7);
    const res = await start(supplier1, {
      operation: 'listSupplierPos',
      query: { sort: 'poDate:asc' },
      columns: [{ field: 'poNo', header: 'PO', type: 'text', width: 12 }],
      sheetName: 'PO',
    });
    expect(res.statusCode).toBe(202);
    const s = await finished(supplier1, res.json().exportId);
    expect(s).toMatchObject({ status: 'DONE', rowsDone: own.total });
    const job = await t.db.db
      .selectFrom('exportJob')
      .select('request')
      .where('exportId', '=', s.exportId)
      .executeTakeFirstOrThrow();
    expect((job.request as { keyset?: boolean }).keyset).toBe(true);
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/v1/exports/${s.exportId}/file`,
      headers: supplier1.headers,
    });
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheetOf(file.rawPayload), { header: 1, raw: true });
    expect(rows.slice(1).map((r) => r[0])).toEqual(own.rows.map((r: { poNo: string }) => r.poNo));
  });

  it('a supplier’s export holds only its own company’s rows, whatever it asks', async () => {
    const own = (
      await t.app.inject({ method: 'GET', url: '/api/v1/cyber/pos?size=5000', headers: supplier1.headers })
    ).json();
    const res = await start(supplier1, {
      operation: 'listSupplierPos',
      query: { compNo: 'C00002' },
      columns: [
        { field: 'poNo', header: 'PO', type: 'text', width: 12 },
        { field: 'compNo', header: '회사', type: 'text', width: 10 },
      ],
      sheetName: 'PO',
    });
    // Either the filter is refused as the list refuses it, or the rows are its own: never another company's.
    if (res.statusCode === 202) {
      const s = await finished(supplier1, res.json().exportId);
      expect(s.status).toBe('DONE');
      const file = await t.app.inject({
        method: 'GET',
        url: `/api/v1/exports/${s.exportId}/file`,
        headers: supplier1.headers,
      });
      const rows = XLSX.utils.sheet_to_json<Record<string, string>>(sheetOf(file.rawPayload));
      for (const r of rows) if (r['회사'] !== undefined) expect(r['회사']).toBe('C00001');
      expect(rows.length).toBeLessThanOrEqual(own.total);
    } else expect(res.statusCode).toBe(400);
    // An internal list is not the supplier's to read: the list's own refusal comes back.
    const internal = await start(supplier1, { operation: 'listPos', columns: COLUMNS, sheetName: 'x' });
    expect(internal.statusCode).toBe(403);
  });

  it('only its owner sees, cancels or downloads an export', { timeout: 90_000 }, async () => {
    const { compNo } = await smallFilter();
    const res = await start(operator, { operation: 'listPos', query: { compNo }, columns: COLUMNS, sheetName: '발주' });
    const id = res.json().exportId;
    await finished(operator, id);
    for (const [method, url] of [
      ['GET', `/api/v1/exports/${id}`],
      ['POST', `/api/v1/exports/${id}/cancel`],
      ['GET', `/api/v1/exports/${id}/file`],
    ] as const) {
      for (const other of [buyer, supplier1]) {
        const answer = await t.app.inject({ method, url, headers: other.headers });
        expect(answer.statusCode, `${other.userId} ${method} ${url}`).toBe(404);
        expect(answer.json().code).toBe('EXPORT_NOT_FOUND');
      }
    }
  });

  it('refuses what is not a list, and bad filters as the list refuses them', async () => {
    const unknown = await start(operator, { operation: 'getPo', columns: COLUMNS, sheetName: 'x' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'EXPORT_OPERATION' });
    const own = await start(operator, { operation: 'getExport', columns: COLUMNS, sheetName: 'x' });
    expect(own.statusCode).toBe(400);
    const badSort = await start(operator, {
      operation: 'listPos',
      query: { sort: 'password:asc' },
      columns: COLUMNS,
      sheetName: 'x',
    });
    expect(badSort.statusCode).toBe(400);
    const noColumns = await start(operator, { operation: 'listPos', columns: [], sheetName: 'x' });
    expect(noColumns.statusCode).toBe(400);
  });

  it('a cancel is seen after the current page; nothing is left to download', async () => {
    const res = await start(operator, { operation: 'listPos', columns: COLUMNS, sheetName: '발주' });
    const id = res.json().exportId;
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/v1/exports/${id}/cancel`,
      headers: operator.headers,
    });
    expect(cancelled.statusCode).toBe(200);
    const s = await finished(operator, id);
    expect(s.status).toBe('CANCELLED');
    expect(s.rowsDone).toBeLessThan(s.rowsTotal);
    const file = await t.app.inject({ method: 'GET', url: `/api/v1/exports/${id}/file`, headers: operator.headers });
    expect(file.statusCode).toBe(409);
    expect(file.json().code).toBe('EXPORT_NOT_READY');
    // The stopped write left nothing in the store: no temporary file, no half-uploaded object.
    expect(await storedKeys(t.config, `exports/${id}`)).toEqual([]);
  });

  it('an export whose server stopped is taken up again (exports.resume); past its last restart the sweep marks it failed', async () => {
    const { compNo } = await smallFilter();
    const res = await start(operator, { operation: 'listPos', query: { compNo }, columns: COLUMNS, sheetName: '발주' });
    const id = res.json().exportId;
    const first = await finished(operator, id);
    // As if a server had died mid-run: running, with a lease long gone.
    await t.db.db
      .updateTable('exportJob')
      .set({ status: 'RUNNING', leaseUntil: new Date(Date.now() - 60_000), finishedAt: null, rowsDone: 3 })
      .where('exportId', '=', id)
      .execute();
    await t.app.jobs.register();
    expect(await t.app.jobs.runDue(new Date(Date.now() + 3600_000))).toContain('exports.resume');
    const again = await finished(operator, id);
    expect(again).toMatchObject({ status: 'DONE', rowsDone: first.rowsDone, error: null });
    const row = await t.db.db
      .selectFrom('exportJob')
      .select(['restarts', 'serverId'])
      .where('exportId', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ restarts: 1, serverId: t.app.jobs.serverId });
    // Stopped again with its restarts used up: nobody takes it, the sweep fails it.
    await t.db.db
      .updateTable('exportJob')
      .set({ status: 'RUNNING', leaseUntil: new Date(Date.now() - 60_000), finishedAt: null, restarts: 3 })
      .where('exportId', '=', id)
      .execute();
    await t.app.jobs.runDue(new Date(Date.now() + 2 * 3600_000));
    const s = await status(operator, id);
    expect(s.status).toBe('FAILED');
    expect(s.error).toMatch(/서버/);
    // The sweep removed the finished workbook with it.
    expect(await storedKeys(t.config, `exports/${id}`)).toEqual([]);
  });
});
