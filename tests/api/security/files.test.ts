import path from 'node:path';
import { sql } from 'kysely';
import { zipSync } from 'fflate';
import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { multipart } from '../../helpers/multipart.js';
import type { LoggedIn } from '../../helpers/login.js';
import { sessionAs } from '../../helpers/session.js';
import { FILE_STORES, storedKeys } from '../../helpers/file-stores.js';
import { insertAcknowledgedPo } from '../fulfilment/helpers.js';
import { prBody } from '../purchase/helpers.js';
import { FILE_OWNER_TYPES } from '../../../server/modules/files/owners.js';
import { expireOrphanFiles, filesJobs } from '../../../server/modules/files/jobs.js';
import { JOBS } from '../../../server/jobs/registry.js';

/**
 * File groups belong to documents; every file operation
 * checks the caller may read (or change) that document. Item 4: what an upload may be.
 */
describe.each(FILE_STORES)('file ownership (%s store)', (store) => {
  let t: TestApp;
  let supplier1: LoggedIn;
  let supplier2: LoggedIn;
  let buyer: LoggedIn;
  let operator: LoggedIn;
  let monitor: LoggedIn;
  let admin: LoggedIn;
  beforeAll(async () => {
    t = await buildTestApp({ fileStore: store });
    // One after another: suppliers' one-time codes are read from the shared outbox.
    supplier1 = await sessionAs(t.app, 'supplier1');
    supplier2 = await sessionAs(t.app, 'supplier2');
    buyer = await sessionAs(t.app, 'buyer');
    operator = await sessionAs(t.app, 'operator');
    monitor = await sessionAs(t.app, 'monitor');
    admin = await sessionAs(t.app, 'admin');
  });
  afterAll(() => t.close());

  const upload = async (
    who: LoggedIn,
    name = 'spec.pdf',
    content: string | Uint8Array<ArrayBuffer> = '%PDF-1.4 test',
    qs = '',
  ) => {
    const body = await multipart([{ name, content, type: 'application/pdf' }]);
    return t.app.inject({
      method: 'POST',
      url: `/api/v1/cmmn/file/upload${qs}`,
      payload: body.payload,
      headers: { ...who.headers, ...body.headers },
    });
  };
  const list = (who: LoggedIn, id: string) =>
    t.app.inject({ method: 'GET', url: `/api/v1/cmmn/file/${id}`, headers: who.headers });
  const download = (who: LoggedIn, id: string) =>
    t.app.inject({ method: 'GET', url: `/api/v1/cmmn/file/${id}/download`, headers: who.headers });
  const downloadOne = (who: LoggedIn, id: string) =>
    t.app.inject({ method: 'GET', url: `/api/v1/cmmn/file/${id}/1/wsdownload`, headers: who.headers });
  const remove = (who: LoggedIn, id: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/v1/cmmn/file/${id}/1`, headers: who.headers });
  const refusedAll = async (who: LoggedIn, id: string) => {
    for (const res of [
      await list(who, id),
      await download(who, id),
      await downloadOne(who, id),
      await remove(who, id),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().code).toBe('FILE_NOT_FOUND');
    }
    expect(
      (await t.db.db.selectFrom('fileEntry').select('deletedAt').where('fileId', '=', id).executeTakeFirstOrThrow())
        .deletedAt,
    ).toBeNull();
  };

  it('an upload records its uploader and company; until a document takes it only the uploader sees it', async () => {
    const res = await upload(supplier1);
    expect(res.statusCode, res.body).toBe(200);
    const { fileId } = res.json();
    const group = await t.db.db
      .selectFrom('fileGroup')
      .selectAll()
      .where('fileId', '=', fileId)
      .executeTakeFirstOrThrow();
    expect(group).toMatchObject({ createdBy: 'supplier1', compNo: 'C00001', boundAt: null });
    expect((await list(supplier1, fileId)).statusCode).toBe(200);
    await refusedAll(supplier2, fileId);
    await refusedAll(admin, fileId);
  });

  it('supplier delivery attachments work, and stay within the company', async () => {
    const poNo = await insertAcknowledgedPo(t, 'C00001', 'KRW', [{ quantity: '10', unitPrice: '1000' }]);
    const { fileId } = (await upload(supplier1, '납품서.pdf')).json();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/cyber/deliveries',
      headers: supplier1.headers,
      payload: { poNo, deliveryDate: '2026-11-02', FILE_SEQ: fileId, lines: [{ poLineNo: 1, quantity: '1' }] },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().delivery.FILE_SEQ).toBe(fileId);
    // The company's other user and the staff who handle deliveries read it…
    const supplier1adm = await sessionAs(t.app, 'supplier1adm');
    expect((await download(supplier1adm, fileId)).statusCode).toBe(200);
    expect((await download(operator, fileId)).statusCode).toBe(200);
    // …another supplier does not, whatever it sends.
    await refusedAll(supplier2, fileId);
    // Nor can another supplier attach that group to its own delivery.
    const po2 = await insertAcknowledgedPo(t, 'C00002', 'KRW', [{ quantity: '10', unitPrice: '1000' }]);
    const stolen = await t.app.inject({
      method: 'POST',
      url: '/api/v1/cyber/deliveries',
      headers: supplier2.headers,
      payload: { poNo: po2, deliveryDate: '2026-11-02', FILE_SEQ: fileId, lines: [{ poLineNo: 1, quantity: '1' }] },
    });
    expect(stolen.statusCode).toBe(400);
  });

  it('an internal document’s files: no supplier, and no staff without the document’s menu', async () => {
    const { fileId } = (await upload(buyer, '사양서.pdf')).json();
    const pr = await t.app.inject({
      method: 'POST',
      url: '/api/v1/prs',
      headers: buyer.headers,
      payload: prBody({ fileId }),
    });
    expect(pr.statusCode, pr.body).toBe(200);
    expect((await download(monitor, fileId)).statusCode).toBe(200);
    await refusedAll(supplier1, fileId);
    await refusedAll(supplier2, fileId);
    // Read-only staff may read but not delete.
    expect((await remove(monitor, fileId)).statusCode).toBe(404);
    // Staff whose group lost the purchase-request menus can do nothing with it.
    await sql`delete from menu_auth where auth_group_id = '40' and pgm_id in (select pgm_id from menu where ssp_url in ('/prList', '/prEdit', '/prConfirmList', '/prConfirmEdit'))`.execute(
      t.db.db,
    );
    await refusedAll(monitor, fileId);
    expect((await remove(buyer, fileId)).statusCode).toBe(200);
  });

  it('an order’s attachment: its supplier reads it, the other supplier does not', async () => {
    const poNo = await insertAcknowledgedPo(t, 'C00001', 'KRW', [{ quantity: '1', unitPrice: '1' }]);
    const { fileId } = (await upload(operator, '도면.pdf')).json();
    await t.db.db.updateTable('poHeader').set({ fileId }).where('poNo', '=', poNo).execute();
    expect((await download(supplier1, fileId)).statusCode).toBe(200);
    await refusedAll(supplier2, fileId);
  });

  it('upload binds to a named document only for those who may change it', async () => {
    const poNo = await insertAcknowledgedPo(t, 'C00001', 'KRW', [{ quantity: '1', unitPrice: '1' }]);
    const bound = await upload(operator, 'a.pdf', '%PDF-1.4 a', `?docType=PO&docNo=${poNo}`);
    expect(bound.statusCode, bound.body).toBe(200);
    const row = await t.db.db
      .selectFrom('fileGroup')
      .select(['docType', 'docNo', 'boundAt'])
      .where('fileId', '=', bound.json().fileId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ docType: 'PO', docNo: poNo });
    expect(row.boundAt).not.toBeNull();
    // Bound by name: the order's supplier reads it before the order's column names it.
    expect((await download(supplier1, bound.json().fileId)).statusCode).toBe(200);
    expect((await upload(supplier2, 'b.pdf', '%PDF-1.4 b', `?docType=PO&docNo=${poNo}`)).statusCode).toBe(404);
    // Monitoring writes nothing: refused before the document is even looked at.
    expect((await upload(monitor, 'b.pdf', '%PDF-1.4 b', `?docType=PO&docNo=${poNo}`)).statusCode).toBe(403);
    expect((await upload(operator, 'b.pdf', '%PDF-1.4 b', '?docType=NOPE')).statusCode).toBe(400);
    // Appending to someone else's group is refused like a missing one.
    expect((await upload(supplier2, 'c.pdf', '%PDF-1.4 c', `?fileId=${bound.json().fileId}`)).statusCode).toBe(404);
  });

  it('every attachment column in the database has an owner registry row', async () => {
    const fks = await sql<{ table: string; column: string }>`
      select tc.table_name as "table", kcu.column_name as "column"
      from information_schema.table_constraints tc
      join information_schema.key_column_usage kcu on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
      join information_schema.constraint_column_usage ccu on ccu.constraint_name = tc.constraint_name and ccu.table_schema = tc.table_schema
      where tc.constraint_type = 'FOREIGN KEY' and ccu.table_name = 'file_group' and tc.table_name <> 'file_entry'`.execute(
      t.db.db,
    );
    const registered = new Set(FILE_OWNER_TYPES.map((o) => `${o.table}.${o.fileColumn}`));
    const missing = fks.rows.map((r) => `${r.table}.${r.column}`).filter((k) => !registered.has(k));
    expect(fks.rows.length).toBeGreaterThanOrEqual(6);
    expect(missing).toEqual([]);
  });

  it('orphan uploads expire (files.expireOrphans): their rows and stored bytes go; held ones stay', async () => {
    expect(JOBS).toEqual(expect.arrayContaining(filesJobs));
    const orphan = (await upload(buyer, 'orphan.pdf')).json().fileId as string;
    const young = (await upload(buyer, 'young.pdf')).json().fileId as string;
    const poNo = await insertAcknowledgedPo(t, 'C00001', 'KRW', [{ quantity: '1', unitPrice: '1' }]);
    const held = (await upload(operator, 'held.pdf')).json().fileId as string;
    await t.db.db.updateTable('poHeader').set({ fileId: held }).where('poNo', '=', poNo).execute();
    const old = new Date(Date.now() - 2 * 86400_000);
    await t.db.db.updateTable('fileGroup').set({ createdAt: old }).where('fileId', 'in', [orphan, held]).execute();
    const stored = (
      await t.db.db.selectFrom('fileEntry').select('storedName').where('fileId', '=', orphan).executeTakeFirstOrThrow()
    ).storedName;
    const storedKey = `files/${stored.slice(0, 2)}/${stored}`;
    expect(await storedKeys(t.config, storedKey)).toEqual([storedKey]);
    const result = await expireOrphanFiles({ db: t.db.db, log: t.app.log, config: t.config, now: new Date() });
    expect(result.expired).toBeGreaterThanOrEqual(1);
    expect(
      await t.db.db.selectFrom('fileGroup').select('fileId').where('fileId', '=', orphan).executeTakeFirst(),
    ).toBeUndefined();
    expect(await storedKeys(t.config, storedKey)).toEqual([]);
    expect(
      await t.db.db.selectFrom('fileGroup').select('fileId').where('fileId', '=', young).executeTakeFirst(),
    ).toBeDefined();
    expect(
      await t.db.db
        .selectFrom('fileGroup')
        .select(['docType', 'docNo'])
        .where('fileId', '=', held)
        .executeTakeFirstOrThrow(),
    ).toEqual({ docType: 'PO', docNo: poNo });
    // The same on demand, for administrators only.
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/cmmn/file/expire-orphans', headers: admin.headers }))
        .statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/cmmn/file/expire-orphans', headers: buyer.headers }))
        .statusCode,
    ).toBe(403);
  });
});

describe.each(FILE_STORES)('what an upload may be (%s store)', (store) => {
  let t: TestApp;
  let buyer: LoggedIn;
  beforeAll(async () => {
    t = await buildTestApp({ config: { uploadLimitMb: 1 }, fileStore: store });
    buyer = await sessionAs(t.app, 'buyer');
  });
  afterAll(() => t.close());
  const upload = async (name: string, content: string | Uint8Array<ArrayBuffer>, type?: string, qs = '') => {
    const body = await multipart([{ name, content, type }]);
    return t.app.inject({
      method: 'POST',
      url: `/api/v1/cmmn/file/upload${qs}`,
      payload: body.payload,
      headers: { ...buyer.headers, ...body.headers },
    });
  };
  const refused = (res: { statusCode: number; json: () => { code: string } }, code: string) => {
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe(code);
  };

  it('extension, declared type and first bytes must agree', async () => {
    refused(await upload('run.exe', 'MZ\x90\x00', 'application/x-msdownload'), 'FILE_TYPE_NOT_ALLOWED');
    refused(await upload('page.html', '<script>alert(1)</script>', 'text/html'), 'FILE_TYPE_NOT_ALLOWED');
    refused(await upload('image.svg', '<svg onload=alert(1)>', 'image/svg+xml'), 'FILE_TYPE_NOT_ALLOWED');
    refused(await upload('doc.pdf', '%PDF-1.4', 'text/html'), 'FILE_TYPE_MISMATCH');
    refused(await upload('doc.pdf', 'MZ not a pdf', 'application/pdf'), 'FILE_CONTENT_MISMATCH');
    refused(await upload('photo.png', '%PDF-1.4', 'image/png'), 'FILE_CONTENT_MISMATCH');
    expect((await upload('doc.pdf', '%PDF-1.4 ok', 'application/pdf')).statusCode).toBe(200);
    expect((await upload('notes.txt', '메모 한 줄\n둘째 줄', 'text/plain')).statusCode).toBe(200);
    expect((await t.db.db.selectFrom('fileEntry').select('fileId').execute()).length).toBe(2);
  });

  it('a real workbook passes in spreadsheet mode; a zip bomb does not', async () => {
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(
      wb,
      XLSX.utils.aoa_to_sheet([
        ['품목', '수량'],
        ['볼트', 10],
      ]),
      'Sheet1',
    );
    const xlsx = new Uint8Array(XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
    expect(
      (
        await upload(
          '품목.xlsx',
          xlsx,
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          '?kind=spreadsheet',
        )
      ).statusCode,
    ).toBe(200);
    const bomb = zipSync({ 'xl/worksheets/sheet1.xml': new Uint8Array(150 * 1048576) }, { level: 9 });
    expect(bomb.length).toBeLessThan(1048576);
    refused(
      await upload(
        'bomb.xlsx',
        new Uint8Array(bomb),
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      ),
      'ZIP_TOO_LARGE',
    );
  });

  it('a file name with control characters is refused', async () => {
    const res = await upload('a\u0007b.pdf', '%PDF-1.4', 'application/pdf');
    expect(res.statusCode).toBe(400);
  });

  it('downloads are attachments, never sniffed, typed by the extension; stored outside the web root under made names', async () => {
    const res = await upload('보고서.pdf', '%PDF-1.4 x', 'application/octet-stream');
    const { fileId } = res.json();
    const dl = await t.app.inject({
      method: 'GET',
      url: `/api/v1/cmmn/file/${fileId}/1/wsdownload`,
      headers: buyer.headers,
    });
    expect(dl.headers['content-disposition']).toMatch(/^attachment;/);
    expect(dl.headers['x-content-type-options']).toBe('nosniff');
    expect(dl.headers['content-type']).toMatch(/^application\/pdf/);
    const row = await t.db.db
      .selectFrom('fileEntry')
      .select('storedName')
      .where('fileId', '=', fileId)
      .executeTakeFirstOrThrow();
    expect(row.storedName).toMatch(/^[a-f0-9]{32}$/);
    expect(await storedKeys(t.config, `files/${row.storedName.slice(0, 2)}/${row.storedName}`)).toHaveLength(1);
    expect(path.join(t.dataDir, 'files').startsWith(t.config.distDir)).toBe(false);
  });
});
