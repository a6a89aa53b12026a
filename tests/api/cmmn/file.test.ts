import { unzipSync, strFromU8 } from 'fflate';
import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { multipart } from '../../helpers/multipart.js';
import type { LoggedIn } from '../../helpers/login.js';
import { sessionAs } from '../../helpers/session.js';
import { FILE_STORES, storedKeys } from '../../helpers/file-stores.js';

const MB = 1048576;

// The same tests on DATA_DIR and on an S3-compatible store.
describe.each(FILE_STORES)('file upload and download (%s store)', (store) => {
  let t: TestApp;
  let who: LoggedIn;
  type InjectOptions = {
    method: 'GET' | 'POST' | 'DELETE';
    url: string;
    payload?: unknown;
    headers?: Record<string, string>;
  };
  const call = (o: InjectOptions) =>
    t.app.inject({ ...o, payload: o.payload as string, headers: { ...who.headers, ...o.headers } });
  beforeAll(async () => {
    // A 1 MB limit keeps the oversize test small; the default (10 MB) is checked in config tests.
    t = await buildTestApp({ config: { uploadLimitMb: 1 }, fileStore: store });
    who = await sessionAs(t.app, 'buyer');
  });
  afterAll(() => t.close());

  const upload = async (files: Parameters<typeof multipart>[0], qs = '') => {
    const body = await multipart(files);
    return call({ method: 'POST', url: `/api/v1/cmmn/file/upload${qs}`, payload: body.payload, headers: body.headers });
  };

  it('stores a file in the store and gives it back byte for byte with its Korean name', async () => {
    const res = await upload([{ name: '견적서_2026년 11월.pdf', content: '%PDF-1.4 견적', type: 'application/pdf' }]);
    expect(res.statusCode).toBe(200);
    const group = res.json();
    expect(group.files).toHaveLength(1);
    expect(group.files[0]).toMatchObject({
      seq: 1,
      originalName: '견적서_2026년 11월.pdf',
      sizeBytes: Buffer.byteLength('%PDF-1.4 견적'),
      mimeType: 'application/pdf',
    });
    expect(await storedKeys(t.config, 'files/')).toHaveLength(1);

    const dl = await call({ method: 'GET', url: `/api/v1/cmmn/file/${group.fileId}/download` });
    expect(dl.statusCode).toBe(200);
    expect(dl.body).toBe('%PDF-1.4 견적');
    const cd = String(dl.headers['content-disposition']);
    expect(cd).toContain(`filename*=UTF-8''${encodeURIComponent('견적서_2026년 11월.pdf')}`);
    expect(cd).toMatch(/^attachment; filename="[\x20-\x7e]+"/);

    const one = await call({ method: 'GET', url: `/api/v1/cmmn/file/${group.fileId}/1/wsdownload` });
    expect(one.statusCode).toBe(200);
    expect(one.body).toBe('%PDF-1.4 견적');
  });

  it('appends to a group, lists it, zips several files, and deletes one', async () => {
    const first = (await upload([{ name: 'a.txt', content: 'A' }])).json();
    const second = await upload(
      [
        { name: 'b.txt', content: 'BB' },
        { name: 'a.txt', content: 'A2' },
      ],
      `?fileId=${first.fileId}`,
    );
    expect(second.statusCode).toBe(200);
    expect(second.json().files.map((f: { seq: number }) => f.seq)).toEqual([1, 2, 3]);

    const list = await call({ method: 'GET', url: `/api/v1/cmmn/file/${first.fileId}` });
    expect(list.json().files.map((f: { originalName: string }) => f.originalName)).toEqual(['a.txt', 'b.txt', 'a.txt']);

    const zip = await call({ method: 'GET', url: `/api/v1/cmmn/file/${first.fileId}/download` });
    expect(zip.headers['content-type']).toBe('application/zip');
    const entries = unzipSync(new Uint8Array(zip.rawPayload));
    expect(Object.fromEntries(Object.entries(entries).map(([k, v]) => [k, strFromU8(v)]))).toEqual({
      'a.txt': 'A',
      'b.txt': 'BB',
      'a (2).txt': 'A2',
    });

    const del = await call({ method: 'DELETE', url: `/api/v1/cmmn/file/${first.fileId}/2` });
    expect(del.statusCode).toBe(200);
    expect(del.json().files.map((f: { seq: number }) => f.seq)).toEqual([1, 3]);
    const gone = await call({ method: 'GET', url: `/api/v1/cmmn/file/${first.fileId}/2/wsdownload` });
    expect(gone.statusCode).toBe(404);
    const again = await call({ method: 'DELETE', url: `/api/v1/cmmn/file/${first.fileId}/2` });
    expect(again.statusCode).toBe(404);
  });

  it('refuses a file over the limit (1 MB = 1048576 bytes) and keeps nothing of it', async () => {
    const before = (await storedKeys(t.config, 'files/')).length;
    const rowsBefore = await t.db.db
      .selectFrom('fileEntry')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const pdfOf = (size: number) => {
      const bytes = new Uint8Array(size);
      bytes.set(Buffer.from('%PDF-1.4'));
      return bytes;
    };
    const atLimit = await upload([{ name: 'exact.pdf', content: pdfOf(MB) }]);
    expect(atLimit.statusCode).toBe(200);
    const over = await upload([
      { name: 'ok.txt', content: 'fine' },
      { name: 'big.pdf', content: pdfOf(MB + 1) },
    ]);
    expect(over.statusCode).toBe(413);
    expect(over.json()).toMatchObject({ code: 'FILE_TOO_LARGE' });
    expect(over.json().msg).toContain('1MB');
    expect((await storedKeys(t.config, 'files/')).length).toBe(before + 1);
    const rowsAfter = await t.db.db
      .selectFrom('fileEntry')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(rowsAfter.n)).toBe(Number(rowsBefore.n) + 1);
  });

  it('accepts only spreadsheets in spreadsheet mode', async () => {
    const txt = await upload([{ name: 'notes.txt', content: 'x', type: 'text/plain' }], '?kind=spreadsheet');
    expect(txt.statusCode).toBe(415);
    expect(txt.json().code).toBe('NOT_SPREADSHEET');
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([['품목'], ['볼트']]), 'Sheet1');
    const workbook = new Uint8Array(XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
    const xlsx = await upload(
      [
        {
          name: '품목.xlsx',
          content: workbook,
          type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        },
      ],
      '?kind=spreadsheet',
    );
    expect(xlsx.statusCode).toBe(200);
    // "PK" alone is not a workbook: the content must be what the extension says.
    const fake = await upload(
      [{ name: '가짜.xlsx', content: 'PK', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }],
      '?kind=spreadsheet',
    );
    expect(fake.statusCode).toBe(415);
  });

  it('answers a missing or malformed id with 404 / 400, never 500', async () => {
    const missing = await call({
      method: 'GET',
      url: '/api/v1/cmmn/file/00000000-0000-4000-8000-000000000000/download',
    });
    expect(missing.statusCode).toBe(404);
    const malformed = await call({ method: 'GET', url: '/api/v1/cmmn/file/../../etc/passwd/download' });
    expect([400, 404]).toContain(malformed.statusCode);
    const badSeq = await call({
      method: 'GET',
      url: '/api/v1/cmmn/file/00000000-0000-4000-8000-000000000000/x/wsdownload',
    });
    expect(badSeq.statusCode).toBe(400);
    const appendMissing = await upload(
      [{ name: 'a.txt', content: 'A' }],
      '?fileId=00000000-0000-4000-8000-000000000000',
    );
    expect(appendMissing.statusCode).toBe(404);
  });

  it('refuses a request that is not multipart, or has no file', async () => {
    const json = await call({ method: 'POST', url: '/api/v1/cmmn/file/upload', payload: { a: 1 } });
    expect(json.statusCode).toBe(415);
    const form = new FormData();
    form.append('note', 'no file here');
    const req = new Request('http://x', { method: 'POST', body: form });
    const empty = await call({
      method: 'POST',
      url: '/api/v1/cmmn/file/upload',
      payload: Buffer.from(await req.arrayBuffer()),
      headers: { 'content-type': req.headers.get('content-type')! },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('FILE_MISSING');
  });
});
