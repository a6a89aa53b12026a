import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { multipart } from '../../helpers/multipart.js';
import { client, logins, ok, prBody, refused, type Flow } from '../purchase/helpers.js';

/**
 * A tender's documents are its own file group (files/owners.ts, TENDER): staff with the tender
 * screens read them; the invited suppliers read them once the tender is published, never write
 * them; an uninvited company never sees them (404, as if they did not exist). A tender takes as
 * its documents only its own group or one its buyer just uploaded — not another document's.
 */
describe('tender documents', () => {
  let t: TestApp;
  let f: Flow;
  beforeAll(async () => {
    t = await buildTestApp();
    f = {
      ...client(t),
      u: await logins(t, ['buyer', 'operator', 'tfadmin', 'monitor', 'supplier1', 'supplier1adm', 'supplier2']),
    };
  });
  afterAll(() => t.close());

  const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();
  const upload = async (who: Flow['u'][string], name: string, content: string, query = '') => {
    const form = await multipart([{ name, content, type: 'text/plain' }]);
    return t.app.inject({
      method: 'POST',
      url: `/api/v1/cmmn/file/upload${query}`,
      payload: form.payload,
      headers: { ...who.headers, ...form.headers },
    });
  };
  const group = (fileId: string, who: Flow['u'][string]) => f.get(`/api/v1/cmmn/file/${fileId}`, who);
  const download = (fileId: string, who: Flow['u'][string]) => f.get(`/api/v1/cmmn/file/${fileId}/download`, who);
  const base = (fileId?: string) => ({
    title: '문서 입찰',
    awardRule: 'LOWEST_TOTAL',
    openAt: inMinutes(60),
    closeAt: inMinutes(120),
    suppliers: ['C00001'],
    lines: [{ itemCode: 'MRO0101-0001', quantity: '5' }],
    fileId,
  });

  it('staff read a draft’s documents, suppliers do not; once published the invited supplier reads them, an uninvited company never does', async () => {
    const { fileId } = ok(await upload(f.u.operator, '입찰공고문.txt', '입찰 공고 본문'));
    const draft = ok(await f.post('/api/v1/bid/tenders', f.u.operator, base(fileId)));
    expect(draft.attachments).toMatchObject([{ fileId, originalName: '입찰공고문.txt' }]);

    // The draft: staff of the tender screens read it; the supplier it will invite does not, nor anyone else.
    for (const who of [f.u.operator, f.u.tfadmin, f.u.monitor])
      expect(ok(await group(fileId, who)).files).toHaveLength(1);
    expect((await download(fileId, f.u.operator)).body).toBe('입찰 공고 본문');
    for (const who of [f.u.supplier1, f.u.supplier1adm, f.u.supplier2]) {
      refused(await group(fileId, who), 404, 'FILE_NOT_FOUND');
      refused(await download(fileId, who), 404, 'FILE_NOT_FOUND');
    }
    // A staff member without the tender screens (group 30) neither.
    refused(await group(fileId, f.u.buyer), 404, 'FILE_NOT_FOUND');

    // Published: the invited company reads and downloads them, on the tender and through the file API.
    const pub = ok(
      await f.post(`/api/v1/bid/tenders/${draft.tenderNo}/publish`, f.u.operator, { version: draft.version }),
    );
    expect(ok(await f.get(`/api/v1/cyber/bid/tenders/${pub.tenderNo}`, f.u.supplier1)).attachments).toMatchObject([
      { fileId, originalName: '입찰공고문.txt' },
    ]);
    for (const who of [f.u.supplier1, f.u.supplier1adm]) {
      expect(ok(await group(fileId, who)).files).toMatchObject([{ originalName: '입찰공고문.txt' }]);
      const d = await download(fileId, who);
      expect(d.statusCode).toBe(200);
      expect(d.body).toBe('입찰 공고 본문');
    }
    // Another company (not invited): as if the files did not exist.
    refused(await group(fileId, f.u.supplier2), 404, 'FILE_NOT_FOUND');
    refused(await download(fileId, f.u.supplier2), 404, 'FILE_NOT_FOUND');
    refused(await f.get(`/api/v1/cyber/bid/tenders/${pub.tenderNo}`, f.u.supplier2), 404, 'TENDER_NOT_FOUND');

    // The invited supplier reads, never writes: no file added to the buyer's documents, none deleted.
    refused(await upload(f.u.supplier1, '끼워넣기.txt', 'x', `?fileId=${fileId}`), 404, 'FILE_NOT_FOUND');
    refused(
      await upload(f.u.supplier1, '끼워넣기.txt', 'x', `?docType=TENDER&docNo=${pub.tenderNo}`),
      404,
      'FILE_DOC_NOT_FOUND',
    );
    expect((await f.del(`/api/v1/cmmn/file/${fileId}/1`, f.u.supplier1)).statusCode).toBe(404);
    expect(ok(await group(fileId, f.u.operator)).files).toHaveLength(1);
  });

  it('takes as a tender’s documents only its own group or the buyer’s fresh upload, never another document’s', async () => {
    // A PR's attachments (an internal document): attaching its group would show them to suppliers.
    const { fileId: prFile } = ok(await upload(f.u.buyer, '내부사양.txt', '내부 전용'));
    ok(await f.post('/api/v1/prs', f.u.buyer, prBody({ fileId: prFile })));
    const other = refused(await f.post('/api/v1/bid/tenders', f.u.operator, base(prFile)), 400, 'VALIDATION');
    expect(other.details).toMatchObject([{ path: 'body/fileId' }]);
    // Someone else's fresh upload, and a group that does not exist.
    const { fileId: theirs } = ok(await upload(f.u.tfadmin, '남의파일.txt', '남의 것'));
    refused(await f.post('/api/v1/bid/tenders', f.u.operator, base(theirs)), 400, 'VALIDATION');
    refused(
      await f.post('/api/v1/bid/tenders', f.u.operator, base('00000000-0000-0000-0000-000000000000')),
      400,
      'VALIDATION',
    );

    // Its own group stays through an edit by a manager; files added to it bound by the document.
    const { fileId } = ok(await upload(f.u.operator, '규격서.txt', '규격'));
    const draft = ok(await f.post('/api/v1/bid/tenders', f.u.operator, base(fileId)));
    const { fileId: more } = ok(await upload(f.u.tfadmin, '추가.txt', '추가', `?fileId=${fileId}`));
    expect(more).toBe(fileId);
    const edited = ok(
      await f.put(`/api/v1/bid/tenders/${draft.tenderNo}`, f.u.tfadmin, {
        ...base(fileId),
        lines: undefined,
        version: draft.version,
      }),
    );
    expect(edited.attachments).toHaveLength(2);
    // Another tender may not take this one's group.
    refused(await f.post('/api/v1/bid/tenders', f.u.operator, base(fileId)), 400, 'VALIDATION');
  });
});
